"""An idle table is not redrawn 60 times a second: playing Cersei in a real window, the program took
57% of a core while the table waited for the player to flip (every frame drawn whether or not
anything changed). In the window's loop a frame is drawn on input, while something moves (cards in
flight, a drag), and otherwise every ``STILL_FRAME`` seconds, so timed changes still show."""

from __future__ import annotations

import pygame
from test_ui_comforts import my_turn
from ui_driver import Driver, seats

from cardtable.runner.match import Match
from cardtable.ui.pacing import STILL_FRAME, Pacing


def _count_draws(d: Driver) -> list[float]:
    drawn: list[float] = []
    real = d.app.draw

    def counted() -> None:
        drawn.append(d.now)
        real()

    d.app.draw = counted  # type: ignore[method-assign]
    return drawn


def test_a_still_table_is_drawn_a_few_times_a_second_and_at_once_on_input():
    d = Driver(animation_speed="normal")
    table = d.table(Match("shithead", seats("human", "bot"), seed=4, dealer=1))
    my_turn(d, table)
    d.frames(120)  # everything dealt and landed
    assert not table.moving(d.now)
    d.app._looping = True  # the window's own loop (tests otherwise draw every step)
    drawn = _count_draws(d)
    d.frames(120)  # two seconds with no input
    assert 2 / STILL_FRAME - 2 <= len(drawn) <= 2 / STILL_FRAME + 2, len(drawn)
    drawn.clear()
    d.post(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0))
    d.frame()
    assert drawn == [d.now]  # input: drawn in the same frame
    d.frames(3)
    drawn.clear()
    table.version += 1  # a position changed with nothing flying (a bot's move that only turns)
    d.frame()
    assert drawn == [d.now]


def test_cards_in_flight_are_drawn_every_frame():
    d = Driver(animation_speed="normal")
    table = d.table(Match("takku-sum", seats("human", "bot"), seed=4, dealer=1))
    my_turn(d, table)
    d.frames(120)
    d.app._looping = True
    drawn = _count_draws(d)
    play = next(a for a in table.legal() if a.kind == "play")  # the card flies to the pile
    table.apply(play)
    d.frame()
    assert table.moving(d.now)
    flying = 0
    while table.moving(d.now) and flying < 600:
        before = len(drawn)
        d.frame()
        assert len(drawn) == before + 1  # each frame of the flight is drawn
        flying += 1
    assert flying > 5  # the move did fly
    assert drawn[-1] == d.now  # and the frame where it landed was drawn


def test_pacing_draws_on_input_while_moving_the_frame_after_and_on_the_still_beat():
    pace = Pacing()
    assert pace.draw_now(0.0, False, False)  # the first frame
    assert not pace.draw_now(0.05, False, False)
    assert pace.draw_now(0.06, True, False)  # input
    assert not pace.draw_now(0.1, False, False)
    assert pace.draw_now(0.11, False, True) and pace.draw_now(0.12, False, True)  # moving
    assert pace.draw_now(0.13, False, False)  # the frame after: it landed
    assert not pace.draw_now(0.2, False, False)
    assert pace.draw_now(0.13 + STILL_FRAME, False, False)  # the still beat

