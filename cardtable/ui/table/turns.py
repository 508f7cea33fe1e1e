"""Whose turn it is and who is asked: the table's match loop, with a driver for every seat.

A person at this screen answers through a ``LocalSeat`` (the table's input submits what a gesture
meant); a bot through a ``BotSeat`` asking the worker with its own view; a phone seat through a
``PhoneSeat`` over the local network. The table steps the loop
only when nothing is flying, so a bot's move shows after what led to it has landed.
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.engine.protocol import Action
from cardtable.games import layout_of
from cardtable.runner.drivers import BotSeat, BotService, LocalSeat, SeatDriver
from cardtable.runner.loop import Applied, MatchLoop, Refused
from cardtable.runner.match import Match
from cardtable.ui.table.phones import Phones


class Turns:
    def __init__(self, app, match: Match, clock: Callable[[], float]) -> None:
        self.app, self.match = app, match
        self.service = service = BotService(lambda: app.bots)  # the worker may start after the table
        self.phones = Phones(match, layout_of(match.game), getattr(app, "phone_host", "0.0.0.0"),
                             getattr(app, "phone_parking", None))
        drivers: list[SeatDriver] = []
        for seat, s in enumerate(match.seats):
            own = match.seat_driver(seat, service, self.think, clock)
            if own is not None:  # the match plays this seat itself (a lesson's script)
                drivers.append(own)
            elif seat in self.phones.drivers:
                drivers.append(self.phones.drivers[seat])  # type: ignore[arg-type]  # the same door
            elif s.is_bot:
                drivers.append(BotSeat(service, match.game.name, s.level, seat, match.seed + seat, s.name,
                                       self.think, clock))
            else:
                drivers.append(LocalSeat())
        self.loop = MatchLoop(match, drivers)
        self.rush = False
        """The people are out and skip to the results: bots move as soon as they answer."""

    def think(self) -> float:
        """The least time a bot's move takes to show: none with fast play or instant animation."""
        s = self.app.settings
        return 0.0 if (self.rush or s.fast_play or s.animation_speed == "instant") else s.bot_think_ms / 1000

    @property
    def to_move(self) -> int | None:
        return self.match.state.to_move

    def is_bot(self, seat: int | None) -> bool:
        return seat is not None and self.loop.drivers[seat].is_bot

    def bot_asked(self) -> bool:
        """A bot is asked and has not moved yet."""
        seat = self.to_move
        driver = self.loop.drivers[seat] if seat is not None else None
        return isinstance(driver, BotSeat) and driver.request is not None

    def bot_thinking(self) -> bool:
        """A bot is asked and its answer has not come back yet."""
        seat = self.to_move
        driver = self.loop.drivers[seat] if seat is not None else None
        return isinstance(driver, BotSeat) and driver.thinking

    def step(self) -> Applied | Refused | None:
        """Ask the seat to move, or carry out what it answered."""
        return self.loop.step()

    def submit(self, action: Action) -> Applied | Refused | None:
        """The person at this screen whose turn it is chose ``action``: carry it out now."""
        seat = self.to_move
        driver = self.loop.drivers[seat] if seat is not None else None
        if not isinstance(driver, LocalSeat):
            return None
        driver.submit(action)
        return self.loop.step()

    def notes(self) -> list[str]:
        return self.loop.notes()

    def close(self, keep_phones: bool = False) -> None:
        self.loop.close()
        self.phones.close(keep_phones)

    def restart(self) -> None:
        """The match jumped to another position (undo, redo): every question out is withdrawn and
        the seat to move is asked afresh."""
        self.loop.close()
        self.loop.version += 1
