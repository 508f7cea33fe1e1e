"""Cunt-Soul rulings, one hand-built position each (shared/rulings/cunt-soul.md, R- and A-numbers)."""

from __future__ import annotations

import pytest

from cardtable.engine.cards import HIDDEN, RANK, parse_card, parse_cards
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import Action, Event, IllegalAction
from cardtable.games.cunt_soul.field_abilities import BIGGER_HAND, KINGS_REVERSE
from cardtable.games.cunt_soul.game import (
    BURN_UP,
    FIELD_JACK,
    FIELD_SEVEN,
    FIVE,
    FIVE_LOOK,
    GAME,
    JACK_CHOICE,
    PLAY,
    RUN,
    SETUP_FIELD,
    SETUP_UP,
    SEVEN,
    CuntSoulOptions,
    CuntSoulState,
    Top,
)
from cardtable.games.cunt_soul.positions import NAMES, position

# -- building positions: ``position`` (the game's positions.py) ------------------------------------


def play(st: CuntSoulState, text: str) -> list[Event]:
    return st.apply(Action("play", tuple(sorted(parse_cards(text)))))


def act(st: CuntSoulState, kind: str, cards: str = "", target: int = -1, choice: str = "") -> list[Event]:
    return st.apply(Action(kind, tuple(parse_cards(cards)) if cards else (), target, choice))


def texts(events: list[Event]) -> str:
    return " | ".join(e.text for e in events if e.text)


def c(text: str) -> list[int]:
    return parse_cards(text)


def can_play(st: CuntSoulState, text: str) -> bool:
    return Action("play", tuple(sorted(parse_cards(text)))) in st.legal_actions()


def refused(st: CuntSoulState, action: Action) -> str:
    before = fingerprint(st)
    with pytest.raises(IllegalAction) as err:
        st.apply(action)
    assert fingerprint(st) == before
    return str(err.value)


# -- setup -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("n", "cards", "source"), [(2, 54, 30), (3, 54, 18), (4, 54, 6), (5, 108, 48),
                                                     (8, 108, 12)])
def test_deck_and_deal_sizes(n: int, cards: int, source: int) -> None:
    """R1/R2/A1: one 54-card deck (jokers in) for 2-4 players, two for 5-8; 3 down and 9 in hand."""
    st = GAME.new_state(NAMES[:n], None, seed=3)
    assert len(st.all_cards()) == cards
    assert len(st.zones()["source"]) == source
    assert all(len(st.zones()[f"hand/{i}"]) == 9 and len(st.zones()[f"down/{i}"]) == 3 for i in range(n))


def test_secret_setup_seat_by_seat_then_reveal() -> None:
    """R3/A3: each seat secretly picks 3 face-up cards and a face-down field card; all are revealed
    together and the hand is 5 cards."""
    st = GAME.new_state(NAMES[:3], None, seed=5, dealer=2)
    assert st.to_move == 0 and st.phase == SETUP_UP  # R5: the dealer's left starts
    assert len(st.legal_actions()) == 84
    first = st.legal_actions()[0]
    st.apply(first)
    assert st.phase == SETUP_FIELD and st.to_move == 0
    assert len(st.legal_actions()) == 6
    st.apply(st.legal_actions()[0])
    assert st.to_move == 1 and st.phase == SETUP_UP
    view = st.view(1)
    assert view.up[0] == [HIDDEN] * 3 and view.field[0] == [HIDDEN]  # the choice is not shown
    assert st.view(0).up[0] == list(first.cards)
    for _ in range(2):
        st.apply(st.legal_actions()[0])
        events = st.apply(st.legal_actions()[0])
    assert "Field cards revealed" in texts(events)
    assert st.phase == PLAY and st.to_move == 0
    assert all(len(st.hands[i]) == 5 + st.fc[BIGGER_HAND] for i in range(3))
    assert st.view(1).field[0] == st.field[0]


def test_field_aces_raise_hand_size_at_reveal() -> None:
    """R4/A41: the hand size is 5 plus one per field Ace; everyone draws up after the reveal."""
    st = GAME.new_state(NAMES[:2], None, seed=9, dealer=1)
    for seat in range(2):
        st.apply(st.legal_actions()[0])
        hand = st.hands[seat]
        ace = next((x for x in hand if RANK[x] == 14), None)
        if ace is None:  # put an Ace in the hand for the test (swap with the source)
            ace = next(x for x in st.source if RANK[x] == 14)
            st.source[st.source.index(ace)] = hand[0]
            hand[0] = ace
            st.forget_legal()
        st.apply(Action("field", (ace,)))
    assert st.hand_size == 7
    assert len(st.hands[0]) == 7 and len(st.hands[1]) == 7


# -- the turn ----------------------------------------------------------------------------------------
def test_multiples_of_one_rank_and_pickup_when_stuck() -> None:
    """R7/R8: a link is cards of one rank; with no legal play the player picks up and play passes."""
    st = position(hands={0: "5c 5d 4h", 1: "3c 3d", 2: "9c"}, pile="Kh")
    assert st.legal_actions() == [Action("pickup")]
    events = act(st, "pickup")
    assert sorted(st.hands[0]) == sorted(c("5c 5d 4h Kh"))
    assert st.discard == [] and st.to_move == 1
    assert "picks up the pile" in texts(events)


def test_no_voluntary_pickup_by_default() -> None:
    """A4: you must play if you can (configurable)."""
    st = position(hands={0: "5c 9h", 1: "3c"}, pile="4h")
    assert "you can play" in refused(st, Action("pickup"))
    st = position(hands={0: "5c 9h", 1: "3c"}, pile="4h", options=CuntSoulOptions(voluntary_pickup=True))
    assert Action("pickup") in st.legal_actions()


def test_a_pickup_sent_with_a_card_is_refused_for_that_not_for_being_able_to_play() -> None:
    """R8: with no legal play the player picks up the pile: a pickup that names a card is refused
    for the card (it said "you can play, so you may not pick up the pile" to a player who could not)."""
    st = position(hands={0: "5c 5d 4h", 1: "3c 3d", 2: "9c"}, pile="Kh")
    said = refused(st, Action("pickup", (c("5c")[0],)))
    assert said == "picking up the pile takes no cards, seat or choice"


