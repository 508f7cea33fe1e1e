"""A game's table description, as plain data: which zones each seat has and which lie in the
middle, how they are drawn, and what a gesture on them means. Each game fills one in (its
``table.py``); the table draws any description and knows no game. Nothing here knows a pixel.

The side panel is data too: a game's ``Teller`` hears the events as the animation reaches them and
describes, from the view's public facts, a ``TableInfo`` (status lines, badges, marks, turned cards,
a direction marker, a settlement sheet) that the table draws.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Literal

from cardtable.engine.protocol import Event, State


@dataclass(frozen=True)
class SeatZoneSpec:
    """A zone every seat has, named ``{name}/{seat}``.

    ``style``: "row" lays the cards side by side in ``slots`` fixed places; "hand" fans the
    viewer's cards face up and stacks an opponent's; "stack" is one place with a count (a deck);
    "fan" overlaps every card of the zone inside ``width`` card widths (a contest spot, a scored
    pile, point cards). ``on`` puts this row on top of another row, shifted down a little so the
    cards beneath still show (face-up cards lying on face-down ones).
    """

    name: str
    style: str
    slots: int = 3
    on: str = ""
    label: str = ""
    width: float = 1.0
    """Card widths a "fan" zone takes."""
    face_down: bool = False
    """Drawn face down at rest even where the cards are known (point cards lying face down in front
    of their seat)."""


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
    meter: bool = False
    """The game's panel draws a ``Meter`` under it: the prompt keeps clear of it."""


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
    face down in the middle and a click on a card is the pick (a card taken blind from a deck)."""
    slot_choices: dict[str, str] = field(default_factory=dict)
    """Action kinds whose ``choice`` is a slot number of one of the seat's rows (kind -> row name):
    clicking the card in slot ``i`` of that row makes the action with choice ``str(i)``."""
    banner_kinds: frozenset[str] = frozenset()
    """Event kinds whose text is also shown big across the table for a moment."""
    zone_clicks: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """A place to the action kinds a click on it performs when exactly one such action is legal
    (a centre zone by name, or the viewer's own seat zone by its name): the pack that is flipped
    by clicking it, as its button and key do."""
    open_kinds: frozenset[str] = frozenset()
    """Action kinds a person decides without a look at their own cards (Takku-Sum's draw for first
    player, R6): at a screen shared by several people, a turn whose every legal action is of these
    kinds is taken with every hand face down, so the screen is not passed for it."""

    @property
    def main_kind(self) -> str:
        """The kind a card dragged to the middle would mostly make (a play, where the game has one):
        the move a refusal of a single card is asked about, at the table and on a phone."""
        return "play" if "play" in self.drag_kinds else min(self.drag_kinds, default="play")


# -- the side panel: what a game shows besides its cards, as data --------------------------------

Tone = Literal["accent", "alert", "go", "hot", "dim"]
"""A colour by what it means: the table's accent, a warning (a loss, play reversed), good to go, hot
(a burn's colour), or quiet (nothing decided yet)."""

HoldKind = Literal["", "step", "settlement"]
"""How long the animation waits after an event: not at all, a step of a resolution (long enough to
read), or a settlement screen (long enough to take in a table of payments)."""


@dataclass(frozen=True)
class Badge:
    """A short label on a zone: at the foot of the zone's place (``on_top`` None: a seat's pile
    with its count or value), or on the top card of the zone's first ``on_top`` cards (a value
    told while the zone held that many)."""

    zone: str
    text: str
    lit: bool = True
    """Filled in the accent colour; False: a quiet plate (nothing there yet)."""
    on_top: int | None = None


@dataclass(frozen=True)
class Glow:
    """The top card of a zone's first ``count`` cards is lit (the card that won a round)."""

    zone: str
    count: int


@dataclass(frozen=True)
class Meter:
    """A row of ``of`` pips under a centre zone, ``lit`` of them lit, with a label (a count of
    something that ends the game)."""

    zone: str
    label: str
    lit: int
    of: int


@dataclass(frozen=True)
class Marker:
    """A big sign in a "panel" centre zone: the way play goes. ``shape``: "clockwise",
    "counter-clockwise" (a circular arrow), "up", "down" (an arrow) or "both" (both ways: not
    decided yet); ``word`` is written under or in it."""

    zone: str
    shape: Literal["clockwise", "counter-clockwise", "up", "down", "both"]
    word: str
    tone: Tone = "accent"


@dataclass(frozen=True)
class Sheet:
    """A table of figures across the middle (a round's settlement): a title, column heads, one row
    per seat (``marked`` rows in the warning colour), and notes under it."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    marked: frozenset[int] = frozenset()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class TableInfo:
    """Everything a game's panel shows at one moment, as data the table draws."""

    status: tuple[str, ...] = ()
    """Lines for the box at the top of the side column; the first is its heading."""
    badges: tuple[Badge, ...] = ()
    glows: tuple[Glow, ...] = ()
    marks: frozenset[int] = frozenset()
    """The viewer's own cards to mark with a star and ``mark_label`` (the wildcard rank in a hand)."""
    mark_label: str = ""
    rotated: frozenset[int] = frozenset()
    """Cards drawn turned 90° where they lie (face-up cards swapped in that may not be burnt)."""
    markers: tuple[Marker, ...] = ()
    meters: tuple[Meter, ...] = ()
    sheet: Sheet | None = None
    """Shown across the middle instead of the caption while it is set."""
    waiting: str = ""
    """What the seat to move is deciding, in words any seat may read ("Dot decides: another
    round, or end the sitting"): a phone waiting for its turn shows it instead of "Dot to play"."""


@dataclass(frozen=True)
class Seen:
    """What a teller describes from: public facts only."""

    view: State
    """The state as the viewer may know it (seat 0's view when only bots play)."""
    names: Sequence[str]
    viewer: int | None
    zones: Mapping[str, list[int]]
    """Every zone at rest, as the viewer knows it (HIDDEN where unknown)."""
    sizes: Mapping[str, int] | None = None
    """Zone sizes at the step the animation has reached, while it plays (None: at rest)."""

    def size(self, zone: str) -> int:
        """Cards in ``zone`` as shown now: at the animation's step, else at rest."""
        if self.sizes is not None and zone in self.sizes:
            return self.sizes[zone]
        return len(self.zones.get(zone, ()))


class Teller:
    """A game's panel, told as data: it hears the events as the animation reaches them and
    describes what to show besides the cards. One per table; the base shows nothing extra.

    A game's ``table.py`` subclasses it, declared as its parts' ``teller``; everything it reads
    comes from the view's public methods and the events, never a private field.
    """

    captions: frozenset[str] = frozenset()
    """Event kinds whose text shows as a caption over the table as it happens."""
    holds: ClassVar[Mapping[str, HoldKind]] = {}
    """Event kinds that pause the animation after them, so a step can be read before the next."""
    spins: frozenset[str] = frozenset()
    """Event kinds that spin a ring round their source zone for a step (a deck shuffled)."""

    def hold(self, ev: Event, following: Sequence[Event]) -> HoldKind:
        """How long the animation waits after ``ev``; ``following`` are the events still to come
        from the same action."""
        return self.holds.get(ev.kind, "")

    def hear(self, ev: Event, sizes: Mapping[str, int]) -> None:
        """``ev`` happens now; ``sizes`` are the zone sizes just after it."""

    def reset(self) -> None:
        """The table was laid out afresh (resize, resume): forget what the events told."""

    def describe(self, seen: Seen) -> TableInfo:
        return TableInfo()
