"""Starting with no writable home, and twice at once (issue 10, bad input); starting on a full
disk or with a folder in the lock file's place, and a crash at start said once (issue 19)."""

import os
import subprocess
import sys
import time

import pytest
from store_fakes import FullDisk

from cardtable.store.instance import LOCK_NAME, InstanceLock
from cardtable.store.paths import usable_paths


def test_a_writable_home_is_used_as_it_is(tmp_path):
    paths, messages = usable_paths(tmp_path)
    assert paths.data_dir == tmp_path and messages == []


def test_a_home_that_is_a_file_falls_back_with_a_message(tmp_path):
    # Works as root too: no folder can be made where a file stands.
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    paths, messages = usable_paths(blocker)
    assert paths.data_dir != blocker and paths.data_dir.is_dir()
    assert "Cannot write to" in messages[0]


def test_a_second_card_table_on_the_same_folder_is_refused(tmp_path):
    first = InstanceLock(tmp_path)
    assert first.acquire()
    other = subprocess.run(
        [sys.executable, "-c",
         "import sys; from pathlib import Path; from cardtable.store.instance import InstanceLock;"
         f"sys.exit(0 if InstanceLock(Path({str(tmp_path)!r})).acquire() else 3)"],
        check=False)
    assert other.returncode == 3
    first.release()
    assert InstanceLock(tmp_path).acquire()


# -- issue 19: the real program, started on a broken folder ---------------------------------------



def start_program(home, *args: str, code: str = "from cardtable.cli import main; sys.exit(main())"):
    env = {**os.environ, "CARDTABLE_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    return subprocess.Popen([sys.executable, "-c", f"import sys; {code}", *args], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def still_running_after(proc, seconds: float) -> tuple[bool, str]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.1)
    alive = proc.poll() is None
    proc.kill()
    _, err = proc.communicate(timeout=20)
    return alive, err


def test_the_program_starts_with_a_folder_where_its_lock_file_should_be(tmp_path):
    (tmp_path / LOCK_NAME).mkdir()
    alive, err = still_running_after(start_program(tmp_path), 4)
    assert alive and "Traceback" not in err
    assert (tmp_path / LOCK_NAME).is_file() and len(list(tmp_path.glob(f"{LOCK_NAME}.bad-*"))) == 1


@pytest.fixture
def disk(tmp_path, monkeypatch):
    full = FullDisk(tmp_path / "home", monkeypatch)
    yield full
    full.close()


def test_the_program_starts_on_a_full_disk(disk):
    """Issue 19 item 4: the lock file's write failed and the program exited with an empty log."""
    if not disk.real:
        # Patched os calls do not reach a child process: start it in this one instead.
        from cardtable.store import safe_file
        from cardtable.store.startup import open_store

        disk.fill()
        os.environ["CARDTABLE_HOME"] = str(disk.folder)
        try:
            store = open_store()
        finally:
            del os.environ["CARDTABLE_HOME"]
        assert not store.already_running and safe_file.DISK_FULL in store.messages
        store.lock.release()
        return
    disk.fill()
    alive, err = still_running_after(start_program(disk.folder), 4)
    assert alive and "Traceback" not in err and "Logging error" not in err


def test_a_crash_at_start_is_reported_once_without_a_traceback(tmp_path):
    """Issue 19 item 10: the message was printed twice (the handler, then the message box)."""
    # Scenes are found by name, so the title is broken where it is built, not by deleting its name.
    code = ("import cardtable.ui.scenes.title as t\n"
            "def broken(*args, **kwargs): raise RuntimeError('the TitleScene cannot be built')\n"
            "t.TitleScene.__init__ = broken\n"
            "from cardtable.cli import main; sys.exit(main())")
    proc = start_program(tmp_path, code=code)
    try:
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()   # a program that did not crash must not outlive the test
    assert proc.returncode != 0 and "Traceback" not in err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Card Table hit an error it could not handle")
    assert "TitleScene" in lines[0] and "Traceback" in (tmp_path / "cardtable.log").read_text()
