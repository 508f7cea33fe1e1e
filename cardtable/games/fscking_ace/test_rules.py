"""Fscking Ace rulings (shared/rulings/fscking-ace.md), each from a hand-made position."""

from __future__ import annotations

import pytest

from cardtable.engine.cards import HIDDEN, SPADES, SUIT, parse_card, parse_cards
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import Action, Event, IllegalAction
from cardtable.games import get_game
from cardtable.games.fscking_ace.game import (
    BETWEEN,
    CLOCKWISE,
    END_SITTING,
    FLIP,
    GAME,
    NEXT_ROUND,
    SPADE_ACE,
    STOP,
    FsckingAceState,
    build_pack,
    composition,
    joker_value,
    money_text,
    pile_value,
    split_evenly,
    tally_of,
)
from cardtable.games.fscking_ace.positions import ACE, NAMES, cards_of, stack, table


def bank(state: FsckingAceState, seat: int, text: str) -> None:
    """Give ``seat`` these cards as already banked this round (taken from the pack)."""
    cards = cards_of(text)
    for c in cards:
        state.pack.remove(c)
    state.scored[seat].extend(cards)
    state.tallies[seat] = tally_of(state.scored[seat])
    state.left = composition(state.pack)


def play(state: FsckingAceState, *actions: Action) -> list[Event]:
    events: list[Event] = []
    for a in actions:
        events.extend(state.apply(a))
    return events


def texts(events: list[Event]) -> list[str]:
    return [e.text for e in events if e.text]


def payments(events: list[Event]) -> dict[int, int]:
    return {e.data["payee"]: e.data["amount"] for e in events if e.kind == "payment"}


def settlement(events: list[Event]) -> dict:
    (over,) = [e for e in events if e.kind == "round_over"]
    return over.data


# -- the pack (R1-R3, A9) ------------------------------------------------------------------------

def test_one_deck_pack_has_48_cards_and_the_coloured_joker_is_worth_10() -> None:
    """R1: all ♦ ♣ ♥, A♠ and 2♠-7♠, two jokers; the red (coloured) joker is the $10 one."""
    pack = build_pack(4)
    assert len(pack) == 48
    spades = sorted(c for c in pack if SUIT[c] == SPADES)
    assert spades == sorted(parse_cards("2s 3s 4s 5s 6s 7s As"))
    assert parse_card("Ks") not in pack and parse_card("8s") not in pack
    assert parse_card("RJ") in pack and parse_card("BJ") in pack
    assert joker_value(parse_card("RJ")) == 10
    assert joker_value(parse_card("BJ")) == 5
    assert joker_value(parse_card("7h")) == 0


@pytest.mark.parametrize(("players", "size"), [(3, 48), (5, 48), (6, 95), (10, 95), (11, 142), (15, 142),
                                              (16, 189), (20, 189)])
def test_one_deck_per_five_players_with_exactly_one_ace_of_spades(players: int, size: int) -> None:
    """R2: d = ceil(N/5) decks, d−1 A♠ removed: 48, 95, 142 cards, "and so on" (189 from 16)."""
    pack = build_pack(players)
    assert len(pack) == size
    assert composition(pack)[SPADE_ACE] == 1


@pytest.mark.parametrize(("players", "size"), [(11, 142), (15, 142), (16, 189), (20, 189)])
def test_a_triple_deck_if_there_are_11_or_more_and_so_on(players: int, size: int) -> None:
    """Seed: "Use a double-deck if there are 6 or more players, a triple deck if there are 11 or
    more, and so on … a pack of 142" (R2): the table deals it, one A♠ in it."""
    state = table(players)
    assert len(state.pack) == size and state.pack.count(ACE) == 1
    assert len(state.scored) == players and len(state.balances) == players


def test_a_six_player_sitting_uses_the_double_pack() -> None:
    """R2: the state deals the 95-card pack for 6 players."""
    state = table(6)
    assert len(state.pack) == 95 and len(state.all_cards()) == 95
    assert state.pack.count(ACE) == 1