def test_refill_right_after_each_link() -> None:
    """R10/A12: the hand is drawn back up to 5 right after the link (before a Q's follow-up)."""
    st = position(hands={0: "Qc 3d 4d 5d 6d", 1: "3c"}, source="2c 2d 7c")
    play(st, "Qc")
    assert len(st.hands[0]) == 5 and st.to_move == 0 and st.follow
    st = position(n=2, hands={0: "Qc 3d 4d 5d Kd", 1: "3c"}, source="2c 2d 7c",
                  options=CuntSoulOptions(refill_timing="end_of_turn"))
    play(st, "Qc")
    assert len(st.hands[0]) == 4 and st.follow
    play(st, "Kd")
    assert len(st.hands[0]) == 5 and st.to_move == 1


def test_face_up_only_after_hand_and_source_empty() -> None:
    """R11: face-up cards wait until the hand and the source are gone; no mixing in one link (A14)."""
    st = position(hands={0: "9c", 1: "3c"}, up={0: "9d 9h Ks"}, source="2c")
    msg = refused(st, Action("play", tuple(c("9d"))))
    assert "face-up" in msg
    assert "face-up" in refused(st, Action("play", tuple(c("9c 9d"))))  # A14: no mixing
    st = position(hands={0: "", 1: "3c"}, up={0: "9d 9h Ks"}, down={0: "2c"})
    assert can_play(st, "9d 9h")  # A14: several face-up cards of one rank together
    assert not any(a.kind == "play_down" for a in st.legal_actions())


def test_illegal_face_down_card_picks_up_with_the_pile() -> None:
    """R11/A15: a blind card that may not go on the pile is picked up with the whole pile."""
    st = position(hands={1: "3c"}, down={0: "4c 5c"}, pile="Kh")
    events = act(st, "play_down", target=0)
    assert sorted(st.hands[0]) == sorted(c("4c Kh"))
    assert st.discard == [] and st.to_move == 1
    assert "cannot go on the pile" in texts(events)


def test_legal_face_down_card_plays_normally() -> None:
    """R11: a blind card that fits is an ordinary play."""
    st = position(hands={1: "3c"}, down={0: "Ac 5c"}, pile="Kh")
    act(st, "play_down", target=0)
    assert st.discard == c("Kh Ac") and st.to_move == 1


def test_ten_burns_and_the_burner_plays_again() -> None:
    """R12/R13/R27: a 10 burns the pile; the burner takes another, fresh turn (A8)."""
    st = position(hands={0: "10c 4d 5d", 1: "3c"}, pile="Kh 9h", up={0: "2h 2d 2s"}, fields={0: "5s"},
                  source="7c 7d 7h 7s")
    events = play(st, "10c")
    assert st.discard == [] and st.to_move == 0 and st.fresh
    assert any(a.kind == "change_field" for a in st.legal_actions())  # A8: a whole new turn
    assert "10 burns the pile" in texts(events)
    assert set(c("Kh 9h 10c")) <= set(st.burn)


def test_four_of_a_kind_across_players_burns() -> None:
    """R37/A6: four of a face rank in a row burn, whoever played them; the completer plays again."""
    st = position(hands={0: "8c 8d 4d", 1: "3c"}, pile="8h 8s",
                  top=Top(seat=2, face=8, count=2, value=8))
    events = play(st, "8c 8d")
    assert st.discard == [] and st.to_move == 0
    assert "four 8s in a row burn" in texts(events).lower()


def test_jokers_break_four_of_a_kind() -> None:
    """A6: Jokers never count towards four of a kind."""
    st = position(hands={0: "8c 4d", 1: "3c 5c"}, pile="8h 8s RJ", top=Top(seat=2, face=15, count=1, value=8))
    play(st, "8c")
    assert len(st.discard) == 4


def test_going_out_and_the_sole_cunt() -> None:
    """R14/A55: out when hand, face-up and face-down are empty; the last one left is the sole-cunt."""
    st = position(n=2, hands={0: "9c", 1: "3c 4c"}, pile="5h")
    events = play(st, "9c")
    assert st.is_over
    r = st.result()
    assert r is not None and r.places == (1, 2) and r.losers == (1,)
    assert "Bea is the sole-cunt" in r.text and "out" in texts(events)


# -- card abilities -------------------------------------------------------------------------------------
def test_two_goes_on_almost_anything() -> None:
    """R15: a 2 goes on an Ace, and anything may follow a 2."""
    st = position(hands={0: "2c 4d", 1: "3c"}, pile="Ah", source="")
    assert can_play(st, "2c")


def test_three_locks_the_next_player() -> None:
    """R16/R17: after a 3 only a 3 or a Joker: a 10 cannot follow a 3; a Joker can."""
    st = position(hands={0: "3c 4d", 1: "10c RJ 3d 5c"})
    play(st, "3c")
    assert st.to_move == 1
    assert not can_play(st, "10c") and not can_play(st, "5c")
    assert can_play(st, "RJ") and can_play(st, "3d")
    assert "a 3 is on top: only a 3 or a Joker may follow" in refused(st, Action("play", tuple(c("10c"))))


def test_run_from_a_four_must_reach_six() -> None:
    """R18/R21: a run 4, 5, 6… with multiples; it may stop from 6 on; a 5 without a 6 is not offered."""
    st = position(hands={0: "4c 5c 5d 6c 7c Kd", 1: "3c"})
    play(st, "4c")
    assert st.phase == RUN
    assert Action("stop") in st.legal_actions()  # a lone 4
    play(st, "5c 5d")
    assert Action("stop") not in st.legal_actions()
    assert "must reach 6" in refused(st, Action("stop"))
    play(st, "6c")
    assert Action("stop") in st.legal_actions()
    play(st, "7c")  # no 8 left: the run ends by itself
    assert st.discard == c("4c 5c 5d 6c 7c")
    assert st.top.value == 7 and st.top.ability == 0  # R22/R23: ability-less, last face value
    assert st.to_move == 1
    st = position(hands={0: "4c 5c Kd", 1: "3c"})
    play(st, "4c")
    assert st.phase != RUN and st.to_move == 1  # no 6 to reach: the 4 stands alone


def test_run_cards_have_no_abilities() -> None:
    """R22: an 8 inside a run skips nobody."""
    st = position(hands={0: "4c 5c 6c 7c 8c Kd", 1: "3c", 2: "3d"})
    for card in ("4c", "5c", "6c", "7c", "8c"):
        play(st, card)
    if st.phase == RUN:
        act(st, "stop")
    assert st.to_move == 1


