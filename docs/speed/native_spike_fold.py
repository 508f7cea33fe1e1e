"""Session 17's spike (docs/speed/native-spike.md): write a copy of the package where Cunt-Soul's
state is ONE plain class (no metaclass, no mixins), so mypyc can compile it as a native class.

    python docs/speed/native_spike_fold.py SRC DST

SRC is a checkout (read only); DST gets a full copy of it with these changes:

- engine/protocol.py: ``State`` loses its metaclass (mypyc then makes it native; interpreted
  subclasses allowed); ``LegalMemo`` is marked non-native (a list subclass). The metaclass now
  makes ``engine/declared.py``'s ``DeclaredState``, which the other games' states subclass.
- cunt_soul/state.py: ``CuntSoulState`` is ``CuntSoulFields`` with the methods of
  ``FieldAbilities``, ``Words``, ``LegalMoves``, ``TurnFlow``, ``CardAbilities`` and ``Playing``
  folded in (MRO order: a later part's method wins, as in the MRO), its slots annotated in the
  class body and ``clone``/``view``/``_redact`` written out from the same field table the
  metaclass uses (``fields._clone_source`` and friends). The parts' modules keep their
  module-level names; their classes are gone.

A throwaway: it measures the question, it is not how the change would land.
"""

from __future__ import annotations

import ast
import re
import shutil
import sys
from pathlib import Path

PARTS = ("field_abilities", "words", "legal", "turn", "abilities", "play")
"""The mixins of CuntSoulState, last in its MRO first (a later one's method overrides)."""
HONEST_LEGAL = "--honest-legal" in sys.argv
"""Also type the legal list a bot gets as ``Sequence[Action]`` (what the games answer)."""
MYPYC_ATTR = "from mypy_extensions import mypyc_attr\n"
PART_CLASS = {"field_abilities": "FieldAbilities", "words": "Words", "legal": "LegalMoves",
              "turn": "TurnFlow", "abilities": "CardAbilities", "play": "Playing"}


def class_node(tree: ast.Module, name: str) -> ast.ClassDef:
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == name:
            return node
    raise LookupError(name)


def start_line(node: ast.stmt) -> int:
    decorators = getattr(node, "decorator_list", [])
    return min([node.lineno, *(d.lineno for d in decorators)])


def cut(lines: list[str], node: ast.stmt) -> None:
    """Blank the lines of ``node`` (kept as empty lines: line numbers stay put)."""
    assert node.end_lineno is not None
    for i in range(start_line(node) - 1, node.end_lineno):
        lines[i] = ""


def methods(src: str, cls: ast.ClassDef) -> list[tuple[str, str]]:
    """The class's function definitions (with decorators) as (name, source), in order."""
    lines = src.splitlines(keepends=True)
    out = []
    for node in cls.body:
        if isinstance(node, ast.FunctionDef):
            assert node.end_lineno is not None
            out.append((node.name, "".join(lines[start_line(node) - 1:node.end_lineno])))
    return out


def top_names(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom | ast.Import):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.FunctionDef):
            names.add(node.name)
    return names


def used_names(code: str) -> set[str]:
    return {n.id for n in ast.walk(ast.parse("class _Folded:\n" + code)) if isinstance(n, ast.Name)}


