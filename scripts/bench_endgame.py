"""Heads-up Shithead endgames played out between two bots (issue 28): how much the endgame search
is worth, without whole games (whose openings it does not touch).

Positions are taken from 2-player games of the Normal bots at the first decision after the draw
pile is gone; each is played to the end twice, the two bots swapping seats, so the deal's luck
cancels. Prints how often bot A was not the Shithead, with a 95% Wilson interval, and how many
positions A won in both seatings, split, or lost in both.

    python scripts/bench_endgame.py --positions 30 --a hard --b hard:0 --seed 1

With ``--proofs G,N1,N2`` it instead counts, over every heads-up endgame decision (two moves or more)
of G Normal-bot games (seeds 0..G-1), how often the search proves a move with a budget of N1, N2...
positions, by cards left in play, and the CPU time it spent.

    python scripts/bench_endgame.py --proofs 3,3000,10000,30000

A bot is a level (``hard``, ``expert``, ``halving``...), optionally ``:N`` for the positions its
endgame search may make (``hard:0``: playouts only). Budgets are playouts (``--playouts``), no
clock.
"""

from __future__ import annotations

import argparse
import math
import time

from cardtable.ai import make_bot
from cardtable.ai.base import Bot
from cardtable.ai.baseline import BaselineBot
from cardtable.ai.search import SearchBot
from cardtable.engine.rng import Rng
from cardtable.games.shithead import endgame
from cardtable.games.shithead.game import GAME, SETUP, ShitheadState


def positions(count: int, seed: int) -> list[ShitheadState]:
    rng = Rng(seed)
    out: list[ShitheadState] = []
    while len(out) < count:
        state = GAME.new_state(["Ann", "Bea"], None, rng.next64())
        assert isinstance(state, ShitheadState)
        bots = [make_bot("shithead", "normal", rng.next64()) for _ in range(2)]
        while state.to_move is not None:
            if not state.draw and state.phase != SETUP:
                out.append(state.clone())
                break
            s = state.to_move
            state._apply(bots[s].choose(state.view(s)))
    return out


def bot(spec: str, seed: int, playouts: int) -> Bot:
    kind, _, nodes = spec.partition(":")
    b = make_bot("shithead", kind, seed)
    if isinstance(b, SearchBot | BaselineBot):
        b.iterations, b.ms = playouts, None
    if isinstance(b, SearchBot) and nodes:
        b.solve_nodes = int(nodes)
    return b


def wilson(k: int, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return mid - half, mid + half


def proofs(games: int, budgets: list[int]) -> None:
    found: dict[tuple[int, str], list[int]] = {}
    spent: dict[int, float] = dict.fromkeys(budgets, 0.0)
    for seed in range(games):
        state = GAME.new_state(["Ann", "Bea"], None, seed)
        assert isinstance(state, ShitheadState)
        bots = [make_bot("shithead", "normal", seed), make_bot("shithead", "normal", seed + 1)]
        while state.to_move is not None:
            s = state.to_move
            view = state.view(s)
            if endgame.applies(view) and len({endgame._key(view, a) for a in view.legal_actions()}) > 1:
                left = state.cards_held(0) + state.cards_held(1) + len(state.pile)
                band = "up to 8" if left <= 8 else "9 to 14" if left <= 14 else "over 14"
                for nodes in budgets:
                    t0 = time.process_time()
                    got = endgame.solve(view, nodes, Rng(seed))
                    spent[nodes] += time.process_time() - t0
                    row = found.setdefault((nodes, band), [0, 0])
                    row[0] += got is not None
                    row[1] += 1
            state._apply(bots[s].choose(view))
    print(f"{'positions':>10}  {'cards left':<11}{'proven':>8}{'decisions':>11}")
    for (nodes, band), (k, n) in sorted(found.items()):
        print(f"{nodes:>10}  {band:<11}{k:>8}{n:>11}")
    for nodes in budgets:
        total = sum(n for (b, _), (_, n) in found.items() if b == nodes)
        proven = sum(k for (b, _), (k, _) in found.items() if b == nodes)
        print(f"{nodes:>10}  all: {proven} of {total} proven, "
              f"{1000 * spent[nodes] / max(1, total):.0f} ms CPU a decision")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--a", default="hard")
    ap.add_argument("--b", default="hard:0")
    ap.add_argument("--playouts", type=int, default=100)
    ap.add_argument("--proofs", default=None, help="G,N1,N2...: count proofs instead (see above)")
    args = ap.parse_args()
    if args.proofs:
        g, *budgets = [int(x) for x in args.proofs.split(",")]
        proofs(g, budgets)
        return
    wins = games = both = split = none = 0
    started = time.process_time()
    for i, start in enumerate(positions(args.positions, args.seed)):
        won = []
        for a_seat in (0, 1):
            state = start.clone()
            # the same seed for both: two searches that differ only in the endgame search play
            # the same moves wherever it does not answer
            bots: list[Bot] = [bot(args.a, 7 * i + 1, args.playouts), bot(args.b, 7 * i + 1, args.playouts)]
            seats = [bots[0], bots[1]] if a_seat == 0 else [bots[1], bots[0]]
            while state.to_move is not None:
                s = state.to_move
                state._apply(seats[s].choose(state.view(s)))
            result = state.result()
            assert result is not None
            won.append(a_seat not in result.losers)
        wins += sum(won)
        games += 2
        both += all(won)
        none += not any(won)
        split += won[0] != won[1]
        print(f"position {i}: {args.a} won {sum(won)} of 2", flush=True)
    lo, hi = wilson(wins, games)
    print(f"{args.a} vs {args.b}: {wins}/{games} = {100 * wins / games:.1f}% [{100 * lo:.0f}-{100 * hi:.0f}] "
          f"(both seatings {both}, split {split}, neither {none}; "
          f"{time.process_time() - started:.0f} s CPU)")


if __name__ == "__main__":
    main()
