"""Statistics as the store keeps them: per game, per player name, games played and lost."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.games import games
from cardtable.store.stats import Stats
from cardtable.ui import theme
from cardtable.ui.scenes.base import ButtonsScene


class StatisticsScene(ButtonsScene):
    title = "Statistics"

    def __init__(self, app, stats: Stats) -> None:
        super().__init__(app)
        known = games()
        for name, g in stats.games.items():
            title = known[name].title if name in known else name
            self.lines.append((f"{title}: {g.matches} matches", theme.ACCENT))
            ranked = sorted(g.players.items(), key=lambda kv: (kv[1].losses / max(1, kv[1].games), kv[0]))
            for player, p in ranked:
                self.lines.append((f"{player}: {p.games} played, {p.wins} won, {p.losses} lost, "
                                   f"best streak {p.best_streak}", theme.TEXT))

    def items(self) -> list[tuple[str, Callable[[], None]]]:
        return [("Back", self.app.pop)]

    def on_escape(self) -> None:
        self.app.pop()
