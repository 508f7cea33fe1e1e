"""The results: the finishing order with what each seat ended with, how long the game took, its
notable moments, the sitting so far, and what next (Play again, New game, Title)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from cardtable.games import parts_of
from cardtable.runner.match import Match
from cardtable.ui import theme
from cardtable.ui.scene import register
from cardtable.ui.scenes.base import ButtonsScene
from cardtable.ui.widgets import OnPress

MOMENT_LINES = 6
"""Notable moments listed by name; the rest are counted."""
HELP_WORDS = {"undo": "undo", "hint": "hints", "restart": "a restart"}


def results_lines(match: Match) -> list[tuple[str, theme.Colour]]:
    """Every line of the results, for the scene and its tests."""
    res = match.result()
    if res is None:
        return [("The game was left unfinished.", theme.TEXT)]
    lines = [(res.text, theme.ACCENT)]
    tips = parts_of(match.game).tips
    summary = tips.seat_summary
    for seat in res.ranking:
        mark = "  — " + (match.game.loser_title or "loses") if seat in res.losers else ""
        held = f" ({summary(match.state, seat)})" if summary is not None else ""
        lines.append((f"{res.places[seat]}.  {match.names[seat]}{held}{mark}",
                      theme.ILLEGAL if seat in res.losers else theme.TEXT))
    lines.append((_length(match), theme.TEXT_DIM))
    lines += [(line, theme.TURN) for line in _moments(match, tips.counted)]
    for line in match.loss_banners():
        lines.append((line, theme.TURN))
    if match.assisted:
        helped = " and ".join(HELP_WORDS.get(h, h) for h in sorted(match.assisted))
        lines.append((f"Played with {helped}: counted apart in the statistics.", theme.TEXT_DIM))
    lines.append((_sitting(match), theme.TEXT_DIM))
    return lines


def _length(match: Match) -> str:
    moves = len(match.actions)
    seconds = round(((match.ended or match.started) - match.started).total_seconds())
    minutes, secs = divmod(max(0, seconds), 60)
    took = f"{minutes} min {secs} s" if minutes else f"{secs} s"
    return f"{moves} moves in {took}"


def _moments(match: Match, counted: Mapping[str, str]) -> list[str]:
    counts = Counter(kind for _, kind, _ in match.moments if kind in counted)
    named = [line for _, kind, line in match.moments if line and kind not in counted]
    out = []
    if counts:
        out.append(" · ".join(f"{counted[k]}: {n}" for k, n in counts.items()))
    out += named[:MOMENT_LINES]
    if len(named) > MOMENT_LINES:
        out.append(f"… and {len(named) - MOMENT_LINES} more")
    return out


def _sitting(match: Match) -> str:
    """Losses per player across the games of the sitting (wins, in a game that names no losers)."""
    sitting = match.sitting
    games = f"{sitting.games} game{'s' if sitting.games != 1 else ''}"
    counted, word = (sitting.losses, "losses") if sitting.losses else (sitting.wins, "wins")
    tally = ", ".join(f"{name} {n}" for name, n in sorted(counted.items(), key=lambda x: -x[1]) if n)
    return f"This sitting, {games}: {word} {tally}" if tally else f"This sitting, {games}"


@register("results")
class ResultsScene(ButtonsScene):
    title = "Game over"

    def __init__(self, app, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.lines = results_lines(match)

    def items(self) -> list[tuple[str, OnPress]]:
        return [("Play again", self.again), ("New game", self.new_game), ("Title", self.to_title)]

    def again(self) -> None:
        self.app.replace("table", match=self.match.rematch())

    def new_game(self) -> None:
        self.app.phone_parking.close()  # new seats: the phones of this game are told it closed
        self.app.reset("title")
        self.app.push("setup", game=self.match.game.name, seats=self.match.seats)

    def to_title(self) -> None:
        self.app.phone_parking.close()
        self.app.reset("title")

    def on_escape(self) -> None:
        self.to_title()
