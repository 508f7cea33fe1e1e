"""Cersei, one test per ruling (../shared/rulings/cersei.md), each from a hand-made position.

Decks are written top card first ("5h 7c" means the 5♥ is flipped first); the engine keeps them
bottom first.
"""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.engine.cards import parse_cards
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import Action, Event, IllegalAction, Result
from cardtable.games.cersei.game import (
    ALL_CARDS,
    CERSEI_CARD,
    FLIP,
    GAME,
    LABEL,
    CerseiState,
    role_name,
)
from cardtable.games.cersei.positions import NAMES, C, deal, position


def result_of(state: CerseiState) -> Result:
    result = state.result()
    assert result is not None, "the game is not over"
    return result


def play_round(state: CerseiState) -> list[Event]:
    """Every seat flips once: the round resolves (up to an Assassin pick, if any)."""
    events: list[Event] = []
    for _ in range(state.n):
        events += state.apply(FLIP)
    return events


def log(events: list[Event]) -> str:
    return "\n".join(e.text for e in events if e.text)


def deck(state: CerseiState, seat: int) -> Counter[int]:
    return Counter(state.decks[seat])


def cards(text: str) -> Counter[int]:
    return Counter(parse_cards(text))


def values(events: list[Event]) -> list[tuple[int, ...]]:
    return [e.data["by_seat"] for e in events if e.kind == "values"]


def assert_round_over(state: CerseiState) -> None:
    assert not any(state.contest) and not any(state.war) and not state.pot


# -- setup ------------------------------------------------------------------------------------

def test_deck_is_51_cards_with_cersei_and_two_jokers() -> None:
    """R1 / A2: three Queens out, Q♦ in, one red and one black joker."""
    assert len(ALL_CARDS) == len(set(ALL_CARDS)) == 51
    assert CERSEI_CARD in ALL_CARDS
    assert not {C("Qh"), C("Qs"), C("Qc")} & set(ALL_CARDS)
    assert {C("RJ"), C("BJ")} <= set(ALL_CARDS)


@pytest.mark.parametrize(("players", "sizes"), [(2, [26, 25]), (3, [17, 17, 17]), (4, [13, 13, 13, 12])])
def test_whole_pack_dealt_into_personal_decks(players: int, sizes: list[int]) -> None:
    """R2 / R3 / A1: 2-4 players, every card dealt one at a time, first to the dealer's left."""
    state = deal(players, 3)
    assert [len(d) for d in state.decks] == sizes
    assert sorted(c for d in state.decks for c in d) == sorted(ALL_CARDS)
    assert state.to_move == 0
    assert deal(players, 3, dealer=0).to_move == 1


def test_seed_names_with_corrected_spellings() -> None:
    """A20: the seed's names on the table, "Assassain", "Eunich" and "Circe" spelled right."""
    names = [role_name(c) for c in parse_cards("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qd Kh RJ")]
    assert names == ["Cannoneer", "Scout", "Pawn (3)", "Benedict", "Lieutenant", "Pawn (6)",
                     "Pawn (7)", "Captain", "Diplomat", "Pawn (10)", "Assassin", "Cersei", "King",
                     "Eunuch"]


# -- R4 and the flips -------------------------------------------------------------------------

def test_each_seat_flips_its_top_card_in_turn() -> None:
    """R4: a flip turns the top card face up; to_move cycles through the seats, then resolves."""
    state = position("10s 3c", "7h 6d")
    events = state.apply(FLIP)
    assert events[0] == Event("move", text="Ann flips Pawn (10♠)", cards=(C("10s"),), src="deck/0",
                              dst="contest/0", face_up=True, seat=0)
    assert state.contest[0] == [C("10s")] and state.to_move == 1
    events = state.apply(FLIP)
    assert "Ann's Pawn (10♠) is the highest (10) and wins the round" in log(events)
    assert state.to_move == 0 and state.round_no == 1
    assert events[-1].text == "End of round 1, cards in each deck: Ann 3, Bob 1; Cersei played 0 of 3"


def test_pot_goes_to_the_bottom_of_the_winners_deck_shuffled() -> None:
    """R12 / A14: all cards of the round go under the winner's deck, in a random order."""
    orders = set()
    for seed in range(12):
        state = position("10s 3c", "7h 6d")
        state.rng.state = seed
        play_round(state)
        assert_round_over(state)
        assert state.decks[0][-1] == C("3c")
        assert Counter(state.decks[0][:2]) == cards("10s 7h")
        assert state.decks[1] == [C("6d")]
        orders.add(tuple(state.decks[0][:2]))
    assert len(orders) == 2


# -- modifiers (R5, A6-A8) --------------------------------------------------------------------

