"""Shithead, ruling by ruling: hand-built positions, one action, the outcome asserted.

Each test names the ruling it checks (R- and A-numbers of shared/rulings/shithead.md).
Seats: Ann 0, Bea 1, Cal 2, Dee 3, Eve 4; the player to your left is the next seat.
"""

from __future__ import annotations

import pytest
from gamecheck import assert_conserved

from cardtable.engine.cards import HIDDEN, parse_card, parse_cards
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import Action, Event, IllegalAction
from cardtable.engine.rng import Rng
from cardtable.games.shithead.game import (
    GAME,
    PICKUP_ACTION,
    PRESELECT,
    RESPOND,
    SAFE,
    SAFETY_CAP,
    SETUP,
    SHOWN_DOWN,
    TAKE_UP,
    TURN,
    WINDOW,
    ShitheadOptions,
    ShitheadState,
)
from cardtable.games.shithead.game import REVEAL as REVEAL_PHASE
from cardtable.games.shithead.positions import ANN, BEA, CAL, DEE, NAMES, cs, play, setup_table, show, table


def keep_arrangement(state: ShitheadState) -> list[Event]:
    """Every seat keeps the up cards it was dealt (R3)."""
    events: list[Event] = []
    while state.phase == SETUP:
        events += state.apply(Action("arrange", tuple(sorted(state.up[state.to_move]))))
    return events


def c(text: str) -> int:
    return parse_card(text)


def texts(events: list[Event]) -> list[str]:
    return [e.text for e in events if e.text]


def refused(state: ShitheadState, action: Action, message: str) -> None:
    """The action is refused with a message naming the rule, and nothing changes."""
    before = fingerprint(state)
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert message in str(err.value)
    assert fingerprint(state) == before


# -- setup --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "draw"), [(2, 34), (3, 25), (4, 16), (5, 7)])
def test_deal_gives_nine_cards_each_and_the_rest_to_the_draw_pile(players: int, draw: int) -> None:
    """shithead R1, A1: one 52-card deck; draw pile sizes 34, 25, 16, 7."""
    state = GAME.new_state(NAMES[:players], None, seed=3)
    assert isinstance(state, ShitheadState)
    for s in range(players):
        assert len(state.hands[s]) == len(state.up[s]) == len(state.down[s]) == 3
    assert len(state.draw) == draw
    assert sorted(state.all_cards()) == list(range(52))
    assert_conserved(state)


@pytest.mark.parametrize("players", [1, 6])
def test_two_to_five_players_only(players: int) -> None:
    """shithead A1: 6 players would need 54 cards."""
    with pytest.raises(ValueError, match="2–5 players"):
        GAME.new_state(["X"] * players, None, seed=1)


def test_deal_one_card_at_a_time_from_the_dealers_left() -> None:
    """shithead R2, A26: down, up, then hand cards, one at a time clockwise from the dealer's left."""
    state = GAME.new_state(NAMES[:4], None, seed=5, dealer=2)
    assert isinstance(state, ShitheadState)
    deck = list(range(52))
    Rng(5).shuffle(deck)
    order = [3, 0, 1, 2]
    for row, rows in enumerate((state.down, state.up, state.hands)):
        for rnd in range(3):
            for k, seat in enumerate(order):
                assert rows[seat][rnd] == deck[-1 - (row * 12 + rnd * 4 + k)]
    assert state.draw == deck[:16]
    assert state.to_move == 3, "the dealer's left chooses up cards first"


def test_dealer_is_random_unless_the_table_rotates_it() -> None:
    """shithead R2, A28: random dealer for the first game; the table passes the rotated dealer."""
    dealers = {GAME.new_state(NAMES[:4], None, seed=s).cfg.dealer for s in range(40)}  # type: ignore[attr-defined]
    assert dealers == {0, 1, 2, 3}
    state = GAME.new_state(NAMES[:4], None, seed=7, dealer=1)
    assert state.cfg.dealer == 1 and state.to_move == 2  # type: ignore[attr-defined]


def test_arrangement_is_secret_until_everyone_has_chosen() -> None:
    """shithead R3: each seat's choice of up cards is hidden, then all are revealed together."""
    state = setup_table(["Ac Kc 2s", "5h 6h 7h", "8d 9d Jd"], ["4d 5d 6d", "Qh Kh Ah", "4s 5s 6s"])
    assert state.phase == SETUP and state.to_move == ANN
    legal = state.legal_actions()
    assert len(legal) == 20 and all(a.kind == "arrange" for a in legal)
    events = state.apply(Action("arrange", cs("Ac Kc 2s")))
    assert texts(events) == ["Ann has chosen their up cards"]
    assert state.up[ANN] == parse_cards("4d 5d 6d"), "nothing moves before everyone has chosen"
    assert state.view(BEA).arranged[ANN] is None  # type: ignore[attr-defined]
    assert state.view(ANN).arranged[ANN] == cs("Ac Kc 2s")  # type: ignore[attr-defined]
    assert state.to_move == BEA
    state.apply(Action("arrange", cs("5h 6h 7h")))
    events = state.apply(Action("arrange", cs("4s 5s 6s")))
    assert sorted(state.up[ANN]) == sorted(cs("Ac Kc 2s"))
    assert sorted(state.hands[ANN]) == sorted(cs("4d 5d 6d"))
    assert sorted(state.up[BEA]) == sorted(cs("5h 6h 7h"))
    assert sorted(state.hands[BEA]) == sorted(cs("Qh Kh Ah"))
    assert sorted(state.up[CAL]) == sorted(cs("4s 5s 6s")), "Cal kept the deal"
    assert "Ann puts A♣ K♣ 2♠ face up instead of 4♦ 5♦ 6♦" in texts(events)
    # everyone saw the old up cards go into Ann's hand (2.4)
    assert sorted(state.view(CAL).hands[ANN]) == sorted(cs("4d 5d 6d"))  # type: ignore[attr-defined]
    assert_conserved(state)


