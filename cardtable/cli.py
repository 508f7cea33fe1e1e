"""The command line: the table (default), simulate, screenshot."""

from __future__ import annotations

import argparse
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
    try:
        game.check_seats(["?"] * players)
    except ValueError as e:
        raise CliError(str(e)) from None


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="cardtable", description="Card Table: five house-rule card games.")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)
    sim = sub.add_parser("simulate", help="play headless games between bots and print the figures")
    sim.add_argument("game")
    sim.add_argument("--players", type=int, default=None)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--bots", default="heuristic", help="comma-separated, one per seat (or one for all)")
    sim.add_argument("--seed", type=int, default=1)
    shot = sub.add_parser("screenshot", help="play bot moves and save a picture of the table")
    shot.add_argument("out", type=Path)
    shot.add_argument("--game", default="shithead")
    shot.add_argument("--players", type=int, default=4)
    shot.add_argument("--seed", type=int, default=1)
    shot.add_argument("--moves", type=int, default=20)
    shot.add_argument("--size", default="1280x800")
    return p


def _simulate(args: argparse.Namespace) -> int:
    from cardtable.ai import UnknownBot, bot_kinds
    from cardtable.games import UnknownGame, get_game
    from cardtable.simulate import simulate

    try:
        game = get_game(args.game)
    except UnknownGame as e:
        raise CliError(str(e)) from None
    players = args.players if args.players is not None else game.default_players
    _check_players(game, players)
    if args.games < 1:
        raise CliError("--games must be at least 1")
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if len(bots) == 1:
        bots *= players
    if len(bots) != players:
        raise CliError(f"--bots names {len(bots)} bots for {players} players")
    kinds = bot_kinds(game.name)
    for b in bots:
        if b not in kinds:
            raise CliError(str(UnknownBot(f"unknown bot {b!r} for {game.name}; known: {', '.join(kinds)}")))
    report = simulate(game, bots, args.games, args.seed)
    print("\n".join(report.lines()))
    return 0


def _screenshot(args: argparse.Namespace) -> int:
    from cardtable.games import UnknownGame, get_game

    size = _parse_size(args.size)
    try:
        game = get_game(args.game)
    except UnknownGame as e:
        raise CliError(str(e)) from None
    _check_players(game, args.players)
    from cardtable.ui.screenshot import take_screenshot

    take_screenshot(args.out, game.name, args.players, args.seed, args.moves, size)
    print(f"saved {args.out}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # argparse has printed its one-line usage error
        return int(e.code or 0)
    try:
        if args.command == "simulate":
            return _simulate(args)
        if args.command == "screenshot":
            return _screenshot(args)
        from cardtable.ui.app import run

        return run()
    except CliError as e:
        print(f"cardtable: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
