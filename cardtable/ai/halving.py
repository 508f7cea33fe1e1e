"""The stronger yardstick (issue 28): flat Monte Carlo with sequential halving over action classes.

The same determinization, playouts and scoring as the plain baseline (``baseline.BaselineBot``):
each playout deals the unseen cards afresh, applies one candidate and plays on with the game's
heuristic, scored by the game's own search hooks. Only the allocation differs: the budget is cut
into ceil(log2 K) rounds for K candidates (one per class of equivalent actions); in each round
every surviving candidate gets an equal share of that round's playouts, and the worse half (by
mean) leaves before the next (Karnin, Koren and Somekh, 2013). A generic search that spends its
playouts well, with nothing of the game's structure and no preference for the heuristic's move:
Hard must beat it to be called strong.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from cardtable.ai.base import legal_for
from cardtable.ai.baseline import BASELINE_ITERATIONS, BaselineBot
from cardtable.ai.search import action_classes
from cardtable.ai.search_hooks import hooks_for
from cardtable.engine.protocol import Action, State


def halving_schedule(candidates: int, budget: int) -> list[int]:
    """Playouts per surviving candidate in each round: ceil(log2 K) rounds share the budget equally,
    each survivor getting at least one playout a round."""
    if candidates <= 1:
        return []
    rounds = math.ceil(math.log2(candidates))
    per_round = budget / rounds
    out = []
    alive = candidates
    for _ in range(rounds):
        out.append(max(1, int(per_round // alive)))
        alive = (alive + 1) // 2
    return out


class HalvingBot(BaselineBot):
    """Flat Monte Carlo with sequential halving; a budget in playouts (``iterations``). The
    baseline's deals, playouts and scoring (its ``_score``); only the allocation is its own. A time
    budget is accepted for the tournament's "--budget 500ms" but converted to nothing finer than
    playouts: the schedule needs its total up front, so ms alone means the default."""

    name = "halving"

    def decide(self, view: State, legal: Sequence[Action]) -> Action:
        legal = legal_for(view)
        seat = view.viewer
        assert seat is not None
        hooks = hooks_for(view)
        candidates = action_classes(view, legal, hooks)
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        alive = list(range(len(candidates)))
        self.done = 0
        budget = self.iterations if self.iterations is not None else BASELINE_ITERATIONS
        for share in halving_schedule(len(candidates), budget):
            for i in alive:
                for _ in range(share):
                    totals[i] += self._score(view, candidates[i], hooks, seat)
                    counts[i] += 1
                    self.done += 1
            alive.sort(key=lambda i: (-totals[i] / counts[i], i))
            alive = alive[:(len(alive) + 1) // 2]
        return candidates[alive[0]]
