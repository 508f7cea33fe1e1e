"""Cersei's words for the table's comforts: a card's role and its value this round (the rule
book's cast, with Cersei and the King read against the cards contesting now), and the moments
worth remembering in the results (Cersei's plays, assassinations, wars, battles)."""

from __future__ import annotations

from cardtable.engine.cards import HIDDEN, JOKER, NAME, RANK, RANK_NAMES
from cardtable.engine.protocol import Action
from cardtable.games import rule_book
from cardtable.games.cersei import kinds
from cardtable.games.cersei.game import (
    CERSEI_CARD,
    GAME,
    KING_ROLE,
    PAWN,
    ROLE,
    CerseiState,
    role_name,
)
from cardtable.games.rulebook import table_cells

NOTABLE = frozenset({kinds.CERSEI, kinds.ASSASSIN, kinds.EUNUCH})
COUNTED = {kinds.WAR: "Wars", kinds.BATTLE: "Battles", kinds.DIPLOMAT: "Rounds called off"}


def _cast_row(card: int) -> tuple[str, ...]:
    """The cast table's row of ``card``: its first cell names the rank ("3, 6, 7, 10", "Q♦")."""
    key = "Q♦" if card == CERSEI_CARD else ("Joker" if RANK[card] == JOKER else RANK_NAMES[RANK[card]])
    for row in table_cells(rule_book(GAME), "The cast")[1:]:
        if key in [c.strip() for c in row[0].split(",")] and len(row) >= 4:
            return row
    return ()


def _contesting(view: CerseiState) -> list[int]:
    return [c[-1] for c in view.contest if c and c[-1] != HIDDEN]


def _now(view: CerseiState, card: int) -> str:
    """What this round's contesting cards make of Cersei or a King."""
    cards = _contesting(view)
    pawn = any(ROLE[c] == PAWN for c in cards)
    if card == CERSEI_CARD and card in cards:
        return (" A Pawn is contesting: she is worth just 2." if pawn
                else " No Pawn contesting: she is unbeatable.")
    if ROLE[card] == KING_ROLE and card in cards and CERSEI_CARD in cards:
        return " Cersei is contesting: this King is just a 10."
    return ""


def card_tip(view: CerseiState, card: int, zone: str) -> str:
    if card == HIDDEN:
        return "A face-down card of a deck: nobody knows it, not even its owner."
    row = _cast_row(card)
    if not row:
        return f"{NAME[card]}: not in this game."
    value = str(RANK[card]) if row[2] == "face value" else row[2]
    name = role_name(card).split(" (")[0]
    return f"{name} ({NAME[card]}), value {value}: {row[3]}.{_now(view, card)}"


def pile_tip(view: CerseiState, zone: str) -> str:
    if zone == "pot":
        if not view.pot:  # it read "0 cards waiting for the next round's winner"
            return "The pot: a round's cards gather here on their way to the round's winner."
        count = "1 card on its way" if len(view.pot) == 1 else f"{len(view.pot)} cards on their way"
        return f"The pot: {count} to the round's winner."
    if zone.startswith("deck/"):
        return f"A deck of {len(view.zones()[zone])} cards, face down: flip its top card."
    return ""


def hint_reason(view: CerseiState, action: Action) -> str:
    if action.kind == "flip":
        return "Every player flips the top card of their deck in turn."
    if action.kind == "assassinate":
        return "Any blind card is as good as another: nobody can see them."
    return ""


def seat_summary(state: CerseiState, seat: int) -> str:
    """The cards a seat ends with (the most cards wins)."""
    held = len(state.decks[seat]) + len(state.contest[seat]) + len(state.war[seat])
    return f"{held} card{'s' if held != 1 else ''}"
