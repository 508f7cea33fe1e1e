"""The phone seats' server: each seat's page and its WebSocket, on the local network, in a thread
of its own so the table's frame loop never waits for a phone.

Built on ``websockets`` (pure Python, no other dependencies, about 1 MB frozen): its
``process_request`` hook serves the page and its two static files, and the rest is the WebSocket.
Anyone on the Wi-Fi can reach the port, so: an address without a seat's token gets 403 and nothing
else; a token speaks only for its own seat; messages are small JSON objects of a known shape and
anything else is answered with an error; a phone that floods is throttled, then disconnected; only
the page's own files are served, by exact name.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections import deque
from collections.abc import Sequence
from http import HTTPStatus
from importlib import resources
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from cardtable.net.address import lan_address
from cardtable.net.tokens import SeatTokens

MAX_MESSAGE = 4096
"""Bytes: a phone only ever sends a few dozen; a larger message closes its connection."""
RATE = 20.0
"""Messages a second a phone may send on average (a burst of ``BURST`` is fine)."""
BURST = 40
FLOOD_LIMIT = 200
"""Messages dropped for exceeding the rate after which the phone is disconnected."""
MAX_CONNECTIONS = 64
INBOX = 8
"""Unread messages kept per seat: only the latest few can matter."""
STATIC = {"/page.js": ("page.js", "text/javascript"), "/page.css": ("page.css", "text/css")}
SECURITY_HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",  # the address carries the seat's token
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'self'; connect-src 'self'; img-src 'self' data:",
}


def _page_file(name: str) -> bytes:
    return (resources.files("cardtable.net") / "page" / name).read_bytes()


def parse_message(raw: str | bytes) -> dict[str, Any] | None:
    """A phone's message if it has a known shape: ``{"t": "act", "v": int, "i": int}`` (the
    ``i``-th of the actions offered in snapshot ``v``) or ``{"t": "hello"}``; else None."""
    if not isinstance(raw, str):
        return None
    try:
        msg = json.loads(raw)
    except ValueError:
        return None
    if not isinstance(msg, dict):
        return None
    if msg.get("t") == "hello":
        return {"t": "hello"}
    if msg.get("t") == "act":
        v, i = msg.get("v"), msg.get("i")
        if type(v) is int and type(i) is int and 0 <= i < 10_000:
            return {"t": "act", "v": v, "i": i}
    return None


class _Bucket:
    """A token bucket: ``take`` is False while a phone sends faster than ``rate`` a second."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.tokens = float(BURST)
        self.at = time.monotonic()
        self.dropped = 0
        self.warned = -1.0

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.dropped += 1
        return False


