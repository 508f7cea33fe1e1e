"""Cersei's table: each seat's face-down deck with its count and, in front of it, its contest spot
(the face-up contesting cards and modifier draws) and its war stakes fanned face down; the pot in
the middle. Flip with the button, F or Space; the Assassin's pick is a click on a fanned deck."""

from __future__ import annotations

from cardtable.engine.table import CentreZoneSpec, LayoutSpec, SeatZoneSpec

LAYOUT = LayoutSpec(
    seat_zones=(
        SeatZoneSpec("deck", "stack", label="deck"),
        SeatZoneSpec("contest", "fan", label="in play", width=2.0),
        SeatZoneSpec("war", "fan", label="at stake", width=1.4),
    ),
    centre_zones=(CentreZoneSpec("pot", "fan", label="Pot", spread=6),),
    drag_kinds=frozenset(),
    hotkeys={"f": ("flip",), " ": ("flip",)},
    pick_kinds={"assassinate": "deck"},
    card_scale=1.2,
    banner_kinds=frozenset({"game_over"}),
)
