"""Crazy Eights (rules.md in this folder): match the rank or the suit, eights are wild and name the
suit to follow; draw one when you cannot play, then play or pass. First out wins."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from cardtable.engine.cards import HIDDEN, NAME, RANK, SUIT, SUIT_NAMES, SUIT_SYMBOLS, standard_deck
from cardtable.engine.declared import DeclaredState
from cardtable.engine.fields import BACKS, copied, rows, shared
from cardtable.engine.protocol import (
    MOVE,
    Action,
    Event,
    Game,
    LegalMemo,
    Result,
    fact_event,
    move_event,
    rewards_from_places,
)
from cardtable.engine.rng import Rng

EIGHT = 8
ALL_CARDS = tuple(standard_deck())
SUITS = (0, 1, 2, 3)
MAX_TURNS = 400
"""The rule book's safety cap: a game this long ends, ranked by cards held."""
DRAW, PASS = Action("draw"), Action("pass")
NAME_SUIT = tuple(Action("name_suit", choice=SUIT_NAMES[s]) for s in SUITS)


class CrazyEightsOptions(BaseModel):
    """No options: the rules are the rule book's."""


class CrazyEightsState(DeclaredState):
    # each field declared once: clone, view and the fingerprint's list are made from these
    drawn: bool = shared()
    """The seat to move has drawn this turn: it may play or pass, not draw again."""
    hands: list[list[int]] = rows(seen="_hands_seen_by")
    naming: bool = shared()
    """The seat to move has just played an eight and names the suit."""
    pile: list[int] = copied()
    stock: list[int] = copied(seen=BACKS)
    suit: int = shared()
    """The suit to follow: the top card's, or the one named for an eight."""
    turns: int = shared()

    def _hands_seen_by(self, seat: int) -> list[list[int]]:
        return [h[:] if i == seat else [HIDDEN] * len(h) for i, h in enumerate(self.hands)]

    def card_lists(self) -> list[list[int]]:
        return [*self.hands, self.stock, self.pile]

    def zones(self) -> dict[str, list[int]]:
        z = {f"hand/{i}": h for i, h in enumerate(self.hands)}
        z["stock"], z["discard"] = self.stock, self.pile
        return z

    def all_cards(self) -> Sequence[int]:
        return ALL_CARDS

    # -- the rules -------------------------------------------------------------------------------
    def fits(self, card: int) -> bool:
        """An eight fits anything; any other card matches the top card's rank or the suit to follow."""
        return RANK[card] == EIGHT or RANK[card] == RANK[self.pile[-1]] or SUIT[card] == self.suit

    def _legal(self) -> Sequence[Action]:
        assert self.to_move is not None
        if self.naming:
            return NAME_SUIT
        hand = self.hands[self.to_move]
        plays = [Action("play", (c,)) for c in sorted(hand) if c != HIDDEN and self.fits(c)]
        can_draw = not self.drawn and len(self.stock) + len(self.pile) > 1
        return [*plays, DRAW if can_draw else PASS]

    def why_illegal(self, action: Action) -> str:
        if self.naming:
            return "you played an eight: name the suit to follow first"
        if action.kind == "play" and len(action.cards) != 1:
            return "play one card at a time"
        if action.kind == "play" and action.cards[0] not in self.hands[self.to_move or 0]:
            return "you can only play a card from your own hand"
        if action.kind == "play":
            top, card = NAME[self.pile[-1]], NAME[action.cards[0]]
            return f"{card} does not fit: match {top}'s rank or {SUIT_NAMES[self.suit]}, or play an eight"
        if action.kind == "draw":
            return "you have drawn already this turn: play a card that fits, or pass"
        if action.kind == "pass":
            return "draw a card before you pass"
        return f"{self.describe(action)} is not a move in Crazy Eights"

    def prompt(self) -> str:
        if self.to_move is None:
            return ""
        who = self.names[self.to_move]
        if self.naming:
            return f"{who}: name the suit to follow"
        if self.drawn:
            return f"{who}: play a card that fits, or pass"
        return f"{who}: play a card on {NAME[self.pile[-1]]} ({SUIT_NAMES[self.suit]}), or draw"

    def suit_to_follow(self) -> str:
        """The suit to follow in words, with its symbol, for the table."""
        return f"{SUIT_SYMBOLS[self.suit]} {SUIT_NAMES[self.suit]}"

    def _apply(self, action: Action) -> list[Event]:
        self._memo = LegalMemo()
        seat = self.to_move
        assert seat is not None
        who = self.names[seat]
        if action.kind == "name_suit":
            self.suit = SUIT_NAMES.index(action.choice)
            self.naming = False
            return [fact_event("suit", f"{who} names {self.suit_to_follow()}", seat), *self._next(seat)]
        if action.kind == "draw":
            return self._draw(seat, who)
        if action.kind == "pass":
            return [fact_event("pass", f"{who} passes", seat), *self._next(seat)]
        card = action.cards[0]
        self.hands[seat].remove(card)
        self.pile.append(card)
        self.suit = SUIT[card]
        events = [move_event(f"{who} plays {NAME[card]}", (card,), f"hand/{seat}", "discard", True, seat)]
        if not self.hands[seat]:
            self.to_move = None
            return [*events, fact_event("game_over", f"{who} is out and wins!", seat)]
        if RANK[card] == EIGHT:
            self.naming = True
            return events
        return events + self._next(seat)

    def _draw(self, seat: int, who: str) -> list[Event]:
        events = []
        if not self.stock:  # the pile under its top card becomes the new stock
            under = self.pile[:-1]
            del self.pile[:-1]
            self.rng.shuffle(under)
            self.stock.extend(under)
            events.append(Event(kind="move", text="The discards are shuffled into a new stock",
                                cards=tuple(under), src="discard", dst="stock", face_up=False))
        card = self.stock.pop()
        self.hands[seat].append(card)
        self.drawn = True
        events.append(move_event(f"{who} draws a card", (card,), "stock", f"hand/{seat}", False, seat))
        return events

    def _next(self, seat: int) -> list[Event]:
        self.drawn = False
        self.turns += 1
        if self.turns >= MAX_TURNS:
            self.to_move = None
            return [fact_event("game_over", f"{MAX_TURNS} turns: the game ends on cards held")]
        self.to_move = (seat + 1) % len(self.names)
        return []

    def result(self) -> Result | None:
        if self.to_move is not None:
            return None
        held = [len(h) for h in self.hands]
        places = tuple(1 + sum(1 for o in held if o < m) for m in held)
        best = ", ".join(self.names[s] for s in range(len(held)) if places[s] == 1)
        counts = ", ".join(f"{self.names[s]} {held[s]}" for s in range(len(held)))
        return Result(places, (), rewards_from_places(places), f"{best} wins (cards held: {counts}).",
                      capped=min(held) > 0)


