"""The autosaver: the table's saves written by a background thread, and finished matches kept
until the disk takes them.

The table's part::

    saver = Autosaver(paths)                                  # once, for the app's lifetime
    saved, state = SavedMatch.start(game, seats, options, seed, dealer)   # or load_unfinished()
    saver.save(saved)
    events = state.apply(action)          # raises on an illegal action: nothing is recorded,
    saved.record(action, state)           # so the autosave keeps the position before it
    messages = saver.save(saved)
    if state.is_over:
        messages = saver.file_result(saved, state.result())
"""

from __future__ import annotations

import atexit
import contextlib
import json
import threading
from pathlib import Path

from cardtable.engine.protocol import Result
from cardtable.store import filing
from cardtable.store.log import log
from cardtable.store.match_file import (
    MATCH_FILE,
    MATCH_VERSION,
    Outcome,
    SavedMatch,
    discard_unfinished,
    match_id_in,
    replay_path,
    unfinished_path,
)
from cardtable.store.paths import AppPaths
from cardtable.store.reserve import keep_reserve, release_reserve
from cardtable.store.safe_file import (
    backup_path,
    encode,
    is_disk_full,
    rewrite_in_place,
    save_bytes,
    set_aside,
)

# How often a finished match that could not be filed (a full disk) is tried again.
RETRY_SECONDS = 3.0
# The longest a save waits for the one before it: a stuck disk must not freeze the window.
SAVE_WAIT_SECONDS = 0.5


class Autosaver:
    """The table's autosave, written by a background thread so a frame never waits on the disk.

    ``save`` encodes the match at once (the caller goes on changing it) and hands the bytes to
    the writer, which writes them with the same atomic ``write_atomic`` as ``autosave``. While a
    write is in progress the next save waits for it: the file always holds a whole position, at
    most one action behind the table, and a crash loses at most the last action. Messages about
    failed writes come back from the next call. Use ``file_result``, ``abandon`` and ``discard``
    here too, so a late write cannot bring back a match that was just filed; ``close`` (also run
    at exit) waits for the last write.

    A finished match that cannot be filed (a full disk) is filed in the space of the reserve
    (see ``reserve``); failing that it is kept here and tried again every ``RETRY_SECONDS`` until
    it is on disk, and its autosave is never offered as unfinished.
    """

    def __init__(self, paths: AppPaths) -> None:
        self.paths = paths
        self._pending: dict[Path, bytes] = {}
        self._unfiled: dict[str, tuple[SavedMatch, Result]] = {}
        self._matches: set[str] = set()
        """The matches saved so far: a new one makes sure of the reserve before its first write."""
        self._new_match = False
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
            if saved.match_id not in self._matches:
                self._matches.add(saved.match_id)
                self._new_match = True
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

    def file_result(self, saved: SavedMatch, result: Result) -> list[str]:
        """File the finished match now; if the disk will not take it, keep it and retry."""
        messages = self._drain()
        with self._filing:
            try:
                return messages + filing.file_result(self.paths, saved, result)
            except OSError as err:
                failure = err
            if is_disk_full(failure) and release_reserve(self.paths.data_dir):
                try:
                    return [*messages, *filing.file_result(self.paths, saved, result), RESERVE_USED]
                except OSError as err:
                    failure = err
            if is_disk_full(failure) and self._file_in_own_space(saved, result):
                return [*messages, FILED_IN_OWN_SPACE]
            self._unfiled[saved.match_id] = (saved, result)
        with self._cond:
            self._cond.notify_all()   # the writer starts its retries
        log.warning("could not file match %s: %s", saved.match_id, failure)
        reason = "the disk is full" if is_disk_full(failure) else failure.strerror or str(failure)
        return [*messages, f"This match's result could not be saved yet ({reason}): it is kept while "
                           "Card Table is open, and saved with its statistics as soon as the disk "
                           "allows."]

    def _file_in_own_space(self, saved: SavedMatch, result: Result) -> bool:
        """On a full disk with no reserve left: the finished match written as its replay over one
        of its own autosave copies (the result supersedes them), which needs no new space. Its
        statistics are counted when the next start finds the replay beside the autosave."""
        path = unfinished_path(self.paths, saved.game)
        saved.outcome = Outcome.from_result(result)
        data = encode(saved, MATCH_VERSION)
        for copy in (backup_path(path), path):
            if match_id_in(copy) != saved.match_id:
                continue
            try:
                rewrite_in_place(copy, data, replay_path(self.paths, saved))
            except OSError as err:
                log.warning("could not file match %s over %s: %s", saved.match_id, copy, err)
                continue
            return True
        saved.outcome = None
        return False

    @property
    def unfiled(self) -> list[SavedMatch]:
        """Finished matches waiting for the disk."""
        with self._filing:
            return [saved for saved, _ in self._unfiled.values()]

    def abandon(self, saved: SavedMatch) -> list[str]:
        with self._cond:
            self._pending.pop(unfinished_path(self.paths, saved.game), None)
        return self._drain() + filing.abandon(self.paths, saved)

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
        with self._cond:
            new_match, self._new_match = self._new_match, False
        # A match starting: the reserve that files its result on a full disk is made now if it
        # is missing (the disk may have been full when Card Table started, and freed since).
        reserved = keep_reserve(self.paths.data_dir) if new_match else True
        try:
            messages = save_bytes(path, data, MATCH_FILE)
        except Exception as err:  # keep the writer alive whatever happens: later saves matter
            messages = [f"Could not save the match {path} ({type(err).__name__}: {err})."]
        if not reserved and match_id_in(path) != json.loads(data).get("match_id"):
            # A match starting on a full disk (the notice may have been given long before).
            messages.append(NOT_KEPT_ON_FULL_DISK)
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
                    messages = filing.file_result(self.paths, saved, result)
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
            for saved, result in self._unfiled.values():
                if self._file_in_own_space(saved, result):
                    messages.append(FILED_IN_OWN_SPACE)
                    continue
                path = unfinished_path(self.paths, saved.game)
                log.error("finished match %s could not be saved: the disk stayed full", saved.match_id)
                said = len(messages)
                for copy in (path, backup_path(path)):
                    if match_id_in(copy) == saved.match_id:
                        with contextlib.suppress(OSError):
                            messages.append(f"The finished match could not be saved; an earlier "
                                            f"autosave of it was moved to {set_aside(copy)}.")
                if len(messages) == said:
                    messages.append(RESULT_LOST)
            self._unfiled.clear()
        return messages


WAITING_FOR_SPACE = ("A finished match is waiting for disk space: its result is saved, with its "
                     "statistics, as soon as some space is freed.")
RESULT_LOST = ("The finished match could not be saved: the disk stayed full, and nothing of it was "
               "on disk.")
FILED_IN_OWN_SPACE = ("The disk is full: this match's result was saved as its replay in the space of "
                      "its autosave. Its statistics are counted at the next start with free space.")
NOT_KEPT_ON_FULL_DISK = ("This match cannot be saved while the disk is full: if it ends before space "
                         "is freed, its result is kept only while Card Table stays open.")
RESERVE_USED = ("The disk is full: Card Table used the space it keeps in reserve to save this "
                "match's result. Free some space to go on saving.")
