"""One Card Table at a time per data folder: two copies autosaving the same match would overwrite
each other's files, so the second one is told and stops before it writes anything."""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO

LOCK_NAME = "cardtable.lock"


class InstanceLock:
    """An OS-level exclusive lock on a file in the data folder, released when the process ends
    (even by a crash or a power cut, since the OS drops the lock with the process)."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / LOCK_NAME
        self._file: IO[bytes] | None = None

    def acquire(self) -> bool:
        """True if this process now holds the lock; False if another Card Table does."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        f = open(self.path, "a+b")  # noqa: SIM115 (held open for the program's life)
        try:
            _lock(f)
        except OSError:
            f.close()
            return False
        f.seek(0)
        f.truncate()
        f.write(str(os.getpid()).encode())
        f.flush()
        self._file = f
        return True

    def release(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


if os.name == "nt":
    import msvcrt

    def _lock(f: IO[bytes]) -> None:
        f.seek(0)
        msvcrt.locking(f.fileno(), msvcrt.LK_NBLCK, 1)
else:
    import fcntl

    def _lock(f: IO[bytes]) -> None:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
