"""Hot-seat privacy: only the seat to move ever sees its own face-up hand."""

from __future__ import annotations

import pygame
from ui_driver import Driver, faces_drawn, seats

from cardtable.engine.cards import HIDDEN
from cardtable.ui.match import Match
from cardtable.ui.scenes.passto import PassScene
from cardtable.ui.scenes.table import TableScene


def private_cards(match: Match, seat: int) -> set[int]:
    """Cards in other seats' hands that ``seat`` may not know."""
    view = match.state.view(seat).zones()
    real = match.state.zones()
    return {c for z, cards in real.items() if z.startswith("hand/") and z != f"hand/{seat}"
            for c, seen in zip(cards, view[z], strict=True) if seen == HIDDEN}


def test_no_face_of_another_humans_hand_is_ever_drawn():
    d = Driver()
    match = Match("shithead", seats("human", "bot", "human"), seed=4, dealer=2)
    table = d.table(match)
    passes = turns = 0
    for _ in range(400):
        d.settle(limit=50)
        if match.state.is_over or (d.app.top is not table and not isinstance(d.app.top, PassScene)):
            break
        if isinstance(d.app.top, PassScene):
            # The pass screen hides the whole table: no card at all is drawn.
            table.drawn = []
            d.app.draw()
            assert table.drawn == []
            passes += 1
            d.key(pygame.K_RETURN)
            continue
        seat = match.state.to_move
        if match.is_bot(seat):
            continue
        assert table.viewer == seat
        d.app.draw()
        assert not faces_drawn(table) & private_cards(match, seat)
        assert faces_drawn(table) >= {c for c in match.state.zones()[f"hand/{seat}"]}
        turns += 1
        table.apply(match.legal()[-1 if len(match.legal()) > 1 else 0])
        d.frame()
    assert passes >= 3 and turns >= 6


def test_a_single_human_is_never_asked_to_pass():
    d = Driver()
    match = Match("shithead", seats("human", "bot", "bot"), seed=2)
    table = d.table(match)
    for _ in range(60):
        d.settle(limit=50)
        assert not isinstance(d.app.top, PassScene)
        if match.state.is_over or d.app.top is not table:
            break
        table.apply(match.legal()[0])


def test_hot_seat_starts_with_every_hand_hidden_until_the_first_pass():
    d = Driver()
    match = Match("shithead", seats("bot", "human", "human"), seed=6, dealer=2)
    table = TableScene(d.app, match)
    d.app.push(table)
    assert table.viewer is None
    hands = {c for s in (1, 2) for c in match.state.zones()[f"hand/{s}"]}
    d.app.draw()
    assert table.drawn and not faces_drawn(table) & hands
    d.settle()
    assert isinstance(d.app.top, PassScene)
