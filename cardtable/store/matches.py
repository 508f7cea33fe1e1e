"""Saved matches, by job (this module only gathers their names, so callers import from one place):

- ``match_file``: the file of a match (schema, format version, file names), writing and dropping
  its autosave; ``match_upgrades``: the steps that bring an older file up to date;
- ``replay_pass``: replaying a saved match once, and what Continue takes from that pass;
- ``unfinished``: finding the matches to continue;
- ``autosaver``: the background writer of the table's saves, which keeps a finished match until
  the disk takes it;
- ``filing``: finished and abandoned matches filed as replays and statistics; listing replays.
"""

from cardtable.store.autosaver import RESERVE_USED, WAITING_FOR_SPACE, Autosaver
from cardtable.store.filing import (
    KEEP_REPLAYS,
    Found,
    abandon,
    delete_replay,
    file_result,
    file_result_or_keep_autosave,
    list_replays,
    prune_replays,
)
from cardtable.store.match_file import (
    MATCH_FILE,
    MATCH_VERSION,
    REPLAY_FILE,
    Outcome,
    SavedMatch,
    SeatConfig,
    autosave,
    discard_unfinished,
    replay_path,
    unfinished_path,
)
from cardtable.store.replay_pass import Replayed, ReplayError, positions, replay_pass, replay_saved
from cardtable.store.unfinished import Unfinished, load_unfinished

finish = file_result_or_keep_autosave
"""The name ``file_result_or_keep_autosave`` had before the store was split by job: kept only so
code written against it meanwhile still imports; new code uses the full name."""

__all__ = [
    "KEEP_REPLAYS", "MATCH_FILE", "MATCH_VERSION", "REPLAY_FILE", "RESERVE_USED", "WAITING_FOR_SPACE",
    "Autosaver", "Found", "Outcome", "ReplayError", "Replayed", "SavedMatch", "SeatConfig", "Unfinished",
    "abandon", "autosave", "delete_replay", "discard_unfinished", "file_result",
    "file_result_or_keep_autosave", "finish", "list_replays", "load_unfinished", "positions", "prune_replays",
    "replay_pass", "replay_path", "replay_saved", "unfinished_path",
]