def test_arranging_someone_elses_cards_is_refused() -> None:
    """shithead R3: only your own six cards can be rearranged."""
    state = setup_table(["Ac Kc 2s", "5h 6h 7h"], ["4d 5d 6d", "Qh Kh Ah"])
    refused(state, Action("arrange", cs("Ac Kc Ah")), "from your own three hand and three up cards")


# -- the start ----------------------------------------------------------------------------------
def test_four_of_clubs_in_hand_opens() -> None:
    """shithead R4: whoever holds the 4♣ in hand opens with it."""
    state = setup_table(["5c 6c 7c", "4c 9h Jh", "4s 8d 9d"], ["Qc Kc Ac", "Qh Kh Ah", "Qs Ks As"])
    events = keep_arrangement(state)
    assert state.to_move == BEA and state.opening == c("4c")
    assert "Bea holds the 4♣ and opens" in texts(events)
    assert state.legal_actions() == [play("4c")]


def test_starting_card_must_be_in_hand_not_up() -> None:
    """shithead A9: an up 4♣ does not count; the sequence goes on to the 4♠ in a hand."""
    state = setup_table(["5c 6c 7c", "8h 9h Jh", "4s 8d 9d"], ["4c Kc Ac", "Qh Kh Ah", "Qs Ks As"])
    keep_arrangement(state)
    assert state.to_move == CAL and state.opening == c("4s")


def test_start_searches_after_the_rearrangement() -> None:
    """shithead A9: the starting card is looked for after everyone has rearranged."""
    state = setup_table(["5c 6c 7c", "8h 9h Jh"], ["4c Kc Ac", "Qh Kh Ah"])
    state.apply(Action("arrange", cs("5c 6c 7c")))  # Ann takes the 4♣ into her hand
    state.apply(Action("arrange", cs("Qh Kh Ah")))
    assert state.to_move == ANN and state.opening == c("4c")


def test_start_sequence_falls_back_to_the_twos() -> None:
    """shithead A8: no 4 to A in any hand: 2♣, 2♠, 2♥, 2♦ open."""
    state = setup_table(["3c 3s 2d", "3h 3d 2h"], ["Qc Kc Ac", "Qh Kh Ah"])
    keep_arrangement(state)
    assert state.to_move == BEA and state.opening == c("2h")
    events = state.apply(play("2h"))
    assert "Bea goes again" in texts(events), "a starting 2 gives a second go (A7)"
    assert state.to_move == BEA


def test_opening_play_must_include_the_start_card_and_may_add_its_rank() -> None:
    """shithead A7: the opener plays the 4♣, optionally with more 4s, and refills."""
    state = setup_table(["5c 6c 7c", "4c 4h Jh", "8d 9d 10d"], ["Qc Kc Ac", "Qh Kh Ah", "Qs Ks As"])
    keep_arrangement(state)
    assert state.legal_actions() == [play("4c"), play("4c 4h")]
    refused(state, play("4h"), "the game opens with the 4♣")
    refused(state, PICKUP_ACTION, "the game opens with the 4♣")
    state.apply(play("4c 4h"))
    assert state.pile == parse_cards("4c 4h")
    assert len(state.hands[BEA]) == 3, "the opener refills to three"
    assert state.to_move == CAL, "play goes on clockwise (R5)"


# -- a turn -------------------------------------------------------------------------------------
def test_pickup_is_always_allowed_even_with_a_playable_card() -> None:
    """shithead R6b, R8, A22: picking up is always legal; then the next player is to move."""
    state = table(["9h 4c", "5d", "6d"], pile="5s 8c")
    assert PICKUP_ACTION in state.legal_actions() and play("9h") in state.legal_actions()
    events = state.apply(PICKUP_ACTION)
    assert sorted(state.hands[ANN]) == sorted(cs("9h 4c 5s 8c"))
    assert state.pile == []
    assert state.to_move == BEA
    assert texts(events) == ["Ann picks up the pile (2 cards)"]


def test_no_playable_card_and_no_three_means_pick_up() -> None:
    """shithead R7: the only legal action is to pick up."""
    state = table(["4h 5c", "5d", "6d"], pile="9s")
    assert state.legal_actions() == [PICKUP_ACTION]


def test_equal_or_higher_is_playable_lower_is_not() -> None:
    """shithead R9: rank at least the top card's; aces are high."""
    state = table(["9h 8c Ad", "5d", "6d"], pile="9s")
    legal = state.legal_actions()
    assert play("9h") in legal and play("Ad") in legal and play("8c") not in legal
    refused(state, play("8c"), "an 8 cannot go on a 9: play equal or higher (or a 2)")


def test_a_two_goes_on_anything_and_gives_a_second_go() -> None:
    """shithead R10, R14: a 2 is playable on an ace and the player goes again."""
    state = table(["2h 5c 6c", "5d", "6d"], pile="As")
    events = state.apply(play("2h"))
    assert state.to_move == ANN and state.pile[-1] == c("2h")
    assert "Ann goes again" in texts(events)
    assert play("5c") in state.legal_actions(), "after a 2 anything goes"


