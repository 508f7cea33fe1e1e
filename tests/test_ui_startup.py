"""Starting the program twice on the same folder (issue 10, bad input): the second one says why
and stops before it writes anything."""

from cardtable.store.instance import InstanceLock
from cardtable.ui.app import run


def test_a_second_card_table_says_it_is_already_running(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    first = InstanceLock(tmp_path)
    assert first.acquire()
    before = sorted(p.name for p in tmp_path.iterdir())
    try:
        assert run() == 1
    finally:
        first.release()
    assert "already running" in capsys.readouterr().err
    assert not (tmp_path / "settings.json").exists()
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix != ".log") == before
