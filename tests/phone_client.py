"""A phone for tests: a real WebSocket client on the loopback, as the page would be."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from typing import Any

from websockets.sync.client import ClientConnection, connect


def ws_url(page_url: str) -> str:
    return page_url.replace("http://", "ws://").replace("/s/", "/ws/")


def http_get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


class Phone:
    def __init__(self, page_url: str) -> None:
        self.ws: ClientConnection = connect(ws_url(page_url), open_timeout=5, max_size=2**22).__enter__()

    def recv(self, timeout: float = 5, away: bool = False) -> dict[str, Any]:
        """The next message; the news of which phone seats have no phone (``"away"``, sent on every
        join and drop) only when ``away``: the tests of a seat's own pictures and refusals read on."""
        end = time.monotonic() + timeout
        while True:
            msg = json.loads(self.ws.recv(max(0.0, end - time.monotonic())))
            if away or msg.get("t") != "away":
                return msg

    def until(self, pred, timeout: float = 5) -> dict[str, Any]:
        while True:
            msg = self.recv(timeout)
            if pred(msg):
                return msg

    def send(self, msg: Any) -> None:
        self.ws.send(msg if isinstance(msg, (str, bytes)) else json.dumps(msg))

    def close(self) -> None:
        self.ws.close()


class RandomPhone:
    """A phone in its own thread that answers every offer with a random offered move, and keeps
    every message it was sent (for the privacy checks)."""

    def __init__(self, page_url: str, seed: int) -> None:
        import random
        import threading

        self.rng = random.Random(seed)
        self.phone = Phone(page_url)
        self.messages: list[dict[str, Any]] = []
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            while not self.done.is_set():
                try:
                    msg = self.phone.recv(0.2)
                except TimeoutError:
                    continue
                self.messages.append(msg)
                if msg.get("t") == "state" and msg["my_turn"] and msg["actions"]:
                    self.phone.send({"t": "act", "v": msg["v"], "i": self.rng.choice(msg["actions"])["i"]})
        except ConnectionClosed:
            pass

    def close(self) -> None:
        self.done.set()
        self.thread.join(2)
        self.phone.close()
