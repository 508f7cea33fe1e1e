"""One Card Table at a time per data folder: two copies autosaving the same match would overwrite
each other's files, so the second one is told and stops before it writes anything."""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from typing import IO

from cardtable.store.safe_file import clear_the_way

LOCK_NAME = "cardtable.lock"


class InstanceLock:
    """An OS-level exclusive lock on a file in the data folder, released when the process ends
    (even by a crash or a power cut, since the OS drops the lock with the process)."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / LOCK_NAME
        self._file: IO[bytes] | None = None
        self.messages: list[str] = []
        """What the player should know: a folder set aside from the lock's place, or no lock."""

    def acquire(self) -> bool:
        """False if another Card Table holds the lock; else True, holding it if it could be made
        at all (a folder that cannot be written must not stop anyone playing: ``messages`` says
        the lock is missing)."""
        self.messages = clear_the_way(self.path, "lock file")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # Unbuffered: a write the disk refuses fails here, not later when the file is closed.
            f = open(self.path, "a+b", buffering=0)  # noqa: SIM115 (held open for the program's life)
        except OSError as err:
            self.messages.append(f"Could not make the lock file {self.path} ({err.strerror}); "
                                 "do not start Card Table twice.")
            return True
        try:
            _lock(f)
        except OSError:
            f.close()
            return False
        # The process id is for a person looking at the folder; a full disk may refuse it.
        with contextlib.suppress(OSError):
            f.seek(0)
            f.truncate()
            f.write(str(os.getpid()).encode())
        self._file = f
        return True

    def release(self) -> None:
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.close()
            self._file = None


if sys.platform == "win32":  # the form the type checker reads too
    import msvcrt

    def _lock(f: IO[bytes]) -> None:
        f.seek(0)
        msvcrt.locking(f.fileno(), msvcrt.LK_NBLCK, 1)
else:
    import fcntl

    def _lock(f: IO[bytes]) -> None:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
