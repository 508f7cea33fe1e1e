"""The title: the registered games as tiles, then Rules, Settings and Quit."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cardtable.games import games, layout_of
from cardtable.store.matches import load_unfinished
from cardtable.store.stats import load_stats
from cardtable.ui import text, theme
from cardtable.ui.scenes.base import ButtonsScene
from cardtable.ui.scenes.setup import seats_offered
from cardtable.ui.widgets import Form, Tile, Widget


def playable_games() -> list[str]:
    """Games with an engine and a table layout, in registry order."""
    return [name for name, game in games().items() if layout_of(game) is not None]


class TitleScene(ButtonsScene):
    title = "Card Table"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.unfinished = []
        self.stats = None
        self.focus_memory = -1
        if app.paths is not None:
            if app.saver is not None:
                app.messages.extend(app.saver.flush())  # the match just left is on disk
            found = load_unfinished(app.paths)
            self.unfinished = [u for u in found if layout_of(u.game) is not None]
            app.messages.extend(found.messages)
            stats, messages = load_stats(app.paths)
            app.messages.extend(messages)
            self.stats = stats if stats.games else None
        self.lines = [(m, theme.ILLEGAL) for m in app.messages]
        app.messages.clear()

    def items(self) -> list[tuple[str, Callable[[], None]]]:
        out: list[tuple[str, Callable[[], None]]] = []
        for found in self.unfinished:
            out.append((f"Continue {found.game.title} ({', '.join(found.saved.names)})",
                        lambda found=found: self.resume(found)))
        out += [("Rules", self.rules), ("Settings", self.settings)]
        out.append(("Statistics", self.statistics))  # always: it says when nothing is finished yet
        out.append(("Quit", self.quit))
        return out

    def new_game(self, name: str) -> None:
        from cardtable.ui.scenes.setup import SetupScene

        self.app.push(SetupScene(self.app, name))

    def resume(self, found) -> None:
        from cardtable.runner.match import Match
        from cardtable.ui.scenes.table import TableScene

        self.app.push(TableScene(self.app, Match.resume(found, self.app.saver), animate_deal=False))

    def statistics(self) -> None:
        from cardtable.ui.scenes.statistics import StatisticsScene

        self.app.push(StatisticsScene(self.app))  # read afresh: a match may have ended since

    def rules(self) -> None:
        from cardtable.ui.scenes.rules import RulesScene

        names = playable_games()
        self.app.push(RulesScene(self.app, names[0]))

    def settings(self) -> None:
        from cardtable.ui.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def quit(self) -> None:
        self.app.running = False

    def resize(self, size: tuple[int, int]) -> None:
        """The games as a row of tiles above the column of buttons; one keyboard order for all."""
        super().resize(size)
        names = playable_games()
        if not names:
            return
        px = self.px
        tw, th, gap = round(px * 11), round(px * 5), px
        row = len(names) * tw + (len(names) - 1) * gap
        shift = th + px * 2
        self.panel.h += shift
        self.panel.w = max(self.panel.w, row + px * 4)
        self.panel.x = (size[0] - self.panel.w) // 2
        self.panel.y = max(10, (size[1] - self.panel.h) // 2)
        y = self.panel.y + round(px * 3.5) + round(px * 1.5) * len(self.wrapped)
        tiles: list[Widget] = []
        for i, name in enumerate(names):
            game = games()[name]
            offered = seats_offered(game)
            tile = Tile(game.title, f"{offered[0]}–{offered[-1]} players: new game",
                        lambda name=name: self.new_game(name))
            tile.rect = pygame.Rect(size[0] // 2 - row // 2 + i * (tw + gap), y, tw, th)
            tiles.append(tile)
        by = y + shift
        for w in self.form.widgets:
            w.rect.y = by
            by += w.rect.h + round(px * 0.6)
        self.form = Form(tiles + self.form.widgets)
        # Enter continues the last match if there is one, else starts the first game.
        self.form.set_focus(self.focus_memory if self.focus_memory >= 0 else
                            len(tiles) if self.unfinished else 0)

    def handle(self, event) -> None:
        super().handle(event)
        self.focus_memory = self.form.focus

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self._draw_fan(surface)

    def _draw_fan(self, surface: pygame.Surface) -> None:
        """A little fan of cards above the panel: the table's own art says what this is."""
        w = max(40, round(self.px * 3.2))
        cards = [51, 47, 43, 39, 35]  # A K Q J 10 of diamonds, by id
        y = self.panel.y - round(w * 1.6)
        if y < 4:
            return
        x0 = self.panel.centerx - w * 3 // 2
        for i, c in enumerate(cards):
            img = pygame.transform.rotate(self.app.card_art.face(c, w), 20 - 10 * i)
            surface.blit(img, img.get_rect(center=(x0 + i * w * 3 // 4, y + w * 7 // 10)))
        sub = text.render("house-rule card games", self.px, theme.TEXT_DIM)
        surface.blit(sub, sub.get_rect(midbottom=(self.panel.centerx, self.panel.bottom + self.px * 2)))
