"""Shithead's table, after the pile diagram without the field card: each seat's three face-down
cards with the face-up cards on them and the hand beside them; the draw pile, the active pile
(top cards fanned so a pair or triple shows) and the burnt cards in the middle."""

from __future__ import annotations

from cardtable.engine.table import CentreZoneSpec, LayoutSpec, SeatZoneSpec
from cardtable.games.shithead import kinds

LAYOUT = LayoutSpec(
    seat_zones=(
        SeatZoneSpec("down", "row", slots=3, label="down"),
        SeatZoneSpec("up", "row", slots=3, on="down", label="up"),
        SeatZoneSpec("hand", "hand", label="hand"),
    ),
    centre_zones=(
        CentreZoneSpec("draw", "stack", label="Draw pile"),
        CentreZoneSpec("play", "spread", label="Pile", spread=4),
        CentreZoneSpec("burn", "stack", label="Burn pile"),
    ),
    drag_kinds=frozenset({"play"}),
    hotkeys={"p": ("pickup", "accept")},
    slot_choices={"reveal_down": "down"},
    banner_kinds=frozenset({kinds.LIBRARY, kinds.OUT, kinds.GAME_OVER}),
)
