"""What the store needs before the window opens: folders that work, the one-instance lock, and
the reserve that lets a finished match be saved on a full disk. Whatever the disk or the folders
do, this returns: the messages say, one sentence each, what could not be done."""

from __future__ import annotations

from dataclasses import dataclass, field

from cardtable.store.instance import InstanceLock
from cardtable.store.paths import AppPaths, usable_paths
from cardtable.store.reserve import keep_reserve


@dataclass
class Store:
    paths: AppPaths
    lock: InstanceLock
    already_running: bool
    messages: list[str] = field(default_factory=list)


def open_store(reserve: bool = True) -> Store:
    """The folders to use (falling back if the home cannot be written), locked for this process.
    ``reserve`` False leaves making the reserve (a megabyte written and synced on a first start)
    to the caller: the table does it once its first frame is on screen, before anything is saved."""
    paths, messages = usable_paths()
    lock = InstanceLock(paths.data_dir)
    if not lock.acquire():
        return Store(paths, lock, already_running=True)
    if reserve:
        keep_reserve(paths.data_dir)
    return Store(paths, lock, already_running=False, messages=messages + lock.messages)
