"""The unfinished matches as the title's first frame shows them ("Continue Shithead (Ash, Bea)"),
read plainly from their autosaves without the match model and without replaying them.

Loading an unfinished match properly (``cardtable.store.unfinished``) validates it with its
pydantic model, loads its game and replays every action to check the position: more than the
rest of the start together. The title shows these rows first and loads the matches once its
first frame is on screen; a match that then fails its check is set aside and its row goes, with
the message saying so. Anything here that is not plainly an autosave of this version (a backup
without its file, a temporary file, an older format, a game not listed, a read-only home whose
matches are read from elsewhere) makes ``waiting_matches`` answer None: the title then loads the
matches properly before its first frame, as it always did.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple

from cardtable.store.paths import AppPaths

MATCH_VERSION = 2
"""The autosave format these rows are read from (the match model's: a test checks they agree)."""
MAX_BYTES = 8 << 20


class WaitingMatch(NamedTuple):
    """An unfinished match as the title lists it before it is loaded."""

    match_id: str
    title: str
    """The game's title."""
    names: tuple[str, ...]
    updated: datetime
    moves: int
    """The moves played so far."""


def waiting_matches(paths: AppPaths, games: dict[str, str]) -> list[WaitingMatch] | None:
    """The unfinished matches in ``paths`` read plainly, the newest first (``games``: the title
    of each listed game by name); None if any file there is not plainly a current autosave."""
    if paths.home is not None:
        return None
    try:
        entries = [p for p in paths.unfinished_dir.iterdir() if not p.name.startswith(".")]
    except FileNotFoundError:
        return []
    except OSError:
        return None
    names = {p.name for p in entries}
    found: list[WaitingMatch] = []
    for path in entries:
        if path.name.endswith(".json.bak") and path.name.removesuffix(".bak") in names:
            continue   # the backup of a file read below
        waiting = _read(path, games) if path.suffix == ".json" else None
        if waiting is None:
            return None
        found.append(waiting)
    found.sort(key=lambda w: w.updated, reverse=True)
    return found


def _read(path: Path, games: dict[str, str]) -> WaitingMatch | None:
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
        data: Any = json.loads(raw) if len(raw) <= MAX_BYTES else None
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("schema_version") != MATCH_VERSION:
        return None
    game, match_id, seats, updated, actions = (
        data.get(k) for k in ("game", "match_id", "seats", "updated", "actions"))
    if (not isinstance(game, str) or game not in games or not isinstance(match_id, str)
            or not isinstance(seats, list) or not seats or not isinstance(updated, str)
            or not isinstance(actions, list)):
        return None
    names = tuple(s.get("name") for s in seats if isinstance(s, dict))
    if len(names) != len(seats) or not all(isinstance(n, str) and n for n in names):
        return None
    try:
        when = datetime.fromisoformat(updated)
    except ValueError:
        return None
    if when.tzinfo is None:  # the model writes UTC times: one without a zone is not its
        return None
    return WaitingMatch(match_id, games[game], names, when, len(actions))  # type: ignore[arg-type]
