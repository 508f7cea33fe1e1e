"""What a phone shows, as plain JSON-ready data: built from its seat's view only.

Every card id in a snapshot comes from the seat's own view (where the others' cards are already
HIDDEN), so a phone can never be sent a card its seat may not know; a test checks every message of
long games against the view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.engine.cards import HIDDEN, card_name, is_red, rank, suit
from cardtable.engine.protocol import Action, State
from cardtable.engine.table import LayoutSpec

LOG_LINES = 6


def card(c: int) -> dict[str, Any]:
    name = card_name(c)
    return {"id": c, "name": name, "red": is_red(c)}


def _cards(cards: Sequence[int]) -> list[dict[str, Any] | None]:
    """Known cards as faces, unknown ones as None (a card back)."""
    return [None if c == HIDDEN else card(c) for c in cards]


def snapshot(view: State, seat: int, layout: LayoutSpec, legal: Sequence[Action], version: int,
             log: Sequence[str] = (), prompt: str = "") -> dict[str, Any]:
    """The phone's picture of the table for ``seat``: its own zones face up where it may know them,
    the middle of the table, every seat's card counts, and, on its turn, the legal actions it may
    send back by index (``version`` tells a stale answer from a fresh one)."""
    zones = view.zones()
    names = list(view.names)
    mine = []
    for spec in layout.seat_zones:
        cards = zones.get(f"{spec.name}/{seat}", [])
        shown = sorted(cards, key=lambda c: (c == HIDDEN, rank(c) if c != HIDDEN else 0,
                                             suit(c) if c != HIDDEN else 0))
        mine.append({"zone": spec.name, "label": spec.label or spec.name,
                     "cards": _cards(shown if spec.style == "hand" else cards)})
    centre = []
    for place in layout.centre_zones:
        if place.style == "panel":
            continue
        pile = zones.get(place.name, [])
        on_top = 1 if place.style == "stack" else max(1, min(place.spread, 5))
        centre.append({"zone": place.name, "label": place.label or place.name, "count": len(pile),
                       "top": _cards(pile[-on_top:])})
    seats = []
    for s, name in enumerate(names):
        counts = {spec.label or spec.name: len(zones.get(f"{spec.name}/{s}", []))
                  for spec in layout.seat_zones}
        seats.append({"seat": s, "name": name, "counts": counts, "to_move": view.to_move == s})
    my_turn = view.to_move == seat and bool(legal)
    visible = {c for cards in zones.values() for c in cards if c != HIDDEN}
    actions = [{"i": i, "words": view.describe(a), "cards": [c for c in a.cards if c in visible]}
               for i, a in enumerate(legal)] if my_turn else []
    turn = names[view.to_move] if view.to_move is not None else ""
    return {
        "t": "state", "v": version, "seat": seat, "name": names[seat], "title": view.game.title,
        "mine": mine, "centre": centre, "seats": seats, "turn": turn, "my_turn": my_turn,
        "over": view.to_move is None, "prompt": prompt if my_turn else "",
        "actions": actions, "log": list(log)[-LOG_LINES:],
    }


def card_ids(message: Any) -> set[int]:
    """Every card id a message carries (for the privacy checks)."""
    found: set[int] = set()
    if isinstance(message, dict):
        if isinstance(message.get("id"), int) and "name" in message:
            found.add(message["id"])
        if "cards" in message and isinstance(message["cards"], list):
            found.update(c for c in message["cards"] if isinstance(c, int))
        for value in message.values():
            found |= card_ids(value)
    elif isinstance(message, list):
        for value in message:
            found |= card_ids(value)
    return found
