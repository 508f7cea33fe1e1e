"""Issue 19: whatever the disk or the folder does, the program starts, says in one sentence what it
could not do, keeps every good file, and loses no finished match.

Each fault is made for real where the machine allows it (a small tmpfs filled up, a tmpfs
remounted read-only, a folder standing where a file belongs); elsewhere ``store_fakes`` patches
the os calls to fail with the same error.
"""

from __future__ import annotations

import tempfile
import time

import pytest
from store_fakes import FullDisk, ReadOnlyFolder

from cardtable.engine.rng import Rng
from cardtable.games import get_game
from cardtable.store import autosaver, matches, reserve, safe_file
from cardtable.store.instance import LOCK_NAME, InstanceLock
from cardtable.store.matches import (
    RESERVE_USED,
    Autosaver,
    SavedMatch,
    SeatConfig,
    list_replays,
    load_unfinished,
    unfinished_path,
)
from cardtable.store.paths import app_paths, usable_paths
from cardtable.store.settings import Settings, load_settings, save_settings
from cardtable.store.stats import load_stats

SEATS = [SeatConfig(name="Ann", kind="human"), SeatConfig(name="Bot Bea", kind="bot", level="normal"),
         SeatConfig(name="Bot Cy", kind="bot", level="normal")]
TAKKU = "takku-sum"


@pytest.fixture(autouse=True)
def _fresh_notice():
    safe_file.forget_disk_full_notice()


@pytest.fixture
def disk(tmp_path, monkeypatch):
    full = FullDisk(tmp_path / "home", monkeypatch)
    yield full
    full.close()


def play(saver: Autosaver, state, saved: SavedMatch, rng: Rng, actions: int | None = None) -> list[str]:
    """Play as the table does: apply, record, autosave; file the match when it ends."""
    messages: list[str] = []
    done = 0
    while not state.is_over and (actions is None or done < actions):
        action = rng.choice(state.legal_actions())
        state.apply(action)
        saved.record(action, state)
        messages += saver.save(saved)
        done += 1
        if state.is_over:
            messages += saver.file_result(saved, state.result())
    return messages


def takku_sum_filling_the_disk(disk, paths, *, with_reserve: bool, full_at_start: bool = False):
    """Issue 19's case: Takku-Sum, seed 11, the disk full after 62 actions (or before the match
    starts: issue 27's case), played to the end."""
    saver = Autosaver(paths)
    if full_at_start:
        disk.fill()
    saved, state = SavedMatch.start(get_game(TAKKU), SEATS, seed=11)
    rng = Rng(11)
    messages = saver.save(saved)
    if not full_at_start:
        assert play(saver, state, saved, rng, actions=62) == [] and saver.flush() == []
        assert reserve.reserve_path(paths.data_dir).exists()   # made as the match started
        if not with_reserve:
            reserve.release_reserve(paths.data_dir)   # used up by an earlier match
        disk.fill()
    messages += play(saver, state, saved, rng)
    return saver, saved, state, messages


def on_disk(paths):
    """What the next start finds: unfinished matches (their action counts), replays, statistics."""
    found = load_unfinished(paths)
    stats, _ = load_stats(paths)
    return ([len(u.saved.actions) for u in found], [len(r.actions) for r in list_replays(paths)],
            stats.games.get(TAKKU).matches if TAKKU in stats.games else 0)


def test_a_match_ending_on_a_full_disk_is_filed_in_the_reserve(disk):
    paths = app_paths(disk.folder)
    saver, saved, state, messages = takku_sum_filling_the_disk(disk, paths, with_reserve=True)
    total = len(saved.actions)
    assert state.is_over and total > 62
    assert messages.count(safe_file.DISK_FULL) == 1 and messages[-1] == RESERVE_USED
    assert saver.unfiled == [] and not reserve.reserve_path(paths.data_dir).exists()
    saver.close()
    disk.free()
    assert on_disk(paths) == ([], [total], 1)   # never offered as unfinished: filed, and counted


