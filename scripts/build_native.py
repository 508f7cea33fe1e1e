"""Build the compiled core: a copy of the program in which the engine's hot modules and the
modules each game declares ``compiled`` (its ``PARTS``) are compiled to native code with mypyc.

    python scripts/build_native.py DST [--no-compile] [--test]

DST gets a copy of the checkout's ``cardtable/``, ``tests/`` and ``scripts/`` (what the tests need
to run from there), changed only as mypyc needs, then the compiled modules beside their sources:

- ``@mypyc_attr`` marks on the engine classes that interpreted code subclasses (the other games'
  states, bots, test doubles) or that subclass a builtin (mypyc cannot make those native);
- a compiled game's state class, put together from parts (one module each, by multiple
  inheritance), is folded into ONE plain class: mypyc makes a native class only of single
  inheritance from native classes, and a native class is what makes its fields' reads cheap
  (``docs/speed/native-spike.md``: 0.40 -> 0.69 of calib.py's instructions for Cunt-Soul). The
  folded class has the same methods (each taken from the part the MRO takes it from), its slots
  and field table written from the class's own declarations, and ``clone``/``view``/``_redact``
  written by the generators the metaclass compiles them with (``engine.fields``). Nothing is
  declared twice: the fold reads the source, and the tests run against the copy catch any drift;
- plain classes in a compiled game's modules (a state's config, a cache of events) left ordinary
  Python objects (fingerprints read their slots in the order written; pickle remakes them).

The program stays complete as Python: the README installs it so, and the binary falls back to it
when no C compiler is found. CI runs the copy's tests (``.ci/run``); the binary ships the copy
(``scripts/build_binary.py``). ``--no-compile`` writes the copy without compiling it (the fold
checked as Python, ``tests/test_compiled_core.py``); ``--test`` then runs the tests listed in
``COMPILED_TESTS`` against the copy. ``MYPYC_OPT_LEVEL`` (default 3) is passed to the C compiler:
``s`` gives a core about 0.3 MB smaller zipped that runs about 10% more instructions.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MYPY = "mypy==2.4.1"
"""The mypy whose mypyc builds the binary's core (the one the spike and the figures were measured
with; scripts/build_binary.py installs it in its clean environment)."""
ENGINE = ("rng", "cards", "protocol", "bots")
"""The engine's modules every move goes through, compiled with any compiled game."""
MARKS = {
    "rng": {"Rng": "allow_interpreted_subclasses=True"},
    "protocol": {"State": "allow_interpreted_subclasses=True", "Game": "allow_interpreted_subclasses=True",
                 "LegalMemo": "native_class=False", "IllegalAction": "native_class=False"},
    "bots": {"Bot": "allow_interpreted_subclasses=True", "BotError": "native_class=False"},
}
"""Engine classes subclassed by interpreted code (allowed), or subclassing a builtin (left non-native)."""
MARK_IMPORT = """from typing import TYPE_CHECKING as _CHECKING
if _CHECKING:  # only mypyc reads the marks: the program never needs mypy_extensions to run
    from mypy_extensions import mypyc_attr
else:
    def mypyc_attr(*args: object, **kwargs: object) -> object:  # type: ignore[misc]
        return lambda cls: cls
"""
COMPILED_TESTS = ("cardtable/games", "tests/test_engine_core.py", "tests/test_engine_conformance.py",
                  "tests/test_bots_direction.py", "tests/test_bots_endgame.py", "tests/test_bots_generic.py",
                  "tests/test_bots_halving.py", "tests/test_bots_hard.py", "tests/test_bots_kept.py",
                  "tests/test_bots_search.py", "tests/test_review.py", "tests/test_runner.py",
                  "tests/test_golden_games.py", "tests/test_save_fixtures.py", "tests/test_store_matches.py",
                  "tests/test_net_games.py",
                  "tests/test_compiled_core.py::test_the_core_is_what_this_run_expects")
COPIED = ("cardtable", "tests", "scripts", "pyproject.toml", "conftest.py")
SKIP = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", ".mypy_cache", ".pytest_cache")


class FoldError(Exception):
    """The source is not as the fold expects: say where, never build a different program."""


# -- reading source ---------------------------------------------------------------------------

def _class_node(tree: ast.Module, name: str) -> ast.ClassDef:
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == name:
            return node
    raise FoldError(f"no class {name} at the top of its module")


