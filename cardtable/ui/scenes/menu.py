"""The Esc menu over the table: Resume, Undo, Hint, Restart (the same deal), New game (the setup
with these seats), this game's Rules, How to play, Settings, Quit to title. Undo is shown but off
in hot-seat play, with the reason."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.games import games
from cardtable.ui import theme
from cardtable.ui.scenes.base import ButtonsScene


class MenuScene(ButtonsScene):
    overlay = True
    backdrop = False
    title = "Paused"

    def __init__(self, app) -> None:
        super().__init__(app)
        table = self.table()
        if table is not None:
            blocked = table.match.undo_blocked()
            if blocked:
                self.disabled.add("Undo")
                self.lines.append((blocked, theme.TEXT_DIM))
            if not table.my_turn():
                self.disabled.add("Hint")

    def table(self):
        from cardtable.ui.scenes.table import TableScene

        return self.app.find(TableScene)

    def items(self) -> list[tuple[str, Callable[[], None]]]:
        if self.table() is None:
            return [("Resume", self.app.pop), ("Settings", self.settings),
                    ("Quit to title", self.quit_to_title)]
        return [
            ("Resume", self.app.pop),
            ("Undo", self.undo),
            ("Hint", self.hint),
            ("Restart", self.restart),
            ("New game", self.new_game),
            ("Rules", self.rules),
            ("How to play", self.how_to_play),
            ("Settings", self.settings),
            ("Quit to title", self.quit_to_title),
        ]

    def on_escape(self) -> None:
        self.app.pop()

    def undo(self) -> None:
        self.app.pop()
        self.table().comforts.undo()

    def hint(self) -> None:
        self.app.pop()
        self.table().comforts.ask_hint()

    def restart(self) -> None:
        """The same deal from the start, as a new game of the sitting."""
        from cardtable.ui.scenes.table import TableScene

        table = self.table()
        table.turns.close()
        while self.app.top is not table:  # the menu, and a pass screen under it in hot-seat play
            self.app.pop()
        self.app.replace(TableScene(self.app, table.match.restart()))

    def new_game(self) -> None:
        from cardtable.ui.scenes.setup import SetupScene
        from cardtable.ui.scenes.title import TitleScene

        match = self.table().match
        self.app.reset(TitleScene(self.app))
        self.app.push(SetupScene(self.app, match.game.name, match.seats))

    def rules(self) -> None:
        from cardtable.ui.scenes.rules import RulesScene

        table = self.table()
        self.app.push(RulesScene(self.app, table.match.game.name if table else next(iter(games()))))

    def how_to_play(self) -> None:
        from cardtable.ui.scenes.how_to_play import HowToPlayScene

        self.app.pop()
        self.app.push(HowToPlayScene(self.app, self.table().match.game))

    def settings(self) -> None:
        from cardtable.ui.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def quit_to_title(self) -> None:
        from cardtable.ui.scenes.title import TitleScene

        self.app.reset(TitleScene(self.app))
