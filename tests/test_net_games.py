"""Whole games with phone seats beside bots (issue 18): every phone move goes through the offer,
and no phone is ever sent a card id its seat may not know."""

from __future__ import annotations

import time

import pytest
from phone_client import RandomPhone

from cardtable.ai import make_bot
from cardtable.engine.cards import HIDDEN
from cardtable.games import games, layout_of
from cardtable.net.seat import PhoneSeat
from cardtable.net.server import PhoneServer
from cardtable.net.snapshot import card_ids

ACTION_LIMIT = 400


def _known(view) -> set[int]:
    return {c for cards in view.zones().values() for c in cards if c != HIDDEN}


@pytest.mark.parametrize("name", list(games()))
def test_phones_beside_bots_play_and_see_only_their_own_cards(name: str) -> None:
    game = games()[name]
    n = min(game.max_players, 3)
    phones_at = [0, n - 1]
    state = game.new_state([f"P{i + 1}" for i in range(n)], None, 17)
    server = PhoneServer(phones_at, host="127.0.0.1", rate=10_000)
    server.start()
    seats = {s: PhoneSeat(server, s, layout_of(game)) for s in phones_at}
    phones = {s: RandomPhone(server.url(s), seed=s) for s in phones_at}
    bots = {s: make_bot(name, "heuristic", s) for s in range(n) if s not in phones_at}
    known: dict[tuple[int, int], set[int]] = {}
    phone_moves = 0
    try:
        for _ in range(ACTION_LIMIT):
            if state.to_move is None:
                break
            mover = state.to_move
            for s, seat in seats.items():
                view = state.view(s)
                if s == mover:
                    seat.offer(view, view.legal_actions())
                else:
                    seat.see(view, [])
                known[(s, seat.version)] = _known(view)
            if mover in seats:
                deadline = time.monotonic() + 5
                action = None
                while action is None and time.monotonic() < deadline:
                    action = seats[mover].poll()
                    time.sleep(0.002)
                assert action is not None, "the phone never answered"
                phone_moves += 1
            else:
                action = bots[mover].choose(state.view(mover))
            state.apply(action)
    finally:
        for p in phones.values():
            p.close()
        server.stop()
    assert phone_moves > 0
    for s, phone in phones.items():
        states = [m for m in phone.messages if m.get("t") == "state"]
        assert states, "the phone was never shown the table"
        for m in states:
            assert m["seat"] == s
            leaked = card_ids(m) - known[(s, m["v"])]
            assert not leaked, f"seat {s} was sent cards it may not know: {leaked}"
