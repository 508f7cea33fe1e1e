"""What a panel is drawn from at one moment: the placement, the viewer's view and the time."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardtable.ui.layout import TablePlacement


@dataclass
class PanelContext:
    placement: TablePlacement
    view: Any
    """The state as the viewer may know it (a redacted view): panels read only public facts."""
    names: list[str]
    viewer: int | None
    now: float
    zones: dict[str, list[int]]
    """Every zone at rest (the viewer's knowledge: HIDDEN where unknown)."""
    speed: Callable[[float], float]
    """Scales a timing by the animation-speed setting."""
    sizes: dict[str, int] | None = None
    """Zone sizes at the step the animation has reached, while it plays (None: at rest)."""
    picking: bool = False
    """Decks are fanned across the middle for a blind pick: keep the middle clear."""
