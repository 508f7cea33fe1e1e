"""Cunt-Soul's quiet playout states (``narrate`` False, set by its search hooks' ``prepare``): the
same game, move for move, without the everyday events nothing reads in a playout."""

from __future__ import annotations

from cardtable.ai import make_bot
from cardtable.ai.search_hooks import hooks_for
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.rng import Rng
from cardtable.games.cunt_soul import kinds
from cardtable.games.cunt_soul.game import GAME, CuntSoulState

EVERYDAY = (kinds.TURN,)
"""Fact events a quiet state leaves out; of the card moves, plays, blind plays, pickups and draws."""


def test_a_quiet_game_is_the_same_game_without_the_everyday_events() -> None:
    plays = 0
    for seed in (3, 11):
        loud = GAME.new_state(["Ann", "Bea", "Cal", "Dee"], GAME.Options(), seed)
        quiet = loud.clone()
        assert isinstance(loud, CuntSoulState) and isinstance(quiet, CuntSoulState)
        prepare = hooks_for(quiet).prepare
        assert prepare is not None
        prepare(quiet)  # as the search prepares a determinized deal
        assert quiet.narrate is False and loud.narrate is True
        bots = [make_bot("cunt-soul", "heuristic", Rng(seed).next64() + s) for s in range(4)]
        while loud.to_move is not None:
            action = bots[loud.to_move].choose(loud.view(loud.to_move))
            said = loud.apply(action)
            told = quiet.apply(action)
            assert fingerprint(quiet) == fingerprint(loud)  # every card, seat and stream alike
            assert told == [e for e in said if e in told]  # what a quiet state tells, it tells alike
            assert not any(e.kind in EVERYDAY for e in told)
            if action.kind == "play":
                plays += 1
                assert any(e.kind == kinds.MOVE for e in said)
                assert not any(e.kind == kinds.MOVE and e.dst == "discard" for e in told)
        assert quiet.result() == loud.result()
    assert plays > 100  # the everyday actions were met