def test_run_descends_under_field_king() -> None:
    """R23/A42: under an odd number of Field Ks the run goes 4, 3, 2."""
    st = position(hands={0: "4c 3c 2c Kd", 1: "3d"}, fields={2: "Kh"}, pile="9h")
    play(st, "4c")
    assert st.phase == RUN
    play(st, "3c")
    play(st, "2c")
    assert st.discard[-3:] == c("4c 3c 2c") and st.to_move == 1


def test_burn_in_the_middle_of_a_run() -> None:
    """A10: four of a kind during a run burns at once; the run ends short of 6 and the player plays
    again with the rest of the hand."""
    st = position(hands={0: "4c 5c 5d 5h 5s 6c 7c", 1: "3c"})
    play(st, "4c")
    events = play(st, "5c 5d 5h 5s")
    assert st.discard == [] and st.phase == PLAY and st.to_move == 0
    assert sorted(st.hands[0]) == sorted(c("6c 7c"))
    assert "burn" in texts(events)


def test_five_swaps_a_hand_card_with_a_face_up_card() -> None:
    """R19/A53: optional swap; the swapped-in card lies horizontal."""
    st = position(hands={0: "5c 3h 9d", 1: "3c"}, up={0: "Kh Ks Kd"})
    play(st, "5c")
    assert st.phase == FIVE
    assert Action("no_swap") in st.legal_actions()
    act(st, "swap", "3h Kh")
    assert st.up[0] == c("3h Ks Kd") and c("Kh")[0] in st.hands[0]
    assert c("3h")[0] in st.horizontal
    assert st.to_move == 1


def test_six_copies_an_eight() -> None:
    """R20/A20: a 6 copies value and ability: one 6 on two 8s skips one; two 6s on one 8 skip two."""
    st = position(n=4, hands={0: "6c 4d", 1: "3c", 2: "3d", 3: "3h"}, pile="8h 8s",
                  top=Top(seat=3, face=8, count=2, value=8, ability=8))
    play(st, "6c")
    assert st.to_move == 2 and st.top.value == 8
    st = position(n=4, hands={0: "6c 6d 4d", 1: "3c", 2: "3d", 3: "3h"}, pile="8h",
                  top=Top(seat=3, face=8, count=1, value=8, ability=8))
    play(st, "6c 6d")
    assert st.to_move == 3


def test_six_copying_a_seven_declares() -> None:
    """A21: a 6 copying a 7 takes value 7 and declares; it can only go on a 7 declared lower."""
    st = position(hands={0: "6c 4d", 1: "3c 9c"}, pile="7h",
                  top=Top(seat=2, face=7, count=1, value=7, ability=7, seven=2))
    play(st, "6c")
    assert st.phase == SEVEN
    act(st, "declare", choice="higher")
    assert st.to_move == 1 and can_play(st, "9c") and not can_play(st, "3c")


def test_six_on_an_empty_pile_is_a_table_card() -> None:
    """A22: a 6 (or Joker) on an empty pile has no value: anything may follow."""
    st = position(hands={0: "6c 4d", 1: "3c 2c"})
    play(st, "6c")
    assert st.top.value == 0 and can_play(st, "3c") and can_play(st, "2c")


def test_six_copying_a_joker_takes_value_only() -> None:
    """A23: a 6 on a Joker copies its value and cancels nothing."""
    st = position(hands={0: "6c 4d", 1: "3c Kc"}, pile="9h RJ", top=Top(seat=2, face=15, count=1, value=9))
    play(st, "6c")
    assert st.top.value == 9 and st.top.ability == 0
    assert not can_play(st, "3c")


def test_six_copying_an_ace_pays_and_passes_on_the_penalty() -> None:
    """A21/A30: the 6's player pays for the Ace below; whoever plays on the 6 pays too."""
    st = position(hands={0: "6c 4d", 1: "2c 3d"}, pile="Ah", source="9c 9d 9h 9s 10c 10d 10h Jc Jd Jh Js",
                  top=Top(seat=2, face=14, count=1, value=14, ability=14, ace=1))
    events = play(st, "6c")
    assert "Ace penalty: Ann draws 1" in texts(events)
    assert st.top.ace == 1 and st.top.value == 14 and len(st.hands[0]) == 6
    events = play(st, "2c")
    assert "Ace penalty: Bea draws 1" in texts(events)
    assert len(st.hands[1]) == 6


def test_seven_higher_or_lower() -> None:
    """R24/A32: after a 7, strictly higher or lower as declared; a 7 or a Joker always; a 6 cannot go
    on a 7 declared higher."""
    st = position(hands={0: "7c 4d", 1: "6c 7d 8c RJ 2c"})
    play(st, "7c")
    assert st.phase == SEVEN and st.to_move == 0
    act(st, "declare", choice="higher")
    assert st.to_move == 1
    assert not can_play(st, "6c") and not can_play(st, "2c")
    assert can_play(st, "8c") and can_play(st, "7d") and can_play(st, "RJ")
    assert "7 declared higher" in refused(st, Action("play", tuple(c("6c"))))


def test_two_eights_skip_two_people() -> None:
    """R25/R36: every card power stacks: two 8s skip two players."""
    st = position(n=4, hands={0: "8c 8d 4d", 1: "3c", 2: "3d", 3: "3h"})
    events = play(st, "8c 8d")
    assert st.to_move == 3
    assert "Skipped: Bea, Cal" in texts(events)


def test_two_eights_between_two_players_say_turns_skipped() -> None:
    """R25/R36 at two players: two 8s skip the other player and then the one who played them. The
    caption said "2 players skipped" at a table of two; it counts turns."""
    st = position(n=2, hands={0: "8c 8d 4d", 1: "3c"})
    said = texts(play(st, "8c 8d"))
    assert "Ann's 8: 2 turns skipped" in said and "players" not in said


def test_nine_lets_anything_follow() -> None:
    """R26: any card can be played on a 9."""
    st = position(hands={0: "9c 4d", 1: "3c"})
    play(st, "9c")
    assert can_play(st, "3c")


def test_jack_chooses_who_plays_next() -> None:
    """R28/A35: the J's player picks any other player still in."""
    st = position(n=4, hands={0: "Jc 4d", 1: "3c", 2: "3d", 3: "3h"})
    play(st, "Jc")
    assert st.phase == JACK_CHOICE
    assert [a.target for a in st.legal_actions()] == [1, 2, 3]
    act(st, "choose", target=2)
    assert st.to_move == 2


