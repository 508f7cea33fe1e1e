"""Crazy Eights positions for tests: a game in play with exactly the cards asked for, dealt through
the game's own constructor and then laid out. Cards are written like "7h Qs 10d"."""

from __future__ import annotations

from cardtable.engine.cards import SUIT, parse_cards

from .game import ALL_CARDS, GAME, CrazyEightsState

NAMES = ("Ann", "Bea", "Cal", "Dee", "Eve")


def position(hands: list[str], pile: str, stock: str = "", to_move: int = 0) -> CrazyEightsState:
    """Seat ``i`` holds ``hands[i]``; ``pile`` is the discards, top last, and its top card's suit is
    the one to follow; ``stock`` lies on top of the stock, top last, over every card not named."""
    state = GAME.new_state(NAMES[:len(hands)], None, seed=1)
    assert isinstance(state, CrazyEightsState)
    state.hands = [parse_cards(h) for h in hands]
    state.pile = parse_cards(pile)
    top = parse_cards(stock)
    placed = [c for cards in [*state.hands, state.pile, top] for c in cards]
    if len(set(placed)) != len(placed):
        raise ValueError("a card is placed twice")
    state.stock = [c for c in ALL_CARDS if c not in placed] + top
    state.suit = SUIT[state.pile[-1]]
    state.naming = state.drawn = False
    state.to_move = to_move
    state.forget_legal()
    return state