def test_lieutenant_adds_the_drawn_card() -> None:
    """R5: 5 + a drawn 7 = 12 beats a 10; the drawn card joins the pot."""
    state = position("5h 7c 3d", "10s 4c")
    events = play_round(state)
    assert "Lieutenant (5♥) draws 7♣ (7)" in log(events)
    assert "Ann's Lieutenant (5♥) is worth 12" in log(events)
    assert deck(state, 0) == cards("3d 5h 7c 10s") and state.decks[0][-1] == C("3d")


def test_lieutenant_chains_on_a_drawn_five() -> None:
    """R5 / A7: a drawn 5 chains: 5 + 5 + 6 = 16 beats an Assassin."""
    state = position("5h 5d 6c 3c", "Js 4c")
    events = play_round(state)
    assert "the chain goes on" in log(events)
    assert values(events)[0][:2] == (16, 11)
    assert deck(state, 0) == cards("3c 5h 5d 6c Js")


def test_lieutenant_drawing_an_eight_does_not_chain() -> None:
    """A7: a drawn 8 in a Lieutenant chain is just 8: 5 + 8 = 13; the 9 stays in the deck."""
    state = position("5h 8c 9d", "Js 3c")
    events = play_round(state)
    assert values(events)[0][:2] == (13, 11)
    assert state.decks[0][-1] == C("9d")


def test_captain_subtracts_the_drawn_card_from_every_opponent() -> None:
    """R5: a Captain drawing a 3 makes a 10 worth 7, and 8 beats it."""
    state = position("8h 3c", "10s 4d")
    events = play_round(state)
    assert "Ann's Captain takes 3 off every opponent's card" in log(events)
    assert values(events)[0][:2] == (8, 7)
    assert deck(state, 0) == cards("8h 3c 10s")


def test_captain_chains_on_a_drawn_eight_and_drawn_cards_have_no_power() -> None:
    """R5 / A7 / A8: 8 then 2 drawn: 11 - 10 = 1; the drawn Scout starts no battle."""
    state = position("8h 8c 2d", "Js 4d")
    events = play_round(state)
    assert values(events)[0][:2] == (8, 1)
    assert not [e for e in events if e.kind == "battle"]
    assert deck(state, 0) == cards("8h 8c 2d Js")


def test_captain_drawing_a_five_does_not_chain() -> None:
    """A7: a 5 drawn by a Captain is just 5; the 9 stays on top."""
    state = position("8h 5c 9d", "7s 3c")
    events = play_round(state)
    assert values(events)[0][:2] == (8, 2)
    assert state.decks[0][-1] == C("9d")


def test_modifier_with_an_empty_deck_draws_nothing() -> None:
    """A7: a Lieutenant with no card left is worth 5; losing it leaves Ann out of cards."""
    state = position("5h", "6c 3d")
    events = play_round(state)
    assert "Ann has no card left to draw for Lieutenant (5♥)" in log(events)
    assert state.is_over and result_of(state).places == (2, 1)


def test_drawn_cards_count_their_static_value() -> None:
    """A8: a drawn Ace is 0 (5 + 0 loses to 6); a drawn King is just 10 (5 + 10 = 15 beats an 11)."""
    state = position("5h Ac 3d", "6c 4d")
    assert values(play_round(state))[0][:2] == (5, 6)
    state = position("5h Kc 3d", "Jc 4d")
    events = play_round(state)
    assert values(events)[0][:2] == (15, 11)
    assert not [e for e in events if e.kind == "king"]


def test_drawn_diplomat_does_not_annul() -> None:
    """A8: a Diplomat drawn by a Lieutenant only adds 9: 14 beats 11, no annulment."""
    state = position("5h 9c 3d", "Jc 4d")
    events = play_round(state)
    assert not [e for e in events if e.kind == "diplomat"]
    assert deck(state, 0) == cards("3d 5h 9c Jc")


# -- values: Cannoneer and the order of A6 ----------------------------------------------------

def test_cannoneer_matching_colour_is_plus_fourteen() -> None:
    """R6: a red Cannoneer against a red 10 is +14 and wins."""
    state = position("Ah 3c", "10d 4d")
    events = play_round(state)
    assert "Ann's Cannoneer (A♥) is worth +14: matches the red of Bob's Pawn (10♦)" in log(events)
    assert deck(state, 0) == cards("3c Ah 10d")


def test_cannoneer_other_colour_is_minus_fourteen() -> None:
    """R6: a black Cannoneer against a red 10 is -14 and loses."""
    state = position("Ac 3c", "10d 4d")
    events = play_round(state)
    assert values(events)[0][:2] == (-14, 10)
    assert deck(state, 1) == cards("4d Ac 10d")


def test_cannoneer_against_cannoneer_is_zero_and_starts_a_war() -> None:
    """A5: when every opponent is a Cannoneer, each is worth 0: a tie, so a war (A3)."""
    state = position("Ah 2c 3c 4c 10h", "Ac 2d 3d 4d 7h")
    events = play_round(state)
    assert values(events)[0][:2] == (0, 0)
    assert "every opponent is a Cannoneer" in log(events)
    assert "War between Ann and Bob: three cards down and one up" in log(events)
    assert len(state.decks[0]) == 10 and state.is_over


