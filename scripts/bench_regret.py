"""Decision quality without whole tournaments (issue 28): how much each bot's move gives away
against an oracle, at decision points of games played by the Normal bots.

The oracle is the flat search with its race and halving turned off: ``--oracle`` playouts (over
shared deals, with the game's heuristic as playout policy, as the yardsticks play out) spent
evenly on every class of move. A bot's regret at a decision is the oracle's best mean less the
oracle's mean of the bot's move; the figure is the mean regret over the decisions (lower is better)
with a 95% interval, and how often the bot picked the oracle's best class of move.

    python scripts/bench_regret.py --game cunt-soul --players 4 --decisions 30 --oracle 1500 \
        --bots hard,halving,normal

Only decisions with at least two classes of move are asked. Every bot's budget is its playouts
alone (no clock), so a busy machine gives the same figures.
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections.abc import Hashable
from typing import Any

import cardtable.ai.search as search
from cardtable.ai import make_bot
from cardtable.ai.baseline import BaselineBot
from cardtable.ai.halving import HalvingBot
from cardtable.ai.search import SearchBot, action_classes
from cardtable.ai.search_hooks import hooks_for
from cardtable.engine.protocol import Action, State
from cardtable.engine.rng import Rng
from cardtable.games import get_game


def oracle_means(view: State, playouts: int, seed: int) -> tuple[dict[Hashable, float], Any]:
    """Each class of move's mean over ``playouts`` playouts shared evenly (keyed by class)."""
    hooks = hooks_for(view)
    bot = SearchBot(seed, ms=None, iterations=playouts, rollout=make_bot(view.game.name, "heuristic", seed),
                    drop_z=math.inf)
    saved = search.DROP_Z, search.RACE_MIN_DEALS, search.CROWD
    search.DROP_Z, search.RACE_MIN_DEALS, search.CROWD = math.inf, 1 << 30, 1 << 30
    try:
        bot.start(view)
        bot.step_iterations(playouts)
    finally:
        search.DROP_Z, search.RACE_MIN_DEALS, search.CROWD = saved
    key = hooks.key
    means = {(a if key is None else key(view, a)): m for a, (m, _) in bot.means().items()}
    return means, key


def decision_points(name: str, players: int, count: int, seed: int, least: int = 2) -> list[State]:
    """Views of the seat to move at every third real decision of Normal-bot games (with at least
    ``least`` classes of move)."""
    game = get_game(name)
    rng = Rng(seed)
    out: list[State] = []
    while len(out) < count:
        state = game.new_state([f"P{i + 1}" for i in range(players)], None, rng.next64())
        bots = [make_bot(name, "normal", rng.next64()) for _ in range(players)]
        steps = 0
        while state.to_move is not None and len(out) < count and steps < 2000:
            steps += 1
            seat = state.to_move
            view = state.view(seat)
            legal = view.legal_actions()
            if len(action_classes(view, legal, hooks_for(view))) >= least and rng.below(3) == 0:
                out.append(view)
            state.apply(bots[seat].choose(view))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="shithead")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--decisions", type=int, default=30)
    ap.add_argument("--oracle", type=int, default=1500, help="the oracle's playouts a decision")
    ap.add_argument("--bots", default="hard,halving,normal")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min-classes", type=int, default=2,
                    help="ask only decisions with at least this many classes of move (crowds)")
    args = ap.parse_args()
    kinds = args.bots.split(",")
    regrets: dict[str, list[float]] = {k: [] for k in kinds}
    hits = dict.fromkeys(kinds, 0)
    views = decision_points(args.game, args.players, args.decisions, args.seed, args.min_classes)
    for i, view in enumerate(views):
        means, key = oracle_means(view, args.oracle, args.seed + i)
        best = max(means.values())
        for k in kinds:
            bot = make_bot(args.game, k, args.seed * 1000 + i)
            if isinstance(bot, SearchBot | BaselineBot | HalvingBot):
                bot.ms = None
            move: Action = bot.choose(view)
            got = means[move if key is None else key(view, move)]
            regrets[k].append(best - got)
            hits[k] += got == best
        print(f"decision {i + 1}/{len(views)}: " + "  ".join(f"{k} {regrets[k][-1]:.3f}" for k in kinds),
              flush=True)
    n = len(views)
    print(f"\n{args.game}, {args.players} players, {n} decisions, oracle {args.oracle} playouts "
          f"(heuristic playouts, even allocation), seed {args.seed}")
    print(f"{'bot':<10}{'mean regret [95%]':>28}{'oracle best':>14}")
    for k in kinds:
        r = regrets[k]
        mean = statistics.fmean(r)
        half = 1.96 * statistics.stdev(r) / math.sqrt(n) if n > 1 else 0.0
        print(f"{k:<10}{mean:>10.4f} [{mean - half:.4f} – {mean + half:.4f}]{hits[k] / n:>13.0%}")
    first = kinds[0]
    for k in kinds[1:]:
        diffs = [a - b for a, b in zip(regrets[first], regrets[k], strict=True)]
        mean = statistics.fmean(diffs)
        half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else 0.0
        print(f"paired, {first} less {k}: {mean:+.4f} [{mean - half:+.4f} – {mean + half:+.4f}]")


if __name__ == "__main__":
    main()
