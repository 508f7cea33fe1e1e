"""Tooltips (issue 17 item 3): each game's folder says what a card does in this game and now, and
what may go on a pile now; the words are the rule book's."""

from __future__ import annotations

import random

import pytest
from every_game import every_game

from cardtable.ai.base import RandomBot
from cardtable.engine.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    HIDDEN,
    JACK,
    JOKER,
    KING,
    NAME,
    QUEEN,
    SPADES,
    make_card,
)
from cardtable.games import get_game, parts_of, rule_book
from cardtable.games.rulebook import how_to_play

# Cunt-Soul's card abilities (rules "Card abilities") and field abilities ("Field abilities"):
# a phrase of each row that no other row has.
CS_CARD = {2: "it is the lowest card", 3: "The next card must be a 3", 4: "You may run on",
           5: "swap one hand card with one of your face-up cards", 6: "copies the value and ability",
           7: "Declare higher or lower", 8: "The next player is skipped", 9: "Anything may follow",
           10: "burns the pile", JACK: "You choose who plays next", QUEEN: "You must play again at once",
           KING: "Play changes direction", 14: "from the source per Ace",
           JOKER: "cancels the card beneath it"}
CS_FIELD = {2: "6, 7 and 10 lose", 3: "Three of a rank in a row become a 3", 4: "One card per play",
            5: "5s swap with a face-down card", 6: "The top of the source lies face up",
            7: "declares higher or lower for the next player", 8: "works once more",
            9: "All cards up to 9 count as equal", 10: "bottom of the source", JACK: "chooses who plays next",
            QUEEN: "Nothing stacks", KING: "Play equal or lower instead", 14: "Hand size one bigger",
            JOKER: "All card abilities are off"}


def tips(game: str):
    return parts_of(game).tips


def cs_view():
    state = get_game("cunt-soul").new_state(["You", "Bo", "Cy"], None, 3)
    return state.view(0)


@pytest.mark.parametrize("rank", sorted(CS_CARD))
def test_cunt_soul_card_tip_names_the_card_ability_of_its_rank(rank):
    card = make_card(rank, HEARTS)
    text = tips("cunt-soul").card_tip(cs_view(), card, "hand/0")
    assert CS_CARD[rank] in text
    assert all(CS_CARD[r] not in text for r in CS_CARD if r != rank)


@pytest.mark.parametrize("rank", sorted(CS_FIELD))
def test_cunt_soul_field_card_tip_names_the_field_ability_of_its_rank(rank):
    card = make_card(rank, SPADES)
    text = tips("cunt-soul").card_tip(cs_view(), card, "field/1")
    assert text.startswith("Field ") and CS_FIELD[rank] in text
    assert all(CS_FIELD[r] not in text for r in CS_FIELD if r != rank)


def test_cunt_soul_pile_tip_says_what_goes_on_a_declared_7():
    view = cs_view()
    view.discard = [make_card(7, CLUBS)]
    view.top = view.top._replace(value=7, face=7, seven=2, count=1)  # 7 declared lower (R24)
    text = tips("cunt-soul").pile_tip(view, "discard")
    assert text == ("A 7 said lower: the next card must be lower than 7, or a 7. "  # why (issue 25)
                    "May go on it now: 2 to 7 or Joker.")


def test_shithead_pile_tip_after_a_7():
    view = get_game("shithead").new_state(["You", "Bo"], None, 1).view(0)
    view.pile = [make_card(7, CLUBS)]
    # the ranks that may go, as after any other card: the 7's own words say why ("7 or lower")
    # and a 3 is never played, so "7 or lower, or a 2" said the 7's words again, less exactly
    assert tips("shithead").pile_tip(view, "play") == "May go on it now: 4 to 7, or a 2."
    view.pile = [make_card(9, CLUBS)]
    assert tips("shithead").pile_tip(view, "play") == "May go on it now: 9 to A, or a 2."


