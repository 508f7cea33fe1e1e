"""The registry of games: every package in this folder is a game, declaring its parts as
``PARTS`` (a ``cardtable.engine.parts.GameParts``) in its ``__init__.py``.

A game registers itself by existing. Its folder holds everything about it: ``game.py`` (its state,
rules, words and options), ``bots.py`` (at least a "heuristic" bot), ``search.py`` (the search
bots' hooks, and other bots for levels), ``table.py`` (the table description and its side panel
as data), ``tips.py`` (words for the table's comforts), ``positions.py`` (positions dealt for its
tests) and ``rules.md`` (the rule book); its ``__init__.py`` names each part once. The registry
checks the record when it loads the game: a malformed one leaves that game out, reported by
``faults()`` with the game and the part, and the others play on. Nothing outside the folder names
the game.

Folders named in the ``CARDTABLE_GAMES`` environment variable (separated like ``PATH``) are
searched too, so a game kept elsewhere (the test-only game under ``tests/``) joins the same way.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from functools import cache
from importlib import resources

from cardtable.engine.lessons import GameLessons, LessonBook, load_lessons
from cardtable.engine.parts import GameParts
from cardtable.engine.protocol import Game
from cardtable.engine.table import LayoutSpec, Teller
from cardtable.games.validation import PartsError, check_parts

__path__.extend(d for d in os.environ.get("CARDTABLE_GAMES", "").split(os.pathsep) if d)


class UnknownGame(KeyError):
    def __str__(self) -> str:
        left_out = "".join(f"; left out: {fault}" for fault in faults().values())
        return f"unknown game {self.args[0]!r}; known: {', '.join(games())}{left_out}"


@cache
def _loaded() -> tuple[dict[str, GameParts], dict[str, str]]:
    """Every game package's declared parts by game name, in the order of the title screen, and
    the packages whose parts could not be loaded, with the reason (one line naming the part)."""
    found: list[GameParts] = []
    faults: dict[str, str] = {}
    for info in pkgutil.iter_modules(__path__):
        if not info.ispkg or info.name.startswith("_"):
            continue
        try:
            module = importlib.import_module(f"{__name__}.{info.name}")
            found.append(check_parts(info.name, module.__dict__.get("PARTS")))
        except Exception as exc:  # one broken game must not take the others (or the title) down
            faults[info.name] = str(exc) if isinstance(exc, PartsError) else \
                f"game {info.name}: {type(exc).__name__}: {exc}"
    found.sort(key=lambda p: (p.game.order, p.game.title))
    return {p.game.name: p for p in found}, faults


def games() -> dict[str, Game]:
    """Registered games by name, in the order of the title screen."""
    return {name: parts.game for name, parts in _loaded()[0].items()}


def faults() -> dict[str, str]:
    """Game folders left out because their parts are missing or malformed: folder to the reason,
    naming the game and the part (for the title screen and the self-test to report)."""
    return dict(_loaded()[1])


def reload() -> None:
    """Look for games again (after ``__path__`` changed: the tests add the test-only game)."""
    _loaded.cache_clear()


def get_game(name: str) -> Game:
    try:
        return games()[name]
    except KeyError:
        raise UnknownGame(name) from None


def parts_of(game: Game | str) -> GameParts:
    """The declared parts of ``game`` (a registered game, or its name)."""
    name = game if isinstance(game, str) else game.name
    try:
        return _loaded()[0][name]
    except KeyError:
        raise UnknownGame(name) from None


def package_of(game: Game) -> str:
    """The package that holds ``game`` ("cardtable.games.shithead")."""
    module = type(game).__module__
    return module if module.count(".") == 2 else module.rsplit(".", 1)[0]


def layout_of(game: Game) -> LayoutSpec:
    """The game's table description."""
    return parts_of(game).layout


def teller_of(game: Game) -> Teller:
    """A new side panel for a table showing ``game`` (the plain ``Teller``, which shows nothing
    extra, for a game that declares no panel of its own)."""
    return parts_of(game).teller()


def rule_book(game: Game) -> str:
    """The game's rule book (Markdown)."""
    return parts_of(game).rule_book


def read_rule_book(package: str) -> str:
    """The rule book kept as ``rules.md`` in a game's folder, for its ``PARTS``."""
    return (resources.files(package) / "rules.md").read_text(encoding="utf-8")


def lesson_book(game: Game) -> LessonBook:
    """The game's declared lessons (``PARTS.lessons``), as a book: empty for a game with none."""
    declared = parts_of(game).lessons
    return declared if isinstance(declared, LessonBook) else LessonBook(declared)


@cache
def lessons_of(game: Game) -> GameLessons:
    """The game's lessons, each checked by playing it through when first asked for: a bad one is
    set aside with a message naming the game, the lesson and the step, and the rest (and the game)
    stay available."""
    return load_lessons(game, lesson_book(game))
