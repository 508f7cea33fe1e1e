"""Saves survive upgrades (issue 27 item 3): the home each earlier release left, opened with this
code, continues every unfinished match at the recorded position (same cards in the same zones,
the same player to move, prompt and choices), lists its replays and keeps the statistics and
settings. ``saves-0.1.0`` (in the shared folder, and copied byte for byte under ``tests/fixtures``)
must always be found; a release that changes the
save format adds its own fixture under ``tests/fixtures`` (see its README)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from save_fixtures import REPO, fixture_folders, open_fixture, shared_fixtures

FIXTURES = fixture_folders()


def test_the_fixture_of_version_0_1_0_is_found():
    assert "saves-0.1.0" in [f.name for f in FIXTURES]


def test_the_repositorys_copy_of_the_first_release_home_is_the_shared_one_byte_for_byte():
    """A clone with no shared folder beside it checks ``tests/fixtures/saves-0.1.0``: it must be
    what 0.1.0 wrote, never edited (with the shared folder there, every file is compared)."""
    own = REPO / "tests" / "fixtures" / "saves-0.1.0"
    own_files = sorted(p.relative_to(own) for p in own.rglob("*") if p.is_file())
    assert len(own_files) >= 12 and (own / "expected.json").is_file()
    shared = shared_fixtures()
    if shared is not None and (shared / "saves-0.1.0").is_dir():
        original = shared / "saves-0.1.0"
        assert own_files == sorted(p.relative_to(original) for p in original.rglob("*") if p.is_file())
        for rel in own_files:
            assert (own / rel).read_bytes() == (original / rel).read_bytes(), rel


@pytest.mark.parametrize("fixture", FIXTURES, ids=[f.name for f in FIXTURES])
def test_an_earlier_release_home_continues_every_match_where_it_stood(fixture, tmp_path):
    open_fixture(fixture, tmp_path)


def test_the_fixture_generator_writes_a_home_this_code_continues(tmp_path):
    """``scripts/make_save_fixture.py`` is how a release adds its fixture: it must write one."""
    out = tmp_path / "saves-9.9.9"
    script = [sys.executable, str(REPO / "scripts" / "make_save_fixture.py"), "--out", str(out)]
    done = subprocess.run([*script, "--version", "9.9.9"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    expected = json.loads((out / "expected.json").read_text())
    assert expected["version"] == "9.9.9" and len(expected["unfinished"]) == expected["replays"] == 5
    open_fixture(out, tmp_path / "opened")
    again = subprocess.run(script, capture_output=True, text=True, timeout=60)
    assert again.returncode == 2 and "never rewritten" in again.stderr
