"""A phone seat's code at the table (issue 24 items 2 and 6): once its phone has joined, the code
is not on the big screen again, not even while the phone is away, unless someone clicks the seat's
plate, which shows a new code and retires the old one at once; a Play again keeps the same phones
in their seats; leaving the results closes them and the phones are told."""

from __future__ import annotations

import random
import time

import pygame
from phone_client import Phone, http_get
from ui_driver import Driver, seats
from websockets.exceptions import ConnectionClosed

from cardtable.games import layout_of
from cardtable.runner.match import Match
from cardtable.ui.input import Click
from cardtable.ui.table.phones import Parking, Phones


def _white(d: Driver, table) -> int:
    """White pixels over the table: a QR code's quiet zone and light modules."""
    r = pygame.Rect(table.placement.table_rect)
    return sum(1 for x in range(r.x, r.right, 6) for y in range(r.y, r.bottom, 6)
               if d.app.screen.get_at((x, y))[:3] == (255, 255, 255))


def _frames_until(d: Driver, pred, timeout: float = 3.0) -> None:
    end = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < end, "timed out"
        d.frame()


def _told(phone: Phone) -> str:
    msg = phone.until(lambda m: m.get("t") != "state")
    try:
        phone.recv(2)
    except ConnectionClosed:
        return msg["t"]
    raise AssertionError("the phone was not let go")


def test_the_code_stays_off_the_screen_after_joining_until_a_plate_click_asks_for_a_new_one() -> None:
    d = Driver()
    d.app.phone_host = "127.0.0.1"
    match = Match("shithead", seats("human", "phone"), seed=4)
    table = d.table(match)
    phones = table.turns.phones
    server = phones.server
    assert server is not None
    d.frame()
    assert _white(d, table) > 100, "the code shows until the phone joins"
    old_url = server.url(1)
    phone = Phone(old_url)
    _frames_until(d, lambda: not phones.missing())
    d.frame()
    assert _white(d, table) < 20
    phone.ws.close()  # the phone goes to sleep: away, and its code stays private
    _frames_until(d, lambda: phones.missing() == [1])
    for _ in range(3):
        d.frame()
    assert _white(d, table) < 20, "no code on the big screen while the phone is away"
    assert "phone away" in table.seat_note(1)
    back = Phone(old_url)  # it wakes and comes back by itself, no scan
    _frames_until(d, lambda: not phones.missing())
    # Someone at the screen clicks Bea's plate: a new code, the old one retired at once.
    plate = table.placement.plates[1]
    table.handle(Click(plate.center))
    assert _told(back) == "retired"
    assert http_get(old_url)[0] == 403
    new_url = server.url(1)
    assert new_url != old_url
    d.frame()
    assert _white(d, table) > 100, "the new code is shown"
    assert [c.url for c in phones.join_cards()] == [new_url] and phones.join_cards()[0].asked
    table.handle(Click(plate.center))  # clicked again: hidden, and no newer code made
    d.frame()
    assert _white(d, table) < 20 and server.url(1) == new_url
    table.handle(Click(plate.center))
    newest = server.url(1)
    fresh = Phone(newest)
    _frames_until(d, lambda: not phones.missing())
    d.frame()
    assert _white(d, table) < 20, "the code goes once the phone has opened it"
    assert http_get(new_url)[0] == 403
    fresh.close()


def test_play_again_keeps_the_same_phones_in_their_seats_and_leaving_tells_them() -> None:
    parking = Parking()
    match = Match("shithead", seats("bot", "phone"), seed=8)
    phones = Phones(match, layout_of(match.game), "127.0.0.1", parking)
    server = phones.server
    assert server is not None
    url = server.url(1)
    phone = Phone(url)
    phone.until(lambda m: m.get("t") == "state")
    rng = random.Random(1)
    while not match.state.is_over:
        match.apply(rng.choice(match.state.legal_actions()))
    phones.drivers[1].see(match.state.view(1), [])
    over = phone.until(lambda m: m.get("t") == "state" and m["over"])
    assert over["result"]["rows"] and over["result"]["text"], "the result is on the phone"
    phones.close()  # the table goes to the results: the phones are parked, not told to go
    assert parking.server is server
    again = Phones(match.rematch(), layout_of(match.game), "127.0.0.1", parking)
    assert again.server is server and server.url(1) == url, "no new scan"
    first = phone.until(lambda m: m.get("t") == "state" and m["game"] == 1)
    assert not first["over"] and "result" not in first
    assert server.connected() == {1}
    # A finished Play again, then Title: the phones are told the table closed.
    while not again.match.state.is_over:
        again.match.apply(rng.choice(again.match.state.legal_actions()))
    again.close()
    assert parking.server is server, "parked again for another Play again"
    parking.close()  # the results' Title or New game
    assert _told(phone) == "closed"


def test_play_again_with_other_seats_closes_the_old_phones() -> None:
    parking = Parking()
    match = Match("shithead", seats("bot", "phone"), seed=8)
    phones = Phones(match, layout_of(match.game), "127.0.0.1", parking)
    assert phones.server is not None
    phone = Phone(phones.server.url(1))
    phone.until(lambda m: m.get("t") == "state")
    rng = random.Random(2)
    while not match.state.is_over:
        match.apply(rng.choice(match.state.legal_actions()))
    phones.close()
    moved = Match("shithead", seats("phone", "bot"), seed=9)
    other = Phones(moved, layout_of(match.game), "127.0.0.1", parking)
    assert other.server is not phones.server and parking.server is None
    assert _told(phone) == "closed"
    other.close()


def test_restart_from_the_menu_keeps_the_phones_in_their_seats() -> None:
    """Esc, Restart (the same deal again): the phones keep their seats with no new scan. Before,
    Restart closed the phone server mid-game, and every phone had to scan a new code."""
    d = Driver()
    d.app.phone_host = "127.0.0.1"
    match = Match("shithead", seats("human", "phone"), seed=4)
    table = d.table(match)
    server = table.turns.phones.server
    assert server is not None
    url = server.url(1)
    phone = Phone(url)
    _frames_until(d, lambda: not table.turns.phones.missing())
    d.app.push("menu")
    d.app.top.restart()
    again = d.app.find("table")
    assert again is not table and again.turns.phones.server is server and server.url(1) == url
    first = phone.until(lambda m: m.get("t") == "state" and m["game"] == 1)
    assert not first["over"]
    assert server.connected() == {1}
    assert any("phones stay in their seats" in m for m in again.match.messages)
    d.app.reset("title")
    d.app.phone_parking.close()
    phone.close()