def fold_cunt_soul(src_root: Path, dst: Path) -> None:
    sys.path.insert(0, str(src_root))
    from cardtable.engine import fields as fieldmod
    from cardtable.games.cunt_soul.state import CuntSoulFields

    pkg = dst / "cardtable/games/cunt_soul"
    state_src = (pkg / "state.py").read_text()
    state_tree = ast.parse(state_src)
    fields_cls = class_node(state_tree, "CuntSoulFields")
    own_names = top_names(state_tree)

    # the parts: their classes cut out, their methods kept for the fold
    folded: dict[str, str] = {}
    imports: dict[str, str] = {}  # name -> the part module it is imported from
    for part in PARTS:
        path = pkg / f"{part}.py"
        src = path.read_text()
        tree = ast.parse(src)
        cls = class_node(tree, PART_CLASS[part])
        for name, code in methods(src, cls):
            folded[name] = code
        lines = src.splitlines(keepends=True)
        cut(lines, cls)
        for node in tree.body:  # the part no longer needs the state (nor makes a cycle)
            if isinstance(node, ast.ImportFrom) and node.module == "cardtable.games.cunt_soul.state":
                cut(lines, node)
        path.write_text("".join(lines))
        part_names = top_names(tree) - {PART_CLASS[part], "CuntSoulFields", "annotations"}
        for name in sorted(part_names):
            imports.setdefault(name, part)

    # CuntSoulFields's own methods and class attributes come first; the parts override them
    body_lines = state_src.splitlines(keepends=True)
    own_methods = methods(state_src, fields_cls)
    order = [n for n, _ in own_methods if n not in folded] + list(folded)
    code_of = {**dict(own_methods), **folded}

    # the lambda over self in result(): mypyc's internal error (curr_env_reg); same order
    code_of["result"] = code_of["result"].replace(
        "        rest = [p for p in range(n) if not self.out[p]]\n"
        "        rest.sort(key=lambda p: (self.cards_left(p), p))\n",
        "        rest = [p for _, p in sorted([(self.cards_left(p), p)\n"
        "                                      for p in range(n) if not self.out[p]])]\n")
    assert "lambda" not in code_of["result"]
    # a malformed action (a phone's, a save's) may hold anything: compiled code checks the declared
    # int on each item and would raise TypeError where the rules answer "not legal"
    old = "        kind, cards, target, choice = action\n"
    assert old in code_of["_plainly_legal"]
    code_of["_plainly_legal"] = code_of["_plainly_legal"].replace(
        old, "        items: tuple[object, ...] = action\n        kind, cards, target, choice = items\n")
    old = "        last = -1\n        for c in cards:\n"
    assert old in code_of["_plainly_legal"]
    code_of["_plainly_legal"] = code_of["_plainly_legal"].replace(
        old, "        last = -1\n        raw: tuple[object, ...] = cards\n        for c in raw:\n")
    # clone gives a CuntSoulState (the class is the last of its line): so does determinize
    code_of["determinize"] = code_of["determinize"].replace("-> Self:", "-> CuntSoulState:")

    fields = CuntSoulFields.fields
    annotations = {}
    for node in fields_cls.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            annotations[node.target.id] = ast.get_source_segment(state_src, node.annotation)
    slot_lines = "".join(f"    {f.name}: {annotations[f.name]}\n" for f in fields)
    slots = "    __slots__ = (" + ", ".join(repr(f.name) for f in fields) + ",)\n"

    def made(source: str) -> str:
        # as the metaclass makes them, with the class's own constructor and typed signatures
        source = source.replace("_blank()", "CuntSoulState()")
        source = source.replace("def clone(self):", "def clone(self) -> CuntSoulState:")
        source = source.replace("def view(self, seat):", "def view(self, seat: int) -> CuntSoulState:")
        source = source.replace("def _redact(self, seat):", "def _redact(self, seat: int) -> None:")
        return "\n".join("    " + line if line else "" for line in source.splitlines()) + "\n"

    made_src = "".join(made(s) for s in (fieldmod._clone_source(fields), fieldmod._view_source(fields),
                                           fieldmod._redact_source(fields)))
    made_src = made_src.replace("_CUT", "CUT").replace("_HIDDEN", "HIDDEN").replace("_SHARED_BACKS",
                                                                                      "SHARED_BACKS")
    fields_table = ("    fields: ClassVar[tuple[StateField, ...]] = (\n"
                    + "".join(f"        StateField({f.name!r}, {f.policy!r}, {f.derived!r}, {f.seen!r}),\n"
                              for f in fields) + "    )\n"
                    f"    derived_fields: ClassVar[tuple[str, ...]] = {CuntSoulFields.derived_fields!r}\n")

    # class attributes of CuntSoulFields other than the field declarations (fingerprint lists)
    keep = []
    for node in fields_cls.body:
        annotation = ast.get_source_segment(state_src, node.annotation) \
            if isinstance(node, ast.AnnAssign) else ""
        if isinstance(node, ast.Assign) or (isinstance(node, ast.AnnAssign) and node.value is not None
                                            and "ClassVar" in (annotation or "")):
            keep.append("".join(body_lines[node.lineno - 1:node.end_lineno]))

    method_src = "\n".join(code_of[n] for n in order)
    uses = used_names(method_src + made_src)
    wanted = sorted(n for n in uses if n in imports and n not in own_names)
    by_part: dict[str, list[str]] = {}
    for name in wanted:
        by_part.setdefault(imports[name], []).append(name)
    extra_imports = "".join(f"from cardtable.games.cunt_soul.{part} import {', '.join(names)}\n"
                            for part, names in by_part.items())
    extra_imports += ("from cardtable.engine.fields import SHARED_BACKS, StateField\n"
                      "from cardtable.engine.rng import CUT\n")

    head = "".join(body_lines[:start_line(fields_cls) - 1])
    head = head.replace("from typing import TYPE_CHECKING, ClassVar, Self",
                        "from typing import TYPE_CHECKING, Any, ClassVar, Self")
    head = head.replace("from cardtable.engine.fields import copied, own_row_else, seen_when, shared\n", "")
    head = head.replace("    FieldAbilities,\n", "")
    head = re.sub(r"\nclass |\Z", lambda m: "\n" + extra_imports + m.group(0), head, count=1)
    cls_src = ("class CuntSoulState(State):\n"
               '    """Cunt-Soul\'s state: its fields and every part\'s rules in one class (the spike\'s '
               'fold)."""\n\n'
               + slots + slot_lines + "\n" + "".join(keep) + fields_table + "\n" + method_src + "\n"
               + made_src)
    tail = "".join(body_lines[fields_cls.end_lineno:])
    (pkg / "state.py").write_text(head + cls_src + tail + "\n\nCuntSoulFields = CuntSoulState\n")

    # game.py: the state comes from state.py; a blank instance is the class called
    game = (pkg / "game.py").read_text()
    game_tree = ast.parse(game)
    lines = game.splitlines(keepends=True)
    cut(lines, class_node(game_tree, "CuntSoulState"))
    for node in game_tree.body:
        parts = {f"cardtable.games.cunt_soul.{p}" for p in ("abilities", "legal", "play", "turn")}
        if isinstance(node, ast.ImportFrom) and node.module in parts:
            cut(lines, node)
    game = "".join(lines)
    game = game.replace("from cardtable.games.cunt_soul.words import RANK_WORD, Words, describe_action",
                        "from cardtable.games.cunt_soul.state import CuntSoulState\n"
                        "from cardtable.games.cunt_soul.words import RANK_WORD, describe_action")
    game = game.replace("CuntSoulState.__new__(CuntSoulState)", "CuntSoulState()")
    # a test makes the game with other default options by subclassing it
    game = game.replace("\nclass CuntSoulGame(Game):",
                        "\n@mypyc_attr(allow_interpreted_subclasses=True)\nclass CuntSoulGame(Game):")
    game = game.replace("from cardtable.engine.protocol import Action, Game\n",
                        MYPYC_ATTR + "\nfrom cardtable.engine.protocol import Action, Game\n")
    (pkg / "game.py").write_text(game)


