"""Seat drivers: the one door through which every seat is asked for its action.

The match loop ``offer``s the seat to move its own view and its legal actions, then ``poll``s until
an action comes back; it never waits, so a frame loop can poll every frame. After every action it
shows each watching seat its view and the events redacted for it (``see``). A local human answers
through the table's input, a bot through the worker process (or at once, in this process), and a
remote seat would answer over the network through the same four calls.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Protocol

from cardtable.engine.bots import Bot
from cardtable.engine.protocol import Action, Event, State


class SeatDriver:
    """A seat's door. ``watches`` asks for ``see`` after every action (a remote screen)."""

    watches = False
    is_bot = False

    def __init__(self) -> None:
        self.notes: list[str] = []
        """Lines for the table's log (a bot that failed and was stood in for)."""

    def offer(self, view: State, legal: Sequence[Action]) -> None:
        """The seat is asked: ``view`` is all it may know, ``legal`` what it may do. Returns at once."""

    def poll(self) -> Action | None:
        """The chosen action once it is ready (then forgotten), else None."""
        return None

    def see(self, view: State, events: list[Event]) -> None:
        """Something happened: the seat's view after it and the events as the seat may know them."""

    def refused(self, action: Action, reason: str) -> None:
        """The action this driver gave was not allowed (``reason`` names the rule); the seat is
        still to move and will be offered again."""

    def withdraw(self) -> None:
        """The question is off (the match was left): forget it and any answer still coming."""


class LocalSeat(SeatDriver):
    """A person at this screen: the table's input submits what the gesture meant."""

    def __init__(self) -> None:
        super().__init__()
        self.legal: Sequence[Action] = ()
        self.asked = False
        self._chosen: Action | None = None

    def offer(self, view: State, legal: Sequence[Action]) -> None:
        self.legal, self.asked = legal, True

    def submit(self, action: Action) -> None:
        self._chosen = action

    def poll(self) -> Action | None:
        chosen, self._chosen = self._chosen, None
        if chosen is not None:
            self.asked = False
        return chosen

    def refused(self, action: Action, reason: str) -> None:
        self.asked = True

    def withdraw(self) -> None:
        self._chosen, self.asked = None, False


class BotWorker(Protocol):
    """What the service asks of a bot worker (``cardtable.ai.worker``'s, in a process or inline):
    named here so the runner depends on the engine only."""

    def request(self, req_id: int, game: str, level: str, seat: int, seed: int, view: State) -> None: ...

    def poll(self) -> list[tuple[int, Action | None, str]]: ...


_REQUESTS = itertools.count(1)
"""Request numbers, unique in this process: a late answer for a table that was left never passes
for an answer to the next table's bot."""


class BotService:
    """One bot worker (``cardtable.ai.worker``: a process, or inline) shared by every bot seat:
    numbers the requests and hands each answer to the seat that asked. ``bots`` may be a function
    giving the worker in use (the window starts its worker process after the first frame)."""

    def __init__(self, bots) -> None:
        self._bots = bots
        self.answers: dict[int, tuple[Action | None, str]] = {}
        self.asked: dict[int, BotWorker] = {}
        """The worker each unanswered request went to."""

    @property
    def bots(self):
        return self._bots() if callable(self._bots) else self._bots

    def request(self, game: str, level: str, seat: int, seed: int, view: State) -> int:
        req = next(_REQUESTS)
        bots = self.bots
        self.asked[req] = bots
        bots.request(req, game, level, seat, seed, view)
        return req

    def answer(self, req: int) -> tuple[Action | None, str] | None:
        # Poll every worker still owing an answer: one asked before another took over keeps it.
        for bots in {id(b): b for b in self.asked.values()}.values():
            for got, action, note in bots.poll():
                if self.asked.pop(got, None) is not None:
                    self.answers[got] = (action, note)
        return self.answers.pop(req, None)

    def forget(self, req: int) -> None:
        self.answers.pop(req, None)
        self.asked.pop(req, None)


class BotSeat(SeatDriver):
    """A bot thinking off the frame loop. ``think`` gives the least time a move takes to show
    (a person must see what a bot did); ``clock`` is the table's clock."""

    is_bot = True

    def __init__(self, service: BotService, game: str, level: str, seat: int, seed: int, name: str,
                 think: Callable[[], float] = lambda: 0.0, clock: Callable[[], float] = lambda: 0.0) -> None:
        super().__init__()
        self.service, self.game, self.level, self.seat, self.seed = service, game, level, seat, seed
        self.name, self.think, self.clock = name, think, clock
        self.request: int | None = None
        self.asked_at = 0.0
        self.legal: Sequence[Action] = ()
        self.answer: Action | None = None

    @property
    def thinking(self) -> bool:
        return self.request is not None and self.answer is None

    def offer(self, view: State, legal: Sequence[Action]) -> None:
        self.withdraw()
        self.legal, self.asked_at, self.answer = legal, self.clock(), None
        self.request = self.service.request(self.game, self.level, self.seat, self.seed, view)

    def poll(self) -> Action | None:
        if self.request is None:
            return None
        if self.answer is None:
            got = self.service.answer(self.request)
            if got is None:
                return None
            self.answer = self._checked(*got)
        if self.clock() - self.asked_at < self.think():
            return None
        answer, self.request, self.answer = self.answer, None, None
        return answer

    def _checked(self, action: Action | None, note: str) -> Action:
        """A failed bot plays the first legal move, said in the log; a stand-in's note is said too."""
        if action is None or action not in self.legal:
            why = note or f"{action} is not allowed"
            self.notes.append(f"{self.name}'s bot failed ({why}); it plays the first legal move.")
            return self.legal[0]
        if note:  # the Normal level stood in for a bot that failed (issue 8)
            self.notes.append(f"{self.name}: {note}")
        return action

    def withdraw(self) -> None:
        if self.request is not None:
            self.service.forget(self.request)
        self.request, self.answer = None, None


class InProcessBot(SeatDriver):
    """A bot object asked in this process, answering at once (simulate, tournament). ``timed``
    collects the seconds each real decision (more than one legal action) took."""

    is_bot = True

    def __init__(self, bot: Bot, timed: list[float] | None = None) -> None:
        super().__init__()
        self.bot, self.timed = bot, timed
        self.view: State | None = None
        self.choices = 0

    def offer(self, view: State, legal: Sequence[Action]) -> None:
        self.view, self.choices = view, len(legal)

    def poll(self) -> Action | None:
        if self.view is None:
            return None
        view, self.view = self.view, None
        if self.timed is None or self.choices < 2:
            return self.bot.choose(view)
        from time import perf_counter

        t0 = perf_counter()
        action = self.bot.choose(view)
        self.timed.append(perf_counter() - t0)
        return action
