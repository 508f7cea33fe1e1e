"""Hot-seat privacy: only the seat to move ever sees its own face-up hand."""

from __future__ import annotations

from table_checks import hot_seat_keeps_secrets
from ui_driver import Driver, faces_drawn, seats

from cardtable.runner.match import Match
from cardtable.ui.scenes.passto import PassScene
from cardtable.ui.scenes.table import TableScene


def test_no_face_of_another_humans_hand_is_ever_drawn():
    run = hot_seat_keeps_secrets("shithead", ("human", "bot", "human"), seed=4, turns=400, dealer=2,
                                 pick=lambda legal: legal[-1 if len(legal) > 1 else 0])
    assert run.passes >= 3 and run.turns >= 6


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