def test_removing_the_extra_twos_keeps_one_of_each() -> None:
    """A9 (option): keep exactly one 2♥, 2♦, 2♣ and 2♠ in a multi-deck pack."""
    state = table(6, remove_extra_twos=True)
    twos = sorted(c for c in state.pack if c % 54 < 4)
    assert twos == sorted(parse_cards("2c 2s 2h 2d"))
    assert len(state.pack) == 91
    assert len(table(4, remove_extra_twos=True).pack) == 48


def test_fewer_than_three_or_more_than_twenty_players_is_refused() -> None:
    """R3: at least 3 players; the engine takes up to 20 (four decks)."""
    with pytest.raises(ValueError, match="3–20 players"):
        GAME.new_state(["Ann", "Bea"])
    with pytest.raises(ValueError, match="3–20 players, not 21"):
        GAME.new_state([*NAMES, "Uma"])
    assert get_game("fscking-ace") is GAME
    assert (GAME.min_players, GAME.max_players, GAME.default_players) == (3, 20, 4)


# -- round start (R4-R6) ------------------------------------------------------------------------

def test_first_dealer_is_drawn_by_lots_and_the_dealers_left_opens() -> None:
    """R4, R6: a random first dealer; the player at the dealer's left opens, clockwise."""
    openers = {GAME.new_state(NAMES[:4], None, seed).to_move for seed in range(40)}
    assert openers == {0, 1, 2, 3}
    state = GAME.new_state(NAMES[:4], None, 1, dealer=2)
    assert isinstance(state, FsckingAceState)
    assert (state.dealer, state.to_move, state.direction) == (2, 3, CLOCKWISE)


def test_every_round_collects_and_shuffles_the_whole_pack() -> None:
    """R5: at each round start every card goes back into one shuffled pack."""
    state = table(4)
    bank(state, 1, "5d 6d")
    stack(state, "9h 3s As")
    play(state, FLIP, FLIP, FLIP)  # Ann turns 9♥ then 3♠; Bea turns the A♠
    assert state.phase == BETWEEN
    before = state.pack[:]
    events = play(state, NEXT_ROUND)
    assert sorted(state.pack) == sorted(state.all_cards())
    assert state.pack != before
    assert not state.turn and not state.discard and not any(state.scored)
    assert state.left == list(state.full)
    moved = {c for e in events if e.kind == "move" and e.dst == "pack" for c in e.cards}
    assert moved == set(parse_cards("5d 6d 9h 3s As"))
    assert any(e.kind == "shuffle" for e in events)


# -- a turn (R7-R12, A12, A13, A15) ---------------------------------------------------------------

def test_stopping_before_the_first_flip_is_refused() -> None:
    """A12: a player must turn over at least one card; the state is unchanged."""
    state = table(4)
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="at least one card"):
        state.apply(STOP)
    assert fingerprint(state) == before
    assert state.legal_actions() == [FLIP]


def test_a_player_may_stop_right_after_the_first_card() -> None:
    """R7, A12: after a non-spade card the player chooses to flip again or stop."""
    state = table(4)
    stack(state, "Qh")
    play(state, FLIP)
    assert state.legal_actions() == [FLIP, STOP]
    play(state, STOP)
    assert state.scored[0] == [parse_card("Qh")]
    assert state.to_move == 1


def test_a_spade_ends_the_turn_with_nothing_banked() -> None:
    """R7, R11: the turn's cards and the spade go to the discard; play passes on."""
    state = table(4)
    stack(state, "5d Jc 4s")
    events = play(state, FLIP, FLIP, FLIP)
    assert state.scored[0] == []
    assert state.discard == parse_cards("5d Jc 4s")
    assert state.turn == []
    assert state.to_move == 1 and state.direction == CLOCKWISE
    assert "4♠ ends Ann's turn: nothing banked" in texts(events)


@pytest.mark.parametrize("spade", ["3s", "4s", "5s", "6s"])
def test_small_spades_only_end_the_turn(spade: str) -> None:
    """R11: 3♠, 4♠, 5♠ and 6♠ have no other effect."""
    state = table(4, opener=2)
    stack(state, f"8c {spade}")
    play(state, FLIP, FLIP)
    assert state.discard == cards_of(f"8c {spade}")
    assert state.direction == CLOCKWISE and state.to_move == 3


