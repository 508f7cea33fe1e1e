"""Saved matches: the autosave of each unfinished match, and the replays of finished ones.

A match on disk is its recipe, not its position: game, options, seats, seed, dealer and the list
of actions (``Action.to_json`` lists), plus a fingerprint of the position they lead to. Loading
replays the actions through the engine and compares fingerprints, so a save that no longer
leads to the same place (an engine changed, a hand-edit) is reported and set aside instead of
being continued in a position nobody dealt. The same file, with the outcome added, is the replay.

One autosave per game (``matches/<game>.json``) is rewritten atomically after every action;
finished matches go to ``replays/`` (the newest ``KEEP_REPLAYS``) and into the statistics. The
replay is written first: once it is on disk the match counts as finished, and an autosave of the
same match is never offered again (the statistics are completed from the replay if need be).

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
from cardtable.engine.protocol import Action, Game, Result, State, replay, rewards_from_places
from cardtable.store.log import log
from cardtable.store.paths import AppPaths
from cardtable.store.reserve import release_reserve
from cardtable.store.safe_file import (
    BadFile,
    FileKind,
    backup_path,
    clear_the_way,
    encode,
    is_disk_full,
    load_model,
    save_bytes,
    set_aside,
    write_atomic,
)
from cardtable.store.stats import count_finished, record_abandoned

MATCH_VERSION = 1
KEEP_REPLAYS = 100
# How often a finished match that could not be filed (a full disk) is tried again.
RETRY_SECONDS = 3.0
# The longest a save waits for the one before it: a stuck disk must not freeze the window.
SAVE_WAIT_SECONDS = 0.5
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
    abandoned: bool = False
    """Left unfinished when the player started another match of the game (issue 16 item 3)."""

    @classmethod
    def from_result(cls, result: Result) -> Outcome:
        return cls(places=list(result.places), losers=list(result.losers), text=result.text,
                   capped=result.capped, details=_plain_json(result.details))

    def result(self) -> Result:
        """Enough of the ``Result`` back for the statistics (they read places, losers, details)."""
        return Result(tuple(self.places), tuple(self.losers), rewards_from_places(self.places),
                      self.text, self.capped, dict(self.details))


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
    assisted: list[str] = Field(default_factory=list, max_length=8)
    """The help the game had ("undo", "hint", "restart"); statistics count such games apart."""
    sitting_losses: dict[str, int] = Field(default_factory=dict)
    """Losses per player in the games of the sitting before this one, so Continue keeps them."""
    sitting_games: int = Field(0, ge=0)
    sitting_wins: dict[str, int] = Field(default_factory=dict)

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

    A copy that cannot be read or does not replay (a hand-edit) is set aside and its backup
    continued instead (``.messages`` says so); a save whose match had in fact ended (a crash, or a
    full disk, before it was filed) is filed as finished now. With a read-only home, the home's
    matches are offered too, unless this session has finished, dropped or replaced them.
    """
    found: Found[Unfinished] = Found()
    registry = _registry(games)
    for path in _unfinished_files(paths, found.messages):
        loaded = _load_one(paths, path, registry, found.messages)
        if loaded is not None:
            found.append(loaded)
    found.sort(key=lambda u: u.saved.updated, reverse=True)
    return found


def _unfinished_files(paths: AppPaths, messages: list[str]) -> list[Path]:
    own = _autosave_names(paths.unfinished_dir, messages)
    files = [paths.unfinished_dir / name for name in own]
    if paths.home is not None:
        gone = _left_ids(paths) | set(_finished_ids(paths))
        files += [paths.home.unfinished_dir / name
                  for name in _autosave_names(paths.home.unfinished_dir, messages)
                  if name not in own and _match_id(paths.home.unfinished_dir / name) not in gone]
    return files


def _autosave_names(folder: Path, messages: list[str]) -> list[str]:
    try:
        return sorted({p.name.removesuffix(".bak") for p in folder.iterdir()
                       if p.name.endswith((".json", ".json.bak")) and not p.name.startswith(".")})
    except FileNotFoundError:
        return []
    except OSError as err:
        messages.append(f"Could not look for saved matches in {folder} ({err.strerror}).")
        return []


