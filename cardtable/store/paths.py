"""Where Card Table keeps its files.

Settings go in the user config folder; matches, replays and statistics in the user data folder;
the log in the user log folder (platformdirs, app name "cardtable"). ``CARDTABLE_HOME`` puts all
three in one folder instead: tests use it to stay out of the real home, and a portable copy on a
USB stick uses it to carry its files along.
"""

from __future__ import annotations

import getpass
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "cardtable"
HOME_ENV = "CARDTABLE_HOME"


@dataclass(frozen=True)
class AppPaths:
    config_dir: Path
    data_dir: Path
    log_dir: Path

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


def _writable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / f".probe-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError:
        return False
    return True


def usable_paths(home: str | os.PathLike[str] | None = None) -> tuple[AppPaths, list[str]]:
    """``app_paths`` if its folders can be written; otherwise a folder under the system's temporary
    directory, with a message saying so (the program still runs, but what it saves there may not
    last: a read-only or missing home must not stop anyone playing)."""
    paths = app_paths(home)
    bad = [p for p in (paths.config_dir, paths.data_dir, paths.log_dir) if not _writable(p)]
    if not bad:
        return paths, []
    fallback = Path(tempfile.gettempdir()) / f"cardtable-{_user()}"
    if not _writable(fallback):
        return paths, [f"Cannot write to {bad[0]}: settings and games will not be saved."]
    return app_paths(fallback), [
        f"Cannot write to {bad[0]}; saving in {fallback} instead "
        f"(set {HOME_ENV} to choose a folder that lasts)."]


def _user() -> str:
    try:
        return getpass.getuser()
    except Exception:  # getuser raises a platform-dependent error with no user name at all
        return "player"
