"""The results: a table of the players in finishing order (place, name, what each ended with, their
moves and time), how long the game took, its notable moments, the sitting so far, and what next
(Play again, Review, Watch the replay, New game, Title; first, after a practice from a review's Try
it, Back to the review, where Esc goes too)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

import pygame

from cardtable.engine.words import in_second_person
from cardtable.games import parts_of
from cardtable.runner.match import PRACTICE, Match
from cardtable.store.matches import ReplayError, positions
from cardtable.ui import theme, timings
from cardtable.ui.input import InputEvent, Key
from cardtable.ui.scene import register
from cardtable.ui.scenes.base import ButtonsScene
from cardtable.ui.widgets import OnPress

MOMENT_LINES = 6
"""Notable moments listed by name; the rest are counted."""
HELP_WORDS = {"undo": "undo", "hint": "hints", "restart": "a restart"}
PRACTICE_WORDS = "A practice game: not saved, not counted in the statistics."


def results_lines(match: Match) -> list[tuple[str, theme.Colour]]:
    """Every line of the results around the table of players, for the scene and its tests: what
    the game said first, then the length, the moments, the help and the sitting."""
    res = match.result()
    if res is None:
        return [("The game was left unfinished.", theme.TEXT)]
    lines = [(in_second_person(res.text, match.names), theme.ACCENT), (_length(match), theme.TEXT_DIM)]
    # the moments and banners are the game's lines, said of every seat alike: "You's Assassin won"
    said = [*_moments(match, parts_of(match.game).tips.counted), *match.loss_banners()]
    lines += [(in_second_person(line, match.names), theme.TURN) for line in said]
    if PRACTICE in match.assisted:
        # it read "Played with practice: counted apart in the statistics" and the sitting so far,
        # where Try it had said the game is not saved or counted
        lines.append((PRACTICE_WORDS, theme.TEXT_DIM))
        return lines
    if match.assisted:
        helped = " and ".join(HELP_WORDS.get(h, h) for h in sorted(match.assisted))
        lines.append((f"Played with {helped}: counted apart in the statistics.", theme.TEXT_DIM))
    lines.append((_sitting(match), theme.TEXT_DIM))
    return lines


HEADS = ("Place", "Player", "Ended with", "Moves", "Time")


def results_rows(match: Match, seconds: Sequence[float] = ()) -> list[tuple[tuple[str, ...], theme.Colour]]:
    """The players in finishing order: place, name (and the loser's title), what each ended with
    (cards, points or money), their moves and the time they took (``seconds`` per seat, if
    timed); the first row is the column heads."""
    res = match.result()
    if res is None:
        return []
    summary = parts_of(match.game).tips.seat_summary
    moves = Counter(match.movers)
    rows: list[tuple[tuple[str, ...], theme.Colour]] = [(HEADS, theme.ACCENT)]
    for seat in res.ranking:
        name = match.names[seat]
        if seat in res.losers:
            name += "  — " + (match.game.loser_title or "loses")
        held = summary(match.state, seat) if summary is not None else ""
        took = _clock(seconds[seat]) if seat < len(seconds) else "–"
        rows.append(((str(res.places[seat]), name, held, str(moves[seat]), took),
                     theme.ILLEGAL if seat in res.losers else theme.TEXT))
    return rows


def _clock(seconds: float) -> str:
    minutes, secs = divmod(max(0, round(seconds)), 60)
    return f"{minutes}:{secs:02d}"


def _length(match: Match) -> str:
    moves = len(match.actions)
    seconds = round(((match.ended or match.started) - match.started).total_seconds())
    minutes, secs = divmod(max(0, seconds), 60)
    took = f"{minutes} min {secs} s" if minutes else f"{secs} s"
    if PRACTICE in match.assisted:  # timed from Try it, its moves from the deal
        return f"{moves} moves; this practice took {took}"
    return f"{moves} moves in {took}"


def _moments(match: Match, counted: Mapping[str, str]) -> list[str]:
    counts = Counter(kind for _, kind, _ in match.moments if kind in counted)
    # the same moment again is said once with how often: Cersei's results listed "A Eunuch was
    # played: every player shuffles their deck" twice, word for word, and read as a mistake
    times = Counter(line for _, kind, line in match.moments if line and kind not in counted)
    named = [_often(line, n) for line, n in times.items()]
    out = []
    if counts:
        out.append(" · ".join(f"{counted[k]}: {n}" for k, n in counts.items()))
    out += named[:MOMENT_LINES]
    if len(named) > MOMENT_LINES:
        out.append(f"… and {len(named) - MOMENT_LINES} more")
    return out


def _often(line: str, n: int) -> str:
    return line if n == 1 else f"{line} ({'twice' if n == 2 else f'{n} times'})"


def _sitting(match: Match) -> str:
    """Losses per player across the games of the sitting (wins, in a game that names no losers)."""
    sitting = match.sitting
    games = f"{sitting.games} game{'s' if sitting.games != 1 else ''}"
    # The verb goes between name and count: "wins Bot 1 1" could not be read when names end in digits.
    counted, verb = (sitting.losses, "lost") if sitting.losses else (sitting.wins, "won")
    tally = ", ".join(f"{name} {verb} {n}" for name, n in sorted(counted.items(), key=lambda x: -x[1]) if n)
    return f"This sitting, {games}: {tally}" if tally else f"This sitting, {games}"


@register("results")
class ResultsScene(ButtonsScene):
    title = "Game over"
    guard = timings.FRESH_SCREEN_KEYS  # an Enter pressed twice on the last move would deal again

    def __init__(self, app, match: Match, seconds: Sequence[float] = ()) -> None:
        """``seconds``: the time each seat took over its moves, as the table measured it."""
        super().__init__(app)
        self.match = match
        self.lines = results_lines(match)
        self.grid = results_rows(match, seconds)

    def items(self) -> list[tuple[str, OnPress]]:
        out: list[tuple[str, OnPress]] = [("Play again", self.again)]
        if self._review() is not None:   # a practice from the review's Try it: back where it began
            out.insert(0, ("Back to the review", self.back_to_review))
        if self.app.can_open("review") and self.match.saved is not None:
            out.append(("Review", self.review))
        if self.match.saved is not None:
            out.append(("Watch the replay", self.replay))
        return [*out, ("New game", self.new_game), ("Title", self.to_title)]

    def again(self) -> None:
        self.app.replace("table", match=self.match.rematch(self.app.saver))

    def review(self) -> None:
        """The review of the one person's decisions; with several people at the screen (or
        none) it asks whose (it was the first person's, whoever pressed Review)."""
        people = self.match.human_seats
        self.app.push("review", saved=self.match.saved, seat=people[0] if len(people) == 1 else None)

    def replay(self) -> None:
        """The game just played, from the deal, in the replay viewer."""
        saved = self.match.saved
        assert saved is not None
        try:
            steps = positions(saved)
        except ReplayError as err:
            self.lines.append((f"The replay cannot be shown: {err}.", theme.ILLEGAL))
            self.resize(self.app.size)
            return
        self.app.push("replay", saved=saved, steps=steps)

    def new_game(self) -> None:
        self.app.phone_parking.close()  # new seats: the phones of this game are told it closed
        self.app.reset("title")
        self.app.push("setup", game=self.match.game.name, seats=self.match.seats)

    def to_title(self) -> None:
        self.app.phone_parking.close()
        self.app.reset("title")

    def on_escape(self) -> None:
        if self._review() is not None:
            self.back_to_review()
        else:
            self.to_title()

    def _review(self):  # the review beneath, if any (typed loosely: scenes do not import scenes)
        return self.app.find("review")

    def back_to_review(self) -> None:
        self.app.pop_to(self._review())

    def guarded(self, event: InputEvent) -> bool:
        # the second Enter of a last move made with the keys; a click is aimed at what it hits
        return isinstance(event, Key) and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)

