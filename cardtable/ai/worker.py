"""Bots thinking off the frame loop, in a persistent worker process.

A CPU-bound bot in a thread drags the table from 60 fps to 45 (the GIL); a process started with the
``spawn`` context keeps 60 fps and gives the bot a core. It is started once, before the window
opens, and is sent only the seat's view, so even a buggy bot cannot see a hidden card. No pygame
here: the worker runs on a machine with no display.

``InlineBots`` answers the same requests in-process at once: for screenshots, tests and as the
fallback when a process cannot be started.
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import os
from multiprocessing.connection import Connection
from typing import Any

from cardtable.ai import make_bot
from cardtable.ai.base import Bot
from cardtable.ai.guard import guarded_choose
from cardtable.engine.protocol import Action, State

Request = tuple[int, str, str, int, int, State]
"""(request id, game name, bot level, seat, bot seed, the seat's view)."""


BUDGET_MS = {"hard": 600.0, "expert": 1250.0}
"""Thinking budgets past which a level's move is dropped for Normal's (issue 8); other kinds
answer in milliseconds, so they get a generous one that only a hung bot overruns."""
DEFAULT_BUDGET_MS = 2500.0
MOST_REVIEW_WORKERS = 8
"""Processes a review weighs decisions in at most, however many cores the machine has."""


def review_workers() -> int:
    """Processes for a review on this machine: one a core, up to ``MOST_REVIEW_WORKERS`` (the frame
    loop draws a few frames a second while a review runs, and no bot thinks)."""
    return max(1, min(MOST_REVIEW_WORKERS, os.cpu_count() or 1))


class _BotPool:
    """One bot per (game, level, seat, seed), kept between requests so a bot may remember, and
    the Normal bot that stands in for it when it crashes, cheats or overruns its budget."""

    def __init__(self) -> None:
        self.bots: dict[tuple[str, str, int, int], tuple[Bot, Bot]] = {}

    def choose(self, game: str, level: str, seat: int, seed: int, view: State) -> tuple[Action, str]:
        """The move, and a line for the table log when the Normal level had to stand in."""
        key = (game, level, seat, seed)
        if key not in self.bots:
            self.bots[key] = (make_bot(game, level, seed), make_bot(game, "normal", seed + 1))
        bot, normal = self.bots[key]
        move = guarded_choose(bot, view, normal, BUDGET_MS.get(level, DEFAULT_BUDGET_MS))
        return move.action, move.note


def _serve(conn: Connection) -> None:
    pool = _BotPool()
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        req_id, game, level, seat, seed, view = msg
        try:
            reply: tuple[int, Any, str] = (req_id, *pool.choose(game, level, seat, seed, view))
        except Exception as exc:  # a bot bug must not kill the table: report it, the table falls back
            reply = (req_id, None, f"{type(exc).__name__}: {exc}")
        conn.send(reply)


class InlineBots:
    """Answers at once, in this process."""

    review_workers = 1
    """A review beside these bots weighs its decisions in this process too (tests, screenshots)."""

    def __init__(self) -> None:
        self.pool = _BotPool()
        self.answers: list[tuple[int, Action | None, str]] = []

    def request(self, req_id: int, game: str, level: str, seat: int, seed: int, view: State) -> None:
        try:
            self.answers.append((req_id, *self.pool.choose(game, level, seat, seed, view)))
        except Exception as exc:
            self.answers.append((req_id, None, f"{type(exc).__name__}: {exc}"))

    def poll(self) -> list[tuple[int, Action | None, str]]:
        out, self.answers = self.answers, []
        return out

    def close(self) -> None:
        pass


class WorkerBots:
    """The bot worker process; ``request`` returns at once, ``poll`` collects finished answers.

    If the process dies (or never started: a frozen program without ``freeze_support``), the
    requests it still owed are answered in-process, so the table never waits for a dead bot.
    """

    def __init__(self) -> None:
        ctx = mp.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_serve, args=(child,), name="cardtable-bots", daemon=True)
        self.process.start()
        child.close()
        self.pending: dict[int, tuple[str, str, int, int, State]] = {}
        self.fallback: InlineBots | None = None
        self.review_workers = review_workers()
        """With bots in a process of their own, a review weighs its decisions in a process a core."""

    def request(self, req_id: int, game: str, level: str, seat: int, seed: int, view: State) -> None:
        self.pending[req_id] = (game, level, seat, seed, view)
        if self.fallback is None:
            try:
                self.conn.send((req_id, game, level, seat, seed, view))
                return
            except (OSError, BrokenPipeError):
                self._fall_back()
        self._answer_inline()

    def poll(self) -> list[tuple[int, Action | None, str]]:
        out = []
        if self.fallback is None:
            try:
                while self.conn.poll():
                    out.append(self.conn.recv())
            except (EOFError, OSError):
                self._fall_back()
            if self.fallback is None and self.pending and not self.process.is_alive():
                self._fall_back()
        for req_id, _, _ in out:
            self.pending.pop(req_id, None)
        if self.fallback is not None:
            self._answer_inline()
            out += self.fallback.poll()
        return out

    def _fall_back(self) -> None:
        self.fallback = InlineBots()

    def _answer_inline(self) -> None:
        assert self.fallback is not None
        for req_id, (game, level, seat, seed, view) in list(self.pending.items()):
            self.fallback.request(req_id, game, level, seat, seed, view)
        self.pending.clear()

    def close(self) -> None:
        with contextlib.suppress(OSError, BrokenPipeError):
            self.conn.send(None)
        self.process.join(timeout=1.0)
        if self.process.is_alive():
            self.process.terminate()


Bots = InlineBots | WorkerBots
