"""Hot-seat: the screen that hides every hand until the next human says they have the device."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.ui import theme, timings
from cardtable.ui.scene import register
from cardtable.ui.scenes.base import ButtonsScene
from cardtable.ui.widgets import OnPress


@register("pass")
class PassScene(ButtonsScene):
    guard = timings.PASS_GUARD  # the last player's second press would show the next one's cards

    def __init__(self, app, name: str, missed: list[str], on_ready: Callable[[], None]) -> None:
        """``name`` is the player the screen goes to, ``missed`` what was played since they last
        had it (public lines: the log names no hidden card); ``on_ready`` shows their cards."""
        super().__init__(app)
        self.player, self.on_ready = name, on_ready
        self.title = f"Pass to {name}"
        self.lines = [(f"Hand the screen to {name}. Everyone else, look away.", theme.TEXT)]
        if missed:
            self.lines.append(("Meanwhile:", theme.ACCENT))
            self.lines += [(line, theme.TEXT_DIM) for line in missed]

    def items(self) -> list[tuple[str, OnPress]]:
        return [(f"I am {self.player}: show my cards", self.ready)]

    def ready(self) -> None:
        self.app.pop()
        self.on_ready()

    def on_escape(self) -> None:
        self.app.push("menu")
