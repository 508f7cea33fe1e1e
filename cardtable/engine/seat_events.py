"""Events as one seat may know them: the single place where an event's card ids are redacted.

A game's ``apply`` returns what really happened, real ids and all. Before anything leaves the
engine for a viewer (the table's animation, a phone seat, the replay viewer) it passes through
``events_for``: a card id stays only if the viewer knew that card before the action or knows it
after, or the card moved face up for everyone to see; any other card becomes ``HIDDEN`` (a card
back). The count of cards in each move is kept, so a viewer can still animate every card.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardtable.engine.cards import HIDDEN
from cardtable.engine.protocol import Event, State


def known_cards(view: State) -> frozenset[int]:
    """Every card id a view shows somewhere."""
    return frozenset(c for cards in view.zones().values() for c in cards if c != HIDDEN)


def public_cards(state: State) -> frozenset[int]:
    """Cards every seat knows: what a table with no one seated at it may show."""
    seats = range(len(state.names))
    known = [known_cards(state.view(s)) for s in seats]
    return frozenset.intersection(*known) if known else frozenset()


def known_to(state: State, viewer: int | None) -> frozenset[int]:
    """The cards ``viewer`` knows in ``state`` (None: the cards every seat knows)."""
    return public_cards(state) if viewer is None else known_cards(state.view(viewer))


def redact(events: Iterable[Event], known: frozenset[int] | set[int]) -> list[Event]:
    """``events`` with every card id outside ``known`` turned into a card back, except in moves
    made face up (everyone saw those cards go by)."""
    out: list[Event] = []
    for ev in events:
        if not ev.cards or (ev.kind == "move" and ev.face_up) or all(c in known for c in ev.cards):
            out.append(ev)
        else:
            out.append(ev._replace(cards=tuple(c if c in known else HIDDEN for c in ev.cards)))
    return out


def events_for(before: State, after: State, events: Sequence[Event], viewer: int | None) -> list[Event]:
    """What ``viewer`` may learn of ``events``, the events that led from ``before`` to ``after``."""
    return redact(events, known_to(before, viewer) | known_to(after, viewer))
