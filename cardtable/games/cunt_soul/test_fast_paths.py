"""Cunt-Soul's measured fast paths (issue 28, cheaper playouts) give what the plain code gives:
each is checked here against the plain version, written out, over every decision of seeded games."""

from __future__ import annotations

from cardtable.ai import make_bot
from cardtable.engine.rng import Rng
from cardtable.games.cunt_soul.game import GAME
from cardtable.games.cunt_soul.links import Progress
from cardtable.games.cunt_soul.state import CuntSoulFields


def plain_progress(state: CuntSoulFields) -> Progress | tuple[int, ...]:
    """The stalemate ruling's measure after a turn, every seat's fewest cards worked out each time
    (the code before the usual turn's shortcut)."""
    _turn, burned, low, gone, lows = state.progress
    held = tuple(min(fewest, state.cards_left(i)) for i, fewest in enumerate(lows))
    if (len(state.burn) > burned or len(state.source) < low or len(state.finished) > gone
            or held != lows):
        return Progress(state.turns, len(state.burn), min(low, len(state.source)), len(state.finished), held)
    return state.progress


def test_the_progress_noted_is_the_plain_one_at_every_decision() -> None:
    """At every decision of 60 heuristic games (2 to 6 seats), noting progress leaves the record
    the plain measure gives; records with a new fewest cards and records kept both met."""
    kept = renewed = 0
    seeds = Rng(28)
    for game_no in range(60):
        n = 2 + game_no % 5
        bots = [make_bot("cunt-soul", "heuristic", seeds.next64()) for _ in range(n)]
        state = GAME.new_state([f"P{i}" for i in range(n)], None, seeds.next64())
        while state.to_move is not None:
            probe = state.clone()
            expected = plain_progress(probe)
            probe._note_progress()
            assert probe.progress == expected
            if expected is state.progress:
                kept += 1
            elif expected[4] != state.progress[4]:
                renewed += 1
            s = state.to_move
            state.apply(bots[s].choose(state.view(s)))
    assert kept > 6000 and renewed > 1000
