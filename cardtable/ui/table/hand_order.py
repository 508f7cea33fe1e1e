"""The order of the viewer's own hand on the screen: as dealt, by rank, by suit, or as the player
dragged it. It is the player's alone: the engine's hand and every other seat's view are untouched,
so an arrangement can never tell anyone anything.

Sorting happens while the player has not rearranged by hand; once they drag a card the order is
theirs, cards they pick up join at the end (sorted among themselves), and choosing a sort again
starts over from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from cardtable.engine.cards import HIDDEN, RANK, SUIT

Mode = Literal["dealt", "rank", "suit"]
MODES: tuple[Mode, ...] = ("dealt", "rank", "suit")
MODE_WORDS = {"dealt": "as dealt", "rank": "by rank", "suit": "by suit"}


def sort_key(mode: str):
    if mode == "rank":
        return lambda c: (RANK[c], SUIT[c], c) if c != HIDDEN else (99, 0, 0)
    if mode == "suit":
        return lambda c: (SUIT[c], RANK[c], c) if c != HIDDEN else (99, 0, 0)
    return None


def _mode(word: str) -> Mode:
    """The sort mode ``word`` names (a setting written by hand may name none: as dealt)."""
    return next((m for m in MODES if m == word), "dealt")


class HandOrder:
    def __init__(self, mode: str = "dealt") -> None:
        self.mode: Mode = _mode(mode)
        self.custom: list[int] | None = None
        """The player's own arrangement once they have dragged a card."""

    def arrange(self, hand: Sequence[int]) -> list[int]:
        """``hand`` (the engine's order) as the player sees it."""
        key = sort_key(self.mode)
        if self.custom is None:
            return sorted(hand, key=key) if key else list(hand)
        held = set(hand)
        kept = [c for c in self.custom if c in held]
        placed = set(kept)
        new = [c for c in hand if c not in placed]
        self.custom = kept + (sorted(new, key=key) if key else new)
        return list(self.custom)

    def next_mode(self) -> Mode:
        """The sort key pressed: the next way of sorting, the player's own order forgotten."""
        self.mode = MODES[(MODES.index(self.mode) + 1) % len(MODES)]
        self.custom = None
        return self.mode

    def set_mode(self, mode: str) -> None:
        if mode in MODES and mode != self.mode:
            self.mode, self.custom = _mode(mode), None

    def move(self, hand: Sequence[int], card: int, index: int) -> list[int]:
        """Drag ``card`` to place ``index`` of the hand as shown; returns the new order."""
        order = self.arrange(hand)
        if card not in order:
            return order
        order.remove(card)
        order.insert(max(0, min(index, len(order))), card)
        self.custom = order
        return list(order)
