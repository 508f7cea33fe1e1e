"""Shithead's quiet playout states (``narrate`` False, set by its search hooks' ``prepare``): the
same game, move for move, without the everyday events nothing reads in a playout."""

from __future__ import annotations

from cardtable.ai import make_bot
from cardtable.ai.search_hooks import hooks_for
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.rng import Rng
from cardtable.games.shithead import kinds
from cardtable.games.shithead.game import GAME, ShitheadOptions

RARE = (kinds.OUT, kinds.SAFE, kinds.GAME_OVER, kinds.STALEMATE)
"""What a quiet play or pickup still tells: seats leaving, the end, a stalemate."""


def test_a_quiet_game_is_the_same_game_without_the_everyday_events() -> None:
    plays = burns = 0
    for seed in (3, 11, 42):
        loud = GAME.new_state(["Ann", "Bea", "Cal", "Dee"], ShitheadOptions(), seed)
        quiet = loud.clone()
        hooks_for(quiet).prepare(quiet)  # as the search prepares a determinized deal
        assert quiet.narrate is False and loud.narrate is True
        bots = [make_bot("shithead", "heuristic", Rng(seed).next64() + s) for s in range(4)]
        while loud.to_move is not None:
            action = bots[loud.to_move].choose(loud.view(loud.to_move))
            said = loud.apply(action)
            told = quiet.apply(action)
            assert fingerprint(quiet) == fingerprint(loud)  # every card, seat and stream alike
            assert told == [e for e in said if e in told]  # what a quiet state tells, it tells alike
            if action.kind in ("play", "pickup"):
                plays += 1
                assert said and all(e.kind in RARE for e in told)
                burns += any(e.kind == kinds.BURN for e in said)
        assert quiet.result() == loud.result()
    assert plays > 200 and burns > 3  # the everyday actions were met, burns among them
