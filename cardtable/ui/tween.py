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
    z_boost: bool = True
    """A flying card draws above the cards at rest."""
    sizes: tuple[tuple[int, int], tuple[int, int]] | None = None
    """The card's size leaving and arriving (an opponent's small card grows on its way to the
    middle); None keeps the size of its place at rest."""

    def size_at(self, t: float) -> tuple[int, int] | None:
        if self.sizes is None:
            return None
        (w0, h0), (w1, h1) = self.sizes
        if t >= self.t1 or self.t1 <= self.t0:
            return w1, h1
        x = ease_out_cubic(max(0.0, (t - self.t0) / (self.t1 - self.t0)))
        return round(lerp(w0, w1, x)), round(lerp(h0, h1, x))

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

    def planned_size(self, card: int) -> tuple[int, int] | None:
        q = self.flights.get(card)
        return q[-1].sizes[1] if q and q[-1].sizes else None

    def size(self, card: int, t: float) -> tuple[int, int] | None:
        """The card's size at ``t`` while it has flights (None: the size of its place at rest)."""
        q = self.flights.get(card)
        if not q:
            return None
        if t < q[0].t0:
            return q[0].sizes[0] if q[0].sizes else None
        current = None
        for f in q:
            if t < f.t0:
                return current
            current = f.size_at(t)
        return current

    def planned_time(self, card: int) -> float:
        q = self.flights.get(card)
        return q[-1].t1 if q else 0.0

    def position(self, card: int, t: float) -> tuple[Point, Flight | None] | None:
        """Where ``card`` is at ``t`` and the flight it is on (None when waiting or landed)."""
        q = self.flights.get(card)
        if not q:
            return None
        current: Point = q[0].src
        for f in q:
            if t < f.t0:
                return current, None
            if t < f.t1:
                return f.at(t), f
            current = f.dst
        return current, None

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
