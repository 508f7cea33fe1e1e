"""The self-test's phone (cardtable.net.client): a WebSocket client without ssl, which the binary
leaves out, that talks to the phone server like the page does."""

from __future__ import annotations

import time

import pytest

from cardtable.net.client import PhoneClient
from cardtable.net.server import PhoneServer


def test_the_ssl_free_client_joins_receives_sends_and_is_refused_a_wrong_token() -> None:
    server = PhoneServer([2], host="127.0.0.1")
    server.start()
    try:
        offer = {"t": "state", "v": 4, "my_turn": True, "actions": [{"i": 0}, {"i": 1}]}
        server.publish(2, offer)
        phone = PhoneClient(server.url(2))
        assert phone.recv() == offer
        phone.send({"t": "act", "v": 4, "i": 1})
        end = time.monotonic() + 3
        got: list = []
        while not got and time.monotonic() < end:
            got = server.take(2)
        assert got == [{"t": "act", "v": 4, "i": 1}]
        phone.close()
        with pytest.raises(ConnectionError):
            PhoneClient(server.url(2).replace(server.tokens.token(2), "not-the-token"))
    finally:
        server.stop()
