"""The program's sources as syntax trees, parsed and walked once a session and shared by the tests
that read the code (long functions, imports, event kinds, the words a game says, scenes' imports):
each of them parsed the same few hundred files again (some 1,100 parses a run for 345 files), and
parsing and walking was most of what they cost. Read the nodes; never change them."""

from __future__ import annotations

import ast
import gc
from functools import cache
from pathlib import Path


def nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of the module at ``path`` as its text is now, in ``ast.walk``'s order."""
    return source_nodes(Path(path).read_text(encoding="utf-8"))


@cache
def source_nodes(source: str) -> tuple[ast.AST, ...]:
    """Every node of the module ``source``, in ``ast.walk``'s order."""
    found = tuple(ast.walk(ast.parse(source)))
    # Kept to the end of the session: out of the garbage collector's full passes (as conftest
    # does with what collection built), which would otherwise walk some 400,000 nodes each time.
    gc.freeze()
    return found
