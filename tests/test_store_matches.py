"""Autosave, resume, replays: a match on disk always resumes exactly, or is reported and kept."""

from __future__ import annotations

import errno
import json
import os

import pytest
from store_fakes import GAME, GAMES, DrawOptions, DrawOrPass, play_random

from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.position import position_check
from cardtable.engine.protocol import Action
from cardtable.engine.rng import Rng
from cardtable.store import match_upgrades, matches, safe_file
from cardtable.store.matches import (
    SavedMatch,
    SeatConfig,
    autosave,
    discard_unfinished,
    file_result_or_keep_autosave,
    list_replays,
    load_unfinished,
    positions,
    prune_replays,
    unfinished_path,
)
from cardtable.store.paths import app_paths
from cardtable.store.stats import load_stats

SEATS = [SeatConfig(name="Ann", kind="human"), SeatConfig(name="Bot Bea", kind="bot", level="hard"),
         SeatConfig(name="Bot Cy", kind="bot", level="easy")]


@pytest.fixture
def paths(tmp_path):
    return app_paths(tmp_path)


def play_and_save(paths, actions: int, seed: int = 7, game=GAME, pack: int = 30):
    """A match autosaved after each of ``actions`` random actions (fewer if it ends first)."""
    saved, state = SavedMatch.start(game, SEATS, DrawOptions(pack=pack), seed=seed, dealer=1)
    assert autosave(paths, saved) == []
    rng = Rng(seed)
    for _ in range(actions):
        if state.is_over:
            break
        action = rng.choice(state.legal_actions())
        state.apply(action)
        saved.record(action, state)
        assert autosave(paths, saved) == []
    return saved, state


def resume_one(paths):
    found = load_unfinished(paths, GAMES)
    assert found.messages == [] and len(found) == 1
    return found[0]


def test_saved_match_round_trips_through_json():
    saved, state = SavedMatch.start(GAME, SEATS, DrawOptions(pack=8), seed=3)
    action = state.legal_actions()[0]
    state.apply(action)
    saved.record(action, state)
    again = SavedMatch.model_validate_json(saved.model_dump_json())
    assert again == saved and again.action_list() == [action]


@pytest.mark.parametrize("seed", range(8))
def test_resume_after_a_random_number_of_actions_is_the_identical_state(paths, seed):
    actions = Rng(seed).below(29)
    saved, live = play_and_save(paths, actions, seed=seed)
    resumed = resume_one(paths)
    assert fingerprint(resumed.state) == fingerprint(live)
    assert resumed.state.zones() == live.zones() and resumed.state.to_move == live.to_move
    assert resumed.saved == saved and resumed.game is GAME
    # Continuing the resumed match and saving again keeps working from the same save object.
    if not resumed.state.is_over:
        action = resumed.state.legal_actions()[0]
        resumed.state.apply(action)
        resumed.saved.record(action, resumed.state)
        assert autosave(paths, resumed.saved) == []
        assert len(resume_one(paths).saved.actions) == actions + 1


def test_one_unfinished_match_per_game_newest_first(paths):
    class OtherGame(DrawOrPass):
        name = "other_draw"
        title = "Other Draw"

    other = OtherGame()
    play_and_save(paths, 3, game=GAME)
    play_and_save(paths, 5, game=other)
    found = load_unfinished(paths, {GAME.name: GAME, other.name: other})
    assert [u.saved.game for u in found] == ["other_draw", "draw_or_pass"]
    # A new match of the same game replaces that game's autosave.
    play_and_save(paths, 2, game=GAME, seed=99)
    found = load_unfinished(paths, {GAME.name: GAME, other.name: other})
    assert sorted(len(u.saved.actions) for u in found) == [2, 5]


def file_of(paths):
    return unfinished_path(paths, GAME.name)


def bad_files(paths):
    return sorted(paths.unfinished_dir.glob("*.bad-*"))


