"""Cersei positions for tests and lessons: a fresh table whose decks are exactly the cards asked
for, dealt through the game's own constructor. Decks are written top card first ("5h 7c" means
the 5♥ is flipped first); the engine keeps them bottom first."""

from __future__ import annotations

from typing import Any

from cardtable.engine.cards import parse_card, parse_cards
from cardtable.games.cersei.game import GAME, CerseiOptions, CerseiState

NAMES = ("Ann", "Bob", "Cleo", "Dee")
C = parse_card


def position(*decks: str, first: int = 0, **options: Any) -> CerseiState:
    """A fresh table whose decks are exactly ``decks`` (top card first), ``first`` to flip."""
    state = GAME.new_state(NAMES[:len(decks)], CerseiOptions(**options), seed=7)
    assert isinstance(state, CerseiState)
    state.decks = [parse_cards(d)[::-1] for d in decks]
    state.first = state.to_move = first
    state.forget_legal()
    return state


def deal(players: int, seed: int, dealer: int | None = None) -> CerseiState:
    state = GAME.new_state(NAMES[:players], None, seed, dealer)
    assert isinstance(state, CerseiState)
    return state
