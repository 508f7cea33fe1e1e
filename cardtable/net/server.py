"""The phone seats' server: each seat's page and its WebSocket, on the local network, in a thread
of its own so the table's frame loop never waits for a phone.

Built on ``websockets`` (pure Python, no other dependencies, about 1 MB frozen): its
``process_request`` hook serves the page and its two static files, and the rest is the WebSocket.
Anyone on the Wi-Fi can reach the port, so: an address without a seat's token gets 403 and nothing
else; a token speaks only for its own seat; messages are small JSON objects of a known shape and
anything else is answered with an error; a phone that floods is throttled, then disconnected; only
the page's own files are served, by exact name.

Who holds a seat: the device that most recently *opened* the seat's address. The page tells, in
its WebSocket address, the device it runs on (a random name kept in the page's own storage) and
whether this is an opening (a scan, a typed address, "Take this seat back") or a reconnection on
its own (after a drop, a sleep, a reload). An opening takes the seat over; a reconnection is let in
only for the device that holds the seat, so a phone that comes back online never takes the seat
from the phone in its player's hand: it is told so, and asks before it opens the seat again.
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
from urllib.parse import parse_qs

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
METHODS = ("GET", "HEAD")
"""The page is only read: anything else gets 405 (a request with a body is closed unanswered by
the WebSocket library's parser, before it could reach the routing)."""
STALE = "That move was for an earlier turn: the table has moved on."
NOT_YOUR_TURN = "It is not your turn."
NO_SUCH_MOVE = "That is not one of your moves now."
TAKEN = '{"t":"taken"}'
"""Told to a device whose seat another device opened since: it waits for a tap to take it back."""
RETIRED = '{"t":"retired"}'
"""Told to the phone of a seat whose code the table replaced: its address opens nothing now."""
CLOSED = '{"t":"closed"}'
"""Told to every phone when the table closes for good: the page stops trying to come back."""
CLOSE_TAKEN, CLOSE_RETIRED, CLOSE_TABLE = 4000, 4001, 4002
GONE = "gone.html"
"""The page that answers a seat address with a wrong or retired code (a reload after a new code):
the phone page's own colours and type and a word of what to do, with no script and no seat."""
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
    except (ValueError, RecursionError):  # RecursionError: arrays nested thousands deep
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
        self._holder: dict[int, str] = {}
        """The device that holds each seat (the one that most recently opened its address)."""
        self._offer: dict[int, tuple[int, int]] = {}
        """Each seat's latest snapshot: its version and how many moves it offers (0: not its turn),
        so a move out of turn, stale or out of range is refused at once, on the server's side."""
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
        """Close for good: every phone is told the table has closed, so it stops trying to come
        back, and the port closes."""
        if self._loop is not None and self._stopping is not None and not self._loop.is_closed():
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._stopping.set)
        if self._thread is not None:
            self._thread.join(5)
        self._thread = None

    def url(self, seat: int) -> str:
        return f"http://{self.public_host}:{self.port}/s/{self.tokens.token(seat)}"

    def renew(self, seat: int) -> str:
        """A new code for ``seat``: the old address stops working at once (its phone, if any, is
        told so and let go) and the next device to open the new one holds the seat."""
        with self._lock:
            self.tokens.renew(seat)
            self._holder.pop(seat, None)
            ws = self._conns.pop(seat, None)
        if ws is not None and self._loop is not None and not self._loop.is_closed():
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._let_go, ws, RETIRED, CLOSE_RETIRED)
                self._loop.call_soon_threadsafe(self._announce)
        return self.url(seat)

    def publish(self, seat: int, message: dict[str, Any]) -> None:
        """Send ``seat``'s phone its new picture of the table (and keep it for a phone that joins
        or comes back later)."""
        text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
        with self._lock:
            self._latest[seat] = text
            if message.get("t") == "state" and isinstance(message.get("v"), int):
                offered = len(message.get("actions", ())) if message.get("my_turn") else 0
                self._offer[seat] = (message["v"], offered)
        self._send_soon(seat, text)

    def last_version(self, seat: int) -> int:
        """The version of the latest snapshot ``seat``'s phone was sent (0: none yet)."""
        with self._lock:
            offer = self._offer.get(seat)
        return offer[0] if offer is not None else 0

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

    def _announce(self) -> None:
        """Tell every phone which phone seats have no phone now: the others' bars then say they
        wait for that phone, where 'Bea to play' had them wait on a phone that was gone."""
        with self._lock:
            seats, here = set(self._inbox), set(self._conns)
            text = json.dumps({"t": "away", "left": sorted((self._ever & seats) - here),
                               "unjoined": sorted(seats - self._ever)})
            conns = list(self._conns.values())
        for ws in conns:
            task = asyncio.ensure_future(self._send(ws, text))
            self._sending.add(task)
            task.add_done_callback(self._sending.discard)

    def _let_go(self, ws: ServerConnection, why: str, code: int) -> None:
        task = asyncio.ensure_future(self._close(ws, why, code))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    @classmethod
    async def _close(cls, ws: ServerConnection, why: str, code: int) -> None:
        await cls._send(ws, why)
        with contextlib.suppress(ConnectionClosed):
            await ws.close(code)

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
            with self._lock:
                conns = list(self._conns.values())
                self._conns.clear()
            await asyncio.gather(*(self._close(ws, CLOSED, CLOSE_TABLE) for ws in conns),
                                 return_exceptions=True)

    def _route(self, connection: ServerConnection, request: Request) -> Response | None:
        if request.method not in METHODS:
            response = connection.respond(HTTPStatus.METHOD_NOT_ALLOWED, "Method not allowed\n")
            response.headers["Allow"] = ", ".join(METHODS)
            return response
        path = request.path.split("?", 1)[0]
        if path.startswith("/ws/"):
            if self.tokens.seat_of(path[4:]) is None or len(self._conns) >= MAX_CONNECTIONS:
                return connection.respond(HTTPStatus.FORBIDDEN, "Forbidden\n")
            return None
        if path.startswith("/s/"):
            if self.tokens.seat_of(path[3:]) is None:  # a stale code, a guess: nothing but this
                return _response(_page_file(GONE), "text/html; charset=utf-8", HTTPStatus.FORBIDDEN)
            return _response(_page_file("index.html"), "text/html; charset=utf-8")
        if path in STATIC:
            name, kind = STATIC[path]
            return _response(_page_file(name), kind + "; charset=utf-8")
        return connection.respond(HTTPStatus.NOT_FOUND, "Not found\n")

    async def _handle(self, ws: ServerConnection) -> None:
        seat = await self._admit(ws)
        if seat is None:
            return
        try:
            await self._listen(ws, seat)
        except ConnectionClosed:
            pass
        finally:
            with self._lock:
                gone = self._conns.get(seat) is ws
                if gone:
                    del self._conns[seat]
            if gone:
                self._announce()

    async def _admit(self, ws: ServerConnection) -> int | None:
        """The seat ``ws`` now holds (its latest picture sent), or None: a wrong code, or another
        device opened the seat since and this one only reconnected on its own."""
        path, _, query = (ws.request.path if ws.request else "").partition("?")
        seat = self.tokens.seat_of(path[4:])
        if seat is None:
            return None
        asked = parse_qs(query)
        device = asked.get("d", [""])[0][:64]
        opening = asked.get("c", ["1"])[0] != "0"  # a client that says nothing opens the seat
        with self._lock:
            holder = self._holder.get(seat)
            refused = not opening and holder is not None and holder != device
            old = None
            if not refused:
                old = self._conns.get(seat)
                self._conns[seat] = ws
                self._holder[seat] = device
                self._ever.add(seat)
            latest = self._latest.get(seat)
        if refused:  # another device opened this seat since: this one asks its player first
            await self._close(ws, TAKEN, CLOSE_TAKEN)
            return None
        if old is not None and old is not ws:  # the address opened on another device takes it over
            await self._close(old, TAKEN, CLOSE_TAKEN)
        if latest is not None:
            await self._send(ws, latest)
        self._announce()
        return seat

    async def _listen(self, ws: ServerConnection, seat: int) -> None:
        """Read the phone's messages until it goes: throttled, checked, refused or kept."""
        bucket = _Bucket(self.rate)
        async for raw in ws:
            if not bucket.take():
                if bucket.dropped > FLOOD_LIMIT:
                    await ws.close(1008, "too many messages")
                    return
                if bucket.at - bucket.warned > 1.0:  # say it once a second, not per message
                    bucket.warned = bucket.at
                    await self._send(ws, '{"t":"error","why":"Too many taps at once: try again."}')
                continue
            msg = parse_message(raw)
            if msg is None:
                await self._send(ws, '{"t":"error","why":"That message was not understood."}')
                continue
            with self._lock:
                latest = self._latest.get(seat)
                holds = self._conns.get(seat) is ws
            if msg["t"] == "hello":
                if latest is not None:
                    await self._send(ws, latest)
                continue
            if not holds:  # its seat was taken over or its code retired: it speaks for nobody
                return
            why = self._out_of_turn(seat, msg)
            if why:
                await self._send(ws, json.dumps({"t": "refused", "why": why}))
                continue
            with self._lock:
                self._inbox[seat].append(msg)

    def _out_of_turn(self, seat: int, msg: dict[str, Any]) -> str:
        """Why a move cannot be taken now, from the seat's latest snapshot ("" if it may be: the
        seat's driver checks it again against the table when it is asked)."""
        with self._lock:
            offer = self._offer.get(seat)
        if offer is None or offer[1] == 0:
            return NOT_YOUR_TURN
        if msg["v"] != offer[0]:
            return STALE
        if not 0 <= msg["i"] < offer[1]:
            return NO_SUCH_MOVE
        return ""


def _response(body: bytes, kind: str, status: HTTPStatus = HTTPStatus.OK) -> Response:
    headers = Headers({"Content-Type": kind, "Content-Length": str(len(body)), **SECURITY_HEADERS})
    return Response(status.value, status.phrase, headers, body)
