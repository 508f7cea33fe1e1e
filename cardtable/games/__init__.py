"""The registry of games: every package in this folder that defines ``GAME`` is a game.

A game registers itself by existing. Its folder holds everything about it: ``game.py`` (its state,
rules, words and options), ``bots.py`` (``BOTS``, at least "heuristic"), ``search.py`` (``HOOKS``
for the search bots, and ``LEVELS`` where another bot plays a level), ``table.py`` (``LAYOUT``, the
table description, and ``TELLER``, its side panel as data) and ``rules.md`` (the rule book).
Nothing outside the folder names the game.

Folders named in the ``CARDTABLE_GAMES`` environment variable (separated like ``PATH``) are
searched too, so a game kept elsewhere (the test-only game under ``tests/``) joins the same way.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import pkgutil
from functools import cache
from importlib import resources
from types import ModuleType

from cardtable.engine.lessons import GameLessons, load_lessons
from cardtable.engine.protocol import Game
from cardtable.engine.table import LayoutSpec, Teller

__path__.extend(d for d in os.environ.get("CARDTABLE_GAMES", "").split(os.pathsep) if d)


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r}; known: {', '.join(games())}"


@cache
def games() -> dict[str, Game]:
    """Registered games by name, in the order of the title screen."""
    found: list[Game] = []
    for info in pkgutil.iter_modules(__path__):
        if info.ispkg:
            game = getattr(importlib.import_module(f"{__name__}.{info.name}"), "GAME", None)
            if isinstance(game, Game):
                found.append(game)
    found.sort(key=lambda g: (g.order, g.title))
    return {g.name: g for g in found}


def get_game(name: str) -> Game:
    try:
        return games()[name]
    except KeyError:
        raise UnknownGame(name) from None


def package_of(game: Game) -> str:
    """The package that holds ``game`` ("cardtable.games.shithead")."""
    module = type(game).__module__
    return module if module.count(".") == 2 else module.rsplit(".", 1)[0]


@cache
def part(game: Game, name: str) -> ModuleType | None:
    """The module ``name`` of ``game``'s folder ("bots", "search", "table"), or None."""
    module = f"{package_of(game)}.{name}"
    return importlib.import_module(module) if importlib.util.find_spec(module) is not None else None


def layout_of(game: Game) -> LayoutSpec | None:
    """The game's table description (its folder's ``table.py``), or None for a game the table
    cannot show."""
    module = part(game, "table")
    return getattr(module, "LAYOUT", None) if module is not None else None


def teller_of(game: Game) -> Teller:
    """A new side panel for a table showing ``game`` (its ``table.py``'s ``TELLER``; the plain
    ``Teller``, which shows nothing extra, for a game without one)."""
    module = part(game, "table")
    return getattr(module, "TELLER", Teller)()


def rule_book(game: Game) -> str:
    """The game's rule book (Markdown), from its folder."""
    return (resources.files(package_of(game)) / "rules.md").read_text(encoding="utf-8")


@cache
def lessons_of(game: Game) -> GameLessons:
    """The game's lessons (its folder's ``lessons.py``: ``LESSONS``, with ``COVERAGE`` reading
    what they put in play), each checked by playing it through: a bad one is set aside with a
    message naming the game, the lesson and the step, and the rest stay available."""
    module = part(game, "lessons")
    if module is None:
        return GameLessons()
    return load_lessons(game, getattr(module, "LESSONS", []), getattr(module, "COVERAGE", None))
