"""A player's home as an earlier release left it, opened with this code: the checks every saves
fixture gets (``test_save_fixtures.py``, and the fixture generator's own test).

A fixture is a folder ``saves-<version>/`` with ``home/`` (a ``CARDTABLE_HOME`` that version
wrote) and ``expected.json`` (where each unfinished match stands, in the player's terms: seats,
number of actions, player to move, every zone's cards, the prompt, the legal actions read out;
how many replays; each replay's number of actions). They are found in the shared folder beside
the repository (``../shared/fixtures``, read-only) and in ``tests/fixtures``.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from cardtable.engine.position import position_record
from cardtable.runner.match import Match
from cardtable.store.autosaver import Autosaver
from cardtable.store.filing import list_replays
from cardtable.store.paths import app_paths
from cardtable.store.replay_pass import positions
from cardtable.store.settings import Settings, load_settings
from cardtable.store.stats import Stats, load_stats
from cardtable.store.unfinished import load_unfinished

REPO = Path(__file__).resolve().parent.parent
OWN = REPO / "tests" / "fixtures"
REWORDED = {
    # Session 15: Shithead offered "show a 3" to a player holding none (the fixture's Ash holds
    # 10♣ 9♠ A♣, and "show" is not among the legal moves): the same position and choices, words
    # that no longer offer a move the player cannot make.
    "Play on the 2♦, show a 3, or pick up the pile": "Play on the 2♦, or pick up the pile",
}
"""A prompt an earlier release wrote and the words this one says for the same position instead.
The position (zones, player to move, legal moves) must match exactly; a prompt may be reworded
only as listed here, each with why."""


def shared_fixtures() -> Path | None:
    """``shared/fixtures`` beside the repository (CI's fresh clone), or beside a folder holding
    it (a worktree under ``wt/``)."""
    for folder in REPO.parents:
        if (folder / "shared" / "fixtures").is_dir():
            return folder / "shared" / "fixtures"
    return None


def fixture_folders() -> list[Path]:
    """Every fixture, once by name: the shared folder's where it has one (the original), else the
    repository's own (``tests/fixtures`` carries a byte-identical copy of ``saves-0.1.0``, so a
    clone anywhere, with no shared folder beside it, still checks the first release's home)."""
    found: dict[str, Path] = {}
    for root in (shared_fixtures(), OWN):
        if root is not None and root.is_dir():
            for p in sorted(root.glob("saves-*")):
                if (p / "expected.json").is_file():
                    found.setdefault(p.name, p)
    return sorted(found.values(), key=lambda p: p.name)


def open_fixture(fixture: Path, tmp: Path) -> dict[str, Any]:
    """Copy the fixture's home to ``tmp`` (the program writes a lock, backups, upgraded files)
    and open it with this code through the real store; assert that every unfinished match
    continues exactly where ``expected.json`` says, and that replays, statistics and settings are
    kept. Returns what was found, for more checks."""
    expected = json.loads((fixture / "expected.json").read_text())
    home = tmp / "home"
    shutil.copytree(fixture / "home", home)
    raw_stats = json.loads((fixture / "home" / "stats.json").read_text())
    raw_settings = json.loads((fixture / "home" / "settings.json").read_text())
    paths = app_paths(home)

    found = load_unfinished(paths)
    # Upgrading asks nothing of the player (it is logged); nothing is set aside or lost.
    assert found.messages == [], found.messages
    assert not list(home.rglob("*.bad-*"))
    by_game = {u.saved.game: u for u in found}
    assert sorted(by_game) == sorted(expected["unfinished"])
    saver = Autosaver(paths)
    try:
        for game, where in expected["unfinished"].items():
            match = Match.resume(by_game[game], saver)
            assert match.names == where["seats"], game
            assert len(match.actions) == where["actions"], game
            seen = position_record(match.state)
            for key in ("to_move", "zones", "legal"):
                assert seen[key] == where[key], (game, key)
            assert seen["prompt"] == REWORDED.get(where["prompt"], where["prompt"]), game
            # And it goes on: the first legal action is taken and autosaved in this format.
            action = match.legal()[0]
            match.apply(action)
            assert saver.flush() == [] and not match.messages, (game, match.messages)
        again = {u.saved.game: u for u in load_unfinished(paths)}
        assert not load_unfinished(paths).messages
        for game, where in expected["unfinished"].items():
            assert len(again[game].saved.actions) == where["actions"] + 1, game
    finally:
        assert saver.close() == []

    replays = list_replays(paths)
    assert replays.messages == [], replays.messages
    assert len(replays) == expected["replays"]
    moves = {saved.game: len(saved.actions) for saved in replays}
    assert moves == expected["finished_moves"]
    for saved in replays:
        steps = positions(saved)   # each replays to its end, as the statistics screen shows it
        assert steps[-1].is_over and saved.outcome is not None, saved.game

    stats, messages = load_stats(paths)
    assert messages == []
    kept = Stats.model_validate({k: v for k, v in raw_stats.items() if k != "schema_version"})
    assert stats == kept and sum(g.matches for g in stats.games.values()) >= expected["replays"]
    settings, messages = load_settings(paths)
    assert messages == []
    assert settings == Settings.model_validate({k: v for k, v in raw_settings.items()
                                                if k != "schema_version"})
    return {"paths": paths, "expected": expected, "replays": replays}