def test_jack_and_king_do_nothing_with_two_players() -> None:
    """R46/A37: with two players the J's choice and the K's reversal have no effect."""
    st = position(n=2, hands={0: "Jc Kc 4d", 1: "3c"})
    play(st, "Jc")
    assert st.to_move == 1 and st.phase == PLAY
    st = position(n=2, hands={0: "Kc 4d", 1: "3c"})
    play(st, "Kc")
    assert st.direction == 1 and st.top.reversals == 0


def test_queen_needs_one_follow_up() -> None:
    """R29/A17/A19: after Qs (however many) one more link that goes on a Q, same turn."""
    st = position(hands={0: "Qc Qd 2c 4d 9c", 1: "3c"})
    play(st, "Qc Qd")
    assert st.to_move == 0 and st.phase == PLAY and st.follow
    assert can_play(st, "2c") and not can_play(st, "9c") and not can_play(st, "4d")
    play(st, "2c")
    assert st.to_move == 1


def test_queen_without_follow_up_picks_up() -> None:
    """A18: no card goes on the Q: pick up the pile and the turn ends."""
    st = position(hands={0: "Qc 4d", 1: "3c"})
    play(st, "Qc")
    assert st.legal_actions() == [Action("pickup")]
    act(st, "pickup")
    assert sorted(st.hands[0]) == sorted(c("Qc 4d")) and st.to_move == 1


def test_king_reverses_and_two_kings_cancel() -> None:
    """R30/R36: a K reverses the direction; two Ks reverse twice."""
    st = position(n=4, hands={0: "Kc 4d", 1: "3c", 2: "3d", 3: "3h"})
    events = play(st, "Kc")
    assert st.direction == -1 and st.to_move == 3
    assert "anticlockwise" in texts(events)
    st = position(n=4, hands={0: "Kc Kd 4d", 1: "3c", 2: "3d", 3: "3h"})
    play(st, "Kc Kd")
    assert st.direction == 1 and st.to_move == 1


def test_ace_penalty_counts_the_aces_of_the_link() -> None:
    """R31/A30: playing on an Ace link draws as many cards as it had Aces, from the source."""
    st = position(hands={0: "Ac Ad 4d 5d 6d 7d 8d", 1: "2c 3c"}, source="9c 9d 9h 9s 10c 10d 10h")
    play(st, "Ac Ad")
    assert "Ace penalty: Bea draws 2" in texts(play(st, "2c"))
    st = position(hands={1: "2c 3c"}, pile="Ah Ad As", source="9c 9d 9h 9s 10c 10d 10h",
                  top=Top(seat=2, face=14, count=1, value=14, ability=14, ace=1), turn=1,
                  options=CuntSoulOptions(ace_count="consecutive"))
    assert "Ace penalty: Bea draws 3" in texts(play(st, "2c"))  # three Aces in a row on top


def test_playing_on_an_ace_picks_up_additional_cards() -> None:
    """Seed: "if a player plays on an ace they must pick up additional cards equal to the number of
    aces in the stack" (R31/A30): the refill to 5 comes first and the penalty on top of it."""
    st = position(hands={0: "Ah 4d 5d 6d 7d", 1: "2c 3c 4c 5c 8c", 2: "Kc"},
                  source="9c 9d 9h 9s 10c 10d 10h Jc")
    play(st, "Ah")
    assert "an A is on top: play equal or higher" in refused(st, Action("play", tuple(c("4c"))))
    assert st.ace_due == 0
    events = play(st, "2c")
    assert "Ace penalty: Bea draws 1" in texts(events)
    assert len(st.hands[1]) == 6  # four left, one back to 5, one more for the Ace
    assert len(st.source) == 8 - 1 - 2


def test_two_aces_underneath_cost_two_on_top_of_the_refill() -> None:
    """Seed sentence as above: k cards played on n Aces cost n, not n - k (R31/A30)."""
    st = position(hands={1: "2c 2d 3c 5c 8c"}, pile="Ah As", source="9c 9d 9h 9s 10c 10d 10h Jc",
                  top=Top(seat=0, face=14, count=2, value=14, ability=14, ace=2), turn=1)
    play(st, "2c 2d")
    assert len(st.hands[1]) == 7  # three left, two back to 5, two more for the Aces


def test_ace_penalty_on_top_of_an_end_of_turn_refill() -> None:
    """R31/A12 (end-of-turn refill): the penalty is still additional, drawn after the refill."""
    st = position(hands={0: "Ah 4d 5d 6d 7d", 1: "2c 3c 4c 5c 8c"}, source="9c 9d 9h 9s 10c 10d 10h Jc",
                  options=CuntSoulOptions(refill_timing="end_of_turn"))
    play(st, "Ah")
    play(st, "2c")
    assert len(st.hands[1]) == 6 and st.to_move == 2


def test_ace_penalty_when_the_refill_empties_the_source() -> None:
    """A30: the extra cards come from the source, as many as it still holds after the refill."""
    st = position(hands={1: "2c 3c 4c 5c 8c"}, pile="Ah", source="9c",
                  top=Top(seat=0, face=14, count=1, value=14, ability=14, ace=1), turn=1)
    events = play(st, "2c")
    assert len(st.hands[1]) == 5 and st.source == []
    assert "Ace penalty for Bea: the source is empty" in texts(events)
    st = position(hands={1: "2c 3c 4c 5c 8c"}, pile="Ah As", source="9c 9d",
                  top=Top(seat=0, face=14, count=2, value=14, ability=14, ace=2), turn=1)
    assert "Ace penalty: Bea draws 1 of 2 (the source is empty)" in texts(play(st, "2c"))


def test_joker_escapes_the_ace_penalty() -> None:
    """A30: a Joker cancels the Ace's penalty."""
    st = position(hands={0: "RJ 4d", 1: "3c"}, pile="Ah", source="9c 9d",
                  top=Top(seat=2, face=14, count=1, value=14, ability=14, ace=1))
    assert "Ace penalty" not in texts(play(st, "RJ"))


def test_joker_takes_the_previous_face_value() -> None:
    """R32/A25/A28: a Joker keeps the previous card's face value (a 6 copying a K gives 6); a Joker
    on a Joker takes that Joker's value."""
    st = position(hands={0: "RJ 4d", 1: "5c 7c"}, pile="Kh 6h",
                  top=Top(seat=2, face=6, count=1, value=13, ability=0, via6=True))
    play(st, "RJ")
    assert st.top.value == 6 and can_play(st, "7c") and not can_play(st, "5c")
    st.hands[1] = c("BJ 5c")
    st.forget_legal()
    play(st, "BJ")
    assert st.top.value == 6


