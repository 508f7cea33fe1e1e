"""A screen of a title, a few lines and a column of buttons: the title, menu, pass-to and results
screens are all this shape."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cardtable.ui import text, theme
from cardtable.ui.input import Click, InputEvent, Key, PointerMove
from cardtable.ui.scene import Scene
from cardtable.ui.widgets import Button, Form, draw_panel


class ButtonsScene(Scene):
    title = ""
    backdrop = True
    """Fill the window first (False for overlays that let the table show through a shade)."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.form = Form()
        self.lines: list[tuple[str, theme.Colour]] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.px = 18
        self.disabled: set[str] = set()
        """Labels of items shown but not available now (a line says why)."""

    def items(self) -> list[tuple[str, Callable[[], None]]]:
        raise NotImplementedError

    def on_escape(self) -> None:
        """Esc: by default nothing (the title has nowhere to go back to)."""

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.px = theme.text_px(h, self.app.settings.ui_scale)
        items = self.items()
        bw = max([Button.width_for(label, self.px) for label, _ in items] + [round(self.px * 14)])
        bh = round(self.px * 2.4)
        gap = round(self.px * 0.6)
        line_h = round(self.px * 1.5)
        wrapped = [
            (ln, c) for raw, c in self.lines for ln in text.wrap(raw, self.px, min(w - 80, self.px * 40))
        ]
        head = round(self.px * 3.5) + line_h * len(wrapped)
        ph = head + len(items) * (bh + gap) + self.px * 2
        pw = max(
            bw + self.px * 4,
            min(w - 40, max((text.text_size(t, self.px)[0] for t, _ in wrapped), default=0) + self.px * 4),
        )
        self.panel = pygame.Rect((w - pw) // 2, max(10, (h - ph) // 2), pw, ph)
        self.wrapped = wrapped
        y = self.panel.y + head + self.px
        buttons = []
        for label, fn in items:
            buttons.append(Button(label, fn, pygame.Rect(w // 2 - bw // 2, y, bw, bh),
                                  enabled=label not in self.disabled))
            y += bh + gap
        focus = max(self.form.focus, 0)
        self.form = Form(buttons)
        self.form.set_focus(min(focus, len(buttons) - 1))

    def enter(self) -> None:
        self.resize(self.app.size)

    def handle(self, event: InputEvent) -> None:
        if isinstance(event, Key) and event.key == pygame.K_ESCAPE:
            self.on_escape()
            return
        if isinstance(event, (Click, PointerMove, Key)):
            self.form.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        if self.backdrop:
            surface.fill(theme.BACKDROP)
            pygame.draw.rect(surface, theme.FELT_DARK, surface.get_rect().inflate(-24, -24), border_radius=24)
        else:
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            shade.fill(theme.SHADE)
            surface.blit(shade, (0, 0))
        draw_panel(surface, self.panel)
        img = text.render(self.title, round(self.px * 1.6), theme.ACCENT, bold=True)
        surface.blit(img, img.get_rect(midtop=(self.panel.centerx, self.panel.y + self.px)))
        y = self.panel.y + round(self.px * 3.5)
        for line, colour in self.wrapped:
            img = text.render(line, self.px, colour)
            surface.blit(img, img.get_rect(midtop=(self.panel.centerx, y)))
            y += round(self.px * 1.5)
        self.form.draw(surface, self.px)
