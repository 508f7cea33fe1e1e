"""The rule book of a game, rendered from the ``rules.md`` in its folder, with scrolling."""

from __future__ import annotations

from functools import partial

import pygame

from cardtable.games import games, get_game
from cardtable.games import rule_book as game_rule_book
from cardtable.ui import text, theme
from cardtable.ui.input import Click, InputEvent, Key, PointerMove, Wheel
from cardtable.ui.markdown_view import MarkdownView
from cardtable.ui.scene import Scene, register
from cardtable.ui.widgets import Button


def rule_book(game: str) -> str:
    try:
        return game_rule_book(get_game(game))
    except (KeyError, FileNotFoundError, OSError):
        return f"# {game}\n\nThe rule book for this game is missing from this build."


@register("rules")
class RulesScene(Scene):
    """One game's rule book, with a tab per registered game (Left/Right switch between them)."""

    def __init__(self, app, game: str) -> None:
        super().__init__(app)
        self.scroll = 0
        self.height = 0
        self.area = pygame.Rect(0, 0, 0, 0)
        self.back = Button("Back (Esc)", app.pop)
        self.px = 18
        self.names = list(games()) or [game]
        self.tabs = [Button(g.title, partial(self.show, n)) for n, g in games().items()]
        self.game = ""
        self.view = MarkdownView("")
        self.show(game)

    def show(self, game: str) -> None:
        if game == self.game:
            return
        self.game = game
        self.view = MarkdownView(rule_book(game))
        self.scroll = 0
        for tab, name in zip(self.tabs, self.names, strict=True):
            tab.focused = name == game  # the open book is the lit tab
        if self.area.w:
            self.resize(self.app.size)

    def enter(self) -> None:
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.px = theme.text_px(size, self.app.settings.ui_scale)
        width = min(w - self.px * 4, self.px * 48)
        tab_h = round(self.px * 2.0)
        tab_w = min(self.px * 9, (w - self.px * 2) // max(1, len(self.tabs)) - self.px // 2)
        x = (w - (tab_w + self.px // 2) * len(self.tabs) + self.px // 2) // 2
        for tab in self.tabs:
            tab.rect = pygame.Rect(x, self.px // 2, tab_w, tab_h)
            x += tab_w + self.px // 2
        top = self.px + tab_h
        self.area = pygame.Rect((w - width) // 2, top, width, h - top - self.px * 4)
        self.height = self.view.layout(width, self.px / theme.BASE_TEXT_PX)
        self.back.rect = pygame.Rect(
            w // 2 - self.px * 5, h - round(self.px * 3.2), self.px * 10, round(self.px * 2.2)
        )
        self._clamp()

    def _clamp(self) -> None:
        self.scroll = max(0, min(self.scroll, self.height - self.area.h))

    def handle(self, event: InputEvent) -> None:
        page = self.area.h - self.px * 2
        if isinstance(event, Wheel):
            self.scroll -= event.dy * self.px * 3
        elif isinstance(event, Key):
            steps = {
                pygame.K_DOWN: self.px * 2,
                pygame.K_UP: -self.px * 2,
                pygame.K_PAGEDOWN: page,
                pygame.K_SPACE: page,
                pygame.K_PAGEUP: -page,
                pygame.K_HOME: -(10**9),
                pygame.K_END: 10**9,
            }
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_RETURN):
                self.app.pop()
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.game in self.names:
                step = 1 if event.key == pygame.K_RIGHT else -1
                self.show(self.names[(self.names.index(self.game) + step) % len(self.names)])
                return
            self.scroll += steps.get(event.key, 0)
        elif isinstance(event, (Click, PointerMove)):
            self.back.handle(event)
            for tab in self.tabs:
                tab.handle(event)
        self._clamp()

    def moving(self, now: float) -> bool:
        return False  # drawn on input

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKDROP)
        self.view.draw(surface, self.area, self.scroll)
        if self.height > self.area.h:
            bar_h = max(self.px * 2, self.area.h * self.area.h // self.height)
            y = self.area.y + (self.area.h - bar_h) * self.scroll // max(1, self.height - self.area.h)
            pygame.draw.rect(
                surface, theme.PANEL_EDGE, (self.area.right + self.px // 2, y, 6, bar_h), border_radius=3
            )
        self.back.draw(surface, self.px)
        for tab in self.tabs:
            tab.draw(surface, round(self.px * 0.85))
        hint = text.render("Wheel or arrows to scroll, Left/Right: another game",
                           round(self.px * 0.7), theme.TEXT_DIM)
        # Right of the Back button, never under it, down to the narrowest window.
        right = max(surface.get_width() - self.px, self.back.rect.right + self.px + hint.get_width())
        surface.blit(hint, hint.get_rect(midright=(right, self.back.rect.centery)))
