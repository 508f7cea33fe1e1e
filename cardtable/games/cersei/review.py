"""How Card Table reviews Cersei: only the Assassin's picks, by the chance of winning.

Every other move is a flip with no choice (rulings 3.7: luck only)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from cardtable.engine.protocol import Action, State
from cardtable.engine.review import ReviewSpec


def _win_chance(reward: float, view: State) -> float:
    return reward


def _assassin(view: State, legal: Sequence[Action]) -> bool:
    return any(a.kind == "assassinate" for a in legal)


def _pick_key(view: State, action: Action) -> Hashable:
    """The top, the middle or the bottom of the deck picked from: nobody knows a deck's order,
    so a handful of places stands for them all."""
    if action.kind != "assassinate":
        return action
    deck = view.zones().get(f"deck/{action.target}", [])
    place = int(action.choice) if action.choice.isdigit() else 0
    third = (3 * place) // max(1, len(deck))
    return action.kind, action.target, min(2, third)


REVIEW = ReviewSpec(measure="chance of winning", unit="chance", thresholds=(0.05, 0.10, 0.20),
                    value=_win_chance, reviewed=_assassin, key=_pick_key,
                    note="Cersei is a game of luck: only the Assassin's picks are choices, "
                         "and they are the only moves reviewed.")
