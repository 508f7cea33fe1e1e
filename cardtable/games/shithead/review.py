"""How Card Table reviews Shithead: by the chance of not being the Shithead."""

from __future__ import annotations

from cardtable.engine.protocol import State
from cardtable.engine.review import ReviewSpec


def _not_shithead(reward: float, view: State) -> float:
    """The search's reward is 0 for the Shithead and at least 0.9 for everyone else (a safe seat's
    place scores 1.0 down to 0.9), 0.5 for a game no one lost: read as not being the Shithead."""
    return 1.0 if reward > 0.5 else 0.0 if reward < 0.5 else 0.5


REVIEW = ReviewSpec(measure="chance of not being the Shithead", unit="chance",
                    thresholds=(0.05, 0.10, 0.20), value=_not_shithead)
