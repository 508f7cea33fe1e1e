"""Settings, generated from the store's Settings model (titles and descriptions from its fields),
applied live and saved at once.

Each row is the setting's name with its whole help text under it, and its control to the right.
The page is laid out by ``settings_page``: one column, two when one would not fit the window's
height, and smaller text only when even two columns would not fit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import pygame

from cardtable.store.settings import REMEMBERED, Settings
from cardtable.ui import text, theme
from cardtable.ui.card_art import BACK_COLOURS
from cardtable.ui.input import Click, InputEvent, Key, PointerMove, Press
from cardtable.ui.placing import largest_scale
from cardtable.ui.scene import Scene, register
from cardtable.ui.table.hand_order import MODE_WORDS
from cardtable.ui.timings import SPEED_FACTORS
from cardtable.ui.widgets import Button, Choice, Form, ReflowHold, Slider, Toggle, Widget, draw_panel


def _nearest(options: list[float], value: float) -> float:
    return min(options, key=lambda o: abs(o - value))


def offered_scales(size: tuple[int, int]) -> list[float]:
    """The Interface sizes offered in a ``size`` window: none so large that the table's cards
    would be too small to read (a bigger window offers more)."""
    return [s for s in theme.UI_SCALES if s <= largest_scale(size)]


def size_note(size: tuple[int, int]) -> str:
    """Under the Interface size, why a larger one is not offered in this window (or nothing)."""
    if largest_scale(size) >= theme.UI_SCALES[-1]:
        return ""
    return (f"Up to {round(largest_scale(size) * 100)} % in a window this size: larger text would leave the "
            "cards on the table too small to read. Make the window bigger for larger sizes.")


def _widget(name: str, value: Any, change: Callable[[Any], None],
            size: tuple[int, int] = (1280, 800)) -> Widget | None:
    """The control for one setting; None for those changed elsewhere (the window size)."""
    if name == "animation_speed":
        return Choice(name, list(SPEED_FACTORS), value, change, lambda v: v.capitalize())
    if name == "bot_think_ms":
        return Slider(name, 0, 2000, value, change, 100, lambda v: f"{int(v)} ms")
    if name == "card_back":
        return Choice(name, list(BACK_COLOURS), value, change, lambda v: str(v).capitalize())
    if name == "volume":
        return Slider(name, 0.0, 1.0, value, change, 0.1, lambda v: f"{round(v * 100)} %")
    if name == "hand_order":
        return Choice(name, list(MODE_WORDS), value, change, lambda v: MODE_WORDS[v].capitalize())
    if name == "ui_scale":
        scales = offered_scales(size)
        return Choice(name, scales, _nearest(scales, value), change, lambda v: f"{round(v * 100)} %",
                      wrap=False)
    if isinstance(value, bool):
        return Toggle(name, value, change)
    return None


@dataclass
class Row:
    title: str
    help: list[str]
    """The help text, wrapped to the row's label column."""
    label: pygame.Rect
    """The setting's name and its help under it."""
    control: pygame.Rect


@dataclass
class Page:
    px: int
    rows: list[Row]
    done: pygame.Rect


def settings_page(size: tuple[int, int], px: int, entries: list[tuple[str, str]]) -> Page:
    """Rows for ``entries`` (title, help) in a ``size`` window, text at most ``px``: every help
    line whole, nothing below the Done button, nothing outside the window."""
    w, h = size
    for size_px in range(px, 9, -1):
        for columns in (1, 2):
            page = _try_page(w, h, size_px, entries, columns)
            if page is not None:
                return page
    return _try_page(w, h, 10, entries, 2, force=True)  # type: ignore[return-value]


