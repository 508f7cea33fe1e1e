"""A screen of a title, a few lines and a column of buttons: the title, menu, pass-to and results
screens are all this shape."""

from __future__ import annotations

import pygame

from cardtable.ui import text, theme
from cardtable.ui.input import Click, InputEvent, Key, PointerMove
from cardtable.ui.scene import Scene
from cardtable.ui.widgets import Button, Form, OnPress, Widget, draw_panel


class ButtonsScene(Scene):
    title = ""
    backdrop = True
    """Fill the window first (False for overlays that let the table show through a shade)."""
    guard = 0.0
    """Seconds after the screen appears in which a click or key (Escape aside) is taken for one
    meant for the screen before it, and ignored (real seconds, whatever the animation speed)."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.form = Form()
        self.lines: list[tuple[str, theme.Colour]] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.px = 18
        self.disabled: set[str] = set()
        """Labels of items shown but not available now (a line says why)."""
        self.grid: list[tuple[tuple[str, ...], theme.Colour]] = []
        """A table under the lines (its first row the column heads), each row in its colour."""
        self.grid_at = 1
        """How many of the lines come before the table."""
        self.columns: list[int] = []
        self.grid_line = 0
        self.opened = app.now
        """When the screen appeared (``enter`` notes it again when it is shown)."""

    def items(self) -> list[tuple[str, OnPress]]:
        raise NotImplementedError

    def moving(self, now: float) -> bool:
        return False  # buttons and words: drawn on input

    def on_escape(self) -> None:
        """Esc: by default nothing (the title has nowhere to go back to)."""

    def resize(self, size: tuple[int, int]) -> None:
        """The panel as large as the Interface size asks, or its text smaller until it fits."""
        wish = theme.text_px(size, self.app.ui_scale)  # not the settings model: the title's first frame
        for px in range(wish, 9, -1):
            if self._arrange(size, px):
                break

    def _arrange(self, size: tuple[int, int], px: int) -> bool:
        w, h = size
        self.px = px
        items = self.items()
        bw = min(w - 40 - px * 2, max([Button.width_for(label, px) for label, _ in items] + [round(px * 14)]))
        bh, gap, line_h = round(px * 2.4), round(px * 0.6), round(px * 1.5)
        width = min(w - 80, px * 40)
        wrapped = [(ln, c) for raw, c in self.lines for ln in text.wrap(raw, px, width)]
        self.grid_line = sum(len(text.wrap(raw, px, width)) for raw, _ in self.lines[: self.grid_at])
        self.columns = [max(text.text_size(row[i], px, bold=True)[0] for row, _ in self.grid) + px
                        for i in range(len(self.grid[0][0]))] if self.grid else []
        head = round(px * 3.5) + line_h * (len(wrapped) + len(self.grid)) + (px if self.grid else 0)
        ph = head + len(items) * (bh + gap) + px * 2
        widest = max([text.text_size(t, px)[0] for t, _ in wrapped] + [sum(self.columns)])
        pw = min(w - 40, max(bw + px * 4, widest + px * 4))
        self.panel = pygame.Rect((w - pw) // 2, max(10, (h - ph) // 2), pw, ph)
        self.wrapped = wrapped
        y = self.panel.y + head + px
        buttons: list[Widget] = []
        for label, fn in items:
            buttons.append(Button(label, fn, pygame.Rect(w // 2 - bw // 2, y, bw, bh),
                                  enabled=label not in self.disabled))
            y += bh + gap
        focus = max(self.form.focus, 0)
        self.form = Form(buttons)
        self.form.set_focus(min(focus, len(buttons) - 1))
        fits = ph <= h - 20 and sum(self.columns) + px * 2 <= pw
        return fits and all(Button.width_for(label, px) <= bw for label, _ in items)

    def enter(self) -> None:
        self.opened = self.app.now
        self.resize(self.app.size)

    def handle(self, event: InputEvent) -> None:
        if isinstance(event, Key) and event.key == pygame.K_ESCAPE:
            self.on_escape()
            return
        if self.app.now < self.opened + self.guard and self.guarded(event):
            return  # still the last screen's press, not this one's
        if isinstance(event, (Click, PointerMove, Key)):
            self.form.handle(event)

    def guarded(self, event: InputEvent) -> bool:
        """Whether ``event`` is ignored in the ``guard`` seconds after the screen appears."""
        return isinstance(event, (Click, Key))

    def draw(self, surface: pygame.Surface) -> None:
        if self.backdrop:
            surface.fill(theme.BACKDROP)
            pygame.draw.rect(surface, theme.FELT_DARK, surface.get_rect().inflate(-24, -24), border_radius=24)
        else:
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            shade.fill(theme.SHADE)
            surface.blit(shade, (0, 0))
        draw_panel(surface, self.panel)
        px = self.px
        inside = self.panel.inflate(-px, 0)
        big = round(px * 1.6)
        box = pygame.Rect(inside.x, self.panel.y + px, inside.w, text.line_box(big, True))
        text.draw_in(surface, self.title, big, theme.ACCENT, box, "top", bold=True)
        y = self.panel.y + round(px * 3.5)
        for i, (line, colour) in enumerate(self.wrapped):
            if i == self.grid_line:
                y = self._draw_grid(surface, y)
            box = pygame.Rect(inside.x, y, inside.w, round(px * 1.5))
            text.draw_in(surface, line, px, colour, box, "top")
            y += round(px * 1.5)
        if self.grid_line >= len(self.wrapped):
            self._draw_grid(surface, y)
        self.form.draw(surface, px)

    def _draw_grid(self, surface: pygame.Surface, y: int) -> int:
        """The table: its heads in the accent colour, each row under them; returns the y below."""
        if not self.grid:
            return y
        px = self.px
        y += px // 2
        x0 = self.panel.centerx - sum(self.columns) // 2
        for r, (row, colour) in enumerate(self.grid):
            x = x0
            for i, cell in enumerate(row):
                box = pygame.Rect(x, y, self.columns[i] - px // 2, round(px * 1.5))
                text.draw_in(surface, cell, px, theme.ACCENT if r == 0 else colour, box,
                             "left" if i == 1 else "right" if i > 1 else "center", bold=r == 0)
                x += self.columns[i]
            y += round(px * 1.5)
        return y + px // 2
