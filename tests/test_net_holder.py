"""Who holds a phone seat (issue 24 item 1 and 2): the device that most recently opened the
address; a device that comes back online on its own never takes the seat back; a reload or a
sleep keeps the seat without a scan; a new code retires the old one at once."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from phone_client import Phone, http_get
from websockets.exceptions import ConnectionClosed, InvalidStatus

from cardtable.net.server import CLOSE_TAKEN, PhoneServer


@pytest.fixture
def server() -> Iterator[PhoneServer]:
    s = PhoneServer([0, 1], host="127.0.0.1")
    s.start()
    yield s
    s.stop()


def _on(url: str, device: str, opening: bool) -> str:
    """The address the page connects to: its device's name, and whether it opens the seat."""
    return f"{url}?d={device}&c={1 if opening else 0}"


def _wait(pred, timeout: float = 3.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return True
        time.sleep(0.01)
    return False


def _told(phone: Phone) -> str:
    """What the table told a phone before it let it go."""
    msg = phone.until(lambda m: m.get("t") != "state")
    with pytest.raises(ConnectionClosed):
        phone.recv(2)
    return msg["t"]


def test_a_phone_back_online_never_takes_the_seat_from_the_second_device(server) -> None:
    server.publish(0, {"t": "state", "v": 3})
    first = Phone(_on(server.url(0), "phoneA", True))
    assert first.recv()["v"] == 3
    first.ws.close()  # the first phone drops off the Wi-Fi
    assert _wait(lambda: server.connected() == set())
    second = Phone(_on(server.url(0), "phoneB", True))  # its player opens the address on another
    assert second.recv()["v"] == 3
    back = Phone(_on(server.url(0), "phoneA", False))  # the first comes back online on its own
    assert _told(back) == "taken"
    assert back.ws.close_code == CLOSE_TAKEN
    server.publish(0, {"t": "state", "v": 4})
    assert second.recv()["v"] == 4, "the seat stays on the second device"
    assert server.connected() == {0}
    # Only a tap on "Take this seat back?" (an opening) moves it, and then the second is told.
    again = Phone(_on(server.url(0), "phoneA", True))
    assert again.recv()["v"] == 4
    assert _told(second) == "taken"
    again.close()


def test_a_reload_or_a_wake_from_sleep_keeps_the_seat_without_a_scan(server) -> None:
    server.publish(1, {"t": "state", "v": 9})
    phone = Phone(_on(server.url(1), "phoneA", True))
    assert phone.recv()["v"] == 9
    phone.ws.close()  # asleep: the connection is gone
    assert _wait(lambda: server.connected() == set())
    for _ in range(2):  # woken, then reloaded: both reconnect without opening
        woken = Phone(_on(server.url(1), "phoneA", False))
        assert woken.recv()["v"] == 9
        assert server.connected() == {1}
        woken.ws.close()
        assert _wait(lambda: server.connected() == set())
    # The page remembers its device in its own storage, and its address keeps the seat's code.
    assert http_get(server.url(1))[0] == 200


def test_a_new_code_retires_the_old_one_at_once(server) -> None:
    old_url = server.url(0)
    server.publish(0, {"t": "state", "v": 1})
    phone = Phone(_on(old_url, "phoneA", True))
    assert phone.recv()["v"] == 1
    new_url = server.renew(0)
    assert new_url != old_url
    assert _told(phone) == "retired"
    assert http_get(old_url)[0] == 403
    with pytest.raises(InvalidStatus):
        Phone(_on(old_url, "phoneA", False))
    fresh = Phone(_on(new_url, "phoneB", True))
    assert fresh.recv()["v"] == 1 and server.connected() == {0}
    # The other seat's code is untouched.
    assert http_get(server.url(1))[0] == 200
    fresh.close()


def test_a_retired_phone_speaks_for_nobody(server) -> None:
    server.publish(0, {"t": "state", "v": 1, "my_turn": True, "actions": [{"i": 0}]})
    phone = Phone(server.url(0))
    phone.recv()
    server.renew(0)
    with pytest.raises(ConnectionClosed):
        for _ in range(20):
            phone.send({"t": "act", "v": 1, "i": 0})
            time.sleep(0.02)
        phone.recv(2)
        phone.recv(2)
    assert server.take(0) == []


def test_closing_the_table_tells_every_phone_so_it_stops_retrying(server) -> None:
    server.publish(0, {"t": "state", "v": 1})
    phone = Phone(server.url(0))
    phone.recv()
    server.stop()
    assert _told(phone) == "closed"
