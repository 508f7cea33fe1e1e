"""Cunt-Soul's search hooks: playouts are cut short and ranked by cards left."""

from __future__ import annotations

from collections.abc import Hashable

from cardtable.engine.cards import RANK
from cardtable.engine.protocol import Action, place_reward
from cardtable.engine.search_hooks import Hooks, Rewards
from cardtable.games.cunt_soul.game import CuntSoulState
from cardtable.games.cunt_soul.moves import (
    BURN_UP_KIND,
    CHANGE_FIELD,
    FACE_UP,
    FIELD,
    PLAY_KIND,
    SWAP,
    SWAP_DOWN,
)

CUT_DEPTH = 60
"""Cunt-Soul playout actions after which the seats are ranked by cards left (a whole game runs to
about 400 actions, six times a Shithead game, so full playouts would leave Hard a dozen)."""


def _cunt_soul_key(state: CuntSoulState, action: Action) -> Hashable:
    """Cunt-Soul has no suits: cards of one printed rank (Jokers alike) do the same everywhere, so
    moves that differ only in which copy they take are one class. What a copy's place still
    changes is kept: how many of the cards played lie horizontal (R42: only an upright face-up card
    can be burnt for a field change), whether the face-up card a 5 swaps for lies horizontal, and
    which face-down slot a card goes to (its owner may have looked at it). Searches then spend
    their playouts on different moves, not on copies of one (a pair in hand was three moves, a
    triple seven)."""
    kind = action.kind
    cards = action.cards
    if kind == PLAY_KIND:
        horizontal = state.horizontal
        return kind, RANK[cards[0]], len(cards), sum(1 for c in cards if c in horizontal)
    if kind in (CHANGE_FIELD, BURN_UP_KIND, FIELD):
        return kind, RANK[cards[0]]
    if kind == SWAP:
        return kind, RANK[cards[0]], RANK[cards[1]], cards[1] in state.horizontal
    if kind == SWAP_DOWN:
        return kind, RANK[cards[0]], action.target
    if kind == FACE_UP:
        return kind, tuple(sorted(RANK[c] for c in cards))
    return action


def _cunt_soul_cut(state: CuntSoulState, root: CuntSoulState, steps: int) -> Rewards | None:
    """The searching seat is out (its place is fixed), or the playout is deep enough: its place is
    estimated by cards left against the seats still playing (ties halved), and rewarded as the
    game rewards a place."""
    seat = root.viewer
    if seat is None:
        return None
    n = len(state.names)
    finished = state.finished
    if seat in finished:
        place = finished.index(seat) + 1.0
    elif steps >= CUT_DEPTH:
        mine = state.cards_left(seat)
        place = len(finished) + 1.0
        for p in range(n):
            if p != seat and p not in finished:
                left = state.cards_left(p)
                place += 1.0 if left < mine else 0.5 if left == mine else 0.0
    else:
        return None
    mine_reward = place_reward(place, n)
    return tuple(mine_reward if s == seat else 0.5 for s in range(n))


def _cunt_soul_prepare(state: CuntSoulState) -> None:
    """A playout's events are never read: its actions build none but the game's end (``narrate``)."""
    state.narrate = False


# Issue 28: Hard plays the best mean over its shared deals, not the heuristic's move unless another
# beats it by a standard error (as in Shithead and Takku-Sum). At 20 decision points of 4-player
# Normal games against an 800-playout oracle (scripts/bench_regret.py --game cunt-soul --players 4
# --decisions 20 --oracle 800, runs in docs/tournaments/issue28/regret-cunt-soul-4p-*), Hard's mean
# regret was 0.028 [0.003-0.054] anchored and 0.021 [0.007-0.034] unanchored, the halving yardstick's
# 0.018 [0.009-0.028]: the anchor's one large loss (0.24 of a place) is gone; too few decisions to
# call the rest.
# Issue 28 (session 7): moves are classed by rank (``_cunt_soul_key``); there were none, so a pair
# was three candidates and copies of the leading move never left Hard's race (they tie on every
# deal). Over 391 decisions with a choice in five 4-player Normal games: 9.98 candidates a decision
# before, 6.53 after; 38 decisions with 20 or more, 21 after. Over 122 decisions of two more games,
# Hard's chosen move got 25.5 deals on average (23.5 before), 3.7 moves left in the race at the end
# (5.3). The yardsticks share the classes (they are the game's, not Hard's).
HOOKS = Hooks[CuntSoulState](prepare=_cunt_soul_prepare, key=_cunt_soul_key, cut=_cunt_soul_cut,
                             switch_z=0.0)

# Hard's measured strength here (issue 15, `--budget 100it`, every deal in all eight seatings, with
# the Normal bot of f47e54d; runs in docs/tournaments/issue15/cunt-soul-4p-*, seeds 3001-3008, pooled
# with `scripts/pool_tournaments.py --paired hard,baseline`): 4 players hard,baseline,normal,normal,
# 320 games: first out 40.0% [34.8-45.5] against the baseline's 31.9% [27.0-37.2], mean place 1.93
# against 2.03; paired by deal, 8.1 points more first places [-1.6 - +17.9], ahead on 21 deals of 40,
# behind on 15.
# Against the halving yardstick with the classes by rank (issue 28, `--bots hard,hard,halving,halving
# --budget 100it --per-deal`, seeds 2930-2954, 200 games in every seating;
# docs/tournaments/issue28/s7-cunt-soul-4p-*): the Hard seats went out first in 26.0% [21.9-30.5] of
# their seat-games, the halving seats in 24.2% [20.3-28.7]; mean place 2.48 against 2.49: level.
