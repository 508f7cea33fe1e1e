"""Per-seat events: what each viewer is told of an action never names a card it may not know.

Leak test over every registered game: whole bot games, and after every action each seat's (and
the public table's) redacted events are checked against the seat's views before and after."""

from __future__ import annotations

import pytest
from every_game import every_game

from cardtable.ai.base import RandomBot
from cardtable.engine.cards import HIDDEN
from cardtable.engine.protocol import Event
from cardtable.engine.seat_events import events_for, known_to, redact
from cardtable.games import games

GAMES = every_game()
pytestmark = pytest.mark.usefixtures("test_games")  # the test-only games keep the contract too


def _private(state, viewer) -> set[int]:
    """Cards the viewer may not know in ``state``."""
    return set(state.all_cards()) - known_to(state, viewer)


@pytest.mark.parametrize("name", GAMES)
def test_no_viewer_is_told_a_card_it_may_not_know(name: str) -> None:
    game = games()[name]
    players = game.default_players
    state = game.new_state([f"P{i}" for i in range(players)], None, 5)
    bots = [RandomBot(40 + i) for i in range(players)]
    viewers: list[int | None] = [*range(players), None]
    hidden_moves = secret_moves = 0
    for _ in range(300):
        if state.is_over:
            break
        seat = state.to_move
        before = state.clone()
        events = state.apply(bots[seat].choose(state.view(seat)))
        for viewer in viewers:
            told = events_for(before, state, events, viewer)
            assert len(told) == len(events)
            secret = _private(before, viewer) & _private(state, viewer)
            for ev, real in zip(told, events, strict=True):
                assert len(ev.cards) == len(real.cards), "a moving card went missing"
                assert ev._replace(cards=real.cards) == real, "only card ids are redacted"
                if ev.kind == "move" and ev.face_up:
                    continue
                secret_moves += bool(set(real.cards) & secret)
                leaked = set(ev.cards) & secret
                assert not leaked, f"{name}: {ev.kind} tells seat {viewer} about {sorted(leaked)}"
                hidden_moves += HIDDEN in ev.cards
    assert hidden_moves == secret_moves, "every secret card that moved went as a card back"


def test_a_face_up_move_keeps_its_cards_and_a_face_down_one_hides_them() -> None:
    up = Event("move", "", (3, 4), "hand/1", "play", True, 1)
    down = Event("move", "", (5, 6), "draw", "hand/1", False, 1)
    fact = Event("burn", "the pile burns", (7,))
    assert redact([up, down, fact], frozenset({6})) == [
        up, down._replace(cards=(HIDDEN, 6)), fact._replace(cards=(HIDDEN,))]
