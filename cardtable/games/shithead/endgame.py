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
deepening within a node budget. Pickups make lines that never end, so no depth sees every line to
its end; instead each depth is searched twice, scoring every line cut short first as lost, then as
won: the true value of a move lies between the two. A move whose worst case is no worse than every
other move's best case is proven best, and only a proven move is played; otherwise (and where every
move is lost anyway) ``solve`` answers ``None`` and the caller searches by playouts. Deals are
averaged per root move.
"""

from __future__ import annotations

import time
from collections.abc import Hashable

from cardtable.engine.cards import HIDDEN, RANK
from cardtable.engine.protocol import Action
from cardtable.engine.rng import Rng
from cardtable.games.shithead.game import (
    PLAY,
    REVEAL_ACTIONS,
    REVEAL_DOWN,
    SETUP,
    ShitheadState,
)

MAX_DEPTH = 60
DEALS = 4
"""Deals of the opponent's unseen hand cards searched (one when it holds none unseen)."""
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


class Solver:
    """Expectimax with alpha-beta over one deal, for ``seat``; ``nodes`` bounds the positions made
    (``budget``, where several searches share one)."""

    def __init__(self, seat: int, nodes: int, leaf: float, use_table: bool = True,
                 budget: list[int] | None = None, deadline: float | None = None) -> None:
        self.deadline = deadline
        """A ``time.perf_counter`` value past which the search stops as if out of positions."""
        self.use_table = use_table
        """False: no transposition table (a search exactly ``depth`` plies deep, for tests)."""
        self.leaf = leaf
        """The score of a line cut short: 0.0 (as lost) or 1.0 (as won) bound the true value from
        below and above."""
        self.seat = seat
        self.budget = [0, nodes] if budget is None else budget
        """[positions made, most allowed]: one list shared by the searches of a decision."""
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
        budget = self.budget
        if budget[0] >= budget[1]:
            raise OutOfNodes
        budget[0] += 1
        if budget[0] & 255 == 0 and self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfNodes
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
        budget = self.budget
        for r, card in by_rank.items():
            if budget[0] >= budget[1]:
                raise OutOfNodes
            budget[0] += 1
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
            return self.leaf
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
        out: dict[Hashable, float] = {}
        for k, action in self._classes(state):
            if k == REVEAL_DOWN:
                out[k] = sum(p * self.value(child, depth - 1) for p, child in self._reveals(state))
            else:
                out[k] = self.value(self._child(state, action), depth - 1)
        return out


Bounds = dict[Hashable, tuple[float, float]]


def proven(bounds: Bounds) -> Hashable | None:
    """The move whose worst case (lines cut short lost) is no worse than every other move's best
    case (lines cut short won), if there is one: the first such, in the order given."""
    for k, (lo, _) in bounds.items():
        if all(hi <= lo for j, (_, hi) in bounds.items() if j != k):
            return k
    return None


def deepest(state: ShitheadState, seat: int, nodes: int, max_depth: int = MAX_DEPTH,
            deadline: float | None = None) -> tuple[Bounds, int, bool]:
    """Iterative deepening on one deal, twice at each depth: lines cut short scored as lost, then as
    won. Returns each root move's two values (the game's value lies between them) at the deepest
    depth the budget completed, that depth, and whether the values are exact (no line was cut, or
    none that mattered: both searches agree on every move). It stops as soon as one move is
    proven best (``proven``)."""
    budget = [0, nodes]
    low = Solver(seat, nodes, leaf=0.0, budget=budget, deadline=deadline)
    high = Solver(seat, nodes, leaf=1.0, budget=budget, deadline=deadline)
    bounds: Bounds = {}
    done = 0
    for depth in range(1, max_depth + 1):
        try:
            lo = low.root_values(state, depth)
            hi = high.root_values(state, depth)
        except OutOfNodes:
            break
        bounds = {k: (lo[k], hi[k]) for k in lo}
        done = depth
        if proven(bounds) is not None:
            break
    exact = bool(bounds) and all(lo == hi for lo, hi in bounds.values())
    return bounds, done, exact


def solve(view: ShitheadState, nodes: int, rng: Rng, deadline: float | None = None) -> Action | None:
    """The proven move for the seat whose view this is, or ``None`` (the caller then searches by
    playouts) when this is no heads-up endgame, there is a single move, every move is lost anyway
    (the playouts' opponent may still go wrong), or ``nodes`` (positions made, over all deals)
    (or the ``deadline``, a ``time.perf_counter`` value) does not prove one move at least as good
    as every other on average over the deals."""
    if not applies(view):
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
    low: dict[Hashable, float] = dict.fromkeys(classes, 0.0)
    high: dict[Hashable, float] = dict.fromkeys(classes, 0.0)
    for _ in range(deals):
        bounds = deepest(view.determinize(rng), seat, nodes // deals, deadline=deadline)[0]
        if not bounds:
            return None
        for k in classes:
            low[k] += bounds[k][0] / deals
            high[k] += bounds[k][1] / deals
    best = proven({k: (low[k], high[k]) for k in classes})
    if best is None or high[best] == 0.0:
        return None
    if best == REVEAL_DOWN:
        return REVEAL_ACTIONS[0]
    return classes[best]
