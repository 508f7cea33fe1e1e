"""Takku-Sum heuristics head to head: one seat of bot A against the rest of bot B, in seeded
matches, A taking every seat of every deal in turn; prints A's share of the matches won and its
95% interval (par: 1 / players). A bot is any kind of ``make_bot`` ("random", "easy", "normal"),
"generic-easy" (the Easy of the other games: Normal with 30% random moves), or
"git:COMMIT" (the heuristic of cardtable/games/takku_sum/bots.py at that commit: 5df4028 is the
rulings' 5.6 one, before issue 26).

    nice -n 10 python scripts/takku_sum_ab.py normal git:5df4028 --players 4 --deals 1000
    nice -n 10 python scripts/takku_sum_ab.py normal random --players 4 --deals 1000
"""

from __future__ import annotations

import argparse
import math
import subprocess
import sys
import time
import types
from collections.abc import Callable

from cardtable.ai import make_bot
from cardtable.ai.levels import EasyBot
from cardtable.engine.bots import Bot
from cardtable.games import get_game


def _factory(spec: str) -> Callable[[int], Bot]:
    if spec == "generic-easy":   # every other game's Easy: the heuristic with 30% random moves
        return lambda seed: EasyBot(seed, make_bot("takku-sum", "heuristic", seed + 1))
    if not spec.startswith("git:"):
        return lambda seed: make_bot("takku-sum", spec, seed)
    source = subprocess.run(["git", "show", f"{spec[4:]}:cardtable/games/takku_sum/bots.py"],
                            capture_output=True, text=True, check=True).stdout
    module = types.ModuleType(f"takku_bots_{spec[4:]}")
    sys.modules[module.__name__] = module
    exec(compile(source, spec, "exec"), module.__dict__)  # our own history, read from git
    return module.HeuristicBot  # type: ignore[no-any-return]


def play(bots: list[Bot], seed: int) -> list[float]:
    game = get_game("takku-sum")
    state = game.new_state([f"P{i + 1}" for i in range(len(bots))], None, seed)
    while state.to_move is not None:
        state.apply(bots[state.to_move].choose(state.view(state.to_move)))
    result = state.result()
    assert result is not None
    firsts = sum(1 for p in result.places if p == 1)
    return [1.0 / firsts if p == 1 else 0.0 for p in result.places]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--deals", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1000)
    args = p.parse_args()
    make_a, make_b = _factory(args.a), _factory(args.b)
    n, wins = args.players, []
    started = time.process_time()
    for d in range(args.deals):
        for seat in range(n):
            bots = [(make_a if i == seat else make_b)(args.seed * 7 + d * 13 + i) for i in range(n)]
            wins.append(play(bots, args.seed + d)[seat])
    m = sum(wins) / len(wins)
    ci = 1.96 * math.sqrt(m * (1 - m) / len(wins))
    print(f"Takku-Sum, {n} players: {args.a} at one seat against {args.b} at the others, every seat of "
          f"deals {args.seed}..{args.seed + args.deals - 1}: won {100 * m:.1f}% ± {100 * ci:.1f} of "
          f"{len(wins)} matches (par {100 / n:.1f}%), {time.process_time() - started:.0f} s of CPU")


if __name__ == "__main__":
    main()
