"""Takku-Sum's words for the table's comforts: whether a card is wild now (the Wildcard Indicator),
what it does to the Direction, what may go on the Play Pile now, and the moments worth remembering
(indicator cycles, failures, won rounds)."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.cards import HIDDEN
from cardtable.engine.protocol import Action, Event
from cardtable.engine.words import a_or_an
from cardtable.games import rule_book
from cardtable.games.rulebook import table_cells
from cardtable.games.takku_sum import kinds
from cardtable.games.takku_sum.bots import direction_after
from cardtable.games.takku_sum.game import (
    DOWN,
    GAME,
    PLURAL_NAMES,
    UNDECIDED,
    UP,
    VALUE,
    VALUE_NAMES,
    TakkuSumState,
    points_of,
)

NOTABLE = frozenset({kinds.TIE})
COUNTED = {kinds.CYCLE: "Indicator cycles"}


def moment(event: Event, names: Sequence[str]) -> str:
    """Who won each round and the points they had then (three bare "Bea wins a round" lines read
    the same on the results), and ties for the first player."""
    if event.kind == kinds.ROUND_OVER and 0 <= event.seat < len(names):
        got = event.data if isinstance(event.data, int) else 0
        points = f": {got} point{'s' if got != 1 else ''}" if got else ""
        return f"{names[event.seat]} wins a round{points}"
    return event.text if event.kind in NOTABLE else ""


def _pile_row(name: str) -> str:
    """What the rule book's table of piles says pile ``name`` holds."""
    for row in table_cells(rule_book(GAME), "The four piles"):
        if row[0] == name and len(row) >= 3:
            return row[2]
    return ""


def card_tip(view: TakkuSumState, card: int, zone: str) -> str:
    if card == HIDDEN:
        return "A card you cannot see."
    v = VALUE[card]
    word = VALUE_NAMES[v]
    if zone == "wildcard":
        return (f"The Wildcard Indicator: every {word} is wild. Playing a wildcard flips the "
                "Direction and cycles it.")
    if v == view.wildcard_value:
        return f"{word}: wild now. It goes on anything, flips the Direction and cycles the indicator."
    top = view.top_value
    if zone.startswith("hand/") and top:
        if v == top:
            return f"{word}: the same value as the top card: it may go on it and flips the Direction."
        if not view.legal_mask() >> v & 1:
            return (f"{word}: cannot go on the {VALUE_NAMES[top]} while the Direction is "
                    f"{view.direction_name}.")
        return f"{word}: may go on the {VALUE_NAMES[top]} now (Direction {view.direction_name})."
    wild = view.wildcard_value
    if wild:
        return f"{word}: not wild now ({PLURAL_NAMES[wild]} are wild)."
    return f"{word}: nothing is wild now."


def pile_tip(view: TakkuSumState, zone: str) -> str:
    if zone == "wildcard" and view.wildcard:
        return ""  # the indicator's own tip says it all
    if zone != "play":
        names = {"wildcard": ("The Wildcard pile", "A"), "draw": ("The Draw Pile", "C"),
                 "discard": ("The Discard Pile", "D")}
        return f"{names[zone][0]}: {_pile_row(names[zone][1])}" if zone in names else ""
    top = view.top_value
    wild = view.wildcard_value
    extra = f", or a wildcard ({VALUE_NAMES[wild]})" if wild else ""
    if not top or view.direction == UNDECIDED:
        return "Any card may go on it now: the Direction is Undecided."
    if view.direction == UP:
        higher = "a higher card" if top < 13 else "nothing higher than a K"
        return f"Direction Up: {higher}, another {VALUE_NAMES[top]}{extra}."
    assert view.direction == DOWN
    lower = "a lower card" if top > 1 else "nothing lower than an A"
    return f"Direction Down: {lower}, another {VALUE_NAMES[top]}{extra}."


def hint_reason(view: TakkuSumState, action: Action) -> str:
    if action.kind == "grace":
        return "Nothing fits: try a grace card from the Draw Pile."
    if action.kind == "pass":
        return "Nothing fits and no grace card is worth it."
    if action.kind != "play" or not action.cards:
        return ""
    v = VALUE[action.cards[0]]
    if v == view.wildcard_value and action.choice != "plain":
        return "A wildcard: it flips the Direction against the next player."
    if len(action.cards) >= 3:
        return f"Sheds {len(action.cards)} {PLURAL_NAMES[v]} at once."
    return _hard_to_follow(view, v)


def _hard_to_follow(view: TakkuSumState, v: int) -> str:
    """A plain play after which only a few values may follow (R8, R9): "Hard to follow: only a Q,
    a K or the wildcard 5 may go on it." Nothing where many may."""
    top = VALUE[view.play[-1]] if view.play else 0
    direction = direction_after(view.direction, top, v, flips=v == top)  # the same value flips it
    if direction == UNDECIDED:
        return ""
    beyond = range(v + 1, 14) if direction == UP else range(1, v)
    if len(beyond) > 2:
        return ""
    follow = [a_or_an(VALUE_NAMES[u]) for u in sorted({v, *beyond})]
    w = view.wildcard_value
    if w and w != v and w not in beyond:
        follow.append(f"the wildcard {VALUE_NAMES[w]}")
    listed = follow[0] if len(follow) == 1 else f"{', '.join(follow[:-1])} or {follow[-1]}"
    return f"Hard to follow: only {listed} may go on it."


def seat_summary(state: TakkuSumState, seat: int) -> str:
    """A seat's points at the end of the match."""
    return points_of(len(state.points[seat]))