def test_after_a_seven_play_seven_or_lower() -> None:
    """shithead R10, A3: on a 7 only 2, 4, 5, 6 or 7; a 7 on a 7 and a 2 on a 7 are fine."""
    state = table(["7h 6c 8c 2d 10d", "5d", "6d"], pile="7s")
    legal = state.legal_actions()
    assert {play("7h"), play("6c"), play("2d")} <= set(legal)
    assert play("8c") not in legal and play("10d") not in legal
    refused(state, play("8c"), "after a 7, play a 7 or lower (or a 2)")
    refused(state, play("10d"), "after a 7, play a 7 or lower (or a 2)")


def test_empty_pile_takes_any_card() -> None:
    """shithead R11, A4: after a burn or pickup the pile is empty and anything goes."""
    state = table(["Ah 4c", "5d", "6d"])
    assert {play("Ah"), play("4c")} <= set(state.legal_actions())


def test_ten_is_not_wild() -> None:
    """shithead R12, A2: a 10 needs a card of 10 or less on top."""
    state = table(["10h 5c", "5d", "6d"], pile="Js")
    assert play("10h") not in state.legal_actions()
    refused(state, play("10h"), "a 10 is not wild: it needs a card of 10 or less on top")


def test_ten_wild_option_lets_a_ten_go_on_anything() -> None:
    """shithead A2 (configurable): with 10s wild a 10 goes on a J or a 7, and still burns."""
    for top in ("Js", "7s"):
        state = table(["10h 5c", "5d", "6d"], pile=top, options=ShitheadOptions(ten_wild=True))
        state.apply(play("10h"))
        assert state.pile == [] and c("10h") in state.burned and state.to_move == ANN


def test_threes_are_never_played() -> None:
    """shithead R17: 3s are only shown."""
    state = table(["3h 5c", "5d", "6d"])
    assert all(a.kind != "play" or c("3h") not in a.cards for a in state.legal_actions())
    refused(state, play("3h"), "3s are never played: show them to a player instead")


def test_several_cards_of_one_rank_may_be_played_together() -> None:
    """shithead R13: any non-empty set of same-rank playable cards."""
    state = table(["8c 8d 8h Kc", "5d", "6d"], pile="6s")
    eights = [a for a in state.legal_actions() if a.kind == "play" and len(a.cards) > 0
              and all(x in cs("8c 8d 8h") for x in a.cards)]
    assert len(eights) == 7
    refused(state, play("8c Kc"), "cards played together must share a rank")
    state.apply(play("8c 8h"))
    assert state.pile == parse_cards("6s 8c 8h") and state.hands[ANN] == parse_cards("8d Kc")


def test_refill_comes_before_the_second_go() -> None:
    """shithead R14, R16, A11: after a 2 the hand is refilled, then the second go."""
    state = table(["2h 5c 6c", "5d", "6d"], pile="9s", draw="Kd Qd")
    events = state.apply(play("2h"))
    assert state.to_move == ANN
    assert state.hands[ANN] == parse_cards("5c 6c Qd") and state.draw == parse_cards("Kd")
    assert "Ann draws 1" in texts(events)


def test_several_twos_give_exactly_one_extra_go() -> None:
    """shithead A5: two 2s at once: one extra go, then play passes on."""
    state = table(["2h 2c 5c 6c", "5d", "6d"], pile="9s")
    state.apply(play("2c 2h"))
    assert state.to_move == ANN
    state.apply(play("5c"))
    assert state.to_move == BEA


def test_completing_four_twos_burns_with_one_extra_go() -> None:
    """shithead A5, R15: a 2 that completes four 2s burns the pile: still one extra go."""
    state = table(["2h 2d 5c 6c", "5d", "6d"], pile="9s 2c 2s")
    events = state.apply(play("2d 2h"))
    assert state.pile == [] and state.to_move == ANN
    assert "Four 2s in a row burn the pile" in texts(events)
    state.apply(play("5c"))
    assert state.to_move == BEA


def test_second_go_is_a_full_turn() -> None:
    """shithead A6: on the second go the player may also pick up or show a 3."""
    state = table(["2h 3c 5c", "5d", "6d"], pile="9s")
    state.apply(play("2h"))
    legal = state.legal_actions()
    assert PICKUP_ACTION in legal and show("3c", BEA) in legal


# -- burns --------------------------------------------------------------------------------------
def test_ten_burns_the_pile_and_the_burner_goes_again() -> None:
    """shithead R15: a 10 sends the pile, itself included, to the burn pile."""
    state = table(["10h 5c 6c", "5d", "6d"], pile="4s 9c")
    burnt_before = len(state.burned)
    events = state.apply(play("10h"))
    assert state.pile == []
    assert state.burned[-3:] == parse_cards("4s 9c 10h") and len(state.burned) == burnt_before + 3
    assert state.to_move == ANN
    assert "A 10 burns the pile" in texts(events)
    moves = [e for e in events if e.kind == "move" and e.dst == "burn"]
    assert moves and moves[0].src == "play" and moves[0].cards == cs("4s 9c 10h")


def test_four_of_a_kind_in_a_row_burns_across_plays() -> None:
    """shithead R15, A27: all four of a rank consecutively on the pile, from several players."""
    state = table(["8h 5c 6c", "5d", "6d"], pile="4s 8c 8d 8s", to_move=ANN)
    events = state.apply(play("8h"))
    assert state.pile == [] and state.to_move == ANN
    assert "Four 8s in a row burn the pile" in texts(events)


