"""An abandoned match (issue 16 item 3) is filed, not lost: kept with the replays as abandoned,
counted once in the statistics, its autosave dropped; on a disk that refuses the replay the
autosave stays and the player is told."""

from __future__ import annotations

import pytest

from cardtable.games import get_game
from cardtable.store import filing
from cardtable.store.matches import (
    SavedMatch,
    SeatConfig,
    abandon,
    autosave,
    list_replays,
    load_unfinished,
    unfinished_path,
)
from cardtable.store.paths import app_paths
from cardtable.store.stats import load_stats


@pytest.fixture
def paths(tmp_path):
    return app_paths(tmp_path)


def saved_after(paths, moves: int) -> SavedMatch:
    game = get_game("shithead")
    saved, state = SavedMatch.start(game, [SeatConfig(name=n) for n in ("Ash", "Bea", "Cal")], seed=3)
    for _ in range(moves):
        action = state.legal_actions()[0]
        state.apply(action)
        saved.record(action, state)
    assert autosave(paths, saved) == []
    return saved


def test_an_abandoned_match_is_a_replay_and_an_abandoned_count(paths):
    saved = saved_after(paths, 4)
    assert abandon(paths, saved) == []
    assert not unfinished_path(paths, "shithead").exists() and list(load_unfinished(paths)) == []
    replays = list_replays(paths)
    assert len(replays) == 1 and replays[0].outcome.abandoned and len(replays[0].actions) == 4
    stats, _ = load_stats(paths)
    assert stats.games["shithead"].abandoned == 1 and stats.games["shithead"].matches == 0
    assert abandon(paths, saved) == []  # again (a crash part-way): counted once, one replay
    assert load_stats(paths)[0].games["shithead"].abandoned == 1 and len(list_replays(paths)) == 1


def test_a_replay_that_cannot_be_written_keeps_the_match(paths, monkeypatch):
    saved = saved_after(paths, 2)

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(filing, "write_atomic", full_disk)
    messages = abandon(paths, saved)
    assert messages and "still there to continue" in messages[-1]
    assert saved.outcome is None
    monkeypatch.undo()
    found = load_unfinished(paths)
    assert [u.saved.match_id for u in found] == [saved.match_id]