def test_cannoneer_highest_opponents_of_both_colours_is_zero() -> None:
    """A5: the two highest opponents tie in different colours: the Cannoneer is worth 0."""
    state = position("Ah", "Jd 3h 4h 6h 10s", "Jc 3s 4s 6s 7c")
    events = play_round(state)
    assert values(events)[0] == (0, 11, 11)
    assert "the highest opponents differ in colour" in log(events)


def test_cannoneer_zero_option_off_makes_it_minus_fourteen() -> None:
    """A5 (configurable): with the zero rule off an undefined colour counts as no match."""
    state = position("Ah", "Jd 3h 4h 6h 10s", "Jc 3s 4s 6s 7c", cannoneer_zero=False)
    assert values(play_round(state))[0] == (-14, 11, 11)


def test_cannoneer_highest_opponent_is_by_value() -> None:
    """Seed: "If the color of the Cannoneer matches that of the highest opponent, it is worth +14"
    (R9/A11/A5): a King is 10 outside a war or battle, so against K♣ and J♦ the highest opponent is
    the red J♦ (11); A♥ is +14, wins the three cards, and the J♦'s Assassin steals nothing."""
    state = position("Ah 3h", "Kc 3c", "Jd 3d")
    events = play_round(state)
    assert ("Ann's Cannoneer (A♥) is worth +14: matches the red of Cleo's Assassin (J♦), the highest "
            "opponent at 11; Bob's King (K♣) is just 10 outside a war or battle") in log(events)
    assert values(events)[0] == (14, 10, 11)
    assert deck(state, 0) == cards("3h Ah Kc Jd") and deck(state, 2) == cards("3d")
    assert state.assassin == -1 and not state.is_over
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="no Assassin has won this round"):
        state.apply(Action("assassinate", target=2, choice="0"))
    assert fingerprint(state) == before


def test_cannoneer_takes_an_active_king_as_highest_opponent() -> None:
    """A5/A11: a King counts as the highest opponent when it is active — here a Scout calls a
    battle, which the King wins — and the log says why."""
    state = position("Ac 3c", "Jh 3h", "Ks 4s", "2d 5d")
    events = play_round(state)
    assert ("Ann's Cannoneer (A♣) is worth +14: matches the black of Cleo's King (K♠), the highest "
            "opponent (a Scout calls a battle, which a King wins)") in log(events)
    assert "Cleo's King (K♠) is in the battle and wins the round" in log(events)


def test_cannoneer_takes_a_king_tied_for_the_highest_as_highest_opponent() -> None:
    """A5/A11: a King tied for the highest among the opponents would win that war, so it is the
    highest opponent: a black Cannoneer matches it, is +14, and wins outright."""
    state = position("Ac 3c", "Ks 3h", "10h 4s")
    events = play_round(state)
    assert ("matches the black of Bob's King (K♠), the highest opponent (tied for the highest, a King "
            "wins the war)") in log(events)
    assert values(events)[0] == (14, 10, 10) and deck(state, 0) == cards("3c Ac Ks 10h")


def test_captain_subtracts_after_the_cannoneer_sign() -> None:
    """A6: the Cannoneer's sign comes first (+14), then the Captain takes 7: 7 loses to 8."""
    state = position("8h 7c 3c", "Ad 4d")
    events = play_round(state)
    assert values(events)[0][:2] == (8, 7)
    assert deck(state, 0) == cards("3c 8h 7c Ad")


def test_captain_subtracts_from_an_opponents_lieutenant() -> None:
    """A6: the Lieutenant's 5 + 6 = 11 loses 4 to the Captain: 7 against 8."""
    state = position("8h 4c 3c", "5s 6d 2d")
    events = play_round(state)
    assert values(events)[0][:2] == (8, 7)


# -- Cersei -----------------------------------------------------------------------------------

def test_cersei_defeats_every_card_without_a_pawn() -> None:
    """R7.1 / R8: Cersei beats an Assassin; no war or battle is checked."""
    state = position("Qd 3c", "Js 4d")
    events = play_round(state)
    assert "Values: Ann unbeatable, Bob 11" in log(events)
    assert "Ann's Cersei defeats every card: no Pawn is in play" in log(events)
    assert deck(state, 0) == cards("3c Qd Js")


def test_cersei_beats_the_king() -> None:
    """R9 / A9: a King is just 10 when Cersei contests, and she wins."""
    state = position("Qd 3c", "Ks 4d")
    play_round(state)
    assert deck(state, 0) == cards("3c Qd Ks")


