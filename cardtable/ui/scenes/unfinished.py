"""Asked before a new game of a game that has an unfinished match: continue it, or abandon it
(it is kept with the replays and in the statistics as abandoned) and set up the new one."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.store.matches import Unfinished, unfinished_path
from cardtable.ui import theme
from cardtable.ui.continuing import match_words
from cardtable.ui.scene import register
from cardtable.ui.scenes.base import ButtonsScene
from cardtable.ui.widgets import OnPress


@register("unfinished")
class UnfinishedScene(ButtonsScene):
    overlay = True
    backdrop = False

    def __init__(self, app, found: Unfinished, on_resume: Callable[[Unfinished], None],
                 on_forget: Callable[[Unfinished], None]) -> None:
        """``on_resume`` continues the match; ``on_forget`` is told it was abandoned."""
        super().__init__(app)
        self.found, self.on_resume, self.on_forget = found, on_resume, on_forget
        game = found.game.title
        self.title = f"An unfinished match of {game}"
        self.lines = [
            (f"{', '.join(found.saved.names)}: {match_words(found)}.", theme.TEXT),
            ("A new game would end it. Abandoned matches stay with the replays.", theme.TEXT_DIM),
        ]

    def items(self) -> list[tuple[str, OnPress]]:
        return [("Continue it", self.continue_it), ("Abandon it and deal a new game", self.abandon),
                ("Back", self.app.pop)]

    def on_escape(self) -> None:
        self.app.pop()

    def continue_it(self) -> None:
        self.app.pop()
        self.on_resume(self.found)

    def abandon(self) -> None:
        if self.app.saver is not None and self.app.paths is not None:  # a saver writes to the paths
            messages = self.app.saver.abandon(self.found.saved)
            if unfinished_path(self.app.paths, self.found.game.name).exists():
                # Not filed (a full disk?): the match stays, and a new game would overwrite it.
                said = messages or ["Could not abandon it."]
                self.lines = [(m, theme.ILLEGAL) for m in said]
                self.resize(self.app.size)
                return
            self.app.messages.extend(messages)
        self.app.pop()
        self.on_forget(self.found)
        self.app.push("setup", game=self.found.game.name)
