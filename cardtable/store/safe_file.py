"""Files that survive crashes, power cuts, full disks and hand edits.

Writing: the new content goes to a temporary file in the same folder, is flushed and synced, the
current file becomes ``<name>.bak`` and the temporary file is renamed into place. Renames within
a folder are atomic, and the temporary file is complete before either rename, so at every
instant the newest whole copy is on disk: the file itself, or (after a crash before or between
the renames) the temporary file, which the reader prefers to the older file or backup and puts
in place. A temporary file that is not whole (a crash while writing it) fails to parse and is
removed. A folder standing where the file should be is set aside like a bad file, so it cannot
make every later save fail.

Reading: a file that is not JSON, fails validation, or carries a schema version newer than this
program knows is renamed aside with a timestamp (never silently overwritten: the player may want
it back), a one-line message says what happened and where it went, and the ``.bak`` or the
caller's defaults take its place. An older schema version is brought up to date step by step
through the kind's migration table. No file content, and no OSError, ever raises out of here.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:  # pydantic is imported by the models themselves: the folders and the lock need none
    from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound="BaseModel")
Migration = Callable[[dict[str, Any]], dict[str, Any]]

VERSION_KEY = "schema_version"
# Anything bigger is not a file we wrote (a 2,000-action match is about 60 kB): refuse to parse it
# rather than let a stray huge file eat the memory.
MAX_FILE_BYTES = 32 * 1024 * 1024
_WRITE_CHUNK = 1 << 16
# Said once (until a write succeeds again), however many saves fail: the player can do one thing.
DISK_FULL = "The disk is full: nothing can be saved until some space is freed."


@dataclass(frozen=True)
class FileKind(Generic[M]):
    """What a file holds and how to read old versions of it.

    ``migrations[v]`` turns the raw dict of format ``v`` into format ``v + 1``. ``what`` and
    ``fallback`` are the player's words: "settings file", "using the default settings".
    """

    what: str
    model: type[M]
    version: int
    fallback: str
    migrations: Mapping[int, Migration] = field(default_factory=dict)


class BadFile(Exception):
    """A file's content cannot be used; the message says why, in the player's words."""


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def _temp_prefix(path: Path) -> str:
    return f".{path.name}."


def _reason(err: OSError) -> str:
    return err.strerror or type(err).__name__


def is_disk_full(err: OSError) -> bool:
    return err.errno in (errno.ENOSPC, errno.EDQUOT)


class _DiskFullNotice:
    """Whether the player has been told the disk is full since the last write that worked."""

    said = False

    @classmethod
    def once(cls) -> list[str]:
        if cls.said:
            return []
        cls.said = True
        return [DISK_FULL]


def disk_full_notice() -> list[str]:
    """``[DISK_FULL]`` the first time since a write last worked, else ``[]``."""
    return _DiskFullNotice.once()


def forget_disk_full_notice() -> None:
    """Say it again at the next failure (a write worked, or a new start)."""
    _DiskFullNotice.said = False


_path_locks: dict[Path, threading.RLock] = {}
_path_locks_guard = threading.Lock()


def path_lock(path: Path) -> threading.RLock:
    """One lock per file: the autosave thread's writes and the window's reads of the same file
    never interleave, so a temporary file seen by a reader always belongs to a dead writer."""
    with _path_locks_guard:
        return _path_locks.setdefault(path.absolute(), threading.RLock())


def temp_files(path: Path) -> list[Path]:
    """Temporary files of ``path`` left by writers, newest first."""
    try:
        found = [(p.stat().st_mtime_ns, p.name, p) for p in path.parent.glob(_temp_prefix(path) + "*.tmp")]
    except OSError:
        return []
    return [p for *_, p in sorted(found, reverse=True)]


def _remove(paths: list[Path]) -> None:
    for p in paths:
        with contextlib.suppress(OSError):
            p.unlink()


# -- writing -----------------------------------------------------------------------------------

def write_atomic(path: Path, data: bytes, *, keep_backup: bool = True) -> None:
    """Replace ``path`` with ``data`` atomically, keeping the old file as ``.bak``. Raises OSError;
    whatever happens, the last good copy is still found by ``load_model``."""
    with path_lock(path):
        path.parent.mkdir(parents=True, exist_ok=True)
        # The time in the name orders the temporary files of one second on coarse file systems.
        tmp = path.with_name(f"{_temp_prefix(path)}{time.time_ns():020d}.{os.getpid()}."
                             f"{os.urandom(4).hex()}.tmp")
        try:
            _write_synced(tmp, data)
            if keep_backup and path.exists():
                os.replace(path, backup_path(path))
            os.replace(tmp, path)
        except Exception:
            # A failed write (a full disk) leaves no debris; a crash (BaseException) is treated as
            # the kill it stands for: its whole temporary file stays for the reader to find.
            _remove([tmp])
            raise
        _sync_folder(path.parent)
        # Older temporary files (a crashed writer's) are superseded by what was just written.
        _remove(temp_files(path))
    forget_disk_full_notice()


def _write_synced(tmp: Path, data: bytes) -> None:
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)
    try:
        view = memoryview(data)
        while view:
            # os.write may write less than asked (and a full disk fails part-way): loop.
            written = os.write(fd, view[:_WRITE_CHUNK])
            view = view[written:]
        os.fsync(fd)
    finally:
        os.close(fd)


def _sync_folder(folder: Path) -> None:
    """Make the renames themselves durable (POSIX); Windows cannot open a folder, and needs not."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def rewrite_in_place(source: Path, data: bytes, target: Path) -> None:
    """Write ``data`` over ``source`` in the space it already holds, then rename it to ``target``:
    on a full disk, a file that ``data`` supersedes becomes ``target`` without new space. Raises
    OSError (ENOSPC before writing anything if ``data`` needs more room than ``source`` holds)."""
    with path_lock(source):
        held = source.stat()
        room = max(held.st_size, getattr(held, "st_blocks", 0) * 512)
        if len(data) > room:
            raise OSError(errno.ENOSPC, f"{source.name} holds {room} bytes, {len(data)} are needed")
        fd = os.open(source, os.O_WRONLY | getattr(os, "O_BINARY", 0))
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view[:_WRITE_CHUNK]):]
            os.ftruncate(fd, len(data))
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(source, target)
    _sync_folder(target.parent)


