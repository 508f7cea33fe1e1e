"""A phone for tests: a real WebSocket client on the loopback, as the page would be."""

from __future__ import annotations

import json
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

    def recv(self, timeout: float = 5) -> dict[str, Any]:
        return json.loads(self.ws.recv(timeout))

    def until(self, pred, timeout: float = 5) -> dict[str, Any]:
        while True:
            msg = self.recv(timeout)
            if pred(msg):
                return msg

    def send(self, msg: Any) -> None:
        self.ws.send(msg if isinstance(msg, (str, bytes)) else json.dumps(msg))

    def close(self) -> None:
        self.ws.close()
