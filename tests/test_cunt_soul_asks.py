"""Cunt-Soul's turn as a queue of pending decisions (issue 27, item 4): the abilities push, the
turn asks the head and the answer pops it; the old names read the queue."""

from __future__ import annotations

import pytest

from cardtable.engine.cards import parse_cards
from cardtable.engine.protocol import Action
from cardtable.engine.rng import Rng
from cardtable.games.cunt_soul.asks import (
    AGAIN_ASK,
    ASK_FOLLOW,
    ASK_JACK,
    ASK_RUN,
    ASK_SEVEN,
    ASK_SWAPS,
    FOLLOW_ASK,
    JACK_ASK,
    SEVEN_ASK,
    Ask,
    pushed,
)
from cardtable.games.cunt_soul.game import (
    FIVE,
    GAME,
    JACK_CHOICE,
    PLAY,
    RUN,
    SEVEN,
    CuntSoulOptions,
    CuntSoulState,
    Top,
)
from cardtable.games.cunt_soul.links import Run
from cardtable.games.cunt_soul.positions import position


def play(st: CuntSoulState, text: str) -> None:
    st.apply(Action("play", tuple(sorted(parse_cards(text)))))


def test_pushes_keep_the_turns_order_and_one_ask_of_a_kind() -> None:
    """However pushed, the head is the next the turn asks: run, 5's swaps, 7, J, Q's follow-up."""
    run = Ask(ASK_RUN, Run(5, 1, 0, (), 4))
    asks = pushed(pushed(pushed(pushed((), FOLLOW_ASK), JACK_ASK), Ask(ASK_SWAPS, swaps=2)), run)
    assert [a.kind for a in asks] == [ASK_RUN, ASK_SWAPS, ASK_JACK, ASK_FOLLOW]
    asks = pushed(asks, SEVEN_ASK)
    assert [a.kind for a in asks] == [ASK_RUN, ASK_SWAPS, ASK_SEVEN, ASK_JACK, ASK_FOLLOW]
    asks = pushed(asks, Ask(ASK_SWAPS, swaps=3))  # a 5's swaps are set, not added
    assert [a.swaps for a in asks if a.kind == ASK_SWAPS] == [3] and len(asks) == 5
    assert pushed(asks, FOLLOW_ASK) == asks and pushed((), SEVEN_ASK) == (SEVEN_ASK,)


def test_old_names_read_the_queue() -> None:
    """``run``, ``swaps_due``, ``seven_due``, ``jack_due``, ``follow`` and ``extra`` (the fields the
    fingerprint still digests by name) answer from the queue, and cannot be set."""
    st = position()
    st.asks = (Ask(ASK_RUN, Run(6, 1, 1, (), 4)), Ask(ASK_SWAPS, swaps=2), SEVEN_ASK, FOLLOW_ASK)
    assert st.run == Run(6, 1, 1, (), 4) and st.swaps_due == 2 and st.seven_due and st.follow
    assert not st.jack_due and not st.extra
    st.asks = (AGAIN_ASK,)
    assert st.extra and st.run is None and st.swaps_due == 0 and not st.seven_due and not st.follow
    with pytest.raises(AttributeError):
        st.follow = True  # type: ignore[misc]


def test_a_five_pushes_its_swaps_and_each_swap_pops_one() -> None:
    """R19/R36: two 5s allow two swaps; the turn asks them first, then ends."""
    st = position(hands={0: "5c 5d 3h 9d", 1: "3c"}, up={0: "Kh Ks Kd"})
    play(st, "5c 5d")
    assert st.asks == (Ask(ASK_SWAPS, swaps=2),) and st.phase == FIVE and st.to_move == 0
    st.apply(Action("swap", tuple(parse_cards("3h Kh"))))
    assert st.asks == (Ask(ASK_SWAPS, swaps=1),) and st.phase == FIVE
    st.apply(Action("swap", tuple(parse_cards("9d Ks"))))
    assert st.asks == () and st.to_move == 1 and st.phase == PLAY


def test_swaps_nobody_can_make_lapse_and_the_turn_ends() -> None:
    """R19: with no face-up card to swap with, the 5's swaps lapse without asking."""
    st = position(hands={0: "5c 9d", 1: "3c"})
    play(st, "5c")
    assert st.asks == () and st.to_move == 1 and st.phase == PLAY


def test_seven_and_jack_are_asked_and_popped_by_the_answer() -> None:
    """R24 then R28: each asked once, the answer pops it."""
    st = position(n=4, hands={0: "7c 4d", 1: "3c", 2: "3d", 3: "3h"})
    play(st, "7c")
    assert st.asks == (SEVEN_ASK,) and st.phase == SEVEN
    st.apply(Action("declare", choice="lower"))
    assert st.asks == () and st.to_move == 1
    st = position(n=4, hands={0: "Jc 4d", 1: "3c", 2: "3d", 3: "3h"})
    play(st, "Jc")
    assert st.asks == (JACK_ASK,) and st.phase == JACK_CHOICE
    st.apply(Action("choose", target=3))
    assert st.asks == () and st.to_move == 3


def test_a_run_is_the_head_while_it_goes_on_and_a_burn_settles_every_ask() -> None:
    """R21: the run's record rides in the queue; R12: a burn leaves only the extra turn."""
    st = position(hands={0: "4c 5c 6c 9d", 1: "3c"})
    play(st, "4c")
    assert st.phase == RUN and st.asks[0].kind == ASK_RUN and st.run == Run(5, 1, 0, (), 4)
    play(st, "5c")
    assert st.run == Run(6, 1, 1, tuple(parse_cards("5c")), 4) and len(st.asks) == 1
    st = position(hands={0: "Qc 10d 4d", 1: "3c"}, pile="9h", top=Top(seat=1, face=9, count=1, value=9))
    play(st, "Qc")
    assert st.asks == (FOLLOW_ASK,) and st.phase == PLAY and st.to_move == 0
    play(st, "10d")  # the follow-up burns: the burner plays again, nothing else is pending
    assert st.asks == () and st.to_move == 0 and st.discard == []


@pytest.mark.parametrize("players", [3, 5])
def test_the_queue_is_always_in_order_with_one_ask_of_a_kind(players: int) -> None:
    """Over random games: sorted by kind, no kind twice, every swaps count at least one, a run ask
    carries its run; and in play one card's ask is pending at a time (a link has one ability)."""
    for seed in range(4):
        options = CuntSoulOptions(field5_look_first=seed % 2 == 1)
        st = GAME.new_state([f"P{i}" for i in range(players)], options, seed)
        assert isinstance(st, CuntSoulState)
        pick = Rng(seed)
        while st.to_move is not None and st.turns < 300:
            kinds = [a.kind for a in st.asks]
            assert kinds == sorted(set(kinds)) and len(kinds) <= 1
            assert all(a.swaps >= 1 for a in st.asks if a.kind == ASK_SWAPS)
            assert all(a.run is not None for a in st.asks if a.kind == ASK_RUN)
            legal = st.legal_actions()
            st.apply(legal[pick.below(len(legal))])