def test_a_match_ending_on_a_full_disk_with_no_reserve_is_filed_over_its_own_autosave(disk):
    """Issue 27 item 8: no reserve left, the disk full: the result is written as the replay in the
    space of the match's own autosave backup, which it supersedes; the next start counts it."""
    paths = app_paths(disk.folder)
    saver, saved, _, messages = takku_sum_filling_the_disk(disk, paths, with_reserve=False)
    total = len(saved.actions)
    assert messages.count(safe_file.DISK_FULL) == 1 and messages[-1] == autosaver.FILED_IN_OWN_SPACE
    assert saver.unfiled == [] and saver.close() == []
    assert [len(r.actions) for r in list_replays(paths)] == [total]   # on disk, the disk still full
    disk.free()
    assert on_disk(paths) == ([], [total], 1)   # and counted by the next start


def test_a_match_ending_on_a_disk_full_since_the_start_is_kept_and_filed_once_space_is_freed(
        disk, monkeypatch):
    """Issue 27 item 8: full before the match started, nothing of it is on disk and no reserve
    could be made: it is said at the start, the result is kept and filed once space is freed."""
    monkeypatch.setattr(autosaver, "RETRY_SECONDS", 0.05)
    paths = app_paths(disk.folder)
    saver, saved, _, messages = takku_sum_filling_the_disk(disk, paths, with_reserve=False,
                                                          full_at_start=True)
    total = len(saved.actions)
    assert messages[:2] == [safe_file.DISK_FULL, autosaver.NOT_KEPT_ON_FULL_DISK]
    assert "kept while Card Table is open, and saved with its statistics" in messages[-1]
    assert saver.unfiled == [saved] and not unfinished_path(paths, TAKKU).exists()
    assert saver.flush() == [matches.WAITING_FOR_SPACE]   # what the title says meanwhile
    disk.free()
    deadline = time.monotonic() + 10
    while saver.unfiled and time.monotonic() < deadline:
        time.sleep(0.02)
    assert saver.flush() == ["The result of the finished match is now saved, with its statistics."]
    saver.close()
    assert on_disk(paths) == ([], [total], 1)


def test_closing_while_the_disk_stays_full_since_the_start_says_the_result_is_lost(disk):
    paths = app_paths(disk.folder)
    saver, saved, _, _ = takku_sum_filling_the_disk(disk, paths, with_reserve=False, full_at_start=True)
    assert saver.unfiled == [saved]
    messages = saver.close()
    assert messages and all("could not be saved" in m for m in messages)
    disk.free()
    assert on_disk(paths) == ([], [], 0)   # nothing was ever on disk, and nothing is offered


def test_the_program_starts_on_a_full_disk_and_says_so_once(disk):
    disk.fill()
    paths, messages = usable_paths(disk.folder)
    assert paths.data_dir == disk.folder and messages == [safe_file.DISK_FULL]
    lock = InstanceLock(paths.data_dir)
    assert lock.acquire()
    assert lock.messages == [] or "lock file" in lock.messages[0]
    assert not reserve.keep_reserve(paths.data_dir)
    # Playing on: only what it means for the match is said, once (issue 27 item 8), however
    # many saves fail.
    assert save_settings(paths, Settings(volume=0.3)) == []
    saver = Autosaver(paths)
    saved, state = SavedMatch.start(get_game(TAKKU), SEATS, seed=3)
    said = saver.save(saved) + play(saver, state, saved, Rng(3), actions=20) + saver.flush()
    assert said == [autosaver.NOT_KEPT_ON_FULL_DISK]
    saver.close()
    lock.release()
    disk.free()
    # Once space is freed, saving works again (and a full disk later is said again).
    assert save_settings(paths, Settings(volume=0.3)) == []
    assert load_settings(paths) == (Settings(volume=0.3), [])


@pytest.fixture
def read_only_home(tmp_path, monkeypatch):
    """A home with a player's things in it, then made read-only; the fallback under tmp_path."""
    home = ReadOnlyFolder(tmp_path / "home", monkeypatch)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    yield home
    home.close()


def fill_home(paths):
    save_settings(paths, Settings(four_colour=True))
    saver = Autosaver(paths)
    finished, state = SavedMatch.start(get_game(TAKKU), SEATS, seed=4)
    play(saver, state, finished, Rng(4))
    unfinished, state = SavedMatch.start(get_game("shithead"), SEATS, seed=5)
    saver.save(unfinished)
    play(saver, state, unfinished, Rng(5), actions=7)
    saver.close()
    return unfinished, state