def test_joker_on_a_run_gives_the_run_back() -> None:
    """R33/A29: a Joker on a completed run: its player takes back every run card but the 4."""
    st = position(hands={0: "4c 5c 6c 7c 9h", 1: "RJ 3d"})
    for card in ("4c", "5c", "6c", "7c"):
        play(st, card)
    if st.phase == RUN:
        act(st, "stop")
    events = play(st, "RJ")
    assert st.discard == c("4c RJ") and st.top.value == 4
    assert sorted(st.hands[0]) == sorted(c("5c 6c 7c 9h"))
    assert "Joker on a run" in texts(events)


def test_joker_on_a_five_undoes_the_swap() -> None:
    """R34/A54: a Joker on a 5 that swapped: the swap goes back."""
    st = position(hands={0: "5c 3h 9d", 1: "RJ 3c"}, up={0: "Kh Ks Kd"})
    play(st, "5c")
    act(st, "swap", "3h Kh")
    events = play(st, "RJ")
    assert st.up[0] == c("Kh Ks Kd") and c("3h")[0] in st.hands[0]
    assert c("3h")[0] not in st.horizontal
    assert "Joker on a 5" in texts(events)


def paradox_of(events: list[Event]) -> str:
    cases = [e.data["case"] for e in events if e.kind == "paradox"]
    return cases[0] if cases else ""


def test_paradox_joker_on_an_eight() -> None:
    """R35/A27: a Joker on an 8: paradox — the pile burns and the Joker's player plays again."""
    st = position(hands={0: "8c 4d", 1: "3c", 2: "RJ 5d"})
    play(st, "8c")
    assert st.to_move == 2
    events = play(st, "RJ")
    assert paradox_of(events) == "8"
    assert "Joker on an 8: paradox" in texts(events) and "the pile burns" in texts(events)
    assert st.discard == [] and st.to_move == 2


def test_paradox_joker_as_a_queens_follow_up() -> None:
    """A27: the Joker is the Q's own follow-up: paradox."""
    st = position(hands={0: "Qc RJ 4d", 1: "3c"})
    play(st, "Qc")
    events = play(st, "RJ")
    assert paradox_of(events) == "Q" and st.discard == [] and st.to_move == 0


def test_paradox_joker_on_a_jack_when_the_chosen_was_not_next() -> None:
    """A27: a Joker on a J by a player who would not have been next without it: paradox; by the
    natural next player: the cancel is harmless."""
    st = position(n=4, hands={0: "Jc 4d", 1: "3c", 2: "RJ 5d", 3: "3h"})
    play(st, "Jc")
    act(st, "choose", target=2)
    events = play(st, "RJ")
    assert paradox_of(events) == "J" and st.to_move == 2
    st = position(n=4, hands={0: "Jc 4d", 1: "RJ 3c", 2: "5d", 3: "3h"})
    play(st, "Jc")
    act(st, "choose", target=1)
    events = play(st, "RJ")
    assert paradox_of(events) == "" and st.discard == c("Jc RJ") and st.to_move == 2


def test_paradox_joker_on_a_king_with_three_players() -> None:
    """A27/A11: a K that reversed play, with more than two players: paradox, and the reversal stays
    after the burn; with two players there is nothing to cancel."""
    st = position(n=3, hands={0: "Kc 4d", 1: "3c", 2: "RJ 5d"})
    play(st, "Kc")
    assert st.to_move == 2
    events = play(st, "RJ")
    assert paradox_of(events) == "K" and st.direction == -1  # A11: the reversal stays
    st = position(n=2, hands={0: "Kc 4d", 1: "RJ 3c"})
    play(st, "Kc")
    assert paradox_of(play(st, "RJ")) == ""


def test_paradox_joker_on_a_wild_six() -> None:
    """A27: a 6 that went on a higher card by its "almost any" placement: paradox."""
    st = position(n=2, hands={0: "6c 4d", 1: "RJ 3c"}, pile="Jh")
    play(st, "6c")
    assert st.top.wild6
    events = play(st, "RJ")
    assert paradox_of(events) == "6"


def test_no_paradox_cancelling_a_two_or_a_three() -> None:
    """A26: cancelling a 2's placement or a 3's lock is no paradox."""
    st = position(hands={0: "2c 4d", 1: "RJ 3c"}, pile="Ah")
    play(st, "2c")
    assert paradox_of(play(st, "RJ")) == ""
    st = position(hands={0: "3h 4d", 1: "RJ 3c"})
    play(st, "3h")
    assert paradox_of(play(st, "RJ")) == "" and st.top.value == 3


def test_turn_order_never_lands_on_finished_players() -> None:
    """A35: advance one, then each skip one more, past players who are out."""
    st = position(n=4, hands={0: "8c 4d", 2: "3d", 3: "3h"})
    st.out[1] = True
    st.finished = [1]
    st.n_active = 3
    play(st, "8c")
    assert st.to_move == 3


# -- field abilities ----------------------------------------------------------------------------------
def test_field_two_stops_six_seven_ten_as_wildcards() -> None:
    """R38 Field 2: 6, 7 and 10 no longer go on higher cards; the 2 still does."""
    st = position(hands={0: "6c 7c 10c 2c"}, pile="Kh", fields={1: "2d"})
    assert not can_play(st, "6c") and not can_play(st, "7c") and not can_play(st, "10c")
    assert can_play(st, "2c")
    assert "Field 2" in refused(st, Action("play", tuple(c("10c"))))


def test_field_three_turns_a_triple_into_a_three() -> None:
    """R38 Field 3/A46: three of a rank in a row become a 3 (value and lock); three 8s do not skip."""
    st = position(n=4, hands={0: "8c 8d 4d", 1: "3c 9c", 2: "3d", 3: "3h"}, pile="8h", fields={2: "3s"})
    events = play(st, "8c 8d")
    assert st.to_move == 1 and st.top.lock3 and st.top.value == 3
    assert "Field 3: three 8s become a 3" in texts(events)
    assert not can_play(st, "9c") and can_play(st, "3c")


