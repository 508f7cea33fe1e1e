"""`cardtable --self-test` passes on a good build: every game through the table, save and resume."""

from cardtable.games import games
from cardtable.ui.selftest import self_test


def test_self_test_plays_every_game_and_resumes(tmp_path, capsys):
    assert self_test(tmp_path) == 0
    out = capsys.readouterr().out
    assert "FAIL" not in out
    for game in games().values():
        assert (tmp_path / f"{game.name}.png").stat().st_size > 10_000
        assert (tmp_path / f"{game.name}-results.png").exists()
