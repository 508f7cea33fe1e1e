"""Files that survive crashes, power cuts, full disks and hand edits.

Writing: the new content goes to a temporary file in the same folder, is flushed and synced, the
current file becomes ``<name>.bak`` and the temporary file is renamed into place. Renames within
a folder are atomic, so at every instant the folder holds either the old or the new file whole;
a crash between the two renames leaves only the ``.bak``, which the reader then uses.

Reading: a file that is not JSON, fails validation, or carries a schema version newer than this
program knows is renamed aside with a timestamp (never silently overwritten: the player may want
it back), a one-line message says what happened and where it went, and the ``.bak`` or the
caller's defaults take its place. An older schema version is brought up to date step by step
through the kind's migration table. No file content, and no OSError, ever raises out of here.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)
Migration = Callable[[dict[str, Any]], dict[str, Any]]

VERSION_KEY = "schema_version"
# Anything bigger is not a file we wrote (a 2,000-action match is about 60 kB): refuse to parse it
# rather than let a stray huge file eat the memory.
MAX_FILE_BYTES = 32 * 1024 * 1024
# A temporary file this old belongs to a writer that died (a crash before its rename).
STALE_TEMP_SECONDS = 60.0
_WRITE_CHUNK = 1 << 16


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


# -- writing -----------------------------------------------------------------------------------

def write_atomic(path: Path, data: bytes, *, keep_backup: bool = True) -> None:
    """Replace ``path`` with ``data`` atomically, keeping the old file as ``.bak``. Raises OSError;
    whatever happens, ``path`` (or, for an instant, its ``.bak``) still holds the last good copy."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{_temp_prefix(path)}{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
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
        if keep_backup and path.exists():
            os.replace(path, backup_path(path))
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _sync_folder(path.parent)


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


def encode(model: BaseModel, version: int) -> bytes:
    """Compact JSON with the schema version first, whether or not the model has that field."""
    body = model.model_dump_json(exclude={VERSION_KEY})
    head = f'{{"{VERSION_KEY}":{version}'
    return (head + ("}" if body == "{}" else "," + body[1:])).encode()


def save_model(path: Path, model: BaseModel, kind: FileKind[Any]) -> list[str]:
    """Write ``model`` safely; the messages say what could not be saved and what that means."""
    return save_bytes(path, encode(model, kind.version), kind)


def save_bytes(path: Path, data: bytes, kind: FileKind[Any]) -> list[str]:
    try:
        write_atomic(path, data)
    except OSError as err:
        return [f"Could not save the {kind.what} {path} ({_reason(err)}); the previous copy is kept."]
    return []


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


def load_model(path: Path, kind: FileKind[M]) -> tuple[M | None, list[str]]:
    """The model in ``path``, else in its ``.bak``, else None; never raises.

    The messages tell the player about every file set aside, a backup used, or a migration.
    """
    remove_stale_temps(path)
    problems: list[tuple[Path, str]] = []
    unreadable: list[tuple[Path, str]] = []
    found: M | None = None
    notes: list[str] = []
    used: Path | None = None
    for candidate in (path, backup_path(path)):
        try:
            if candidate.stat().st_size > MAX_FILE_BYTES:
                raise BadFile(f"it is far too large ({candidate.stat().st_size:,} bytes)")
            raw = candidate.read_bytes()
        except FileNotFoundError:
            continue
        except BadFile as err:
            problems.append((candidate, str(err)))
            continue
        except OSError as err:
            # Unreadable (permissions, a folder in its place): leave it where it is, try the next.
            unreadable.append((candidate, _reason(err)))
            continue
        try:
            found, notes = decode(raw, kind)
        except BadFile as err:
            problems.append((candidate, str(err)))
            continue
        except Exception as err:  # a model validator or migration bug: still the file's fault
            problems.append((candidate, f"it could not be read ({type(err).__name__}: {err})"))
            continue
        used = candidate
        break
    outcome = "using the backup copy instead" if used is not None and used != path else kind.fallback
    messages = [f"Could not read the {kind.what} {p} ({why}); {outcome}." for p, why in unreadable]
    messages += [set_aside_message(p, kind.what, why, outcome) for p, why in problems]
    if used is not None and used != path and not problems and not unreadable:
        messages.append(f"The {kind.what} was missing; using its backup copy {used}.")
    if found is not None:
        _heal(path, used, found, migrated=bool(notes), kind=kind)
    return found, messages + notes


def _heal(path: Path, used: Path | None, found: BaseModel, *, migrated: bool, kind: FileKind[Any]) -> None:
    """Put what was loaded back in place (a backup in place of a missing file, a migrated file
    in the current format), so the same message does not greet the player at every start."""
    if used == path and not migrated:
        return
    if used != path and path.exists():   # left in place (unmovable): never overwrite it
        return
    with contextlib.suppress(OSError):
        write_atomic(path, encode(found, kind.version), keep_backup=used == path)


def remove_stale_temps(path: Path) -> None:
    """Delete temporary files a crashed writer left behind (never a live writer's)."""
    try:
        entries = list(path.parent.glob(_temp_prefix(path) + "*.tmp"))
    except OSError:
        return
    now = time.time()
    for tmp in entries:
        with contextlib.suppress(OSError):
            if now - tmp.stat().st_mtime > STALE_TEMP_SECONDS:
                tmp.unlink()