def test_a_read_only_home_still_shows_the_players_games_and_saves_new_things_elsewhere(read_only_home):
    """Issue 19 item 5: settings, unfinished matches, statistics and replays are read from the
    home; everything new goes to the fallback folder; the message says both."""
    home = app_paths(read_only_home.folder)
    unfinished, _ = fill_home(home)
    before = sorted(p.relative_to(home.data_dir) for p in home.data_dir.rglob("*"))
    read_only_home.lock()
    paths, messages = usable_paths(read_only_home.folder)
    assert paths.home == home and paths.data_dir != home.data_dir
    assert len(messages) == 1 and str(home.data_dir) in messages[0] and str(paths.data_dir) in messages[0]
    assert "still shown" in messages[0]
    assert load_settings(paths) == (Settings(four_colour=True), [])
    (found,) = load_unfinished(paths)
    assert found.saved.match_id == unfinished.match_id and len(found.saved.actions) == 7
    assert [len(r.actions) for r in list_replays(paths)] and load_stats(paths)[0].games[TAKKU].matches == 1
    # Play the home's match on to its end: filed in the fallback, with the home's statistics.
    saver = Autosaver(paths)
    assert play(saver, found.state, found.saved, Rng(6)) == []
    saver.close()
    assert load_unfinished(paths) == []   # the home's copy is not offered again
    stats = load_stats(paths)[0]
    assert stats.games[TAKKU].matches == 1 and stats.games["shithead"].matches == 1
    assert len(list_replays(paths)) == 2
    assert sorted(p.relative_to(home.data_dir) for p in home.data_dir.rglob("*")) == before


def test_a_folder_where_the_lock_file_should_be_is_set_aside(tmp_path):
    (tmp_path / LOCK_NAME).mkdir()
    lock = InstanceLock(tmp_path)
    assert lock.acquire()
    (moved,) = tmp_path.glob(f"{LOCK_NAME}.bad-*")
    assert moved.is_dir() and len(lock.messages) == 1 and str(moved) in lock.messages[0]
    assert (tmp_path / LOCK_NAME).is_file()
    lock.release()


def test_a_folder_where_an_autosave_should_be_is_set_aside_and_saving_goes_on(tmp_path):
    paths = app_paths(tmp_path)
    path = unfinished_path(paths, TAKKU)
    path.mkdir(parents=True)
    found = load_unfinished(paths)
    (moved,) = paths.unfinished_dir.glob("*.bad-*")
    assert list(found) == [] and len(found.messages) == 1 and str(moved) in found.messages[0]
    saver = Autosaver(paths)
    saved, state = SavedMatch.start(get_game(TAKKU), SEATS, seed=8)
    assert play(saver, state, saved, Rng(8), actions=10) == [] and saver.flush() == []
    saver.close()
    assert [len(u.saved.actions) for u in load_unfinished(paths)] == [10]


def test_a_folder_appearing_in_an_autosaves_place_mid_game_is_set_aside_once(tmp_path):
    paths = app_paths(tmp_path)
    saver = Autosaver(paths)
    saved, state = SavedMatch.start(get_game(TAKKU), SEATS, seed=8)
    rng = Rng(8)
    play(saver, state, saved, rng, actions=3)
    saver.flush()
    path = unfinished_path(paths, TAKKU)
    for p in (path, safe_file.backup_path(path)):
        p.unlink(missing_ok=True)
        p.mkdir()
    said = play(saver, state, saved, rng, actions=5) + saver.flush()
    saver.close()
    assert len(said) == 2 and all("A folder stood where" in m for m in said)
    assert len(list(paths.unfinished_dir.glob("*.bad-*"))) == 2
    assert [len(u.saved.actions) for u in load_unfinished(paths)] == [8]


