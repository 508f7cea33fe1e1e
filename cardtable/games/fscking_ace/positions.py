"""Fscking Ace positions for tests and lessons: a fresh sitting dealt through the game's own
constructor, and cards stacked on top of its pack to be turned in a given order."""

from __future__ import annotations

from cardtable.engine.cards import parse_card
from cardtable.games.fscking_ace.game import GAME, FsckingAceOptions, FsckingAceState

NAMES = ("Ann", "Bea", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou", "Max", "Ned",
         "Oli", "Pam", "Quy", "Ros", "Sam", "Tia")
ACE = parse_card("As")


def table(players: int = 4, opener: int = 0, **options: object) -> FsckingAceState:
    """A fresh sitting where ``opener`` is to flip first."""
    state = GAME.new_state(NAMES[:players], FsckingAceOptions(**options), 7, dealer=opener - 1)
    assert isinstance(state, FsckingAceState)
    assert state.to_move == opener
    return state


def cards_of(text: str) -> list[int]:
    """Cards from "7d 4c BJ", with "2c@1" naming the copy from the second deck."""
    out = []
    for word in text.split():
        name, _, deck = word.partition("@")
        out.append(parse_card(name, int(deck or 0)))
    return out


def stack(state: FsckingAceState, text: str) -> None:
    """Put these cards on top of the pack, to be turned in this order."""
    cards = cards_of(text)
    for c in cards:
        state.pack.remove(c)
    state.pack.extend(reversed(cards))
    state.forget_legal()