def encode(model: BaseModel, version: int) -> bytes:
    """Compact JSON with the schema version first, whether or not the model has that field."""
    body = model.model_dump_json(exclude={VERSION_KEY})
    head = f'{{"{VERSION_KEY}":{version}'
    return (head + ("}" if body == "{}" else "," + body[1:])).encode()


def save_model(path: Path, model: BaseModel, kind: FileKind[Any]) -> list[str]:
    """Write ``model`` safely; the messages say what could not be saved and what that means."""
    return save_bytes(path, encode(model, kind.version), kind)


def save_bytes(path: Path, data: bytes, kind: FileKind[Any]) -> list[str]:
    """Write safely; the messages say what was set aside or could not be saved, in one line each."""
    messages = clear_the_way(path, kind.what)
    try:
        write_atomic(path, data)
    except OSError as err:
        if is_disk_full(err):
            return messages + disk_full_notice()
        return [*messages, f"Could not save the {kind.what} {path} ({_reason(err)}); "
                           "the previous copy is kept."]
    return messages


def clear_the_way(path: Path, what: str) -> list[str]:
    """Set aside a folder standing where ``path`` or its backup should be (or a file where its
    folder should be): otherwise every save of it would fail, and a session's games be lost."""
    messages = []
    for blocker, wrong in ((path.parent, _is_file), (path, _is_folder), (backup_path(path), _is_folder)):
        if not wrong(blocker):
            continue
        thing = "A file" if wrong is _is_file else "A folder"
        try:
            target = set_aside(blocker)
        except OSError as err:
            messages.append(f"{thing} stands where Card Table keeps its {what} ({blocker}) and could "
                            f"not be moved ({_reason(err)}).")
            continue
        messages.append(f"{thing} stood where Card Table keeps its {what} ({blocker}); "
                        f"it was moved to {target}.")
    return messages


def _is_folder(path: Path) -> bool:
    try:
        return path.is_dir() and not path.is_symlink()
    except OSError:
        return False


def _is_file(path: Path) -> bool:
    try:
        return path.exists() and not path.is_dir()
    except OSError:
        return False


# -- reading -----------------------------------------------------------------------------------

def decode(raw: bytes, kind: FileKind[M]) -> tuple[M, list[str]]:
    """Parse, migrate and validate ``raw``; raises BadFile. Returns notes on migrations done."""
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as err:
        raise BadFile("it is not valid JSON") from err
    if not isinstance(data, dict):
        raise BadFile("it is not a JSON object")
    version = data.get(VERSION_KEY)
    if type(version) is not int or version < 0:
        raise BadFile("it has no schema version")
    if version > kind.version:
        raise BadFile(f"it was written by a newer Card Table (format {version}; "
                      f"this one reads up to {kind.version})")
    notes: list[str] = []
    if version < kind.version:
        first = version
        while version < kind.version:
            step = kind.migrations.get(version)
            if step is None:
                raise BadFile(f"format {version} is too old to upgrade")
            try:
                data = step(dict(data))
            except Exception as err:
                raise BadFile(f"upgrading it from format {version} failed ({err})") from err
            version += 1
        notes.append(f"Upgraded the {kind.what} from format {first} to {kind.version}.")
    from pydantic import ValidationError

    data.pop(VERSION_KEY, None)
    if VERSION_KEY in kind.model.model_fields:
        data[VERSION_KEY] = kind.version
    try:
        return kind.model.model_validate(data), notes
    except ValidationError as err:
        raise BadFile(f"its contents are wrong ({_first_error(err)})") from err


def _first_error(err: ValidationError) -> str:
    first = err.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "top level"
    more = f", and {err.error_count() - 1} more" if err.error_count() > 1 else ""
    return f"{where}: {first['msg']}{more}"


