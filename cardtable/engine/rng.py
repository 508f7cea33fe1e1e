"""Seeded randomness owned by a game state.

SplitMix64 keeps its whole state in one int, so cloning a state copies one number, and the stream
is the same on every platform and Python version: a seed and a list of actions replay a match
exactly, years later. ``random.Random`` would cost a 625-word copy per clone.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
T = TypeVar("T")


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = z = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number in ``range(n)``; Lemire's multiply-shift, bias below 2**-40 for card counts."""
        return (self.next64() * n) >> 64

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / 9007199254740992.0)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, ``j = self.below(i + 1)`` for each place from the top, with ``next64``
        written out in the loop: every deal and every determinized deal shuffles, and two calls a
        card cost more than the arithmetic."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            state = (state + _GAMMA) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = state

    def fork(self) -> Rng:
        """An independent stream derived from this one (advances this one by a step)."""
        return Rng(self.next64())

    def __reduce__(self) -> tuple[type[Rng], tuple[int]]:
        # (a review sends views to other processes; the compiled core's native class has no
        # default way to be pickled: it is made again from its one number)
        return type(self), (self.state,)

    def clone(self) -> Rng:
        r = Rng.__new__(Rng)
        r.state = self.state
        return r


class CutRng(Rng):
    """A view's random stream: cut, so whoever holds a view cannot draw the table's next card even
    by mistake (drawing raises). It never changes, so every view shares ``CUT`` instead of building
    a stream per view (a view is made before every simulated decision); its clones are itself."""

    __slots__ = ()

    def next64(self) -> int:
        raise RuntimeError("a view's random stream is cut: determinize it to play on")

    def clone(self) -> Rng:
        return self


CUT = CutRng(0)
"""The stream of a view: state 0, as every view has always recorded in its fingerprint."""