def test_banked_cards_stay_and_grow_over_the_round() -> None:
    """R8, A1: a player's scored pile grows over many turns of one round."""
    state = table(3)
    stack(state, "5d 3s 4s 9c Kh 6s 7d")
    play(state, FLIP, STOP, FLIP, FLIP, FLIP, FLIP, STOP, FLIP, FLIP, STOP)
    assert state.scored[0] == parse_cards("5d 9c Kh")
    assert state.scored[2] == parse_cards("7d")


def test_jokers_are_not_spades() -> None:
    """A13: a joker does not end the turn."""
    state = table(4)
    stack(state, "BJ RJ")
    play(state, FLIP, FLIP)
    assert state.to_move == 0 and state.legal_actions() == [FLIP, STOP]
    assert state.turn_value() == 15


def test_the_two_of_spades_is_kept_and_the_rest_discarded() -> None:
    """R9: a turn ended by the 2♠ discards its other cards but keeps the 2♠ in the scored pile."""
    state = table(4, opener=1)
    bank(state, 1, "Th")
    stack(state, "9d 2s")
    events = play(state, FLIP, FLIP)
    assert state.scored[1] == parse_cards("Th 2s")
    assert state.discard == parse_cards("9d")
    assert state.to_move == 2
    assert "2♠ ends Bea's turn: Bea keeps it, and would pay double as the loser" in texts(events)
    assert [(e.src, e.dst) for e in events if e.kind == "move"][-1] == ("turn", "scored/1")


def test_the_seven_of_spades_reverses_play_before_passing() -> None:
    """R10, A15: reverse first, then the player before takes the next turn."""
    state = table(4, opener=2)
    stack(state, "7s 8h 2h")
    events = play(state, FLIP)
    assert state.direction == -CLOCKWISE and state.to_move == 1
    assert "Play now goes counter-clockwise" in texts(events)
    assert state.discard == parse_cards("7s")
    play(state, FLIP, STOP)
    assert state.to_move == 0
    play(state, FLIP, STOP)
    assert state.to_move == 3


def test_each_seven_of_spades_reverses_again() -> None:
    """A11: the reversal lasts until another 7♠; two 7♠s (two decks) restore clockwise."""
    state = table(6, opener=0)
    stack(state, "7s 7s@1")
    play(state, FLIP)
    assert state.to_move == 5 and state.direction == -CLOCKWISE
    play(state, FLIP)
    assert state.to_move == 0 and state.direction == CLOCKWISE


def test_the_ace_of_spades_ends_the_round_and_makes_the_loser() -> None:
    """R12: the round ends at once; the loser's turn is lost and its own pile earns nothing."""
    state = table(4, opener=1)
    bank(state, 1, "Kd Kc Kh")
    bank(state, 2, "4d")
    stack(state, "8d As")
    events = play(state, FLIP, FLIP)
    assert state.turn == [ACE]
    assert parse_card("8d") in state.discard
    paid = payments(events)
    assert 1 not in paid
    assert paid == {0: 100, 2: 200 + 2000, 3: 100}
    assert state.balances == [100, -2400, 2200, 100]
    assert "Bea turns the A♠: the round is over and Bea pays" in texts(events)
    assert state.losses == [0, 1, 0, 0]


# -- the seed's own examples ---------------------------------------------------------------------

def test_seed_example_7d_4c_Kc_and_the_5_joker_banked_score_8() -> None:
    """Seed: 7♦-4♣-K♣-$5 Joker then stop scores $8 (R13)."""
    state = table(4)
    stack(state, "7d 4c Kc BJ")
    play(state, FLIP, FLIP, FLIP, FLIP)
    assert state.turn_value() == 8
    assert "+$8 to your pile" in state.prompt()
    play(state, STOP)
    stack(state, "As")
    events = play(state, FLIP)  # Bea turns the A♠
    row = settlement(events)["rows"][0]
    assert row["value"] == 800
    assert payments(events)[0] == 800 + 100 + 2000
    assert "Bea pays Ann $29: cards $8 + $1 stake + most-cards bonus $20" in texts(events)


def test_seed_example_a_spade_after_the_8_dollar_cards_scores_nothing() -> None:
    """Seed: had he drawn again and caught a spade, he'd score $0 for that turn (R7)."""
    state = table(4)
    stack(state, "7d 4c Kc BJ 5s")
    play(state, FLIP, FLIP, FLIP, FLIP, FLIP)
    assert state.scored[0] == [] and state.tallies[0] == (0,) * 6


