"""Why Hard's flat search stops near 77% on the kept small pile (issue 28), in figures.

In ``tests/test_bots_kept.py``'s small-pile position every card Ann cannot see is a face-down card
(three hers, three Bea's): a deal is one of the 720 arrangements of six cards. This script plays
every candidate out from every arrangement (with ``--lucks`` random streams), so each move's value
under a playout policy is exact, not sampled, and then asks what could tell the pickup from the 10
within Hard's 100 playouts:

* the exact values, and the spread of the pickup's lead over the runner-up deal by deal;
* how much of that spread the arrangement of Bea's cards (or just which three she holds) explains:
  what stratified deals could remove at most;
* antithetic deals: the lead on a deal against the lead on its mirror (the same shuffle reversed,
  so the two seats' unseen cards change places), over ``--antithetic`` deals;
* Hard's race replayed on the exact table (deals drawn at random from it, ``--runs`` times; the
  race, the halving and the pick are ``SearchBot``'s own code): how often it picks the best move at
  100 playouts for several drop thresholds and starts, next to the bound of spending every playout
  on the best two moves alone.

    python scripts/kept_variance.py [--policy heuristic|forcing|alternate] [--lucks 3] [--runs 2000]

``alternate``: deals take turns between the heuristic's and the forcing bot's playouts (Hard's
race on the two tables in turn). Runs in about 10 s of CPU.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import statistics
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_bots_kept import small_pile_position

from cardtable.ai import make_bot
from cardtable.ai.search import CROWD, SearchBot, playout
from cardtable.engine.protocol import Action
from cardtable.engine.rng import Rng

Table = list[list[float]]
"""Rewards by candidate, then by deal (the same deal at the same index for every candidate)."""


class Mirror(Rng):
    """The same stream, but every shuffle comes out reversed: dealt in order, the unseen cards of
    the first hidden places and of the last change places."""

    __slots__ = ()

    def shuffle(self, items):  # type: ignore[no-untyped-def]
        super().shuffle(items)
        items.reverse()


def exact_table(policy: str, lucks: int) -> tuple[list[Action], Table, int]:
    """Every candidate from every arrangement of the six face-down cards, ``lucks`` streams each."""
    view = small_pile_position().view(0)
    bot = make_bot("shithead", "hard", 1)
    assert isinstance(bot, SearchBot)
    bot.start(view)
    rollout = make_bot("shithead", "heuristic" if policy == "heuristic" else "forcing", 2)
    base = view.determinize(Rng(1))
    bot.hooks.prepare(base)  # type: ignore[misc]
    unseen = list(base.down[0]) + list(base.down[1])
    table: Table = [[] for _ in bot.candidates]
    for luck in range(1, lucks + 1):
        for arrangement in itertools.permutations(unseen):
            deal = base.clone()
            deal.down = [list(arrangement[:3]), list(arrangement[3:])]
            for i, action in enumerate(bot.candidates):
                state = deal.clone()
                state._apply(action)
                table[i].append(playout(state, view, bot.hooks, rollout, 7919 * luck)[0])
    return bot.candidates, table, bot.default


def explained(diffs: list[float], groups: list[tuple[int, ...]]) -> float:
    """The share of the variance of ``diffs`` between the groups' means."""
    by: dict[tuple[int, ...], list[float]] = {}
    for d, g in zip(diffs, groups, strict=True):
        by.setdefault(g, []).append(d)
    mean = statistics.fmean(diffs)
    between = sum(len(v) * (statistics.fmean(v) - mean) ** 2 for v in by.values()) / len(diffs)
    return between / statistics.pvariance(diffs)


def mirror_correlation(deals: int, best: int, second: int) -> float:
    view = small_pile_position().view(0)
    bot = make_bot("shithead", "hard", 1)
    assert isinstance(bot, SearchBot)
    bot.start(view)
    rollout = make_bot("shithead", "heuristic", 2)
    seeds = Rng(99)
    lead: list[list[float]] = [[], []]
    for _ in range(deals):
        x, luck = seeds.next64(), seeds.next64()
        for k, rng in enumerate((Rng(x), Mirror(x))):
            deal = view.determinize(rng)
            bot.hooks.prepare(deal)  # type: ignore[misc]
            scores = []
            for i in (best, second):
                state = deal.clone()
                state._apply(bot.candidates[i])
                scores.append(playout(state, view, bot.hooks, rollout, luck)[0])
            lead[k].append(scores[0] - scores[1])
    return statistics.correlation(lead[0], lead[1])