def _first_line(node: ast.stmt) -> int:
    return min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])


def _segment(lines: list[str], node: ast.stmt) -> str:
    assert node.end_lineno is not None
    return "".join(lines[_first_line(node) - 1:node.end_lineno])


def _top_names(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom | ast.Import):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
    return names


def _used_names(code: str) -> set[str]:
    return {n.id for n in ast.walk(ast.parse("class _Folded:\n" + code)) if isinstance(n, ast.Name)}


class _Module:
    """One module of the copy being edited: its text as lines, its tree as read (line numbers of
    the original: edits blank or replace whole lines, so they stay put)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.text = path.read_text(encoding="utf-8")
        self.tree = ast.parse(self.text)
        self.lines = self.text.splitlines(keepends=True)

    def replace(self, node: ast.stmt, text: str) -> None:
        assert node.end_lineno is not None
        first = _first_line(node) - 1
        for i in range(first, node.end_lineno):
            self.lines[i] = ""
        self.lines[first] = text

    def save(self) -> None:
        self.path.write_text("".join(self.lines), encoding="utf-8")


def _drop_imported(module: _Module, names: set[str]) -> None:
    """Take ``names`` out of the module's ``from ... import`` lines (a line left empty goes)."""
    for node in module.tree.body:
        if isinstance(node, ast.ImportFrom) and any(a.name in names for a in node.names):
            kept = [a for a in node.names if a.name not in names]
            text = ast.unparse(ast.ImportFrom(node.module, kept, node.level)) + "\n" if kept else ""
            module.replace(node, text)


def _mark(module: _Module, marks: dict[str, str]) -> None:
    """Put ``@mypyc_attr(...)`` on the named classes, and the import the marks need."""
    for name, attr in marks.items():
        node = _class_node(module.tree, name)
        at = _first_line(node) - 1
        module.lines[at] = f"@mypyc_attr({attr})\n" + module.lines[at]
    if "import mypyc_attr" not in module.text:
        _add_import(module, MARK_IMPORT)


def _add_import(module: _Module, text: str) -> None:
    """Add import lines after the module's last top-level import."""
    last = max(n.end_lineno or 0 for n in module.tree.body if isinstance(n, ast.Import | ast.ImportFrom))
    module.lines[last - 1] += text


# -- the fold -------------------------------------------------------------------------------

