"""The Esc menu over the table: Resume, Back to the review (a practice from its Try it), Undo,
Hint, Restart (the same deal), New game (the setup with these seats), this game's Rules, How to
play, Settings, Quit to title. Undo is shown but off in hot-seat play, with the reason."""

from __future__ import annotations

from cardtable.games import games
from cardtable.ui import theme
from cardtable.ui.scene import register
from cardtable.ui.scenes.base import ButtonsScene
from cardtable.ui.widgets import OnPress


@register("menu")
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

    def table(self):  # the table scene beneath, if any (typed loosely: scenes do not import scenes)
        return self.app.find("table")

    def items(self) -> list[tuple[str, OnPress]]:
        if self.table() is None:
            return [("Resume", self.app.pop), ("Settings", self.settings),
                    ("Quit to title", self.quit_to_title)]
        # a practice from the review's Try it: the way back to it (Quit to title closed the review)
        back = [("Back to the review", self.back_to_review)] if self.app.find("review") else []
        return [
            ("Resume", self.app.pop),
            *back,
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

    def back_to_review(self) -> None:
        review = self.app.find("review")
        assert review is not None
        self.app.pop_to(review)

    def undo(self) -> None:
        self.app.pop()
        self.table().comforts.undo()

    def hint(self) -> None:
        self.app.pop()
        self.table().comforts.ask_hint()

    def restart(self) -> None:
        """The same deal from the start, as a new game of the sitting: the phones stay in their
        seats (the same seats deal again), with no new scan."""
        table = self.table()
        table.turns.close(keep_phones=True)
        self.app.pop_to(table)  # the menu, and a pass screen under it in hot-seat play
        self.app.replace("table", match=table.match.restart())

    def new_game(self) -> None:
        match = self.table().match
        going = match.saved if match.actions and not match.state.is_over else None
        self.app.reset("title")
        self.app.push("setup", game=match.game.name, seats=match.seats, ending=going)

    def rules(self) -> None:
        table = self.table()
        self.app.push("rules", game=table.match.game.name if table else next(iter(games())))

    def how_to_play(self) -> None:
        self.app.pop()
        self.app.push("how_to_play", game=self.table().match.game)

    def settings(self) -> None:
        self.app.push("settings")

    def quit_to_title(self) -> None:
        self.app.reset("title")