def test_cersei_is_worth_two_when_a_pawn_is_present() -> None:
    """R8: a 3-pawn beats Cersei, who is worth 2."""
    state = position("Qd 4c", "3s 4d")
    events = play_round(state)
    assert "Cersei is worth 2: a Pawn is present" in log(events)
    assert deck(state, 1) == cards("4d Qd 3s")


def test_any_pawn_weakens_cersei_and_she_still_silences_the_king() -> None:
    """A9: with a pawn present Cersei is 2 against everyone, and the King tied at 10 is just 10:
    the would-be war is fought, not won by the King."""
    state = position("Qd 4c", "Ks 3h 4h 6h 7d", "10c 3s 4s 6s Jh")
    events = play_round(state)
    assert "The King is just 10: Cersei is in play" in log(events)
    assert "War between Bob and Cleo" in log(events)
    assert deck(state, 2) == cards("Qd Ks 3h 4h 6h 7d 10c 3s 4s 6s Jh")


# -- King -------------------------------------------------------------------------------------

def test_king_is_ten_in_a_plain_comparison() -> None:
    """A11: a King loses to an Assassin (11)."""
    state = position("Ks 3c", "Jh 4d")
    play_round(state)
    assert deck(state, 1) == cards("4d Ks Jh")


def test_king_wins_a_would_be_war() -> None:
    """R9 / A11: King and 10-pawn tie at 10: the King wins instead of a war."""
    state = position("Ks 3c", "10h 4d")
    events = play_round(state)
    assert "Ann's King (K♠) is in the tie and wins the round" in log(events)
    assert not [e for e in events if e.kind == "war"]
    assert deck(state, 0) == cards("3c Ks 10h")


def test_king_wins_a_would_be_battle() -> None:
    """R9 / A11: a King against a Scout wins instead of a battle."""
    state = position("Ks 3c", "2h 4d")
    events = play_round(state)
    assert "Ann's King (K♠) is in the battle and wins the round" in log(events)
    assert deck(state, 0) == cards("3c Ks 2h")


def test_king_face_up_in_a_war_beats_a_higher_card() -> None:
    """R9 / A11: a King turned up in a war layer wins it, even against an Assassin."""
    state = position("7s 3c 4c 6c Kd", "7h 3d 4d 6d Jh")
    events = play_round(state)
    assert "Ann's King (K♦) is face up in the fight and wins the round" in log(events)
    assert len(state.decks[0]) == 10


def test_two_kings_in_a_tie_fight_a_war_alone() -> None:
    """A11: three players tie at 10, two with Kings: the war is between the King holders only."""
    state = position("Ks 3c 4c 6c 10s", "Kh 3d 4d 6d 7d", "10c 2s")
    events = play_round(state)
    assert "the war is between Ann and Bob" in log(events)
    assert deck(state, 0) == cards("Ks 3c 4c 6c 10s Kh 3d 4d 6d 7d 10c")
    assert state.decks[2] == [C("2s")]


def test_king_outside_the_tie_does_not_stop_a_war() -> None:
    """A11 / A1: with 3 players a King that is not among the tied cards doesn't stop their war;
    the King's owner only loses their card."""
    state = position("Ks 5c", "Jh 3h 4h 6h 10d", "Jc 3s 4s 6s 7c")
    events = play_round(state)
    assert "War between Bob and Cleo" in log(events)
    assert deck(state, 1) == cards("Ks Jh 3h 4h 6h 10d Jc 3s 4s 6s 7c")
    assert state.decks[0] == [C("5c")]


def test_kings_face_up_in_the_same_war_fight_another_war() -> None:
    """A11: two Kings turned up in a war: a further war between their players."""
    state = position("7s 3c 4c 6c Ks 2c 3d 4d 10c", "7h 3h 4h 6h Kh 2s 5d 6d 7d")
    events = play_round(state)
    assert "Kings are face up in the fight: the war is between Ann and Bob" in log(events)
    assert len(state.decks[0]) == 18 and state.is_over


def test_only_the_fighters_cards_count_in_a_war() -> None:
    """R7 (participants): Ann's Cersei stayed behind in the first layer, so the King Bob turns up
    in the war is not silenced by her and wins."""
    state = position("Qd", "7h 3h 4h 6h Kd", "7c 3s 4s 6s Jc")
    events = play_round(state)
    assert "Cersei is worth 2: a Pawn is present" in log(events)
    assert "Bob's King (K♦) is face up in the fight and wins the round" in log(events)
    assert len(state.decks[1]) == 11


# -- Diplomat ---------------------------------------------------------------------------------

def test_tied_diplomats_annul_the_round() -> None:
    """R10 / A12: two tied 9s: no war, every card back to the bottom of its owner's deck."""
    state = position("9s 6c", "9h 7c")
    events = play_round(state)
    assert "the round is annulled and every card goes back to its owner" in log(events)
    assert state.decks == [[C("9s"), C("6c")], [C("9h"), C("7c")]]
    assert_round_over(state)
    assert state.to_move == 0