def _load_one(paths: AppPaths, path: Path, registry: Mapping[str, Game],
              messages: list[str]) -> Unfinished | None:
    game = next((g for g in registry.values() if _safe_name(g.name) == path.stem), None)
    what = f"saved {game.title} match" if game is not None else "saved match"
    replayed: dict[int, tuple[Game, State]] = {}

    def check(saved: SavedMatch) -> None:
        if _replay_file(paths, saved) is not None:
            return   # finished already: filed below from its replay, not replayed here
        try:
            replayed[id(saved)] = replay_saved(saved, registry)
        except ReplayError as err:
            raise BadFile(str(err)) from err

    saved, more = load_model(path, MATCH_FILE, check=check, what=what)
    messages += more
    if saved is None:
        return None
    if id(saved) not in replayed:
        messages += _refile(paths, saved, what)
        return None
    game, state = replayed[id(saved)]
    result = state.result() if state.is_over else None
    if result is not None:
        messages += finish(paths, saved, result)
        messages.append(f"The {what} had already ended; it is now with the replays.")
        return None
    return Unfinished(saved, game, state)


def _refile(paths: AppPaths, saved: SavedMatch, what: str) -> list[str]:
    """An autosave whose match has a replay: the match ended, and only its filing was cut short."""
    replay_file = _replay_file(paths, saved)
    kept, messages = load_model(replay_file, REPLAY_FILE) if replay_file else (None, [])
    if kept is None or kept.outcome is None:
        return messages
    messages += finish(paths, kept, kept.outcome.result())
    return [*messages, f"The {what} had already ended; it is now with the replays."]


def discard_unfinished(paths: AppPaths, game: str) -> list[str]:
    """Forget the autosave of ``game`` (the player abandoned it)."""
    path = unfinished_path(paths, game)
    for p in (path, backup_path(path)):
        try:
            p.unlink(missing_ok=True)
        except OSError as err:
            return [f"Could not remove the saved match {p} ({err.strerror})."]
    if paths.home is not None and (home_id := _match_id(unfinished_path(paths.home, game))):
        # The home is read-only: note that its copy is dealt with, so it is not offered again.
        try:
            write_atomic(_left_path(paths, game), json.dumps({"match_id": home_id}).encode())
        except OSError as err:
            return [f"Could not note that the saved match was left ({err.strerror})."]
    return []


def _left_path(paths: AppPaths, game: str) -> Path:
    return paths.unfinished_dir / f"{_safe_name(game)}.left"


def _left_ids(paths: AppPaths) -> set[str]:
    try:
        return {i for note in paths.unfinished_dir.glob("*.left") if (i := _match_id(note))}
    except OSError:
        return set()


def _finished_ids(paths: AppPaths) -> list[str]:
    from cardtable.store.stats import load_stats

    return load_stats(paths)[0].recorded


