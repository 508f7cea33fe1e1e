"""The table scene's parts: the board holds only what its viewer may know, the choreography
animates the events redacted for the viewer, turns ask every seat through its driver."""

from __future__ import annotations

import pytest
from table_checks import NAMES, level
from ui_driver import Driver

from cardtable.engine.seat_events import known_to
from cardtable.games import games
from cardtable.runner.drivers import BotSeat, LocalSeat
from cardtable.runner.match import Match, Seat


@pytest.mark.parametrize("name", sorted(games()))
def test_an_animated_table_holds_no_card_id_its_viewer_may_not_know(name: str) -> None:
    """Issue 13.4: every card the board keeps (at rest or in flight) is an id the viewer knows or
    a stand-in for a place; a card that moves face up is seen face up on its way (even one that
    ends the action face down, as a won card going to the bottom of a deck); the animation still
    lands every card where the match has it."""
    game = games()[name]
    d = Driver(animation_speed="fast", bot_think_ms=0)
    kinds = ["human"] + ["bot"] * (game.default_players - 1)
    match = Match(name, [Seat(NAMES[i], k, level(name)) for i, k in enumerate(kinds)], seed=6)
    table = d.table(match)
    told: list = []
    play = table.choreo.play
    table.choreo.play = lambda before, events, now, action=None: (told.extend(events),
                                                                   play(before, events, now, action))
    drawn: set[int] = set()
    assert isinstance(table.turns.loop.drivers[0], LocalSeat)
    assert all(isinstance(dr, BotSeat) for dr in table.turns.loop.drivers[1:])
    for _ in range(400):
        if match.state.is_over or d.app.top is not table:
            break
        if match.state.to_move == 0 and not table.busy(d.now):
            table.apply(match.legal()[-1])
        d.frame(1 / 30)
        drawn |= {face for face, _, _ in table.drawn}
        known = known_to(match.state, 0)
        held = {c for cs in table.board.zones().values() for c in cs} | set(table.board.motions.flights)
        leaked = {c for c in held if c >= 0} - known
        assert not leaked, f"the table holds {sorted(leaked)}, unknown to its viewer"
    assert len(match.actions) > 5
    for _ in range(300):  # the last action lands
        if not table.busy(d.now):
            break
        d.frame(1 / 30)
        drawn |= {face for face, _, _ in table.drawn}
    shown_up = {c for ev in told if ev.kind == "move" and ev.face_up for c in ev.cards}
    assert shown_up <= drawn, f"{sorted(shown_up - drawn)} moved face up but were never drawn face up"
    sizes = {z: len(cs) for z, cs in match.state.zones().items()}
    assert {z: len(cs) for z, cs in table.board.zones().items()} == sizes
