"""The games the conformance suite runs over: every registered game (those found through
``CARDTABLE_GAMES`` too) and the test-only games kept under ``tests/games``, which join the
registry only while a test that asks for them runs."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import cardtable.games as registry

TEST_GAMES = Path(__file__).resolve().parent / "games"


@contextmanager
def registered(folder: Path = TEST_GAMES) -> Iterator[None]:
    """The registry as a process started with ``CARDTABLE_GAMES`` naming ``folder`` sees it."""
    added = str(folder) not in registry.__path__
    if added:
        registry.__path__.append(str(folder))
        registry.reload()
    try:
        yield
    finally:
        if added:
            registry.__path__.remove(str(folder))
            registry.reload()


def every_game() -> list[str]:
    """The names of every registered game and every test-only game, sorted."""
    with registered():
        return sorted(registry.games())