def test_seed_example_three_club_twos_make_the_10_joker_worth_80() -> None:
    """Seed, A5: three 2♣ (three decks) compound: 10 × 2³ = $80, plus the three $1 2♣s."""
    regular, jokers = pile_value(tally_of(cards_of("2c 2c@1 2c@2 RJ")))
    assert (regular, jokers) == (3, 80)


def test_three_club_twos_make_the_10_joker_worth_80_in_play() -> None:
    """Seed: "If multiple decks are used, they compound. For example, three 2♣'s makes a $10 joker
    worth $80" (R13, A5), in play at an eleven-seat table with the triple deck: Ann turns the three
    2♣s and the $10 joker and stops; Bea turns the A♠ and pays her $83 + $1 + the $55 bonus."""
    state = table(11)
    stack(state, "2c 2c@1 2c@2 RJ")
    play(state, FLIP, FLIP, FLIP, FLIP)
    assert state.turn_value() == 83
    play(state, STOP)
    stack(state, "As")
    events = play(state, FLIP)
    row = settlement(events)["rows"][0]
    assert (row["club_twos"], row["jokers10"], row["jokers"], row["regular"]) == (3, 1, 8000, 300)
    assert "Bea pays Ann $139: cards $83 + $1 stake + most-cards bonus $55" in texts(events)
    assert sum(state.balances) == 0 and state.balances[1] == -(13900 + 9 * 100)


def test_two_club_twos_quadruple_both_jokers_at_a_ten_seat_table() -> None:
    """R13, A5 at the table: with two decks, two 2♣s make the jokers worth ×4."""
    state = table(10)
    bank(state, 0, "2c 2c@1 RJ BJ")
    stack(state, "As")
    events = play(state, FLIP)
    row = settlement(events)["rows"][0]
    assert (row["club_twos"], row["jokers5"], row["jokers10"], row["regular_cards"]) == (2, 1, 1, 2)
    assert row["jokers"] == (10 + 5) * 4 * 100 and row["regular"] == 200


def test_seed_example_a_two_of_spades_doubles_the_losers_whole_payment() -> None:
    """Seed, A7: the loser holding a 2♠ pays double: the values, the $1s and the bonus."""
    state = table(4, opener=1)
    bank(state, 0, "3d 4d")
    bank(state, 1, "2s 9c")
    bank(state, 2, "RJ")
    stack(state, "As")
    events = play(state, FLIP)
    assert payments(events) == {0: (2 + 1 + 20) * 200, 2: (10 + 1) * 200, 3: 1 * 200}
    data = settlement(events)
    assert (data["spade_twos"], data["multiplier"], data["total"]) == (1, 2, 7000)
    assert data["rows"][1]["spade_twos"] == 1 and data["rows"][1]["paid"] == -7000
    assert data["rows"][0]["subtotal"] == 2300 and data["rows"][0]["paid"] == 4600
    assert "Bea pays Ann $46: (cards $2 + $1 stake + most-cards bonus $20) ×2 for the 2♠" in texts(events)


# -- settlement (R13-R15, A3-A8) -------------------------------------------------------------------

def test_a_red_two_doubles_itself() -> None:
    """A3: one red 2 plus three other regular cards = 4 × $2 = $8; the 2♣ is regular too."""
    assert sum(pile_value(tally_of(cards_of("2h 5c 9d Qh")))) == 8
    assert sum(pile_value(tally_of(cards_of("2d 2c BJ")))) == 2 * 2 + 5 * 2
    assert sum(pile_value(tally_of(cards_of("7d 4c Kc BJ 2h")))) == 4 * 2 + 5  # the rule book's


def test_a_red_two_need_not_double_itself() -> None:
    """A3 (option off): a red 2 doubles every other regular card, not itself."""
    assert sum(pile_value(tally_of(cards_of("2h 5c 9d Qh")), False)) == 3 * 2 + 1
    assert sum(pile_value(tally_of(cards_of("2h 2h@1 5c 9d")), False)) == 2 * 4 + 2 * 2
    state = table(4, opener=1, red_two_doubles_itself=False)
    bank(state, 0, "2h 5c 9d Qh")
    stack(state, "As")
    assert settlement(play(state, FLIP))["rows"][0]["value"] == 700


