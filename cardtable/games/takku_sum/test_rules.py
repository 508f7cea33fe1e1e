"""Takku-Sum rules, one ruling at a time, from hand-built positions.

Ruling numbers (R…, A…) are those of ../shared/rulings/takku-sum.md. Card texts are "9h", "Kc";
the Draw Pile is given in the order its cards will be drawn.
"""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.engine.cards import parse_card, parse_cards
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import Action, IllegalAction
from cardtable.engine.rng import Rng
from cardtable.games.takku_sum.game import (
    AS_PLAIN,
    AS_WILDCARD,
    DOWN,
    GAME,
    GRACE,
    MINI_GAME,
    OVER,
    PASS,
    PLAYING,
    UNDECIDED,
    UP,
    VALUE,
    TakkuSumState,
)
from cardtable.games.takku_sum.positions import cards_of, position


def play(state: TakkuSumState, cards: str, choice: str = "") -> list[str]:
    """Play these cards for the seat to move; the log lines."""
    events = state.apply(Action("play", tuple(sorted(cards_of(cards))), -1, choice))
    return [e.text for e in events if e.text]


def values(cards: list[int]) -> list[int]:
    return [VALUE[c] for c in cards]


def plays(state: TakkuSumState) -> set[tuple[int, ...]]:
    return {tuple(values(list(a.cards))) for a in state.legal_actions() if a.kind == "play"}


# -- setup ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "size"), [(2, 7), (3, 5), (4, 4)])
def test_hand_sizes_by_player_count_r4(players: int, size: int) -> None:
    state = GAME.new_state([f"P{i}" for i in range(players)], None, seed=3)
    assert [len(h) for h in state.hands] == [size] * players  # type: ignore[attr-defined]


def test_indicator_and_first_card_then_mini_game_r5_r6_a1() -> None:
    state = GAME.new_state(["A", "B", "C"], None, seed=3)
    assert isinstance(state, TakkuSumState)
    assert len(state.wildcard) == 1 and len(state.play) == 1
    assert state.direction == UNDECIDED and state.phase == MINI_GAME
    assert state.legal_actions() == [Action("draw_for_first")]


def test_mini_game_ties_redraw_among_tied_players_r6_a17() -> None:
    state = position(["", "", ""], play="5c", wildcard="2c", draw="Kc Ks 3d Jh Qh")
    state.phase, state.contenders, state.mini_next = MINI_GAME, (0, 1, 2), 0
    logs = []
    events = []
    for _ in range(3):
        events += state.apply(Action("draw_for_first"))
    logs = [e.text for e in events if e.text]
    assert any("P1 and P2 tie on K: they draw again" in t for t in logs)
    moves = [e for e in events if e.kind == "move" and e.dst.startswith("minigame/")]
    assert [(e.dst, e.face_up) for e in moves] == [("minigame/0", True), ("minigame/1", True),
                                                   ("minigame/2", True)]
    assert state.to_move == 0 and state.contenders == (0, 1)
    events = state.apply(Action("draw_for_first")) + state.apply(Action("draw_for_first"))
    assert any(e.text == "P2 drew the highest card and starts" for e in events)
    assert state.phase == PLAYING and state.to_move == 1
    # All mini-game cards go to the Discard Pile (A17).
    assert sorted(state.discard) == sorted(parse_cards("Kc Ks 3d Jh Qh"))
    assert all(not m for m in state.minigame)


def test_ace_counts_one_r1() -> None:
    state = position(["Ah 7c", "8c", "9c"], play="2d", wildcard="Kd")
    logs = play(state, "Ah")
    assert state.direction == DOWN
    assert "A on 2: the Direction is Down" in logs


# -- the Direction -------------------------------------------------------------------------------
def test_any_card_while_undecided_a3() -> None:
    state = position(["2c 9d Kh", "8c", "9c"], play="7d", wildcard="4d")
    assert plays(state) == {(2,), (9,), (13,)}


