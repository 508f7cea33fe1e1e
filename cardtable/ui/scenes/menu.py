"""The Esc menu over the table: Resume, Rules, Settings, Quit to title."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.games import games
from cardtable.ui.scenes.base import ButtonsScene


class MenuScene(ButtonsScene):
    overlay = True
    backdrop = False
    title = "Paused"

    def items(self) -> list[tuple[str, Callable[[], None]]]:
        return [
            ("Resume", self.app.pop),
            ("Rules", self.rules),
            ("Settings", self.settings),
            ("Quit to title", self.quit_to_title),
        ]

    def on_escape(self) -> None:
        self.app.pop()

    def rules(self) -> None:
        from cardtable.ui.scenes.rules import RulesScene
        from cardtable.ui.scenes.table import TableScene

        table = self.app.find(TableScene)
        self.app.push(RulesScene(self.app, table.match.game.name if table else next(iter(games()))))

    def settings(self) -> None:
        from cardtable.ui.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def quit_to_title(self) -> None:
        from cardtable.ui.scenes.title import TitleScene

        self.app.reset(TitleScene(self.app))
