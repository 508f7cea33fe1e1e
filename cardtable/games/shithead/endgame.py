"""The 2-player Shithead endgame, searched instead of played out (issue 28).

Once the draw pile is gone and two seats are left, almost everything is known: the pile, the burnt
cards, both seats' up cards, the searching seat's own hand and whatever the opponent picked up in
plain sight. What is not known is the opponent's unseen hand cards and the down cards, which nobody
has seen, not even their owner. So the searching seat deals the opponent's unseen hand cards from
what its view leaves unaccounted for (``determinize`` of its own view: it reasons about no card it
could not deduce), and in each such deal searches the game tree exactly, with every down card turned
over as a chance event: its rank is any rank still among the unturned down cards of both seats, with
the probability of its count (nobody knows which down card lies where, so any of them is as likely).

The search is expectimax with alpha-beta at the two seats' decisions (the game is zero-sum heads-up:
the searching seat maximises its chance of not being the Shithead, the opponent minimises it), a
transposition table over ranks (suits never matter once the game has opened, R9-R15), and iterative
deepening within a node budget. A line the budget does not let it follow to the end is scored by a
static estimate from the cards each seat has left; a search that never needed the estimate is exact.
Deals are averaged per root move; ``solve`` answers ``None`` (and the caller searches by playouts)
when the position is not such an endgame, more than ``MOST_CARDS`` cards are left, or the search is
not exact and the budget does not reach ``MIN_DEPTH`` plies.
"""

from __future__ import annotations

import math
from collections.abc import Hashable

from cardtable.engine.cards import HIDDEN, RANK
from cardtable.engine.protocol import Action
from cardtable.engine.rng import Rng
from cardtable.games.shithead.game import (
    PLAY,
    PRESELECT,
    REVEAL,
    REVEAL_ACTIONS,
    REVEAL_DOWN,
    SETUP,
    SHOWN_DOWN,
    ShitheadState,
)

MIN_DEPTH: int | None = 6
"""Plies the search must complete in every deal before its answer replaces the playouts' (None:
only an exact search answers)."""
MOST_CARDS = 12
"""Past this many cards left in play (hands, up and down cards of both seats, and the pile) the
search does not answer: it would be cut short, and scoring lines by the static estimate is too
crude to judge a long game (a hand of twenty against a few down cards is no lost game)."""
MAX_DEPTH = 60
DEALS = 4
"""Deals of the opponent's unseen hand cards searched (one when it holds none unseen)."""
EVAL_SCALE = 0.45
"""How sharply the static estimate turns a lead in cards into a chance of not being the Shithead."""

EXACT, LOWER, UPPER = 0, 1, 2


class OutOfNodes(Exception):
    pass


def applies(view: ShitheadState) -> bool:
    """A heads-up decision with the draw pile gone, past the setup."""
    return (view.n_active == 2 and len(view.names) == 2 and not view.draw and view.phase != SETUP
            and view.to_move is not None and view.to_move == view.viewer)


def _key(state: ShitheadState, action: Action) -> Hashable:
    """Actions that lead to the same position up to suits (all down slots are alike: nobody knows
    what lies in them)."""
    kind = action[0]
    if kind == REVEAL_DOWN:
        return REVEAL_DOWN
    if kind == PLAY:
        s = state.to_move
        assert s is not None
        up = state.up[s]
        return PLAY, RANK[action[1][0]], len(action[1]), sum(1 for c in action[1] if c in up)
    if kind in ("show", "backfire"):
        return kind, len(action[1])
    if kind == "take_up":
        return kind, RANK[action[1][0]]
    return kind


def _ranks(cards: list[int]) -> tuple[int, ...]:
    return tuple(sorted([RANK[c] for c in cards]))


