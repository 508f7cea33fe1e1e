"""Cunt-Soul figures over many bot games: how often the safety cap ends a game (ruling A52) and
how often each Joker paradox case occurs (A27), for the benchmark report.

    python scripts/cunt_soul_stats.py --games 10000 --players 4 --bot random --jobs 2
"""

from __future__ import annotations

import argparse
import math
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from cardtable.ai import make_bot
from cardtable.games import get_game
from cardtable.games.cunt_soul.field_abilities import BURNS_RECYCLED, NO_ABILITIES


def play_range(args: tuple[int, int, int, str]) -> tuple[int, int, int, int, int, Counter[str]]:
    """Play seeds [start, stop): games, capped, capped with a Field Joker / Field 10 at the end,
    actions, and the paradox cases seen."""
    start, stop, players, bot = args
    game = get_game("cunt-soul")
    capped = capped_joker = capped_ten = actions = 0
    cases: Counter[str] = Counter()
    for seed in range(start, stop):
        state = game.new_state([f"P{i + 1}" for i in range(players)], None, seed)
        bots = [make_bot("cunt-soul", bot, seed * 31 + i) for i in range(players)]
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            for event in state.apply(bots[seat].choose(state.view(seat))):
                if event.kind == "paradox":
                    cases[event.data["case"] + (" (via a 6)" if event.data["via6"] else "")] += 1
            actions += 1
        result = state.result()
        assert result is not None
        if result.capped:
            capped += 1
            fc = state.fc  # type: ignore[attr-defined]
            capped_joker += fc[NO_ABILITIES] > 0
            capped_ten += fc[BURNS_RECYCLED] > 0
    return stop - start, capped, capped_joker, capped_ten, actions, cases


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = k / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, mid - half), min(1.0, mid + half)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot", default="random")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--first-seed", type=int, default=0)
    a = parser.parse_args()
    chunk = max(1, a.games // (a.jobs * 8))
    tasks = [(s, min(s + chunk, a.first_seed + a.games), a.players, a.bot)
             for s in range(a.first_seed, a.first_seed + a.games, chunk)]
    began = time.perf_counter()
    if a.jobs > 1:
        with ProcessPoolExecutor(a.jobs) as pool:
            parts = list(pool.map(play_range, tasks))
    else:
        parts = [play_range(t) for t in tasks]
    games = sum(p[0] for p in parts)
    capped = sum(p[1] for p in parts)
    cases: Counter[str] = Counter()
    for p in parts:
        cases.update(p[5])
    low, high = wilson(capped, games)
    print(f"{games} games, {a.players} players, {a.bot} bots, {time.perf_counter() - began:.0f} s, "
          f"{sum(p[4] for p in parts) / games:.0f} actions a game")
    print(f"safety cap hit: {capped} ({100 * capped / games:.2f} %, "
          f"95 % CI {100 * low:.2f}-{100 * high:.2f} %); of these, Field Joker active at the end: "
          f"{sum(p[2] for p in parts)}, "
          f"Field 10: {sum(p[3] for p in parts)}")
    total = sum(cases.values())
    print(f"paradox burns: {total} ({total / games:.3f} a game)")
    for case, k in sorted(cases.items(), key=lambda kv: -kv[1]):
        print(f"  Joker on {case:<14} {k:>6}  {k / games:.4f} a game  {100 * k / max(total, 1):5.1f} %")


if __name__ == "__main__":
    main()
