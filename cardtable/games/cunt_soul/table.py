"""Cunt-Soul's table, after its pile diagram: the source pile at the side of the middle, the
discard area beside it and the burnt cards; each seat's three face-down cards with the face-up
cards on them, its field card beside the row, and its hand.

Setup: drag three hand cards onto your face-up slots and one onto your field slot. A play is a drag
onto the discard area; a face-down card is played (or looked at under Field 5) by clicking it; a
5 swap drops a hand card onto a face-up card (or a face-down one under Field 5); a field change
drops a hand card onto your field card, then the face-up card to burn onto the burnt cards."""

from __future__ import annotations

from cardtable.engine.table import CentreZoneSpec, LayoutSpec, SeatZoneSpec

LAYOUT = LayoutSpec(
    seat_zones=(
        SeatZoneSpec("down", "row", slots=3, label="down"),
        SeatZoneSpec("up", "row", slots=3, on="down", label="up"),
        SeatZoneSpec("field", "stack", label="field"),
        SeatZoneSpec("hand", "hand", label="hand"),
    ),
    centre_zones=(
        CentreZoneSpec("source", "stack", label="Source pile"),
        CentreZoneSpec("discard", "spread", label="Discard area", spread=5),
        CentreZoneSpec("burn", "stack", label="Burnt"),
    ),
    drag_kinds=frozenset({"play", "face_up", "field", "change_field", "burn_up", "swap"}),
    slot_kinds={"play_down": "down", "look": "down", "swap_down": "down"},
    hotkeys={"p": ("pickup",), "s": ("stop",), "k": ("no_swap",)},
    banner_kinds=frozenset({"out", "paradox", "stalemate", "game_over"}),
)
