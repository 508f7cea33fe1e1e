"""One direction (issue 27 item 5): the bot and hook interfaces are the engine's, games depend on the
engine only, and ``cardtable.ai`` reaches a game only through the registry."""

from __future__ import annotations

import ast
from pathlib import Path

from source_trees import nodes

from cardtable.ai import bot_kinds
from cardtable.ai.search_hooks import hooks_for
from cardtable.engine.bots import Bot
from cardtable.engine.search_hooks import Hooks
from cardtable.games import games, package_of

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "cardtable"


def _imports(path: Path) -> list[str]:
    out = []
    for node in nodes(path):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.append(node.module)
        elif isinstance(node, ast.Import):
            out.extend(a.name for a in node.names)
    return out


def test_the_engine_and_the_games_never_import_the_bots_package():
    """(The runner may: it builds bots through ``cardtable.ai``, which finds them in the registry.
    So may a game's own tests, ``test_*.py`` in its folder: they seat bots as a player does.)"""
    folders = [PACKAGE / "engine", PACKAGE / "games", ROOT / "tests" / "games"]
    wrong = [f"{p.relative_to(ROOT)}: {m}" for f in folders for p in sorted(f.rglob("*.py"))
             if not p.name.startswith("test_")
             for m in _imports(p) if m == "cardtable.ai" or m.startswith("cardtable.ai.")]
    assert not wrong, wrong


def test_the_bots_package_reaches_games_only_through_the_registry():
    wrong = [f"{p.relative_to(ROOT)}: {m}" for p in sorted((PACKAGE / "ai").rglob("*.py"))
             for m in _imports(p) if m.startswith("cardtable.games.")]
    assert not wrong, wrong


def test_search_hooks_are_typed_on_each_games_own_state_without_ignores():
    for name, game in games().items():
        folder = PACKAGE / "games" / package_of(game).rsplit(".", 1)[-1]
        for part in ("search.py", "bots.py"):
            path = folder / part
            if path.exists():
                assert "type: ignore" not in path.read_text(encoding="utf-8"), f"{name}: {part}"
        state = game.new_state(["A", "B", "C"][:max(2, game.min_players)], None, 1)
        hooks = hooks_for(state)
        assert isinstance(hooks, Hooks)
        for kind, factory in bot_kinds(name).items():
            assert isinstance(factory(1), Bot), (name, kind)