@pytest.mark.parametrize("damage", [
    lambda b: b[: len(b) // 2],                                           # truncated
    lambda b: os.urandom(len(b)),                                          # random bytes
    lambda b: b"",                                                         # empty
    lambda b: b'{"schema_version":1,"game":"draw_or_pass","seats":"everyone"}',  # wrong fields
    lambda b: b.replace(b'"schema_version":%d' % matches.MATCH_VERSION, b'"schema_version":99'),  # newer
    lambda b: b.replace(b'"seed":', b'"seed":"x', 1),                      # broken by hand
])
def test_a_damaged_autosave_resumes_from_the_previous_action(paths, damage):
    play_and_save(paths, 6)
    path = file_of(paths)
    path.write_bytes(damage(path.read_bytes()))
    found = load_unfinished(paths, GAMES)
    assert len(found) == 1 and len(found[0].saved.actions) == 5   # the .bak: one action earlier
    assert len(found.messages) == 1 and "backup" in found.messages[0]
    assert len(bad_files(paths)) == 1 and str(bad_files(paths)[0]) in found.messages[0]


def as_format_1(path, digest: str = "f" * 32) -> None:
    """Rewrite a save as version 0.1.0 wrote it: format 1, a digest of private fields."""
    data = json.loads(path.read_bytes())
    data.pop("position_check")
    path.write_text(json.dumps({**data, "schema_version": 1, "fingerprint": digest}))


def test_a_format_1_save_is_upgraded_by_replaying_it_never_by_trusting_its_digest(paths, caplog):
    saved, live = play_and_save(paths, 4)
    path = file_of(paths)
    as_format_1(path)   # a digest no replay reaches: the upgrade ignores it
    safe_file.backup_path(path).unlink()
    with caplog.at_level("INFO", logger="cardtable"):
        found = load_unfinished(paths, GAMES)
    assert len(found) == 1 and found[0].saved.actions == saved.actions
    # nothing asked of the player, nothing lost: the log says it, the title says nothing
    assert found.messages == []
    logged = [r.getMessage() for r in caplog.records]
    assert any(m.startswith("Upgraded the saved match from format 1 to 2.") for m in logged), logged
    assert found[0].state.zones() == live.zones() and found[0].state.to_move == live.to_move
    on_disk = json.loads(path.read_bytes())   # written back in format 2 with the new check
    assert on_disk["schema_version"] == 2 and "fingerprint" not in on_disk
    assert on_disk["position_check"] == position_check(live) == saved.position_check
    assert resume_one(paths).saved.position_check == position_check(live)   # no message next time


def test_a_format_1_save_whose_actions_no_longer_replay_is_set_aside(paths):
    play_and_save(paths, 4)
    path = file_of(paths)
    data = json.loads(path.read_bytes())
    data["actions"][2] = ["draw", [999], -1, ""]   # not a card of this deal
    path.write_text(json.dumps(data))
    as_format_1(path)
    safe_file.backup_path(path).unlink()
    found = load_unfinished(paths, GAMES)
    assert list(found) == [] and "no longer replay" in found.messages[0]
    assert len(bad_files(paths)) == 1


def test_the_upgrade_step_from_format_1_drops_the_old_digest():
    old = {"schema_version": 1, "fingerprint": "ab" * 16, "actions": [["pass", [], -1, ""]]}
    new = match_upgrades.format_1_to_2(dict(old))
    assert "fingerprint" not in new and new["position_check"] == match_upgrades.NOT_YET_CHECKED
    assert new["actions"] == old["actions"]
    assert set(match_upgrades.STEPS) == set(range(1, matches.MATCH_VERSION))   # a step per format


def test_a_hand_edited_autosave_is_set_aside_and_its_good_backup_continued(paths):
    """Issue 19 item 8: the valid backup used to be set aside too, and the match was lost."""
    saved, _ = play_and_save(paths, 6)
    path = file_of(paths)
    data = json.loads(path.read_bytes())
    data["position_check"] = "0" * 32
    path.write_text(json.dumps(data))
    found = load_unfinished(paths, GAMES)
    (resumed,) = found
    assert resumed.saved.actions == saved.actions[:5]   # the backup: one action earlier
    (moved,) = bad_files(paths)
    assert json.loads(moved.read_bytes())["position_check"] == "0" * 32   # the edited copy, kept
    assert len(found.messages) == 1 and "does not reach the saved position" in found.messages[0]
    assert str(moved) in found.messages[0] and "backup" in found.messages[0]
    assert len(resume_one(paths).saved.actions) == 5   # put in place: no message next time


def test_a_save_and_backup_that_both_do_not_replay_are_set_aside_together(paths):
    play_and_save(paths, 6)
    path = file_of(paths)
    for p in (path, safe_file.backup_path(path)):
        data = json.loads(p.read_bytes())
        data["position_check"] = "0" * 32
        p.write_text(json.dumps(data))
    found = load_unfinished(paths, GAMES)
    assert list(found) == [] and len(found.messages) == 1
    assert "does not reach the saved position" in found.messages[0]
    assert not path.exists() and len(bad_files(paths)) == 2   # the file and its backup, both kept


def test_a_save_with_an_illegal_action_is_set_aside(paths):
    saved, _ = play_and_save(paths, 3)
    saved.actions.append(("fly", [], -1, ""))
    autosave(paths, saved)
    found = load_unfinished(paths, GAMES)
    assert [len(u.saved.actions) for u in found] == [3]   # its backup, which does replay
    assert len(found.messages) == 1 and "no longer replay" in found.messages[0]


def test_a_save_of_a_game_not_installed_is_set_aside(paths):
    play_and_save(paths, 3)
    found = load_unfinished(paths, {})
    assert list(found) == [] and "not part of this Card Table" in found.messages[0]


def test_garbage_in_the_matches_folder_never_raises(paths):
    paths.unfinished_dir.mkdir(parents=True)
    for i in range(20):
        (paths.unfinished_dir / f"g{i}.json").write_bytes(os.urandom(Rng(i).below(300)))
    (paths.unfinished_dir / "deep.json").write_text('{"a":' * 50_000)
    (paths.unfinished_dir / "folder.json").mkdir()
    found = load_unfinished(paths, GAMES)
    assert list(found) == [] and len(found.messages) == 22


def test_autosave_into_a_read_only_folder_is_reported_and_keeps_the_last_save(paths, monkeypatch):
    saved, _ = play_and_save(paths, 4)
    monkeypatch.setattr(safe_file.os, "open", read_only_open(paths.unfinished_dir))
    saved.actions.append(("pass", [], -1, ""))
    messages = autosave(paths, saved)
    monkeypatch.undo()
    assert len(messages) == 1 and "Read-only" in messages[0]
    assert len(resume_one(paths).saved.actions) == 4


def read_only_open(folder):
    real_open = os.open

    def guarded(path, flags, *args, **kwargs):
        if flags & os.O_CREAT and os.path.dirname(path) == str(folder):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, flags, *args, **kwargs)

    return guarded


