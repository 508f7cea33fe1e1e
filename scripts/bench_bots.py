"""Hard's thinking time per decision in CPU seconds (p50, p95, max) and playouts per second, for
every game. CPU time, not wall time, so the figures hold on a machine shared with other work (the
target is p95 <= 0.3 s, issue 15).

Decisions are sampled along games played by the Normal bots (every real decision, up to
``--decisions`` a game), and Hard (its level's budgets: playouts and time, whichever ends first)
is asked each of them from the deciding seat's view.

    python scripts/bench_bots.py [--decisions 60] [--level hard] [--games shithead,takku-sum] [--late]
"""

from __future__ import annotations

import argparse
import math
import time

from cardtable.ai import make_bot
from cardtable.ai.search import SearchBot
from cardtable.engine.rng import Rng
from cardtable.games import games

BENCH_PLAYERS = {"shithead": 4, "cunt-soul": 4, "cersei": 2, "fscking-ace": 4, "takku-sum": 3}


def percentile(values: list[float], q: float) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, max(0, math.ceil(q * len(v)) - 1))] if v else 0.0


def bench(name: str, players: int, level: str, decisions: int, seed: int, clock: bool = True,
          late: bool = False) -> tuple[list[float], int, float]:
    """Think times of ``level`` at up to ``decisions`` decision points; playouts and search time.
    ``clock`` False lifts the level's time limit, so every decision spends its full playout budget
    (what a quiet machine does; on a busy one the time limit may end a search sooner). ``late``:
    only decisions once the draw pile (a state's ``draw``, where the game has one) is gone, where
    Shithead's heads-up endgame search runs."""
    game = games()[name]
    seeds = Rng(seed)
    times: list[float] = []
    playouts = 0
    search_time = 0.0
    while len(times) < decisions:
        state = game.new_state([f"P{i}" for i in range(players)], None, seeds.next64())
        normal = [make_bot(name, "normal", seeds.next64()) for _ in range(players)]
        steps = 0
        while state.to_move is not None and len(times) < decisions and steps < 5000:
            seat = state.to_move
            view = state.view(seat)
            early = late and getattr(state, "draw", None) != []
            if len(state.legal_actions()) > 1 and not early and seeds.below(3) == 0:
                bot = make_bot(name, level, seeds.next64())
                if not clock and isinstance(bot, SearchBot):
                    bot.ms = None
                t0 = time.process_time()
                bot.choose(view)
                dt = time.process_time() - t0
                times.append(dt)
                if isinstance(bot, SearchBot):
                    playouts += bot.done
                    search_time += dt
            state.apply(normal[seat].choose(view))
            steps += 1
    return times, playouts, search_time


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--decisions", type=int, default=60, help="decisions measured per game")
    ap.add_argument("--level", default="hard")
    ap.add_argument("--games", default="", help="comma-separated game names (default: all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=None, help="seats (default: a usual table per game)")
    ap.add_argument("--no-clock", action="store_true",
                    help="lift the level's time limit: every decision runs its full playout budget")
    ap.add_argument("--late", action="store_true",
                    help="only decisions once the draw pile is gone (Shithead's endgame search)")
    args = ap.parse_args()
    names = [g for g in args.games.split(",") if g] or list(games())
    print(f"{args.level} · {'game':<13}{'seats':>6}{'decisions':>11}{'CPU ms: p50':>12}{'p95':>7}{'max':>7}"
          f"{'playouts/s':>12}{'playouts/decision':>19}")
    for name in names:
        n = args.players or BENCH_PLAYERS.get(name, games()[name].default_players)
        times, playouts, spent = bench(name, n, args.level, args.decisions, args.seed, not args.no_clock,
                                       args.late)
        rate = f"{playouts / spent:,.0f}" if spent else "no search"
        per = f"{playouts / len(times):.0f}" if spent else "-"
        print(f"{'':<8}{name:<13}{n:>6}{len(times):>11}{percentile(times, 0.5) * 1000:>12.1f}"
              f"{percentile(times, 0.95) * 1000:>7.1f}{max(times) * 1000:>7.1f}{rate:>12}{per:>19}")


if __name__ == "__main__":
    main()
