"""The installed program is complete (issue 19): the wheel that ``pip install .`` builds holds every
module under ``cardtable/``, every game's rule book and every asset. A hand-kept package list once
left three UI packages out and the README's start command opened only an error box."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def source_files() -> set[str]:
    return {p.relative_to(ROOT).as_posix() for p in (ROOT / "cardtable").rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"}


def test_the_wheel_holds_every_module_rule_book_and_asset(tmp_path):
    # Built from a copy, the way pip builds ``pip install .``: nothing is left in the checkout.
    source = tmp_path / "src"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".venv", ".git", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "wheel"),
                    str(source)], check=True, capture_output=True)
    (wheel,) = (tmp_path / "wheel").glob("cardtable-*.whl")
    inside = set(zipfile.ZipFile(wheel).namelist())
    files = source_files()
    assert {f for f in files if f.endswith(".py")} and {f for f in files if f.endswith("rules.md")}
    assert {f for f in files if "/assets/" in f}
    assert files - inside == set()
