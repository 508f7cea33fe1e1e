"""Shithead's search hooks: suits never matter, and a seat that is safe has its place."""

from __future__ import annotations

from collections.abc import Hashable

from cardtable.engine.cards import RANK
from cardtable.engine.protocol import Action
from cardtable.engine.search_hooks import Hooks, Rewards
from cardtable.games.shithead import endgame
from cardtable.games.shithead.bots import search_arrangement
from cardtable.games.shithead.game import ARRANGE, SAFE, SETUP, ShitheadState, safe_reward


def _shithead_key(state: ShitheadState, action: Action) -> Hashable:
    """Suits never matter in Shithead (R9-R15 read ranks only) except in the opening card (R4),
    which every opening play contains anyway; a play from hand and up cards keeps how many came
    from the table (R21)."""
    if action.kind in ("play", "backfire", "show"):
        up = state.up[state.to_move] if action.kind == "play" and state.to_move is not None else ()
        from_up = sum(1 for c in action.cards if c in up)
        return action.kind, tuple(RANK[c] for c in action.cards), from_up, action.target
    if action.kind == "arrange":
        return action.kind, tuple(sorted(RANK[c] for c in action.cards))
    if action.kind == "take_up":
        return action.kind, RANK[action.cards[0]]
    return action


def _shithead_prepare(state: ShitheadState) -> None:
    """A playout's events are never read: its everyday actions build none (``narrate``)."""
    state.narrate = False


def _shithead_cut(state: ShitheadState, root: ShitheadState, steps: int) -> Rewards | None:
    """Once the searching seat is safe (R23: out, and the re-entry window has passed) its place
    is fixed: score it from the exit order (the game's own ``safe_reward``) and leave the others
    at a neutral 0.5 rather than play out a game it has no part in."""
    seat = root.viewer
    if seat is None or state.status[seat] != SAFE:
        return None
    n = len(state.names)
    mine = safe_reward(state.exits.index(seat) + 1, n)
    return tuple(mine if s == seat else 0.5 for s in range(n))


def _shithead_setup(state: ShitheadState) -> Action | None:
    """The three up cards (R3) as ``bots.search_arrangement`` puts them, unsearched.

    Measured (session 14, ``scripts/setup_choice.py``, 2 players, seeds 100-111, 400 shared deals
    each with the heuristic's playouts): Hard at 100 playouts never put up the heuristic's three,
    choosing by noise among twenty near-equal sets, from 4♦ 8♣ 9♥ (0.27 worse than 9♥ J♥ A♠) to
    3♣ 10♥ Q♣ (0.20 better than 6♥ 10♥ Q♣); -0.015 on the mean of the twelve. What its better
    sets shared was a 3: one 3 up in place of the weakest of the heuristic's three won more in all
    of twelve 2-player deals (+0.139 ± 0.050 of the chance to win) and on the mean of ten
    4-player deals (+0.052 ± 0.031; docs/tournaments/issue28, session 14)."""
    if state.phase != SETUP or state.to_move is None:
        return None
    return Action(ARRANGE, search_arrangement(state))


# Issue 28: playing the best mean (switch_z 0) together with the "forcing" playouts, Hard won 12 of 40
# 2-player games against the halving yardstick (docs/tournaments/issue28), so both were taken back:
# Hard keeps the heuristic's move unless another beats it by a standard error, as measured before.
# Issue 28 (session 5): heads-up once the draw pile is gone, Hard and Expert first search the endgame
# itself (``endgame.solve``) and play a move it proves best; the playouts decide the rest. Hard so
# won 39 of 42 2-player games against the halving yardstick at 100 playouts (92.9% [81.0-97.5]);
# without the endgame search ("hard-playouts") it won the 4 of those deals' games it was run on, so
# most of that margin is the flat search's own (docs/tournaments/issue28, session 5). Pooled over
# 402 games it won 78.9% [74.6-82.6].
# Issue 28 (session 6): Hard's race lets a clearly beaten heuristic move go and drops moves at 1.5
# standard errors (``levels.HARD_DROP_Z``): on 30 games of session 5's deals it won 21 against
# halving, where the Hard before won 20 of the same games; the kept small pile is picked up in 153
# of 200 searches (134 before).
# Issue 28 (session 7): the bot kind "hard-alternate" plays every other deal out with the "forcing"
# bot (``alternate``), the rest with the heuristic, and leaves the heuristic's move at half a
# standard error (``levels.ALTERNATE_SWITCH_Z``). With the heuristic alone the kept small pile's
# pickup led the 10 by 0.086 with a spread of 0.57 a deal (exact over every arrangement of the
# unseen cards, ``scripts/kept_variance.py``): some 32 deals on each for 8 picks in 10, more than
# 100 playouts leave them; where the two policies take turns the lead over the runner-up is 0.18.
# Kept positions over 200 seeds, Hard -> "hard-alternate": small pile picked up 153 -> 186; big hand
# not the two Queens 162 -> 179; the 2 not wasted 198 -> 191. But on 50 games of session 5's deals
# against halving it won 29 where session 5's Hard won 35 (docs/tournaments/issue28, session 7), so
# it is not Hard until more games say it is no weaker.
# Issue 28 (session 8): on fresh deals (seeds 2960-2976) "hard-alternate" won 118 of 170 2-player
# games against halving (69.4% [62.1-75.8], paired by deal ahead on 35, behind on 2); pooled with
# session 7's 50, 147 of 220 (66.8% [60.4-72.7]). So it is Hard now; "hard-heuristic" is the Hard
# before (docs/tournaments/issue28, session 8).
HOOKS = Hooks[ShitheadState](prepare=_shithead_prepare, key=_shithead_key, cut=_shithead_cut,
                             solve=endgame.solve, alternate="forcing", known_move=_shithead_setup)

# Hard's measured strength here (issue 15, `--budget 100it`, seats rotated over the same deals):
# 84.5% of 2-player games against Normal (ISMCTS at the same budget: 42%); against the plain
# baseline 82.2% [78.2-85.7] of 400 2-player games (`cardtable tournament shithead --players 2
# --bots hard,baseline --games 40 --seed S` for S in 1001-1005 and 1008-1012, runs in
# docs/tournaments/issue15/, pooled with scripts/pool_tournaments.py).