def test_field_three_forbids_a_triple_on_a_three() -> None:
    """A46: no link may make three 3s on a 3-lock under Field 3."""
    st = position(hands={0: "3c 3d 4d"}, pile="3h", fields={1: "3s"},
                  top=Top(seat=2, face=3, count=1, value=3, ability=3, lock3=True))
    assert can_play(st, "3c") and not can_play(st, "3c 3d")


def test_field_three_beats_field_nine() -> None:
    """A46: a Field-3 triple is worth 3 even under Field 9."""
    st = position(hands={0: "5c 5d 4d", 1: "3c"}, pile="5h", fields={1: "3s", 2: "9s"})
    play(st, "5c 5d")
    assert st.top.triple and st.top.value == 3


def test_field_four_allows_single_cards_but_multiples_in_runs() -> None:
    """R38 Field 4/A38: one card per link, except multiples inside a 4-run (configurable)."""
    st = position(hands={0: "9c 9d 4c 5c 5d 6c"}, fields={1: "4s"})
    assert can_play(st, "9c") and not can_play(st, "9c 9d")
    play(st, "4c")
    assert can_play(st, "5c 5d")
    st = position(hands={0: "9c 9d 4c 5c 5d 6c"}, fields={1: "4s"},
                  options=CuntSoulOptions(field4_run_multiples=False))
    play(st, "4c")
    assert not can_play(st, "5c 5d") and can_play(st, "5c")


def test_field_five_swaps_with_a_face_down_card() -> None:
    """R38 Field 5/A50: the 5 swaps a hand card with a face-down card, blind; the owner knows both."""
    st = position(hands={0: "5c 3h 9d", 1: "3c"}, up={0: "Kh"}, down={0: "2c 2d"}, fields={1: "5s"})
    play(st, "5c")
    assert st.phase == FIVE
    assert Action("swap_down", tuple(c("3h")), 1) in st.legal_actions()
    act(st, "swap_down", "3h", target=1)
    assert st.down[0] == c("2c 3h") and c("2d")[0] in st.hands[0]
    assert st.view(0).down[0] == [HIDDEN, c("3h")[0]]
    assert st.view(1).down[0] == [HIDDEN, HIDDEN]


def test_field_five_look_first_option() -> None:
    """A50 (configurable, v1.3): look at the face-down card, then swap or keep."""
    st = position(hands={0: "5c 3h 9d", 1: "3c"}, down={0: "2c 2d"}, fields={1: "5s"},
                  options=CuntSoulOptions(field5_look_first=True))
    play(st, "5c")
    act(st, "look", target=0)
    assert st.phase == FIVE_LOOK and st.view(0).down[0][0] == c("2c")[0]
    act(st, "no_swap")
    assert st.to_move == 1


def test_field_six_shows_the_source_top() -> None:
    """R38 Field 6/A51: the source's top card is public, and drawn cards are seen by all."""
    st = position(hands={0: "9c 4d", 1: "3c"}, source="2c 2d 7h", fields={2: "6s"})
    assert st.view(1).source == [HIDDEN, HIDDEN, c("7h")[0]]
    play(st, "9c")
    assert c("7h")[0] in st.view(1).hands[0]


def test_field_seven_declaration_after_the_play() -> None:
    """R38 Field 7/A33: after the play the player declares; equal is allowed, wildcards are not."""
    st = position(hands={0: "9c 4d", 1: "9d 8c 10c 6c"}, fields={2: "7s"})
    play(st, "9c")
    assert st.phase == FIELD_SEVEN and st.to_move == 0
    act(st, "declare", choice="lower")
    assert st.to_move == 1
    assert can_play(st, "9d") and can_play(st, "8c") and not can_play(st, "10c")
    # said after the table's "Not allowed:", the reason read "Field 7: lower was declared: play ..."
    assert refused(st, Action("play", tuple(c("10c")))) == \
        "lower was declared under Field 7, so play equal or lower, or a Joker"


def test_field_eight_single_king_changes_direction_twice() -> None:
    """R38 Field 8/A39: every ability is stacked once more: a single K reverses twice; one 8 skips two."""
    st = position(n=4, hands={0: "Kc 4d", 1: "3c", 2: "3d", 3: "3h"}, fields={2: "8s"})
    events = play(st, "Kc")
    assert st.direction == 1 and st.to_move == 1
    assert "2 reversals" in texts(events)
    st = position(n=4, hands={0: "8c 4d", 1: "3c", 2: "3d", 3: "3h"}, fields={2: "8s"})
    play(st, "8c")
    assert st.to_move == 3


def test_field_nine_makes_two_to_nine_equal() -> None:
    """R38 Field 9: every card up to 9 has the same value."""
    st = position(hands={0: "3c 4d 10c"}, pile="8h", fields={1: "9s"})
    assert can_play(st, "3c") and can_play(st, "4d")
    st = position(hands={0: "8c"}, pile="Jh", fields={1: "9s"})
    assert not can_play(st, "8c")


def test_field_nine_with_a_seven() -> None:
    """A47: under Field 9, 2-9 may follow a 7 either way; 10+ only after higher."""
    st = position(hands={0: "7c 4d", 1: "3c 10c"}, fields={2: "9s"})
    play(st, "7c")
    act(st, "declare", choice="lower")
    assert can_play(st, "3c") and not can_play(st, "10c")


def test_field_ten_burns_under_the_source() -> None:
    """R38 Field 10/R48: burned cards go to the bottom of the source while it lasts."""
    st = position(hands={0: "10c 4d 5d 6d 7d", 1: "3c"}, pile="Kh", source="2c 2d", fields={1: "10s"})
    events = play(st, "10c")
    assert st.source[:2] == c("Kh 10c")
    assert "under the source" in texts(events)


def test_field_jack_chooses_next_after_the_turn() -> None:
    """R38 Field J/A36: after the turn the player chooses who plays next, unless an 8 or J acted."""
    st = position(n=4, hands={0: "9c 4d", 1: "3c", 2: "3d", 3: "3h"}, fields={1: "Js"})
    play(st, "9c")
    assert st.phase == FIELD_JACK
    act(st, "choose", target=3)
    assert st.to_move == 3
    st = position(n=4, hands={0: "8c 4d", 1: "3c", 2: "3d", 3: "3h"}, fields={1: "Js"})
    play(st, "8c")
    assert st.to_move == 2


