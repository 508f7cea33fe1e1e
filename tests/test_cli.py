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
    (["screenshot", "x.png", "--game", "shithead", "--scale", "3"], "outside the Interface sizes 0.8 to 2"),
    (["screenshot", "x.png", "--scale", "huge"], "invalid float value"),
    (["screenshot", "table.jpg"], "name the file table.png"),
])
def test_bad_arguments_give_one_line_and_status_2(argv, words, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert words in err
    assert len(err.splitlines()) == 1
    assert "Traceback" not in err


def test_screenshot_draws_the_table_at_the_interface_size_asked(tmp_path):
    """At 200 % the log's column is wider: a point that is felt at 100 % is the log's dark felt."""
    import pygame

    from cardtable.ui import theme

    pictures = {}
    for scale in ("1", "2"):
        out = tmp_path / f"table-{scale}.png"
        argv = ["screenshot", str(out), "--game", "cunt-soul", "--moves", "30", "--scale", scale]
        assert main(argv) == 0
        pictures[scale] = pygame.image.load(str(out))
    assert pictures["1"].get_size() == pictures["2"].get_size() == (1280, 800)
    probe = (1280 - 330, 790)
    assert tuple(pictures["1"].get_at(probe))[:3] == theme.FELT
    assert tuple(pictures["2"].get_at(probe))[:3] == theme.FELT_DARK
