"""Starting with no writable home, and twice at once (issue 10, bad input)."""

import subprocess
import sys

from cardtable.store.instance import InstanceLock
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
