"""Issue 26: does a seat's total graded loss over a game predict its result? Every decision of
every seat reviewed, as a player's review does it (``runner.review.review_positions``, the
review's own budget), not the two sampled decisions a seat of ``review_calibration.py``.

Seeded bot games with the levels seated in turn (random, Easy, Normal, Hard, rotated game by game,
so every level sits at every seat); each seat's graded loss summed over its decisions and its
count of mistakes and blunders, against its place (1 the best). Prints the correlations and a line
a seat as it goes (``--raw`` keeps them as JSON lines, and ``--resume`` skips seeds done)::

    nice -n 10 python scripts/review_whole_seats.py takku-sum --games 40 --raw out.jsonl
    python scripts/review_whole_seats.py --summary out.jsonl [more.jsonl ...]
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Iterator
from typing import Any

from review_calibration import BOTS, pearson

from cardtable.engine.protocol import Game
from cardtable.games import get_game
from cardtable.runner.review import play_bot_game, review_positions
from cardtable.store.reviews import MatchReview


def _interval(r: float, n: int) -> tuple[float, float]:
    """A 95% interval by Fisher's z (seats of one game are not independent: read it as optimistic)."""
    if n < 4 or not -1 < r < 1:
        return r, r
    z, half = math.atanh(r), 1.96 / math.sqrt(n - 3)
    return math.tanh(z - half), math.tanh(z + half)


def report(rows: list[dict[str, Any]]) -> None:
    if not rows:
        print("no seats yet")
        return
    places = [float(r["place"]) for r in rows]
    for key, words in (("loss", "total graded loss"), ("errors", "mistakes and blunders")):
        xs = [float(r[key]) for r in rows]
        r = pearson(xs, places)
        lo, hi = _interval(r, len(rows))
        print(f"correlation of a seat's {words} over its game with its place (1 = best; positive: more "
              f"loss, a worse place): {r:+.3f} [{lo:+.3f}, {hi:+.3f}] over {len(rows)} seats")
    for bot in BOTS:
        mine = [r for r in rows if r["played_by"] == bot]
        if mine:
            loss = sum(r["loss"] for r in mine) / len(mine)
            print(f"  {bot:7s} {len(mine):4d} seats: mean total graded loss {loss:.4f}, "
                  f"mistakes+blunders {sum(r['errors'] for r in mine) / len(mine):.2f}, decisions "
                  f"{sum(r['decisions'] for r in mine) / len(mine):.1f}, mean place "
                  f"{sum(r['place'] for r in mine) / len(mine):.2f}")


Reviewed = tuple[int, int, str, int, MatchReview]
"""A seat's whole review: seed, seat, its bot, its place, the review."""


def reviewed_seats(game: Game, players: int, first: int, count: int,
                   skip: set[int] | frozenset[int] = frozenset()) -> Iterator[Reviewed]:
    """Seeded bot games with the levels seated in turn (rotated game by game), every seat's whole
    review: (seed, seat, its bot, its place, its review), seeds in ``skip`` left out."""
    for g in range(count):
        seed = first + g
        if seed in skip:
            continue
        line_up = [BOTS[(g % players + i) % len(BOTS)] for i in range(players)]
        positions, actions = play_bot_game(game, line_up, seed)
        result = positions[-1].result()
        if result is None:
            continue
        for seat, played_by in enumerate(line_up):
            review = review_positions(game, positions, actions, seat, seed)
            assert review is not None
            yield seed, seat, played_by, result.places[seat], review


def run(game_name: str, players: int, games: int, seed: int, raw: str | None, resume: bool) -> None:
    game = get_game(game_name)
    done: set[int] = set()
    rows: list[dict[str, Any]] = []
    if resume and raw:
        try:
            with open(raw) as f:
                for line in f:
                    row = json.loads(line)
                    done.add(int(row["seed"]))
                    rows.append(row)
        except FileNotFoundError:
            pass
    out = open(raw, "a") if raw else None  # noqa: SIM115 (appended to as the run goes)
    started = time.process_time()
    for seed_g, seat, played_by, place, review in reviewed_seats(game, players, seed, games, done):
        graded = [d for d in review.decisions if d.grade]
        row = {"game": game.name, "seed": seed_g, "seat": seat, "played_by": played_by,
               "decisions": len(review.decisions), "loss": sum(d.loss for d in graded),
               "errors": sum(1 for d in graded if d.grade in ("mistake", "blunder")), "place": place}
        rows.append(row)
        print(json.dumps(row), flush=True)
        if out:
            out.write(json.dumps(row) + "\n")
            out.flush()
    print(f"{game.title}, {players} players, seeds {seed}..{seed + games - 1}: "
          f"{time.process_time() - started:.0f} s of CPU")
    report(rows)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", nargs="?")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--raw", help="append a line a seat to this file (JSON lines)")
    p.add_argument("--resume", action="store_true", help="skip the seeds --raw already holds")
    p.add_argument("--summary", nargs="+", metavar="FILE", help="the figures of raw files put together")
    a = p.parse_args()
    if a.summary:
        rows = []
        for name in a.summary:
            with open(name) as f:
                rows += [json.loads(line) for line in f]
        report(rows)
        return
    if not a.game:
        p.error("name a game, or --summary FILE")
    run(a.game, a.players, a.games, a.seed, a.raw, a.resume)


if __name__ == "__main__":
    main()
