import os

import pytest
from every_game import registered

import cardtable.games as registry

# Before anything imports pygame: the GUI tests run with no screen and no sound card.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture
def test_games():
    """The test-only games (tests/games) join the registry for this test."""
    with registered():
        yield


@pytest.fixture
def crazy_eights(test_games, monkeypatch):
    """The registry as a process started with ``CARDTABLE_GAMES`` pointing at tests/games sees it
    (a process the test starts is given the variable too)."""
    from every_game import TEST_GAMES

    monkeypatch.setenv("CARDTABLE_GAMES", str(TEST_GAMES))
    return registry.get_game("crazy-eights")
