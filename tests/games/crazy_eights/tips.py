"""Crazy Eights' words for the table's comforts: what a card does (an eight is wild), what may go
on the discards now, why a hint is good, and what a seat ends with."""

from __future__ import annotations

from cardtable.engine.cards import HIDDEN, NAME, RANK, RANK_NAMES, SUIT, SUIT_NAMES, SUIT_SYMBOLS
from cardtable.engine.protocol import Action

from .game import EIGHT, CrazyEightsState

NOTABLE: frozenset[str] = frozenset()
COUNTED = {"suit": "Suits named"}


def card_tip(view: CrazyEightsState, card: int, zone: str) -> str:
    if card == HIDDEN:
        return "The stock: draw from it when nothing fits." if zone == "stock" else "A card you cannot see."
    if RANK[card] == EIGHT:
        return f"{NAME[card]}: wild. It goes on anything, then its player names the suit to follow."
    fits = " It fits now." if view.to_move == view.viewer and not view.naming and view.fits(card) else ""
    rank, suit = RANK_NAMES[RANK[card]], SUIT_NAMES[SUIT[card]]
    return f"{NAME[card]}: goes on a {rank} or on {suit} (the top card's suit or the one named).{fits}"


def pile_tip(view: CrazyEightsState, zone: str) -> str:
    if zone == "stock":
        return "Draw one card when you cannot play, or would rather not."
    if zone == "discard" and view.pile:
        top = view.pile[-1]
        return (f"May go on it now: any {SUIT_SYMBOLS[view.suit]} {SUIT_NAMES[view.suit]}, "
                f"any {RANK_NAMES[RANK[top]]}, or an eight.")
    return ""


def hint_reason(view: CrazyEightsState, action: Action) -> str:
    if action.kind == "name_suit":
        return "You hold most of that suit."
    if action.kind == "play" and RANK[action.cards[0]] == EIGHT:
        return "Nothing else fits: the eight is wild."
    if action.kind == "play":
        return "It fits, and keeps your eights for later."
    if action.kind == "draw":
        return "Nothing in your hand fits."
    return "You have drawn and still nothing fits."


def seat_summary(state: CrazyEightsState, seat: int) -> str:
    left = len(state.hands[seat])
    return "out" if left == 0 else f"{left} card{'s' if left != 1 else ''} left"
