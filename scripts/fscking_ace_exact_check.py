"""Fscking Ace: is the expected-value rule (rulings 4.6) within 1% of the exact turn DP?

Two measures, both printed:

1. In the model both share (the round ends after this turn, someone else paying): along games
   played by the rule, the rule's expected value from each decision against the DP's optimum,
   and how often the two decide differently.
2. At the table: the same deals and seats played twice, once with one seat on the DP
   ("exact") against three rule bots and once with four rule bots; the seat's money per round,
   paired by deal, with a 95% interval of the difference.

    python scripts/fscking_ace_exact_check.py [--deals 100] [--rounds 20] [--players 4]
"""

from __future__ import annotations

import argparse
import math

from cardtable.ai import make_bot
from cardtable.engine.rng import Rng
from cardtable.games import get_game
from cardtable.games.fscking_ace.bots import should_flip, turn_tally
from cardtable.games.fscking_ace.exact import compare, exact_decision


def in_model(deals: int, players: int, seed: int) -> None:
    game = get_game("fscking-ace")
    opts = game.Options(round_limit=10)
    seeds = Rng(seed)
    n = differ = 0
    best_sum = rule_sum = 0.0
    for _ in range(deals):
        state = game.new_state([f"P{i}" for i in range(players)], opts, seeds.next64())
        bot = make_bot("fscking-ace", "normal", seeds.next64())
        while state.to_move is not None:
            if len(state.legal_actions()) == 2 and state.turn:
                seat = state.to_move
                tally = turn_tally(state.turn)
                best, rule = compare(state.left, tally, state.tallies, seat)
                flip, _ = exact_decision(state.left, tally, state.tallies, seat)
                differ += flip != should_flip(state.left, tally, state.tallies, seat)
                best_sum += best
                rule_sum += rule
                n += 1
            state.apply(bot.choose(state.view(state.to_move)))
    print(f"in the model: {n} decisions, the rule decides differently in {differ / n:.1%}; "
          f"mean optimal ${best_sum / n:.2f}, the rule ${rule_sum / n:.2f}: "
          f"{(best_sum - rule_sum) / best_sum:.2%} short of the optimum")


def money_per_round(kinds: list[str], deal: int, rounds: int) -> list[float]:
    game = get_game("fscking-ace")
    n = len(kinds)
    state = game.new_state([f"P{i}" for i in range(n)], game.Options(round_limit=rounds), deal)
    bots = [make_bot("fscking-ace", k, deal * 31 + i) for i, k in enumerate(kinds)]
    while state.to_move is not None:
        seat = state.to_move
        state.apply(bots[seat].choose(state.view(seat)))
    return [b / 100 / rounds for b in state.balances]


def at_the_table(deals: int, players: int, rounds: int, seed: int) -> None:
    seeds = Rng(seed)
    diffs = []
    exact_total = rule_total = 0.0
    for _ in range(deals):
        deal = seeds.next64() >> 1
        for seat in range(players):
            kinds = ["normal"] * players
            base = money_per_round(kinds, deal, rounds)[seat]
            kinds[seat] = "exact"
            mine = money_per_round(kinds, deal, rounds)[seat]
            diffs.append(mine - base)
            exact_total += mine
            rule_total += base
    k = len(diffs)
    mean = sum(diffs) / k
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (k - 1))
    half = 1.96 * sd / math.sqrt(k)
    print(f"at the table: {k} seat-games of {rounds} rounds; one DP seat against rule bots makes "
          f"${exact_total / k:+.2f} a round, the rule in the same seat ${rule_total / k:+.2f}; "
          f"difference ${mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}] a round")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    in_model(max(1, args.deals // 4), args.players, args.seed)
    at_the_table(args.deals, args.players, args.rounds, args.seed)


if __name__ == "__main__":
    main()
