"""Saved matches: the autosave of each unfinished match, and the replays of finished ones.

A match on disk is its recipe, not its position: game, options, seats, seed, dealer and the list
of actions (``Action.to_json`` lists), plus a fingerprint of the position they lead to. Loading
replays the actions through the engine and compares fingerprints, so a save that no longer
leads to the same place (an engine changed, a hand-edit) is reported and set aside instead of
being continued in a position nobody dealt. The same file, with the outcome added, is the replay.

One autosave per game (``matches/<game>.json``) is rewritten atomically after every action;
finished matches go to ``replays/`` (the newest ``KEEP_REPLAYS``) and into the statistics.

The table's part::

    saver = Autosaver(paths)                                  # once, for the app's lifetime
    saved, state = SavedMatch.start(game, seats, options, seed, dealer)   # or load_unfinished()
    saver.save(saved)
    events = state.apply(action)          # raises on an illegal action: nothing is recorded,
    saved.record(action, state)           # so the autosave keeps the position before it
    messages = saver.save(saved)
    if state.is_over:
        messages = saver.finish(saved, state.result())
"""

from __future__ import annotations

import atexit
import contextlib
import json
import re
import secrets
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import Action, Game, Result, State, replay
from cardtable.store.paths import AppPaths
from cardtable.store.safe_file import (
    FileKind,
    backup_path,
    encode,
    load_model,
    save_bytes,
    set_aside,
    set_aside_message,
    write_atomic,
)
from cardtable.store.stats import record_finished

MATCH_VERSION = 1
KEEP_REPLAYS = 100
T = TypeVar("T")


def _new_id() -> str:
    return secrets.token_hex(8)


def _now() -> datetime:
    return datetime.now(UTC)


