"""How Card Table reviews Cunt-Soul: by the expected finishing place."""

from __future__ import annotations

from cardtable.engine.protocol import State
from cardtable.engine.review import ReviewSpec


def _place(reward: float, view: State) -> float:
    """The search's reward is (n - place) / (n - 1), the place estimated by cards left once a
    playout is deep enough: read back as a place (1 is first out)."""
    n = len(view.names)
    return n - reward * (n - 1)


REVIEW = ReviewSpec(measure="expected finishing place", unit="place",
                    thresholds=(0.1, 0.3, 0.6), value=_place, higher_is_better=False)
