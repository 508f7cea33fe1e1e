"""Cunt-Soul's quiet playout states (``narrate`` False, set by its search hooks' ``prepare``): the
same game, move for move, without the everyday events nothing reads in a playout."""

from __future__ import annotations

from quiet_checks import loud_and_quiet

from cardtable.games.cunt_soul import kinds
from cardtable.games.cunt_soul.game import GAME

EVERYDAY = (kinds.TURN,)
"""Fact events a quiet state leaves out; of the card moves, plays, blind plays, pickups and draws."""


def test_a_quiet_game_is_the_same_game_without_the_everyday_events() -> None:
    plays = 0
    for seed in (3, 11):
        loud = GAME.new_state(["Ann", "Bea", "Cal", "Dee"], GAME.Options(), seed)
        for action, said, told in loud_and_quiet("cunt-soul", loud, seed):
            assert not any(e.kind in EVERYDAY for e in told)
            if action.kind == "play":
                plays += 1
                assert any(e.kind == kinds.MOVE for e in said)
                assert not any(e.kind == kinds.MOVE and e.dst == "discard" for e in told)
    assert plays > 100  # the everyday actions were met
