"""A setup decision searched or not (issue 28, session 14): for each seeded deal, the move Hard's
search makes at the first decision of ``--kind`` (its budget in playouts alone, no clock) against
the heuristic's own move, both played out on the same ``--deals`` determinized deals and random
streams with the heuristic as playout policy (the search's own yardstick), the difference in the
deciding seat's reward with a 95% interval. Deals where both choose alike are counted and skipped.

    python scripts/setup_choice.py --game shithead --players 2 --seeds 100-105 --deals 400
    python scripts/setup_choice.py --game cunt-soul --players 4 --seeds 100-105 --deals 300 --kind field

Shithead's search hook names its up cards (``known_move``): run this on a tree before that
(fdbf239's parent) to see the search's own choices. ``--three`` asks instead, in Shithead, what the
hook's set (its two strongest cards and a 3) is worth against the heuristic's three strongest, on
the deals from the first seed on whose six cards hold a 3 (``--seeds``' length of them):

    python scripts/setup_choice.py --game shithead --players 2 --seeds 201-212 --deals 300 --three
"""

from __future__ import annotations

import argparse
import itertools
import math

from cardtable.ai import make_bot
from cardtable.ai.search import SearchBot, playout
from cardtable.ai.search_hooks import hooks_for
from cardtable.engine.protocol import Action
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
    parser.add_argument("--three", action="store_true",
                        help="Shithead: the hook's set with a 3 against the heuristic's")
    args = parser.parse_args()
    game = get_game(args.game)
    first, last = (int(x) for x in args.seeds.split("-"))
    means: list[float] = []
    same = 0
    seeds: range | itertools.count = itertools.count(first) if args.three else range(first, last + 1)
    for seed in seeds:
        if args.three and len(means) > last - first:
            break
        state = game.new_state([f"P{i}" for i in range(args.players)], None, seed)
        while args.kind and state.legal_actions()[0].kind != args.kind:
            assert state.to_move is not None
            state.apply(make_bot(args.game, "normal", 1).choose(state.view(state.to_move)))
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        plain = make_bot(args.game, "normal", 1).choose(view)
        if args.three:
            from cardtable.games.shithead.bots import search_arrangement
            searched = Action(plain.kind, search_arrangement(view))  # type: ignore[arg-type]
            if searched == plain:
                continue  # no 3 among the six
        else:
            bot = make_bot(args.game, args.level, seed)
            assert isinstance(bot, SearchBot)
            bot.ms = None
            searched = bot.choose(view)
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
    if not args.three:
        print(f"{args.game}, {args.players} players: the search chose as the heuristic on {same} of "
              f"{last - first + 1} deals")
    if len(means) > 1:
        m = sum(means) / len(means)
        sd = math.sqrt(sum((x - m) ** 2 for x in means) / (len(means) - 1))
        print(f"{'the set with a 3' if args.three else 'searched'} less the heuristic's, mean over "
              f"{len(means)} deals: {m:+.3f} ± {1.96 * sd / math.sqrt(len(means)):.3f} (95%, between deals)")


if __name__ == "__main__":
    main()