class Autosaver:
    """The table's autosave, written by a background thread so a frame never waits on the disk.

    ``save`` encodes the match at once (the caller goes on changing it) and hands the bytes to
    the writer, which writes them with the same atomic ``write_atomic`` as ``autosave``. While a
    write is in progress the next save waits for it: the file always holds a whole position, at
    most one action behind the table, and a crash loses at most the last action. Messages about
    failed writes come back from the next call. Use ``finish``/``discard`` here too, so a late
    write cannot bring back a match that was just filed; ``close`` (also run at exit) waits for
    the last write.

    A finished match that cannot be filed (a full disk) is filed in the space of the reserve
    (see ``reserve``); failing that it is kept here and tried again every ``RETRY_SECONDS`` until
    it is on disk, and its autosave is never offered as unfinished.
    """

    def __init__(self, paths: AppPaths) -> None:
        self.paths = paths
        self._pending: dict[Path, bytes] = {}
        self._unfiled: dict[str, tuple[SavedMatch, Result]] = {}
        self._messages: list[str] = []
        self._last_failure = ""
        self._writing = False
        self._closed = False
        self._cond = threading.Condition()
        self._filing = threading.Lock()
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()
        atexit.register(self.close)

    def save(self, saved: SavedMatch) -> list[str]:
        """Queue the match to be written; returns messages about earlier writes that failed.

        The previous save is on disk before this one is queued (waiting for it only if actions
        come faster than the disk writes, as at instant speed on a busy machine), so a crash
        loses at most the last action; ``SAVE_WAIT_SECONDS`` bounds the wait on a stuck disk.
        """
        data = encode(saved, MATCH_VERSION)
        path = unfinished_path(self.paths, saved.game)
        with self._cond:
            if self._closed:
                return self._take_messages() + save_bytes(path, data, MATCH_FILE)
            self._cond.wait_for(lambda: not self._pending and not self._writing, SAVE_WAIT_SECONDS)
            self._pending[path] = data
            self._cond.notify_all()
            return self._take_messages()

    def flush(self, timeout: float = 10.0) -> list[str]:
        """Wait until everything queued is on disk; the messages of failed writes, and a reminder
        while a finished match waits for disk space (the title shows these)."""
        messages = self._drain(timeout)
        return [*messages, WAITING_FOR_SPACE] if self._unfiled else messages

    def _drain(self, timeout: float = 10.0) -> list[str]:
        with self._cond:
            self._cond.wait_for(lambda: not self._pending and not self._writing, timeout)
            return self._take_messages()

    def finish(self, saved: SavedMatch, result: Result) -> list[str]:
        """File the finished match now; if the disk will not take it, keep it and retry."""
        messages = self._drain()
        with self._filing:
            try:
                return messages + file_finished(self.paths, saved, result)
            except OSError as err:
                failure = err
            if is_disk_full(failure) and release_reserve(self.paths.data_dir):
                try:
                    return [*messages, *file_finished(self.paths, saved, result), RESERVE_USED]
                except OSError as err:
                    failure = err
            self._unfiled[saved.match_id] = (saved, result)
        with self._cond:
            self._cond.notify_all()   # the writer starts its retries
        log.warning("could not file match %s: %s", saved.match_id, failure)
        reason = "the disk is full" if is_disk_full(failure) else failure.strerror or str(failure)
        return [*messages, f"This match's result could not be saved yet ({reason}): it is kept, "
                           "and saved with its statistics as soon as the disk allows."]

    @property
    def unfiled(self) -> list[SavedMatch]:
        """Finished matches waiting for the disk."""
        with self._filing:
            return [saved for saved, _ in self._unfiled.values()]

    def abandon(self, saved: SavedMatch) -> list[str]:
        with self._cond:
            self._pending.pop(unfinished_path(self.paths, saved.game), None)
        return self._drain() + abandon(self.paths, saved)

    def discard(self, game: str) -> list[str]:
        with self._cond:
            self._pending.pop(unfinished_path(self.paths, game), None)
        return self.flush() + discard_unfinished(self.paths, game)

    def close(self) -> list[str]:
        messages = self._drain()
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join(timeout=10.0)
        atexit.unregister(self.close)
        self._retry_unfiled()
        return messages + self._take_messages() + self._give_up_unfiled()

    def _take_messages(self) -> list[str]:
        messages, self._messages = self._messages, []
        return messages

    def _run(self) -> None:
        while True:
            with self._cond:
                if not self._pending and not self._closed:
                    self._cond.wait(RETRY_SECONDS if self._unfiled else None)
                if not self._pending and self._closed:
                    return
                job = self._pending.popitem() if self._pending else None
                self._writing = job is not None
            if job is None:   # woken with nothing to write, or a while passed: try the disk again
                if self._unfiled:
                    self._retry_unfiled()
                continue
            self._write(*job)

    def _write(self, path: Path, data: bytes) -> None:
        try:
            messages = save_bytes(path, data, MATCH_FILE)
        except Exception as err:  # keep the writer alive whatever happens: later saves matter
            messages = [f"Could not save the match {path} ({type(err).__name__}: {err})."]
        with self._cond:
            self._writing = False
            # A failing disk fails every write: tell the player once, not after every action.
            failure = " ".join(messages)
            if failure and failure != self._last_failure:
                self._messages += messages
            self._last_failure = failure
            self._cond.notify_all()

    def _retry_unfiled(self) -> None:
        """File what the disk refused before; what happened joins the messages of the next call."""
        with self._filing:
            for match_id, (saved, result) in list(self._unfiled.items()):
                try:
                    messages = file_finished(self.paths, saved, result)
                except OSError:
                    continue
                del self._unfiled[match_id]
                with self._cond:
                    self._messages += [*messages, "The result of the finished match is now saved, "
                                                  "with its statistics."]

    def _give_up_unfiled(self) -> list[str]:
        """Closing with a match still unfiled (no reserve left, the disk still full): at least its
        autosave, an earlier position of a match that is over, must not come back as unfinished.
        It is set aside (a rename needs no space): kept for the player, never continued."""
        messages = []
        with self._filing:
            for saved, _ in self._unfiled.values():
                path = unfinished_path(self.paths, saved.game)
                log.error("finished match %s could not be saved: the disk stayed full", saved.match_id)
                for copy in (path, backup_path(path)):
                    if _match_id(copy) == saved.match_id:
                        with contextlib.suppress(OSError):
                            messages.append(f"The finished match could not be saved; an earlier "
                                            f"autosave of it was moved to {set_aside(copy)}.")
            self._unfiled.clear()
        return messages