def test_four_of_a_kind_interrupted_does_not_burn() -> None:
    """shithead A27: the four must be consecutive; a 2 in between breaks the run."""
    state = table(["8h 5c 6c", "5d", "6d"], pile="8c 8d 2s 8s")
    state.apply(play("8h"))
    assert state.pile == parse_cards("8c 8d 2s 8s 8h") and state.to_move == BEA


def test_burner_who_goes_out_hands_the_next_go_to_the_left() -> None:
    """shithead R15, R24: the burner is out, so the left player starts on the empty pile."""
    state = table(["10h", "5d", "6d"], down=["", "4d", "4h"], pile="9s")
    events = state.apply(play("10h"))
    assert "Ann is out" in texts(events)
    assert state.to_move == BEA and state.pile == []


def test_going_out_on_a_two_hands_the_turn_left() -> None:
    """shithead R24: a last card that is a 2 gives no extra go."""
    state = table(["2h", "5d", "6d"], down=["", "4d", "4h"], pile="9s")
    state.apply(play("2h"))
    assert state.to_move == BEA and state.pile[-1] == c("2h")


# -- refills ------------------------------------------------------------------------------------
def test_refill_to_three_while_the_draw_pile_lasts() -> None:
    """shithead R16: draw back to three, or until the draw pile is gone."""
    state = table(["5c 6c", "5d", "6d"], draw="Kd Qd")
    state.apply(play("5c"))
    assert state.hands[ANN] == parse_cards("6c Qd Kd") and state.draw == []
    state = table(["5c 6c 7c 8c", "5d", "6d"], draw="Kd")
    state.apply(play("5c"))
    assert len(state.hands[ANN]) == 3 and state.draw == [c("Kd")], "three or more: no draw"


def test_showing_a_three_refills_too() -> None:
    """shithead A10: showing is not playing, but it refills like a play."""
    state = table(["3c 5c 6c", "5d", "6d"], pile="9s", draw="Kd Qd")
    state.apply(show("3c", BEA))
    assert state.hands[ANN] == parse_cards("5c 6c Qd")


# -- showing 3s ---------------------------------------------------------------------------------
def test_show_makes_the_recipient_pick_up_and_skips_to_their_left() -> None:
    """shithead R17, R18: Cal picks up; Dee, to Cal's left, plays next; Bea is skipped."""
    state = table(["3c 5c 6c", "5d", "6d", "7d"], pile="9s Jc")
    assert show("3c", CAL) in state.legal_actions() and show("3c", ANN) not in state.legal_actions()
    events = state.apply(show("3c", CAL))
    assert sorted(state.hands[CAL]) == sorted(cs("6d 9s Jc"))
    assert state.to_move == DEE
    assert texts(events) == ["Ann shows 3♣ to Cal", "Cal picks up the pile (2 cards)"]
    assert c("3c") in state.burned and c("3c") not in state.pile, "shown 3s are burnt (R20)"


def test_show_to_your_right_gives_you_the_next_turn() -> None:
    """shithead R18: the left of the right-hand neighbour is the shower."""
    state = table(["3c 5c 6c", "5d", "6d", "7d"], pile="9s")
    state.apply(show("3c", DEE))
    assert state.to_move == ANN and c("9s") in state.hands[DEE]


def test_show_on_an_empty_pile_is_allowed() -> None:
    """shithead A13: pointless except for shedding and taking the turn order."""
    state = table(["3c 5c 6c", "5d", "6d", "7d"])
    events = state.apply(show("3c", BEA))
    assert state.to_move == CAL and state.hands[BEA] == [c("5d")]
    # the log says what happened in words: not "Bea picks up the empty pile"
    assert "Bea has nothing to pick up: the pile is empty" in texts(events)


def test_shown_threes_never_count_towards_four_of_a_kind() -> None:
    """shithead R20: 3s go straight to the burn pile."""
    state = table(["3c 3d 5c", "3h 5d", "3s 6d"], pile="9s")
    state.apply(show("3c 3d", BEA))
    assert state.phase == RESPOND and state.to_move == BEA
    state.apply(Action("backfire", cs("3h"), ANN))
    assert all(parse_card(x) not in state.pile for x in ("3c", "3d", "3h"))


def test_backfire_passes_the_pickup_back_to_the_shower() -> None:
    """shithead R19, A14: Cal backfires; Ann, with no 3 left, picks up; Bea (Ann's left) is next."""
    state = table(["3c 5c 6c", "5d", "3h 6d", "7d"], pile="9s Jc")
    state.apply(show("3c", CAL))
    assert state.phase == RESPOND and state.to_move == CAL
    assert state.legal_actions() == [Action("backfire", cs("3h"), ANN), Action("accept")]
    events = state.apply(Action("backfire", cs("3h"), ANN))
    assert "Cal backfires 3♥ at Ann" in texts(events)
    assert sorted(state.hands[ANN]) == sorted(cs("5c 6c 9s Jc"))
    assert state.to_move == BEA and c("3h") in state.burned


def test_backfire_chain_until_someone_declines() -> None:
    """shithead A14: Ann backfires back; Cal declines and picks up; Dee, Cal's left, is next."""
    state = table(["3c 3s 5c", "5d", "3h 6d", "7d"], pile="9s Jc")
    state.apply(show("3c", CAL))
    state.apply(Action("backfire", cs("3h"), ANN))
    assert state.phase == RESPOND and state.to_move == ANN
    state.apply(Action("backfire", cs("3s"), CAL))
    assert state.to_move == DEE
    assert sorted(state.hands[CAL]) == sorted(cs("6d 9s Jc"))