def test_shithead_empty_pile_tip_names_the_opening_card():
    """Walking Shithead's first lesson, the empty pile's tooltip said 'any card may start it' while
    only the 4♣ could (rules R4/A8: the lowest starting card opens the game, and no other)."""
    game = get_game("shithead")
    state = game.new_state(["You", "Bo"], None, 1)
    while state.opening < 0:
        state.apply(state.legal_actions()[0])  # the choices of face-up cards
    tip = tips("shithead").pile_tip(state.view(0), "play")
    assert tip == f"The pile is empty: the game opens with the {NAME[state.opening]}."
    state.apply(next(a for a in state.legal_actions() if state.opening in a.cards))
    state.pile = []  # emptied later (a burn): now any card may start it
    assert tips("shithead").pile_tip(state.view(0), "play") == "The pile is empty: any card may start it."


def test_shithead_empty_pile_tip_while_the_face_up_cards_are_chosen_says_who_opens():
    """The walk (session 16): while the face-up cards were still being chosen (rule R3, before
    the game), the empty pile's tooltip said 'any card may start it'; the game opens with the 4♣,
    or the next starting card in order (R4, A8), once everyone has chosen."""
    view = get_game("shithead").new_state(["You", "Bo"], None, 1).view(0)
    assert view.opening < 0 and not view.pile
    tip = tips("shithead").pile_tip(view, "play")
    assert "any card" not in tip and "4♣" in tip and "chosen their face-up cards" in tip


@pytest.mark.parametrize(("game", "zone"), [("shithead", "play"), ("cunt-soul", "discard")])
def test_a_burnt_card_is_told_as_out_of_the_game(game, zone):
    """Walking Shithead's first lesson, the burnt 9♠'s tooltip read 'goes on the empty pile, a 2,
    or any card up to 9 but a 7. Burnt cards: out of the game.': a burnt card is out of play
    (Shithead: four of a value or a 10 burn the pile; Cunt-Soul: a 10 burns the pile), so the
    burnt pile's words say only that; the same card on the pile still says what it does."""
    from cardtable.ui.table.tooltip import card_words, pile_words

    g = get_game(game)
    view = g.new_state(["You", "Bo", "Cy"], None, 1).view(0)
    nine = make_card(9, SPADES)
    assert card_words(g, view, nine, "burn") == "Burnt cards: out of the game."
    assert pile_words(g, view, "burn") == "Burnt cards: out of the game."  # said once: the same words
    assert card_words(g, view, nine, zone).startswith("9")


def test_fscking_ace_card_worth_with_the_doublers_of_its_pile():
    """Rules, "What a pile is worth": a red 2 doubles every non-joker card, a 2♣ the jokers."""
    view = get_game("fscking-ace").new_state(["You", "Bo", "Cy"], None, 1).view(0)
    seven, joker = make_card(7, DIAMONDS), make_card(JOKER, HEARTS)
    view.scored[1] = [seven, joker, make_card(2, HEARTS), make_card(2, DIAMONDS), make_card(2, CLUBS)]
    t = tips("fscking-ace")
    assert t.card_tip(view, seven, "scored/1").startswith("7♦: worth $4 here ($1 doubled by 2 red 2s)")
    assert t.card_tip(view, joker, "scored/1").startswith("Red Joker: worth $20 here")
    assert "Ends the round at once" in t.card_tip(view, make_card(14, SPADES), "discard")
    assert t.card_tip(view, joker, "scored/1") == "Red Joker: worth $20 here ($10, doubled by 1 2♣)."
    # undoubled, one number once (it read "Black Joker: worth $5 here ($5)."), and in the table's money
    view.scored[1] = [seven, make_card(JOKER, SPADES), make_card(2, HEARTS)]
    assert t.card_tip(view, make_card(JOKER, SPADES), "scored/1") == "Black Joker: worth $5 here."
    view.rules.money = "points"
    assert t.card_tip(view, seven, "scored/1") == "7♦: worth 2 pts here (1 pt doubled by 1 red 2)."


