"""What a gesture at the table comes to (``cardtable.ui.table.choices`` works it out): a move, a
refusal with its reason, cards still being chosen, or a button's decision."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.engine.protocol import Action

NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


@dataclass(frozen=True)
class Refusal:
    """Nothing happens; ``reason`` says why (empty: a quiet fly-back, such as a drop on bare felt)."""

    reason: str


@dataclass(frozen=True)
class Select:
    """Nothing happens yet: the cards stay selected and ``reason`` says what is still needed."""

    cards: frozenset[int]
    reason: str


Choice = Action | Refusal | Select


@dataclass(frozen=True)
class Decision:
    """A button: its words, what it does (an action, or the cards to select first), its seat."""

    label: str
    action: Action | None
    select: frozenset[int] = frozenset()
    seat: int = -1


def capital(words: str) -> str:
    return words[:1].upper() + words[1:]
