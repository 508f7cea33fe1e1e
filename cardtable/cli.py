"""The command line: the table (default), simulate, tournament, lessons --check, screenshot."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

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


def _check_players(game: Game, players: int) -> None:
    if players < 0:   # check_seats counts a list of seats, which cannot be negative
        raise CliError(f"{game.title} takes {game.min_players}–{game.max_players} players, not {players}")
    try:
        game.check_seats(["?"] * players)
    except ValueError as e:
        raise CliError(str(e)) from None


def _picture_file(text: str) -> Path:
    """Where the screenshot goes, refused in one line before any move is played if it cannot go
    there (no name, a folder, a missing folder, a place that cannot be written)."""
    if not text.strip():
        raise CliError("give the picture a file name, e.g. table.png")
    out = Path(text)
    if out.is_dir():
        raise CliError(f"{text} is a folder: give a file name in it, e.g. {out / 'table.png'}")
    if out.suffix.lower() != ".png":
        raise CliError(f"screenshots are saved as PNG: name the file {out.stem}.png")
    if not out.parent.is_dir():
        raise CliError(f"cannot save {text}: the folder {out.parent} does not exist")
    existed = out.exists()
    try:
        with open(out, "ab"):
            pass
    except OSError as e:
        raise CliError(f"cannot save {text}: {e.strerror}") from None
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
    tour.add_argument("--budget", default=None, help="search budget per decision: 500ms or 200it")
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
        budget = Budget.parse(args.budget)
    except ValueError as e:
        raise CliError(str(e)) from None
    if args.jobs < 1:
        raise CliError("--jobs must be at least 1")
    standings, capped, stuck, seconds = run_tournament(
        game.name, bots, args.games, args.seed, args.jobs, budget)
    print("\n".join(report_lines(game.title, len(bots), standings, capped, stuck, seconds, args.per_deal)))
    return 0


def _lessons(args: argparse.Namespace) -> int:
    from cardtable.engine.lessons import check_game_lessons
    from cardtable.games import UnknownGame, games, get_game, lesson_book

    try:
        chosen = [get_game(args.game)] if args.game else list(games().values())
    except UnknownGame as e:
        raise CliError(str(e)) from None
    failed = False
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
    _check_players(game, args.players)
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
        from cardtable.ui.app import run

        return run()
    except CliError as e:
        print(f"cardtable: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