def test_direction_decided_by_first_different_value_a2_r9() -> None:
    state = position(["7h 3c", "7s 2c", "9c 4c"], play="7d", wildcard="Kd")
    play(state, "7h")
    assert state.direction == UNDECIDED, "the same value leaves it Undecided"
    play(state, "7s")
    assert state.direction == UNDECIDED
    logs = play(state, "9c")
    assert state.direction == UP
    assert "9 on 7: the Direction is Up" in logs


def test_same_value_flips_the_direction_r9() -> None:
    state = position(["9h 2c", "8c", "9c"], play="5d 9d", wildcard="Kd", direction=UP)
    logs = play(state, "9h")
    assert state.direction == DOWN
    assert "the same value: the Direction flips to Down" in logs


def test_higher_play_keeps_up_r9() -> None:
    state = position(["Jh 2c", "8c", "9c"], play="9d", wildcard="4d", direction=UP)
    play(state, "Jh")
    assert state.direction == UP


def test_up_allows_higher_same_or_wildcard_r8() -> None:
    state = position(["2c 4h 8h 9h 10h Kh Ac", "8c", "9c"], play="9d", wildcard="4d", direction=UP)
    assert plays(state) == {(4,), (9,), (10,), (13,)}


def test_down_allows_lower_same_or_wildcard_r8() -> None:
    state = position(["2c 4h 8h 9h 10h Kh Ac", "8c", "9c"], play="9d", wildcard="Kd", direction=DOWN)
    assert plays(state) == {(1,), (2,), (4,), (8,), (9,), (13,)}


def test_nothing_is_higher_than_a_king_r8() -> None:
    state = position(["2c Qh Ac", "8c", "9c"], play="Kd", wildcard="5d", direction=UP)
    assert plays(state) == set()
    assert [a.kind for a in state.legal_actions()] == [GRACE, PASS]


def test_wildcard_flips_and_cycles_r9_r11() -> None:
    state = position(["4h 2c 3c 6d 7d", "8c", "9c"], play="9d", wildcard="4d", draw="Qs 5c", direction=UP)
    logs = play(state, "4h")
    assert state.direction == DOWN
    assert state.wildcard == [parse_card("Qs")]
    assert parse_card("4d") in state.discard
    assert "a wildcard: the Direction flips to Down" in logs
    assert "the Wildcard Indicator cycles: Q♠, so Queens are wild" in logs
    assert state.hands[0][-1] == parse_card("5c"), "the refill comes after the cycle"


def test_wildcard_while_undecided_decides_without_extra_flip_a4() -> None:
    state = position(["4h 2c", "8c", "9c"], play="9d", wildcard="4d", draw="Qs")
    play(state, "4h")
    assert state.direction == DOWN, "4 under 9 decides Down, with no further flip"
    assert state.wildcard == [parse_card("Qs")], "the indicator still cycles"


def test_wildcard_rank_is_always_wild_by_default_a5() -> None:
    state = position(["Jh 2c", "8c", "9c"], play="5d", wildcard="Jd", draw="3s", direction=UP)
    assert state.legal_actions()[0].choice == ""
    play(state, "Jh")
    assert state.direction == DOWN, "a J on a 5 while Up is still the wildcard: it flips"
    assert state.wildcard == [parse_card("3s")]


def test_declared_plain_wildcard_rank_a5_option() -> None:
    state = position(["Jh 2c", "8c", "9c"], play="5d", wildcard="Jd", draw="3s", direction=UP,
                     declare_wildcard=True)
    choices = {a.choice for a in state.legal_actions() if a.cards == (parse_card("Jh"),)}
    assert choices == {AS_WILDCARD, AS_PLAIN}
    play(state, "Jh", AS_PLAIN)
    assert state.direction == UP and state.wildcard == [parse_card("Jd")]


def test_declared_plain_needs_an_ordinary_legal_play_a5_option() -> None:
    state = position(["2h 3c", "8c", "9c"], play="5d", wildcard="2d", direction=UP, declare_wildcard=True)
    assert {a.choice for a in state.legal_actions()} == {AS_WILDCARD}
    with pytest.raises(IllegalAction, match="only be played as the wildcard"):
        play(state, "2h", AS_PLAIN)


