"""A setup decision searched or not (issue 28, session 14): for each seeded deal, the move Hard's
search makes at the first decision of ``--kind`` (its budget in playouts alone, no clock) against
the heuristic's own move, both played out on the same ``--deals`` determinized deals and random
streams with the heuristic as playout policy (the search's own yardstick), the difference in the
deciding seat's reward with a 95% interval. Deals where both choose alike are counted and skipped.

    python scripts/setup_choice.py --game shithead --players 2 --seeds 100-105 --deals 400
    python scripts/setup_choice.py --game cunt-soul --players 4 --seeds 100-105 --deals 300 --kind field

Shithead's hook keeps the heuristic's three up cards unsearched (``keep_policy``): run this on a
tree before that, or the search and the heuristic agree on every deal.
"""

from __future__ import annotations

import argparse
import math

from cardtable.ai import make_bot
from cardtable.ai.search import SearchBot, playout
from cardtable.ai.search_hooks import hooks_for
from cardtable.engine.rng import Rng
from cardtable.games import get_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="shithead")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seeds", default="100-105", help="first-last")
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--kind", default="", help="the setup decision (default: the game's first)")
    parser.add_argument("--level", default="hard")
    args = parser.parse_args()
    game = get_game(args.game)
    first, last = (int(x) for x in args.seeds.split("-"))
    means, same = [], 0
    for seed in range(first, last + 1):
        state = game.new_state([f"P{i}" for i in range(args.players)], None, seed)
        while args.kind and state.legal_actions()[0].kind != args.kind:
            assert state.to_move is not None
            state.apply(make_bot(args.game, "normal", 1).choose(state.view(state.to_move)))
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        bot = make_bot(args.game, args.level, seed)
        assert isinstance(bot, SearchBot)
        bot.ms = None
        searched, plain = bot.choose(view), make_bot(args.game, "normal", 1).choose(view)
        if searched == plain:
            same += 1
            continue
        hooks, rng, policy = hooks_for(view), Rng(seed * 7 + 1), make_bot(args.game, "normal", 5)
        diffs = []
        for _ in range(args.deals):
            deal = view.determinize(rng)
            if hooks.prepare is not None:
                hooks.prepare(deal)
            luck = rng.next64()
            scores = []
            for action in (searched, plain):
                played = deal.clone()
                played._apply(action)
                scores.append(playout(played, view, hooks, policy, luck)[seat])
            diffs.append(scores[0] - scores[1])
        m = sum(diffs) / len(diffs)
        se = math.sqrt(sum((d - m) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))
        means.append(m)
        print(f"seed {seed}: searched {view.describe(searched)} | heuristic {view.describe(plain)}: "
              f"{m:+.3f} ± {1.96 * se:.3f}", flush=True)
    print(f"{args.game}, {args.players} players: the search chose as the heuristic on {same} of "
          f"{last - first + 1} deals")
    if means:
        print(f"searched less heuristic, mean over the {len(means)} others: {sum(means) / len(means):+.3f}")


if __name__ == "__main__":
    main()
