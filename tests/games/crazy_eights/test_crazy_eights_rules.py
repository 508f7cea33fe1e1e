"""Crazy Eights' own rule tests, kept in its folder with the rest of the game (rules.md here):
pytest collects them with the suite, so a sixth game is one folder, its tests included."""

from __future__ import annotations

import pytest

from cardtable.engine.cards import parse_card
from cardtable.engine.protocol import Action, IllegalAction


@pytest.fixture
def rules(crazy_eights):
    """The game's positions module, as the registry loaded it (the suite's ``crazy_eights`` fixture
    puts this folder on the registry's path)."""
    from cardtable.games.crazy_eights import positions

    return positions


def test_a_card_fits_on_the_same_rank_or_the_suit_to_follow(rules) -> None:
    """rules.md "Your turn": match the top card's rank or the suit to follow."""
    state = rules.position(["7h 7c Kc 2s", "3d 4d"], pile="Kh")
    plays = {a.cards[0] for a in state.legal_actions() if a.kind == "play"}
    assert plays == {parse_card("7h"), parse_card("Kc")}
    with pytest.raises(IllegalAction, match="does not fit"):
        state.apply(Action("play", (parse_card("2s"),)))
    assert parse_card("2s") in state.hands[0]


def test_an_eight_goes_on_anything_and_names_the_suit(rules) -> None:
    """rules.md: "An eight may be played on anything: then name the suit the next player must follow"."""
    state = rules.position(["8s 3c", "3d 4d"], pile="Kh")
    state.apply(Action("play", (parse_card("8s"),)))
    assert state.to_move == 0 and [a.kind for a in state.legal_actions()] == ["name_suit"] * 4
    state.apply(Action("name_suit", choice="diamonds"))
    assert state.to_move == 1 and state.suit_to_follow() == "♦ diamonds"
    plays = {a.cards[0] for a in state.legal_actions() if a.kind == "play"}
    assert plays == {parse_card("3d"), parse_card("4d")}


def test_after_drawing_play_or_pass_never_draw_again(rules) -> None:
    """rules.md: "After drawing you may play any card that fits, or pass"."""
    state = rules.position(["3c", "4d"], pile="Kh", stock="9h 5s")
    assert state.legal_actions() == [Action("draw")]
    state.apply(Action("draw"))
    assert state.hands[0] == [parse_card("3c"), parse_card("5s")]
    assert state.legal_actions() == [Action("pass")]
    with pytest.raises(IllegalAction, match="drawn already"):
        state.apply(Action("draw"))
    state.apply(Action("pass"))
    assert state.to_move == 1


def test_the_first_out_wins(rules) -> None:
    """rules.md "The end": the first player to play their last card wins."""
    state = rules.position(["Qh", "4d 5d"], pile="Kh")
    state.apply(Action("play", (parse_card("Qh"),)))
    result = state.result()
    assert state.is_over and result is not None and result.places == (1, 2)