def test_diplomat_in_a_would_be_battle_annuls() -> None:
    """R10 / A12: a Diplomat contesting when a Scout would start a battle annuls the round."""
    state = position("9s 6c", "2h 7c")
    events = play_round(state)
    assert [e.kind for e in events if e.kind in ("battle_check", "diplomat")] == ["battle_check", "diplomat"]
    assert deck(state, 0) == cards("9s 6c") and deck(state, 1) == cards("2h 7c")


def test_diplomat_face_up_in_a_war_sends_everything_home() -> None:
    """R10 / A12: a Diplomat turned up in a war layer annuls the whole round."""
    state = position("7s 3c 4c 6c 9d 10c", "7h 3d 4d 6d Jh 10d")
    play_round(state)
    assert deck(state, 0) == cards("7s 3c 4c 6c 9d 10c")
    assert deck(state, 1) == cards("7h 3d 4d 6d Jh 10d")
    assert state.decks[0][-1] == C("10c") and state.decks[1][-1] == C("10d")


def test_king_overrides_the_diplomat() -> None:
    """R10 / A12: King, Scout and Diplomat contest: the King wins the would-be battle."""
    state = position("Ks", "2h 7c", "9c 6d")
    events = play_round(state)
    assert not [e for e in events if e.kind == "diplomat"]
    assert deck(state, 0) == cards("Ks 2h 9c")


def test_plain_diplomat_is_just_nine() -> None:
    """A12: in an undisputed round a Diplomat is a 9 and beats a 7."""
    state = position("9s 3c", "7h 4d")
    play_round(state)
    assert deck(state, 0) == cards("3c 9s 7h")


def test_annulled_round_keeps_the_eunuch_but_not_benedict_or_assassin() -> None:
    """A12 / A13: after an annulment the Eunuch still acts (shuffle, Cersei to the bottom of its
    player's deck); a Benedict has no effect."""
    state = position("RJ 3c 4c 6c 9d Qd 7c", "BJ 3d 4d 4h 7h 6h")
    events = play_round(state)
    assert "A Eunuch was played: every player shuffles their deck" in log(events)
    assert not [e for e in events if e.kind == "benedict"]
    assert deck(state, 0) == cards("RJ 3c 4c 6c 9d Qd 7c")
    assert deck(state, 1) == cards("BJ 3d 4d 4h 7h 6h")
    assert state.decks[0][0] == CERSEI_CARD


# -- wars and battles -------------------------------------------------------------------------

def test_war_is_three_down_and_one_up() -> None:
    """R11 / A3: tied 7s go to war: three stakes face down, one card up; the higher wins all."""
    state = position("7s 3c 4c 6c 10s 5h", "7h 3d 4d 6d 6h 5d")
    events = play_round(state)
    assert "War check: Ann's Pawn (7♠) and Bob's Pawn (7♥) are both worth 7" in log(events)
    stakes = [e for e in events if e.kind == "move" and e.dst.startswith("war/")]
    assert [(e.cards, e.face_up) for e in stakes] == [(tuple(parse_cards("3c 4c 6c")), False),
                                                      (tuple(parse_cards("3d 4d 6d")), False)]
    assert deck(state, 0) == cards("5h 7s 3c 4c 6c 10s 7h 3d 4d 6d 6h")
    assert state.decks[1] == [C("5d")]


def test_modifiers_apply_in_a_war() -> None:
    """R11: a Lieutenant turned up in a war draws: 5 + 6 = 11 beats the other's 10."""
    state = position("7s 3c 4c 6c 5h 6s", "7h 3d 4d 6d 10h 2d")
    events = play_round(state)
    assert values(events)[1][:2] == (11, 10)
    assert state.decks[1] == [C("2d")]


def test_war_takes_precedence_over_a_scout() -> None:
    """A4 / A1: a Scout and a tie at once: the tied players go to war, no battle; the Scout's
    owner loses their card."""
    state = position("2s 5c", "7h 3h 4h 6h 10d", "7c 3s 4s 6s 3d 2c")
    events = play_round(state)
    assert [e.kind for e in events if e.kind in ("war", "battle")] == ["war"]
    assert "War between Bob and Cleo" in log(events)


def test_scout_face_up_in_a_war_starts_a_battle() -> None:
    """A4: a Scout turned up in the war triggers a battle next: one down, one up."""
    state = position("7s 3c 4c 6c 2c 3h 10s", "7h 3d 4d 6d 6h 4h 7d")
    events = play_round(state)
    assert [e.kind for e in events if e.kind in ("war", "battle")] == ["war", "battle"]
    assert len(state.decks[0]) == 14 and state.is_over


