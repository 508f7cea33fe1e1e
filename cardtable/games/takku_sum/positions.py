"""Takku-Sum positions for tests and lessons: a game in play with exactly the cards asked for,
dealt through the game's own constructor and then laid out. Card texts are "9h", "Kc"; the Draw
Pile is given in the order its cards will be drawn."""

from __future__ import annotations

from collections import Counter

from cardtable.engine.cards import parse_card
from cardtable.games.takku_sum.game import GAME, PLAYING, UNDECIDED, TakkuSumOptions, TakkuSumState


def cards_of(text: str) -> list[int]:
    """ "9h Kc 2:9h": "2:" marks a card of the second deck."""
    return [parse_card(w.removeprefix("2:"), 1 if w.startswith("2:") else 0) for w in text.split()]


def position(hands: list[str], play: str = "", wildcard: str = "", draw: str = "", discard: str = "",
             direction: int = UNDECIDED, to_move: int = 0, last_player: int = -1, failures: int = 0,
             rest: str = "draw", points: list[str] | None = None, **options: object) -> TakkuSumState:
    """A position with these cards; every other card of the pack goes under the Draw Pile (or to
    the Discard Pile, or to the last seat's point pile, as ``rest`` says)."""
    n = len(hands)
    state = GAME.new_state([f"P{i + 1}" for i in range(n)], TakkuSumOptions(**options), seed=7)
    assert isinstance(state, TakkuSumState)
    placed = Counter[int]()

    def take(text: str) -> list[int]:
        cards = cards_of(text)
        placed.update(cards)
        return cards

    state.hands = [take(h) for h in hands]
    state.play = take(play)
    state.wildcard = take(wildcard)
    drawn_first = take(draw)
    state.discard = take(discard)
    pts = [tuple(take(p)) for p in (points or [""] * n)]
    if any(k > 1 for k in placed.values()):
        raise ValueError("a card is placed twice")
    others = [c for c in state.all_cards() if c not in placed]
    state.draw, state.minigame = [], ((),) * n
    if rest == "draw":
        state.draw = others
    elif rest == "discard":
        state.discard = others + state.discard
    else:
        pts[-1] = (*pts[-1], *others)
    state.draw += drawn_first[::-1]
    state.points = tuple(pts)
    state.direction = direction
    state.phase = PLAYING
    state.to_move = to_move
    state.last_player = last_player
    state.failures = failures
    state.lacks = [[0] * len(h) for h in state.hands]
    state.forget_legal()
    return state
