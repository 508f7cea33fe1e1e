"""Statistics: exact counts after a known sequence of results, and a damaged file never lost."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cardtable.engine.protocol import Result, rewards_from_places
from cardtable.store import safe_file
from cardtable.store.paths import app_paths
from cardtable.store.stats import (
    GameStats,
    PlayerStats,
    Stats,
    load_stats,
    record_finished,
    record_result,
    reset_stats,
    save_stats,
)

NAMES = ("Ann", "Bea", "Cy")


def result(places, losers, **details) -> Result:
    return Result(tuple(places), tuple(losers), rewards_from_places(places), "", details=details)


@pytest.fixture
def paths(tmp_path):
    return app_paths(tmp_path)


def test_counts_after_a_sequence_of_shithead_results():
    stats = Stats()
    sequence = [
        ([1, 2, 3], [2]),   # Ann wins, Cy is the Shithead
        ([1, 3, 2], [1]),   # Ann wins, Bea is
        ([2, 1, 3], [2]),   # Bea wins
        ([1, 2, 3], [2]),   # Ann wins
        ([3, 1, 2], [0]),   # Bea wins, Ann is the Shithead
    ]
    for places, losers in sequence:
        assert record_result(stats, "shithead", NAMES, result(places, losers))
    table = stats.games["shithead"]
    assert table.matches == 5
    assert table.players["Ann"] == PlayerStats(
        games=5, wins=3, losses=1, places={1: 3, 2: 1, 3: 1},
        current_streak=0, best_streak=2, losing_streak=1, worst_losing_streak=1)
    assert table.players["Bea"] == PlayerStats(
        games=5, wins=2, losses=1, places={1: 2, 2: 2, 3: 1},
        current_streak=1, best_streak=1, losing_streak=0, worst_losing_streak=1)
    assert table.players["Cy"] == PlayerStats(
        games=5, wins=0, losses=3, places={2: 2, 3: 3},
        current_streak=0, best_streak=0, losing_streak=0, worst_losing_streak=2)


def test_fscking_ace_balances_run_across_rounds():
    stats = Stats()
    record_result(stats, "fscking_ace", NAMES, result([2, 1, 3], [2], balance=[5.5, 7, -12.5]))
    record_result(stats, "fscking_ace", NAMES, result([1, 2, 3], [2], balance=(Fraction(1, 2), 0, -0.5)))
    record_result(stats, "fscking_ace", NAMES, result([1, 3, 2], [1], payments={"Ann": 3, "Bea": -3}))
    players = stats.games["fscking_ace"].players
    assert [players[n].balance for n in NAMES] == [9.0, 4.0, -13.0]


def test_games_without_money_have_no_balance_and_bad_details_are_ignored():
    stats = Stats()
    record_result(stats, "g", NAMES, result([1, 2, 3], [2], balance=["lots", None, 1]))
    record_result(stats, "g", NAMES, result([1, 2, 3], [2], balance=[1, 2]))   # wrong length
    assert all(p.balance is None for p in stats.games["g"].players.values())


def test_ties_share_the_win_and_games_are_kept_apart():
    stats = Stats()
    record_result(stats, "cersei", NAMES[:2], result([1, 1], []))
    record_result(stats, "takku_sum", NAMES, result([1, 2, 2], [1, 2]))
    assert stats.games["cersei"].players["Ann"].wins == stats.games["cersei"].players["Bea"].wins == 1
    assert stats.games["takku_sum"].players["Cy"].losses == 1 and "Cy" not in stats.games["cersei"].players


def test_a_match_is_counted_once(paths):
    assert record_finished(paths, "g", NAMES, result([1, 2, 3], [2]), match_id="m1") == []
    assert record_finished(paths, "g", NAMES, result([1, 2, 3], [2]), match_id="m1") == []
    assert load_stats(paths)[0].games["g"].matches == 1


def test_statistics_round_trip(paths):
    stats = Stats(games={"g": GameStats(matches=2, players={"Ann": PlayerStats(
        games=2, wins=1, losses=1, places={1: 1, 3: 1}, best_streak=1, losing_streak=1,
        worst_losing_streak=1, balance=-2.25)})}, recorded=["a", "b"])
    assert save_stats(paths, stats) == []
    assert load_stats(paths) == (stats, [])


def test_reset_one_game_or_all(paths):
    for game in ("a", "b"):
        record_finished(paths, game, NAMES, result([1, 2, 3], [2]))
    assert reset_stats(paths, "a") == []
    assert list(load_stats(paths)[0].games) == ["b"]
    assert reset_stats(paths) == []
    assert load_stats(paths)[0].games == {}
    # The figures before the reset are still in the backup.
    backup = safe_file.backup_path(paths.stats_file).read_text()
    assert '"b"' in backup


def test_a_damaged_statistics_file_is_set_aside_and_the_backup_used(paths):
    record_finished(paths, "g", NAMES, result([1, 2, 3], [2]))
    record_finished(paths, "g", NAMES, result([1, 2, 3], [2]))
    paths.stats_file.write_text('{"schema_version":1,"games":{"g":{"matches":-4}}}')
    stats, messages = load_stats(paths)
    assert stats.games["g"].matches == 1 and len(messages) == 1 and "matches" in messages[0]
    # Recording on top of it carries on from the backup's figures.
    record_finished(paths, "g", NAMES, result([1, 2, 3], [2]))
    assert load_stats(paths)[0].games["g"].matches == 2