def test_battle_involves_every_player() -> None:
    """R11 / A1: a Scout among 3 players: all three put one down and one up."""
    state = position("2s 3c 6c", "7h 4d 10d 5s", "6s 3h 7d")
    events = play_round(state)
    assert "Battle between Ann, Bob and Cleo: one card down and one up" in log(events)
    assert deck(state, 1) == cards("5s 2s 3c 6c 7h 4d 10d 6s 3h 7d")


def test_war_only_between_the_tied_players() -> None:
    """A1: with 3 players only the tied players fight; the third's card goes to the winner."""
    state = position("Js 3c 4c 6c 10s", "Jh 3d 4d 6d 7d", "3h 2h")
    events = play_round(state)
    assert "War between Ann and Bob" in log(events)
    assert deck(state, 0) == cards("Js 3c 4c 6c 10s Jh 3d 4d 6d 7d 3h")


def test_short_of_cards_for_a_war_all_but_one_go_down() -> None:
    """A17: with 2 cards left for a war, 1 goes down and 1 up."""
    state = position("7s 3c 10c", "7h 3d 4d 6d 6h")
    events = play_round(state)
    stakes = [e for e in events if e.kind == "move" and e.dst == "war/0"]
    assert [e.cards for e in stakes] == [(C("3c"),)]
    assert len(state.decks[0]) == 8 and state.is_over


def test_no_card_for_a_war_means_running_out_and_losing() -> None:
    """A17 / R15: Ann has nothing to put up in the war: she loses the round and the game."""
    state = position("7s", "7h 3d 4d 6d 6h")
    events = play_round(state)
    assert "Ann has no card left for the fight and loses the round" in log(events)
    result = state.result()
    assert result is not None and result.places == (2, 1) and result.losers == (0,)
    assert "Ann ran out of cards" in result.text


def test_fallback_sum_decides_when_both_run_out() -> None:
    """A18 / R16: tied at 14 with no card left for the war: the sums (0 against 5 + 9) decide."""
    state = position("Ad", "5h 9c")
    events = play_round(state)
    assert values(events)[0] == (14, 14)
    assert "Fallback: the cards add up to Ann 0, Bob 14: Bob wins the round" in log(events)
    assert deck(state, 1) == cards("Ad 5h 9c")


def test_fallback_tie_returns_the_cards() -> None:
    """A18: King against King with no cards left, sums tied: the cards go home."""
    state = position("Ks", "Kh")
    events = play_round(state)
    assert "the war is between Ann and Bob" in log(events)
    assert "still tied, every card goes back to its owner" in log(events)
    assert state.decks == [[C("Ks")], [C("Kh")]]


def test_war_cap_in_one_round_uses_the_fallback() -> None:
    """A18 (war-loop cap): at the cap of layers a further war is settled by the sum of the cards."""
    state = position("7s 3c 4c 6c 10s", "7h 2d 4d 6d 10h 3s", max_layers=1)
    events = play_round(state)
    assert "1 wars and battles in one round" in log(events)
    assert "Fallback: the cards add up to Ann 30, Bob 29: Ann wins the round" in log(events)


# -- post-round -------------------------------------------------------------------------------

def test_losing_benedict_goes_home_and_top_card_is_given_instead() -> None:
    """R13.1 / A13: Ann's Benedict goes back under her deck; her top card goes to the winner."""
    state = position("4s 7c 3c", "Jh 4d")
    events = play_round(state)
    assert "Ann takes back Benedict (4♠) and gives their top card instead" in log(events)
    assert state.decks[0] == [C("4s"), C("3c")]
    assert deck(state, 1) == cards("4d Jh 7c")


def test_benedict_lost_before_a_war_still_counts() -> None:
    """A13: Ann's Benedict tied in the first layer, then she lost the war: it comes back; the
    face-down Benedict among her stakes does not."""
    state = position("4s 3c 4c 6c 7d 10c", "4h 3d 5d 6d 10h")
    play_round(state)
    assert state.decks[0] == [C("4s")]
    assert deck(state, 1) == cards("4h 3d 5d 6d 10h 3c 4c 6c 7d 10c")


def test_benedict_with_no_card_to_give_goes_to_the_winner() -> None:
    """A13: Ann has nothing left to give: the Benedict goes to the winner as usual."""
    state = position("4s", "Jh 4d")
    events = play_round(state)
    assert "stays with the pot: no card to give instead" in log(events)
    assert deck(state, 1) == cards("4d Jh 4s") and state.is_over


