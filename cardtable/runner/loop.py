"""The match loop: the one loop that drives a match, for the table, the self-test, a screenshot,
simulate and tournament.

Each ``step`` asks the seat to move through its driver (once per position), polls it, and applies
what it answered; it never waits. Every seat gets only its own view, and the events of an action
as that seat may know them (``Applied.events_for``). With every seat a bot in this process,
``play_out`` is the same loop without the per-action bookkeeping: simulate's speed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from cardtable.engine.lessons import CoachRefusal
from cardtable.engine.protocol import Action, Event, IllegalAction, State
from cardtable.engine.seat_events import events_for
from cardtable.runner.drivers import InProcessBot, SeatDriver


class Played(Protocol):
    """What the loop drives: a state and the way actions are applied to it (a ``Match`` saves and
    counts as it applies; a bare state just applies)."""

    state: State

    def apply(self, action: Action) -> list[Event]: ...


@dataclass
class Bare:
    """A state with nothing around it (simulate, tournament)."""

    state: State

    def apply(self, action: Action) -> list[Event]:
        return self.state.apply(action)


@dataclass
class Applied:
    """An action was carried out: who, what, the real events and the positions around them."""

    seat: int
    action: Action
    events: list[Event]
    before: State
    after: State
    _told: dict[int | None, list[Event]] = field(default_factory=dict)

    def events_for(self, viewer: int | None) -> list[Event]:
        """The events as ``viewer`` may know them (None: as every seat may)."""
        if viewer not in self._told:
            self._told[viewer] = events_for(self.before, self.after, self.events, viewer)
        return self._told[viewer]


@dataclass(frozen=True)
class Refused:
    seat: int
    action: Action
    reason: str
    """The rule that forbids it, in the player's words."""
    coach: bool = False
    """In a lesson: the reason is the coach's words for the step, not a rule (``CoachRefusal``)."""


class MatchLoop:
    def __init__(self, played: Played, drivers: Sequence[SeatDriver]) -> None:
        self.played = played
        self.drivers = list(drivers)
        self.version = 0
        """Actions applied through this loop."""
        self._asked: tuple[int, int] | None = None
        """(seat, version) of the question out now."""

    @property
    def state(self) -> State:
        return self.played.state

    def asked(self) -> int | None:
        """The seat asked now, if any."""
        return self._asked[0] if self._asked is not None and self._asked[1] == self.version else None

    def step(self) -> Applied | Refused | None:
        """Ask the seat to move (once per position), apply its answer if it has one."""
        state = self.state
        seat = state.to_move
        if seat is None:
            return None
        driver = self.drivers[seat]
        if self._asked != (seat, self.version):
            self._asked = (seat, self.version)
            view = state.view(seat)
            driver.offer(view, view.legal_actions())
        action = driver.poll()
        if action is None:
            return None
        before = state.clone()
        try:
            events = self.played.apply(action)
        except IllegalAction as exc:
            driver.refused(action, str(exc))
            return Refused(seat, action, str(exc), isinstance(exc, CoachRefusal))
        self.version += 1
        applied = Applied(seat, action, events, before, self.state)
        for i, d in enumerate(self.drivers):
            if d.watches:
                d.see(self.state.view(i), applied.events_for(i))
        return applied

    def notes(self) -> list[str]:
        """What the drivers had to say since last asked (for the log)."""
        out: list[str] = []
        for d in self.drivers:
            out += d.notes
            d.notes.clear()
        return out

    def close(self) -> None:
        """The match is left: every question still out is withdrawn."""
        for d in self.drivers:
            d.withdraw()
        self._asked = None

    def play_out(self, cap: int) -> int:
        """Play to the end (or ``cap`` actions) with every seat a bot in this process; returns the
        actions played. The inner loop of simulate: bound methods, no bookkeeping per action."""
        if not all(type(d) is InProcessBot and d.timed is None for d in self.drivers):
            return self.run(cap)
        choose = [d.bot.choose for d in self.drivers]  # type: ignore[attr-defined]
        state = self.state
        apply, view = self.played.apply, state.view
        steps = 0
        seat = state.to_move
        while seat is not None and steps < cap:
            apply(choose[seat](view(seat)))
            steps += 1
            seat = state.to_move
        self.version += steps
        return steps

    def run(self, cap: int) -> int:
        """Play to the end (or ``cap`` actions) with seats that answer at once (bots in this
        process or through an inline worker); returns the actions played."""
        steps = 0
        while not self.state.is_over and steps < cap:
            done = self.step()
            if not isinstance(done, Applied):
                seat = self.state.to_move
                raise RuntimeError(f"seat {seat} gave no legal action at once"
                                   + (f": {done.reason}" if isinstance(done, Refused) else ""))
            steps += 1
        return steps
