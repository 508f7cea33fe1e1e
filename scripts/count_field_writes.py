"""How many places name each state field of each game (issue 27.2: "each state field is written
by hand 3-5 times").

    python scripts/count_field_writes.py [--per-field]

For every state class in a game folder (any module of it: a class named ``...State`` or one that
declares fields) the script reads the source, not the running classes, and counts for each field:
its ``__slots__`` entry, its class annotation or declaration (``name: T = copied()`` is one
place), its entry in a literal ``fingerprint_fields`` list, and the assignments ``x.name = ...``
in ``clone``/``_copy`` (copying), in ``view``/``_redact`` (the view) and in ``_deal`` (the deal).
A field declared once and dealt once counts 2. Run it from any checkout: it reads the games of
the checkout it lies in.
"""

from __future__ import annotations

import argparse
import ast
import statistics
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
GAME_FOLDERS = (REPO / "cardtable" / "games", REPO / "tests" / "games")
PLACES = ("slots", "declaration", "fingerprint list", "copy", "view", "deal")
FUNCTION_PLACE = {"clone": "copy", "_copy": "copy", "view": "view", "_redact": "view", "_deal": "deal"}


def _strings(node: ast.AST) -> list[str]:
    return [n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


DECLARERS = ("shared", "copied", "rows")
"""The engine's field declarations (``name: T = copied()``)."""


def _is_state_class(node: ast.ClassDef) -> bool:
    """A game's state class: named ``...State``, or declaring fields (a state's part holding them)."""
    if node.name.endswith("State"):
        return True
    return any(isinstance(item, ast.AnnAssign) and isinstance(item.value, ast.Call)
               and isinstance(item.value.func, ast.Name) and item.value.func.id in DECLARERS
               for item in node.body)


def _names_target(node: ast.Assign, name: str) -> bool:
    return any(isinstance(t, ast.Name) and t.id == name for t in node.targets)


def _assigned_attrs(fn: ast.AST) -> list[str]:
    out: list[str] = []
    for node in ast.walk(fn):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for t in targets:
            for sub in ast.walk(t):
                if isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store):
                    out.append(sub.attr)
    return out


def count_game(folder: Path) -> dict[str, Counter[str]]:
    """Field name -> places naming it, over every state class of the game's modules."""
    fields: dict[str, Counter[str]] = {}
    functions: list[ast.FunctionDef] = []
    for path in sorted(folder.glob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name in FUNCTION_PLACE:
                functions.append(node)
            if not (isinstance(node, ast.ClassDef) and _is_state_class(node)):
                continue
            for item in node.body:
                if isinstance(item, ast.Assign) and _names_target(item, "__slots__"):
                    for name in _strings(item.value):
                        fields.setdefault(name, Counter())["slots"] += 1
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    name = item.target.id
                    if name.isupper() or name.startswith(("fingerprint_", "derived_")):
                        continue
                    fields.setdefault(name, Counter())["declaration"] += 1
            for item in node.body:
                if isinstance(item, ast.Assign) and _names_target(item, "fingerprint_fields"):
                    for name in _strings(item.value):
                        if name in fields:
                            fields[name]["fingerprint list"] += 1
    for fn in functions:
        for attr in _assigned_attrs(fn):
            if attr in fields:
                fields[attr][FUNCTION_PLACE[fn.name]] += 1
    return fields


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--per-field", action="store_true", help="list every field's places")
    args = ap.parse_args()
    print(f"{'game':<13}{'fields':>7}{'places':>8}{'mean':>7}{'max':>5}   by place")
    folders = [p for root in GAME_FOLDERS for p in sorted(root.iterdir()) if (p / "__init__.py").is_file()]
    for folder in folders:
        fields = count_game(folder)
        if not fields:
            continue
        totals = [sum(c.values()) for c in fields.values()]
        by_place: Counter[str] = Counter()
        for c in fields.values():
            by_place.update(c)
        places = ", ".join(f"{p} {by_place[p]}" for p in PLACES if by_place[p])
        print(f"{folder.name:<13}{len(fields):>7}{sum(totals):>8}{statistics.mean(totals):>7.2f}"
              f"{max(totals):>5}   {places}")
        if args.per_field:
            for name, c in sorted(fields.items()):
                where = ", ".join(f"{p} {c[p]}" for p in PLACES if c[p])
                print(f"    {name:<16}{sum(c.values()):>3}  {where}")


if __name__ == "__main__":
    main()