def test_same_value_wildcard_flips_once_a6() -> None:
    state = position(["4h 2c", "8c", "9c"], play="9d 4s", wildcard="4d", draw="Qs", direction=UP)
    play(state, "4h")
    assert state.direction == DOWN, "same value and wildcard at once: one flip, not two"


# -- groups ----------------------------------------------------------------------------------------
def test_any_group_size_can_be_chosen_a9() -> None:
    state = position(["7h 7c 7s 2c", "8c", "9c"], play="5d", wildcard="Kd")
    groups = [a.cards for a in state.legal_actions() if VALUE[a.cards[0]] == 7]
    assert Counter(len(g) for g in groups) == {1: 3, 2: 3, 3: 1}


def test_triple_cycles_the_indicator_r10() -> None:
    state = position(["7h 7c 7s 2c", "8c", "9c"], play="5d", wildcard="Kd", draw="Qs", direction=UP)
    logs = play(state, "7h 7c 7s")
    assert state.direction == UP, "a triple does not flip"
    assert state.wildcard == [parse_card("Qs")]
    assert any("cycles" in t for t in logs)


def test_three_wildcards_cycle_twice_a7() -> None:
    state = position(["4h 4c 4s 2c", "8c", "9c"], play="9d", wildcard="4d", draw="Qs 6c", direction=UP)
    play(state, "4h 4c 4s")
    assert state.wildcard == [parse_card("6c")]
    assert parse_card("Qs") in state.discard and parse_card("4d") in state.discard
    assert state.direction == DOWN


def test_three_wildcards_cycle_once_option_a7() -> None:
    state = position(["4h 4c 4s 2c", "8c", "9c"], play="9d", wildcard="4d", draw="Qs 6c", direction=UP,
                     triple_wildcard_cycles="once")
    play(state, "4h 4c 4s")
    assert state.wildcard == [parse_card("Qs")]


def test_four_of_a_kind_count_as_a_wildcard_r10() -> None:
    state = position(["Jh Jc Js Jd 2c", "8c", "9c"], play="9d", wildcard="4d", draw="Qs", direction=UP)
    logs = play(state, "Jh Jc Js Jd")
    assert state.direction == DOWN
    assert state.wildcard == [parse_card("Qs")]
    assert "four or more of a kind count as a wildcard: the Direction flips to Down" in logs


def test_four_cards_that_violate_the_direction_are_refused_r10() -> None:
    state = position(["5h 5c 5s 5d Qc", "8c", "9c"], play="9d", wildcard="4d", direction=UP)
    before = fingerprint(state)
    with pytest.raises(IllegalAction) as err:
        play(state, "5h 5c 5s 5d")
    assert str(err.value) == "the Direction is Up: play higher than 9, a 9, or the wildcard 4"
    assert fingerprint(state) == before


def test_four_wildcards_cycle_twice_a7() -> None:
    state = position(["4h 4c 4s 2c", "8c", "9c"], play="9d", wildcard="4d", draw="Qs 6c", direction=UP,
                     decks=2)
    state.hands[0].append(parse_card("4h", 1))
    play(state, "4h 4c 4s 2:4h")
    assert state.wildcard == [parse_card("6c")]
    assert state.direction == DOWN


def test_two_decks_allow_groups_of_eight_a16() -> None:
    state = position(["7h 7c 7s 7d 2:7h 2:7c 2:7s 2:7d", "8c", "9c"], play="5d", wildcard="Kd",
                     draw="Qs", direction=UP, decks=2)
    assert len(state.all_cards()) == 104
    assert max(len(a.cards) for a in state.legal_actions()) == 8
    play(state, "7h 7c 7s 7d 2:7h 2:7c 2:7s 2:7d")
    assert state.direction == DOWN, "eight of a kind count as a wildcard"


def test_the_ruled_error_message_names_the_rule() -> None:
    state = position(["5h Qc", "8c", "9c"], play="9d", wildcard="4d", direction=UP)
    before = fingerprint(state)
    with pytest.raises(IllegalAction) as err:
        play(state, "5h")
    assert str(err.value) == "the Direction is Up: play higher than 9, a 9, or the wildcard 4"
    assert fingerprint(state) == before
    down = position(["Qh 2c", "8c", "9c"], play="8d", wildcard="Ad", direction=DOWN)
    with pytest.raises(IllegalAction, match="Direction is Down: play lower than 8, an 8, or the wildcard A"):
        play(down, "Qh")