def test_field_queen_stops_stacking_even_with_field_eight() -> None:
    """R38 Field Q/A40: no ability stacks; it beats Field 8."""
    st = position(n=4, hands={0: "8c 8d 4d", 1: "3c", 2: "3d", 3: "3h"}, fields={1: "Qs", 2: "8s"})
    play(st, "8c 8d")
    assert st.to_move == 2


def test_field_king_reverses_the_ordering() -> None:
    """R38 Field K/A41: play equal or lower; two Field Ks cancel."""
    st = position(hands={0: "5c Ac 4d"}, pile="9h", fields={1: "Ks"})
    assert can_play(st, "5c") and not can_play(st, "Ac")
    st = position(n=3, hands={0: "5c Ac 4d"}, pile="9h", fields={1: "Ks", 2: "Kd"})
    assert not can_play(st, "5c") and can_play(st, "Ac")


def test_field_joker_cancels_every_card_ability() -> None:
    """R38 Field Joker/A48: no abilities: 10s do not burn, 2s are not wild, 8s do not skip; Jokers
    still go anywhere."""
    st = position(hands={0: "10c 4d", 1: "3c"}, pile="9h", fields={2: "BJ"})
    play(st, "10c")
    assert st.discard == c("9h 10c") and st.to_move == 1
    st = position(hands={0: "2c RJ"}, pile="9h", fields={2: "BJ"})
    assert not can_play(st, "2c") and can_play(st, "RJ")


# -- field changes -------------------------------------------------------------------------------------------
def test_field_change_at_the_start_of_a_turn() -> None:
    """R40-R44/A44: swap field card and hand card, burn an upright face-up card, draw a horizontal one."""
    st = position(hands={0: "Kh 3c 4d", 1: "3d"}, up={0: "9h 9d 9s"}, fields={0: "5c"}, source="2c 7d")
    act(st, "change_field", "Kh")
    assert st.phase == BURN_UP and st.field[0] == c("Kh") and c("5c")[0] in st.hands[0]
    act(st, "burn_up", "9d")
    assert st.up[0] == c("9h 7d 9s") and c("7d")[0] in st.horizontal
    assert c("9d")[0] in st.burn and st.changes[0] == 1
    assert st.phase == PLAY and st.to_move == 0
    assert not any(a.kind == "change_field" for a in st.legal_actions())
    assert c("5c")[0] in st.view(1).hands[0]  # the old field card was seen going into the hand


def test_field_change_limits() -> None:
    """R41/A43: at most three changes, only while the source lasts, only at the start of the turn."""
    st = position(hands={0: "Kh 3c", 1: "3d"}, up={0: "9h"}, fields={0: "5c"}, source="")
    assert not any(a.kind == "change_field" for a in st.legal_actions())
    st = position(hands={0: "Kh 3c", 1: "3d"}, up={0: "9h"}, fields={0: "5c"}, source="2c")
    st.changes[0] = 3
    st.forget_legal()
    assert "three times" in refused(st, Action("change_field", tuple(c("Kh"))))


def test_finished_players_field_card_leaves_play() -> None:
    """A45: a player who goes out loses the field card and its effect (configurable)."""
    st = position(hands={0: "2c", 1: "3c", 2: "4c"}, pile="5h", fields={0: "Ks"})
    play(st, "2c")
    assert st.field[0] == [] and st.fc[KINGS_REVERSE] == 0 and c("Ks")[0] in st.burn
    st = position(hands={0: "2c", 1: "3c", 2: "4c"}, pile="5h", fields={0: "Ks"},
                  options=CuntSoulOptions(finished_field="stays"))
    play(st, "2c")
    assert st.field[0] == c("Ks")


def test_safety_cap_ends_the_game() -> None:
    """A52: the turn cap stops the game with a message and ranks players by fewest cards."""
    from cardtable.ai.base import RandomBot

    st = GAME.new_state(NAMES[:4], CuntSoulOptions(turn_cap=50), seed=4)
    bots = [RandomBot(i) for i in range(4)]
    events: list[Event] = []
    while not st.is_over:
        seat = st.to_move
        assert seat is not None
        events = st.apply(bots[seat].choose(st.view(seat)))
    r = st.result()
    assert r is not None and r.capped and "Safety cap" in r.text
    assert any(e.kind == "capped" for e in events)


def test_illegal_action_refused_with_the_rule() -> None:
    """Bad input: refused with the rule that forbids it, the state unchanged."""
    st = position(hands={0: "3c 4d", 1: "10c 5c"})
    play(st, "3c")
    assert refused(st, Action("play", tuple(c("10c")))) == "a 3 is on top: only a 3 or a Joker may follow"
    assert "same rank" in refused(st, Action("play", tuple(c("10c 5c"))))
    assert refused(st, Action("declare", choice="higher"))


def test_run_refuses_a_five_that_cannot_reach_six() -> None:
    """R21: a 5 is refused when no 6 could follow it, with the reason."""
    st = position(hands={0: "4c 5c 5d 6c Kd", 1: "3c"})
    play(st, "4c")
    assert can_play(st, "5c") and not can_play(st, "6c")
    st = position(hands={0: "4c 5c Kd 7d", 1: "3c"}, up={0: "6c"})
    play(st, "4c")
    assert st.phase != RUN  # no 6 in reach: the lone 4 stands
    st = position(hands={0: "4c 5c 5d", 1: "3c"}, up={0: "6c"})
    play(st, "4c")
    assert can_play(st, "5c 5d") and not can_play(st, "5c")  # only emptying the hand reaches the 6
    assert "must reach 6" in refused(st, Action("play", tuple(c("5c"))))
    play(st, "5c 5d")
    play(st, "6c")
    assert st.discard == c("4c 5c 5d 6c") and st.is_over is False


# -- the stalemate call (issue 14: Cunt-Soul games must end) ------------------------------------------
def stalled(rounds: int, hands: dict[int, str], pile: str, **kw: object) -> CuntSoulState:
    """A two-player position that has gone ``rounds`` rounds without progress (burn pile, outs,
    source low and each player's fewest cards unchanged), one turn short of the call at
    ``stalemate_rounds=rounds``. ``lows`` are the fewest cards each player has held (default: both
    have been down to one card before)."""
    lows = kw.pop("lows", None)
    st = position(n=2, hands=hands, pile=pile, options=CuntSoulOptions(stalemate_rounds=rounds), **kw)
    st.turns = 500
    held = tuple(lows) if lows is not None else (1, 1)  # type: ignore[arg-type]
    st.progress = (st.turns - rounds * 2, len(st.burn), len(st.source), 0, held)
    return st


