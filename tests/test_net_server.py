"""The phone seats' server (issue 18): tokens, the page, the WebSocket, and hostile clients."""

from __future__ import annotations

import time
from collections.abc import Iterator
from importlib import resources

import pytest
from phone_client import Phone, http_get, ws_url
from websockets.exceptions import ConnectionClosed, InvalidStatus

from cardtable.net.server import BURST, GONE, INBOX, MAX_MESSAGE, PhoneServer, parse_message


@pytest.fixture
def server() -> Iterator[PhoneServer]:
    s = PhoneServer([1, 3], host="127.0.0.1")
    s.start()
    yield s
    s.stop()


def _wait(pred, timeout: float = 3.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return True
        time.sleep(0.01)
    return False


def test_a_seat_address_serves_its_page_and_a_wrong_one_gets_403_and_nothing_else(server) -> None:
    status, body = http_get(server.url(1))
    assert status == 200 and b"<script src=\"/page.js\">" in body
    base = f"http://127.0.0.1:{server.port}"
    gone = (resources.files("cardtable.net") / "page" / GONE).read_bytes()
    for bad in ("/s/", "/s/not-a-token", "/s/" + server.tokens.token(1)[:-1], "/"):
        status, body = http_get(base + bad)
        # nothing but the word of what to do (in the page's colours): no script, no seat
        assert (status, body) in ((403, gone), (404, b"Not found\n")), bad
        assert b"<script" not in body and b"/ws/" not in body, bad


def test_tokens_are_long_random_and_differ_per_seat_and_match(server) -> None:
    other = PhoneServer([1, 3], host="127.0.0.1")
    tokens = {server.tokens.token(1), server.tokens.token(3), other.tokens.token(1)}
    assert len(tokens) == 3 and all(len(t) >= 22 for t in tokens)  # >= 128 bits in base64


def test_only_the_pages_own_files_are_served(server) -> None:
    base = f"http://127.0.0.1:{server.port}"
    assert http_get(base + "/page.js")[0] == 200 and http_get(base + "/page.css")[0] == 200
    for trick in ("/page.js/../server.py", "/../server.py", "/%2e%2e/server.py", "/static/../tokens.py",
                  "/page/index.html", "/settings.json", "//etc/passwd", "/s/../page.js"):
        status, body = http_get(base + trick)
        assert status in (403, 404) and b"import" not in body, trick


def test_a_websocket_without_the_right_token_is_refused(server) -> None:
    for bad in ("/ws/", "/ws/wrong", "/ws/" + server.tokens.token(1) + "x"):
        with pytest.raises(InvalidStatus):
            Phone(f"http://127.0.0.1:{server.port}" + bad.replace("/ws/", "/s/"))


def test_a_phone_gets_its_seats_picture_and_its_actions_reach_the_table(server) -> None:
    phone = Phone(server.url(3))
    server.publish(3, {"t": "state", "v": 1, "hello": "seat three", "my_turn": True,
                       "actions": [{"i": 0}]})
    assert phone.recv()["hello"] == "seat three"
    phone.send({"t": "act", "v": 1, "i": 0})
    assert _wait(lambda: server.connected() == {3})
    assert _wait(lambda: bool(server._inbox[3]))
    assert server.take(3) == [{"t": "act", "v": 1, "i": 0}] and server.take(1) == []
    phone.close()


def test_a_phone_that_comes_back_gets_the_latest_picture_at_once(server) -> None:
    server.publish(1, {"t": "state", "v": 7})
    phone = Phone(server.url(1))
    assert phone.recv()["v"] == 7
    phone.close()
    assert _wait(lambda: server.connected() == set())
    again = Phone(server.url(1))
    assert again.recv()["v"] == 7
    again.close()


def test_a_second_device_takes_the_seat_over_and_the_first_is_told(server) -> None:
    first = Phone(server.url(1))
    assert _wait(lambda: server.connected() == {1})
    second = Phone(server.url(1))
    assert first.until(lambda m: m.get("t") == "taken")["t"] == "taken"
    with pytest.raises(ConnectionClosed):
        first.recv(2)
    server.publish(1, {"t": "state", "v": 2})
    assert second.until(lambda m: m.get("t") == "state")["v"] == 2
    second.close()


def test_garbage_is_answered_with_an_error_and_changes_nothing(server) -> None:
    phone = Phone(server.url(1))
    for junk in ("not json", "[1,2]", '{"t":"act","v":"1","i":0}', '{"t":"act","v":1,"i":true}',
                 '{"t":"act","v":1,"i":-1}', '{"t":"steal"}', "null", '{"t":"act"}'):
        phone.send(junk)
        assert phone.until(lambda m: m.get("t") == "error")["why"]
    phone.send(b"\x00\x01binary")
    assert phone.until(lambda m: m.get("t") == "error")
    assert server.take(1) == []
    phone.close()


@pytest.mark.parametrize("raw", ["", "{", '{"t":"act","v":1,"i":99999}', '{"t":"hello","x":1}'])
def test_parse_message_keeps_only_known_shapes(raw: str) -> None:
    expected = {"t": "hello"} if raw.startswith('{"t":"hello"') else None
    assert parse_message(raw) == expected


def test_a_10_mb_message_closes_that_phone_only(server) -> None:
    phone = Phone(server.url(1))
    with pytest.raises(ConnectionClosed):
        phone.send("x" * (10 * 1024 * 1024))
        phone.recv(3)
    assert server.take(1) == []
    other = Phone(server.url(3))
    server.publish(3, {"t": "state", "v": 1})
    assert other.recv()["v"] == 1
    other.close()
    assert MAX_MESSAGE <= 65536


def test_a_flood_is_throttled_then_disconnected_and_the_server_keeps_serving(server) -> None:
    phone = Phone(server.url(1))
    sent = 0
    with pytest.raises(ConnectionClosed):
        for _ in range(1000):
            phone.send('{"t":"act","v":1,"i":0}')
            sent += 1
        for _ in range(1000):  # the refusals of the first burst, then the close
            phone.recv(3)
    assert len(server.take(1)) <= INBOX <= BURST
    again = Phone(server.url(1))
    server.publish(1, {"t": "state", "v": 5})
    assert again.until(lambda m: m.get("t") == "state")["v"] == 5
    again.close()


def test_the_server_stops_and_its_port_closes() -> None:
    s = PhoneServer([0], host="127.0.0.1")
    s.start()
    url = s.url(0)
    s.stop()
    with pytest.raises(OSError):
        Phone(url)


def test_ws_url_from_page_url() -> None:
    assert ws_url("http://1.2.3.4:5/s/abc") == "ws://1.2.3.4:5/ws/abc"


def test_a_seat_address_can_be_typed_from_the_screen_without_a_look_alike_character() -> None:
    """The join card shows the whole address for a phone that cannot scan its code; a player read
    "l" for "I" in a token and got a 403. Tokens now use no two characters a reader could confuse
    (0/o, 1/l/i, and no capitals) and still hold over 128 random bits; every seat's differs."""
    import math

    from cardtable.net.tokens import TOKEN_ALPHABET, TOKEN_LENGTH, SeatTokens

    assert not set(TOKEN_ALPHABET) & set("0o1liIO")
    assert TOKEN_LENGTH * math.log2(len(set(TOKEN_ALPHABET))) > 128
    tokens = SeatTokens(list(range(8)))
    seen = {tokens.token(s) for s in tokens.seats} | {tokens.renew(s) for s in tokens.seats}
    assert len(seen) == 16
    for t in seen:
        assert len(t) == TOKEN_LENGTH and set(t) <= set(TOKEN_ALPHABET)


def _next_away(phone: Phone) -> dict:
    while True:
        msg = phone.recv(3, away=True)
        if msg.get("t") == "away":
            return msg


def test_every_phone_hears_which_phone_seats_have_no_phone_on_each_join_and_drop(server) -> None:
    """The news behind 'Waiting for Bea's phone to come back' (the two-phone walk, session 18): on
    each join and drop every phone is told the seats not joined yet and those whose phone left,
    by seat, nothing else."""
    first = Phone(server.url(1))
    assert _next_away(first) == {"t": "away", "left": [], "unjoined": [3]}
    second = Phone(server.url(3))
    assert _next_away(first) == {"t": "away", "left": [], "unjoined": []}
    second.close()
    assert _next_away(first) == {"t": "away", "left": [3], "unjoined": []}
    first.close()