def test_autosave_failing_halfway_keeps_the_last_save(paths, monkeypatch):
    saved, state = play_and_save(paths, 5)
    real_write = os.write

    def disk_full(fd, data):
        real_write(fd, bytes(data[:100]))
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(safe_file.os, "write", disk_full)
    action = state.legal_actions()[0]
    state.apply(action)
    saved.record(action, state)
    safe_file.forget_disk_full_notice()
    messages = autosave(paths, saved)
    monkeypatch.undo()
    assert messages == [safe_file.DISK_FULL]
    assert len(resume_one(paths).saved.actions) == 5


class Crash(BaseException):
    """The process dying mid-save."""


def die_saving_the_next_move(paths, saved, state, monkeypatch) -> None:
    """One more move, whose autosave dies where the patched ``os`` call says; then ``os`` is whole
    again, as for the next start."""
    action = state.legal_actions()[0]
    state.apply(action)
    saved.record(action, state)
    with pytest.raises(Crash):
        autosave(paths, saved)
    monkeypatch.undo()


@pytest.mark.parametrize("crash_on_rename", [1, 2])
def test_a_crash_during_autosave_loses_nothing_once_the_save_is_whole(paths, monkeypatch, crash_on_rename):
    """Issue 19 item 6: the whole temporary file is newer than the file and the backup."""
    saved, state = play_and_save(paths, 5)
    real_replace, calls = os.replace, []

    def crash(src, dst):
        calls.append(dst)
        if len(calls) == crash_on_rename:
            raise Crash
        real_replace(src, dst)

    monkeypatch.setattr(safe_file.os, "replace", crash)
    die_saving_the_next_move(paths, saved, state, monkeypatch)
    found = load_unfinished(paths, GAMES)
    assert found.messages == [] and len(found) == 1 and len(found[0].saved.actions) == 6
    assert sorted(p.name for p in paths.unfinished_dir.iterdir()) == [
        "draw_or_pass.json", "draw_or_pass.json.bak"]
    assert len(resume_one(paths).saved.actions) == 6


