"""Cunt-Soul's table, after its pile diagram: the source pile at the side of the middle, the
discard area beside it and the burnt cards; each seat's three face-down cards with the face-up
cards on them, its field card beside the row, and its hand.

Setup: drag three hand cards onto your face-up slots and one onto your field slot. A play is a drag
onto the discard area; a face-down card is played (or looked at under Field 5) by clicking it; a
5 swap drops a hand card onto a face-up card (or a face-down one under Field 5); a field change
drops a hand card onto your field card, then the face-up card to burn onto the burnt cards.

The panel (``TELLER``): the field abilities in force in words, the swapped-in face-up cards turned
90°, and a caption for every rule that fires."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, cast

from cardtable.engine.cards import ACE, JACK, JOKER, KING, QUEEN
from cardtable.engine.protocol import Event
from cardtable.engine.table import (
    CentreZoneSpec,
    HoldKind,
    LayoutSpec,
    Marker,
    SeatZoneSpec,
    Seen,
    TableInfo,
    Teller,
)
from cardtable.games.cunt_soul import kinds
from cardtable.games.cunt_soul.game import CuntSoulState

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
        CentreZoneSpec("burn", "stack", label="Burn pile"),
        CentreZoneSpec("direction", "panel", label="Play goes", spread=1),
    ),
    drag_kinds=frozenset({"play", "face_up", "field", "change_field", "burn_up", "swap"}),
    slot_kinds={"play_down": "down", "look": "down", "swap_down": "down"},
    hotkeys={"p": ("pickup",), "s": ("stop",), "k": ("no_swap",)},
    banner_kinds=frozenset({kinds.OUT, kinds.PARADOX, kinds.STALEMATE, kinds.GAME_OVER}),
)

RANK_WORD = {JACK: "J", QUEEN: "Q", KING: "K", ACE: "A", JOKER: "Joker"}
FIELD_WORDS = {
    2: "6, 7 and 10 lose 'almost any'",
    3: "three of a rank in a row become a 3",
    4: "one card at a time",
    5: "5s swap with face-down cards",
    6: "the source pile's top card shows",
    7: "higher or lower is declared after each turn",
    8: "card abilities act once more",
    9: "2 to 9 all count as 9",
    10: "burns go under the source pile",
    JACK: "who plays next is chosen after each turn",
    QUEEN: "no card abilities stack",
    KING: "play equal or lower",
    ACE: "hand size +1 each",
    JOKER: "every card ability is off",
}
"""Rule R38's field effects in a few words each, by rank."""
KINGS_CANCEL = "an even number of Ks: equal or higher again"
"""A41's even number of Field Ks, in words."""

STEP_KINDS = frozenset(
    {
        kinds.PARADOX,
        kinds.BURN,
        kinds.CANCEL,
        kinds.COPY,
        kinds.SKIP,
        kinds.DIRECTION,
        kinds.DECLARE,
        kinds.CHOOSE,
        kinds.REVEAL,
        kinds.MISS,
        kinds.TRIPLE,
        kinds.ACE,
        kinds.RUN,
        kinds.OUT,
        kinds.FOLLOW,
        kinds.SWAP,
        kinds.LOOK,
        kinds.CAPPED,
        kinds.GAME_OVER,
    }
)
"""The rules that fire, each captioned as it happens."""


class CuntSoulTeller(Teller):
    """The field abilities in force in words ("Field K: play equal or lower"), the swapped-in
    face-up cards turned 90°, and a caption for every rule that fires (a paradox, a burn, a Joker's
    cancel, skips and reversals, a 7's declaration, a J's choice, the field reveal)."""

    captions = STEP_KINDS
    holds: ClassVar[Mapping[str, HoldKind]] = {
        k: "step" for k in (kinds.PARADOX, kinds.BURN, kinds.CANCEL, kinds.REVEAL, kinds.MISS, kinds.OUT)
    }

    def hold(self, ev: Event, following: Sequence[Event]) -> HoldKind:
        if ev.kind == kinds.REVEAL and ev.cards:
            return ""  # every seat's cards turn over together; the line naming them holds
        return super().hold(ev, following)

    def describe(self, seen: Seen) -> TableInfo:
        view = cast(CuntSoulState, seen.view)
        return TableInfo(status=tuple(field_lines(view)), rotated=view.turned_cards(),
                         markers=(direction_marker(view.direction),))


def direction_marker(direction: int) -> Marker:
    """The way play goes round the table (a played K reverses it)."""
    if direction == 1:
        return Marker("direction", "clockwise", "clockwise", "accent")
    return Marker("direction", "counter-clockwise", "anticlockwise", "alert")


def field_lines(view: CuntSoulState) -> list[str]:
    """The side box: the field abilities in force, in the order of R38."""
    in_force = view.field_in_force()
    lines = ["Field abilities"]
    for rank, words in FIELD_WORDS.items():
        n = in_force.get(rank, 0)
        if not n:
            continue
        times = f" ×{n}" if n > 1 else ""
        if rank == KING and not view.field_kings_reverse():
            words = KINGS_CANCEL
        lines.append(f"Field {RANK_WORD.get(rank, str(rank))}{times}: {words}")
    if len(lines) == 1:
        lines.append("none yet: field cards are face down" if not in_force else "none")
    return lines


TELLER = CuntSoulTeller
