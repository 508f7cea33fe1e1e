"""Drawing one frame of the table scene: the felt and zones, the cards and the panel, the prompt
with the decision buttons, and the side column with the menu, the status box and the log."""

from __future__ import annotations

from typing import Protocol

import pygame

from cardtable.engine.words import in_second_person
from cardtable.ui import theme
from cardtable.ui.layout import TablePlacement
from cardtable.ui.panels import Panel, PanelContext
from cardtable.ui.table import render
from cardtable.ui.table.art import Caches
from cardtable.ui.table.choices import Choices
from cardtable.ui.table.choreography import Choreography
from cardtable.ui.table.comforts import Comforts
from cardtable.ui.table.controls import Controls
from cardtable.ui.table.log import LogView
from cardtable.ui.table.seam import Shown
from cardtable.ui.table.turns import Turns
from cardtable.ui.widgets import Button, Form

Rect = pygame.Rect

GO_ON = "Click or press any key to go on"
"""Under a settlement that stays until it has been read."""


class Playable(Shown, Protocol):
    """What drawing the table in play reads beyond what any shown table has."""

    controls: Controls
    choreo: Choreography
    panel: Panel
    comforts: Comforts
    turns: Turns
    menu_button: Button
    logview: LogView
    art: Caches
    form: Form
    shown_notice: tuple[str, Rect | None, float] | None
    highlight: bool
    skip_offered: bool

    @property
    def viewer(self) -> int | None: ...

    def my_turn(self) -> bool: ...
    def choices(self) -> Choices: ...
    def busy(self, now: float) -> bool: ...
    def panel_context(self, now: float) -> PanelContext: ...


def prompt_line(self: Playable) -> str:
    """The line above the buttons: whose move, what they are asked and how to do it."""
    state = self.match.state
    if state.is_over:
        return "Game over"
    tm = state.to_move
    if not self.my_turn() or tm is None:
        return f"{self.match.names[tm]} to move" if tm is not None else ""
    name, ask = self.match.names[tm], state.prompt() or "your move"
    line = ask if ask.startswith(name) else f"{name}: {ask}"  # some games name the seat
    line = in_second_person(line, self.match.names)  # "You's Assassin won" reads "Your Assassin won"
    how = self.choices().how(self.controls.selection)
    if how:
        line += f" — {how}"
    elif self.target_actions():
        line += " — choose a seat"
    return line


def draw(self: Playable, surface: pygame.Surface) -> None:
    """One frame of the table: felt, zones, plates, cards, panel, prompt and buttons, log."""
    p = self.placement
    if p is None:
        return
    now = self.app_time()
    surface.fill(theme.FELT)
    pygame.draw.rect(surface, theme.FELT_DARK, p.log_rect)
    c = self.controls
    moving = frozenset(c.drag.cards) if c.drag else c.selection if self.my_turn() else frozenset()
    lit = bool(moving) and self.highlight
    legal = self.choices().legal_targets(moving) if lit else set()
    render.zone_marks(self, surface, p, legal, c.drag.target if c.drag else None)
    render.plates(self, surface, p, now)
    sprites = [s for s in self.compose(now) if not (c.drag and s.card in c.drag.cards)]
    self.drawn = []
    ctx = self.panel_context(now)
    render.cards(self, surface, sprites, self.panel.rotated(ctx))
    render.counts(surface, p, sprites)
    render.known(surface, p, sprites, self.board.known_to_all())
    for f in self.choreo.flashes:
        render.flash(surface, p, f, now)
    render.marks(surface, p, sprites, self.panel.marks(ctx), self.panel.mark_label(ctx))
    render.pick_labels(self, surface, p)
    self.panel.draw(surface, ctx)
    rect = c.drag_rect()
    if c.drag is not None and rect is not None:
        ch = self.choices()
        dragged = frozenset(c.drag.cards)
        render.drag(self, surface, p, c.drag.cards, rect, ch.legal_targets(dragged), c.drag.target,
                    ch.onto_targets(dragged))
    draw_decisions(self, surface, p, now)
    if self.choreo.banner is not None and now < self.choreo.banner[1]:
        render.banner(surface, p, self.choreo.banner[0])
    if self.shown_notice is not None and now < self.shown_notice[2]:
        render.notice(surface, p, self.shown_notice[0], self.shown_notice[1])
    draw_log(self, surface, p)
    self.turns.phones.draw(surface, p, self.viewer)
    self.comforts.draw_tooltip(surface, p.text_px, [w.rect for w in self.form.widgets])


def draw_decisions(self: Playable, surface: pygame.Surface, p: TablePlacement, now: float) -> None:
    if self.choreo.held:
        render.prompt(self, surface, p, GO_ON)
    elif self.skip_offered:
        self.form.draw(surface, p.text_px)
    elif not self.busy(now):  # the next decision shows once what led to it has landed
        banner = self.choreo.banner is not None and now < self.choreo.banner[1]
        if not banner:  # the banner says it across the prompt's place (who lost)
            render.prompt(self, surface, p, prompt_line(self))
        self.form.draw(surface, p.text_px)


def draw_log(self: Playable, surface: pygame.Surface, p: TablePlacement) -> None:
    px = round(p.text_px * 0.85)
    self.menu_button.draw(surface, px)
    self.comforts.draw(surface, px)
    top = self.comforts.undo_button.rect.bottom + px
    status = self.panel.status(self.panel_context(self.app_time()))
    if status:
        column = Rect(p.log_rect.x + px // 2, top, p.log_rect.w - px, 0)
        top = self.art.status(surface, column, status, px) + px
    area = Rect(p.log_rect.x + px // 2, top, p.log_rect.w - px, p.log_rect.bottom - px // 2 - top)
    if area.h >= round(px * 1.35):  # a status box that fills the column leaves no log to draw
        self.logview.draw(surface, area, px)
