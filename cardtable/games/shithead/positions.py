"""Shithead positions for tests and lessons: a game in mid-play or at the setup with exactly the
cards asked for, dealt through the game's own constructor and then laid out, so every field a deal
sets is set. Cards are written like "7h Qs 10d"."""

from __future__ import annotations

from collections import Counter

from cardtable.engine.cards import parse_cards
from cardtable.engine.protocol import Action
from cardtable.games.shithead.game import DECK, GAME, TURN, ShitheadOptions, ShitheadState

NAMES = ("Ann", "Bea", "Cal", "Dee", "Eve")
ANN, BEA, CAL, DEE, EVE = range(5)


def cs(text: str) -> tuple[int, ...]:
    """Cards written like "7h Qs", as an action holds them (sorted)."""
    return tuple(sorted(parse_cards(text)))


def play(text: str) -> Action:
    return Action("play", cs(text))


def show(text: str, target: int) -> Action:
    return Action("show", cs(text), target)


def table(hands: list[str], up: list[str] | None = None, down: list[str] | None = None, pile: str = "",
          draw: str = "", to_move: int = 0, options: ShitheadOptions | None = None,
          **fields: object) -> ShitheadState:
    """A position in mid-game. Cards are written like "7h Qs 10d"; the draw pile's top is its last
    card. Seats not given down cards get three unmentioned ones; every other card is burnt."""
    n = len(hands)
    state = GAME.new_state(NAMES[:n], options, seed=1, dealer=n - 1)
    assert isinstance(state, ShitheadState)
    placed: list[int] = []

    def cards(text: str) -> list[int]:
        cs = parse_cards(text)
        placed.extend(cs)
        return cs

    state.hands = [cards(h) for h in hands]
    state.up = [cards(u) for u in (up or [""] * n)]
    state.pile = cards(pile)
    state.draw = cards(draw)
    if down is None:
        spare = [c for c in reversed(DECK) if c not in placed]
        state.down = [spare[3 * s:3 * s + 3] for s in range(n)]
        placed.extend(c for d in state.down for c in d)
    else:
        state.down = [cards(d) for d in down]
    if len(set(placed)) != len(placed):
        raise ValueError("a card is placed twice")
    state.burned = [c for c in DECK if c not in placed]
    state.phase = TURN
    state.to_move = state.owner = to_move
    state.opening = -1
    for name, value in fields.items():
        setattr(state, name, value)
    state.forget_legal()
    _check_conserved(state)
    return state


def setup_table(hands: list[str], up: list[str], draw: str = "") -> ShitheadState:
    """A fresh deal (setup phase, Ann to choose first) with the given hand and up cards."""
    n = len(hands)
    state = GAME.new_state(NAMES[:n], None, seed=1, dealer=n - 1)
    assert isinstance(state, ShitheadState)
    state.hands = [parse_cards(h) for h in hands]
    state.up = [parse_cards(u) for u in up]
    placed = [c for cs in state.hands + state.up for c in cs]
    spare = [c for c in DECK if c not in placed]
    state.down = [spare[3 * s:3 * s + 3] for s in range(n)]
    state.draw = spare[3 * n:]
    state.forget_legal()
    _check_conserved(state)
    return state


def _check_conserved(state: ShitheadState) -> None:
    """Every card of the pack is in exactly one place (a typo in a position would lose one)."""
    if Counter(c for cards in state.card_lists() for c in cards) != Counter(state.all_cards()):
        raise ValueError("a card was created or lost laying out the position")
