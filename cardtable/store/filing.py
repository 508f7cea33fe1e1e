"""Filing finished matches: the replay, the statistics, dropping the autosave; listing replays.

Finished matches go to ``replays/`` (the newest ``KEEP_REPLAYS``) and into the statistics. The
replay is written first: once it is on disk the match counts as finished, and an autosave of the
same match is never offered again (the statistics are completed from the replay if need be).
Every step can be repeated safely (statistics count a match id once), so a crash part-way is
completed by the next start.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from pathlib import Path
from typing import Generic, TypeVar

from cardtable.engine.protocol import Result
from cardtable.store.match_file import (
    MATCH_VERSION,
    REPLAY_FILE,
    Outcome,
    SavedMatch,
    discard_unfinished,
    match_id_in,
    replay_path,
    unfinished_path,
)
from cardtable.store.paths import AppPaths
from cardtable.store.safe_file import clear_the_way, encode, load_model, write_atomic
from cardtable.store.stats import count_finished, record_abandoned

KEEP_REPLAYS = 100
T = TypeVar("T")


class Found(list[T], Generic[T]):
    """A list of what was loaded, with ``messages`` for the player about what was not."""

    def __init__(self, items: Iterable[T] = (), messages: Iterable[str] = ()) -> None:
        super().__init__(items)
        self.messages = list(messages)


def file_result(paths: AppPaths, saved: SavedMatch, result: Result) -> list[str]:
    """File a finished match: its replay, its statistics, its autosave dropped. Raises OSError if
    the replay or the statistics could not be written (the caller keeps the match)."""
    saved.outcome = Outcome.from_result(result)
    target = replay_path(paths, saved)
    messages = clear_the_way(target, "replay")
    write_atomic(target, encode(saved, MATCH_VERSION), keep_backup=False)
    messages += count_finished(paths, saved.game, saved.names, result, saved.match_id,
                               assisted=bool(saved.assisted),
                               people=[i for i, s in enumerate(saved.seats) if s.kind != "bot"])
    if match_id_in(unfinished_path(paths, saved.game)) == saved.match_id:
        messages += discard_unfinished(paths, saved.game)
    return messages + prune_replays(paths)


def file_result_or_keep_autosave(paths: AppPaths, saved: SavedMatch, result: Result) -> list[str]:
    """``file_result`` for a match found ended at the start: if the disk refuses, its autosave
    stays, and the next start finds the match over and files it again."""
    try:
        return file_result(paths, saved, result)
    except OSError as err:
        return [f"Could not file the finished match ({err.strerror}); "
                "it will be filed at the next start."]


def abandon(paths: AppPaths, saved: SavedMatch) -> list[str]:
    """File an unfinished match the player chose to abandon: kept with the replays and counted in
    the statistics as abandoned (no places), its autosave dropped. Safe to repeat."""
    saved.outcome = Outcome(places=[], losers=[], text="abandoned", abandoned=True)
    messages = record_abandoned(paths, saved.game, saved.match_id)
    target = replay_path(paths, saved)
    try:
        messages += clear_the_way(target, "replay")
        write_atomic(target, encode(saved, MATCH_VERSION), keep_backup=False)
    except OSError as err:
        # Keep the autosave: the match is still there to continue or abandon.
        saved.outcome = None
        return [*messages, f"Could not keep the abandoned match as a replay {target} ({err.strerror}); "
                "it is still there to continue."]
    if match_id_in(unfinished_path(paths, saved.game)) == saved.match_id:
        messages += discard_unfinished(paths, saved.game)
    return messages + prune_replays(paths)


def replay_file(paths: AppPaths, saved: SavedMatch) -> Path | None:
    """The replay of ``saved``'s match, if it was filed (here or in the read-only home)."""
    for where in (paths, paths.home):
        if where is not None:
            with contextlib.suppress(OSError):
                found = next(where.replays_dir.glob(f"*-{saved.match_id}.json"), None)
                if found is not None:
                    return found
    return None


def _replay_files(paths: AppPaths, messages: list[str] | None = None) -> list[Path]:
    """The replay files, oldest first; what stops them being listed goes to ``messages``."""
    folder = paths.replays_dir
    try:
        return sorted(p for p in folder.iterdir()
                      if p.name.endswith(".json") and not p.name.startswith("."))
    except FileNotFoundError:
        return []
    except NotADirectoryError:
        if messages is not None:
            messages.append(f"The replays cannot be listed: a file stands where Card Table keeps "
                            f"them ({folder}). It is moved aside at the next finished match.")
        return []
    except OSError as err:
        if messages is not None:
            messages.append(f"The replays cannot be listed ({folder}: {err.strerror}).")
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
    """The kept replays, newest first; unreadable ones are set aside, and a replays folder that
    cannot be read is reported, with a message each."""
    found: Found[SavedMatch] = Found()
    files = _replay_files(paths, found.messages)
    if paths.home is not None:   # the read-only home's replays too (pruned only where we write)
        ours = {p.name for p in files}
        files = sorted(files + [p for p in _replay_files(paths.home, found.messages)
                                if p.name not in ours], key=lambda p: p.name)
    for path in reversed(files):
        saved, messages = load_model(path, REPLAY_FILE)
        found.messages += messages
        if saved is not None:
            found.append(saved)
    return found


def delete_replay(paths: AppPaths, saved: SavedMatch) -> list[str]:
    try:
        replay_path(paths, saved).unlink(missing_ok=True)
    except OSError as err:
        return [f"Could not remove the replay ({err.strerror})."]
    return []