def test_the_club_two_doubles_jokers_but_not_itself() -> None:
    """R13, A3: a 2♣ is a $1 card that doubles the jokers only."""
    assert pile_value(tally_of(cards_of("2c RJ"))) == (1, 20)
    assert pile_value(tally_of(cards_of("2c 5h 6h"))) == (3, 0)


def test_doublers_count_cards_banked_before_and_after_them() -> None:
    """A4: a doubler doubles the whole pile at settlement, whenever its cards were banked."""
    state = table(3)
    stack(state, "5d 3s 4s 2d")
    play(state, FLIP, STOP)           # Ann banks 5♦
    play(state, FLIP, FLIP)           # Bea: 3♠; Cal: 4♠
    play(state, FLIP, STOP)           # Ann banks 2♦
    assert state.scored[0] == parse_cards("5d 2d")
    stack(state, "As")
    assert settlement(play(state, FLIP))["rows"][0]["value"] == 2 * 2 * 100


def test_doublers_compound() -> None:
    """A5: two red 2s (two decks) make each regular card worth $4."""
    assert sum(pile_value(tally_of(cards_of("2h 2d@1 Tc")))) == 3 * 4


def test_a_kept_two_of_spades_counts_as_a_regular_card() -> None:
    """A6: the kept 2♠ is a $1 card that red 2s double, and it counts for most cards."""
    state = table(4, opener=3)
    bank(state, 0, "2s 2h")
    bank(state, 1, "Kc")
    stack(state, "As")
    data = settlement(play(state, FLIP))
    assert data["rows"][0]["value"] == 2 * 2 * 100
    assert data["bonus_seats"] == [0]


def test_the_bonus_goes_to_the_most_cards_not_the_most_money() -> None:
    """R14: the $5·N bonus follows the card count; the jokers' money does not matter."""
    state = table(4, opener=3)
    bank(state, 0, "3c 4c 5c")
    bank(state, 1, "RJ BJ")
    stack(state, "As")
    events = play(state, FLIP)
    assert payments(events) == {0: 300 + 100 + 2000, 1: 1500 + 100, 2: 100}
    assert settlement(events)["most_cards"] == 3


def test_the_loser_pays_the_bonus_and_cannot_win_it() -> None:
    """A8: the loser's own pile is out of the most-cards race."""
    state = table(4, opener=2)
    bank(state, 2, "3c 4c 5c 6c 7c")
    bank(state, 3, "8c")
    stack(state, "As")
    data = settlement(play(state, FLIP))
    assert data["bonus_seats"] == [3]
    assert data["rows"][3]["bonus"] == 2000 and data["rows"][2]["bonus"] == 0


def test_a_tied_bonus_is_split_to_the_cent_in_seat_order() -> None:
    """A8: N=4, a 3-way split of $20 is $6.67 / $6.67 / $6.66, leftover cents in seat order."""
    assert split_evenly(2000, [3, 0, 2]) == {0: 667, 2: 667, 3: 666}
    state = table(4, opener=1)
    bank(state, 0, "3c")
    bank(state, 2, "4c")
    bank(state, 3, "5c")
    stack(state, "As")
    events = play(state, FLIP)
    assert payments(events) == {0: 200 + 667, 2: 200 + 667, 3: 200 + 666}
    assert sum(state.balances) == 0
    assert "Bea pays Dee $8.66: cards $1 + $1 stake + most-cards bonus $6.66" in texts(events)


def test_when_nobody_banked_everyone_else_shares_the_bonus() -> None:
    """A8: the A♠ as the first card of the round: all non-losers tie on 0 cards."""
    state = table(4)
    stack(state, "As")
    events = play(state, FLIP)
    assert payments(events) == {1: 100 + 667, 2: 100 + 667, 3: 100 + 666}
    assert state.balances == [-2300, 767, 767, 766]