def test_declining_a_backfire_is_allowed() -> None:
    """shithead A14: backfiring is optional: the recipient may just pick up."""
    state = table(["3c 5c 6c", "5d", "3h 6d", "7d"], pile="9s Jc")
    state.apply(show("3c", CAL))
    state.apply(Action("accept"))
    assert sorted(state.hands[CAL]) == sorted(cs("3h 6d 9s Jc")) and state.to_move == DEE


def test_backfire_refills_the_backfirer() -> None:
    """shithead A10: a backfire response refills like a show."""
    state = table(["3c 5c 6c", "5d", "3h 6d 7d"], pile="9s", draw="Kd Qd")
    state.apply(show("3c", CAL))
    assert state.hands[ANN] == parse_cards("5c 6c Qd")
    state.apply(Action("backfire", cs("3h"), ANN))
    assert state.hands[CAL] == parse_cards("6d 7d Kd")


def test_one_three_backfires_several_by_default() -> None:
    """shithead A12: showing two 3s just sheds them; a single 3 backfires."""
    state = table(["3c 3d 5c", "5d", "3h 6d"], pile="9s")
    state.apply(show("3c 3d", CAL))
    assert state.phase == RESPOND and Action("backfire", cs("3h"), ANN) in state.legal_actions()


def test_backfire_count_option() -> None:
    """shithead A12 (configurable): a backfire needs as many 3s as were shown."""
    options = ShitheadOptions(backfire_needs_count=True)
    state = table(["3c 3d 5c", "5d", "3h 6d"], pile="9s", options=options)
    state.apply(show("3c 3d", CAL))
    assert state.phase == TURN and c("9s") in state.hands[CAL], "one 3 cannot answer two"
    state = table(["3c 3d 5c", "5d", "3h 3s 6d"], pile="9s", options=options)
    state.apply(show("3c 3d", CAL))
    assert state.legal_actions() == [Action("backfire", cs("3h 3s"), ANN), Action("accept")]


def test_an_up_three_cannot_backfire() -> None:
    """shithead A15, A18: Cal, in the up-card stage, picks up; no up card is taken."""
    state = table(["3c 5c 6c", "5d", "", "7d"], up=["", "", "3h 8d", ""], pile="9s")
    state.apply(show("3c", CAL))
    assert state.hands[CAL] == [c("9s")] and sorted(state.up[CAL]) == sorted(cs("3h 8d"))
    assert state.to_move == DEE


def test_a_preselected_down_three_can_backfire() -> None:
    """shithead A15: a down card already taken into hand is an ordinary hand card."""
    state = table(["3c 5c 6c", "5d", "3h", "7d"], down=["4d", "4h", "8s", "4s"], pile="9s")
    state.apply(show("3c", CAL))
    assert state.phase == RESPOND and state.to_move == CAL


def test_show_targets_are_the_other_players() -> None:
    """shithead R17: one other player; never yourself."""
    state = table(["3c 5c", "5d", "6d"], pile="9s")
    refused(state, show("3c", ANN), "show your 3s to another player")
    assert {a.target for a in state.legal_actions() if a.kind == "show"} == {BEA, CAL}


# -- the up-card and down-card endgame ----------------------------------------------------------
def test_up_card_enters_the_hand_at_the_start_of_the_turn() -> None:
    """shithead R21, A16: one up card of the player's choosing enters the hand."""
    state = table(["9h 4c", "", "6d"], up=["", "Jd 4d 9c", ""], pile="8s")
    state.apply(play("9h"))
    assert state.phase == TAKE_UP and state.to_move == BEA
    assert state.legal_actions() == [Action("take_up", (x,)) for x in sorted(cs("Jd 4d 9c"))]
    events = state.apply(Action("take_up", cs("4d")))
    assert state.hands[BEA] == [c("4d")] and state.phase == TURN
    assert texts(events) == ["Bea takes the 4♦ into hand"]
    assert state.legal_actions() == [PICKUP_ACTION], "it cannot be played on the 9"
    state.apply(PICKUP_ACTION)
    assert sorted(state.hands[BEA]) == sorted(cs("4d 8s 9h")), "it stays in hand with the pile"
    assert state.to_move == CAL
    assert sorted(state.up[BEA]) == sorted(cs("Jd 9c"))


def test_up_cards_of_the_same_rank_join_the_last_hand_cards() -> None:
    """shithead R21, A16: a J in hand and an up J may go as a pair."""
    state = table(["Jc", "5d", "6d"], up=["Jd 5h", "", ""], pile="9s")
    assert play("Jc Jd") in state.legal_actions()
    events = state.apply(play("Jc Jd"))
    assert state.pile == parse_cards("9s Jc Jd") and state.up[ANN] == [c("5h")]
    assert [e.src for e in events if e.kind == "move"] == ["hand/0", "up/0"]


def test_no_up_cards_join_while_the_draw_pile_lasts() -> None:
    """shithead A17: the join rule applies only once the draw pile is empty."""
    state = table(["Jc", "5d", "6d"], up=["Jd 5h", "", ""], pile="9s", draw="4c")
    assert play("Jc Jd") not in state.legal_actions()
    refused(state, play("Jc Jd"), "up cards come into play only once the draw pile is gone")


