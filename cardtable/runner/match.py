"""The Match controller: the authoritative state of one game at the table, who sits where, and
what happens between games of a sitting (losses, the dealer moving round).

It is the model of every table (the window, the self-test, a screenshot): seats are asked for their
actions through their drivers by the match loop (``cardtable.runner.loop``), each with its own view.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from pydantic import BaseModel

from cardtable.engine.protocol import Action, Event, Game, Result
from cardtable.games import get_game
from cardtable.store.matches import Autosaver, SavedMatch, SeatConfig, Unfinished


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = "human"
    """"human" or "bot"."""
    level: str = "heuristic"
    """The bot kind for a bot seat (a key of ``cardtable.ai.bot_kinds``)."""

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"


@dataclass
class Sitting:
    """What carries from one game to the next at the same table."""

    losses: dict[str, int] = field(default_factory=dict)
    games: int = 0


class Match:
    def __init__(self, game: str | Game, seats: list[Seat], options: BaseModel | None = None,
                 seed: int | None = None, dealer: int | None = None, sitting: Sitting | None = None,
                 saver: Autosaver | None = None) -> None:
        """A new deal; with a ``saver`` the match is autosaved after every action."""
        self.game = get_game(game) if isinstance(game, str) else game
        self.seats = list(seats)
        self.options = options if options is not None else self.game.Options()
        self.seed = seed if seed is not None else random.randrange(2**31)
        self.dealer = dealer if dealer is not None else random.Random(self.seed).randrange(len(seats))
        self.sitting = sitting or Sitting()
        self.saver = saver
        self.messages: list[str] = []
        """What the store had to say (a file that could not be written), for the table's log."""
        self.actions: list[Action] = []
        self.movers: list[int | None] = []
        """The seat that took each action."""
        self.libraries: list[str] = []
        """Names of seats that picked up to a library this game, in order."""
        self._result: Result | None = None
        configs = [SeatConfig(name=s.name, kind=s.kind, level=s.level if s.is_bot else "") for s in seats]
        saved, self.state = SavedMatch.start(self.game, configs, self.options, self.seed, self.dealer)
        self.saved: SavedMatch | None = saved if saver is not None else None
        if saver is not None:
            self.messages += saver.save(saved)

    @classmethod
    def resume(cls, found: Unfinished, saver: Autosaver | None) -> Match:
        """Continue a match left unfinished, where its autosave left it."""
        saved = found.saved
        match = cls.__new__(cls)
        match.game = found.game
        match.seats = [Seat(c.name, c.kind, c.level or "heuristic") for c in saved.seats]
        match.options = found.game.Options(**saved.options)
        match.seed = saved.seed
        match.dealer = saved.dealer if saved.dealer is not None else 0
        match.sitting = Sitting()
        match.saver, match.saved, match.messages = saver, saved, []
        match.actions = saved.action_list()
        match.movers = [None] * len(match.actions)
        match.libraries = []
        match._result = None
        match.state = found.state
        return match

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    def is_bot(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat].is_bot

    def legal(self) -> list[Action]:
        return self.state.legal_actions()

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action (IllegalAction otherwise, state unchanged); note library pickups."""
        seat = self.state.to_move
        events = self.state.apply(action)
        self.actions.append(action)
        self.movers.append(seat)
        if self.saver is not None and self.saved is not None:
            self.saved.record(action, self.state)
            self.messages += self.saver.save(self.saved)
            result = self.state.result()
            if result is not None:
                self.messages += self.saver.finish(self.saved, result)
        for ev in events:
            if ev.kind == "library" and 0 <= ev.seat < len(self.seats):
                name = self.names[ev.seat]
                if name not in self.libraries:
                    self.libraries.append(name)
        return events

    def result(self) -> Result | None:
        """The result once over; the first call also counts the losses of the sitting."""
        if self._result is None and self.state.is_over:
            self._result = self.state.result()
            if self._result is not None:
                self.sitting.games += 1
                for seat in self._result.losers:
                    name = self.names[seat]
                    self.sitting.losses[name] = self.sitting.losses.get(name, 0) + 1
        return self._result

    def loss_banners(self) -> list[str]:
        res = self.result()
        if res is None:
            return []
        lines = []
        for seat in res.losers:
            name = self.names[seat]
            line = self.game.loss_banner(name, self.sitting.losses.get(name, 0))
            if line:
                lines.append(line)
        return lines

    def rematch(self) -> Match:
        """The next game of the sitting: same seats and options, the deal passing to the left."""
        return Match(self.game, self.seats, self.options, random.randrange(2**31),
                     (self.dealer + 1) % len(self.seats), self.sitting, self.saver)
