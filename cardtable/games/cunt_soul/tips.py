"""Cunt-Soul's words for the table's comforts: what a card does (its card ability, or on a field
its field ability, as the rule book's tables say), what may go on the pile now, why a hint is good,
and which events are worth remembering in the results."""

from __future__ import annotations

from cardtable.engine.cards import HIDDEN, JACK, JOKER, KING, RANK
from cardtable.engine.protocol import Action
from cardtable.games import rule_book
from cardtable.games.cunt_soul import kinds
from cardtable.games.cunt_soul.game import GAME, RANK_WORD, CuntSoulState
from cardtable.games.rulebook import ranks_phrase, table_rows

NOTABLE = frozenset({kinds.PARADOX, kinds.TRIPLE, kinds.OUT, kinds.STALEMATE, kinds.CAPPED})
COUNTED = {kinds.BURN: "Burns", kinds.CANCEL: "Jokers that cancelled", kinds.ACE: "Ace draws"}


def _rows(heading: str) -> dict[str, str]:
    return table_rows(rule_book(GAME), heading)


def card_tip(view: CuntSoulState, card: int, zone: str) -> str:
    if card == HIDDEN:
        return "A face-down card: nobody at the table knows it."
    r = RANK[card]
    word = RANK_WORD[r]
    if zone.startswith("field/"):
        return f"Field {word}: {_rows('Field abilities').get(word, '')}"
    text = f"{word}: {_rows('Card abilities').get(word, '')}"
    if view.fc[JOKER] and r != JOKER:
        text += " A field Joker is out: card abilities are off."
    elif r in (JACK, KING) and view.n_active == 2:
        text += " With two players left it does nothing."
    return text


def pile_tip(view: CuntSoulState, zone: str) -> str:
    if zone == "source":
        return f"The source: draw from it to keep {view.hand_size} cards in hand while it lasts."
    if zone != "discard":
        return ""
    ok = view.ok_ranks()
    ranks = [r for r in range(2, 16) if ok[r]]
    if not view.discard:
        return "The pile is empty: any card may start it."
    if len(ranks) == 14:
        return "Anything may go on it now."
    return f"May go on it now: {ranks_phrase(ranks, lambda r: RANK_WORD[r])}."


def hint_reason(view: CuntSoulState, action: Action) -> str:
    if action.kind == "pickup":
        return "Nothing worth playing: take the pile now."
    if action.kind != "play" or not action.cards:
        return ""
    r = RANK[action.cards[0]]
    word = RANK_WORD[r]
    if r == 10:
        return "The 10 burns the pile and you play again."
    if view.top_same() and RANK[view.discard[-1]] == r and view.top_same() + len(action.cards) >= 4:
        return f"Four {word}s in a row burn the pile."
    if len(action.cards) > 1:
        return f"Sheds {len(action.cards)} cards at once."
    return f"Plays a low {word} and keeps your stronger cards." if r <= 9 else ""


def seat_summary(state: CuntSoulState, seat: int) -> str:
    """What a seat holds at the end, for the results."""
    left = len(state.hands[seat]) + len(state.up[seat]) + len(state.down[seat])
    return "no cards left" if not left else f"{left} card{'s' if left != 1 else ''} left"
