"""Easing and card flights.

Each card has a queue of flights (start time, end time, from, to, face while flying). Where a card
is at time ``t`` is read from its queue, so a whole action's events (play, refill, burn) can be
scheduled at once and the frame loop only asks "where is card 17 now". Times are
``time.perf_counter`` seconds: ``Clock.tick`` only counts whole milliseconds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[float, float]


def ease_out_cubic(x: float) -> float:
    return 1 - (1 - x) ** 3


def ease_in_out_sine(x: float) -> float:
    return -(math.cos(math.pi * x) - 1) / 2


def lerp(a: float, b: float, x: float) -> float:
    return a + (b - a) * x


@dataclass(slots=True)
class Flight:
    t0: float
    t1: float
    src: Point
    dst: Point
    face_up: bool | None
    """Face shown while flying; None keeps whatever the card shows at rest."""
    flip: bool = False
    """Turning over where it lies: the back narrows away and the face widens in."""
    w0: int = 0
    w1: int = 0
    """Card width at the start and the end (0: the width where it rests). The width switches
    halfway rather than growing smoothly: every width in between would be a new image to draw."""
    shows: int = -1
    """The face shown while flying face up where the card's resting face is not (a face-up pickup
    going into another's hand); -1: its resting face."""

    def width(self, t: float) -> int:
        halfway = t >= (self.t0 + self.t1) / 2
        return self.w1 if halfway else self.w0

    def at(self, t: float) -> Point:
        if t >= self.t1 or self.t1 <= self.t0:
            return self.dst
        x = ease_out_cubic(max(0.0, (t - self.t0) / (self.t1 - self.t0)))
        return (lerp(self.src[0], self.dst[0], x), lerp(self.src[1], self.dst[1], x))


class Motions:
    """Every card's scheduled flights; a card with none rests where the layout puts it."""

    def __init__(self) -> None:
        self.flights: dict[int, list[Flight]] = {}

    def add(self, card: int, flight: Flight) -> None:
        self.flights.setdefault(card, []).append(flight)

    def planned_end(self, card: int) -> Point | None:
        """Where the card will be once its queued flights are done."""
        q = self.flights.get(card)
        return q[-1].dst if q else None

    def planned_time(self, card: int) -> float:
        q = self.flights.get(card)
        return q[-1].t1 if q else 0.0

    def position(self, card: int, t: float) -> tuple[Point, int, bool | None, float, int] | None:
        """Where ``card`` is at ``t``: (place, width or 0, face while moving or None, how far
        through a flip it is, or -1 when not flipping, the face shown in flight or -1).

        A card waiting for its first flight sits at that flight's start as it looks there; one
        between two flights sits where the earlier one landed."""
        q = self.flights.get(card)
        if not q:
            return None
        if t < q[0].t0:
            f = q[0]
            return f.src, f.w0, f.face_up, -1.0, f.shows
        last = q[0]
        for f in q:
            if t < f.t0:
                break
            if t < f.t1:
                turn = (t - f.t0) / (f.t1 - f.t0) if f.flip else -1.0
                return f.at(t), f.width(t), f.face_up, turn, f.shows
            last = f
        return last.dst, last.w1, last.face_up, -1.0, last.shows

    def busy(self, t: float) -> bool:
        return any(q[-1].t1 > t for q in self.flights.values())

    def prune(self, t: float) -> None:
        """Forget flights that have landed: the layout places resting cards."""
        for card in [c for c, q in self.flights.items() if q[-1].t1 <= t]:
            del self.flights[card]

    def clear(self) -> None:
        self.flights.clear()


@dataclass(slots=True)
class Flash:
    """A burst of colour over a zone (a burn), fading from ``t0`` to ``t1``."""

    zone: str
    t0: float
    t1: float

    def alpha(self, t: float) -> int:
        if not self.t0 <= t < self.t1:
            return 0
        x = (t - self.t0) / (self.t1 - self.t0)
        return round(220 * math.sin(math.pi * x))