def test_mixed_values_are_refused_r8() -> None:
    state = position(["5h 6c", "8c", "9c"], play="4d", wildcard="Kd")
    with pytest.raises(IllegalAction, match="one value"):
        play(state, "5h 6c")


# -- refill and the Draw Pile ------------------------------------------------------------------------
def test_refill_after_every_play_r12() -> None:
    state = position(["7h 7c 2c 3c 4c", "8c", "9c"], play="5d", wildcard="Kd", draw="Qs Js")
    events = state.apply(Action("play", tuple(sorted(parse_cards("7h 7c")))))
    assert len(state.hands[0]) == 5
    refill = [e for e in events if e.kind == "move" and e.dst == "hand/0"]
    assert refill and refill[0].src == "draw" and not refill[0].face_up


def test_discard_reshuffled_the_moment_the_draw_pile_empties_r3() -> None:
    state = position(["7h 2c 3c 4c 5c", "8c", "9c"], play="5d", wildcard="Kd", draw="Qs", rest="discard")
    discard = set(state.discard)
    events = state.apply(Action("play", (parse_card("7h"),)))
    assert state.hands[0][-1] == parse_card("Qs")
    assert set(state.draw) == discard and not state.discard
    assert any(e.src == "discard" and e.dst == "draw" and "shuffled" in e.text for e in events)


def test_no_card_to_refill_keeps_the_smaller_hand_a14() -> None:
    state = position(["7h 2c 3c 4c 5c", "8c", "9c"], play="5d", wildcard="Kd", rest="points",
                     points_to_win=10)
    play(state, "7h")
    assert len(state.hands[0]) == 4


def test_cycle_with_no_card_keeps_the_indicator_a14() -> None:
    state = position(["4h 2c", "8c", "9c"], play="9d", wildcard="4d", direction=UP, rest="points",
                     points_to_win=10)
    logs = play(state, "4h")
    assert state.wildcard == [parse_card("4d")]
    assert "no card to draw: the Wildcard Indicator stays" in logs


def test_an_empty_hand_cannot_play_and_fails_a14() -> None:
    state = position(["", "8c", "9c"], play="9d", wildcard="4d", direction=UP, rest="points",
                     points_to_win=10, last_player=2)
    assert state.legal_actions() == [Action(PASS)]
    state.apply(Action(PASS))
    assert state.failures == 1 and state.to_move == 1


# -- grace cards and passing --------------------------------------------------------------------------
def test_grace_card_that_fits_must_be_played_r13() -> None:
    state = position(["2c 3c 5h 6h 7h", "8c", "9c"], play="9d", wildcard="4d", draw="Jh", direction=UP)
    events = state.apply(Action(GRACE))
    assert state.play[-1] == parse_card("Jh")
    assert len(state.hands[0]) == 5, "no refill: the hand is already full"
    assert state.last_player == 0 and state.to_move == 1
    assert any(e.text == "the grace card J♥ fits, so it must be played" for e in events)


def test_grace_card_that_does_not_fit_is_discarded_face_up_r13() -> None:
    state = position(["2c 3c 5h 6h 7h", "8c", "9c"], play="9d", wildcard="4d", draw="3h", direction=UP,
                     last_player=2)
    events = state.apply(Action(GRACE))
    assert state.discard[-1] == parse_card("3h")
    move = next(e for e in events if e.dst == "discard")
    assert move.face_up and move.src == "hand/0"
    assert state.failures == 1 and state.to_move == 1


def test_grace_card_option_off_only_pass() -> None:
    state = position(["2c 3c", "8c", "9c"], play="9d", wildcard="4d", direction=UP, grace_card=False)
    assert state.legal_actions() == [Action(PASS)]
    with pytest.raises(IllegalAction, match="grace cards are not used"):
        state.apply(Action(GRACE))


