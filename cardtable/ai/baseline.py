"""The plain baseline Hard is measured against (issue 15): flat Monte Carlo over determinized views.

Each playout deals the cards the seat cannot see afresh (``State.determinize``), applies one
candidate move, and plays on with a simple policy until the game's own evaluation scores it
(the same ``search_hooks`` scoring as Hard, so both bots pursue the same goal). The candidates
take turns, so every move gets the same share of the playouts (uniform allocation), each on its
own deal; the move with the best mean is played. Nothing more: no shared deals, no pruning, no
preference for the heuristic's move. Tournaments give it the same playout count as Hard.

The playout policy is the game's simple heuristic bot, the same one Hard plays out with, so a
match between the two measures the searches alone. (Uniformly random playouts were tried first:
where a player may pick up the pile at will, random pickups make a playout run to thousands of
actions, so a 100-playout decision took seconds.)
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from cardtable.ai.base import Bot, legal_for
from cardtable.ai.search import action_classes, playout
from cardtable.ai.search_hooks import Hooks, hooks_for
from cardtable.engine.protocol import Action, State

BASELINE_ITERATIONS = 100
"""Hard's playouts a decision: the baseline plays at equal playouts unless a tournament says otherwise."""


class BaselineBot(Bot):
    """Flat Monte Carlo with uniform allocation; budgets in playouts, milliseconds or both."""

    name = "baseline"

    def __init__(self, seed: int = 0, iterations: int | None = BASELINE_ITERATIONS,
                 ms: float | None = None, rollout: Bot | None = None) -> None:
        super().__init__(seed)
        self.iterations = iterations
        self.ms = ms
        self.rollout = rollout
        self.done = 0

    def decide(self, view: State, legal: Sequence[Action]) -> Action:
        legal = legal_for(view)
        seat = view.viewer
        assert seat is not None
        hooks = hooks_for(view)
        candidates = action_classes(view, legal, hooks)
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        deadline = None if self.ms is None else time.perf_counter() + self.ms / 1000.0
        limit = self.iterations
        if limit is None and deadline is None:
            limit = BASELINE_ITERATIONS
        self.done = 0
        while (limit is None or self.done < limit) and (deadline is None or time.perf_counter() < deadline):
            i = self.done % len(candidates)
            totals[i] += self._score(view, candidates[i], hooks, seat)
            counts[i] += 1
            self.done += 1
        best = max(range(len(candidates)),
                   key=lambda i: (totals[i] / counts[i] if counts[i] else -1.0, -i))
        return candidates[best]

    def _score(self, view: State, action: Action, hooks: Hooks, seat: int) -> float:
        """One playout of ``action`` on a fresh deal, from the seat's side."""
        deal = view.determinize(self.rng)
        if hooks.prepare is not None:
            hooks.prepare(deal)
        deal._apply(action)
        return playout(deal, view, hooks, self.rollout, self.rng.next64())[seat]
