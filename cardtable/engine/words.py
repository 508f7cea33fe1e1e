"""Words every game's lines share."""

from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """A number with its noun in the right form: "1 card", "2 cards", "0 cards"."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
