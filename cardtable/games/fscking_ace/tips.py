"""Fscking Ace's words for the table's comforts: what a card is worth in the pile it lies in, with
the red 2s and 2♣s of that pile in force (R13), what the special spades do (the rule book's table),
and the moments worth remembering (the A♠, reversals, payments)."""

from __future__ import annotations

from cardtable.engine.cards import HIDDEN, NAME
from cardtable.engine.protocol import Action
from cardtable.games import rule_book
from cardtable.games.fscking_ace import kinds
from cardtable.games.fscking_ace.game import (
    CAT,
    CLUB_TWO,
    GAME,
    JOKER5,
    JOKER10,
    RED_TWO,
    SPADE_ACE,
    SPADE_OTHER,
    SPADE_SEVEN,
    SPADE_TWO,
    FsckingAceState,
    tally_of,
    tally_value,
)
from cardtable.games.rulebook import table_rows

NOTABLE = frozenset({kinds.ACE})
COUNTED = {kinds.DIRECTION: "Reversals", kinds.SPADE: "Turns ended by a spade"}
_SPADE_ROW = {SPADE_TWO: "2♠", SPADE_SEVEN: "7♠", SPADE_OTHER: "3♠ 4♠ 5♠ 6♠", SPADE_ACE: "A♠"}


def _pile(view: FsckingAceState, zone: str) -> tuple[int, ...]:
    """The tally a card in ``zone`` counts in: a scored pile, or the mover's pile with this turn."""
    if zone.startswith("scored/"):
        return tally_of(view.scored[int(zone.split("/")[1])])
    if zone == "turn" and view.to_move is not None:
        return tally_of([*view.scored[view.to_move], *view.turn])
    return (0,) * 6


def _money(view: FsckingAceState, dollars: int) -> str:
    return view.money(dollars * 100)


def card_tip(view: FsckingAceState, card: int, zone: str) -> str:
    if card == HIDDEN:
        return "The pack: flip its top card. Any spade ends your turn; the A♠ ends the round."
    cat = CAT[card]
    if (cat in _SPADE_ROW and cat != SPADE_TWO) or (cat == SPADE_TWO and zone in ("pack", "discard")):
        return f"{NAME[card]}: {table_rows(rule_book(GAME), 'The special spades').get(_SPADE_ROW[cat], '')}"
    tally = _pile(view, zone)
    red, club = tally[1], tally[2]
    if cat in (JOKER5, JOKER10):
        face = 5 if cat == JOKER5 else 10
        # the face value only beside a doubled worth ("worth $5 here ($5)" said one number twice)
        doubled = f" ({_money(view, face)}, doubled by {club} 2♣)" if club else ""
        name = NAME[card][0].upper() + NAME[card][1:]
        return f"{name}: worth {_money(view, face << club)} here{doubled}."
    own = red - 1 if cat == RED_TWO and red and not view.rules.red_two_doubles_itself else red
    worth = _money(view, 1 << own)
    doubled = f" ({_money(view, 1)} doubled by {own} red 2{'s' if own > 1 else ''})" if own else ""
    what = {RED_TWO: " A red 2 doubles every non-joker card of its pile.",
            CLUB_TWO: " The 2♣ doubles the jokers of its pile.",
            SPADE_TWO: " If its owner loses the round, they pay double."}.get(cat, "")
    return f"{NAME[card]}: worth {worth} here{doubled}.{what}"


def pile_tip(view: FsckingAceState, zone: str) -> str:
    if zone == "pack":
        return f"The pack: {len(view.pack)} cards. Somewhere in it is the A♠."
    if zone.startswith("scored/"):
        seat = int(zone.split("/")[1])
        worth = tally_value(tally_of(view.scored[seat]), view.rules.red_two_doubles_itself)
        return f"{view.names[seat]}'s pile: worth {_money(view, worth)} now."
    return ""


def hint_reason(view: FsckingAceState, action: Action) -> str:
    if action.kind == "stop":
        return f"Bank what this turn has won ({_money(view, view.turn_value())} more in your pile)."
    if action.kind == "flip":
        return "The odds still favour another card." if view.turn else "You must flip at least one card."
    return ""


def seat_summary(state: FsckingAceState, seat: int) -> str:
    """A seat's money at the end of the sitting."""
    cents = state.balances[seat]
    return ("+" if cents > 0 else "") + state.money(cents)