def test_a_player_who_can_play_must_play_a10() -> None:
    state = position(["Jc 3c", "8c", "9c"], play="9d", wildcard="4d", direction=UP)
    before = fingerprint(state)
    for kind in (PASS, GRACE):
        with pytest.raises(IllegalAction, match="must play"):
            state.apply(Action(kind))
    assert fingerprint(state) == before


def test_a_grace_card_or_a_pass_holding_a_card_is_refused_for_what_it_is_a10() -> None:
    """A10: a player who cannot play takes a grace card or passes; neither names a card. Sent with
    a card, the grace card was refused as "the Draw Pile and the Discard Pile are empty" with 29
    cards to draw, and the pass as "you can play": the refusal says what is wrong."""
    state = position(["2c 3c", "8c", "9c"], play="9d", wildcard="4d", direction=UP, draw="Kc Ks")
    before = fingerprint(state)
    assert set(state.legal_actions()) == {Action(GRACE), Action(PASS)}
    for kind, words in ((GRACE, "take a grace card"), (PASS, "pass")):
        with pytest.raises(IllegalAction, match=f"{words} takes no cards, target or choice"):
            state.apply(Action(kind, (parse_card("2c"),)))
    assert fingerprint(state) == before


def test_declining_the_grace_card_counts_as_failing_a10() -> None:
    state = position(["2c 3c", "8c", "9c"], play="9d", wildcard="4d", direction=UP, last_player=2)
    state.apply(Action(PASS))
    assert state.failures == 1 and state.to_move == 1


def test_grace_card_is_played_alone_a10() -> None:
    state = position(["2c 3c 5h", "8c", "9c"], play="9d", wildcard="4d", draw="Jh", direction=UP)
    state.apply(Action(GRACE))
    assert state.play == parse_cards("9d Jh"), "the grace card goes down alone"


def test_grace_wildcard_declared_when_option_on_a5_r13() -> None:
    state = position(["2c 3c", "8c", "9c"], play="9d", wildcard="Jd", draw="Jh", direction=UP,
                     declare_wildcard=True)
    state.apply(Action(GRACE))
    assert state.to_move == 0
    assert {a.choice for a in state.legal_actions()} == {AS_WILDCARD, AS_PLAIN}
    play(state, "Jh", AS_PLAIN)
    assert state.direction == UP and state.to_move == 1


# -- the end of a round -----------------------------------------------------------------------------
def test_round_ends_when_every_other_player_has_failed_r14_a11() -> None:
    state = position(["Kh 2c", "2d 3d", "3h 4h"], play="9d", wildcard="5d", direction=UP, draw="6c 7c 8c")
    play(state, "Kh")
    state.apply(Action(PASS))
    assert state.to_move == 2 and state.points == ((), (), ()), "one failure is not enough"
    events = state.apply(Action(PASS))
    assert state.points[0] == (parse_card("Kh"),)
    texts = [e.text for e in events]
    assert "P1 was the last to play and wins the round: K♥ is a point (1 of 5)" in texts


def test_a_failed_player_gets_another_chance_a11() -> None:
    state = position(["10h 5h 2c", "2d 3d", "Kh 4h"], play="9d", wildcard="5d", direction=UP,
                     draw="6c 7c 8c 9c")
    play(state, "10h")
    state.apply(Action(PASS))  # P2 cannot follow a 10 while Up
    play(state, "Kh")
    play(state, "5h")  # the wildcard flips the Direction to Down
    assert state.to_move == 1 and state.direction == DOWN
    assert (2,) in plays(state), "P2 failed before, but is not out of the round"


def test_failure_counter_resets_after_a_play_a11() -> None:
    state = position(["Jh 2c", "2d 3d", "Qh 3h"], play="9d", wildcard="5d", direction=UP,
                     draw="6c 7c 8c 9c 10c")
    play(state, "Jh")
    state.apply(Action(PASS))  # P2 fails
    play(state, "Qh")  # P3 plays: P2's failure no longer counts
    assert state.failures == 0 and state.last_player == 2 and state.to_move == 0
    assert state.points == ((), (), ())


