import gc
import os
import sys

# Before anything of the program is imported: a run with PYTHONDONTWRITEBYTECODE (this machine's
# environment sets it) would have every subprocess the tests start (the self-test, command-line
# runs, the start command) compile every module from source again. Bytecode goes to the user's
# cache folder instead, outside the tree (Python checks each file against its source, as it does
# with __pycache__), shared by the session, its subprocesses and the next run.
if sys.dont_write_bytecode and sys.pycache_prefix is None:
    from platformdirs import user_cache_dir

    _PYCACHE = os.path.join(user_cache_dir("cardtable-tests"), "pyc")
    try:
        os.makedirs(_PYCACHE, exist_ok=True)
    except OSError:
        pass  # no cache folder: compile as before
    else:
        sys.pycache_prefix = _PYCACHE
        sys.dont_write_bytecode = False
        os.environ["PYTHONPYCACHEPREFIX"] = _PYCACHE
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

import pytest
from every_game import registered

import cardtable.games as registry

# Before anything imports pygame: the GUI tests run with no screen and no sound card.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def pytest_collection_finish(session: pytest.Session) -> None:
    """Everything alive once the tests are collected (the program's modules, the test modules,
    their tables of cases) lives to the end of the session: the garbage collector need not walk it
    again at each of its full passes, which grow with the heap the whole suite builds."""
    gc.collect()
    gc.freeze()


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
