"""Benchmark the phone seats on the loopback: a tap on the phone to the card moving on the big
screen, the table's frame rate with four phones connected, and how soon a phone that comes back
has its hand again. Prints the figures (targets: under 100 ms, 60 fps, within 2 s).

    .venv/bin/python scripts/bench_phone.py [--seconds 15]

The table is the real table scene in the real frame loop (60 fps ticks, fast animation speed,
SDL's dummy video driver); each phone is a WebSocket client in its own thread, as the page is.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import threading
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from cardtable.ai.worker import InlineBots
from cardtable.net.client import PhoneClient
from cardtable.runner.loop import Applied
from cardtable.runner.match import Match, Seat
from cardtable.store.settings import Settings
from cardtable.ui.app import FPS, App
from cardtable.ui.scenes.table import TableScene


class TimedPhone(threading.Thread):
    """Answers every offer with a random offered move, noting when it tapped."""

    def __init__(self, url: str, seed: int) -> None:
        super().__init__(daemon=True)
        self.url, self.rng = url, random.Random(seed)
        self.client = PhoneClient(url)
        self.tapped: dict[int, float] = {}
        """Offer version -> when the phone answered it."""
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                msg = self.client.recv(0.05)
            except TimeoutError:
                continue
            except ConnectionError:
                return
            if msg.get("t") == "state" and msg["my_turn"] and msg["actions"]:
                self.tapped[msg["v"]] = time.perf_counter()
                self.client.send({"t": "act", "v": msg["v"], "i": self.rng.choice(msg["actions"])["i"]})


def _table(app: App, phones: int, players: int, game: str = "shithead") -> tuple[TableScene, Match]:
    seats = [Seat(f"Phone {i + 1}", "phone") for i in range(phones)]
    seats += [Seat(f"Bot {i + 1}", "bot", "normal") for i in range(players - phones)]
    match = Match(game, seats, seed=11)
    table = TableScene(app, match)
    app.reset(table)
    return table, match


def tap_to_move(app: App, seconds: float) -> list[float]:
    """Milliseconds from a phone's tap to the table starting to move the cards."""
    table, match = _table(app, 1, 3)
    server = table.turns.phones.server
    assert server is not None
    phone = TimedPhone(server.url(0), 1)
    phone.start()
    driver = table.turns.phones.drivers[0]
    step = table.turns.step
    latencies: list[float] = []

    def timed_step():
        version = driver.version
        done = step()
        if isinstance(done, Applied) and done.seat == 0 and version in phone.tapped:
            latencies.append((time.perf_counter() - phone.tapped[version]) * 1000)
        return done

    table.turns.step = timed_step  # type: ignore[method-assign]
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and not match.state.is_over:
        app.step()
        app.clock.tick(FPS)
    phone.stop.set()
    return latencies


def four_phones(app: App, seconds: float) -> tuple[list[float], float, int]:
    """Frame CPU times and the frame rate with four phones connected and playing."""
    table, match = _table(app, 4, 4)
    server = table.turns.phones.server
    assert server is not None
    phones = [TimedPhone(server.url(s), s) for s in range(4)]
    for p in phones:
        p.start()
    app.frame_times.clear()
    frames, start = 0, time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end and not match.state.is_over:
        app.step()
        app.clock.tick(FPS)
        frames += 1
    fps = frames / (time.perf_counter() - start)
    moves = len(match.actions)
    for p in phones:
        p.stop.set()
    times = list(app.frame_times)
    return times, fps, moves


def reconnect(app: App, tries: int) -> list[float]:
    """Seconds from a phone coming back (woken from sleep, reloaded: the same device reconnecting
    on its own, as the page does) to its hand being back on it."""
    table, _ = _table(app, 1, 2)
    server = table.turns.phones.server
    assert server is not None
    PhoneClient(server.url(0) + "?d=bench-phone&c=1").close()  # the phone opened the seat once
    out = []
    for _ in range(tries):
        app.step()
        start = time.perf_counter()
        client = PhoneClient(server.url(0) + "?d=bench-phone&c=0")
        while True:
            msg = client.recv(5)
            if msg.get("t") == "state" and msg["mine"]:
                break
        out.append(time.perf_counter() - start)
        client.close()
    return out


def _p(sorted_values: list[float], q: float) -> float:
    """The ``q`` quantile of sorted values (nearest rank)."""
    return sorted_values[min(len(sorted_values) - 1, max(0, math.ceil(q * len(sorted_values)) - 1))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=15.0)
    args = ap.parse_args()
    app = App(Settings(animation_speed="fast", sound_on=False, bot_think_ms=0), bots=InlineBots(),
              size=(1920, 1080))
    app.phone_host = "127.0.0.1"
    lat = tap_to_move(app, args.seconds)
    if lat:
        lat.sort()
        print(f"tap to move ({len(lat)} phone moves): median {statistics.median(lat):.1f} ms, "
              f"p95 {_p(lat, 0.95):.1f} ms, max {lat[-1]:.1f} ms (target < 100 ms)")
    times, fps, moves = four_phones(app, args.seconds)
    times.sort()
    print(f"four phones connected ({moves} moves): {fps:.1f} fps; frame CPU (wall-clock time of the "
          f"table thread's events, update and draw in one frame, without the display flip and the "
          f"wait for the next tick) p50 {statistics.median(times) * 1000:.1f} ms, "
          f"p99 {_p(times, 0.99) * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms (target 60 fps)")
    back = reconnect(app, 10)
    app.top.leave()  # the last table's phone server stops
    app.close()
    print(f"reconnect to hand restored (10 tries): median {statistics.median(back) * 1000:.0f} ms, "
          f"max {max(back) * 1000:.0f} ms (target < 2 s)")


if __name__ == "__main__":
    main()