def test_no_up_cards_join_unless_the_play_empties_the_hand() -> None:
    """shithead R21: only the last hand card(s) may take same-rank up cards along."""
    state = table(["Jc Kc", "5d", "6d"], up=["Jd 5h", "", ""], pile="9s")
    assert play("Jc Jd") not in state.legal_actions()


def test_down_card_preselection_is_offered_as_soon_as_hand_and_up_are_gone() -> None:
    """shithead R22, A20: Ann may turn a down card now or wait; at her turn it is forced."""
    state = table(["9h", "5d", "6d"], down=["4d 8d", "4h", "4s"], pile="8s")
    events = state.apply(play("9h"))
    assert "Ann is out" not in texts(events)
    assert state.phase == PRESELECT and state.to_move == ANN
    assert [a.kind for a in state.legal_actions()] == ["reveal_down", "reveal_down", "wait"]
    state.apply(Action("wait"))
    assert state.to_move == BEA and state.phase == TURN
    state.apply(PICKUP_ACTION)
    state.apply(PICKUP_ACTION)
    assert state.to_move == ANN and state.phase == REVEAL_PHASE
    assert [a.kind for a in state.legal_actions()] == ["reveal_down", "reveal_down"]
    refused(state, Action("wait"), "you must turn over a down card now")
    state.apply(Action("reveal_down", choice="1"))
    assert state.hands[ANN] == [c("8d")] and state.down[ANN] == [c("4d")] and state.phase == TURN


def test_preselected_down_card_is_seen_only_by_its_owner() -> None:
    """shithead R22, 2.4: the card enters the hand unrevealed."""
    state = table(["9h", "5d", "6d"], down=["4d 8d", "4h", "4s"], pile="8s")
    state.apply(play("9h"))
    events = state.apply(Action("reveal_down", choice="0"))
    assert texts(events)[0] == "Ann turns over a down card"
    assert not next(e for e in events if e.kind == "move").face_up
    assert state.hands[ANN] == [c("4d")] and state.to_move == BEA
    assert state.view(ANN).hands[ANN] == [c("4d")]  # type: ignore[attr-defined]
    assert state.view(BEA).hands[ANN] == [HIDDEN]  # type: ignore[attr-defined]
    assert state.view(ANN).down[ANN] == [HIDDEN], "down cards are unknown even to the owner"  # type: ignore[attr-defined]


def test_shown_a_three_in_the_down_stage_may_take_a_down_card() -> None:
    """shithead R22, A19: Cal picks up and may add a down card; no backfire with it."""
    state = table(["3c 5c 6c", "5d", "", "7d"], down=["4d", "4h", "3h 8d", "4s"], pile="9s")
    state.apply(show("3c", CAL))
    assert state.phase == SHOWN_DOWN and state.to_move == CAL and state.hands[CAL] == [c("9s")]
    assert [a.kind for a in state.legal_actions()] == ["reveal_down", "reveal_down", "wait"]
    state.apply(Action("reveal_down", choice="0"))
    assert sorted(state.hands[CAL]) == sorted(cs("9s 3h")), "the 3 came too late to backfire"
    assert state.to_move == DEE and state.phase == TURN


def test_shown_in_the_down_stage_may_decline_the_down_card() -> None:
    """shithead A19: taking the down card is optional."""
    state = table(["3c 5c 6c", "5d", "", "7d"], down=["4d", "4h", "3h 8d", "4s"], pile="9s")
    state.apply(show("3c", CAL))
    state.apply(Action("wait"))
    assert state.hands[CAL] == [c("9s")] and len(state.down[CAL]) == 2 and state.to_move == DEE


# -- leaving, re-entry, the end ------------------------------------------------------------------
def exit_table() -> ShitheadState:
    """Bea has just one card left and no up or down cards; four players."""
    return table(["3c 5c 6c", "9h", "3h 6d Kd", "7d 8d"], down=["4d", "", "4h", "4s"], pile="8s")


def test_an_exited_player_can_be_shown_back_in() -> None:
    """shithead R23: inside the window Bea picks up the pile and re-enters, no up or down cards."""
    state = exit_table()
    state.to_move = state.owner = BEA
    events = state.apply(play("9h"))
    assert "Bea is out" in texts(events) and state.status[BEA] == WINDOW and state.to_move == CAL
    assert show("3h", BEA) in state.legal_actions()
    events = state.apply(show("3h", BEA))
    assert "Bea is shown back into the game" in texts(events)
    assert sorted(state.hands[BEA]) == sorted(cs("8s 9h")) and state.up[BEA] == state.down[BEA] == []
    assert state.exits == [] and state.to_move == CAL, "Cal, to Bea's left, goes next"


def test_re_entry_window_closes_when_the_turn_passes_the_seat() -> None:
    """shithead A23: once Ann, to Bea's right, has finished her next turn, Bea is safe."""
    state = exit_table()
    state.to_move = state.owner = BEA
    state.apply(play("9h"))
    state.apply(PICKUP_ACTION)  # Cal
    state.apply(play("7d"))  # Dee
    assert state.to_move == ANN and show("3c", BEA) in state.legal_actions()
    events = state.apply(play("5c"))  # Ann: the turn now passes Bea's seat
    assert "Bea is safe: the re-entry window has closed" in texts(events)
    assert state.status[BEA] == SAFE and state.to_move == CAL
    assert all(a.target != BEA for a in state.legal_actions() if a.kind == "show")
    refused(state, show("3h", BEA), "Bea is safe: the re-entry window has closed")


