"""The registry of games: every package in this folder is a game, declaring its parts as
``PARTS`` (a ``cardtable.engine.parts.GameParts``) in its ``__init__.py``.

A game registers itself by existing. Its folder holds everything about it: ``game.py`` (its state,
rules, words and options), ``bots.py`` (at least a "heuristic" bot), ``search.py`` (the search
bots' hooks, and other bots for levels), ``table.py`` (the table description and its side panel
as data), ``tips.py`` (words for the table's comforts), ``positions.py`` (positions dealt for its
tests), ``rules.md`` (the rule book) and ``listing.json`` (what the title shows of it: see
``cardtable.games.listing``); its ``__init__.py`` names each part once. The registry
checks the record when it loads the game: a malformed one leaves that game out, reported by
``faults()`` with the game and the part, and the others play on. Nothing outside the folder names
the game.

The title is drawn from the listings alone (``listings()``), which no game is imported to read;
the games are loaded the first time anything asks for one (``games()``, ``faults()``), and each
listing is checked against its game then. A folder without a listing is imported to list it.

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
from pathlib import Path
from typing import TYPE_CHECKING

from cardtable.games.listing import Listing, ListingError, listing_mismatch, listing_of, read_listing

if TYPE_CHECKING:
    from cardtable.engine.lessons import GameLessons, LessonBook
    from cardtable.engine.parts import GameParts
    from cardtable.engine.protocol import Game
    from cardtable.engine.table import LayoutSpec, Teller

__path__.extend(d for d in os.environ.get("CARDTABLE_GAMES", "").split(os.pathsep) if d)


class UnknownGame(KeyError):
    def __str__(self) -> str:
        left_out = "".join(f"; left out: {fault}" for fault in faults().values())
        return f"unknown game {self.args[0]!r}; known: {', '.join(games())}{left_out}"


@cache
def _listed() -> tuple[dict[str, tuple[str, Listing | None]], dict[str, str]]:
    """Every game package by folder: its module and its listing (None where the folder has no
    listing file); and the folders whose listing file is malformed, with the reason."""
    found: dict[str, tuple[str, Listing | None]] = {}
    faults: dict[str, str] = {}
    for info in pkgutil.iter_modules(__path__):
        if not info.ispkg or info.name.startswith("_") or info.name in found:
            continue
        module = f"{__name__}.{info.name}"
        try:
            found[info.name] = (module, read_listing(_folder(module, info), info.name))
        except ListingError as exc:
            faults[info.name] = str(exc)
    return found, faults


def _folder(module: str, info: pkgutil.ModuleInfo) -> Path:
    """The folder of a game package, found without importing it."""
    path = getattr(info.module_finder, "path", None)
    if path is not None:
        return Path(path) / info.name
    spec = importlib.util.find_spec(module)
    return Path(next(iter(spec.submodule_search_locations or ()), "")) if spec else Path()


@cache
def _loaded() -> tuple[dict[str, GameParts], dict[str, str]]:
    """Every game package's declared parts by game name, in the order of the title screen, and
    the packages whose parts could not be loaded, with the reason (one line naming the part)."""
    from cardtable.games.validation import PartsError, check_parts

    found: list[GameParts] = []
    listed, faults = _listed()
    faults = dict(faults)
    for folder, (module_name, listing) in listed.items():
        try:
            module = importlib.import_module(module_name)
            parts = check_parts(folder, module.__dict__.get("PARTS"))
            wrong = listing_mismatch(listing, parts.game) if listing is not None else None
            if wrong:
                raise PartsError(parts.game.name, "listing", wrong)
            found.append(parts)
        except Exception as exc:  # one broken game must not take the others (or the title) down
            faults[folder] = str(exc) if isinstance(exc, PartsError) else \
                f"game {folder}: {type(exc).__name__}: {exc}"
    found.sort(key=lambda p: (p.game.order, p.game.title))
    return {p.game.name: p for p in found}, faults


def listings() -> dict[str, Listing]:
    """What the title shows of each game, by game name in the order of the title screen, read
    without importing a game that has a listing file. Once the games are loaded, only those that
    loaded (the others are in ``faults()``)."""
    if loaded():
        return {name: listing_of(parts.game) for name, parts in _loaded()[0].items()}
    out: list[Listing] = []
    for module, listing in _listed()[0].values():
        if listing is None:  # no listing file: the game itself says (a fault shows once loaded)
            try:
                listing = listing_of(importlib.import_module(module).PARTS.game)
            except Exception:
                continue
        out.append(listing)
    out.sort(key=lambda g: (g.order, g.title))
    return {g.name: g for g in out}


def loaded() -> bool:
    """Whether the games have been loaded (and their faults found) in this process."""
    return _loaded.cache_info().currsize > 0


def games() -> dict[str, Game]:
    """Registered games by name, in the order of the title screen."""
    return {name: parts.game for name, parts in _loaded()[0].items()}


def faults() -> dict[str, str]:
    """Game folders left out because their parts are missing or malformed: folder to the reason,
    naming the game and the part (for the title screen and the self-test to report)."""
    return dict(_loaded()[1])


def reload() -> None:
    """Look for games again (after ``__path__`` changed: the tests add the test-only game)."""
    _listed.cache_clear()
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
    from cardtable.engine.lessons import LessonBook

    declared = parts_of(game).lessons
    return declared if isinstance(declared, LessonBook) else LessonBook(declared)


@cache
def lessons_of(game: Game) -> GameLessons:
    """The game's lessons, each checked by playing it through when first asked for: a bad one is
    set aside with a message naming the game, the lesson and the step, and the rest (and the game)
    stay available."""
    from cardtable.engine.lessons import load_lessons

    return load_lessons(game, lesson_book(game))