def fold_state(dst: Path, parts: Any) -> list[str]:
    """Fold the compiled game's state class into one class in the module of its declared part;
    gives the modules of its folder to compile."""
    from cardtable.engine.declared import DeclaredState
    from cardtable.games import package_of

    game = parts.game
    package = package_of(game)
    compiled = [f"{package}.{m}" for m in parts.compiled]
    final = type(game.new_state([f"P{i + 1}" for i in range(game.min_players)]))
    folded = [c for c in final.__mro__ if c.__module__.startswith(package + ".")]
    declared = [c for c in folded if DeclaredState in c.__bases__]
    if len(declared) != 1:
        raise FoldError(f"{final.__name__}: one of its parts must declare the fields (a DeclaredState)")
    fields_cls = declared[0]
    for c in folded:
        if c.__module__ not in compiled:
            raise FoldError(f"{c.__module__} holds a part of {final.__name__} but is not compiled")
    names = {c.__name__ for c in folded}

    def path_of(module_name: str) -> Path:
        return dst / (module_name.replace(".", "/") + ".py")

    modules = {m: _Module(path_of(m)) for m in {c.__module__ for c in folded}}
    home = modules[fields_cls.__module__]

    # each name the class answers, from the class the MRO takes it from (a part after State in the
    # MRO loses to State there, and so here: it is left to be inherited)
    owner: dict[str, type] = {}
    for name in {n for c in folded for n in vars(c)}:
        first = next(c for c in final.__mro__ if name in vars(c))
        if first in folded:
            owner[name] = first
    body: list[str] = []
    uses: dict[str, str] = {}  # a module-level name a folded method uses -> the module it is from
    skip = {"__slots__", "__doc__", "__module__", "__qualname__", "__dict__", "__weakref__",
            "fields", "derived_fields", "fingerprint_fields", *(f.name for f in fields_cls.fields)}
    for c in reversed([c for c in final.__mro__ if c in folded]):
        module = modules[c.__module__]
        node = _class_node(module.tree, c.__name__)
        for item in node.body:
            if isinstance(item, ast.FunctionDef):
                name = item.name
            elif isinstance(item, ast.Assign) and isinstance(item.targets[0], ast.Name):
                name = item.targets[0].id
            elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name) and item.value:
                name = item.target.id
            else:
                continue  # docstrings, bare annotations, the checker's stubs (if TYPE_CHECKING)
            if name in skip or owner.get(name) is not c:
                continue
            code = _segment(module.lines, item)
            if isinstance(item, ast.FunctionDef):
                code = code.replace("-> Self:", f"-> {final.__name__}:")
            body.append(code)
            own_names = _top_names(module.tree) - names
            for used in _used_names(code) & own_names:
                uses.setdefault(used, c.__module__)
                if getattr(importlib.import_module(uses[used]), used) is not \
                        getattr(importlib.import_module(c.__module__), used):
                    raise FoldError(f"{used} means different things in {uses[used]} and {c.__module__}")

    # the fields: slots and annotations from the declarations, the table and the made methods
    from cardtable.engine import fields as fieldmod
    fields = final.fields
    annotation = {}
    for item in _class_node(home.tree, fields_cls.__name__).body:
        if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            annotation[item.target.id] = ast.get_source_segment(home.text, item.annotation)
    table = "".join(f"        _StateField({f.name!r}, {f.policy!r}, {f.derived!r}, {f.seen!r}),\n"
                    for f in fields)
    cls = final.__name__
    made = ""
    methods = ((fieldmod._clone_source, "def clone(self):", "clone(self) -> {cls}:"),
               (fieldmod._view_source, "def view(self, seat):", "view(self, seat: int) -> {cls}:"),
               (fieldmod._redact_source, "def _redact(self, seat):", "redact(self, seat: int) -> None:"))
    for source, old, new in methods:
        # the method, and the same under its made_ name (the conformance tests compare the two)
        for prefix in ("_" if "redact" in old else "", "made_"):
            made += source(fields).replace(old, "def " + prefix + new.format(cls=cls)) + "\n"
    made = made.replace("_blank()", f"{cls}()")
    made = "".join("    " + line if line.strip() else "\n" for line in made.splitlines(keepends=True))
    head = (f"class {cls}(_NativeState):\n"
            f'    """{cls} folded into one class for the compiled core (scripts/build_native.py)."""\n\n'
            "    __slots__ = (" + "".join(f"{f.name!r}, " for f in fields) + ")\n"
            + "".join(f"    {f.name}: {annotation[f.name]}\n" for f in fields)
            + f"    fields: ClassVar[tuple[_StateField, ...]] = (\n{table}    )\n"
            + f"    derived_fields: ClassVar[tuple[str, ...]] = {final.derived_fields!r}\n"
            + f"    fingerprint_fields: ClassVar[tuple[str, ...]] = {final.fingerprint_fields!r}\n\n")
    cls_text = head + "\n".join(body) + "\n" + made
    if fields_cls is not final:  # (the parts' base keeps its name: the game's tests may use it)
        cls_text += f"\n\n{fields_cls.__name__} = {final.__name__}\n"

    home_names = _top_names(home.tree)
    home_mod = importlib.import_module(fields_cls.__module__)
    imports = ""
    for used, where in sorted(uses.items()):
        if used in home_names:
            if getattr(home_mod, used) is not getattr(importlib.import_module(where), used):
                raise FoldError(f"{used} means different things in {where} and {fields_cls.__module__}")
        elif where != fields_cls.__module__:
            imports += f"from {where} import {used}\n"
    imports += ("from cardtable.engine.cards import HIDDEN as _HIDDEN\n"
                "from cardtable.engine.fields import SHARED_BACKS as _SHARED_BACKS\n"
                "from cardtable.engine.fields import StateField as _StateField\n"
                "from cardtable.engine.protocol import State as _NativeState\n"
                "from cardtable.engine.rng import CUT as _CUT\n"
                "from typing import ClassVar\n")

    # the parts' classes go (the home's becomes the folded class); nobody imports them any more
    for c in folded:
        module = modules[c.__module__]
        node = _class_node(module.tree, c.__name__)
        module.replace(node, cls_text if c is fields_cls else "")
    for module in modules.values():  # (so the parts no longer import the home: no import cycle)
        if module is not home:
            _drop_imported(module, names - {final.__name__})
    _drop_imported(home, names - {final.__name__, fields_cls.__name__})
    _add_import(home, imports)
    if final.__module__ != fields_cls.__module__:
        _add_import(modules[final.__module__], f"from {fields_cls.__module__} import {final.__name__}\n")
    for module in modules.values():
        module.save()
    game_module = _Module(path_of(type(game).__module__))
    _mark(game_module, {type(game).__name__: "allow_interpreted_subclasses=True"})
    game_module.save()
    for module_name in compiled:
        module = _Module(path_of(module_name))
        plain = {node.name: "native_class=False" for node in module.tree.body
                 if isinstance(node, ast.ClassDef) and not node.bases and not node.decorator_list}
        if plain:
            # A plain class's objects (a state's config, a cache of events) stay ordinary Python
            # objects: fingerprints read their slots in the order written (a native class keeps
            # none, and lists its attributes in the order __init__ sets them) and pickle them to a
            # review's processes (a native class with an __init__ cannot be made again by pickle).
            _mark(module, plain)
            module.save()
    return compiled


