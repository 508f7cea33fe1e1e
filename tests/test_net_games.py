"""Whole games with phone seats beside bots (issue 18), through the one match loop: every phone
move goes through the offer, a phone that drops and comes back carries on, and no phone is ever
sent a card id its seat may not know."""

from __future__ import annotations

import json
import re
import time

import pytest
from phone_client import RandomPhone

from cardtable.ai import make_bot
from cardtable.engine.cards import HIDDEN, card_name
from cardtable.games import games, layout_of, teller_of
from cardtable.net.seat import PhoneSeat
from cardtable.net.server import PhoneServer
from cardtable.net.snapshot import card_ids
from cardtable.runner.drivers import InProcessBot
from cardtable.runner.loop import Applied, Bare, MatchLoop

ACTION_LIMIT = 400


def _known(view) -> set[int]:
    return {c for cards in view.zones().values() for c in cards if c != HIDDEN}


class Recorded(PhoneSeat):
    """A phone seat that notes which cards its seat knew at each picture it sent."""

    known: dict[int, set[int]]

    def _show(self, view, legal) -> None:
        super()._show(view, legal)
        self.known = getattr(self, "known", {})
        self.known[self.version] = _known(view)


def _play(loop: MatchLoop, seconds: float = 5.0) -> Applied:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        done = loop.step()
        if isinstance(done, Applied):
            return done
        time.sleep(0.001)
    raise AssertionError(f"seat {loop.state.to_move} never answered")


@pytest.mark.parametrize("name", list(games()))
def test_phones_beside_bots_play_and_see_only_their_own_cards(name: str) -> None:
    game = games()[name]
    n = min(game.max_players, 3)
    phones_at = [0, n - 1]
    state = game.new_state([f"P{i + 1}" for i in range(n)], None, 17)
    server = PhoneServer(phones_at, host="127.0.0.1", rate=10_000)
    server.start()
    seats = {s: Recorded(server, s, layout_of(game), teller_of(game)) for s in phones_at}
    every_card = set(c for cards in state.zones().values() for c in cards)
    drivers = [seats.get(s) or InProcessBot(make_bot(name, "heuristic", s)) for s in range(n)]
    for s, seat in seats.items():
        seat.see(state.view(s), [])
    phones = {s: RandomPhone(server.url(s), seed=s) for s in phones_at}
    loop = MatchLoop(Bare(state), drivers)
    phone_moves = 0
    try:
        for i in range(ACTION_LIMIT):
            if state.is_over:
                break
            if i == 40:  # a phone drops and comes back on the same address
                phones[0].close()
                phones[0] = RandomPhone(server.url(0), seed=99)
            phone_moves += _play(loop).seat in seats
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
            leaked = card_ids(m) - seats[s].known[m["v"]]
            assert not leaked, f"seat {s} was sent cards it may not know: {leaked}"
        # The panel's words too (balances, field abilities, counts): no card named there that the
        # seat has not seen by then (ever: a card once seen face up may be told again).
        seen: set[int] = set()
        for m in states:
            seen |= seats[s].known[m["v"]]
            known_names = {card_name(c) for c in seen}
            words = json.dumps(m["panel"], ensure_ascii=False)
            for c in every_card - seen:
                told = card_name(c)
                if told not in known_names:
                    assert not re.search(rf"(?<![0-9A-Za-z]){re.escape(told)}", words), \
                        f"seat {s}'s panel named {told}, which it has not seen: {words}"
        assert any(m["panel"]["lines"] or m["panel"].get("direction") or m["panel"]["meters"]
                   for m in states) or name == "shithead", "the phone is shown the game's panel"
