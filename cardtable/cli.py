"""The command line: the table (default), simulate, tournament, lessons --check, screenshot, review."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the table's start imports no engine module before its first frame
    from cardtable.engine.protocol import Game


class CliError(Exception):
    """A bad argument: reported in one line with exit status 2."""


def _parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise CliError(f"bad size {text!r}: give it as WIDTHxHEIGHT, e.g. 1920x1080") from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise CliError(f"size {w}x{h} is outside 320x240 to 7680x4320")
    return w, h


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        # One line and status 2, not argparse's usage block: the player sees what was wrong.
        print(f"cardtable: {message}", file=sys.stderr)
        raise SystemExit(2)


def _check_players(game: Game, players: int, most: int | None = None) -> None:
    """``players`` is a number of seats ``game`` takes (and at most ``most``), else a CliError.
    Compared as numbers first: a list of 10**22 seats to count would never be built."""
    top = game.max_players if most is None else min(most, game.max_players)
    if not game.min_players <= players <= top:
        raise CliError(f"{game.title} takes {game.min_players}–{top} players, not {players}")
    try:
        game.check_seats(["?"] * players)
    except ValueError as e:
        raise CliError(str(e)) from None


def _short(text: str, most: int = 160) -> str:
    """A name cut to one readable piece of a line."""
    return text if len(text) <= most else f"{text[: most // 2]}…{text[-most // 3:]}"


def _picture_file(text: str) -> Path:
    """Where the screenshot goes, refused in one line before any move is played if it cannot go
    there (no name, a folder, a missing folder, a place that cannot be written, a name the system
    refuses such as one too long)."""
    if not text.strip():
        raise CliError("give the picture a file name, e.g. table.png")
    try:
        return _writable_picture(text)
    except OSError as e:
        raise CliError(f"cannot save {_short(text)}: {e.strerror or e}") from None


def _writable_picture(text: str) -> Path:
    out = Path(text)
    if out.is_dir():
        raise CliError(f"{text} is a folder: give a file name in it, e.g. {out / 'table.png'}")
    if out.suffix.lower() != ".png":
        raise CliError(f"screenshots are saved as PNG: name the file {_short(out.stem)}.png")
    if not out.parent.is_dir():
        raise CliError(f"cannot save {_short(text)}: the folder {out.parent} does not exist")
    existed = out.exists()
    with open(out, "ab"):
        pass
    if not existed:
        out.unlink()
    return out


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="cardtable", description="Card Table: five house-rule card games.")
    p.add_argument("--self-test", action="store_true",
                   help="play a bot game of every game through the table, save and resume, then exit")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)
    sim = sub.add_parser("simulate", help="play headless games between bots and print the figures")
    sim.add_argument("game")
    sim.add_argument("--players", type=int, default=None)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--bots", default="heuristic", help="comma-separated, one per seat (or one for all)")
    sim.add_argument("--seed", type=int, default=1)
    tour = sub.add_parser("tournament", help="seeded matches between bots and levels, seats rotated")
    tour.add_argument("game")
    tour.add_argument("--players", type=int, default=None)
    tour.add_argument("--games", type=int, default=100)
    tour.add_argument("--bots", default="hard,normal", help="comma-separated, one per seat")
    tour.add_argument("--seed", type=int, default=1)
    tour.add_argument("--jobs", type=int, default=1, help="parallel processes")
    tour.add_argument("--budget", default=None,
                      help="search budget per decision: 500ms or 200it, or one per bot: 800it,100it")
    tour.add_argument("--per-deal", action="store_true",
                      help="also print each deal's wins per bot, for a comparison paired by deal")
    learn = sub.add_parser("lessons", help="check every game's lessons by playing them through")
    learn.add_argument("--check", action="store_true", required=True,
                       help="play every lesson by its expected moves and a wrong move at each step")
    learn.add_argument("--game", default=None, help="default: every game")
    shot = sub.add_parser("screenshot", help="play bot moves and save a picture of the table")
    shot.add_argument("out")
    shot.add_argument("--game", default=None, help="default: the first game on the title screen")
    shot.add_argument("--players", type=int, default=4)
    shot.add_argument("--seed", type=int, default=1)
    shot.add_argument("--moves", type=int, default=20)
    shot.add_argument("--size", default="1280x800")
    shot.add_argument("--scale", type=float, default=1.0, help="Interface size: 1.75 draws at 175 %%")
    rev = sub.add_parser("review", help="grade one seat's decisions in a replay or a seeded bot game")
    rev.add_argument("replay", nargs="?", default=None, help="a replay file (JSON)")
    rev.add_argument("--seat", type=int, required=True, help="the seat to review, 1 for the first")
    rev.add_argument("--json", action="store_true",
                     help="each graded decision as one line of JSON (the last line stays the summary)")
    rev.add_argument("--game", default=None, help="play a seeded bot game of this game instead")
    rev.add_argument("--players", type=int, default=None)
    rev.add_argument("--bots", default="normal", help="comma-separated, one per seat (or one for all)")
    rev.add_argument("--seed", type=int, default=1)
    rev.add_argument("--jobs", type=int, default=None,
                     help="processes to weigh decisions in (default: one a core, up to 8)")
    return p


def _game_and_bots(args: argparse.Namespace) -> tuple[Game, list[str]]:
    """The game and one bot name per seat from --players/--bots, or a CliError saying what is wrong."""
    from cardtable.ai import bot_kinds
    from cardtable.games import UnknownGame, get_game

    try:
        game = get_game(args.game)
    except UnknownGame as e:
        raise CliError(str(e)) from None
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    players = args.players if args.players is not None else (
        len(bots) if len(bots) > 1 else game.default_players)
    _check_players(game, players)
    if args.games < 1:
        raise CliError("--games must be at least 1")
    if len(bots) == 1:
        bots *= players
    if len(bots) != players:
        raise CliError(f"--bots names {len(bots)} bots for {players} players")
    kinds = bot_kinds(game.name)
    for b in bots:
        if b not in kinds:
            raise CliError(f"unknown bot {b!r} for {game.name}; known: {', '.join(kinds)}")
    return game, bots


def _simulate(args: argparse.Namespace) -> int:
    from cardtable.simulate import simulate

    game, bots = _game_and_bots(args)
    print("\n".join(simulate(game, bots, args.games, args.seed).lines()))
    return 0


def _tournament(args: argparse.Namespace) -> int:
    from cardtable.tournament import Budget, report_lines, run_tournament

    game, bots = _game_and_bots(args)
    try:
        budget = Budget.parse_each(args.budget, len(bots))
    except ValueError as e:
        raise CliError(str(e)) from None
    if args.jobs < 1:
        raise CliError("--jobs must be at least 1")
    standings, capped, stuck, seconds = run_tournament(
        game.name, bots, args.games, args.seed, args.jobs, budget)
    print("\n".join(report_lines(game.title, len(bots), standings, capped, stuck, seconds, args.per_deal)))
    return 0


def _review(args: argparse.Namespace) -> int:
    import json

    from cardtable.ai.worker import review_workers
    from cardtable.runner.review import NoReview, play_bot_game, review_positions

    if args.jobs is not None and args.jobs < 1:
        raise CliError("--jobs must be at least 1")
    if (args.replay is None) == (args.game is None):
        raise CliError("review a replay file, or a bot game with --game (not both)")
    if args.replay is not None:
        game, positions, actions = _replay_to_review(args.replay)
    else:
        args.games = 1
        game, bots = _game_and_bots(args)
        positions, actions = play_bot_game(game, bots, args.seed)
    seat = args.seat - 1
    if not 0 <= seat < len(positions[0].names):
        raise CliError(f"--seat {args.seat}: this table has seats 1 to {len(positions[0].names)}")
    try:
        review = review_positions(game, positions, actions, seat, args.seed,
                                  workers=args.jobs if args.jobs is not None else review_workers())
    except NoReview as e:
        raise CliError(str(e)) from None
    assert review is not None
    if args.json:
        for d in review.graded():
            print(json.dumps(d.model_dump(mode="json"), ensure_ascii=False))
        print(review.summary_line())
    else:
        print("\n".join(review.lines()))
    return 0


def _replay_to_review(path_text: str) -> tuple[Game, list, list]:  # type: ignore[type-arg]
    """The game, positions and actions of a replay file, or one line saying what is wrong."""
    from cardtable.store.match_file import REPLAY_FILE
    from cardtable.store.matches import ReplayError, positions, replay_saved
    from cardtable.store.safe_file import BadFile, decode

    path = Path(path_text)
    try:
        data = path.read_bytes()
    except OSError as e:
        raise CliError(f"cannot read the replay {path_text}: {e.strerror}") from None
    try:
        saved, _ = decode(data, REPLAY_FILE)   # an older format is brought up to date, in memory
    except BadFile as e:
        raise CliError(f"{path_text} is not a Card Table replay: {e}") from None
    try:
        game, _ = replay_saved(saved)
        steps = positions(saved)
    except ReplayError as e:
        raise CliError(f"cannot review {path_text}: {e}") from None
    return game, steps, saved.action_list()


def _lessons(args: argparse.Namespace) -> int:
    from cardtable.engine.lessons import check_game_lessons
    from cardtable.games import UnknownGame, faults, games, get_game, lesson_book

    try:
        chosen = [get_game(args.game)] if args.game else list(games().values())
    except UnknownGame as e:
        raise CliError(str(e)) from None
    failed = False
    if not args.game:  # a game the registry left out has no lessons to check: that fails too
        for fault in faults().values():
            print(f"{fault}: its lessons cannot be checked")
            failed = True
    for game in chosen:
        line, problems = check_game_lessons(game, lesson_book(game))
        print(line)
        for problem in problems:
            print(f"  {problem}")
        failed = failed or bool(problems)
    return 1 if failed else 0


def _screenshot(args: argparse.Namespace) -> int:
    from cardtable.games import UnknownGame, games, get_game

    size = _parse_size(args.size)
    try:
        game = get_game(args.game or next(iter(games())))
    except UnknownGame as e:
        raise CliError(str(e)) from None
    from cardtable.ui.scenes.setup import DEFAULT_NAMES  # the names a screenshot's seats get

    _check_players(game, args.players, most=len(DEFAULT_NAMES))
    if args.moves < 0:
        raise CliError(f"--moves must be 0 or more, not {args.moves}")
    out = _picture_file(args.out)
    import pygame

    from cardtable.ui.screenshot import take_screenshot
    from cardtable.ui.theme import UI_SCALES as SCALES

    if not SCALES[0] <= args.scale <= SCALES[-1]:
        raise CliError(f"--scale {args.scale:g} is outside the Interface sizes {SCALES[0]:g} "
                       f"to {SCALES[-1]:g}")
    try:
        take_screenshot(out, game.name, args.players, args.seed, args.moves, size, args.scale)
    except (OSError, pygame.error) as e:   # the place went away while the moves were played
        raise CliError(f"cannot save {args.out}: {e}") from None
    print(f"saved {out}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    # A frozen program that starts the bot worker must let the child run here instead of main
    # (only a frozen one: elsewhere this would import multiprocessing before the title for nothing).
    if getattr(sys, "frozen", False):
        import multiprocessing

        multiprocessing.freeze_support()
    # Before pygame starts: without it Windows draws the window blurry at 125-150 % scaling.
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
    # pygame's greeting would be a second line under a one-line refusal of a bad argument.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # argparse has printed its one-line usage error
        return int(e.code or 0)
    try:
        if args.self_test:
            from cardtable.ui.selftest import self_test

            return self_test()
        if args.command == "simulate":
            return _simulate(args)
        if args.command == "tournament":
            return _tournament(args)
        if args.command == "lessons":
            return _lessons(args)
        if args.command == "screenshot":
            return _screenshot(args)
        if args.command == "review":
            return _review(args)
        from cardtable.ui.app import run

        return run()
    except CliError as e:
        print(f"cardtable: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