WAITING_FOR_SPACE = ("A finished match is waiting for disk space: its result is saved, with its "
                     "statistics, as soon as some space is freed.")
RESERVE_USED = ("The disk is full: Card Table used the space it keeps in reserve to save this "
                "match's result. Free some space to go on saving.")


# -- finished matches ------------------------------------------------------------------------

def finish(paths: AppPaths, saved: SavedMatch, result: Result) -> list[str]:
    """File a finished match: keep it as a replay, count it in the statistics, drop its autosave.

    Each step can be repeated safely (statistics count a match id once), so a crash part-way
    is completed by the next start.
    """
    try:
        return file_finished(paths, saved, result)
    except OSError as err:
        # Keep the autosave: the next start finds the match over and files it again.
        return [f"Could not file the finished match ({err.strerror}); "
                "it will be filed at the next start."]


def file_finished(paths: AppPaths, saved: SavedMatch, result: Result) -> list[str]:
    """``finish``, raising OSError if the replay or the statistics could not be written."""
    saved.outcome = Outcome.from_result(result)
    target = _replay_path(paths, saved)
    messages = clear_the_way(target, "replay")
    write_atomic(target, encode(saved, MATCH_VERSION), keep_backup=False)
    messages += count_finished(paths, saved.game, saved.names, result, saved.match_id,
                               assisted=bool(saved.assisted))
    if _match_id(unfinished_path(paths, saved.game)) == saved.match_id:
        messages += discard_unfinished(paths, saved.game)
    return messages + prune_replays(paths)


def abandon(paths: AppPaths, saved: SavedMatch) -> list[str]:
    """File an unfinished match the player chose to abandon: kept with the replays and counted in
    the statistics as abandoned (no places), its autosave dropped. Safe to repeat."""
    saved.outcome = Outcome(places=[], losers=[], text="abandoned", abandoned=True)
    messages = record_abandoned(paths, saved.game, saved.match_id)
    target = _replay_path(paths, saved)
    try:
        messages += clear_the_way(target, "replay")
        write_atomic(target, encode(saved, MATCH_VERSION), keep_backup=False)
    except OSError as err:
        # Keep the autosave: the match is still there to continue or abandon.
        saved.outcome = None
        return [*messages, f"Could not keep the abandoned match as a replay {target} ({err.strerror}); "
                "it is still there to continue."]
    if _match_id(unfinished_path(paths, saved.game)) == saved.match_id:
        messages += discard_unfinished(paths, saved.game)
    return messages + prune_replays(paths)


def _replay_path(paths: AppPaths, saved: SavedMatch) -> Path:
    """``<start time>-<game>-<id>.json``: names sort by age, and a match refiled keeps its file."""
    stamp = saved.started.astimezone(UTC).strftime("%Y%m%dT%H%M%S")
    return paths.replays_dir / f"{stamp}-{_safe_name(saved.game)}-{saved.match_id}.json"


def _match_id(path: Path) -> str | None:
    """The match id in a saved match, so filing one match never removes another's."""
    try:
        data = json.loads(path.read_bytes())
        return data.get("match_id") if isinstance(data, dict) else None
    except (OSError, ValueError, RecursionError):
        return None


def _replay_file(paths: AppPaths, saved: SavedMatch) -> Path | None:
    """The replay of ``saved``'s match, if it was filed (here or in the read-only home)."""
    for where in (paths, paths.home):
        if where is not None:
            with contextlib.suppress(OSError):
                found = next(where.replays_dir.glob(f"*-{saved.match_id}.json"), None)
                if found is not None:
                    return found
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
    files = _replay_files(paths)
    if paths.home is not None:   # the read-only home's replays too (pruned only where we write)
        ours = {p.name for p in files}
        files = sorted(files + [p for p in _replay_files(paths.home) if p.name not in ours],
                       key=lambda p: p.name)
    for path in reversed(files):
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