def test_a_crash_while_writing_the_temp_file_resumes_the_last_whole_save(paths, monkeypatch):
    saved, state = play_and_save(paths, 5)
    real_write = os.write

    def killed(fd, data):
        real_write(fd, bytes(data[:40]))
        raise Crash

    monkeypatch.setattr(safe_file.os, "write", killed)
    die_saving_the_next_move(paths, saved, state, monkeypatch)
    assert len(safe_file.temp_files(file_of(paths))) == 1   # torn, as a kill leaves it
    assert len(resume_one(paths).saved.actions) == 5
    assert safe_file.temp_files(file_of(paths)) == []


def test_finish_files_a_replay_counts_statistics_and_drops_the_autosave(paths):
    saved, state = play_and_save(paths, 10_000)   # to the end
    result = state.result()
    assert file_result_or_keep_autosave(paths, saved, result) == []
    assert not file_of(paths).exists() and not safe_file.backup_path(file_of(paths)).exists()
    assert load_unfinished(paths, GAMES) == []
    replays = list_replays(paths)
    assert replays.messages == [] and len(replays) == 1
    assert replays[0].outcome.places == list(result.places)
    stats, _ = load_stats(paths)
    assert stats.games[GAME.name].matches == 1
    # Filing the same match again (a crash part-way) counts it once.
    assert file_result_or_keep_autosave(paths, saved, result) == []
    stats, _ = load_stats(paths)
    assert stats.games[GAME.name].matches == 1 and len(list_replays(paths)) == 1


def test_a_saved_match_that_had_ended_is_filed_at_load(paths):
    play_and_save(paths, 10_000)
    found = load_unfinished(paths, GAMES)
    assert list(found) == [] and "already ended" in found.messages[-1]
    assert len(list_replays(paths)) == 1 and load_stats(paths)[0].games[GAME.name].matches == 1


def test_finish_leaves_another_matchs_autosave_alone(paths):
    first, first_state = play_and_save(paths, 10_000, seed=1)
    second, _ = play_and_save(paths, 3, seed=2)   # same game: replaced the autosave
    file_result_or_keep_autosave(paths, first, first_state.result())
    assert resume_one(paths).saved.match_id == second.match_id


def test_only_the_newest_replays_are_kept(paths):
    ids = []
    for seed in range(5):
        saved, state = SavedMatch.start(GAME, SEATS[:2], DrawOptions(pack=2), seed=seed)
        saved.started = saved.started.replace(year=2000 + seed)
        play_random(state, Rng(seed))
        ids.append(saved.match_id)
        file_result_or_keep_autosave(paths, saved, state.result())
    assert prune_replays(paths, keep=3) == []
    assert [r.match_id for r in list_replays(paths)] == ids[:1:-1]


def test_positions_step_through_the_whole_match(paths):
    saved, live = play_and_save(paths, 7)
    steps = positions(saved, GAMES)
    assert len(steps) == 8 and fingerprint(steps[-1]) == fingerprint(live)
    assert len(steps[0].zones()["pack"]) == 30


def test_a_damaged_replay_is_set_aside_from_the_list(paths):
    saved, state = play_and_save(paths, 10_000)
    file_result_or_keep_autosave(paths, saved, state.result())
    (replay_file,) = paths.replays_dir.glob("*.json")
    replay_file.write_text("{")
    replays = list_replays(paths)
    assert list(replays) == [] and len(replays.messages) == 1


