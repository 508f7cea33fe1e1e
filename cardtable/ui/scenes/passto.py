"""Hot-seat: the screen that hides every hand until the next human says they have the device."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.ui import theme
from cardtable.ui.scenes.base import ButtonsScene


class PassScene(ButtonsScene):
    def __init__(self, app, table, seat: int) -> None:
        super().__init__(app)
        self.table, self.seat = table, seat
        name = table.match.names[seat]
        self.title = f"Pass to {name}"
        self.lines = [
            (f"Hand the screen to {name}. Everyone else, look away.", theme.TEXT),
            (table.log[-1] if table.log else "", theme.TEXT_DIM),
        ]

    def items(self) -> list[tuple[str, Callable[[], None]]]:
        return [(f"I am {self.table.match.names[self.seat]}: show my cards", self.ready)]

    def ready(self) -> None:
        self.app.pop()
        self.table.passed_to(self.seat)

    def on_escape(self) -> None:
        from cardtable.ui.scenes.menu import MenuScene

        self.app.push(MenuScene(self.app))