class PhoneServer:
    """Serves the phone seats of one match. ``start`` it when the match has phone seats, ``stop``
    it when the match ends. Every method is safe to call from the table's thread."""

    def __init__(self, seats: Sequence[int], host: str = "0.0.0.0", port: int = 0,
                 public_host: str | None = None, rate: float = RATE) -> None:
        """``rate``: messages a second a phone may send (tests of whole games, where bots and a
        scripted phone play without animation, raise it)."""
        self.tokens = SeatTokens(list(seats))
        self.rate = rate
        self.host, self.port = host, port
        self.public_host = public_host or (lan_address() if host == "0.0.0.0" else host)
        self._lock = threading.Lock()
        self._latest: dict[int, str] = {}
        self._inbox: dict[int, deque[dict[str, Any]]] = {s: deque(maxlen=INBOX) for s in seats}
        self._conns: dict[int, ServerConnection] = {}
        self._ever: set[int] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread: threading.Thread | None = None
        self._sending: set[asyncio.Future[None]] = set()

    # -- the table's side ---------------------------------------------------------------------------
    def start(self) -> None:
        """Listen; raises OSError (with the reason) if the port cannot be opened."""
        self._thread = threading.Thread(target=self._run, name="phone-server", daemon=True)
        self._thread.start()
        self._ready.wait(10)
        if self._error is not None:
            raise OSError(f"the phone server could not start: {self._error}")

    def stop(self) -> None:
        if self._loop is not None and self._stopping is not None:
            self._loop.call_soon_threadsafe(self._stopping.set)
        if self._thread is not None:
            self._thread.join(5)
        self._thread = None

    def url(self, seat: int) -> str:
        return f"http://{self.public_host}:{self.port}/s/{self.tokens.token(seat)}"

    def publish(self, seat: int, message: dict[str, Any]) -> None:
        """Send ``seat``'s phone its new picture of the table (and keep it for a phone that joins
        or comes back later)."""
        text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
        with self._lock:
            self._latest[seat] = text
        self._send_soon(seat, text)

    def tell(self, seat: int, message: dict[str, Any]) -> None:
        """A one-off message for ``seat``'s phone (a refusal and its reason)."""
        self._send_soon(seat, json.dumps(message, separators=(",", ":"), ensure_ascii=False))

    def take(self, seat: int) -> list[dict[str, Any]]:
        """The messages ``seat``'s phone sent since the last call, oldest first."""
        with self._lock:
            box = self._inbox[seat]
            out = list(box)
            box.clear()
        return out

    def connected(self) -> set[int]:
        with self._lock:
            return set(self._conns)

    def ever_connected(self) -> set[int]:
        with self._lock:
            return set(self._ever)

    # -- the server's thread ------------------------------------------------------------------------
    def _send_soon(self, seat: int, text: str) -> None:
        if self._loop is not None and not self._loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed between the check and the call
                self._loop.call_soon_threadsafe(self._send_now, seat, text)

    def _send_now(self, seat: int, text: str) -> None:
        ws = self._conns.get(seat)
        if ws is not None:
            task = asyncio.ensure_future(self._send(ws, text))
            self._sending.add(task)  # held until done: the loop keeps only weak references to tasks
            task.add_done_callback(self._sending.discard)

    @staticmethod
    async def _send(ws: ServerConnection, text: str) -> None:
        with contextlib.suppress(ConnectionClosed):
            await ws.send(text)

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as e:
            self._error = e
            self._ready.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stopping = asyncio.Event()
        server: Server
        async with serve(self._handle, self.host, self.port, process_request=self._route,
                         max_size=MAX_MESSAGE, max_queue=4, ping_interval=5, ping_timeout=10,
                         compression=None, server_header=None,
                         close_timeout=1) as server:
            self.port = server.sockets[0].getsockname()[1]
            self._ready.set()
            await self._stopping.wait()

    def _route(self, connection: ServerConnection, request: Request) -> Response | None:
        path = request.path.split("?", 1)[0]
        if path.startswith("/ws/"):
            if self.tokens.seat_of(path[4:]) is None or len(self._conns) >= MAX_CONNECTIONS:
                return connection.respond(HTTPStatus.FORBIDDEN, "Forbidden\n")
            return None
        if path.startswith("/s/"):
            if self.tokens.seat_of(path[3:]) is None:
                return connection.respond(HTTPStatus.FORBIDDEN, "Forbidden\n")
            return _response(_page_file("index.html"), "text/html; charset=utf-8")
        if path in STATIC:
            name, kind = STATIC[path]
            return _response(_page_file(name), kind + "; charset=utf-8")
        return connection.respond(HTTPStatus.NOT_FOUND, "Not found\n")

    async def _handle(self, ws: ServerConnection) -> None:
        seat = self.tokens.seat_of(ws.request.path[4:] if ws.request else "")
        if seat is None:
            return
        with self._lock:
            old = self._conns.get(seat)
            self._conns[seat] = ws
            self._ever.add(seat)
            latest = self._latest.get(seat)
        if old is not None:  # the same address opened on another phone: it takes the seat over
            await self._send(old, '{"t":"taken"}')
            await old.close(4000, "taken over by another device")
        if latest is not None:
            await self._send(ws, latest)
        bucket = _Bucket(self.rate)
        try:
            async for raw in ws:
                if not bucket.take():
                    if bucket.dropped > FLOOD_LIMIT:
                        await ws.close(1008, "too many messages")
                        break
                    if bucket.at - bucket.warned > 1.0:  # say it once a second, not per message
                        bucket.warned = bucket.at
                        await self._send(ws, '{"t":"error","why":"Too many taps at once: try again."}')
                    continue
                msg = parse_message(raw)
                if msg is None:
                    await self._send(ws, '{"t":"error","why":"That message was not understood."}')
                    continue
                if msg["t"] == "hello":
                    with self._lock:
                        latest = self._latest.get(seat)
                    if latest is not None:
                        await self._send(ws, latest)
                    continue
                with self._lock:
                    self._inbox[seat].append(msg)
        except ConnectionClosed:
            pass
        finally:
            with self._lock:
                if self._conns.get(seat) is ws:
                    del self._conns[seat]


def _response(body: bytes, kind: str) -> Response:
    headers = Headers({"Content-Type": kind, "Content-Length": str(len(body)), **SECURITY_HEADERS})
    return Response(200, "OK", headers, body)
