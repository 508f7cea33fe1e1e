"""`cardtable simulate`'s report: how games ended, each kind of ending on its own line."""

from __future__ import annotations

import pytest

from cardtable.cli import main
from cardtable.games.cunt_soul.game import GAME as CUNT_SOUL
from cardtable.games.cunt_soul.game import CuntSoulOptions
from cardtable.simulate import simulate


class QuickCall(CuntSoulOptions):
    """The stalemate ruling set to one round, so that a simulation meets it."""

    stalemate_rounds: int = 1


def test_simulate_counts_stalemate_calls_beside_the_safety_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 14: games ended by the table's stalemate call are reported on their own line."""
    monkeypatch.setattr(CUNT_SOUL, "Options", QuickCall)
    report = simulate(CUNT_SOUL, ["normal"] * 2, games=6, seed=3)
    # a call after one round without progress ends most games, though not every one
    assert 3 <= report.called <= 6 and report.capped == 0 and report.stuck == 0
    lines = report.lines()
    assert lines[-2] == f"games ended by a stalemate call: {report.called}"
    assert lines[-1].startswith("games ended by a safety cap: 0")


def test_fscking_ace_simulates_twenty_seats(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 14 item 4: `simulate` takes Fscking Ace up to 20 players (four decks)."""
    assert main(["simulate", "fscking-ace", "--players", "20", "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert "Fscking Ace, 20 players, 1 games" in out and "games stuck (no end after" in out
    assert main(["simulate", "fscking-ace", "--players", "21"]) == 2
    assert "3–20 players" in capsys.readouterr().err
