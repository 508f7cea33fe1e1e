"""The review's evaluator: how much a seat's move fell short of the best move, judged only on what
the seat could know.

Every evaluation starts from the seat's own view at the decision (``State.view``: the cards it
may not know are hidden) and samples the hidden cards as the search bots do
(``State.determinize``). Each class of equivalent moves (the search's ``action_classes``) is
scored on the same deals and the same random stream (common random numbers, as the flat search
does), by a playout with the game's heuristic as policy, ended and scored by the game's search
hooks; the game's ``review.py`` reads the seat's reward as its own measure (a chance, a place,
money). The move made is compared with the best on the deals both were tried on, so the luck of
the deal cancels out of the difference, and its standard error says how sure the loss is.

Samples: deals are dealt in batches of ``BATCH``, at most ``MAX_DEALS`` (or the game's own
``max_deals``) and at least a quarter of that (a few lucky deals must not settle a grade).
Moves the leader beats by ``DROP_Z`` standard errors leave the race (never the move made); the
review stops early once the loss is sure to be under the first threshold, or its grade cannot
change within two standard errors. The race's leader is the luckiest of many noisy means, so
its lead over the move made is measured again on as many fresh deals (never reused from the
race): that is the loss. A loss is graded only when it is at least ``SURE_Z`` standard errors
from nothing: noise never makes a mistake. Everything is seeded (the decision's seed):
the same replay and seed give the same review on any machine.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from dataclasses import dataclass

from cardtable.ai import bot_kinds
from cardtable.ai.base import RandomBot
from cardtable.ai.search import action_classes, playout
from cardtable.ai.search_hooks import Hooks, hooks_for
from cardtable.engine.protocol import Action, State
from cardtable.engine.review import ReviewSpec
from cardtable.engine.rng import Rng
from cardtable.games import parts_of

BATCH = 16
MIN_DEALS = 32
MAX_DEALS = 320
DROP_Z = 3.0
SURE_Z = 2.0
"""A loss is graded only when the move made trails the best by this many standard errors."""
FRESH_SALT = 0xF2E54
"""Seeds the fresh deals the leader's lead over the move made is measured on again."""


@dataclass(frozen=True)
class Candidate:
    action: Action
    value: float
    """The mean of the game's measure after this move, over the deals it was tried on."""
    deals: int


@dataclass(frozen=True)
class Evaluation:
    """One decision, reviewed: the moves weighed, the move made and the best, and the verdict."""

    made: Action
    best: Action
    made_value: float
    best_value: float
    loss: float
    """How far the move made fell short of the best, in the measure's units (0: it was the best)."""
    se: float
    """The standard error of ``loss`` over the shared deals."""
    grade: str
    """"inaccuracy", "mistake", "blunder", or "" (not graded)."""
    deals: int
    """Deals in the race; a loss is measured on as many fresh deals again."""
    candidates: tuple[Candidate, ...]


def review_spec(state: State) -> ReviewSpec | None:
    """The game's declared review (``PARTS.review``), or None for a game with no review."""
    return parts_of(state.game).review


def candidates_of(view: State, spec: ReviewSpec, hooks: Hooks) -> list[Action]:
    """One move per class the review weighs at this decision (a list of its own: the move made
    joins it where no class holds it)."""
    legal = view.legal_actions()
    return list(action_classes(view, legal, hooks if spec.key is None else Hooks(key=spec.key)))


def is_reviewed(view: State, spec: ReviewSpec, hooks: Hooks) -> bool:
    """A decision with a real choice (two classes of move or more) that the game reviews."""
    if view.to_move is None or view.viewer != view.to_move:
        return False
    legal = view.legal_actions()
    if len(legal) < 2 or (spec.reviewed is not None and not spec.reviewed(view, legal)):
        return False
    return len(candidates_of(view, spec, hooks)) >= 2


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """The mean of a - b over the deals both were tried on (the first ``k``), and its standard error."""
    k = min(len(a), len(b))
    if k == 0:
        return 0.0, math.inf
    diffs = [x - y for x, y in zip(a[:k], b[:k], strict=True)]
    mean = sum(diffs) / k
    if k < 2:
        return mean, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (k - 1)
    return mean, math.sqrt(var / k)


def evaluate(view: State, made: Action, seed: int, spec: ReviewSpec | None = None) -> Evaluation:
    """Review ``made`` in ``view`` (the deciding seat's own view, its turn). Deterministic in
    ``seed``; raises ValueError for a view that is not the seat's own on its turn."""
    return evaluate_choices(view, [made], seed, spec)[0]


@dataclass
class _Weigher:
    """Plays moves out from a view's sampled deals and reads the seat's reward as the measure,
    signed so that more is better."""

    view: State
    spec: ReviewSpec
    moves: list[Action]
    seed: int

    def __post_init__(self) -> None:
        seat = self.view.viewer
        assert seat is not None
        self.seat = seat
        self.hooks = hooks_for(self.view)
        self.sign = 1.0 if self.spec.higher_is_better else -1.0
        self.policy = bot_kinds(self.view.game.name).get("heuristic", RandomBot)(self.seed ^ 0x5EED)

    def weigh(self, rng: Rng, which: list[int], count: int, into: dict[int, list[float]]) -> None:
        """``count`` deals, each move of ``which`` played out on every one (the same luck)."""
        view, hooks = self.view, self.hooks
        for _ in range(count):
            deal = view.determinize(rng)
            if hooks.prepare is not None:
                hooks.prepare(deal)
            luck = rng.next64()
            for i in which:
                state = deal.clone()
                state._apply(self.moves[i])
                reward = playout(state, view, hooks, self.policy, luck)[self.seat]
                into[i].append(self.sign * self.spec.value(reward, view))