def fold(dst: Path) -> list[str]:
    """Copy made; mark the engine, fold each compiled game; the modules to compile."""
    sys.path.insert(0, str(ROOT))
    from cardtable.games import games, parts_of

    targets = [f"cardtable.engine.{m}" for m in ENGINE]
    for name, marks in MARKS.items():
        module = _Module(dst / f"cardtable/engine/{name}.py")
        _mark(module, marks)
        module.save()
    for game in games().values():
        parts = parts_of(game)
        if parts.compiled:
            targets += fold_state(dst, parts)
    return targets


def copy(dst: Path) -> None:
    if dst.exists():
        shutil.rmtree(dst)
    dst.mkdir(parents=True)
    for name in COPIED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dst / name, ignore=SKIP)
        elif src.exists():
            shutil.copy2(src, dst / name)


def compile_modules(dst: Path, targets: list[str]) -> None:
    # the pydantic plugin is left out: no compiled module holds a model (session 6's finding)
    (dst / "mypyc.ini").write_text("[mypy]\npython_version = 3.11\n", encoding="utf-8")
    paths = [t.replace(".", "/") + ".py" for t in targets]
    subprocess.run([sys.executable, "-m", "mypyc", "--config-file", "mypyc.ini", *paths], cwd=dst, check=True,
                   env=dict(os.environ, MYPYC_OPT_LEVEL=os.environ.get("MYPYC_OPT_LEVEL", "3")))
    shutil.rmtree(dst / "build", ignore_errors=True)
    # mypyc compiles with line tables (-g1): half the runtime module's size, and the zip's size
    # is a target of its own (-S the debugging sections, -x the local symbols: GNU and Apple tools)
    strip = shutil.which("strip")
    if strip and sys.platform != "win32":
        for built in sorted(dst.rglob("*.so")):
            subprocess.run([strip, "-S", "-x", str(built)], check=True)


def run_tests(dst: Path) -> int:
    """The tests that run against the compiled copy, as CI runs them against the program: every
    game's own, the engine's, the bots', the review's (its processes get pickled native states),
    the runner's, the golden games and every release's saves; and the check that the copy's
    modules were loaded compiled (``CARDTABLE_EXPECT_COMPILED``)."""
    env = dict(os.environ, PYTHONPATH=str(dst), CARDTABLE_EXPECT_COMPILED="1")
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *COMPILED_TESTS],
                          cwd=dst, env=env).returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dst", type=Path)
    parser.add_argument("--no-compile", action="store_true", help="write the folded copy, compile nothing")
    parser.add_argument("--test", action="store_true", help="then run the compiled copy's tests (CI)")
    args = parser.parse_args()
    start = time.perf_counter()
    dst = args.dst.resolve()
    copy(dst)
    targets = fold(dst)
    if not args.no_compile:
        compile_modules(dst, targets)
    print(f"build_native: {len(targets)} modules {'folded' if args.no_compile else 'compiled'} in {dst} "
          f"({time.perf_counter() - start:.0f} s)", flush=True)
    return run_tests(dst) if args.test else 0


if __name__ == "__main__":
    sys.exit(main())
