"""Finding the unfinished matches to continue: each autosave read, upgraded, replayed once.

Loading replays the actions through the engine (``replay_pass``) and compares the position they
reach with the save's check, so a save that no longer leads to the same place (an engine changed,
a hand-edit) is reported and set aside instead of being continued in a position nobody dealt.
That one pass is kept with the match (``Unfinished.passed``): Continue builds the undo history,
the moments and the log from it without replaying again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from cardtable.engine.protocol import Game, State
from cardtable.store.filing import Found, file_result_or_keep_autosave, replay_file
from cardtable.store.match_file import (
    MATCH_FILE,
    REPLAY_FILE,
    SavedMatch,
    left_ids,
    match_id_in,
    safe_name,
)
from cardtable.store.paths import AppPaths
from cardtable.store.replay_pass import Replayed, ReplayError, registered_games, replay_pass
from cardtable.store.safe_file import BadFile, load_model


@dataclass
class Unfinished:
    """A match ready to continue: the save (keep recording into it) and its replayed position."""

    saved: SavedMatch
    game: Game
    state: State
    passed: Replayed | None = None
    """The pass that replayed it, when it was loaded from disk (Continue reuses it)."""


def load_unfinished(paths: AppPaths, games: Mapping[str, Game] | None = None) -> Found[Unfinished]:
    """Every unfinished match that replays to its saved position, the newest first.

    A copy that cannot be read or does not replay (a hand-edit) is set aside and its backup
    continued instead (``.messages`` says so); a save whose match had in fact ended (a crash, or a
    full disk, before it was filed) is filed as finished now. With a read-only home, the home's
    matches are offered too, unless this session has finished, dropped or replaced them.
    """
    found: Found[Unfinished] = Found()
    registry = registered_games(games)
    for path in _unfinished_files(paths, found.messages):
        loaded = _load_one(paths, path, registry, found.messages)
        if loaded is not None:
            found.append(loaded)
    found.sort(key=lambda u: u.saved.updated, reverse=True)
    return found


def _unfinished_files(paths: AppPaths, messages: list[str]) -> list[Path]:
    own = _autosave_names(paths.unfinished_dir, messages)
    files = [paths.unfinished_dir / name for name in own]
    if paths.home is not None:
        gone = left_ids(paths) | set(_finished_ids(paths))
        files += [paths.home.unfinished_dir / name
                  for name in _autosave_names(paths.home.unfinished_dir, messages)
                  if name not in own and match_id_in(paths.home.unfinished_dir / name) not in gone]
    return files


def _autosave_names(folder: Path, messages: list[str]) -> list[str]:
    try:
        return sorted({p.name.removesuffix(".bak") for p in folder.iterdir()
                       if p.name.endswith((".json", ".json.bak")) and not p.name.startswith(".")})
    except FileNotFoundError:
        return []
    except OSError as err:
        messages.append(f"Could not look for saved matches in {folder} ({err.strerror}).")
        return []


def _load_one(paths: AppPaths, path: Path, registry: Mapping[str, Game],
              messages: list[str]) -> Unfinished | None:
    game = next((g for g in registry.values() if safe_name(g.name) == path.stem), None)
    what = f"saved {game.title} match" if game is not None else "saved match"
    replayed: dict[int, Replayed] = {}

    def check(saved: SavedMatch) -> None:
        if replay_file(paths, saved) is not None:
            return   # finished already: filed below from its replay, not replayed here
        try:
            replayed[id(saved)] = replay_pass(saved, registry)
        except ReplayError as err:
            raise BadFile(str(err)) from err

    saved, more = load_model(path, MATCH_FILE, check=check, what=what)
    messages += more
    if saved is None:
        return None
    if id(saved) not in replayed:
        messages += _refile(paths, saved, what)
        return None
    done = replayed[id(saved)]
    result = done.state.result() if done.state.is_over else None
    if result is not None:
        messages += file_result_or_keep_autosave(paths, saved, result)
        messages.append(f"The {what} had already ended; it is now with the replays.")
        return None
    return Unfinished(saved, done.game, done.state, done)


def _refile(paths: AppPaths, saved: SavedMatch, what: str) -> list[str]:
    """An autosave whose match has a replay: the match ended, and only its filing was cut short."""
    found = replay_file(paths, saved)
    kept, messages = load_model(found, REPLAY_FILE) if found else (None, [])
    if kept is None or kept.outcome is None:
        return messages
    messages += file_result_or_keep_autosave(paths, kept, kept.outcome.result())
    return [*messages, f"The {what} had already ended; it is now with the replays."]


def _finished_ids(paths: AppPaths) -> list[str]:
    from cardtable.store.stats import load_stats

    return load_stats(paths)[0].recorded
