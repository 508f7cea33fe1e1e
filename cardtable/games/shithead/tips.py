"""Shithead's words for the table's comforts: what a card does (the rule book's special cards),
what may go on the pile now ("4 to 7, or a 2"), why a hint is good, and the moments worth
remembering (burns, backfires, libraries, a seat shown back into the game)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from cardtable.engine.cards import HIDDEN, NAME, RANK, RANK_NAMES
from cardtable.engine.protocol import Action, Event
from cardtable.engine.words import BLIND_PLAY, count
from cardtable.games import rule_book
from cardtable.games.rulebook import plain, ranks_phrase, section
from cardtable.games.shithead import kinds
from cardtable.games.shithead.bots import search_arrangement
from cardtable.games.shithead.game import GAME, REVEAL_DOWN, SETUP, ShitheadState, with_article

NOTABLE = frozenset({kinds.LIBRARY, kinds.REENTRY, kinds.STALEMATE})
COUNTED = {kinds.BURN: "Burns"}

BURNT = "Burnt cards: out of the game."
"""What a burnt card and the burnt pile say: neither is in play any more."""

def moment(event: Event, names: Sequence[str]) -> str:
    """A library, a seat shown back in, or a backfire (a showing of 3s its data calls one)."""
    seat, data = event.seat, event.data
    if event.kind == kinds.LIBRARY and isinstance(data, dict) and seat is not None and 0 <= seat < len(names):
        # the results list it after the game, beside what each seat ends with ("44 cards left"):
        # the hand it held then, in the past ("holds 10 cards" read as a second count of now)
        return f"Library Boy! {names[seat]} held {count(data['cards'], 'card')}"
    backfire = event.kind == kinds.MOVE and isinstance(data, dict) and data.get("backfire")
    if event.kind in NOTABLE or backfire:
        return event.text
    return ""


def _special(rank: int) -> str:
    """The rule book's line for a special card ("7 — hold down. The next card must be ...")."""
    for line in section(rule_book(GAME), "Special cards").splitlines():
        m = re.match(rf"^- \*\*{rank} — (.+)$", line)
        if m:
            return plain("**" + m.group(1)).replace("**", "")
    return ""


def card_tip(view: ShitheadState, card: int, zone: str) -> str:
    if zone == "burn":  # out of the game: what it would do in play is beside the point
        return BURNT
    if card == HIDDEN:
        return "A face-down card: played blind once your hand and face-up cards are gone."
    r = RANK[card]
    word = RANK_NAMES[r]
    if r == 3:
        return "3: never played. Show it to another player to make them pick up the pile."
    if r == 10 and view.cfg.ten_wild:
        return "10: wild at this table: goes on anything and burns the pile."
    special = _special(r)
    if special:
        return f"{word}: {special}"
    but = " but a 7" if r > 7 else ""
    return f"{word}: goes on the empty pile, a 2, or any card up to {word}{but}."


def _allowed(view: ShitheadState) -> list[int]:
    top = RANK[view.pile[-1]] if view.pile else 0
    row = view.cfg.table[top]
    return [r for r in range(2, 15) if row[r]]


def pile_tip(view: ShitheadState, zone: str) -> str:
    if zone == "draw":
        return f"The draw pile: {len(view.draw)} left. Draw back up to three after you play."
    if zone == "burn":
        return BURNT
    if zone != "play":
        return ""
    if not view.pile and view.opening >= 0:  # R4/A8: only the lowest starting card may open
        return f"The pile is empty: the game opens with the {NAME[view.opening]}."
    if not view.pile and view.phase == SETUP:  # R3 first: the opening card is known once all chose
        return ("The pile is empty: once everyone has chosen their face-up cards, whoever holds the "
                "4♣ opens with it (else the next card in order: 4♠, 4♥, 4♦, 5♣…).")
    if not view.pile:
        return "The pile is empty: any card may start it."
    allowed = _allowed(view)
    if len(allowed) == 12:
        return "Anything may go on it now."
    rest = [r for r in allowed if r != 2]
    return f"May go on it now: {ranks_phrase(rest, RANK_NAMES.__getitem__)}, or a 2."


def hint_reason(view: ShitheadState, action: Action) -> str:
    s = view.to_move
    if action.kind == "pickup":  # on an empty pile it is a pass: there is no pile to take
        return "Nothing you can play helps: take the pile now." if view.pile else ""
    threes = "3s" if len(action.cards) > 1 else "3"
    if action.kind == "show":
        return f"Show your {threes}: they must pick up the pile."
    if action.kind == "backfire":
        return f"Backfire: show your {threes} back and the pile is theirs."
    if action.kind == "arrange":
        # Said only of the search's own setup (the hint's): another set gets no words that would
        # not fit it.
        if s is None or tuple(sorted(action.cards)) != search_arrangement(view):
            return ""
        if any(RANK[c] == 3 for c in action.cards):
            return ("Your two strongest cards and a 3 lie face up: the 3 reaches your hand near the "
                    "end, when making someone pick up the pile counts most.")
        return ("Your three strongest cards lie face up: you play them once your hand is gone, "
                "when you most need cards that beat the pile.")
    if action.kind == REVEAL_DOWN and s is not None and all(c == HIDDEN for c in view.down[s]):
        return BLIND_PLAY
    if action.kind != "play" or not action.cards or s is None:
        return ""
    r = RANK[action.cards[0]]
    held = {RANK[c] for c in view.hands[s] if c != HIDDEN}
    if not view.pile and view.opening >= 0 and view.opening in action.cards:
        return f"The game opens with the {NAME[view.opening]}: whoever holds it plays it first."
    if r == 10:
        return "The 10 burns the pile and you go again."
    if r == 2 and view.pile:
        return "The 2 goes on anything, and you go again."
    keeps = [w for k, w in ((2, "2"), (10, "10"), (7, "7")) if k in held and k != r]
    if keeps and r not in (2, 7):
        return f"Plays {with_article(r)} and keeps your {keeps[0]} for later."
    if len(action.cards) > 1:
        return f"Sheds {len(action.cards)} cards at once."
    return ""


def seat_summary(state: ShitheadState, seat: int) -> str:
    """What a seat holds at the end, for the results."""
    left = len(state.hands[seat]) + len(state.up[seat]) + len(state.down[seat])
    return "no cards left" if not left else f"{left} card{'s' if left != 1 else ''} left"
