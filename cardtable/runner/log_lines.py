"""A match's log lines rebuilt from its actions: what a seat's table said, line by line, from the deal.

Continue and the replay viewer show the whole match's log, not an empty one: the saved actions
are applied again to the deal and each event's line is collected from the events as the viewer
may know them (``events_for``), the same lines the table said while it was played.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.protocol import Action, Game
from cardtable.engine.seat_events import events_for
from cardtable.engine.words import in_second_person


def deal_line(names: Sequence[str], dealer: int) -> str:
    """The log's first line, as the table says it when the cards are dealt."""
    return in_second_person(f"{names[dealer]} deals.", names)


def log_lines(game: Game, names: Sequence[str], options: object, seed: int, dealer: int,
            actions: Sequence[Action], viewer: int | None) -> list[str]:
    """The log lines of a match from its deal through ``actions``, as ``viewer`` saw them."""
    state = game.new_state(list(names), options, seed, dealer)  # type: ignore[arg-type]
    lines = [deal_line(names, dealer)]
    for action in actions:
        before = state.clone()
        events = state.apply(action)
        lines += [in_second_person(ev.text, names) for ev in events_for(before, state, events, viewer)
                  if ev.text]
    return lines
