"""Bad input on the command line: one line, exit status 2, no traceback."""

import pytest

from cardtable.cli import main


@pytest.mark.parametrize("argv, words", [
    (["simulate", "snap"], "unknown game"),
    (["simulate", "shithead", "--seed", "seven"], "invalid int value"),
    (["simulate", "shithead", "--players", "9"], "2–5 players"),
    (["simulate", "shithead", "--bots", "genius"], "unknown bot"),
    (["simulate", "shithead", "--players", "3", "--bots", "random,random"], "2 bots for 3 players"),
    (["screenshot", "x.png", "--size", "big"], "bad size"),
    (["screenshot", "table.jpg"], "name the file table.png"),
])
def test_bad_arguments_give_one_line_and_status_2(argv, words, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert words in err
    assert len(err.splitlines()) == 1
    assert "Traceback" not in err