def test_assassin_picks_a_blind_position_in_each_opponents_deck() -> None:
    """R13.2 / A15: the winning Assassin takes the card at the chosen position to the bottom."""
    state = position("Js 3c", "7h 6d 10c")
    play_round(state)
    assert state.to_move == 0
    assert state.legal_actions() == [Action("assassinate", (), 1, "0"), Action("assassinate", (), 1, "1")]
    assert "pick a face-down card from Bob" in state.prompt()
    events = state.apply(Action("assassinate", (), 1, "0"))
    assert events[0].cards == (C("10c"),) and (events[0].src, events[0].dst) == ("deck/1", "deck/0")
    assert state.decks[0][0] == C("10c") and state.decks[1] == [C("6d")]
    assert state.to_move == 0 and state.legal_actions() == [FLIP]


def test_while_an_assassin_picks_the_others_are_told_so() -> None:
    """A phone walk: a seat waiting read "Ann to play" while Ann's Assassin picked from its deck
    (A15: the Assassin's owner takes a face-down card from each opponent). And the refusal of a
    place past the deck said "a position from 0 to 1", counting from 0."""
    from cardtable.engine.table import Seen
    from cardtable.games.cersei.table import TELLER

    state = position("Js 3c", "7h 6d 10c")
    assert state.waiting() == ""
    play_round(state)
    assert state.waiting() == "Ann's Assassin won: Ann picks a face-down card from Bob"
    view = state.view(1)
    info = TELLER().describe(Seen(view, view.names, 1, view.zones(), {}))
    assert info.waiting == "Ann's Assassin won: Ann picks a face-down card from Bob"
    with pytest.raises(IllegalAction) as err:
        state.apply(Action("assassinate", (), 1, "2"))
    assert "from 0" not in str(err.value)


def test_assassin_pick_outside_the_deck_is_refused() -> None:
    """Bad input (A15): a position past the deck, the Assassin's own deck, a named card or a
    flip are refused with the rule, the state unchanged."""
    state = position("Js 3c", "7h 6d 10c")
    play_round(state)
    before = fingerprint(state)
    refusals = {
        Action("assassinate", (), 1, "2"): "there is no card at that place",
        Action("assassinate", (), 1, "-1"): "there is no card at that place",
        Action("assassinate", (), 1, "01"): "there is no card at that place",
        Action("assassinate", (), 5, "0"): "no seat 6 at this table",
        Action("assassinate", (), 0, "0"): "not from their own",
        Action("assassinate", (C("6d"),), 1, "0"): "picks blind",
        FLIP: "must first take a card from each opponent's deck",
    }
    for action, rule in refusals.items():
        with pytest.raises(IllegalAction, match=rule):
            state.apply(action)
        assert fingerprint(state) == before


def test_assassin_takes_from_every_opponent() -> None:
    """A15: with 3 players the winner picks once in each opponent's deck, in any order."""
    state = position("Js 3c", "7h 6d 10c", "6s 5c 3h")
    play_round(state)
    assert {a.target for a in state.legal_actions()} == {1, 2}
    state.apply(Action("assassinate", (), 2, "0"))
    with pytest.raises(IllegalAction, match="already taken a card from Cleo"):
        state.apply(Action("assassinate", (), 2, "0"))
    state.apply(Action("assassinate", (), 1, "1"))
    assert deck(state, 0) == cards("3c Js 7h 6s 3h 6d") and state.to_move == 0


def test_assassination_that_empties_a_deck_ends_the_game() -> None:
    """A15 / R15: taking Bob's last card ends the game."""
    state = position("Js", "7h 6d")
    play_round(state)
    events = state.apply(Action("assassinate", (), 1, "0"))
    assert state.is_over and events[-1].kind == "game_over"
    assert result_of(state).places == (1, 2)


def test_drawn_assassin_does_not_assassinate() -> None:
    """A15: a Jack drawn by a Lieutenant only adds 11."""
    state = position("5s Jc 3c", "10h 3d")
    play_round(state)
    assert state.legal_actions() == [FLIP]


def test_eunuch_shuffles_every_deck_and_sends_cersei_to_the_bottom() -> None:
    """R13.3 / A16: after a Eunuch every player shuffles; Cersei goes under its player's deck."""
    state = position("RJ 3c 4c 6c Qd 7c 10c 9c", "7h 4d 5d 6d 3s")
    events = play_round(state)
    assert [e.kind for e in events].count("shuffle") == 2
    assert state.decks[0][0] == CERSEI_CARD
    assert "Cersei goes to the bottom of Ann's deck" in log(events)
    assert deck(state, 0) == cards("RJ 3c 4c 6c Qd 7c 10c 9c 7h")


def test_only_the_eunuchs_player_moves_cersei() -> None:
    """A16: Bob's Eunuch wins; Ann's Cersei stays where the shuffle put her."""
    state = position("7h 4d Qd 5d 6d 3s", "RJ 3c")
    events = play_round(state)
    assert "A Eunuch was played" in log(events)
    assert "Cersei goes to the bottom" not in log(events)


