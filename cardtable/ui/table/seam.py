"""What the table's parts may see of the scene that holds them, as small typed interfaces.

The table scene and the replay viewer both build a ``TableFrame`` each frame (what the drawing
reads), so the renderer draws either without knowing which and never sees a scene; the controls
see ``Playing`` and hand every gesture to one callback as a ``Gesture``; the comforts see
``Comforted``. No part imports a scene.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from cardtable.engine.protocol import Action
from cardtable.engine.table import LayoutSpec
from cardtable.ui.layout import TablePlacement
from cardtable.ui.panels import Panel, PanelContext
from cardtable.ui.phones import JoinCard
from cardtable.ui.table.board import Board, Sprite
from cardtable.ui.table.choices import Choice, Choices
from cardtable.ui.table.log import LogView
from cardtable.ui.table.tooltip import Tooltip
from cardtable.ui.tween import Flash
from cardtable.ui.widgets import Form, Widget

Rect = pygame.Rect


@dataclass(frozen=True)
class FlyBack:
    """Dragged cards that were not played go back to where they were."""

    cards: tuple[int, ...]
    rect: Rect | None


@dataclass(frozen=True)
class NotNow:
    """A gesture out of turn: whose turn it is instead."""

    name: str


Gesture = Choice | FlyBack | NotNow
"""What the controls hand the table: an action to carry out, a selection (with what is still
needed), a refusal with its reason, cards flying back, or a gesture out of turn."""


@dataclass(frozen=True)
class Plate:
    """One seat's name plate as this frame shows it."""

    label: str
    """The seat's name with its hotkey, "thinking…", a note or "(out)"."""
    to_move: bool
    out: bool
    aimed: bool
    """A seat the cards in hand may be given to (lit as a target)."""


@dataclass(frozen=True)
class Dragged:
    """Cards held under the pointer, and where they may go."""

    cards: tuple[int, ...]
    rect: Rect
    targets: frozenset[str]
    """The seat's own places they may go to."""
    target: str | None
    """Where they would land if dropped now."""
    onto: tuple[Rect, ...]
    """The cards they may go onto, where those are drawn."""


@dataclass(frozen=True)
class Side:
    """The side column: its buttons, then the panel's status box and the log below them."""

    buttons: tuple[Widget, ...]
    below: int
    """The bottom of the button the status box and the log start under."""
    status: tuple[str, ...]
    log: LogView
    least: float | None
    """The log is left out when its room is less than this many text sizes (None: drawn always)."""


@dataclass(frozen=True)
class TableFrame:
    """Everything one frame of a table draws, built once per frame by the scene that shows it
    (the table in play or the replay viewer): drawing reads this, never the scene."""

    placement: TablePlacement
    now: float
    spec: LayoutSpec
    players: int
    filled: frozenset[str]
    """The places that hold cards (an empty seat spot shows its name)."""
    picked: tuple[str, ...]
    """Decks fanned across the middle for a pick."""
    names: tuple[str, ...]
    plates: dict[int, Plate]
    legal_zones: frozenset[str]
    """The middle places lit as where the cards in hand may go."""
    drop_target: str | None
    sprites: tuple[Sprite, ...]
    """The cards, bottom first, as composed this frame (dragged ones left out)."""
    selection: frozenset[int]
    pick: frozenset[int]
    """The cards lit as ones that may be taken now."""
    focus: int | None
    turned: frozenset[int]
    """Cards lying turned 90° (the panel says which)."""
    known: frozenset[int]
    flashes: tuple[Flash, ...]
    marked: frozenset[int]
    mark_label: str
    panel: Panel
    panel_ctx: PanelContext
    prompt_y: int
    drag: Dragged | None = None
    prompt: str | None = None
    """The line above the buttons (None: the prompt's place is left empty)."""
    form: Form | None = None
    """The decision buttons to draw (None: none)."""
    banner: str | None = None
    notice: tuple[str, Rect | None] | None = None
    side: Side | None = None
    join: tuple[JoinCard, ...] = ()
    """Join cards for phone seats still without a phone."""
    viewer: int | None = None
    tooltip: Tooltip | None = None
    keep_clear: tuple[Rect, ...] = ()
    """What a tooltip or a refused move's reason keeps off where it can (the decision buttons, a
    lesson's coach)."""


class Playing(Protocol):
    """What the controls read of the table: what a gesture means now, and whether it may be made."""

    board: Board
    form: Form

    def app_time(self) -> float: ...
    def busy(self, now: float) -> bool: ...
    def my_turn(self) -> bool: ...
    def choices(self) -> Choices: ...
    def compose(self, now: float) -> list[Sprite]: ...
    def card_rect(self, card: int | None) -> Rect | None: ...
    def to_move_name(self) -> str | None: ...
    def hinted(self) -> Action | None: ...