def test_discard_unfinished(paths):
    play_and_save(paths, 3)
    assert discard_unfinished(paths, GAME.name) == []
    assert load_unfinished(paths, GAMES) == [] and list(paths.unfinished_dir.iterdir()) == []


def test_actions_are_stored_as_json_lists(paths):
    saved, _ = play_and_save(paths, 2)
    data = json.loads(file_of(paths).read_bytes())
    assert data["actions"] == [list(Action.from_json(a).to_json()) for a in saved.actions]
    assert data["seats"][1] == {"name": "Bot Bea", "kind": "bot", "level": "hard"}


def registered_games():
    from cardtable.games import games

    return list(games().values())


@pytest.mark.parametrize("game", registered_games() or [GAME], ids=lambda g: g.name)
@pytest.mark.parametrize("seed", range(3))
def test_resume_in_every_registered_game_is_exact(paths, game, seed):
    """Every real game (the fake one until engines are merged) resumes to the identical state."""
    players = min(game.max_players, max(game.min_players, 3))
    seats = [SeatConfig(name=f"P{i}", kind="bot", level="normal") for i in range(players)]
    saved, live = SavedMatch.start(game, seats, seed=seed)
    rng = Rng(seed + 100)
    for _ in range(rng.below(120)):
        if live.is_over:
            break
        action = rng.choice(live.legal_actions())
        live.apply(action)
        saved.record(action, live)
    autosave(paths, saved)
    found = load_unfinished(paths, {game.name: game})
    if live.is_over:
        assert list(found) == [] and len(list_replays(paths)) == 1
        return
    (resumed,) = found
    assert fingerprint(resumed.state) == fingerprint(live) and resumed.state.zones() == live.zones()
    assert resumed.state.to_move == live.to_move and resumed.state.legal_actions() == live.legal_actions()


@pytest.fixture
def saver(paths):
    saver = matches.Autosaver(paths)
    yield saver
    saver.close()


def play_with_saver(saver, actions: int, seed: int = 5):
    saved, state = SavedMatch.start(GAME, SEATS, DrawOptions(pack=40), seed=seed)
    saver.save(saved)
    rng = Rng(seed)
    for _ in range(actions):
        action = rng.choice(state.legal_actions())
        state.apply(action)
        saved.record(action, state)
        assert saver.save(saved) == []
    return saved, state


def test_the_background_autosaver_ends_with_the_last_position(paths, saver):
    saved, live = play_with_saver(saver, 25)
    assert saver.flush() == []
    resumed = resume_one(paths)
    assert resumed.saved == saved and fingerprint(resumed.state) == fingerprint(live)


def test_the_background_autosaver_reports_a_failing_disk_once(paths, saver, monkeypatch):
    play_with_saver(saver, 3)
    saver.flush()
    monkeypatch.setattr(safe_file.os, "open", read_only_open(paths.unfinished_dir))
    saved, _ = SavedMatch.start(GAME, SEATS, DrawOptions(pack=40), seed=5)
    messages = []
    for _ in range(10):
        messages += saver.save(saved)
        messages += saver.flush()   # let every write fail in turn
    monkeypatch.undo()
    assert len(messages) == 1 and "Read-only" in messages[0]
    assert len(resume_one(paths).saved.actions) == 3   # the last save that succeeded


def test_finishing_through_the_autosaver_leaves_no_autosave_behind(paths, saver):
    saved, state = SavedMatch.start(GAME, SEATS, DrawOptions(pack=6), seed=2)
    rng = Rng(3)
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        saved.record(action, state)
        saver.save(saved)
    assert saver.file_result(saved, state.result()) == []
    assert load_unfinished(paths, GAMES) == [] and len(list_replays(paths)) == 1


def test_saving_after_close_writes_at_once(paths):
    saver = matches.Autosaver(paths)
    saver.close()
    saved, _ = SavedMatch.start(GAME, SEATS, DrawOptions(pack=6), seed=2)
    assert saver.save(saved) == [] and resume_one(paths).saved == saved
