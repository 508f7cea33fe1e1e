"""Where Card Table keeps its files.

Settings go in the user config folder; matches, replays and statistics in the user data folder;
the log in the user log folder (platformdirs, app name "cardtable"). ``CARDTABLE_HOME`` puts all
three in one folder instead: tests use it to stay out of the real home, and a portable copy on a
USB stick uses it to carry its files along.
"""

from __future__ import annotations

import os
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
