"""Takku-Sum's table, after the seed's diagram: piles A (the Wildcard Indicator), B (the Play Pile)
with the Direction marker beside it, C (the Draw Pile) and D (the Discard Pile) in a row across the
middle; each seat's hand, its point cards face down and the cards it drew for first player."""

from __future__ import annotations

from cardtable.engine.table import CentreZoneSpec, LayoutSpec, SeatZoneSpec

LAYOUT = LayoutSpec(
    seat_zones=(
        SeatZoneSpec("points", "fan", label="points", width=1.6, face_down=True),
        SeatZoneSpec("minigame", "fan", label="first-player draw", width=1.3),
        SeatZoneSpec("hand", "hand", label="hand"),
    ),
    centre_zones=(
        CentreZoneSpec("wildcard", "stack", label="A · Wildcard"),
        CentreZoneSpec("play", "spread", label="B · Play pile", spread=4),
        CentreZoneSpec("direction", "panel", label="Direction", spread=3),
        CentreZoneSpec("draw", "stack", label="C · Draw pile"),
        CentreZoneSpec("discard", "stack", label="D · Discards"),
    ),
    drag_kinds=frozenset({"play"}),
    hotkeys={"g": ("grace",), "p": ("pass",), "d": ("draw_for_first",), " ": ("draw_for_first",)},
    deal_from="draw",
    out_when_empty=False,
    banner_kinds=frozenset({"game_over"}),
)