def test_face_down_or_drawn_eunuch_does_nothing() -> None:
    """A16: a Eunuch among war stakes or drawn by a Lieutenant triggers no shuffle."""
    state = position("7s RJ 4c 6c 10s 5h", "7h 3d 4d 6d 6h 5d")
    assert not [e for e in play_round(state) if e.kind == "eunuch"]
    state = position("5s RJ 3c 6c", "10h 3d")
    play_round(state)
    assert state.decks[0][-2:] == [C("6c"), C("3c")]


# -- the Cersei count and the end -------------------------------------------------------------

def test_third_cersei_ends_the_game_after_the_round() -> None:
    """R14 / R15 / A10: Cersei played the third time: the round finishes, then most cards wins."""
    state = position("Qd 3c 4c", "Js 4d")
    state.cersei_count = 2
    events = play_round(state)
    assert "Cersei has been played 3 of 3 times" in log(events)
    result = state.result()
    assert result is not None and result.places == (1, 2) and result.losers == (1,)
    assert result.text.startswith("Cersei has been played 3 times. Ann wins")
    assert result.details["deck_sizes"] == [4, 1]


def test_face_down_or_drawn_cersei_is_not_counted() -> None:
    """A10 / A21: Cersei as a war stake or a Lieutenant's draw is not "played"."""
    state = position("7s Qd 4c 6c 10s 5h", "7h 3d 4d 6d 6h 5d")
    play_round(state)
    assert state.cersei_count == 0
    state = position("5s Qd 3c", "10h 3d")
    play_round(state)
    assert state.cersei_count == 0


def test_cersei_turned_up_in_a_war_is_counted() -> None:
    """A10: the face-up card of a war is played: Cersei counts."""
    state = position("7s 3c 4c 6c Qd 5h", "7h 3d 4d 6d Jh 5d")
    play_round(state)
    assert state.cersei_count == 1


def test_tied_deck_sizes_share_the_win() -> None:
    """R15: equal decks at the end share first place; nobody is named loser."""
    state = position("9s 3c", "9h 3d", max_rounds=1)
    play_round(state)
    result = state.result()
    assert result is not None and result.places == (1, 1) and result.losers == ()
    assert result.text.endswith("Ann and Bob win (cards: Ann 2, Bob 2).")


def test_round_cap_ends_an_endless_game() -> None:
    """A19: two Kings with no cards left return home every round: the cap ends it, ranked by size."""
    state = position("Ks", "Kh", max_rounds=10)
    while not state.is_over:
        state.apply(FLIP)
    result = state.result()
    assert result is not None and result.capped and state.round_no == 10
    assert result.text.startswith("Round cap: 10 rounds played, ranked by deck size")


def test_log_names_each_card_by_its_role() -> None:
    """A20: the log uses the table names."""
    assert LABEL[C("7c")] == "Pawn (7♣)" and LABEL[C("RJ")] == "Eunuch (red Joker)"
    # no "assassinate:" before the words: the hint and the review read out the action's inner name
    assert GAME.describe(Action("assassinate", (), 1, "3"), NAMES) == \
        "take the 4th face-down card from the bottom of Bob's deck"
    # places count from 1 for a player (the choice counts from 0: "position 0" was the bottom card)
    assert GAME.describe(Action("assassinate", (), 1, "0"), NAMES) == \
        "take the 1st face-down card from the bottom of Bob's deck"
    assert "12th" in GAME.describe(Action("assassinate", (), 1, "11"), NAMES)
    assert "22nd" in GAME.describe(Action("assassinate", (), 1, "21"), NAMES)


def test_assassin_skips_an_opponent_with_no_cards() -> None:
    """A15: Cleo's Lieutenant drew nothing and she is out of cards: only Bob can be robbed, and
    the game ends after the pick (R15)."""
    state = position("Js 3c", "7h 6d", "5s")
    play_round(state)
    assert {a.target for a in state.legal_actions()} == {1}
    with pytest.raises(IllegalAction, match="Cleo has no card left to take"):
        state.apply(Action("assassinate", (), 2, "0"))
    state.apply(Action("assassinate", (), 1, "0"))
    assert state.is_over and "Cleo ran out of cards" in result_of(state).text


def test_flip_phase_refusals_and_prompts() -> None:
    """Bad input: no Assassin pick without a winning Assassin; a flip names nothing."""
    state = position("7s 3c", "6h 4d")
    assert state.prompt() == "Ann: flip the top card of your deck"
    assert state.result() is None
    with pytest.raises(IllegalAction, match="no Assassin has won this round"):
        state.apply(Action("assassinate", (), 1, "0"))
    with pytest.raises(IllegalAction, match="a flip names no card"):
        state.apply(Action("flip", (C("7s"),)))
    with pytest.raises(IllegalAction, match="Ann must flip the top card"):
        state.apply(Action("play", (C("7s"),)))
    assert GAME.describe(FLIP, NAMES) == "flip the top card"
    assert role_name(-1) == "a face-down card"
