"""Issue 26, Takku-Sum: where a review's graded losses fall. Every decision of every seat of seeded
games (random, Easy, Normal, Hard seated in turn) reviewed as a player's review does it, a line a
decision: seed, seat, bot, final place, the seat's chance of winning the match at that decision (the
best move's value), the loss and its grade ("-": not graded). ``--buckets`` reads such lines back
and sums the graded loss by that chance and by place::

    nice -n 10 python scripts/review_stakes.py takku-sum 6001 6 > out.txt
    python scripts/review_stakes.py --buckets out.txt [more.txt ...]
"""

from __future__ import annotations

import sys

from review_whole_seats import reviewed_seats

from cardtable.games import get_game

BUCKETS = ((0.0, 0.05), (0.05, 0.2), (0.2, 0.5), (0.5, 0.8), (0.8, 1.01))


def decisions(game_name: str, first: int, count: int) -> None:
    for seed, seat, played_by, place, review in reviewed_seats(get_game(game_name), 4, first, count):
        for d in review.decisions:
            print(seed, seat, played_by, place, round(d.best_value, 4), round(d.loss, 5), d.grade or "-",
                  flush=True)


def buckets(files: list[str]) -> None:
    rows = []
    for name in files:
        with open(name) as f:
            rows += [line.split() for line in f if line.strip()]
    graded = [r for r in rows if r[6] != "-"]
    total = sum(float(r[5]) for r in graded)
    print(f"{len(rows)} decisions, {len(graded)} graded, graded loss {total:.3f} in all")
    for lo, hi in BUCKETS:
        inside = [r for r in rows if lo <= float(r[4]) < hi]
        loss = sum(float(r[5]) for r in inside if r[6] != "-")
        share = 100 * loss / total if total else 0.0
        print(f"match win chance {lo:.2f}-{min(hi, 1.0):.2f}: {len(inside):5d} decisions, "
              f"{sum(1 for r in inside if r[6] != '-'):3d} graded, {share:5.1f}% "
              f"of the graded loss, {loss / max(1, len(inside)):.4f} a decision")
    for place in sorted({r[3] for r in rows}):
        mine = [r for r in rows if r[3] == place]
        chance = sum(float(r[4]) for r in mine) / len(mine)
        loss = sum(float(r[5]) for r in mine if r[6] != "-") / len(mine)
        print(f"place {place}: mean win chance at its decisions {chance:.3f}, "
              f"graded loss a decision {loss:.5f}")


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--buckets":
        buckets(sys.argv[2:])
    elif len(sys.argv) == 4:
        decisions(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
    else:
        sys.exit(__doc__)
