"""A tiny game for the store tests, since the real games are written in parallel.

Draw-or-pass: seats in turn draw the top card of a shuffled pack or pass; when the pack is empty
the highest total of card ids wins and the lowest loses. ``Options.pack`` sets the length of a
match, so a 2,000-action match is one option away.

Also disks that fill up or turn read-only, for the fault tests (``FullDisk``, ``ReadOnlyFolder``).
"""

from __future__ import annotations

import builtins
import contextlib
import errno
import io
import os
import subprocess
import sys
from pathlib import Path

from pydantic import BaseModel, Field

from cardtable.engine.cards import HIDDEN
from cardtable.engine.declared import DeclaredState
from cardtable.engine.protocol import Action, Event, Game, Result, State, rewards_from_places
from cardtable.engine.rng import Rng
from cardtable.store.autosaver import Autosaver
from cardtable.store.match_file import SavedMatch
from cardtable.store.paths import AppPaths

DRAW, PASS = "draw", "pass"


class DrawOptions(BaseModel):
    pack: int = Field(20, ge=2, le=10_000)


class DrawState(DeclaredState):
    __slots__ = ("hands", "pack")

    def __init__(self, names: tuple[str, ...], pack: list[int], rng: Rng) -> None:
        self.names = names
        self.rng = rng
        self.to_move = 0
        self.viewer = None
        self.pack = pack
        self.hands: list[list[int]] = [[] for _ in names]

    def legal_actions(self) -> list[Action]:
        if self.to_move is None:
            return []
        return [Action(DRAW, (self.pack[-1],)), Action(PASS)]

    def _apply(self, action: Action) -> list[Event]:
        seat = self.to_move
        assert seat is not None
        events: list[Event] = []
        if action.kind == DRAW:
            card = self.pack.pop()
            self.hands[seat].append(card)
            events.append(Event("move", cards=(card,), src="pack", dst=f"hand/{seat}", seat=seat))
        self.to_move = None if not self.pack else (seat + 1) % len(self.names)
        return events

    def clone(self) -> DrawState:
        s = DrawState.__new__(DrawState)
        s.names, s.rng, s.to_move, s.viewer = self.names, self.rng.clone(), self.to_move, self.viewer
        s.pack = list(self.pack)
        s.hands = [list(h) for h in self.hands]
        return s

    def _redact(self, seat: int) -> None:
        self.pack = [HIDDEN] * len(self.pack)
        for other, hand in enumerate(self.hands):
            if other != seat:
                hand[:] = [HIDDEN] * len(hand)

    def card_lists(self) -> list[list[int]]:
        return [self.pack, *self.hands]

    def zones(self) -> dict[str, list[int]]:
        return {"pack": self.pack, **{f"hand/{i}": h for i, h in enumerate(self.hands)}}

    def all_cards(self) -> list[int]:
        return sorted(c for cards in self.card_lists() for c in cards)

    def result(self) -> Result | None:
        if self.to_move is not None:
            return None
        totals = [sum(h) for h in self.hands]
        places = tuple(1 + sum(t > mine for t in totals) for mine in totals)
        losers = tuple(s for s, t in enumerate(totals) if t == min(totals))
        return Result(places, losers, rewards_from_places(places), "highest total wins",
                      details={"balance": [t - sum(totals) / len(totals) for t in totals]})


class DrawOrPass(Game):
    name = "draw_or_pass"
    title = "Draw or Pass"
    min_players = 2
    max_players = 4
    Options = DrawOptions

    def _deal(self, names, options, rng, dealer):
        pack = list(range(options.pack))
        rng.shuffle(pack)
        return DrawState(names, pack, rng)


DrawState.game = GAME = DrawOrPass()
GAMES = {GAME.name: GAME}


def play_random(state: State, rng: Rng, actions: int | None = None) -> list[Action]:
    """Play random legal actions (all of them, or ``actions`` many); returns what was played."""
    played = []
    while not state.is_over and (actions is None or len(played) < actions):
        action = rng.choice(state.legal_actions())
        state.apply(action)
        played.append(action)
    return played


# -- disks that fail for real ------------------------------------------------------------------
# Where the machine allows (root on Linux), the fault is a real file system: a small tmpfs that
# fills up, or one remounted read-only. Elsewhere the same faults come from the os functions the
# store calls, patched to fail with the same errno for paths in the folder.

FORCE_FAKE = os.environ.get("CARDTABLE_TEST_FAKE_DISKS") == "1"


def _mount(*args: str) -> bool:
    if FORCE_FAKE or not sys.platform.startswith("linux"):
        return False
    done = subprocess.run(["mount", *args], capture_output=True, check=False)
    return done.returncode == 0


def _umount(folder: Path) -> None:
    subprocess.run(["umount", "-l", str(folder)], capture_output=True, check=False)


