"""The binary's compiled core (issue 28: "a compiled core is welcome only if the pure-Python package
stays complete and tested, both are tested in CI, and saves do not change").

``scripts/build_native.py`` folds each compiled game's state parts into one plain class and
compiles it with mypyc. Here, in the ordinary suite, the fold is checked as Python: the folded
class is one class on the plain ``State``, with the fields its declarations give, and plays the
recorded digests byte for byte. CI then compiles the copy and runs the games' tests, the golden
games, the saves and the conformance checks against it (``.ci/run``), with
``CARDTABLE_EXPECT_COMPILED`` set, so the last test here checks they ran compiled."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.engine.compiled import compiled_modules, core_words
from cardtable.games import games, package_of, parts_of

REPO = Path(__file__).resolve().parent.parent
EXPECTED = os.environ.get("CARDTABLE_EXPECT_COMPILED", "")
"""Set by CI where the suite runs against the compiled copy: the compiled modules must be loaded."""

_LOOK = """
import json
from cardtable.engine.protocol import State
from cardtable.games import games, parts_of
out = {}
for game in games().values():
    if parts_of(game).compiled:
        cls = type(game.new_state(["A", "B", "C", "D"][:game.min_players]))
        out[game.name] = {"mro": [c.__name__ for c in cls.__mro__],
                          "base": cls.__bases__ == (State,),
                          "fields": [(f.name, f.policy, f.derived, f.seen) for f in cls.fields],
                          "fingerprint": list(cls.fingerprint_fields)}
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def folded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dst = tmp_path_factory.mktemp("native") / "copy"
    script = REPO / "scripts" / "build_native.py"
    done = subprocess.run([sys.executable, str(script), str(dst), "--no-compile"], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return dst


def _in(copy: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=300, cwd=copy,
                          env=dict(os.environ, PYTHONPATH=str(copy)))


def test_the_fold_makes_one_plain_class_from_the_same_declarations(folded: Path) -> None:
    compiled = [g for g in games().values() if parts_of(g).compiled]
    assert [g.name for g in compiled] == ["shithead", "cunt-soul"]  # issue 28's two figures
    done = _in(folded, "-c", _LOOK)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    for game in compiled:
        cls = type(game.new_state(["A", "B", "C", "D"][:game.min_players]))
        got = seen[game.name]
        assert got["mro"] == [cls.__name__, "State", "object"] and got["base"], got["mro"]
        assert got["fields"] == [[f.name, f.policy, f.derived, f.seen] for f in cls.fields]
        assert got["fingerprint"] == list(cls.fingerprint_fields)
        for module in parts_of(game).compiled:
            assert (folded / (package_of(game) + "." + module).replace(".", "/")).with_suffix(".py").is_file()


def test_the_folded_class_plays_the_recorded_digests(folded: Path) -> None:
    """Cunt-Soul's digests (every position of seeded games, views and save checks included), the
    golden games of the compiled games (their fingerprints after every action) and their engine
    conformance (every slot set in clones and views, made copies) hold for the folded classes as
    for the program's: the fold changes no rule."""
    digests = "cardtable/games/cunt_soul/test_digests.py"
    done = _in(folded, "-m", "pytest", "-q", "-p", "no:cacheprovider", digests, "tests/test_golden_games.py",
               "tests/test_engine_conformance.py", "-k", "digests or shithead or cunt-soul")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert " passed" in done.stdout and int(done.stdout.split(" passed")[0].split()[-1]) >= 40


def test_the_core_is_what_this_run_expects() -> None:
    """As Python (the README's install, the ordinary suite): no module is compiled. Against CI's
    compiled copy: every module the games and the engine declare is loaded compiled."""
    for game in games().values():  # (import each compiled game's modules)
        for module in parts_of(game).compiled:
            __import__(f"{package_of(game)}.{module}")
    declared = {f"{package_of(g)}.{m}" for g in games().values() for m in parts_of(g).compiled}
    if EXPECTED:
        assert declared <= set(compiled_modules()), sorted(declared - set(compiled_modules()))
        assert "cardtable.engine.protocol" in compiled_modules()
        assert core_words() == f"a compiled core ({len(compiled_modules())} modules)"
    else:
        assert compiled_modules() == [] and core_words() == "Python (no compiled core)"