class CrazyEightsGame(Game):
    name = "crazy-eights"
    title = "Crazy Eights"
    order = 900
    min_players = 2
    max_players = 5
    default_players = 3
    Options = CrazyEightsOptions
    event_kinds = frozenset({MOVE, "suit", "pass", "game_over"})

    def _deal(self, names: tuple[str, ...], options: Any, rng: Rng, dealer: int | None) -> CrazyEightsState:
        n = len(names)
        first = 0 if dealer is None else (dealer + 1) % n
        stock = list(ALL_CARDS)
        rng.shuffle(stock)
        s = CrazyEightsState.__new__(CrazyEightsState)
        s.names, s.rng, s.viewer, s.to_move = names, rng, None, first
        s._memo = LegalMemo()
        size = 7 if n == 2 else 5
        s.hands = [[stock.pop() for _ in range(size)] for _ in range(n)]
        s.pile = [stock.pop()]
        s.stock = stock
        s.suit = SUIT[s.pile[0]]
        s.naming, s.drawn, s.turns = False, False, 0
        return s

    def describe(self, action: Action, names: Sequence[str]) -> str:
        if action.kind == "name_suit":
            return f"name {SUIT_SYMBOLS[SUIT_NAMES.index(action.choice)]} {action.choice}"
        if action.kind == "play":
            return f"play {NAME[action.cards[0]]}"
        return action.words(names)


GAME = CrazyEightsGame()
CrazyEightsState.game = GAME
