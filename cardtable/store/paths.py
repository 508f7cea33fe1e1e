"""Where Card Table keeps its files.

Settings go in the user config folder; matches, replays and statistics in the user data folder;
the log in the user log folder (platformdirs, app name "cardtable"). ``CARDTABLE_HOME`` puts all
three in one folder instead: tests use it to stay out of the real home, and a portable copy on a
USB stick uses it to carry its files along.

When the home cannot be written (a read-only disk, a locked-down account), new files go to a
folder under the system's temporary directory and the home is kept as ``AppPaths.home``: the
player's unfinished matches, statistics, replays and settings are still read from there.
"""

from __future__ import annotations

import contextlib
import getpass
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import platformdirs

from cardtable.store.safe_file import backup_path, disk_full_notice, forget_disk_full_notice, is_disk_full

APP_NAME = "cardtable"
HOME_ENV = "CARDTABLE_HOME"


@dataclass(frozen=True)
class AppPaths:
    config_dir: Path
    data_dir: Path
    log_dir: Path
    home: AppPaths | None = None
    """The player's own folders when they could not be written: read from, never written to."""

    @property
    def settings_file(self) -> Path:
        return self.config_dir / "settings.json"

    @property
    def stats_file(self) -> Path:
        return self.data_dir / "stats.json"

    @property
    def unfinished_dir(self) -> Path:
        """One autosave per game: the match to continue."""
        return self.data_dir / "matches"

    @property
    def replays_dir(self) -> Path:
        return self.data_dir / "replays"

    @property
    def log_file(self) -> Path:
        return self.log_dir / "cardtable.log"


def app_paths(home: str | os.PathLike[str] | None = None) -> AppPaths:
    """The folders to use: ``home`` if given, else ``$CARDTABLE_HOME`` if set, else the platform's.

    Nothing is created here; writers create the folder they need, so merely asking for the paths
    never fails (a read-only home is reported when a write is attempted).
    """
    root = home if home is not None else os.environ.get(HOME_ENV) or None
    if root is not None:
        base = Path(root).expanduser()
        return AppPaths(config_dir=base, data_dir=base, log_dir=base)
    return AppPaths(
        config_dir=Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
        data_dir=Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
        log_dir=Path(platformdirs.user_log_dir(APP_NAME, appauthor=False)),
    )


def read_from(paths: AppPaths, pick: Callable[[AppPaths], Path]) -> Path:
    """Where to read a file: this session's copy (or its backup) if there is one, else the copy
    in the read-only home, so a player whose home went read-only still finds their things."""
    own = pick(paths)
    if paths.home is None or own.exists() or backup_path(own).exists():
        return own
    return pick(paths.home)


def _cannot_write(folder: Path) -> OSError | None:
    """Why ``folder`` cannot take a small file, or None. The probe has content, so a full disk
    (which still lets an empty file be made) is found here rather than at the first save."""
    probe = folder / f".probe-{os.getpid()}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        try:
            with open(probe, "wb") as f:
                f.write(b"x" * 4096)
        finally:
            with contextlib.suppress(OSError):
                probe.unlink()
    except OSError as err:
        return err
    return None


def usable_paths(home: str | os.PathLike[str] | None = None) -> tuple[AppPaths, list[str]]:
    """``app_paths`` and what the player must be told about it, in one sentence.

    A full disk keeps the home (saving starts again as soon as space is freed). A home that cannot
    be written for another reason falls back to a folder under the system's temporary directory,
    reading the home's files still; the program runs either way.
    """
    paths = app_paths(home)
    forget_disk_full_notice()
    bad = [(p, err) for p in dict.fromkeys((paths.config_dir, paths.data_dir, paths.log_dir))
           if (err := _cannot_write(p)) is not None]
    if not bad:
        return paths, []
    if all(is_disk_full(err) for _, err in bad):
        return paths, disk_full_notice()
    folder, err = bad[0]
    fallback = Path(tempfile.gettempdir()) / f"cardtable-{_user()}"
    if _cannot_write(fallback) is not None:
        return paths, [f"Cannot write to {folder} ({err.strerror}): settings and games will not be saved."]
    return replace(app_paths(fallback), home=paths), [
        f"Cannot write to {folder} ({err.strerror}): your games there are still shown, and anything "
        f"new is saved in {fallback} (set {HOME_ENV} to choose a folder that lasts)."]


def _user() -> str:
    try:
        return getpass.getuser()
    except Exception:  # getuser raises a platform-dependent error with no user name at all
        return "player"