def test_an_empty_pile_cannot_show_anyone_back_in() -> None:
    """shithead A23: there is nothing to pick up."""
    state = table(["3c 5c 6c", "10h", "3h 6d Kd", "7d 8d"], down=["4d", "", "4h", "4s"], pile="8s",
                  to_move=BEA)
    state.apply(play("10h"))
    assert state.status[BEA] == WINDOW and state.pile == [] and state.to_move == CAL
    assert show("3h", BEA) not in state.legal_actions()
    refused(state, show("3h", BEA), "an empty pile cannot show them back in")


def test_next_turn_skips_players_who_are_out() -> None:
    """shithead A24: 'the player to the left' skips players who are out."""
    state = table(["5c 6c", "9h", "6d", "7d"], down=["4d", "", "4h", "4s"], pile="4c", to_move=ANN,
                  status=[0, 2, 0, 0], exits=[BEA], n_active=3)
    state.apply(play("5c"))
    assert state.to_move == CAL


def test_the_last_player_holding_cards_is_the_shithead() -> None:
    """shithead R25, A25: the game ends the moment one player has cards; exit order recorded."""
    state = table(["5c", "9h", "6d Kd"], down=["", "", "4h"], pile="4c", to_move=BEA,
                  status=[2, 0, 0], exits=[ANN], n_active=2)
    events = state.apply(play("9h"))
    assert state.is_over and state.to_move is None
    assert "Cal is the Shithead" in texts(events)
    result = state.result()
    assert result is not None
    assert result.places == (1, 2, 3) and result.losers == (CAL,)
    assert result.details["exit_order"] == [ANN, BEA] and not result.capped
    assert result.rewards[CAL] == 0.0 and result.rewards[ANN] > result.rewards[BEA] > 0
    assert state.status[BEA] == WINDOW and not state.legal_actions(), "no window after the end (A25)"


def test_going_out_by_showing_a_last_three() -> None:
    """shithead R23, A14: a shower out of cards leaves; a backfire shows them back in."""
    state = table(["3c", "5d", "3h 6d"], down=["", "4h", "4s"], pile="9s")
    events = state.apply(show("3c", CAL))
    assert "Ann is out" in texts(events) and state.phase == RESPOND
    state.apply(Action("backfire", cs("3h"), ANN))
    assert state.status[ANN] == 0 and state.hands[ANN] == [c("9s")] and state.to_move == BEA


def test_a_last_three_shows_the_exited_player_back_in() -> None:
    """Seed: a player who left "can be 'shown' back into the game by a 3 so long as play has not
    gone a full rotation since their exit"; "the recipient of the 3 must pick up the active play
    pile" (R23, A25): showing your last 3 to a player who just went out puts them back in, with the
    pile, before your own exit is counted, so play goes on."""
    state = table(["Kd", "3c", "5h 6h"], down=["", "", "4h"], pile="9s")
    state.apply(play("Kd"))
    assert state.status[ANN] == WINDOW and state.to_move == BEA
    assert show("3c", ANN) in state.legal_actions()
    events = state.apply(show("3c", ANN))
    assert "Ann is shown back into the game" in texts(events) and "Bea is out" in texts(events)
    assert sorted(state.hands[ANN]) == sorted(cs("9s Kd")) and state.pile == []
    assert state.status[ANN] == 0 and state.status[BEA] == WINDOW and state.exits == [BEA]
    assert not state.is_over and state.to_move == CAL, "Cal, left of Ann past Bea, plays next"
    assert_conserved(state)


def test_a_last_three_backfired_shows_the_shower_back_in() -> None:
    """Seed: a backfire forces "the original player to pickup instead" (R19, R23, A25): Bea answers
    Ann's last 3 with her own last 3, so Ann comes back in with the pile and Bea is out."""
    state = table(["3c", "3h", "5h 6h"], down=["", "", "4h"], pile="9s")
    state.apply(show("3c", BEA))
    assert state.status[ANN] == WINDOW and state.phase == RESPOND and state.to_move == BEA
    events = state.apply(Action("backfire", cs("3h"), ANN))
    assert "Ann is shown back into the game" in texts(events) and "Bea is out" in texts(events)
    assert state.hands[ANN] == [c("9s")] and state.pile == []
    assert state.exits == [BEA] and not state.is_over and state.to_move == CAL
    assert_conserved(state)


def test_a_show_that_ends_the_game_still_makes_its_recipient_pick_up() -> None:
    """Seed: "the recipient of the 3 must pick up the active play pile" (R18, A25): the show that
    takes the second-to-last player out ends the game, and the pickup is part of that action."""
    state = table(["3c", "3h 5d"], down=["", "4h"], pile="9s Jd")
    events = state.apply(show("3c", BEA))
    assert state.is_over and "Bea is the Shithead" in texts(events)
    assert sorted(state.hands[BEA]) == sorted(cs("3h 5d 9s Jd")) and state.pile == []
    assert_conserved(state)
    refused(state, Action("backfire", cs("3h"), ANN), "the game is over")


def test_library_banner_at_ten_cards() -> None:
    """shithead R26: a pickup that brings a hand to 10+ cards is a library."""
    state = table(["4c 4d 5c 5d 6c 6d 8c 8d", "5h", "6h"], pile="9s Jc Qc")
    events = state.apply(PICKUP_ACTION)
    assert [e.text for e in events if e.kind == "library"] == ["Library Boy! Ann holds 11 cards"]
    state = table(["4c 4d 5c 5d 6c 6d 8c 8d 9d Jd", "5h", "6h"], pile="9s")
    assert not [e for e in state.apply(PICKUP_ACTION) if e.kind == "library"], "already a library"