def set_aside(path: Path) -> Path:
    """Rename a bad file out of the way with a timestamp, so it is kept but never read again.
    Raises OSError (a read-only folder)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.bad-{stamp}-{n}")
        n += 1
    os.replace(path, target)
    return target


def set_aside_message(path: Path, what: str, reason: str, outcome: str) -> str:
    """Set ``path`` aside and say so in one line: what, why, where it went, what happens now."""
    try:
        target = set_aside(path)
    except OSError as err:
        return (f"The {what} {path} could not be used: {reason}. It could not be moved aside "
                f"({_reason(err)}), so it was left in place; {outcome}.")
    return f"The {what} could not be used: {reason}. It was moved to {target}; {outcome}."


_log = logging.getLogger("cardtable.store")
"""The program's log (``cardtable.store.log`` opens its file; that module needs this one)."""


def load_model(path: Path, kind: FileKind[M], check: Callable[[M], object] | None = None,
               what: str | None = None) -> tuple[M | None, list[str]]:
    """The model in ``path``, else in its ``.bak``, else None; never raises.

    A whole temporary file left by a writer that died is newer than both and is used first (and
    put in place). ``check`` may refuse a copy that parses (raising BadFile): only that copy is
    set aside and the next is tried. The messages tell the player about every file set aside or a
    backup used (a migration is logged); ``what`` names the file for them (default ``kind.what``).
    """
    what = what or kind.what
    with path_lock(path):
        temps = temp_files(path)
        problems: list[tuple[Path, str]] = []
        unreadable: list[tuple[Path, str]] = []
        found: M | None = None
        notes: list[str] = []
        used: Path | None = None
        for candidate in (*temps, path, backup_path(path)):
            try:
                found, notes = _read(candidate, kind, check)
            except FileNotFoundError:
                continue
            except BadFile as err:
                if candidate not in temps:   # a temporary file that is not whole was never the player's
                    problems.append((candidate, str(err)))
                continue
            except OSError as err:
                # Unreadable (permissions): leave it where it is, try the next.
                unreadable.append((candidate, _reason(err)))
                continue
            used = candidate
            break
        outcome = ("using the backup copy instead" if used == backup_path(path) else
                   "using the newer copy instead" if used is not None and used != path else kind.fallback)
        messages = [f"Could not read the {what} {p} ({why}); {outcome}." for p, why in unreadable]
        messages += _set_aside_all(problems, what, outcome)
        if used == backup_path(path) and not problems and not unreadable:
            messages.append(f"The {what} was missing; using its backup copy {used}.")
        if found is not None and used is not None:
            _heal(path, used, found, migrated=bool(notes), kind=kind)
        _remove([t for t in temps if t != used])
    # An upgrade went well and asks nothing of the player: it goes to the log, not the title (an
    # updated Card Table greeted its player with a red "Upgraded the saved match from format 1
    # to 2." for each unfinished match).
    for note in notes:
        _log.info("%s (%s)", note, path)
    return found, messages


def _read(candidate: Path, kind: FileKind[M], check: Callable[[M], object] | None) -> tuple[M, list[str]]:
    """One copy, parsed, migrated and checked; raises BadFile or OSError."""
    if _is_folder(candidate):
        raise BadFile("a folder stands in its place")
    size = candidate.stat().st_size
    if size > MAX_FILE_BYTES:
        raise BadFile(f"it is far too large ({size:,} bytes)")
    found, notes = decode(candidate.read_bytes(), kind)
    if check is not None:
        check(found)
    return found, notes


def _set_aside_all(problems: list[tuple[Path, str]], what: str, outcome: str) -> list[str]:
    """Set every bad copy aside; a file and its backup bad for the same reason make one line."""
    if len(problems) == 2 and problems[0][1] == problems[1][1]:
        (first, why), (second, _) = problems
        line = set_aside_message(first, what, why, outcome)
        try:
            return [line[:-1] + f"; its backup copy too, moved to {set_aside(second)}."]
        except OSError:
            return [line]
    return [set_aside_message(p, what, why, outcome) for p, why in problems]


def _heal(path: Path, used: Path, found: BaseModel, *, migrated: bool, kind: FileKind[Any]) -> None:
    """Put what was loaded back in place (a backup in place of a missing file, a migrated file
    in the current format, the temporary file of an interrupted save), so the same message does
    not greet the player at every start. The caller holds the file's lock."""
    with contextlib.suppress(OSError):
        if used == path:
            if migrated:
                write_atomic(path, encode(found, kind.version))
        elif used == backup_path(path):
            if not path.exists():   # else it was left in place (unmovable): never overwrite it
                write_atomic(path, encode(found, kind.version), keep_backup=False)
        elif migrated:
            write_atomic(path, encode(found, kind.version))
        else:   # finish the interrupted save: its temporary file is whole
            if path.exists():
                os.replace(path, backup_path(path))
            os.replace(used, path)
            _sync_folder(path.parent)
