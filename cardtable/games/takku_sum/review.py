"""How Card Table reviews Takku-Sum: by the chance of winning the match."""

from __future__ import annotations

from cardtable.engine.protocol import State
from cardtable.engine.review import ReviewSpec


def _win_chance(reward: float, view: State) -> float:
    """The search's reward is the match win chance (the race model once the round is over)."""
    return reward


REVIEW = ReviewSpec(measure="chance of winning the match", unit="chance",
                    thresholds=(0.03, 0.06, 0.10), value=_win_chance)