def test_round_end_point_card_and_discards_r15_a15() -> None:
    state = position(["2c", "2d", "3h"], play="9d Jd Kh", wildcard="5d", direction=UP, last_player=2,
                     failures=1, to_move=1, draw="6c 7c")
    state.apply(Action(PASS))
    assert state.points[2] == (parse_card("Kh"),)
    assert {parse_card("9d"), parse_card("Jd"), parse_card("5d")} <= set(state.discard)
    zones = state.zones()
    assert zones["points/2"] == [parse_card("Kh")]


def test_next_round_winner_starts_with_new_piles_r17_a1_a12_a13() -> None:
    state = position(["2c 4c", "2d 4d", "3h 4h"], play="9d Kh", wildcard="5d", direction=UP, last_player=2,
                     failures=1, to_move=1, draw="6c 7c")
    hands = [h[:] for h in state.hands]
    events = state.apply(Action(PASS))
    assert state.hands == hands, "hands carry over (A12)"
    assert state.wildcard == [parse_card("6c")] and state.play == [parse_card("7c")]
    assert state.direction == UNDECIDED and state.failures == 0 and state.last_player == -1
    assert state.to_move == 2 and state.phase == PLAYING
    assert "P3 starts the round" in [e.text for e in events]


def test_next_round_left_of_winner_option_a13() -> None:
    state = position(["2c", "2d", "3h"], play="9d Kh", wildcard="5d", direction=UP, last_player=2,
                     failures=1, to_move=1, next_round_starter="left_of_winner")
    state.apply(Action(PASS))
    assert state.to_move == 0


def test_next_round_mini_game_option_a13() -> None:
    state = position(["2c", "2d", "3h"], play="9d Kh", wildcard="5d", direction=UP, last_player=2,
                     failures=1, to_move=1, next_round_starter="mini_game")
    state.apply(Action(PASS))
    assert state.phase == MINI_GAME and state.to_move == 0
    assert state.legal_actions() == [Action("draw_for_first")]


def test_first_to_five_points_wins_r16() -> None:
    state = position(["2c", "2d", "3h"], play="9d Kh", wildcard="5d", direction=UP, last_player=2,
                     failures=1, to_move=1, points=["", "", "Qc Qd Qh Qs"])
    events = state.apply(Action(PASS))
    assert state.phase == OVER and state.to_move is None
    result = state.result()
    assert result is not None and result.places == (2, 2, 1) and result.rewards[2] == 1.0
    assert "P3 has 5 points and wins the match" in [e.text for e in events]


def test_points_to_win_option_r16() -> None:
    state = position(["2c", "2d", "3h"], play="9d Kh", wildcard="5d", direction=UP, last_player=2,
                     failures=1, to_move=1, points_to_win=1)
    events = state.apply(Action(PASS))
    assert state.is_over
    # a match to one point read "P3 wins the match with 1 points" on the results
    result = state.result()
    assert result is not None and result.text == "P3 wins the match with 1 point (P1 0, P2 0)"
    assert "P3 has 1 point and wins the match" in [e.text for e in events]


# -- views and hidden information --------------------------------------------------------------------
def test_view_hides_hands_and_draw_pile_5_4() -> None:
    state = position(["2c 3c", "8c 9h", "Jc Jd"], play="9d", wildcard="4d", direction=UP)
    view = state.view(0)
    assert isinstance(view, TakkuSumState)
    assert view.hands[0] == state.hands[0]
    assert set(view.hands[1]) == {-1} and set(view.hands[2]) == {-1}
    assert set(view.draw) == {-1}
    assert view.play == state.play and view.wildcard == state.wildcard


def test_passes_are_public_facts_and_determinize_respects_them() -> None:
    state = position(["Kh 2c", "2d 3d 4s", "Qh 3h"], play="9d", wildcard="5d", direction=UP,
                     draw="6c 7c 8c 9c 10c")
    play(state, "Kh")
    state.apply(Action(GRACE))  # P2 has no K and no 5: shown by taking a grace card
    view = state.view(2)
    assert isinstance(view, TakkuSumState)
    lacking = view.lacks[1]
    assert all((m >> 13) & 1 and (m >> 5) & 1 for m in lacking[:3])
    for seed in range(40):
        guess = view.determinize(Rng(seed))
        assert isinstance(guess, TakkuSumState)
        assert not any(VALUE[c] in (13, 5) for c in guess.hands[1][:3])


