"""``State.apply`` given something that is not a proper action refuses it with IllegalAction and
changes nothing (issue 27 item 8): None, a card that is not a number, a plain tuple that equals a
legal action, a card id outside the pack. Before, these raised AttributeError, TypeError or
IndexError from deep in a game's words, which a phone's or a script's bad input could reach."""

from __future__ import annotations

import pytest

from cardtable.engine.position import position_check
from cardtable.engine.protocol import Action, IllegalAction, is_action
from cardtable.games import games

NOT_ACTIONS = [None, "play", ("pass",), Action("play", ("x",)), Action("play", (1.5,)),
               Action("play", (True,)), Action(None), Action("play", None),  # type: ignore[arg-type]
               Action("play", (1,), "Bea"), Action("play", (), -1, 5)]  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(games()))
@pytest.mark.parametrize("bad", NOT_ACTIONS, ids=repr)
def test_what_is_not_an_action_is_refused_as_illegal(name, bad):
    state = games()[name].new_state(["Ann", "Bea", "Cy"], None, 5)
    before = position_check(state)
    with pytest.raises(IllegalAction, match="not an action"):
        state.apply(bad)
    assert position_check(state) == before


@pytest.mark.parametrize("name", sorted(games()))
def test_a_tuple_equal_to_a_legal_action_or_a_card_outside_the_pack_is_refused(name):
    state = games()[name].new_state(["Ann", "Bea", "Cy"], None, 5)
    before = position_check(state)
    legal = state.legal_actions()[0]
    for bad in (tuple(legal), Action(legal.kind, (10_000,)), Action(legal.kind, (-7,))):
        with pytest.raises(IllegalAction):
            state.apply(bad)   # type: ignore[arg-type]
    assert position_check(state) == before
    state.apply(legal)   # the proper one is still taken


def test_is_action_checks_every_field():
    assert is_action(Action("play", (3, 4), 1, "up"))
    assert not is_action(["play", [3], -1, ""]) and not is_action(Action("play", [3]))  # type: ignore[arg-type]
