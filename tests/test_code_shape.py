"""How we write code (DEVELOPERS): small modules, no scene over a few hundred lines, no function
over 60 lines. Checked here so a long function is caught when it is written, not in a review."""

from __future__ import annotations

import ast
from pathlib import Path

from source_trees import nodes

ROOT = Path(__file__).resolve().parent.parent / "cardtable"
FUNCTION_LINES = 60
UI_FILE_LINES = 400


def test_no_function_is_over_sixty_lines() -> None:
    long = []
    for path in sorted(ROOT.rglob("*.py")):
        for node in nodes(path):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > FUNCTION_LINES:
                    long.append(f"{path.relative_to(ROOT.parent)}:{node.lineno} {node.name} ({lines} lines)")
    assert not long, "functions over 60 lines: " + ", ".join(long)


def test_no_interface_file_is_over_four_hundred_lines() -> None:
    long = [f"{p.relative_to(ROOT.parent)} ({n} lines)" for p in sorted((ROOT / "ui").rglob("*.py"))
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > UI_FILE_LINES]
    assert not long, "interface files over 400 lines: " + ", ".join(long)


def test_no_test_imports_the_tests_folder_as_a_package() -> None:
    """Plain ``pytest`` collects like ``python -m pytest`` (issue 27 item 9): ``tests`` is not a
    package, so ``from tests.x import`` works only when the current folder happens to be on the
    path. Shared helpers are plain modules beside the tests, or a game's own ``positions.py``."""
    tests = Path(__file__).resolve().parent
    offenders = []
    for path in sorted(tests.rglob("*.py")):
        for node in nodes(path):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else \
                [a.name for a in node.names] if isinstance(node, ast.Import) else []
            offenders += [f"{path.relative_to(tests)}:{node.lineno}" for n in names
                          if n == "tests" or n.startswith("tests.")]
    assert offenders == []
