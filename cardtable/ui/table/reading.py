"""What the table's parts read of the table scene: whose turn it is at this screen, what the
gestures mean now (the pure ``Choices``, made once per position), the cards as drawn this
frame. The scene's half that only answers questions; the scene itself wires and acts."""

from __future__ import annotations

import pygame

from cardtable.engine.protocol import Action
from cardtable.runner.match import Match
from cardtable.ui.table.board import Board, Sprite
from cardtable.ui.table.choices import Choices
from cardtable.ui.table.controls import Controls

Rect = pygame.Rect


class Reading:
    board: Board
    match: Match
    controls: Controls
    pass_pending: bool
    _choices: tuple[tuple[object, ...], Choices] | None

    @property
    def viewer(self) -> int | None:
        return self.board.viewer

    @property
    def highlight(self) -> bool:
        raise NotImplementedError

    def to_move_name(self) -> str | None:
        tm = self.match.state.to_move
        return self.match.names[tm] if tm is not None else None

    def legal(self) -> list[Action]:
        return self.board.cached("legal", self.match.legal)  # type: ignore[return-value]

    def my_turn(self) -> bool:
        tm = self.match.state.to_move
        if tm is None or self.match.is_remote(tm) or self.pass_pending:
            return False
        return tm == self.viewer or (self.viewer is None and self.open_turn())

    def open_turn(self) -> bool:
        """A turn at a shared screen that needs no look at one's own cards (the game's
        ``open_kinds``: Takku-Sum's draw for first player): taken with every hand face down."""
        kinds = self.board.spec.open_kinds
        legal = self.legal()
        return (bool(kinds) and len(self.match.human_seats) >= 2 and bool(legal)
                and all(a.kind in kinds for a in legal))

    def choices(self) -> Choices:
        """What gestures mean now (nothing, out of the viewer's turn)."""
        key = (self.board.version, self.viewer, self.board.picked, self.my_turn())
        if self._choices is None or self._choices[0] != key:
            view = self.board.view()
            legal = self.legal() if self.my_turn() else []
            seat = self.viewer if self.viewer is not None else 0
            made = Choices(self.board.spec, view, legal, self.board.zones(), seat, self.board.picked)
            self._choices = (key, made)
        return self._choices[1]

    def selectable(self) -> set[int]:
        """The cards lit as ones that may be taken now (none when the setting is off)."""
        if not (self.my_turn() and self.highlight):
            return set()
        return self.choices().selectable(self.controls.selection)

    def target_actions(self) -> list[Action]:
        return self.choices().target_actions(self.controls.selection) if self.my_turn() else []

    def public_view(self) -> object:
        return self.board.view()

    def rest_rects(self):
        return self.board.rest_rects()

    def compose(self, now: float) -> list[Sprite]:
        mine = self.my_turn()
        sprites = self.board.compose(now, self.controls.lift if mine else None)
        if mine and self.board.placement is not None:
            # The topmost card under the pointer that may be taken rises a little.
            pointer = self.controls.pointer
            hovered = [s for s in sprites if not s.moving and s.rect.collidepoint(pointer)]
            top = hovered[-1] if hovered else None
            if top is not None and not self.controls.lift(top) and self._liftable(top):
                top.rect = top.rect.move(0, -self.controls.lift_half())
        return sprites

    def _liftable(self, s: Sprite) -> bool:
        return (self.board.own_zone(s.zone) and s.face >= 0) or s.zone in self.board.picked

    def card_rect(self, card: int | None) -> Rect | None:
        hit = self.board.rest_rects().get(card) if card is not None else None
        return hit[2] if hit else None
