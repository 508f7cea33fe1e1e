"""The table explains itself (issue 25): while choosing or changing a Cunt-Soul field card each
hand card's tooltip gives its field ability, every field slot has a tooltip, the pile's tooltip
says what may go on it now and why; every game's How to play covers its setup."""

from __future__ import annotations

import pytest

from cardtable.engine.cards import parse_card
from cardtable.engine.lessons import PLAYER, LessonRun
from cardtable.games import games, get_game, lessons_of, parts_of, rule_book
from cardtable.games.rulebook import section

CS = get_game("cunt-soul")
TIPS = parts_of(CS).tips


def _run(key: str, steps: int, scripts: bool = True) -> LessonRun:
    """A Cunt-Soul lesson after ``steps`` of the learner's moves (and the others' after them)."""
    lesson = next(le for le in lessons_of(CS).lessons if le.key == key)
    run = LessonRun.start(CS, lesson)
    for n in range(steps):
        while run.script:
            run.play_script()
        run.try_move(run.expected()[0])
        if n == steps - 1 and not scripts:
            return run
    while run.script:
        run.play_script()
    return run


def test_choosing_a_field_card_each_hand_card_tells_its_field_ability():
    """Seed 000, "Field Abilities": a field A "Increases the number of cards in the normal hand by 1"."""
    view = _run("setup", 1).state.view(PLAYER)  # step 2: choose the field card
    tip = TIPS.card_tip(view, parse_card("Ah"), "hand/0")
    assert tip.startswith("As your field card: Field A: ") and "hand" in tip.lower()
    assert "When played: A:" in tip


def test_changing_a_field_card_the_hand_cards_tell_their_field_ability_too():
    view = _run("change", 2).state.view(PLAYER)  # may change the field card now
    assert any(a.kind == "change_field" for a in view.legal_actions())
    tip = TIPS.card_tip(view, parse_card("Kh"), "hand/0")
    assert "As a new field card: Field K: " in tip


def test_every_field_slot_has_a_tooltip_face_down_and_empty():
    run = _run("setup", 1)
    view = run.state.view(PLAYER)
    assert "whole table" in TIPS.pile_tip(view, "field/1")  # empty yet
    assert "Ann's field card" in TIPS.pile_tip(view, "field/1")
    run = _run("setup", 2, scripts=False)
    run.play_script()
    run.play_script()  # Ann has laid hers, face down
    view = run.state.view(PLAYER)
    assert view.zones()["field/1"] == [-1]
    assert "turned over together" in TIPS.card_tip(view, -1, "field/1")


def test_the_pile_says_what_may_go_on_it_and_why_after_a_3():
    """Seed 000: "3: Following player must play a 3"."""
    run = _run("setup", 4, scripts=False)  # the learner's three 9s; then Ann plays a 3
    run.play_script()
    tip = TIPS.pile_tip(run.state.view(PLAYER), "discard")
    assert tip.startswith("A 3 was played: only a 3 or a Joker may follow.")
    assert "May go on it now: 3 and Joker" in tip or "3" in tip.split("May go on it now:")[1]


def test_the_pile_says_a_7_said_lower():
    run = _run("bending", 8, scripts=False)  # "declare lower"
    tip = TIPS.pile_tip(run.state.view(PLAYER), "discard")
    assert "A 7 said lower: the next card must be lower than 7, or a 7." in tip


def test_the_pile_says_field_k_turns_it_round():
    run = _run("change", 6, scripts=False)  # the learner's A under the field K
    tip = TIPS.pile_tip(run.state.view(PLAYER), "discard")
    assert "Field K turns it round: equal to or lower than" in tip


@pytest.mark.parametrize("name", list(games()))
def test_how_to_play_covers_the_setup(name):
    """Each game's How to play says how the cards are dealt and what happens before the first turn."""
    text = section(rule_book(get_game(name)), "How to play")
    assert "deal" in text.lower() or "dealt" in text.lower()


def test_during_a_run_a_hand_cards_tooltip_says_it_has_no_ability_and_what_the_run_needs() -> None:
    """R22 ("Run cards after the 4 have no abilities"): walking the lessons, a 5's tooltip still
    offered its swap while a 4-run was under way; in a run the card's own words mislead."""
    from cardtable.engine.cards import parse_cards
    from cardtable.games.cunt_soul.positions import position

    st = position(3, hands={0: "4H 5S 6C 9D", 1: "2C 3C 7C", 2: "2D 3D 7D"}, source="KC KD KH")
    five = parse_card("5S")
    before = TIPS.card_tip(st.view(0), five, "hand/0")
    assert "swap" in before  # the 5's own ability, before any run
    st.apply(next(a for a in st.legal_actions() if a.cards == tuple(parse_cards("4H"))))
    assert st.run is not None and st.to_move == 0
    during = TIPS.card_tip(st.view(0), five, "hand/0")
    assert "swap" not in during and "no ability" in during and "needs a 5 next" in during