def _try_page(w: int, h: int, px: int, entries: list[tuple[str, str]], columns: int,
              force: bool = False) -> Page | None:
    small = max(9, round(px * 0.75))
    row_h, gap = round(px * 2.1), round(px * 0.7)
    margin = px * 2
    col_gap = px * 2
    col_w = min(px * 44, (w - 2 * margin - (columns - 1) * col_gap) // columns)
    if col_w < px * 18 and not force:
        return None
    left = (w - columns * col_w - (columns - 1) * col_gap) // 2
    label_w, control_w = round(col_w * 0.58), round(col_w * 0.38)
    top = round(px * 1.2) + text.line_box(round(px * 1.6), True) + px
    bottom = h - margin - row_h - px
    per_column = -(-len(entries) // columns)
    rows: list[Row] = []
    for i, (title, help_text) in enumerate(entries):
        column, place = divmod(i, per_column)
        x = left + column * (col_w + col_gap)
        y = top if place == 0 else rows[-1].label.bottom + gap
        lines = text.wrap(help_text, small, label_w) if help_text else []
        height = max(row_h, text.line_box(px) + len(lines) * text.line_box(small))
        rows.append(Row(title, lines, pygame.Rect(x, y, label_w, height),
                        pygame.Rect(x + col_w - control_w, y, control_w, row_h)))
    lowest = max(r.label.bottom for r in rows)
    if lowest > bottom and not force:
        return None
    done_w = min(Button.width_for("Done (Esc)", px) + px * 2, w - 2 * margin)
    return Page(px, rows, pygame.Rect((w - done_w) // 2, lowest + px, done_w, row_h))


@register("settings")
class SettingsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.form = Form()
        self.page = Page(18, [], pygame.Rect(0, 0, 0, 0))
        self.hold = ReflowHold()
        self._laid_out_for = (0, 0)

    @property
    def px(self) -> int:
        return self.page.px

    def enter(self) -> None:
        self.resize(self.app.size)

    def _change(self, name: str, value: Any) -> None:
        self.app.update_settings(**{name: value})
        if name == "fullscreen":
            self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        if size == self._laid_out_for and self.hold.wait():
            return  # a new Interface size, chosen with the pointer: laid out once it moves away
        self._layout(size)

    def _layout(self, size: tuple[int, int]) -> None:
        self._laid_out_for = size
        fields = [n for n in Settings.model_fields if n not in REMEMBERED]
        widgets: list[Widget] = []
        entries: list[tuple[str, str]] = []
        for name in fields:
            info = Settings.model_fields[name]
            widget = _widget(name, getattr(self.app.settings, name), partial(self._change, name), size)
            if widget is not None:
                widgets.append(widget)
                note = size_note(size) if name == "ui_scale" else ""
                entries.append((info.title or name, " ".join(filter(None, (info.description, note)))))
        self.page = settings_page(size, theme.text_px(size, self.app.settings.ui_scale, 0.9), entries)
        for widget, row in zip(widgets, self.page.rows, strict=True):
            widget.rect = row.control
        widgets.append(Button("Done (Esc)", self.app.pop, self.page.done))
        focus = self.form.focus
        self.form = Form(widgets)
        self.form.set_focus(focus if focus >= 0 else 0)

    def handle(self, event: InputEvent) -> None:
        if isinstance(event, Key) and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if self.hold.due(event, self.form.widgets):
            self._layout(self.app.size)
        if isinstance(event, (Click, Press, PointerMove, Key)):
            self.form.handle(event)

    def moving(self, now: float) -> bool:
        return False  # drawn on input

    def draw(self, surface: pygame.Surface) -> None:
        px = self.px
        w = surface.get_width()
        surface.fill(theme.BACKDROP)
        draw_panel(surface, surface.get_rect().inflate(-px, -px))
        big = round(px * 1.6)
        title_box = pygame.Rect(px, round(px * 1.2), w - 2 * px, text.line_box(big, True))
        text.draw_in(surface, "Settings", big, theme.ACCENT, title_box, "top", bold=True)
        small = max(9, round(px * 0.75))
        for row in self.page.rows:
            box = pygame.Rect(row.label.x, row.label.y, row.label.w, text.line_box(px))
            text.draw_in(surface, row.title, px, theme.TEXT, box, "left")
            for line in row.help:
                box = pygame.Rect(row.label.x, box.bottom, row.label.w, text.line_box(small))
                text.draw_in(surface, line, small, theme.TEXT_DIM, box, "left")
        self.form.draw(surface, px)
