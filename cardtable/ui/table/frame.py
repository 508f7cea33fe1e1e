"""One frame of the table scene: ``built`` reads the scene once into a ``TableFrame``; ``draw``
draws that record (the felt and zones, the cards and the panel, the prompt with the decision
buttons, and the side column with the menu, the status box and the log) without the scene."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet
from typing import Protocol

import pygame

from cardtable.engine.protocol import Action
from cardtable.engine.words import in_second_person
from cardtable.runner.match import Match
from cardtable.ui import theme
from cardtable.ui.card_art import CardArt
from cardtable.ui.layout import TablePlacement
from cardtable.ui.panels import Panel, PanelContext
from cardtable.ui.table import notice as notices
from cardtable.ui.table import render
from cardtable.ui.table.art import Caches
from cardtable.ui.table.board import Board
from cardtable.ui.table.choices import Choices
from cardtable.ui.table.choreography import Choreography
from cardtable.ui.table.coach import middle_words
from cardtable.ui.table.comforts import Comforts
from cardtable.ui.table.controls import Controls
from cardtable.ui.table.labels import table_words
from cardtable.ui.table.log import LogView
from cardtable.ui.table.render import Drawn
from cardtable.ui.table.seam import Dragged, Plate, Playing, Side, TableFrame
from cardtable.ui.table.turns import Turns
from cardtable.ui.widgets import Button, Form

Rect = pygame.Rect

GO_ON = "Click or press any key to go on"
"""Under a settlement that stays until it has been read."""


class Playable(Playing, Protocol):
    """What the table in play is read for, once a frame, to build what that frame draws."""

    match: Match
    controls: Controls
    choreo: Choreography
    panel: Panel
    comforts: Comforts
    turns: Turns
    menu_button: Button
    logview: LogView
    form: Form
    shown_notice: tuple[str, Rect | None, float] | None
    highlight: bool
    skip_offered: bool
    seat_hotkeys: dict[int, str]
    prompt_y: int
    overlaid: tuple[Rect, ...]

    @property
    def viewer(self) -> int | None: ...
    @property
    def placement(self) -> TablePlacement | None: ...
    @property
    def selection(self) -> set[int]: ...
    @property
    def focus(self) -> int | None: ...

    def my_turn(self) -> bool: ...
    def choices(self) -> Choices: ...
    def busy(self, now: float) -> bool: ...
    def panel_context(self, now: float) -> PanelContext: ...
    def selectable(self) -> set[int]: ...
    def target_actions(self) -> list[Action]: ...
    def seat_note(self, seat: int) -> str: ...


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
        line += " — click a name or press its number"  # the prompt already says what to choose
    return line


def plates(p: TablePlacement, board: Board, match: Match, aimed: AbstractSet[int], hotkeys: dict[int, str],
           note: Callable[[int], str], now: float) -> dict[int, Plate]:
    """Each seat's plate this frame: its name, whose move it is, who is out, who may be aimed at."""
    state = match.state
    zones = board.zones()
    shown = {}
    for seat in p.plates:
        seat_cards = sum(len(zones.get(f"{z.name}/{seat}", ())) for z in board.spec.seat_zones)
        to_move = state.to_move == seat
        out = seat_cards == 0 and board.spec.out_when_empty
        label = match.seats[seat].name
        if seat in aimed:
            label = f"{hotkeys.get(seat, '')}  {label}"
        # (a finished lesson stops the table with a bot to move: it thinks no more)
        if match.is_bot(seat) and to_move and not state.is_over and not match.stopped:
            label += "  thinking" + "." * (1 + int(now * 3) % 3)
        elif note(seat) and not state.is_over:
            label += "  " + note(seat)
        elif out:
            label += "  (out)"
        shown[seat] = Plate(label, to_move, out, seat in aimed)
    return shown


def built(self: Playable) -> TableFrame | None:
    """What this frame of the table in play draws, read off the scene once."""
    p = self.placement
    if p is None:
        return None
    now = self.app_time()
    c = self.controls
    mine = self.my_turn()
    moving = frozenset(c.drag.cards) if c.drag else c.selection if mine else frozenset()
    lit = bool(moving) and self.highlight
    legal = self.choices().legal_targets(moving) if lit else set()
    sprites = [s for s in self.compose(now) if not (c.drag and s.card in c.drag.cards)]
    ctx = self.panel_context(now)
    dragged = None
    rect = c.drag_rect()
    if c.drag is not None and rect is not None:
        ch = self.choices()
        held = frozenset(c.drag.cards)
        onto = ch.onto_targets(held)
        over = tuple(s.rect for s in self.compose(now) if s.card in onto) if onto else ()
        dragged = Dragged(tuple(c.drag.cards), rect, frozenset(ch.legal_targets(held)), c.drag.target, over)
    banner = self.choreo.banner[0] if self.choreo.banner is not None and now < self.choreo.banner[1] else None
    prompt: str | None = None
    form: Form | None = None
    if self.choreo.held:
        prompt = GO_ON
    elif self.skip_offered:
        form = self.form
    elif not self.busy(now):  # the next decision shows once what led to it has landed
        if banner is None:  # the banner says it across the prompt's place (who lost)
            prompt = prompt_line(self)
        form = self.form
    notice = self.shown_notice
    aimed = {a.target for a in self.target_actions()}
    buttons = (self.menu_button, *self.comforts.buttons())
    side = Side(buttons, self.comforts.undo_button.rect.bottom, tuple(self.panel.status(ctx)), self.logview,
                LEAST_LOG)
    zones = self.board.zones()
    return TableFrame(
        placement=p, now=now, spec=self.board.spec, players=self.board.players,
        filled=frozenset(z for z, cards in zones.items() if cards), picked=tuple(self.board.picked),
        names=tuple(self.match.names),
        plates=plates(p, self.board, self.match, aimed, self.seat_hotkeys, self.seat_note, now),
        legal_zones=frozenset(legal), drop_target=c.drag.target if c.drag else None,
        sprites=tuple(sprites), selection=frozenset(self.selection), pick=frozenset(self.selectable()),
        focus=self.focus, turned=self.panel.rotated(ctx), known=frozenset(self.board.known_to_all()),
        flashes=tuple(self.choreo.flashes), marked=self.panel.marks(ctx),
        mark_label=self.panel.mark_label(ctx),
        panel=self.panel, panel_ctx=ctx, prompt_y=self.prompt_y, drag=dragged, prompt=prompt, form=form,
        banner=banner, notice=(notice[0], notice[1]) if notice is not None and now < notice[2] else None,
        side=side, join=tuple(self.turns.phones.join_cards()), viewer=self.viewer,
        tooltip=self.comforts.tooltip, keep_clear=(*(w.rect for w in self.form.widgets), *self.overlaid))


