"""A game played twice side by side, once narrated and once quiet (``narrate`` False, as a search's
``prepare`` sets it on a playout state), with what both must share checked at every action."""

from __future__ import annotations

from collections.abc import Iterator

from cardtable.ai import make_bot
from cardtable.ai.search_hooks import hooks_for
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import Action, Event, State
from cardtable.engine.rng import Rng

Step = tuple[Action, list[Event], list[Event]]
"""An action, what the narrated state said of it, what the quiet state told."""


def loud_and_quiet(game_name: str, loud: State, seed: int) -> Iterator[Step]:
    """Each action of a heuristic game from ``loud``, with the events the narrated state said and the
    quiet one told. Checked here: the quiet copy is quiet, every card, seat and stream stays alike,
    what a quiet state tells it tells alike, and both end the same."""
    quiet = loud.clone()
    prepare = hooks_for(quiet).prepare
    assert prepare is not None
    prepare(quiet)  # as the search prepares a determinized deal
    assert quiet.narrate is False and loud.narrate is True  # type: ignore[attr-defined]
    bots = [make_bot(game_name, "heuristic", Rng(seed).next64() + s) for s in range(len(loud.names))]
    while loud.to_move is not None:
        action = bots[loud.to_move].choose(loud.view(loud.to_move))
        said = loud.apply(action)
        told = quiet.apply(action)
        assert fingerprint(quiet) == fingerprint(loud)  # every card, seat and stream alike
        assert told == [e for e in said if e in told]  # what a quiet state tells, it tells alike
        yield action, said, told
    assert quiet.result() == loud.result()