def position_key(state: ShitheadState) -> Hashable:
    """Everything the rest of the game depends on, by ranks (which down card lies where is chance,
    so only how many each seat has and the ranks among them all)."""
    pile = state.pile
    return (state.phase, state.to_move, state.passes, tuple(state.due), state.shower, state.shown,
            state.after, _ranks(state.hands[0]), _ranks(state.hands[1]), _ranks(state.up[0]),
            _ranks(state.up[1]), len(state.down[0]), len(state.down[1]),
            _ranks(state.down[0] + state.down[1]), _ranks(pile), tuple([RANK[c] for c in pile[-3:]]))


def cards_left(state: ShitheadState) -> int:
    return state.cards_held(0) + state.cards_held(1) + len(state.pile)


def estimate(state: ShitheadState, seat: int) -> float:
    """A static guess at ``seat``'s chance of not being the Shithead: fewer cards left than the
    opponent is better; 2s and 10s (which go on anything or burn) count half, a card to play
    blind from the down cards a little more than one in hand."""
    def load(s: int) -> float:
        total = 1.2 * len(state.down[s])
        for cards in (state.hands[s], state.up[s]):
            for c in cards:
                r = RANK[c]
                total += 0.5 if r in (2, 10) else 1.0
        return total

    lead = load(1 - seat) - load(seat)
    if state.to_move == seat:
        lead += 0.5
    return 1.0 / (1.0 + math.exp(-EVAL_SCALE * lead))


class Solver:
    """Expectimax with alpha-beta over one deal, for ``seat``; ``nodes`` bounds the positions made."""

    def __init__(self, seat: int, nodes: int, use_table: bool = True) -> None:
        self.use_table = use_table
        """False: no transposition table (a search exactly ``depth`` plies deep, for tests)."""
        self.seat = seat
        self.nodes = nodes
        self.used = 0
        self.table: dict[Hashable, tuple[int, float, int, Hashable, bool]] = {}
        self.horizon = False

    # -- children ----------------------------------------------------------------------------------
    def _classes(self, state: ShitheadState) -> list[tuple[Hashable, Action]]:
        seen: set[Hashable] = set()
        out = []
        for a in state.legal_actions():
            k = _key(state, a)
            if k not in seen:
                seen.add(k)
                out.append((k, a))
        return out

    def _child(self, state: ShitheadState, action: Action) -> ShitheadState:
        if self.used >= self.nodes:
            raise OutOfNodes
        self.used += 1
        child = state.clone()
        child._apply(action)
        return child

    def _reveals(self, state: ShitheadState) -> list[tuple[float, ShitheadState]]:
        """Turning over a down card: one child per rank still among the down cards, weighted by its
        count (the card is put in the seat's first slot, so the engine turns it over)."""
        s = state.to_move
        assert s is not None
        pool = state.down[0] + state.down[1]
        by_rank: dict[int, int] = {}
        for c in pool:
            by_rank.setdefault(RANK[c], c)
        counts: dict[int, int] = {}
        for c in pool:
            counts[RANK[c]] = counts.get(RANK[c], 0) + 1
        out = []
        for r, card in by_rank.items():
            if self.used >= self.nodes:
                raise OutOfNodes
            self.used += 1
            child = state.clone()
            down = [list(d) for d in child.down]
            first = down[s][0]
            for d in down:
                if card in d:
                    d[d.index(card)] = first
            down[s][0] = card
            child.down = down
            child._apply(REVEAL_ACTIONS[0])
            out.append((counts[r] / len(pool), child))
        return out

    # -- the search --------------------------------------------------------------------------------
    def value(self, state: ShitheadState, depth: int, alpha: float = 0.0, beta: float = 1.0) -> float:
        result = state.result()
        if result is not None:
            return result.rewards[self.seat]
        if depth <= 0:
            self.horizon = True
            return estimate(state, self.seat)
        key = position_key(state) if self.use_table else None
        hit = self.table.get(key) if self.use_table else None
        best_first: Hashable = None
        if hit is not None:
            d, v, flag, best_first, approx = hit
            if d >= depth and (flag == EXACT or (flag == LOWER and v >= beta)
                               or (flag == UPPER and v <= alpha)):
                if approx:
                    self.horizon = True
                return v
        horizon_before = self.horizon
        self.horizon = False
        maximise = state.to_move == self.seat
        a0, b0 = alpha, beta
        classes = self._classes(state)
        if best_first is not None:
            classes.sort(key=lambda ka: ka[0] != best_first)
        best = -1.0 if maximise else 2.0
        best_key: Hashable = None
        for k, action in classes:
            if k == REVEAL_DOWN:
                v = 0.0
                for p, child in self._reveals(state):
                    v += p * self.value(child, depth - 1)
            else:
                v = self.value(self._child(state, action), depth - 1, alpha, beta)
            if maximise:
                if v > best:
                    best, best_key = v, k
                alpha = max(alpha, v)
            else:
                if v < best:
                    best, best_key = v, k
                beta = min(beta, v)
            if alpha >= beta:
                break
        flag = UPPER if best <= a0 else LOWER if best >= b0 else EXACT
        approx = self.horizon
        if self.use_table:
            self.table[key] = (depth, best, flag, best_key, approx)
        self.horizon = horizon_before or approx
        return best

    def root_values(self, state: ShitheadState, depth: int) -> dict[Hashable, float]:
        """Each root move's value searched ``depth`` plies deep (a full window each, so the values
        of different deals can be averaged)."""
        out = {}
        for k, action in self._classes(state):
            if k == REVEAL_DOWN:
                out[k] = sum(p * self.value(child, depth - 1) for p, child in self._reveals(state))
            else:
                out[k] = self.value(self._child(state, action), depth - 1)
        return out