class SeatConfig(BaseModel):
    """Who sits in a seat: a name, a human or a bot, and the bot's level."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=64)
    kind: Literal["human", "bot", "phone"] = "human"
    level: str = Field("", max_length=32)


class Outcome(BaseModel):
    """How a finished match came out (``Result`` without the bots' rewards)."""

    model_config = ConfigDict(extra="forbid")

    places: list[int]
    losers: list[int]
    text: str = ""
    capped: bool = False
    details: dict[str, Any] = Field(default_factory=dict)

    @classmethod
    def from_result(cls, result: Result) -> Outcome:
        return cls(places=list(result.places), losers=list(result.losers), text=result.text,
                   capped=result.capped, details=_plain_json(result.details))


def _plain_json(value: Any) -> Any:
    """``value`` as JSON data: a game's details may hold tuples, fractions or its own types."""
    if isinstance(value, Mapping):
        return {str(k): _plain_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_plain_json(v) for v in value]
    if isinstance(value, Fraction):
        return float(value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


class SavedMatch(BaseModel):
    model_config = ConfigDict(extra="forbid")

    schema_version: int = MATCH_VERSION
    match_id: str = Field(default_factory=_new_id, pattern=r"^[0-9a-zA-Z_-]{1,64}$")
    game: str = Field(min_length=1, max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatConfig] = Field(min_length=1, max_length=32)
    seed: int
    dealer: int | None = None
    actions: list[tuple[str, list[int], int, str]] = Field(default_factory=list)
    fingerprint: str = Field(min_length=1)
    started: datetime = Field(default_factory=_now)
    updated: datetime = Field(default_factory=_now)
    outcome: Outcome | None = None

    @classmethod
    def start(cls, game: Game, seats: Sequence[SeatConfig], options: BaseModel | None = None,
              seed: int = 0, dealer: int | None = None) -> tuple[SavedMatch, State]:
        """A new match and its dealt position; autosave it before the first action."""
        opts = options if options is not None else game.Options()
        state = game.new_state([s.name for s in seats], opts, seed, dealer)
        saved = cls(game=game.name, options=opts.model_dump(mode="json"), seats=list(seats),
                    seed=seed, dealer=dealer, fingerprint=fingerprint(state))
        return saved, state

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    def record(self, action: Action, state: State) -> None:
        """Note ``action``, just applied, and the position ``state`` it led to."""
        self.actions.append(tuple(action.to_json()))  # type: ignore[arg-type]
        self.fingerprint = fingerprint(state)
        self.updated = _now()

    def action_list(self) -> list[Action]:
        return [Action.from_json(a) for a in self.actions]


MATCH_FILE = FileKind(what="saved match", model=SavedMatch, version=MATCH_VERSION,
                      fallback="it cannot be continued")
REPLAY_FILE = FileKind(what="replay", model=SavedMatch, version=MATCH_VERSION,
                       fallback="it is left out of the list")


class ReplayError(Exception):
    """A saved match that does not replay to its saved position; the message says why."""


@dataclass
class Unfinished:
    """A match ready to continue: the save (keep recording into it) and its replayed position."""

    saved: SavedMatch
    game: Game
    state: State


class Found(list[T], Generic[T]):
    """A list of what was loaded, with ``messages`` for the player about what was not."""

    def __init__(self, items: Iterable[T] = (), messages: Iterable[str] = ()) -> None:
        super().__init__(items)
        self.messages = list(messages)


def _registry(games: Mapping[str, Game] | None) -> Mapping[str, Game]:
    if games is not None:
        return games
    from cardtable.games import games as registered  # the registry imports every game: lazily

    return registered()


def _safe_name(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "_", text)


def unfinished_path(paths: AppPaths, game: str) -> Path:
    return paths.unfinished_dir / f"{_safe_name(game)}.json"


# -- replaying -------------------------------------------------------------------------------

def replay_saved(saved: SavedMatch, games: Mapping[str, Game] | None = None) -> tuple[Game, State]:
    """The game and the position the save leads to; ReplayError if it does not get there."""
    game = _registry(games).get(saved.game)
    if game is None:
        raise ReplayError(f"the game {saved.game!r} is not part of this Card Table")
    try:
        options = game.Options.model_validate(saved.options)
        state = replay(game, saved.names, options, saved.seed, saved.action_list(), saved.dealer)
        reached = fingerprint(state)
        ended = state.is_over and state.result() is None
    except Exception as err:  # engines raise IllegalAction, ValueError, or worse on odd data
        raise ReplayError(f"its actions no longer replay ({type(err).__name__}: {err})") from err
    if reached != saved.fingerprint:
        raise ReplayError("replaying its actions does not reach the saved position")
    if ended:
        raise ReplayError("its game ended without a result")
    return game, state


def positions(saved: SavedMatch, games: Mapping[str, Game] | None = None) -> list[State]:
    """Every position of a match, from the deal to the end, for stepping a replay both ways."""
    game = _registry(games).get(saved.game)
    if game is None:
        raise ReplayError(f"the game {saved.game!r} is not part of this Card Table")
    try:
        state = game.new_state(saved.names, game.Options.model_validate(saved.options), saved.seed,
                               saved.dealer)
        steps = [state.clone()]
        for action in saved.action_list():
            state.apply(action)
            steps.append(state.clone())
    except Exception as err:
        raise ReplayError(f"its actions no longer replay ({type(err).__name__}: {err})") from err
    return steps


# -- the autosave ----------------------------------------------------------------------------

def autosave(paths: AppPaths, saved: SavedMatch) -> list[str]:
    """Save the unfinished match atomically (call after every action); messages on failure."""
    return save_bytes(unfinished_path(paths, saved.game), encode(saved, MATCH_VERSION), MATCH_FILE)


def load_unfinished(paths: AppPaths, games: Mapping[str, Game] | None = None) -> Found[Unfinished]:
    """Every unfinished match that replays to its saved position, the newest first.

    Saves that cannot be read or do not replay are set aside (``.messages`` says so); a save
    whose match had in fact ended (a crash before it was filed) is filed as finished now.
    """
    found: Found[Unfinished] = Found()
    folder = paths.unfinished_dir
    try:
        names = {p.name.removesuffix(".bak") for p in folder.iterdir()
                 if p.name.endswith((".json", ".json.bak")) and not p.name.startswith(".")}
    except FileNotFoundError:
        return found
    except OSError as err:
        found.messages.append(f"Could not look for saved matches in {folder} ({err.strerror}).")
        return found
    registry = _registry(games)
    for name in sorted(names):
        path = folder / name
        saved, messages = load_model(path, MATCH_FILE)
        found.messages += messages
        if saved is None:
            continue
        game = registry.get(saved.game)
        what = f"saved {game.title if game else saved.game} match"
        try:
            game, state = replay_saved(saved, registry)
        except ReplayError as err:
            found.messages.append(_set_aside_match(path, what, str(err)))
            continue
        result = state.result() if state.is_over else None
        if result is not None:
            found.messages += finish(paths, saved, result)
            found.messages.append(f"The {what} had already ended; it is now with the replays.")
            continue
        found.append(Unfinished(saved, game, state))
    found.sort(key=lambda u: u.saved.updated, reverse=True)
    return found


def _set_aside_match(path: Path, what: str, reason: str) -> str:
    """A save that does not replay: its backup would not either, so both go aside together."""
    bak = backup_path(path)
    if bak.exists() and path.exists():
        with contextlib.suppress(OSError):
            set_aside(bak)
    return set_aside_message(path if path.exists() else bak, what, reason, "it cannot be continued")


def discard_unfinished(paths: AppPaths, game: str) -> list[str]:
    """Forget the autosave of ``game`` (the player abandoned it)."""
    path = unfinished_path(paths, game)
    for p in (path, backup_path(path)):
        try:
            p.unlink(missing_ok=True)
        except OSError as err:
            return [f"Could not remove the saved match {p} ({err.strerror})."]
    return []


class Autosaver:
    """The table's autosave, written by a background thread so a frame never waits on the disk.

    ``save`` encodes the match at once (the caller goes on changing it) and hands the bytes to
    the writer, which writes them with the same atomic ``write_atomic`` as ``autosave``. While a
    write is in progress a newer save of the same game replaces the queued one: the file always
    holds a whole, recent position, and after a crash at most the actions of the write in
    flight (a few milliseconds) are missing. Messages about failed writes come back from the
    next call. Use ``finish``/``discard`` here too, so a late write cannot bring back a match
    that was just filed; ``close`` (also run at exit) waits for the last write.
    """

    def __init__(self, paths: AppPaths) -> None:
        self.paths = paths
        self._pending: dict[Path, bytes] = {}
        self._messages: list[str] = []
        self._last_failure = ""
        self._writing = False
        self._closed = False
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()
        atexit.register(self.close)

    def save(self, saved: SavedMatch) -> list[str]:
        """Queue the match to be written; returns messages about earlier writes that failed."""
        data = encode(saved, MATCH_VERSION)
        path = unfinished_path(self.paths, saved.game)
        with self._cond:
            if self._closed:
                return self._take_messages() + save_bytes(path, data, MATCH_FILE)
            self._pending[path] = data
            self._cond.notify_all()
            return self._take_messages()

    def flush(self, timeout: float = 10.0) -> list[str]:
        """Wait until everything queued is on disk; the messages of failed writes."""
        with self._cond:
            self._cond.wait_for(lambda: not self._pending and not self._writing, timeout)
            return self._take_messages()

    def finish(self, saved: SavedMatch, result: Result) -> list[str]:
        return self.flush() + finish(self.paths, saved, result)

    def discard(self, game: str) -> list[str]:
        with self._cond:
            self._pending.pop(unfinished_path(self.paths, game), None)
        return self.flush() + discard_unfinished(self.paths, game)

    def close(self) -> list[str]:
        messages = self.flush()
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join(timeout=10.0)
        atexit.unregister(self.close)
        return messages

    def _take_messages(self) -> list[str]:
        messages, self._messages = self._messages, []
        return messages

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending or self._closed)
                if not self._pending:
                    return
                path, data = self._pending.popitem()
                self._writing = True
            try:
                messages = save_bytes(path, data, MATCH_FILE)
            except Exception as err:  # keep the writer alive whatever happens: later saves matter
                messages = [f"Could not save the match {path} ({type(err).__name__}: {err})."]
            with self._cond:
                self._writing = False
                # A full disk fails every write: tell the player once, not after every action.
                failure = " ".join(messages)
                if failure and failure != self._last_failure:
                    self._messages += messages
                self._last_failure = failure
                self._cond.notify_all()


# -- finished matches ------------------------------------------------------------------------

def finish(paths: AppPaths, saved: SavedMatch, result: Result) -> list[str]:
    """File a finished match: count it in the statistics, keep it as a replay, drop its autosave.

    Each step can be repeated safely (statistics count a match id once), so a crash part-way
    is completed by the next start.
    """
    saved.outcome = Outcome.from_result(result)
    messages = record_finished(paths, saved.game, saved.names, result, saved.match_id)
    target = _replay_path(paths, saved)
    try:
        write_atomic(target, encode(saved, MATCH_VERSION), keep_backup=False)
    except OSError as err:
        # Keep the autosave: the next start finds the match over and files it again.
        messages.append(f"Could not save the replay {target} ({err.strerror}); "
                        "it will be filed at the next start.")
        return messages
    if _autosave_id(paths, saved.game) == saved.match_id:
        messages += discard_unfinished(paths, saved.game)
    return messages + prune_replays(paths)


def _replay_path(paths: AppPaths, saved: SavedMatch) -> Path:
    """``<start time>-<game>-<id>.json``: names sort by age, and a match refiled keeps its file."""
    stamp = saved.started.astimezone(UTC).strftime("%Y%m%dT%H%M%S")
    return paths.replays_dir / f"{stamp}-{_safe_name(saved.game)}-{saved.match_id}.json"


def _autosave_id(paths: AppPaths, game: str) -> str | None:
    """The match id of the autosave of ``game``, so filing one match never removes another's."""
    try:
        data = json.loads(unfinished_path(paths, game).read_bytes())
        return data.get("match_id") if isinstance(data, dict) else None
    except (OSError, ValueError, RecursionError):
        return None


def _replay_files(paths: AppPaths) -> list[Path]:
    try:
        return sorted(p for p in paths.replays_dir.glob("*.json") if not p.name.startswith("."))
    except OSError:
        return []


def prune_replays(paths: AppPaths, keep: int = KEEP_REPLAYS) -> list[str]:
    files = _replay_files(paths)
    for old in files[: max(0, len(files) - keep)]:
        try:
            old.unlink()
        except OSError as err:
            return [f"Could not remove the old replay {old} ({err.strerror})."]
    return []


def list_replays(paths: AppPaths) -> Found[SavedMatch]:
    """The kept replays, newest first; unreadable ones are set aside with a message."""
    found: Found[SavedMatch] = Found()
    for path in reversed(_replay_files(paths)):
        saved, messages = load_model(path, REPLAY_FILE)
        found.messages += messages
        if saved is not None:
            found.append(saved)
    return found


def delete_replay(paths: AppPaths, saved: SavedMatch) -> list[str]:
    try:
        _replay_path(paths, saved).unlink(missing_ok=True)
    except OSError as err:
        return [f"Could not remove the replay ({err.strerror})."]
    return []