LEAST_LOG = 1.35
"""A status box that fills the side column leaves no log to draw: the log needs this many text
sizes of room."""


def draw(surface: pygame.Surface, f: TableFrame, art: CardArt, caches: Caches,
         badges: list[Rect] | None = None) -> list[Drawn]:
    """One frame of the table: felt, zones, plates, cards, panel, prompt and buttons, log. The
    cards as drawn (and the count badges' and the panel's badges' places put in ``badges``)."""
    drawn = draw_table(surface, f, art, caches, badges)
    p = f.placement
    if f.drag is not None:
        render.drag(surface, p, f.drag, art, drawn)
    prompt_band = None
    if f.prompt is not None:
        prompt_band = render.prompt(surface, f, f.prompt)
    if f.form is not None:
        f.form.draw(surface, p.text_px)
    if f.banner is not None:
        render.banner(surface, p, f.banner)
    if f.notice is not None:
        rather = [*(r for _, _, r in drawn), *p.plates.values(), *middle_words(p)]
        notices.notice(surface, p, *f.notice, keep=f.keep_clear, prompt_band=prompt_band, rather=rather,
                       read=table_words(p))
    draw_side(surface, f, caches)
    render.join_cards(surface, p, f.join, f.viewer)
    if f.tooltip is not None:
        if f.notice is None:
            f.tooltip.draw(surface, p.text_px, f.keep_clear, p.table_rect)
        else:  # a refused move's reason is read first, uncovered: the words wait for it to go
            f.tooltip.box = None
    return drawn


def draw_table(surface: pygame.Surface, f: TableFrame, art: CardArt, caches: Caches,
               badges: list[Rect] | None = None) -> list[Drawn]:
    """The felt and what lies on it: places, plates, cards, counts and marks, the panel. The
    cards as drawn (and the count badges' and the panel's badges' places put in ``badges``)."""
    p = f.placement
    felt(surface, p.log_rect)
    render.zone_marks(surface, f)
    render.plates(surface, f)
    drawn: list[Drawn] = []
    sprites = render.cards(surface, f, art, caches.turned, drawn)
    counted = render.counts(surface, p, sprites)
    render.known(surface, p, sprites, f.known)
    for flash in f.flashes:
        render.flash(surface, p, flash, f.now)
    render.marks(surface, p, sprites, f.marked, f.mark_label)
    render.pick_labels(surface, f)
    counted += f.panel.draw(surface, f.panel_ctx)
    if badges is not None:
        badges[:] = counted
    return drawn


def felt(surface: pygame.Surface, log_rect: Rect) -> None:
    """The felt, with the log's column darker: each pixel filled once (filling the whole window
    and then the column wrote the column twice, a tenth of a big window's frame)."""
    window = surface.get_rect()
    column = log_rect.clip(window)
    if not column.w or not column.h:
        surface.fill(theme.FELT)
        return
    for band in (Rect(0, 0, window.w, column.y), Rect(0, column.bottom, window.w, window.h - column.bottom),
                 Rect(0, column.y, column.x, column.h), Rect(column.right, column.y, window.w - column.right,
                                                            column.h)):
        if band.w > 0 and band.h > 0:
            surface.fill(theme.FELT, band)
    surface.fill(theme.FELT_DARK, column)


def draw_side(surface: pygame.Surface, f: TableFrame, caches: Caches) -> None:
    """The side column: its buttons, the panel's status box, the log."""
    side = f.side
    if side is None:
        return
    p = f.placement
    px = round(p.text_px * 0.85)
    for b in side.buttons:
        b.draw(surface, px)
    top = side.below + px
    if side.status:
        column = Rect(p.log_rect.x + px // 2, top, p.log_rect.w - px, 0)
        top = caches.status(surface, column, list(side.status), px) + px
    area = Rect(p.log_rect.x + px // 2, top, p.log_rect.w - px, p.log_rect.bottom - px // 2 - top)
    if side.least is None or area.h >= round(px * side.least):
        side.log.draw(surface, area, px)
