"""Crazy Eights' table: each seat's hand; the stock and the discard pile in the middle. Drag a card
onto the discard pile (or double-click it); D draws, P passes; an eight asks for a suit.

The panel (``TELLER``): the suit to follow and the stock's size in the side box, and a caption
when a suit is named."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, cast

from cardtable.engine.table import (
    CentreZoneSpec,
    HoldKind,
    LayoutSpec,
    SeatZoneSpec,
    Seen,
    TableInfo,
    Teller,
)

from .game import CrazyEightsState

LAYOUT = LayoutSpec(
    seat_zones=(SeatZoneSpec("hand", "hand", label="hand"),),
    centre_zones=(
        CentreZoneSpec("stock", "stack", label="Stock"),
        CentreZoneSpec("discard", "spread", label="Discards", spread=3),
    ),
    drag_kinds=frozenset({"play"}),
    hotkeys={"d": ("draw",), "p": ("pass",)},
    deal_from="stock",
    banner_kinds=frozenset({"game_over"}),
)


class CrazyEightsTeller(Teller):
    captions = frozenset({"suit"})
    holds: ClassVar[Mapping[str, HoldKind]] = {"suit": "step"}

    def describe(self, seen: Seen) -> TableInfo:
        view = cast(CrazyEightsState, seen.view)
        return TableInfo(status=("Crazy Eights", f"Follow {view.suit_to_follow()}",
                                 f"Stock: {seen.size('stock')} cards"))


TELLER = CrazyEightsTeller
