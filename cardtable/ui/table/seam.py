"""What the table's parts may see of the scene that holds them, as small typed interfaces.

The table scene and the replay viewer both satisfy ``Shown`` (what the drawing reads), so the
renderer takes either without knowing which; the controls see ``Playing`` and hand every gesture
to one callback as a ``Gesture``; the comforts see ``Comforted``. No part imports a scene.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from cardtable.engine.protocol import Action
from cardtable.runner.match import Match
from cardtable.ui.card_art import CardArt
from cardtable.ui.layout import TablePlacement
from cardtable.ui.table.board import Board, Sprite
from cardtable.ui.table.choices import Choice, Choices
from cardtable.ui.widgets import Form

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


class Shown(Protocol):
    """What drawing a table reads: the board, the match's seats, the hand's state this frame."""

    board: Board
    match: Match
    card_art: CardArt
    drawn: list[tuple[int, str, Rect]]
    seat_hotkeys: dict[int, str]
    prompt_y: int

    @property
    def placement(self) -> TablePlacement | None: ...
    @property
    def selection(self) -> set[int]: ...
    @property
    def focus(self) -> int | None: ...
    def app_time(self) -> float: ...
    def selectable(self) -> set[int]: ...
    def target_actions(self) -> list[Action]: ...
    def seat_note(self, seat: int) -> str: ...
    def compose(self, now: float) -> list[Sprite]: ...
    def turned(self, img: pygame.Surface, face: int, width: int) -> pygame.Surface: ...


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