def _own_spec(view: State, spec: ReviewSpec | None) -> ReviewSpec:
    if view.viewer is None or view.to_move != view.viewer:
        raise ValueError("a review starts from the deciding seat's own view on its turn")
    spec = spec if spec is not None else review_spec(view)
    if spec is None:
        raise ValueError(f"{view.game.title} has no review")
    return spec


def _with_choices(view: State, spec: ReviewSpec, choices: list[Action]) -> tuple[list[Action], list[int]]:
    """One move per class weighed, with each choice's class among them: the moves and where."""
    hooks = hooks_for(view)
    key = spec.key or hooks.key
    moves = candidates_of(view, spec, hooks)

    def cls(a: Action) -> Hashable:
        return a if key is None else key(view, a)

    kept: list[int] = []
    for made in choices:
        made_key = cls(made)
        made_i = next((i for i, a in enumerate(moves) if cls(a) == made_key), None)
        if made_i is None:
            moves.append(made)
            made_i = len(moves) - 1
        kept.append(made_i)
    return moves, kept


def _race(w: _Weigher, kept: list[int]) -> tuple[dict[int, list[float]], list[int], int]:
    """Deals in batches until the grade of every kept move is settled: the scores, the moves
    still in the race and the deals dealt."""
    spec = w.spec
    rng = Rng(w.seed)
    scores: dict[int, list[float]] = {i: [] for i in range(len(w.moves))}
    alive = list(range(len(w.moves)))
    deals = 0
    most = spec.max_deals or MAX_DEALS
    least = max(MIN_DEALS, most // 4)   # a few lucky deals must not settle a grade
    while deals < most:
        w.weigh(rng, alive, BATCH, scores)
        deals += BATCH
        if len(alive) > 1 and deals >= MIN_DEALS:
            lead = max(alive, key=lambda i: (sum(scores[i]) / len(scores[i]), -i))
            alive = [i for i in alive if i == lead or i in kept or _z(scores[lead], scores[i]) < DROP_Z]
            if deals >= least and all(_settled(spec, scores, alive, lead, k) for k in set(kept)):
                break
    return scores, alive, deals


def evaluate_choices(view: State, choices: list[Action], seed: int, spec: ReviewSpec | None = None
                     ) -> list[Evaluation]:
    """Review several possible moves at one decision on ONE weighing (the same deals, the same
    random stream): each choice is graded against the same best move, so two choices' grades differ
    only where the choices do. Every choice stays in the race to the end (the calibration asks each
    bot what it would play here). With one choice this is ``evaluate``."""
    spec = _own_spec(view, spec)
    moves, kept = _with_choices(view, spec, choices)
    w = _Weigher(view, spec, moves, seed)
    scores, alive, deals = _race(w, kept)
    means = [sum(scores[i]) / len(scores[i]) for i in range(len(moves))]
    bests = [max(alive, key=lambda i: (means[i], i == made_i, -i)) for made_i in kept]
    # The race's leader is the best of many noisy means, lucky on the race's deals (the more moves,
    # the luckier): its lead over the move made is measured again on fresh deals, or every move
    # but the leader would look like a loss in a decision of many moves.
    again = sorted({i for b, k in zip(bests, kept, strict=True) if b != k for i in (b, k)})
    fresh: dict[int, list[float]] = {i: [] for i in again}
    if again:
        w.weigh(Rng(seed ^ FRESH_SALT), again, deals, fresh)
    sign = w.sign
    candidates = tuple(Candidate(moves[i], sign * means[i], len(scores[i])) for i in range(len(moves)))
    out = []
    for made, made_i, best_i in zip(choices, kept, bests, strict=True):
        loss, se = _paired(fresh[best_i], fresh[made_i]) if best_i != made_i else (0.0, 0.0)
        if best_i != made_i and loss <= 0:   # the lead did not hold: no better move found
            best_i, loss, se = made_i, 0.0, 0.0
        sure = loss > 0 and (se == 0 or loss / se >= SURE_Z)
        grade = spec.grade(loss) if sure else ""
        values = fresh if best_i != made_i else scores
        made_value = sign * sum(values[made_i]) / len(values[made_i])
        best_value = sign * sum(values[best_i]) / len(values[best_i])
        out.append(Evaluation(made, moves[best_i], made_value, best_value, loss, se, grade, deals,
                              candidates))
    return out


def _z(a: list[float], b: list[float]) -> float:
    mean, se = _paired(a, b)
    if se == 0:
        return math.inf if mean > 0 else 0.0
    return mean / se


def _settled(spec: ReviewSpec, scores: Mapping[int, list[float]], alive: list[int], lead: int,
             made: int) -> bool:
    """Nothing more to learn: the grade of the move made is the same at both ends of its loss's
    range (two standard errors below the leader's lead, two above the best rival's)."""
    if alive == [made]:
        return True
    loss, se = _paired(scores[lead], scores[made]) if lead != made else (0.0, 0.0)
    low = max(0.0, loss - 2 * se)
    high = max((m + 2 * e for m, e in (_paired(scores[i], scores[made]) for i in alive if i != made)),
               default=0.0)
    return spec.grade(low) == spec.grade(max(low, high))


def head_to_head(view: State, first: Action, second: Action, seed: int, deals: int,
                 spec: ReviewSpec | None = None) -> tuple[float, float]:
    """How much better ``second`` is than ``first`` in the game's measure (negative: worse), over
    ``deals`` deals both are played out on (the same luck), and its standard error: two moves
    compared alone, with no best picked among many (the calibration's check of two levels)."""
    w = _Weigher(view, _own_spec(view, spec), [first, second], seed)
    scores: dict[int, list[float]] = {0: [], 1: []}
    w.weigh(Rng(seed), [0, 1], deals, scores)
    return _paired(scores[1], scores[0])