def test_determinize_falls_back_when_facts_cannot_be_met() -> None:
    state = position(["2c", "2d 3d", "3h"], play="9d", wildcard="5d", direction=UP, draw="6c")
    view = state.view(0)
    assert isinstance(view, TakkuSumState)
    view.lacks[1] = [0b11111111111110, 0b11111111111110]  # impossible: lacks every value
    guess = view.determinize(Rng(1))
    assert -1 not in guess.hands[1]
    assert Counter(c for cs in guess.card_lists() for c in cs) == Counter(guess.all_cards())


def test_status_helpers_for_the_table_a19() -> None:
    state = position(["Jc", "8c", "9c"], play="9d", wildcard="4d", direction=UP)
    assert state.direction_name == "Up" and state.wildcard_value == 4
    assert state.status() == "Direction Up · 4s are wild · 9 on top"
    assert state.prompt() == "Direction Up: play higher than 9, a 9, or the wildcard 4"
    # the wildcard's value on top: one value, named once as what it is
    same = position(["Jc", "8c", "9c"], play="9d", wildcard="9h", direction=UP)
    assert same.prompt() == "Direction Up: play higher than 9, or a 9 (the wildcard)"


def test_safety_cap_when_no_one_can_play_at_all() -> None:
    """Only reachable with very long matches: every card is out of play, nobody has played this
    round, and every seat has failed. The match ends on points with a clear message."""
    state = position(["", "", ""], play="9d", wildcard="4d", rest="points", failures=2, points_to_win=10)
    events = state.apply(Action(PASS))
    result = state.result()
    assert result is not None and result.capped and state.to_move is None
    assert "no one could play" in result.text and events[-1].kind == "game_over"


def test_pass_facts_do_not_reveal_which_slot_a_card_left() -> None:
    """P2 holds one card known to lack the values that were legal at a pass; it plays a card that
    either that card or another could be. The table cannot tell which slot it came from, so the
    view must not either: the fullest fitting slot is dropped in both cases."""
    gap = sum(1 << v for v in (4, 9, 10, 11, 12, 13))  # passed on a 9 while Up, 4s wild
    views = []
    for hand, facts in (("2d 3d 5s 6s 7s", [gap, 0, 0, 0, 0]), ("2d 3d 5s 6s 7s", [0, gap, 0, 0, 0])):
        state = position(["Kh 2c", hand, "Qh 3h"], play="9d", wildcard="4d", direction=DOWN, to_move=1,
                         draw="6c 7c 8c 9c 10c")
        state.lacks[1] = facts
        play(state, "2d")
        views.append(state.view(0).lacks[1])
    assert views[0] == views[1] == [0, 0, 0, 0, 0]


def test_two_players_one_failure_ends_the_round_r14_a8() -> None:
    state = position(["Kh 2c 3c 4c 5c 6c 7c", "2d 3d 4d 5d 6d 7d 8d"], play="9d", wildcard="Js",
                     direction=UP, draw="8c 9c 10c")
    play(state, "Kh")
    assert state.to_move == 1, "turns go round the table in seat order"
    state.apply(Action(PASS))
    assert state.points[0] == (parse_card("Kh"),) and state.to_move == 0


def test_a_tapped_point_card_says_it_is_a_point_not_that_it_is_missing() -> None:
    """A phone's tap on one of your own point cards said "2♦ is not in your hand" (true, but it is
    plainly in front of you). Seed: a point is the Play Pile's top card "put face down in front of
    the winning player"; a player plays cards from their hand."""
    state = position(["5c 9h", "6d 7s"], play="4h", points=["2d", ""], to_move=0)
    view = state.view(0)
    two = parse_card("2d")
    said = view.why_illegal(Action("play", (two,)))
    assert said == "2♦ is one of your points: only cards in your hand are played"
    assert view.why_illegal(Action("play", (parse_card("7s"),))) == "7♠ is not in your hand"