def deepest(state: ShitheadState, seat: int, nodes: int,
            max_depth: int = MAX_DEPTH) -> tuple[dict[Hashable, float], int, bool]:
    """Iterative deepening on one deal: the root values of the deepest search the budget completed,
    that depth, and whether it was exact (never needed the static estimate); ({}, 0, False) when
    not even ``MIN_DEPTH`` was reached... or the first depth, if ``max_depth`` is below it."""
    solver = Solver(seat, nodes)
    values: dict[Hashable, float] = {}
    done = 0
    exact = False
    for depth in range(1, max_depth + 1):
        solver.horizon = False
        try:
            got = solver.root_values(state, depth)
        except OutOfNodes:
            break
        values, done, exact = got, depth, not solver.horizon
        if exact:
            break
    return values, done, exact


def solve(view: ShitheadState, nodes: int, rng: Rng) -> Action | None:
    """The searched move for the seat whose view this is, or ``None`` when this is no heads-up
    endgame, there is a single move, or ``nodes`` (positions made, over all deals) does not let
    every deal be searched ``MIN_DEPTH`` plies deep."""
    if not applies(view) or cards_left(view) > MOST_CARDS:
        return None
    seat = view.viewer
    assert seat is not None
    legal = view.legal_actions()
    classes: dict[Hashable, Action] = {}
    for a in legal:
        classes.setdefault(_key(view, a), a)
    if len(classes) < 2:
        return None
    unseen = sum(1 for c in view.hands[1 - seat] if c == HIDDEN)
    deals = DEALS if unseen else 1
    totals: dict[Hashable, float] = dict.fromkeys(classes, 0.0)
    for _ in range(deals):
        deal = view.determinize(rng)
        values, depth, exact = deepest(deal, seat, nodes // deals)
        if not exact and (MIN_DEPTH is None or depth < MIN_DEPTH):
            return None
        for k in totals:
            totals[k] += values[k]
    # ties go to the earliest legal move (the engine's order), so the answer is reproducible
    best = max(classes, key=lambda k: totals[k])
    if view.phase in (REVEAL, PRESELECT, SHOWN_DOWN) and best == REVEAL_DOWN:
        return REVEAL_ACTIONS[0]
    return classes[best]