def test_cersei_tip_gives_role_and_value_this_round():
    view = get_game("cersei").new_state(["You", "Bo"], None, 1).view(0)
    cersei, pawn = make_card(QUEEN, DIAMONDS), make_card(6, CLUBS)
    t = tips("cersei")
    view.contest = [[cersei], []]
    assert t.card_tip(view, cersei, "contest/0").endswith("No Pawn contesting: she is unbeatable.")
    view.contest = [[cersei], [pawn]]
    assert t.card_tip(view, cersei, "contest/0").endswith("A Pawn is contesting: she is worth just 2.")
    assert t.card_tip(view, pawn, "contest/1").startswith("Pawn (6♣), value 6")


def test_cersei_pot_tip_says_what_the_pot_is_for_without_a_count_of_nothing():
    """Rules, "winner takes the pot": the round's cards go to its winner. The pot's tooltip said
    "The pot: 0 cards waiting for the next round's winner." of an empty pot, all game long."""
    view = get_game("cersei").new_state(["You", "Bo"], None, 1).view(0)
    t = tips("cersei")
    pawn = make_card(10, SPADES)
    assert view.pot == []
    empty = t.pile_tip(view, "pot")
    assert empty == "The pot: a round's cards gather here on their way to the round's winner."
    view.pot = [make_card(6, CLUBS)]
    assert t.pile_tip(view, "pot") == "The pot: 1 card on its way to the round's winner."
    view.pot = [make_card(6, CLUBS), pawn]
    assert t.pile_tip(view, "pot") == "The pot: 2 cards on their way to the round's winner."


def test_takku_sum_wildcard_tip():
    state = get_game("takku-sum").new_state(["You", "Bo"], None, 2)
    view = state.view(0)
    wild = view.wildcard[-1]
    t = tips("takku-sum")
    assert "is wild" in t.card_tip(view, wild, "wildcard")
    same = next(c for c in state.all_cards() if c != wild and state.wildcard_value == _value(c))
    assert "wild now" in t.card_tip(view, same, "hand/0")


def _value(card: int) -> int:
    from cardtable.games.takku_sum.game import VALUE

    return VALUE[card]


@pytest.mark.usefixtures("test_games")
@pytest.mark.parametrize("game", every_game())
def test_every_card_and_zone_has_words_at_random_positions(game):
    g = get_game(game)
    t = parts_of(g).tips
    state = g.new_state([f"P{i}" for i in range(3)], None, 7)
    bot = RandomBot(7)
    rng = random.Random(7)
    for _ in range(rng.randrange(5, 40)):
        if state.is_over:
            break
        state.apply(bot.choose(state.view(state.to_move)))
    view = state.view(0)
    for zone, cards in view.zones().items():
        for card in cards:
            assert t.card_tip(view, card, zone), f"{zone} {card}"
        t.pile_tip(view, zone)
    assert t.card_tip(view, HIDDEN, "hand/1")


@pytest.mark.usefixtures("test_games")
@pytest.mark.parametrize("game", every_game())
def test_how_to_play_comes_from_the_rule_book(game):
    cards = how_to_play(rule_book(get_game(game)))
    assert [title for title, _ in cards] == ["The goal", "A turn", "The special cards"]
    assert all(len(text) > 60 for _, text in cards)


def test_a_backfire_is_a_moment_by_its_data_not_its_words() -> None:
    """Issue 27.6: the moment was found by " backfires " in the log line; now the showing of 3s says
    in its data whether it backfires (and at whom), so a line that merely holds the word is none."""
    from cardtable.engine.cards import parse_card
    from cardtable.engine.protocol import Action, Event
    from cardtable.games.shithead.positions import ANN, CAL, table
    from cardtable.games.shithead.tips import moment

    state = table(["3c 5c 6c", "5d", "3h 6d", "7d"], pile="9s Jc")
    shown = state.apply(Action("show", (parse_card("3c"),), CAL))
    back = state.apply(Action("backfire", (parse_card("3h"),), ANN))
    assert [e.data for e in shown if e.cards == (parse_card("3c"),)] == [{"to": CAL, "backfire": False}]
    lines = [line for e in (*shown, *back) if (line := moment(e, state.names))]
    assert lines == ["Cal backfires 3♥ at Ann"]
    assert moment(Event("move", "Backfires Bob backfires nothing: he plays 7♥"), state.names) == ""