def race(tables: list[Table], default: int, seed: int, drop_z: float, start: int,
         budget: int = 100) -> int:
    """Hard's flat search on the exact tables (deals drawn at random, tables in turn): its pick."""
    k = len(tables[0])
    rnd = random.Random(seed)
    bot = SearchBot(0, ms=None, iterations=budget, drop_z=drop_z)
    bot.candidates = [Action("play")] * k  # only counted, never played
    bot.alive = list(range(k))
    bot.totals, bot.counts, bot.rewards = [0.0] * k, [0] * k, [[] for _ in range(k)]
    bot.default = default
    while bot.done < budget and len(bot.alive) > 1:
        table = tables[bot.deals % len(tables)]
        j = rnd.randrange(len(table[0]))
        for i in bot.alive:
            r = table[i][j]
            bot.totals[i] += r
            bot.counts[i] += 1
            bot.rewards[i].append(r)
        bot.done += len(bot.alive)
        bot.deals += 1
        if len(bot.alive) > CROWD and bot.deals >= 8 and bot.deals & (bot.deals - 1) == 0:
            bot._halve()
        if bot.deals >= start:
            bot._race()
    counts, totals = bot.counts, bot.totals
    lead = max(bot.alive, key=lambda i: (totals[i] / counts[i], -i))
    if lead != default and default in bot.alive and bot._z(lead, default) < 1.0:
        lead = default
    return lead


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--policy", choices=("heuristic", "forcing", "alternate"), default="heuristic")
    ap.add_argument("--lucks", type=int, default=3)
    ap.add_argument("--runs", type=int, default=2000)
    ap.add_argument("--antithetic", type=int, default=1000)
    args = ap.parse_args()
    policies = ("heuristic", "forcing") if args.policy == "alternate" else (args.policy,)
    built = [exact_table(p, args.lucks) for p in policies]
    candidates, _, default = built[0]
    tables = [t for _, t, _ in built]
    values = [statistics.fmean(v for t in tables for v in t[i]) for i in range(len(candidates))]
    order = sorted(range(len(candidates)), key=lambda i: -values[i])
    best, second = order[0], order[1]
    print(f"small pile, {len(tables[0][0])} deals a table ({args.lucks} streams x 720 arrangements), "
          f"playouts: {args.policy}")
    for i in order:
        print(f"  {candidates[i]!s:22} {values[i]:.3f}{'  (the heuristic)' if i == default else ''}")
    diffs = [a - b for t in tables for a, b in zip(t[best], t[second], strict=True)]
    gap, sd = statistics.fmean(diffs), statistics.pstdev(diffs)
    n = len(diffs)
    arrangements = [tuple(p) for p in itertools.permutations(range(6))] * args.lucks * len(tables)
    print(f"lead of {candidates[best]} over {candidates[second]}: {gap:.3f}, sd {sd:.3f} a deal; "
          f"deals on each for 80%/90% right by the mean alone: "
          f"{math.ceil((0.8416 * sd / gap) ** 2)}/{math.ceil((1.2816 * sd / gap) ** 2)}")
    print(f"  share of its variance explained by Bea's arrangement: "
          f"{explained(diffs, [a[3:] for a in arrangements[:n]]):.2f}; by which three she holds: "
          f"{explained(diffs, [tuple(sorted(a[3:])) for a in arrangements[:n]]):.2f}")
    if args.antithetic and args.policy == "heuristic":
        print(f"  antithetic deals, correlation of the lead on a deal and on its mirror "
              f"({args.antithetic} pairs): {mirror_correlation(args.antithetic, best, second):+.3f}")
    both = 1 - 0.5 * math.erfc(gap * math.sqrt(50) / sd / math.sqrt(2))
    print(f"Hard's race on these tables, {args.runs} searches of 100 playouts, share picking "
          f"{candidates[best]} (every playout on the best two alone: {both:.3f}):")
    for start in (2, 4):
        for z in (1.0, 1.5, 2.0):
            picks = Counter(race(tables, default, s, z, start) for s in range(args.runs))
            print(f"  drop at {z} from {start} deals: {picks[best] / args.runs:.3f}  (then "
                  + ", ".join(f"{candidates[i]} {c}" for i, c in picks.most_common() if i != best) + ")")


if __name__ == "__main__":
    main()
