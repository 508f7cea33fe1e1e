"""Fscking Ace's table: the pack in the middle with the direction of play beside it, the current
turn's cards laid out in a row, the discards; each seat's scored pile. Flip (F or Space) and Stop
(S, once a card is turned) are buttons; between rounds, deal on (N) or end the sitting (E)."""

from __future__ import annotations

from cardtable.engine.table import CentreZoneSpec, LayoutSpec, SeatZoneSpec

LAYOUT = LayoutSpec(
    seat_zones=(SeatZoneSpec("scored", "fan", label="banked", width=2.4),),
    centre_zones=(
        CentreZoneSpec("direction", "panel", label="Play goes", spread=3),
        CentreZoneSpec("pack", "stack", label="Pack"),
        CentreZoneSpec("turn", "fan", label="This turn", spread=9),
        CentreZoneSpec("discard", "stack", label="Discards"),
    ),
    drag_kinds=frozenset(),
    hotkeys={"f": ("flip",), " ": ("flip",), "s": ("stop",), "n": ("next_round",), "e": ("end_sitting",)},
    deal_from="pack",
    out_when_empty=False,
    banner_kinds=frozenset({"ace", "sitting_over"}),
)