def test_stalemate_is_called_after_rounds_without_progress() -> None:
    """Table ruling (stalemate): no card has left play and nobody has gone out for the set number
    of rounds, so the table calls the game: players still in are ranked by fewest cards left, with
    a clear message, long before the safety cap."""
    st = stalled(10, hands={0: "5c 9d", 1: "6c 7h 8h Kd"}, pile="4h")
    events = play(st, "5c")
    assert st.is_over and st.to_move is None
    assert any(e.kind == "stalemate" and "10 rounds without a card leaving play" in e.text
               and "fewer cards than before" in e.text for e in events)
    result = st.result()
    assert result is not None and not result.capped and result.details["stalemate"]
    assert result.places == (1, 2) and result.losers == (1,)
    assert result.text == "Stalemate called: ranked by fewest cards left. Bea is the sole-cunt"
    assert "the game is over" in refused(st, Action("play", tuple(c("9d"))))


def test_stalemate_ranking_shares_a_place_on_equal_cards() -> None:
    """Table ruling (stalemate): a fair ranking — equal cards left share a place."""
    st = stalled(10, hands={0: "5c 9d", 1: "6c 7h 8h"}, pile="4h", turn=1)
    play(st, "6c")
    result = st.result()
    assert result is not None and result.places == (1, 1) and result.losers == (0, 1)


def test_a_burn_is_progress_and_resets_the_stalemate_count() -> None:
    """Table ruling (stalemate): a card leaving play (here a 10's burn) is progress."""
    st = stalled(10, hands={0: "10c 9d 4c", 1: "6c 7h 8h Kd"}, pile="4h")
    play(st, "10c")
    assert not st.is_over and st.to_move == 0 and st.stall() == 0
    play(st, "4c")
    assert not st.is_over and st.to_move == 1


def test_a_call_after_one_round_says_one_round() -> None:
    """Table ruling (stalemate), in players' words: "1 round", not "1 rounds"."""
    st = stalled(1, hands={0: "5c 9d", 1: "6c 7h 8h Kd"}, pile="4h")
    events = play(st, "5c")
    assert any(e.text.startswith("Stalemate: 1 round without") for e in events)


def test_getting_down_to_fewer_cards_than_ever_is_progress() -> None:
    """Table ruling (stalemate): a player holding fewer cards than ever before is progress, a step
    towards going out; getting back down to a count held before is not (a pile passed back and
    forth does that for ever)."""
    st = stalled(10, hands={0: "5c 9d", 1: "6c 7h 8h Kd"}, pile="4h", lows=(1, 4))
    play(st, "5c")  # Ann is down to 1 card, as she has been before: no progress
    assert st.is_over and st.result().details["stalemate"]  # type: ignore[union-attr]
    st = stalled(10, hands={0: "5c 9d", 1: "6c 7h 8h Kd"}, pile="4h", lows=(2, 4))
    play(st, "5c")  # Ann is down to 1 card, fewer than ever: progress
    assert not st.is_over and st.to_move == 1 and st.stall() == 0
    assert st.progress[4] == (1, 4)


def test_stalemate_call_can_be_switched_off_and_is_validated() -> None:
    """Table ruling (stalemate) as an option: 0 never calls it; a negative count is refused."""
    st = stalled(0, hands={0: "5c 9d", 1: "6c 7h 8h Kd"}, pile="4h")
    play(st, "5c")
    assert not st.is_over and st.to_move == 1
    with pytest.raises(ValueError, match="greater than or equal to 0"):
        CuntSoulOptions(stalemate_rounds=-1)
    assert CuntSoulOptions().stalemate_rounds * 2 < CuntSoulOptions().turn_cap


def test_bots_see_how_long_the_table_has_gone_without_progress() -> None:
    """The stall count is public: a seat's view has the same, so bots may see a loop."""
    st = stalled(10, hands={0: "5c 9d", 1: "6c 7h 8h Kd"}, pile="4h")
    assert st.view(0).stall() == st.view(1).stall() == st.stall() == 20


def test_asked_to_pick_up_a_player_is_told_what_would_have_gone_on():
    """Rule book, "A turn": "If you cannot play, pick up the pile." Walking a first game, "No card
    may go on the pile: pick it up" over two 3s left a newcomer to hover the pile to learn why:
    the prompt names what may go on, from the same ranks the pile's tooltip lists."""
    st = position(3, hands={0: "4c 5d"}, down={0: "9c 9d 9h"}, pile="Kh")
    assert st.legal_actions() == [Action("pickup")]
    assert st.prompt() == "Nothing you hold goes on the pile (only 2, 6, 7, 10 or K to Joker may): pick it up"
    ok = st.ok_ranks()
    assert [r for r in range(2, 16) if ok[r]] == [2, 6, 7, 10, 13, 14, 15]


def test_on_a_3_the_pick_up_prompt_names_a_3_or_a_joker_in_words():
    """R (a 3: "The next card must be a 3 (or a Joker)"). The prompt said "(only 3 or Joker may)",
    read as shorthand by a newcomer: two ranks read with their articles, as the rule book says it."""
    st = position(3, hands={0: "4c 5d", 2: "3h 9s"}, down={0: "9c 9d 9h"}, turn=2)
    st.apply(Action("play", (parse_card("3h"),)))
    assert st.to_move == 0 and st.legal_actions() == [Action("pickup")]
    assert st.prompt() == "Nothing you hold goes on the pile (only a 3 or a Joker may): pick it up"


def test_stuck_with_a_field_change_open_the_prompt_says_pick_up_not_play():
    """Rule book, "A turn": "If you cannot play, pick up the pile", and R40, a field change at the
    start of the turn. On a phone the prompt said "Play from your hand (or change your field card
    first)" with nothing to play: a newcomer tapped cards that only offered field changes."""
    st = position(3, hands={0: "4c 5d"}, up={0: "9h 9d 9s"}, fields={0: "9c"}, pile="Kh", source="2c 7d")
    assert Action("pickup") in st.legal_actions()
    assert not any(a.kind == "play" for a in st.legal_actions())
    assert any(a.kind == "change_field" for a in st.legal_actions())
    assert st.prompt() == ("Nothing you hold goes on the pile (only 2, 6, 7, 10 or K to Joker may): "
                           "pick it up (or change your field card first)")
