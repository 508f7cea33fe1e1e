"""A small blocking WebSocket client: what the self-test and the phone benchmarks use to be a
phone. It drives websockets' sans-I/O protocol over a plain socket, because websockets' own
clients import ``ssl``, which the binary leaves out."""

from __future__ import annotations

import contextlib
import json
import socket
import time
from typing import Any

from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.protocol import State
from websockets.uri import parse_uri


class PhoneClient:
    def __init__(self, page_url: str, timeout: float = 5.0) -> None:
        """Open the WebSocket of the seat whose page is at ``page_url``."""
        uri = parse_uri(page_url.replace("http://", "ws://", 1).replace("/s/", "/ws/", 1))
        self.sock = socket.create_connection((uri.host, uri.port), timeout=timeout)
        self.proto = ClientProtocol(uri, max_size=2**22)
        self.proto.send_request(self.proto.connect())
        self._flush()
        self._pending: list[dict[str, Any]] = []
        self.opened = self.closed = False
        end = time.monotonic() + timeout
        while not self.opened and not self.closed and time.monotonic() < end:
            self._read(end - time.monotonic())
        if not self.opened or self.proto.handshake_exc is not None:
            raise ConnectionError(f"the table refused the phone: {self.proto.handshake_exc}")

    def _flush(self) -> None:
        for chunk in self.proto.data_to_send():
            if chunk:
                self.sock.sendall(chunk)

    def _read(self, timeout: float) -> None:
        self.sock.settimeout(max(0.001, timeout))
        try:
            data = self.sock.recv(65536)
        except TimeoutError:
            return
        if data:
            self.proto.receive_data(data)
        else:
            self.proto.receive_eof()
            self.closed = True
        self._flush()
        for e in self.proto.events_received():
            if isinstance(e, Response):
                self.opened = e.status_code == 101
                self.closed = not self.opened
            elif isinstance(e, Frame) and e.opcode is Opcode.TEXT:
                self._pending.append(json.loads(bytes(e.data).decode("utf-8")))
            elif isinstance(e, Frame) and e.opcode is Opcode.CLOSE:
                self.closed = True

    def send(self, message: dict[str, Any]) -> None:
        if self.closed or self.proto.state is not State.OPEN:
            raise ConnectionError("the table closed the connection")
        self.proto.send_text(json.dumps(message).encode("utf-8"))
        self._flush()

    def recv(self, timeout: float = 5.0) -> dict[str, Any]:
        """The next message from the table; TimeoutError if none came in time."""
        end = time.monotonic() + timeout
        while not self._pending:
            if self.closed:
                raise ConnectionError("the table closed the connection")
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError("no message from the table")
            self._read(left)
        return self._pending.pop(0)

    def close(self) -> None:
        if self.proto.state is State.OPEN:
            with contextlib.suppress(OSError):
                self.proto.send_close()
                self._flush()
        self.sock.close()
