"""A phone seat answers only for its own seat, only on its turn, only with an offered move
(issue 18's hostile clients): everything else is refused with the reason and changes nothing."""

from __future__ import annotations

import time

import pytest
from phone_client import Phone

from cardtable.engine.fingerprint import fingerprint
from cardtable.games import get_game, layout_of
from cardtable.net.seat import NO_SUCH_MOVE, NOT_YOUR_TURN, STALE, PhoneSeat
from cardtable.net.server import PhoneServer


@pytest.fixture
def table():
    game = get_game("shithead")
    state = game.new_state(["Ann", "Bea", "Cat"], None, 5)
    mover = state.to_move
    other = (mover + 1) % 3
    server = PhoneServer([mover, other], host="127.0.0.1")
    server.start()
    seats = {s: PhoneSeat(server, s, layout_of(game)) for s in (mover, other)}
    seats[mover].offer(state.view(mover), state.view(mover).legal_actions())
    seats[other].see(state.view(other), [])
    yield state, server, seats, mover, other
    server.stop()


def _refusal(phone: Phone, seat: PhoneSeat) -> str:
    end = time.monotonic() + 3
    while time.monotonic() < end:
        assert seat.poll() is None
        try:
            msg = phone.recv(0.05)
        except TimeoutError:
            continue
        if msg.get("t") == "refused":
            return msg["why"]
    raise AssertionError("no refusal")


def test_a_phone_out_of_turn_is_refused_and_nothing_changes(table) -> None:
    state, server, seats, mover, other = table
    before = fingerprint(state)
    phone = Phone(server.url(other))
    phone.send({"t": "act", "v": seats[other].version, "i": 0})
    assert _refusal(phone, seats[other]) == NOT_YOUR_TURN
    assert seats[mover].poll() is None and fingerprint(state) == before
    phone.close()


def test_a_stale_or_unoffered_move_is_refused_and_a_good_one_then_accepted(table) -> None:
    _state, server, seats, mover, _other = table
    seat = seats[mover]
    phone = Phone(server.url(mover))
    phone.send({"t": "act", "v": seat.version - 1, "i": 0})
    assert _refusal(phone, seat) == STALE
    phone.send({"t": "act", "v": seat.version, "i": len(seat.legal)})
    assert _refusal(phone, seat) == NO_SUCH_MOVE
    offered = list(seat.legal)
    phone.send({"t": "act", "v": seat.version, "i": 1})
    end = time.monotonic() + 3
    action = None
    while action is None and time.monotonic() < end:
        action = seat.poll()
    assert action == offered[1]
    phone.send({"t": "act", "v": seat.version, "i": 0})  # the same answer again: the offer is spent
    assert _refusal(phone, seat) == NOT_YOUR_TURN
    phone.close()


def test_a_seat_is_never_shown_another_seats_view(table) -> None:
    state, _server, seats, mover, other = table
    with pytest.raises(ValueError):
        seats[other].see(state.view(mover), [])
