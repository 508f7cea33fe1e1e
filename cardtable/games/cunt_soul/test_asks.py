"""Cunt-Soul's turn as a queue of pending decisions (issue 27, item 4): the abilities push, the
turn asks the head and the answer pops it; the old names read the queue."""

from __future__ import annotations

import pytest

from cardtable.engine.cards import parse_cards
from cardtable.engine.protocol import Action
from cardtable.engine.rng import Rng
from cardtable.games.cunt_soul.asks import (
    ASK_AGAIN,
    ASK_FOLLOW,
    ASK_JACK,
    ASK_RUN,
    ASK_SEVEN,
    ASK_SWAPS,
    NOT_JACK,
    NOT_RUN,
    head,
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

ORDER = (ASK_AGAIN, ASK_RUN, ASK_SWAPS, ASK_SEVEN, ASK_JACK, ASK_FOLLOW)


def play(st: CuntSoulState, text: str) -> None:
    st.apply(Action("play", tuple(sorted(parse_cards(text)))))


def test_the_head_is_the_next_ask_in_the_turns_order() -> None:
    """However set, the head is the next the turn asks: extra turn, run, 5's swaps, 7, J, Q's
    follow-up; settling the head leaves the next."""
    asks = ASK_FOLLOW | ASK_JACK | ASK_SWAPS | ASK_RUN
    assert head(asks) == ASK_RUN
    assert head(asks & NOT_RUN) == ASK_SWAPS
    assert head(ASK_FOLLOW | ASK_SEVEN) == ASK_SEVEN and head(ASK_FOLLOW) == ASK_FOLLOW
    assert head(0) == 0 and (asks & NOT_JACK) == ASK_FOLLOW | ASK_SWAPS | ASK_RUN
    assert list(ORDER) == sorted(ORDER) and len({*ORDER}) == 6 and all(k & k - 1 == 0 for k in ORDER)


def test_old_names_read_the_queue() -> None:
    """``run``, ``swaps_due``, ``seven_due``, ``jack_due``, ``follow`` and ``extra`` (the fields the
    fingerprint still digests by name) answer from the queue, and cannot be set."""
    st = position()
    st.run_record, st.swaps_left = Run(6, 1, 1, (), 4), 2
    st.asks = ASK_RUN | ASK_SWAPS | ASK_SEVEN | ASK_FOLLOW
    assert st.run == Run(6, 1, 1, (), 4) and st.swaps_due == 2 and st.seven_due and st.follow
    assert not st.jack_due and not st.extra
    assert st.seven_due is True and st.jack_due is False  # bools, as the fields were (fingerprints)
    st.asks = ASK_AGAIN  # what the run and the swaps carried is no longer asked
    assert st.extra and st.run is None and st.swaps_due == 0 and not st.seven_due and not st.follow
    with pytest.raises(AttributeError):
        st.follow = True  # type: ignore[misc]


def test_a_five_pushes_its_swaps_and_each_swap_pops_one() -> None:
    """R19/R36: two 5s allow two swaps; the turn asks them first, then ends."""
    st = position(hands={0: "5c 5d 3h 9d", 1: "3c"}, up={0: "Kh Ks Kd"})
    play(st, "5c 5d")
    assert st.asks == ASK_SWAPS and st.swaps_due == 2 and st.phase == FIVE and st.to_move == 0
    st.apply(Action("swap", tuple(parse_cards("3h Kh"))))
    assert st.asks == ASK_SWAPS and st.swaps_due == 1 and st.phase == FIVE
    st.apply(Action("swap", tuple(parse_cards("9d Ks"))))
    assert st.asks == 0 and st.to_move == 1 and st.phase == PLAY


def test_swaps_nobody_can_make_lapse_and_the_turn_ends() -> None:
    """R19: with no face-up card to swap with, the 5's swaps lapse without asking."""
    st = position(hands={0: "5c 9d", 1: "3c"})
    play(st, "5c")
    assert st.asks == 0 and st.to_move == 1 and st.phase == PLAY


def test_seven_and_jack_are_asked_and_popped_by_the_answer() -> None:
    """R24 then R28: each asked once, the answer pops it."""
    st = position(n=4, hands={0: "7c 4d", 1: "3c", 2: "3d", 3: "3h"})
    play(st, "7c")
    assert st.asks == ASK_SEVEN and st.phase == SEVEN
    st.apply(Action("declare", choice="lower"))
    assert st.asks == 0 and st.to_move == 1
    st = position(n=4, hands={0: "Jc 4d", 1: "3c", 2: "3d", 3: "3h"})
    play(st, "Jc")
    assert st.asks == ASK_JACK and st.phase == JACK_CHOICE
    st.apply(Action("choose", target=3))
    assert st.asks == 0 and st.to_move == 3


def test_a_run_is_asked_while_it_goes_on_and_a_burn_settles_every_ask() -> None:
    """R21: the run's record lies beside its ask; R12: a burn leaves only the extra turn."""
    st = position(hands={0: "4c 5c 6c 9d", 1: "3c"})
    play(st, "4c")
    assert st.phase == RUN and st.asks == ASK_RUN and st.run == Run(5, 1, 0, (), 4)
    play(st, "5c")
    assert st.run == Run(6, 1, 1, tuple(parse_cards("5c")), 4) and st.asks == ASK_RUN
    st = position(hands={0: "Qc 10d 4d", 1: "3c"}, pile="9h", top=Top(seat=1, face=9, count=1, value=9))
    play(st, "Qc")
    assert st.asks == ASK_FOLLOW and st.phase == PLAY and st.to_move == 0
    play(st, "10d")  # the follow-up burns: the burner plays again, nothing else is pending
    assert st.asks == 0 and st.to_move == 0 and st.discard == []


@pytest.mark.parametrize("players", [3, 5])
def test_in_play_one_ask_is_pending_at_a_time(players: int) -> None:
    """Over random games: a link has one ability, so at most one bit is set; a pending run or
    swaps ask has what it carries."""
    for seed in range(4):
        options = CuntSoulOptions(field5_look_first=seed % 2 == 1)
        st = GAME.new_state([f"P{i}" for i in range(players)], options, seed)
        assert isinstance(st, CuntSoulState)
        pick = Rng(seed)
        while st.to_move is not None and st.turns < 300:
            asks = st.asks
            assert asks & asks - 1 == 0 and 0 <= asks <= ASK_FOLLOW
            assert not asks & ASK_SWAPS or st.swaps_left >= 1
            assert not asks & ASK_RUN or st.run_record is not None
            legal = st.legal_actions()
            st.apply(legal[pick.below(len(legal))])
