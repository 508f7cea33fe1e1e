"""Settings, generated from the store's Settings model (titles and descriptions from its fields),
applied live and saved at once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from cardtable.store.settings import REMEMBERED, Settings
from cardtable.ui import text, theme
from cardtable.ui.card_art import BACK_COLOURS
from cardtable.ui.input import Click, InputEvent, Key, PointerMove, Press
from cardtable.ui.scene import Scene
from cardtable.ui.timings import SPEED_FACTORS
from cardtable.ui.widgets import Button, Choice, Form, Slider, Toggle, Widget, draw_panel


def _widget(name: str, value: Any, change: Callable[[Any], None]) -> Widget | None:
    """The control for one setting; None for those changed elsewhere (the window size)."""
    if name == "animation_speed":
        return Choice(name, list(SPEED_FACTORS), value, change, lambda v: v.capitalize())
    if name == "bot_think_ms":
        return Slider(name, 0, 2000, value, change, 100, lambda v: f"{int(v)} ms")
    if name == "card_back":
        return Choice(name, list(BACK_COLOURS), value, change, lambda v: str(v).capitalize())
    if name == "volume":
        return Slider(name, 0.0, 1.0, value, change, 0.1, lambda v: f"{round(v * 100)} %")
    if name == "ui_scale":
        return Choice(name, [0.8, 0.9, 1.0, 1.1, 1.25, 1.5], value, change, lambda v: f"{round(v * 100)} %")
    if isinstance(value, bool):
        return Toggle(name, value, change)
    return None


class SettingsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.form = Form()
        self.rows: list[tuple[str, str, pygame.Rect]] = []
        self.px = 18

    def enter(self) -> None:
        self.resize(self.app.size)

    def _change(self, name: str, value: Any) -> None:
        self.app.update_settings(**{name: value})
        if name in ("ui_scale", "fullscreen"):
            self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        fields = [n for n in Settings.model_fields if n not in REMEMBERED]
        self.px = px = min(theme.text_px(h, self.app.settings.ui_scale, 0.9), h // (len(fields) * 3 + 8))
        row = round(px * 2.1)
        step = row + round(px * 0.8)
        focus = self.form.focus
        widgets: list[Widget] = []
        self.rows = []
        width = min(w - px * 4, px * 44)
        x = (w - width) // 2
        y = px * 4
        for name in fields:
            info = Settings.model_fields[name]
            widget = _widget(name, getattr(self.app.settings, name), lambda v, n=name: self._change(n, v))
            if widget is None:
                continue
            widget.rect = pygame.Rect(x + round(width * 0.6), y, round(width * 0.4), row)
            widgets.append(widget)
            self.rows.append(
                (info.title or name, info.description or "", pygame.Rect(x, y, round(width * 0.58), row))
            )
            y += step
        done = Button(
            "Done (Esc)", self.app.pop, pygame.Rect(w // 2 - px * 5, min(y + px, h - row - px), px * 10, row)
        )
        widgets.append(done)
        self.form = Form(widgets)
        self.form.set_focus(focus if focus >= 0 else 0)

    def handle(self, event: InputEvent) -> None:
        if isinstance(event, Key) and event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif isinstance(event, (Click, Press, PointerMove, Key)):
            self.form.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        px = self.px
        surface.fill(theme.BACKDROP)
        draw_panel(surface, surface.get_rect().inflate(-px, -px))
        img = text.render("Settings", round(px * 1.6), theme.ACCENT, bold=True)
        surface.blit(img, img.get_rect(midtop=(surface.get_width() // 2, px)))
        small = round(px * 0.75)
        for title, description, r in self.rows:
            surface.blit(text.render(title, px, theme.TEXT), (r.x, r.y))
            lines = text.wrap(description, small, r.w)
            line = lines[0] + (" …" if len(lines) > 1 else "") if lines else ""
            surface.blit(text.render(line, small, theme.TEXT_DIM), (r.x, r.y + round(px * 1.25)))
        self.form.draw(surface, px)
