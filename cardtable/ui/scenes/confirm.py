"""Are you sure? A small overlay before something that cannot be undone."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.ui import theme
from cardtable.ui.scene import register
from cardtable.ui.scenes.base import ButtonsScene
from cardtable.ui.widgets import OnPress


@register("confirm")
class ConfirmScene(ButtonsScene):
    """Are you sure? Cancel (the focused button, and Esc) or the named action."""

    overlay = True
    backdrop = False

    def __init__(self, app, title: str, lines: list[str], action: str,
                 on_confirm: Callable[[], None]) -> None:
        super().__init__(app)
        self.title = title
        self.lines = [(ln, theme.TEXT) for ln in lines]
        self.action = action
        self.on_confirm = on_confirm

    def items(self) -> list[tuple[str, OnPress]]:
        return [("Cancel", self.app.pop), (self.action, self.confirm)]

    def confirm(self) -> None:
        self.app.pop()
        self.on_confirm()

    def on_escape(self) -> None:
        self.app.pop()