class _Patched:
    """Make the os calls that write under ``folder`` fail with ``code`` while ``active``."""

    def __init__(self, folder: Path, monkeypatch, code: int, *, refuse_new_files: bool) -> None:
        self.folder, self.code, self.active = str(folder), code, False
        self.refuse_new_files = refuse_new_files
        self.fds: set[int] = set()
        self.credit = 0
        """Bytes that can still be written while full (freed by deleting a file)."""
        real = {n: getattr(os, n) for n in ("open", "write", "replace", "rename", "unlink", "mkdir")}
        real_open = builtins.open

        def inside(path) -> bool:
            return self.active and os.path.abspath(os.fspath(path)).startswith(self.folder + os.sep)

        def fail(path=None) -> None:
            raise OSError(self.code, os.strerror(self.code), None if path is None else os.fspath(path))

        def os_open(path, flags, *args, **kwargs):
            writes = flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT)
            if writes and inside(path) and (self.refuse_new_files or not flags & os.O_CREAT):
                fail(path)
            fd = real["open"](path, flags, *args, **kwargs)
            if writes and os.path.abspath(os.fspath(path)).startswith(self.folder + os.sep):
                self.fds.add(fd)
            return fd

        def os_write(fd, data):
            if self.active and fd in self.fds:
                if len(data) > self.credit:
                    fail()
                self.credit -= len(data)
            return real["write"](fd, data)

        def os_unlink(path, *args, **kwargs):
            # A full disk gets room back when a file on it is deleted (Card Table's reserve).
            size = os.stat(path).st_size if inside(path) and os.path.isfile(path) else 0
            real["unlink"](path, *args, **kwargs)
            self.credit += size

        def guard(name):
            def call(*paths, **kwargs):
                if any(inside(p) for p in paths[:2] if isinstance(p, (str, os.PathLike))):
                    fail(paths[0])
                return real[name](*paths, **kwargs)
            return call

        def py_open(file, mode="r", *args, **kwargs):
            if isinstance(file, (str, os.PathLike)) and inside(file) and set(mode) & set("wax+"):
                fail(file)
            return real_open(file, mode, *args, **kwargs)

        monkeypatch.setattr(os, "open", os_open)
        monkeypatch.setattr(os, "write", os_write)
        monkeypatch.setattr(builtins, "open", py_open)
        monkeypatch.setattr(io, "open", py_open)
        if code == errno.EROFS:
            for name in ("replace", "rename", "unlink", "mkdir"):
                monkeypatch.setattr(os, name, guard(name))
        else:
            monkeypatch.setattr(os, "unlink", os_unlink)


class FullDisk:
    """``folder`` on a small disk: ``fill()`` leaves no space, ``free()`` gives it back."""

    def __init__(self, folder: Path, monkeypatch, size_kb: int = 4096) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.real = _mount("-t", "tmpfs", "-o", f"size={size_kb}k", "tmpfs", str(folder))
        self._filler = folder / "filler.bin"
        self._patched = None if self.real else _Patched(folder, monkeypatch, errno.ENOSPC,
                                                        refuse_new_files=False)

    def fill(self) -> None:
        if self._patched is not None:
            self._patched.active, self._patched.credit = True, 0
            return
        fd = os.open(self._filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        try:
            for chunk in (65536, 4096, 1):   # down to the last byte
                with contextlib.suppress(OSError):
                    while True:
                        os.write(fd, b"\0" * chunk)
        finally:
            os.close(fd)

    def free(self) -> None:
        if self._patched is not None:
            self._patched.active = False
            return
        self._filler.unlink(missing_ok=True)

    def close(self) -> None:
        if self.real:
            _umount(self.folder)


class ReadOnlyFolder:
    """``folder`` becomes read-only after ``lock()``, as a read-only disk or a locked-down account
    (chmod would not stop root, which these tests may run as)."""

    def __init__(self, folder: Path, monkeypatch) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.real = _mount("-t", "tmpfs", "-o", "size=16m", "tmpfs", str(folder))
        self._monkeypatch = monkeypatch

    def lock(self) -> None:
        if self.real and _mount("-o", "remount,ro", str(self.folder)):
            return
        self.real = self.real and False
        _Patched(self.folder, self._monkeypatch, errno.EROFS, refuse_new_files=True).active = True

    def close(self) -> None:
        _umount(self.folder)


# -- an autosaver that keeps the match in memory -------------------------------------------------

class MemoryAutosaver(Autosaver):
    """The table's autosaver for tests that play long matches: each save keeps the match in
    memory (the table changes it in place), and the files are written only on ``flush`` and
    ``close``, through the real autosaver: the same files, once instead of after every action
    (a 2,500-action match was 2,500 growing files encoded and synced)."""

    def __init__(self, paths: AppPaths) -> None:
        super().__init__(paths)
        self._held: dict[str, SavedMatch] = {}

    def save(self, saved: SavedMatch) -> list[str]:
        self._held[saved.game] = saved
        return []

    def _write_held(self) -> list[str]:
        held, self._held = list(self._held.values()), {}
        messages: list[str] = []
        for saved in held:   # a loop: super() does not work inside a comprehension
            messages += super().save(saved)
        return messages

    def flush(self, timeout: float = 10.0) -> list[str]:
        return self._write_held() + super().flush(timeout)

    def file_result(self, saved: SavedMatch, result: Result) -> list[str]:
        self._held.pop(saved.game, None)   # filed: its autosave is never written
        return super().file_result(saved, result)

    def abandon(self, saved: SavedMatch) -> list[str]:
        self._held.pop(saved.game, None)
        return super().abandon(saved)

    def discard(self, game: str) -> list[str]:
        self._held.pop(game, None)
        return super().discard(game)

    def close(self) -> list[str]:
        return self._write_held() + super().close()