def test_third_loss_in_a_sitting_gets_the_song() -> None:
    """shithead R26, A28: the table tracks losses; the third triggers the banner."""
    assert GAME.loss_banner("Bea", 2) is None
    banner = GAME.loss_banner("Bea", 3)
    assert banner is not None and "Once, Twice, Three Times A Shithead" in banner and "Bea" in banner


# -- stalling and safety ------------------------------------------------------------------------
def test_a_full_rotation_of_passes_on_an_empty_pile_forces_a_play() -> None:
    """shithead A21: passing on an empty pile is legal until everyone has passed once."""
    state = table(["5c 6c", "5d 6d", "5h 6h"])
    state.apply(PICKUP_ACTION)
    events = state.apply(PICKUP_ACTION)
    assert texts(events) == ["Bea passes on the empty pile"]
    events = state.apply(PICKUP_ACTION)
    assert "stalemate" in texts(events)[-1]
    assert state.to_move == ANN and PICKUP_ACTION not in state.legal_actions()
    refused(state, PICKUP_ACTION, "you must play a card (stalemate rule)")
    state.apply(play("5c"))
    assert state.passes == 0


def test_safety_cap_ends_the_game_and_says_so() -> None:
    """common.md 3: a cap ends a runaway game with a clear message; most cards = Shithead."""
    state = table(["5c 6c", "5d 6d 7d", "5h"], steps=SAFETY_CAP - 1)
    events = state.apply(PICKUP_ACTION)
    result = state.result()
    assert state.is_over and result is not None and result.capped
    assert "Safety cap" in result.text and result.losers == (BEA,)
    assert any("Safety cap" in e.text for e in events)


# -- words --------------------------------------------------------------------------------------
def test_actions_in_words() -> None:
    """Actions print as words for the log."""
    names = NAMES[:3]
    assert GAME.describe(play("7h 7c"), names) == "play 7♣ 7♥"
    assert GAME.describe(show("3s", BEA), names) == "show 3♠ to Bea"
    assert GAME.describe(PICKUP_ACTION, names) == "pick up the pile"
    assert GAME.describe(Action("backfire", cs("3h"), ANN), names) == "backfire 3♥ at Ann"
    assert GAME.describe(Action("reveal_down", choice="0"), names) == "turn over down card 1"


def test_prompts_say_what_is_asked() -> None:
    """R17: only 3s in the hand are shown; the prompt offers showing only to a player holding one."""
    state = table(["5c 3c", "5d 6d", "5h 6h"], pile="9s")
    assert state.prompt() == "Play on the 9♠, show a 3, or pick up the pile"
    state = table(["5c 6c", "5d 6d", "5h 6h"], pile="9s")
    assert state.prompt() == "Play on the 9♠, or pick up the pile"
    assert table(["5c 6c", "5d 6d", "5h 6h"]).prompt() == "Play any card, or pass"
    assert table(["5c 3c", "5d 6d", "5h 6h"]).prompt() == "Play any card, show a 3, or pass"


# -- the table's own gap rulings (rules/shithead.md, "Table rulings") ---------------------------
def test_a_three_drawn_in_the_refill_can_answer_a_backfire() -> None:
    """Table ruling (A10 timing): the shower refills at once, before the recipient answers."""
    state = table(["3c 5c 6c", "5d", "3h 6d", "7d"], pile="9s", draw="Kd 3s")
    state.apply(show("3c", CAL))
    assert c("3s") in state.hands[ANN]
    state.apply(Action("backfire", cs("3h"), ANN))
    assert state.phase == RESPOND and state.to_move == ANN
    assert Action("backfire", cs("3s"), CAL) in state.legal_actions()


def test_a_show_that_jumps_past_the_seat_closes_the_window() -> None:
    """Table ruling (A23): the turn moving past an exited seat closes its window, even by a jump."""
    state = table(["5c 6c", "9h", "3h 6d Kd", "3d 7d 8d"], down=["4d", "", "4h", "4s"], pile="8s",
                  to_move=BEA)
    state.apply(play("9h"))  # Bea is out; Cal to move
    state.apply(PICKUP_ACTION)  # Cal; Dee to move
    state.apply(play("7d"))  # Dee; Ann to move
    state.apply(play("5c"))  # Ann; the turn passes Bea's seat
    assert state.status[BEA] == SAFE
    state = table(["5c 6c", "9h", "3h 6d Kd", "3d 7d 8d"], down=["4d", "", "4h", "4s"], pile="8s",
                  to_move=BEA)
    state.apply(play("9h"))
    state.apply(PICKUP_ACTION)  # Cal; Dee to move
    events = state.apply(show("3d", ANN))  # Ann picks up; Cal, left of Ann past Bea, is next
    assert state.to_move == CAL and state.status[BEA] == SAFE
    assert "Bea is safe: the re-entry window has closed" in texts(events)


def test_showing_the_last_hand_card_offers_the_down_card() -> None:
    """shithead A20: hand and up emptied by showing a 3: preselection is offered before play goes on."""
    state = table(["3c", "5d", "6d", "7d"], down=["4d 8d", "4h", "4s", "5s"], pile="9s")
    state.apply(show("3c", CAL))
    assert state.phase == PRESELECT and state.to_move == ANN
    state.apply(Action("reveal_down", choice="0"))
    assert state.hands[ANN] == [c("4d")] and state.to_move == DEE
