"""The results: finishing order, the Shithead (the game's losers), the banners, what next."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.runner.match import Match
from cardtable.ui import theme
from cardtable.ui.scenes.base import ButtonsScene


class ResultsScene(ButtonsScene):
    title = "Game over"

    def __init__(self, app, match: Match) -> None:
        super().__init__(app)
        self.match = match
        res = match.result()
        if res is None:
            self.lines = [("The game was left unfinished.", theme.TEXT)]
            return
        names = match.names
        self.lines = [(res.text, theme.ACCENT)]
        for place_seat in res.ranking:
            mark = (
                "  — " + (match.game.loser_title or "loses")
                if place_seat in res.losers
                else ""
            )
            self.lines.append(
                (
                    f"{res.places[place_seat]}.  {names[place_seat]}{mark}",
                    theme.ILLEGAL if place_seat in res.losers else theme.TEXT,
                )
            )
        for name in match.libraries:
            self.lines.append((f"Library Boy: {name} picked up a library of 10+ cards!", theme.TURN))
        for line in match.loss_banners():
            self.lines.append((line, theme.TURN))
        losses = ", ".join(f"{n} {k}" for n, k in match.sitting.losses.items())
        if losses:
            self.lines.append((f"Losses this sitting: {losses}", theme.TEXT_DIM))

    def items(self) -> list[tuple[str, Callable[[], None]]]:
        return [("Play again", self.again), ("New game", self.new_game), ("Title", self.to_title)]

    def again(self) -> None:
        from cardtable.ui.scenes.table import TableScene

        self.app.replace(TableScene(self.app, self.match.rematch()))

    def new_game(self) -> None:
        from cardtable.ui.scenes.setup import SetupScene
        from cardtable.ui.scenes.title import TitleScene

        self.app.reset(TitleScene(self.app))
        self.app.push(SetupScene(self.app, self.match.game.name, self.match.seats))

    def to_title(self) -> None:
        from cardtable.ui.scenes.title import TitleScene

        self.app.reset(TitleScene(self.app))

    def on_escape(self) -> None:
        self.to_title()