def unmeta_engine(dst: Path) -> None:
    proto = dst / "cardtable/engine/protocol.py"
    src = proto.read_text()
    src = src.replace("from cardtable.engine.fields import StateField, _StateMeta",
                      MYPYC_ATTR + "\nfrom cardtable.engine.fields import StateField")
    src = src.replace("class State(metaclass=_StateMeta):",
                      "@mypyc_attr(allow_interpreted_subclasses=True)\nclass State:")
    src = src.replace("class LegalMemo(list):", "@mypyc_attr(native_class=False)\nclass LegalMemo(list):")
    src = src.replace("\nclass Game:", "\n@mypyc_attr(allow_interpreted_subclasses=True)\nclass Game:")
    src = src.replace("class IllegalAction(ValueError):",
                      "@mypyc_attr(native_class=False)\nclass IllegalAction(ValueError):")
    if HONEST_LEGAL:
        # a game may answer a shared tuple (the annotation said list, under a type: ignore): compiled
        # code checks a return and an argument against its annotation, so the type says Sequence
        old = "    def shared_legal(self) -> list[Action]:"
        assert old in src
        src = src.replace(old, "    def shared_legal(self) -> Sequence[Action]:")
        src = src.replace("        return legal  # type: ignore[return-value]  # a game may answer a shared "
                          "tuple", "        return legal")
        for path in (dst / "cardtable/engine/bots.py", dst / "cardtable/games/cunt_soul/bots.py"):
            text = path.read_text().replace("legal: list[Action]", "legal: Sequence[Action]")
            if "import Sequence" not in text and ", Sequence" not in text:
                future = "from __future__ import annotations\n"
                text = text.replace(future, future + "\nfrom collections.abc import Sequence\n", 1)
            path.write_text(text)
    proto.write_text(src)
    # a blank instance of an interpreted subclass of the native State: object.__new__ refuses it
    fields = dst / "cardtable/engine/fields.py"
    fields.write_text(fields.read_text().replace("return partial(object.__new__, cls)",
                                                 "return partial(cls.__new__, cls)"))
    # mypyc: builtin subclasses stay non-native; classes others subclass (tests, other bots) allow it
    for name, edits in (("rng", {"class Rng:": "allow_interpreted_subclasses=True"}),
                        ("bots", {"class BotError(RuntimeError):": "native_class=False",
                                  "class Bot:": "allow_interpreted_subclasses=True"})):
        path = dst / f"cardtable/engine/{name}.py"
        text = path.read_text()
        for line, attr in edits.items():
            assert line in text, line
            text = text.replace("\n" + line, f"\n@mypyc_attr({attr})\n" + line)
        text = text.replace("from __future__ import annotations\n",
                            "from __future__ import annotations\n\n" + MYPYC_ATTR, 1)
        path.write_text(text)
    (dst / "cardtable/engine/declared.py").write_text(
        '"""The metaclass\'s state base for the games whose states declare their fields (spike)."""\n\n'
        "from cardtable.engine.fields import _StateMeta\nfrom cardtable.engine.protocol import State\n\n\n"
        "class DeclaredState(State, metaclass=_StateMeta):\n    __slots__ = ()\n")
    for path in [*(dst / "cardtable/games").glob("*/game.py"), dst / "tests/games/crazy_eights/game.py",
                 dst / "tests/store_fakes.py"]:
        text = path.read_text()
        if re.search(r"^class \w+\(State\):", text, re.M) and "cunt_soul" not in str(path):
            text = re.sub(r"^class (\w+)\(State\):", r"class \1(DeclaredState):", text, flags=re.M)
            if "import DeclaredState" not in text:
                declared = "\nfrom cardtable.engine.declared import DeclaredState\n\n\nclass "
                text = text.replace("\nclass ", declared, 1)
            path.write_text(text)


def main() -> None:
    src, dst = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()
    if dst.exists():
        shutil.rmtree(dst)
    skip = shutil.ignore_patterns(".git", ".venv", "*.so", "__pycache__", ".mypy_cache")
    shutil.copytree(src, dst, ignore=skip)
    unmeta_engine(dst)
    fold_cunt_soul(src, dst)


if __name__ == "__main__":
    main()