def test_two_spade_twos_compound_the_losers_payment() -> None:
    """A7: ×2 per 2♠ held: two 2♠s (two decks) quadruple everything, split bonus included."""
    state = table(6, opener=0)
    bank(state, 0, "2s 2s@1")
    bank(state, 1, "9h")
    bank(state, 2, "9d")
    stack(state, "As")
    events = play(state, FLIP)
    bonus = 3000 // 2
    assert payments(events) == {1: (200 + bonus) * 4, 2: (200 + bonus) * 4, 3: 400, 4: 400, 5: 400}
    assert sum(state.balances) == 0


def test_balances_run_over_rounds_and_always_sum_to_zero() -> None:
    """R15: a running, zero-sum balance per player."""
    state = table(3, round_limit=3)
    totals = []
    for _ in range(3):
        stack(state, "As")
        play(state, FLIP)
        assert sum(state.balances) == 0
        totals.append(state.balances[:])
    assert totals[0] != totals[2]


# -- the sitting (R16, R17, A2, A10) ---------------------------------------------------------------

def test_the_next_round_opens_after_the_ace_in_the_direction_in_force() -> None:
    """R16, A10: the next player in the current direction opens; the new round is clockwise and
    the dealer sits at the opener's right."""
    state = table(4, opener=2)
    stack(state, "7s As")
    play(state, FLIP)            # Cal's 7♠ reverses: Bea is next
    assert state.to_move == 1
    play(state, FLIP)            # Bea turns the A♠
    assert state.opener == 0     # counter-clockwise after Bea: Ann
    assert state.to_move == 0 and state.legal_actions() == [NEXT_ROUND, END_SITTING]
    play(state, NEXT_ROUND)
    assert (state.to_move, state.direction, state.dealer) == (0, CLOCKWISE, 3)


def test_clockwise_the_player_after_the_loser_opens() -> None:
    """R16: with no reversal, the loser's left opens the next round."""
    state = table(4, opener=3)
    stack(state, "As")
    play(state, FLIP)
    assert state.to_move == 0


def test_by_default_the_players_decide_to_deal_on_or_stop() -> None:
    """R17: no end condition: between rounds the opener deals on or ends the sitting."""
    state = table(4)
    stack(state, "As")
    events = play(state, FLIP)
    assert state.result() is None
    assert state.prompt() == "Round 1 is settled: deal the next round, or end the sitting"
    with pytest.raises(IllegalAction, match="the round is over"):
        state.apply(FLIP)
    events = play(state, END_SITTING)
    assert state.is_over
    result = state.result()
    assert result is not None
    assert result.places == (4, 1, 1, 3)
    assert result.losers == (0,)
    assert result.rewards[0] == 0.0 and result.rewards[1] == 1.0
    assert result.details["balances"] == [-2300, 767, 767, 766]
    assert result.text == "After 1 round: Bea +$7.67, Cal +$7.67, Dee +$7.66, Ann −$23"
    assert events[-1].kind == "sitting_over"


def test_a_round_limit_deals_on_by_itself_and_ends_the_sitting() -> None:
    """R17 (option): with a round limit the next round starts at once; the limit ends the sitting."""
    state = table(4, round_limit=2)
    stack(state, "As")
    events = play(state, FLIP)
    assert state.to_move == 1 and state.legal_actions() == [FLIP]
    assert len(state.pack) == 48
    assert any(e.kind == "shuffle" for e in events)
    stack(state, "As")
    events = play(state, FLIP)
    assert state.is_over and state.round_no == 2
    assert "The round limit (2) is reached" in events[-1].text


@pytest.mark.parametrize(("target", "over"), [(30, True), (31, False)])
def test_a_balance_target_ends_the_sitting(target: int, over: bool) -> None:
    """R17 (option): the sitting ends once anyone is up or down the target."""
    state = table(4, balance_target=target)
    bank(state, 1, "Kd Qd Jd Td 9d 8d 7d")
    stack(state, "As")
    events = play(state, FLIP)   # Ann pays Bea $7 + $1 + $20, Cal $1, Dee $1: −$30
    assert state.balances[0] == -3000
    assert state.is_over is over
    if over:
        assert events[-1].text.startswith("Ann is down $30: the balance target ($30) is reached.")


