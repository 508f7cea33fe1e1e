"""Write the saves fixture of this release: a player's home as this version leaves it, and where
each of its unfinished matches stands (``tests/fixtures/README.md`` says when and why).

    python scripts/make_save_fixture.py                 # tests/fixtures/saves-<this version>/
    python scripts/make_save_fixture.py --out DIR --version 0.2.0

Every registered game gets a finished match (filed as a replay and counted in the statistics)
and then an unfinished one (its autosave and backup), played through the real table model and
autosaver from fixed seeds by a seeded choice among the legal actions, so running it again on the
same code writes the same matches (only the dates and match ids differ). ``expected.json`` records
each unfinished position in the player's terms (``engine.position.position_record``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from importlib.metadata import version as installed_version
from pathlib import Path

from cardtable.engine.position import position_record
from cardtable.games import games
from cardtable.runner.match import Match, Seat
from cardtable.store.autosaver import Autosaver
from cardtable.store.paths import app_paths
from cardtable.store.settings import Settings, save_settings

OWN_FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures"
NAMES = ("Ash", "Bea", "Cal", "Dot", "Eve", "Fay")
ACTION_LIMIT = 5000
"""Far beyond every game's own cap: a finished match that is still going here is a bug."""


def seats(players: int) -> list[Seat]:
    """The player at the screen and bots, as a player sets a table up."""
    return [Seat(NAMES[0], "human"), *(Seat(n, "bot", "normal") for n in NAMES[1:players])]


def play(match: Match, choose: random.Random, actions: int | None) -> None:
    """``actions`` actions (or to the end, None), each a seeded choice among the legal ones."""
    done = 0
    while not match.state.is_over and (actions is None or done < actions):
        if done >= ACTION_LIMIT:
            raise SystemExit(f"{match.game.title} did not end within {ACTION_LIMIT} actions")
        match.apply(choose.choice(match.legal()))
        done += 1
    if match.messages:
        raise SystemExit(f"{match.game.title}: {match.messages}")


def make_home(home: Path) -> dict[str, object]:
    """Fill ``home`` (a new ``CARDTABLE_HOME``) and return its ``expected.json``."""
    paths = app_paths(home)
    saver = Autosaver(paths)
    unfinished: dict[str, object] = {}
    finished_moves: dict[str, int] = {}
    for n, (name, game) in enumerate(sorted(games().items())):
        players = max(min(4, game.max_players), game.min_players)
        finished = Match(game, seats(players), seed=1000 + n, dealer=0, saver=saver)
        play(finished, random.Random(2000 + n), None)
        finished_moves[name] = len(finished.actions)
        match = Match(game, seats(players), seed=3000 + n, dealer=n % players, saver=saver)
        play(match, random.Random(4000 + n), 20 + 7 * n)
        if match.state.is_over:
            raise SystemExit(f"{game.title} ended within {len(match.actions)} actions: choose others")
        unfinished[name] = {"seats": match.names, "actions": len(match.actions),
                            **position_record(match.state)}
    problems = saver.close()
    problems += save_settings(paths, Settings(four_colour=True, volume=0.5, bot_think_ms=300,
                                              legal_highlight=False))
    if problems:
        raise SystemExit(f"could not write the home: {problems}")
    return {"unfinished": unfinished, "replays": len(finished_moves), "finished_moves": finished_moves}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--version", default=installed_version("cardtable"),
                        help="the release the fixture is of (default: this installed version)")
    parser.add_argument("--out", type=Path, help="the fixture folder (default: tests/fixtures/saves-VERSION)")
    args = parser.parse_args(argv)
    out: Path = args.out or OWN_FIXTURES / f"saves-{args.version}"
    if out.exists():
        print(f"{out} exists already: a release's fixture is never rewritten", file=sys.stderr)
        return 2
    expected = {"version": args.version, **make_home(out / "home")}
    (out / "expected.json").write_text(json.dumps(expected, indent=1, ensure_ascii=False) + "\n")
    (out / "README.md").write_text(
        f"# A player's files as Card Table {args.version} left them\n\n"
        "Written by `scripts/make_save_fixture.py`; `tests/fixtures/README.md` says what it is for.\n")
    print(f"wrote {out}: {len(expected['unfinished'])} unfinished matches, "  # type: ignore[arg-type]
          f"{expected['replays']} replays")
    return 0


if __name__ == "__main__":
    sys.exit(main())
