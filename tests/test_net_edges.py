"""The phone server's edges (issue 24 item 7): deep or malformed JSON is answered with an error and
no traceback; methods other than GET and HEAD get 405; a move out of turn is refused at once."""

from __future__ import annotations

import http.client
import logging
import time
from collections.abc import Iterator

import pytest
from phone_client import Phone

from cardtable.net.server import NO_SUCH_MOVE, NOT_YOUR_TURN, STALE, PhoneServer


@pytest.fixture
def server() -> Iterator[PhoneServer]:
    s = PhoneServer([0, 1], host="127.0.0.1")
    s.start()
    yield s
    s.stop()


def test_json_nested_2000_deep_is_answered_with_an_error_and_no_traceback(server, caplog) -> None:
    caplog.set_level(logging.DEBUG)
    phone = Phone(server.url(0))
    for deep in ("[" * 2000 + "]" * 2000, '{"a":' * 600 + "1" + "}" * 600, "[" * 2000):
        phone.send(deep)
        assert phone.until(lambda m: m.get("t") == "error")["why"] == "That message was not understood."
    server.publish(0, {"t": "state", "v": 2})
    assert phone.until(lambda m: m.get("t") == "state")["v"] == 2, "the connection lives on"
    phone.close()
    assert not [r for r in caplog.records if r.exc_info], "no traceback was logged"


def _ask(server: PhoneServer, method: str, path: str) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    try:
        conn.request(method, path, headers={"Content-Length": "0"})
        r = conn.getresponse()
        return r.status, dict(r.getheaders()), r.read()
    finally:
        conn.close()


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "BREW"])
def test_methods_other_than_get_and_head_get_405_and_never_the_page(server, method) -> None:
    path = server.url(0).split(str(server.port), 1)[1]
    status, headers, body = _ask(server, method, path)
    assert status == 405 and headers.get("Allow") == "GET, HEAD"
    assert b"<script" not in body


def test_get_and_head_still_open_the_page(server) -> None:
    path = server.url(0).split(str(server.port), 1)[1]
    assert _ask(server, "GET", path)[0] == 200
    assert _ask(server, "HEAD", path)[0] == 200


def test_a_post_with_a_body_gets_no_page(server) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    try:
        conn.request("POST", server.url(0).split(str(server.port), 1)[1], body=b'{"t":"act"}')
        try:
            r = conn.getresponse()
            status, body = r.status, r.read()
        except (http.client.RemoteDisconnected, ConnectionError):
            status, body = 0, b""
    finally:
        conn.close()
    assert status != 200 and b"<script" not in body


def _refusal(phone: Phone, within: float) -> tuple[str, float]:
    start = time.monotonic()
    msg = phone.until(lambda m: m.get("t") == "refused", timeout=within)
    return msg["why"], time.monotonic() - start


def test_a_move_out_of_turn_is_refused_at_once_not_when_the_turn_comes(server) -> None:
    server.publish(1, {"t": "state", "v": 5, "my_turn": False, "actions": []})
    phone = Phone(server.url(1))
    phone.recv()
    phone.send({"t": "act", "v": 5, "i": 0})
    why, took = _refusal(phone, 2)
    assert why == NOT_YOUR_TURN and took < 1.0
    assert server.take(1) == [], "nothing reached the table"
    server.publish(1, {"t": "state", "v": 6, "my_turn": True, "actions": [{"i": 0}, {"i": 1}]})
    phone.until(lambda m: m.get("t") == "state")
    phone.send({"t": "act", "v": 5, "i": 0})
    assert _refusal(phone, 2)[0] == STALE
    phone.send({"t": "act", "v": 6, "i": 2})
    assert _refusal(phone, 2)[0] == NO_SUCH_MOVE
    assert server.take(1) == []
    phone.send({"t": "act", "v": 6, "i": 1})
    end = time.monotonic() + 3
    got: list = []
    while not got and time.monotonic() < end:
        got = server.take(1)
    assert got == [{"t": "act", "v": 6, "i": 1}]
    phone.close()
