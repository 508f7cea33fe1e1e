"""Shithead's quiet playout states (``narrate`` False, set by its search hooks' ``prepare``): the
same game, move for move, without the everyday events nothing reads in a playout."""

from __future__ import annotations

from quiet_checks import loud_and_quiet

from cardtable.games.shithead import kinds
from cardtable.games.shithead.game import GAME, ShitheadOptions

RARE = (kinds.OUT, kinds.SAFE, kinds.GAME_OVER, kinds.STALEMATE)
"""What a quiet play or pickup still tells: seats leaving, the end, a stalemate."""


def test_a_quiet_game_is_the_same_game_without_the_everyday_events() -> None:
    plays = burns = 0
    for seed in (3, 11, 42):
        loud = GAME.new_state(["Ann", "Bea", "Cal", "Dee"], ShitheadOptions(), seed)
        for action, said, told in loud_and_quiet("shithead", loud, seed):
            if action.kind in ("play", "pickup"):
                plays += 1
                assert said and all(e.kind in RARE for e in told)
                burns += any(e.kind == kinds.BURN for e in said)
    assert plays > 200 and burns > 3  # the everyday actions were met, burns among them