def test_a_pack_that_runs_out_without_the_ace_ends_the_round_unpaid() -> None:
    """A2 (defensive): no loser, no payments; the next player opens after a reshuffle."""
    state = table(4, opener=1)
    state.deck = tuple(c for c in state.deck if c != ACE)
    state.full = tuple(composition(state.deck))
    state.pack = cards_of("5h 9c")       # the 9♣ is on top
    state.discard = [c for c in state.deck if c not in state.pack]
    state.left = composition(state.pack)
    events = play(state, FLIP, STOP, FLIP)
    assert state.balances == [0, 0, 0, 0]
    assert state.phase == BETWEEN and state.to_move == 3
    assert "Round 1: the pack ran out without the A♠: no loser, no payments" in texts(events)
    play(state, NEXT_ROUND)
    assert len(state.pack) == 47 and state.to_move == 3


# -- money, words and refusals (A14, bad input) -----------------------------------------------------

def test_money_can_be_shown_as_dollars_pennies_or_points() -> None:
    """A14 (option): "$" by default, or pennies, or points."""
    assert [money_text(667, m) for m in ("dollars", "pennies", "points")] == ["$6.67", "6.67¢", "6.67 pts"]
    assert money_text(-2300) == "−$23"
    state = table(4, money="pennies")
    stack(state, "As")
    assert "Ann pays Bea 7.67¢: cards 0¢ + 1¢ stake + most-cards bonus 6.67¢" in texts(play(state, FLIP))


@pytest.mark.parametrize(("action", "rule"), [
    (Action("flip", (parse_card("As"),)), "takes no cards"),
    (Action("stop", (), 2), "takes no cards"),
    (Action("play", (parse_card("7h"),)), "not a move in Fscking Ace"),
    (NEXT_ROUND, "the A♠ has not come up yet"),
    (END_SITTING, "the A♠ has not come up yet"),
])
def test_illegal_actions_are_refused_with_the_rule(action: Action, rule: str) -> None:
    """Bad input: refused with the rule, state unchanged."""
    state = table(4)
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match=rule):
        state.apply(action)
    assert fingerprint(state) == before


def test_actions_read_as_words() -> None:
    assert [GAME.describe(a, NAMES) for a in (FLIP, STOP, NEXT_ROUND, END_SITTING)] == [
        "flip the top card", "stop and bank", "deal the next round", "end the sitting"]


def test_a_view_hides_only_the_order_of_the_pack() -> None:
    """4.4: every flipped card is public; only the pack is hidden."""
    state = table(4)
    bank(state, 2, "Kd 2s")
    stack(state, "5c 6c")
    play(state, FLIP, FLIP)
    view = state.view(3)
    assert set(view.pack) == {HIDDEN} and len(view.pack) == len(state.pack)
    for zone, cards in state.zones().items():
        if zone != "pack":
            assert view.zones()[zone] == cards
    assert view.left == state.left


def test_the_lessons_call_each_joker_by_the_name_the_log_and_the_cards_use() -> None:
    """R1's coloured joker is the red Joker on the card, in the log and in the rule book; a lesson
    that called it "the colored Joker" gave one card two names."""
    import re

    from cardtable.engine.cards import card_name
    from cardtable.games.fscking_ace.lessons import LESSONS

    names = {card_name(52), card_name(53)}
    assert names == {"black Joker", "red Joker"}
    said = [step.get(k, "") for lesson in LESSONS for step in lesson["steps"] for k in ("coach", "wrong")]
    coloured = [m.group(0) for line in said for m in re.finditer(r"\b(colou?red|red|black) Jokers?\b", line)]
    assert coloured and all(j.removesuffix("s") in names for j in coloured), coloured


def test_the_review_measures_the_balance_the_balance_sheet_shows():
    """The walk (session 17): the review's "expected money at the end of the round +$53.99" stood
    beside Ash's pile worth $18 and the balance sheet's +$78, and read as either; it names the
    balance, the word of the sheet beside it."""
    from cardtable.games.fscking_ace.review import REVIEW
    from cardtable.games.fscking_ace.table import balance_lines

    names = ["Ash", "Bea", "Cal"]
    state = get_game("fscking-ace").new_state(names, None, 1)
    sheet = balance_lines(state.view(0), names)[0]
    assert sheet.startswith("Balance sheet")
    assert REVIEW.measure == "expected balance at the end of the round"