def test_the_title_says_a_finished_match_waits_for_space_then_that_it_is_saved(disk, monkeypatch):
    """What the player sees of item 3: the table's log is hidden by the results, so the title
    says the result is waiting for space, and once space is freed that it is saved."""
    from ui_driver import Driver

    from cardtable.ui.scenes.title import TitleScene

    monkeypatch.setattr(autosaver, "RETRY_SECONDS", 0.05)
    paths = app_paths(disk.folder)
    d = Driver(paths=paths)
    disk.fill()   # before the match starts: no reserve, nothing of it on disk
    saved, state = SavedMatch.start(get_game(TAKKU), SEATS, seed=11)
    play(d.app.saver, state, saved, Rng(11))
    title = TitleScene(d.app)
    assert [line for line, _ in title.lines].count(matches.WAITING_FOR_SPACE) == 1
    disk.free()
    deadline = time.monotonic() + 10
    while d.app.saver.unfiled and time.monotonic() < deadline:
        time.sleep(0.02)
    title = TitleScene(d.app)
    assert [line for line, _ in title.lines] == [
        "The result of the finished match is now saved, with its statistics."]
    assert [u.saved.game for u in title.unfinished] == [] and title.stats.games[TAKKU].matches == 1
    d.app.saver.close()


def test_a_file_where_the_replays_folder_should_be_is_reported_not_shown_as_no_replays(tmp_path):
    """Issue 27 item 8: the statistics said "0 replays" and nothing else."""
    paths = app_paths(tmp_path)
    paths.replays_dir.parent.mkdir(parents=True, exist_ok=True)
    paths.replays_dir.write_text("not a folder")
    found = list_replays(paths)
    assert list(found) == [] and len(found.messages) == 1
    assert "a file stands where Card Table keeps them" in found.messages[0]
    assert str(paths.replays_dir) in found.messages[0]
    assert paths.replays_dir.read_text() == "not a folder"   # listing moves nothing


def test_closing_the_window_with_a_result_waiting_for_space_asks_first(disk, monkeypatch):
    """Issue 27 item 8: the window closed silently and the result was lost; now closing asks
    ("Quit anyway?"), Cancel keeps the window, and once the result is saved it closes at once."""
    import pygame
    from ui_driver import Driver

    from cardtable.ui.scenes.confirm import ConfirmScene
    from cardtable.ui.scenes.title import TitleScene

    monkeypatch.setattr(autosaver, "RETRY_SECONDS", 0.05)
    paths = app_paths(disk.folder)
    d = Driver(paths=paths)
    d.app.push(TitleScene(d.app))
    disk.fill()
    saved, state = SavedMatch.start(get_game(TAKKU), SEATS, seed=11)
    play(d.app.saver, state, saved, Rng(11))
    assert d.app.saver.unfiled == [saved]
    d.post(pygame.QUIT)   # the window's close button
    d.frame()
    asked = d.app.top
    assert d.app.running and isinstance(asked, ConfirmScene) and asked.action == "Quit anyway"
    assert "quitting now loses it" in asked.lines[0][0]
    d.key(pygame.K_ESCAPE)   # Cancel: the window stays
    assert d.app.running and d.app.top is not asked
    disk.free()
    deadline = time.monotonic() + 10
    while d.app.saver.unfiled and time.monotonic() < deadline:
        time.sleep(0.02)
    d.post(pygame.QUIT)
    d.frame()
    assert not d.app.running   # saved now: nothing to ask
    d.app.saver.close()
    assert on_disk(paths) == ([], [len(saved.actions)], 1)


def test_quit_anyway_closes_with_the_result_waiting(disk):
    import pygame
    from ui_driver import Driver

    from cardtable.ui.scenes.title import TitleScene

    paths = app_paths(disk.folder)
    d = Driver(paths=paths)
    title = d.app.push(TitleScene(d.app))
    disk.fill()
    saved, state = SavedMatch.start(get_game(TAKKU), SEATS, seed=11)
    play(d.app.saver, state, saved, Rng(11))
    title.quit()   # the title's Quit
    assert d.app.running
    d.app.top.confirm()
    assert not d.app.running
    d.post(pygame.QUIT)
    assert d.app.saver.close() == [autosaver.RESULT_LOST]
    pygame.event.clear()  # the closed window's QUIT must not reach the next test's window
