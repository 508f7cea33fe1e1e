"""A little disk space kept back for the one write that must not fail on a full disk.

When the disk fills, autosaves fail and the player is told; that costs at most the actions played
until space is freed. A finished match is different: its result and statistics exist nowhere else,
and the player may close the window before freeing any space. So a start with room to spare
keeps ``RESERVE_BYTES`` in a file of its own, and filing a finished match on a full disk deletes
that file and uses the room. The next start with space to spare makes it again.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

RESERVE_NAME = "cardtable.reserve"
# A finished match of 2,000 actions is about 60 kB; its replay, the statistics and their
# temporary copies fit many times over.
RESERVE_BYTES = 1 << 20


def reserve_path(folder: Path) -> Path:
    return folder / RESERVE_NAME


def keep_reserve(folder: Path) -> bool:
    """Make the reserve if it is missing and there is room; True if it is there now."""
    path = reserve_path(folder)
    try:
        if path.is_file() and path.stat().st_size >= RESERVE_BYTES:
            return True
        # Random bytes: a file of zeros could be stored sparse or compressed and reserve nothing.
        with open(path, "wb") as f:
            f.write(os.urandom(RESERVE_BYTES))
            f.flush()
            os.fsync(f.fileno())
    except OSError:
        with contextlib.suppress(OSError):
            path.unlink()
        return False
    return True


def release_reserve(folder: Path) -> bool:
    """Give the reserve's space back to the disk; True if there was a reserve to give."""
    try:
        reserve_path(folder).unlink()
    except OSError:
        return False
    return True
