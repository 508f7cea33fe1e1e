"""A phone seat at the table (issue 18): its join card shows until its phone is there, its hand is
never shown on the big screen, no pass screen stands in its way, its phone's move is carried out
and animated like any other, and leaving the table stops the server."""

from __future__ import annotations

import time

import pygame
import pytest
from phone_client import Phone
from ui_driver import Driver, faces_drawn, seats

from cardtable.runner.match import Match
from cardtable.ui.scenes.passto import PassScene
from cardtable.ui.scenes.title import TitleScene


def test_a_phone_seat_plays_from_its_phone_and_its_hand_never_shows_on_the_table() -> None:
    d = Driver()
    d.app.phone_host = "127.0.0.1"
    match = Match("shithead", seats("human", "phone", "bot"), seed=4)
    table = d.table(match)
    server = table.turns.phones.server
    assert server is not None and table.turns.phones.missing() == [1]
    d.frame()
    join = pygame.Rect(table.placement.table_rect)
    white = sum(1 for x in range(join.x, join.right, 6) for y in range(join.y, join.bottom, 6)
                if d.app.screen.get_at((x, y))[:3] == (255, 255, 255))
    assert white > 100  # the QR code is drawn while the phone is missing
    phone = Phone(server.url(1))
    end = time.monotonic() + 3
    while table.turns.phones.missing() and time.monotonic() < end:
        d.frame()
    assert table.turns.phones.missing() == []
    assert "on phone" in table.seat_note(1)
    phone_moves = 0
    for _ in range(3000):
        state = match.state
        if state.is_over or phone_moves >= 3:
            break
        assert not isinstance(d.app.top, PassScene), "a phone seat needs no pass screen"
        secret = set(state.zones()["hand/1"]) - {c for c in table.board.view().zones()["hand/1"] if c >= 0}
        assert not (faces_drawn(table) & secret), "the phone's hidden hand was drawn face up"
        if state.to_move == 0 and d.app.top is table:
            table.apply(state.legal_actions()[0])
        while True:
            try:
                msg = phone.recv(0.001)
            except TimeoutError:
                break
            if msg.get("t") == "state" and msg["my_turn"]:
                phone.send({"t": "act", "v": msg["v"], "i": 0})
                phone_moves += 1
        d.frame()
    assert phone_moves >= 3
    phone.close()
    url = server.url(1)
    d.app.reset(TitleScene(d.app))  # Quit to title
    assert table.turns.phones.server is None
    with pytest.raises(OSError):
        Phone(url)
