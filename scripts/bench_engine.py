"""Engine speed for every registered game: complete games per second from the deal with heuristic
and with random bots (bots see views, as in play), and the cost of the engine primitives.

    python scripts/bench_engine.py [--seconds 2] [--players N]
"""

from __future__ import annotations

import argparse
import time

from pydantic import BaseModel

from cardtable.ai import bot_kinds, make_bot
from cardtable.engine.protocol import Game
from cardtable.engine.rng import Rng
from cardtable.games import games

BENCH_PLAYERS = {"shithead": 4, "cunt-soul": 4, "cersei": 2, "fscking-ace": 4, "takku-sum": 3}
# Fscking Ace is a sitting of many rounds: a one-round limit makes "games per second" its targets'
# "complete rounds per second".
BENCH_OPTIONS = {"fscking-ace": {"round_limit": 1}}


def options_for(game: Game) -> BaseModel:
    return game.Options(**BENCH_OPTIONS.get(game.name, {}))


def games_per_second(game: Game, players: int, kind: str, seconds: float) -> tuple[float, float]:
    names = [f"P{i}" for i in range(players)]
    seeds = Rng(12345)
    bots = [make_bot(game.name, kind, seeds.next64()) for _ in range(players)]
    done = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_state(names, options_for(game), seeds.next64())
        while state.to_move is not None:
            seat = state.to_move
            state.apply(bots[seat].choose(state.view(seat)))
            actions += 1
        done += 1
    elapsed = time.perf_counter() - start
    return done / elapsed, actions / max(done, 1)


def primitives(game: Game, players: int, seconds: float) -> tuple[float, float]:
    """Mean µs of clone(), and of legal_actions()+apply() under random play (no views)."""
    names = [f"P{i}" for i in range(players)]
    rng = Rng(99)
    clone_t = step_t = 0.0
    clones = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_state(names, options_for(game), rng.next64())
        while state.to_move is not None:
            t0 = time.perf_counter()
            state.clone()
            t1 = time.perf_counter()
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            t2 = time.perf_counter()
            clone_t += t1 - t0
            step_t += t2 - t1
            clones += 1
            steps += 1
    return clone_t / clones * 1e6, step_t / steps * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    ap.add_argument("--players", type=int, default=None)
    args = ap.parse_args()
    print(f"{'game':<13}{'seats':>6}{'heuristic g/s':>15}{'random g/s':>12}{'actions/game':>14}"
          f"{'clone µs':>10}{'legal+apply µs':>16}")
    for name, game in games().items():
        n = args.players or BENCH_PLAYERS.get(name, game.default_players)
        kind = "heuristic" if "heuristic" in bot_kinds(name) else "random"
        heur, per_game = games_per_second(game, n, kind, args.seconds)
        rand, _ = games_per_second(game, n, "random", args.seconds)
        clone_us, step_us = primitives(game, n, args.seconds)
        print(f"{name:<13}{n:>6}{heur:>15,.0f}{rand:>12,.0f}{per_game:>14.1f}{clone_us:>10.2f}{step_us:>16.2f}")


if __name__ == "__main__":
    main()
