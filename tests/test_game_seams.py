"""The seams between the games and the rest: a game is one folder, and nothing outside it names a
game in code (issue 13 item 1; ARCHITECTURE "adding a sixth game is one folder")."""

from __future__ import annotations

import ast
from pathlib import Path

from source_trees import nodes

from cardtable.engine.protocol import Event
from cardtable.games import games, package_of
from cardtable.games.shithead import GAME as SHITHEAD
from cardtable.runner.match import Match, Seat

ROOT = Path(__file__).resolve().parent.parent / "cardtable"


def _words_in_code(path: Path) -> list[tuple[int, str]]:
    """Identifiers, imported module names and string literals of a module, docstrings left out
    (prose may cite a game as an example; code may not depend on one)."""
    tree = nodes(path)
    docstrings = {
        id(node.value)
        for node in tree
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    found: list[tuple[int, str]] = []
    for node in tree:
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            found.append((node.lineno, node.value))
        elif isinstance(node, ast.Name):
            found.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute):
            found.append((node.lineno, node.attr))
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
    return found


def test_no_code_outside_a_games_folder_names_a_game() -> None:
    names = set()
    for game in games().values():
        folder = package_of(game).rsplit(".", 1)[1]
        names |= {game.name, game.title, folder, game.title.lower()}
    offenders = []
    for path in sorted(ROOT.rglob("*.py")):
        if path.relative_to(ROOT).parts[:1] == ("games",) and len(path.relative_to(ROOT).parts) > 2:
            continue  # inside a game's own folder
        for line, word in _words_in_code(path):
            hits = [n for n in names if n.lower() in word.lower()]
            if hits:
                offenders.append(f"{path.relative_to(ROOT)}:{line}: {word!r} names {hits}")
    assert offenders == []


def test_a_library_reaches_the_results_through_the_games_own_moments() -> None:
    """shithead R26: Library Boy is the game's notable moment (its tips.py), kept by the generic
    match; the match itself knows no event kind of any game."""
    match = Match(SHITHEAD, [Seat("Ann"), Seat("Bea")], seed=3)
    match._note([Event("library", "Library Boy! Bea holds 11 cards", seat=1), Event("turn", "Ann to play")])
    assert [line for _, kind, line in match.moments] == ["Library Boy! Bea holds 11 cards"]
    source = (ROOT / "runner" / "match.py").read_text(encoding="utf-8")
    assert '"library"' not in source
