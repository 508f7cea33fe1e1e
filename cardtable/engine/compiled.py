"""Which of the program's modules run as compiled code. The binary ships a compiled core (the
engine's hot modules and the rules of the games that declare ``compiled`` modules, built by
``scripts/build_native.py``); the README's install runs everything as Python. Both play the same
moves; the self-test and the benchmarks say which one they ran."""

from __future__ import annotations

import sys
from importlib.machinery import EXTENSION_SUFFIXES


def compiled_modules() -> list[str]:
    """The program's imported modules that were loaded from a compiled extension, by name."""
    return sorted(name for name, module in list(sys.modules.items())
                  if name.startswith("cardtable.")
                  and str(getattr(module, "__file__", None) or "").endswith(tuple(EXTENSION_SUFFIXES)))


def core_words() -> str:
    """One line for a report: "a compiled core (20 modules)", or "Python (no compiled core)"."""
    count = len(compiled_modules())
    return f"a compiled core ({count} modules)" if count else "Python (no compiled core)"
