"""A game's table description, as plain data: which zones each seat has and which lie in the
middle, how they are drawn, and what a gesture on them means. Each game fills one in (its
``table.py``); the table draws any description and knows no game. Nothing here knows a pixel.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class SeatZoneSpec:
    """A zone every seat has, named ``{name}/{seat}``.

    ``style``: "row" lays the cards side by side in ``slots`` fixed places; "hand" fans the
    viewer's cards face up and stacks an opponent's; "stack" is one place with a count (a deck);
    "fan" overlaps every card of the zone inside ``width`` card widths (a contest spot, a scored
    pile, point cards). ``on`` puts this row on top of another row, shifted down a little so the
    cards beneath still show (Shithead's up cards on the down cards).
    """

    name: str
    style: str
    slots: int = 3
    on: str = ""
    label: str = ""
    width: float = 1.0
    """Card widths a "fan" zone takes."""
    face_down: bool = False
    """Drawn face down at rest even where the cards are known (Takku-Sum's point cards lie face
    down in front of their seat)."""


@dataclass(frozen=True)
class CentreZoneSpec:
    """A shared zone in the middle: "stack" (one place, top card shown, a count), "spread" (the
    top ``spread`` cards fanned so multiples show), "fan" (every card overlapped inside the width
    of a ``spread`` spread: the cards of the current turn) or "panel" (no cards: a place the
    game's panel draws in, such as a direction marker)."""

    name: str
    style: str
    label: str = ""
    spread: int = 4


@dataclass(frozen=True)
class LayoutSpec:
    seat_zones: tuple[SeatZoneSpec, ...]
    centre_zones: tuple[CentreZoneSpec, ...]
    drag_kinds: frozenset[str] = frozenset({"play"})
    """Action kinds that are card moves made by dragging, clicking the target or double-clicking."""
    hotkeys: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """A key letter to the action kinds it performs when exactly one such action is legal."""
    slot_kinds: dict[str, str] = field(default_factory=dict)
    """Action kind to one of the viewer's own seat zones: ``target`` is the index of a card there
    (a face-down card played blind, a hand card swapped with a face-down card). A click on that
    card, or a drop of the action's cards onto it, makes the action."""
    card_scale: float = 1.0
    """Cards larger than the usual size, for a game with few cards on the table."""
    out_when_empty: bool = True
    """A seat with no cards left is out of the game (its plate greys); False where an empty seat
    still plays (a scored pile banks nothing yet)."""
    deal_from: str = ""
    """The centre zone the deal flies from (the first centre zone when empty)."""
    pick_kinds: dict[str, str] = field(default_factory=dict)
    """Action kind to a seat zone: the action picks a card blind by position, ``target`` naming the
    seat and ``choice`` the index (0 the bottom) in ``{zone}/{target}``. The table fans those zones
    face down in the middle and a click on a card is the pick (Cersei's Assassin)."""
    slot_choices: dict[str, str] = field(default_factory=dict)
    """Action kinds whose ``choice`` is a slot number of one of the seat's rows (kind -> row name):
    clicking the card in slot ``i`` of that row makes the action with choice ``str(i)``."""
    banner_kinds: frozenset[str] = frozenset()
    """Event kinds whose text is also shown big across the table for a moment."""
