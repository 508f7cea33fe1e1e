"""Cunt-Soul at the table: the secret setup by drag, plays by drag and blind by click, every
decision inside a turn (7, J, 5 swap, field change and burn, run stop, pick-up), the field
abilities in words, horizontal cards turned, every layout up to eight seats, a whole bot game and
hot-seat; all through the real input layer.

A position for a decision is found by playing seeded random moves with the engine alone until seat
0 faces it, then replaying those moves at the table (all seats human, so no bot moves on)."""

from __future__ import annotations

import random

import pygame
import pytest
from table_checks import SIZES, bot_game_reaches_results, hot_seat_keeps_secrets, layout_problems
from ui_driver import Driver, sprite_of

cs = pytest.importorskip("cardtable.games.cunt_soul.game")

from cardtable.engine.protocol import Action  # noqa: E402
from cardtable.games import get_game  # noqa: E402
from cardtable.runner.match import Match, Seat  # noqa: E402
from cardtable.ui.scenes.passto import PassScene  # noqa: E402

NAMES = ("You", "Bea", "Cal", "Dot")


def reach(test, players: int = 3) -> tuple[int, list[Action]]:
    """A seed and the random moves after which seat 0 is to move and ``test(state)`` holds."""
    game = get_game("cunt-soul")
    for seed in range(400):
        state = game.new_state(NAMES[:players], seed=seed, dealer=players - 1)
        rng = random.Random(seed)
        actions = []
        for _ in range(800):
            if state.is_over:
                break
            if state.to_move == 0 and test(state):
                return seed, actions
            a = rng.choice(state.legal_actions())
            state.apply(a)
            actions.append(a)
    raise AssertionError("no position found")


def at(test, players: int = 3, **settings):
    seed, actions = reach(test, players)
    d = Driver(**settings)
    table = d.table(
        Match("cunt-soul", [Seat(n, "human") for n in NAMES[:players]], seed=seed, dealer=players - 1)
    )
    for a in actions:
        table.apply(a)
    for _ in range(20):
        d.settle()
        if isinstance(d.app.top, PassScene):
            d.take_screen()
        elif table.viewer == 0 and table.match.state.to_move == 0:
            break
    assert table.viewer == 0 and test(table.match.state)
    return d, table


def last(table) -> Action:
    return table.match.actions[-1]


def legal_of(table, kind: str) -> list[Action]:
    return [a for a in table.match.legal() if a.kind == kind]


def test_setup_three_cards_dragged_onto_the_face_up_slots_then_one_onto_the_field():
    d, table = at(lambda s: s.phase == cs.SETUP_UP)
    hand = table.match.state.zones()["hand/0"]
    three = hand[:3]
    for c in three:
        d.click(sprite_of(table, c).rect.center)
    assert table.selection == set(three)
    d.drag(sprite_of(table, three[0]).rect.center, table.placement.zones["up/0"].rect.center)
    assert last(table).kind == "face_up" and set(last(table).cards) == set(three)
    d.settle()
    if isinstance(d.app.top, PassScene):
        d.take_screen()
    assert table.match.state.phase == cs.SETUP_FIELD and table.viewer == 0
    card = table.match.state.zones()["hand/0"][0]
    d.drag(sprite_of(table, card).rect.center, table.placement.zones["field/0"].rect.center)
    assert last(table) == Action("field", (card,))


def test_a_refused_drag_in_the_setup_says_why_and_leaves_the_choice_as_it_was():
    # "Bad input gets a clear message and loses nothing": a card dragged where the setup does not
    # take it flies back, and the cards chosen before the drag stay the ones chosen (none, or two)
    d, table = at(lambda s: s.phase == cs.SETUP_UP)
    hand = table.match.state.zones()["hand/0"]
    discard = table.placement.zones["discard"].rect.center
    made = len(table.match.actions)
    d.drag(sprite_of(table, hand[0]).rect.center, discard)
    assert table.shown_notice is not None and table.shown_notice[0].startswith("Not allowed")
    assert table.selection == set() and len(table.match.actions) == made
    for c in hand[:2]:
        d.click(sprite_of(table, c).rect.center)
    d.drag(sprite_of(table, hand[3]).rect.center, discard)
    assert table.selection == set(hand[:2])
    d.settle()
    assert table.match.state.zones()["hand/0"] == hand and table.match.state.phase == cs.SETUP_UP


def test_a_card_dragged_onto_the_discard_area_is_played():
    d, table = at(lambda s: s.phase == cs.PLAY and any(len(a.cards) == 1 for a in legal_of_state(s, "play")))
    play = next(a for a in legal_of(table, "play") if len(a.cards) == 1)
    d.drag(sprite_of(table, play.cards[0]).rect.center, table.placement.zones["discard"].rect.center)
    assert last(table) == play


def legal_of_state(state, kind: str) -> list[Action]:
    return [a for a in state.legal_actions() if a.kind == kind]


def test_a_face_down_card_is_played_blind_by_clicking_it():
    d, table = at(lambda s: s.phase == cs.PLAY and legal_of_state(s, "play_down"))
    down = list(table.match.state.zones()["down/0"])
    d.click(sprite_of(table, down[-1]).rect.center)
    assert last(table) == Action("play_down", target=len(down) - 1)


def test_p_picks_up_the_pile_when_nothing_may_go_on_it():
    d, table = at(lambda s: s.phase == cs.PLAY and s.legal_actions()[0].kind == "pickup")
    d.key(pygame.K_p, "p")
    assert last(table).kind == "pickup"


def test_after_a_7_a_button_declares_higher_or_lower():
    d, table = at(lambda s: s.phase == cs.SEVEN)
    labels = [w.label.lower() for w in table.form.widgets]
    assert len(labels) == 2 and any("higher" in label for label in labels)
    d.click(table.form.widgets[0].rect.center)
    assert last(table).kind == "declare"


def test_after_a_j_clicking_a_seat_chooses_who_plays_next():
    d, table = at(lambda s: s.phase == cs.JACK_CHOICE)
    target = legal_of(table, "choose")[-1].target
    d.click(table.placement.plates[target].center)
    assert last(table) == Action("choose", target=target)


def test_a_5_swap_drops_a_hand_card_onto_a_face_up_card_and_k_keeps_them():
    d, table = at(lambda s: s.phase == cs.FIVE and not s.field_swaps_face_down())
    swap = legal_of(table, "swap")[0]
    hand_card, up_card = swap.cards
    d.drag(sprite_of(table, hand_card).rect.center, sprite_of(table, up_card).rect.center)
    assert last(table).kind == "swap" and set(last(table).cards) == {hand_card, up_card}
    d2, table2 = at(lambda s: s.phase == cs.FIVE and not s.field_swaps_face_down())
    d2.key(pygame.K_k, "k")
    assert last(table2).kind == "no_swap"


def test_a_field_5_swap_dropped_on_the_face_up_card_covering_the_face_down_one_is_made():
    # Rule A50's Field 5 swap "with face-down card 1": a newcomer drops the hand card where that
    # card shows, on the face-up card lying on it; it was refused with the prompt read back
    d, table = at(lambda s: s.phase == cs.FIVE and s.field_swaps_face_down() and s.up[0])
    state = table.match.state
    up, hand_card = state.zones()["up/0"], legal_of(table, "swap_down")[0].cards[0]
    d.drag(sprite_of(table, hand_card).rect.center, sprite_of(table, up[0]).rect.center)
    assert last(table) == Action("swap_down", (hand_card,), 0)


def test_clicking_your_field_card_says_it_is_not_played_and_how_to_change_it():
    # rules.md "Changing your field card": the prompt offers a change, a newcomer clicks the field
    # card, and was told "you do not hold that card where you may play from"
    d, table = at(lambda s: s.phase == cs.PLAY and legal_of_state(s, "change_field"))
    field = table.match.state.zones()["field/0"][-1]
    d.click(sprite_of(table, field).rect.center)
    assert table.shown_notice is not None
    assert table.shown_notice[0] == "Not allowed: your field card is not played; to change it, drop a hand " \
                                    "card on it"


def test_a_field_change_drops_a_hand_card_on_the_field_then_burns_a_face_up_card():
    d, table = at(lambda s: s.phase == cs.PLAY and legal_of_state(s, "change_field"))
    change = legal_of(table, "change_field")[0]
    field = table.match.state.zones()["field/0"][-1]
    d.drag(sprite_of(table, change.cards[0]).rect.center, sprite_of(table, field).rect.center)
    assert last(table) == change
    assert table.match.state.phase == cs.BURN_UP
    burn = legal_of(table, "burn_up")[0]
    # The burnt card goes to the burnt cards, or under the source pile with Field 10: dropped on
    # the place it goes to, it is burnt; dropped on the other, it flies back and says where.
    goes = next(e.dst for e in table.match.state.clone().apply(burn) if e.kind == "move")
    other = "source" if goes == "burn" else "burn"
    d.drag(sprite_of(table, burn.cards[0]).rect.center, table.placement.zones[other].rect.center)
    assert last(table) == change and table.match.state.phase == cs.BURN_UP
    assert "drop it on the" in table.shown_notice[0]
    d.drag(sprite_of(table, burn.cards[0]).rect.center, table.placement.zones[goes].rect.center)
    assert last(table) == burn


def test_a_run_stops_with_the_stop_key_once_it_may():
    d, table = at(lambda s: s.phase == cs.RUN and Action("stop") in s.legal_actions())
    assert "End the run" in [w.label for w in table.form.widgets]
    d.key(pygame.K_s, "s")
    assert last(table).kind == "stop"


def test_the_field_abilities_are_listed_in_words_and_horizontal_cards_turn():
    d, table = at(lambda s: s.phase == cs.PLAY and any(s.fc))
    lines = table.panel.status(table.panel_context(d.now))
    assert lines[0] == "Field abilities" and all(line.startswith("Field ") for line in lines[1:])
    state = table.match.state
    up = state.zones()["up/0"]
    if up:
        state.horizontal.append(up[0])  # as a 5 swap leaves it
        table.version += 1
        d.app.draw()
        drawn = next(r for face, zone, r in table.drawn if zone == "up/0" and face == up[0])
        assert drawn.w > drawn.h


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", range(2, 9))
def test_layout_fits_every_size(players, size):
    for viewer in range(0, players, 3):
        assert layout_problems("cunt-soul", players, size, viewer) == []


def test_a_bot_game_with_two_decks_plays_to_the_results():
    match = bot_game_reaches_results("cunt-soul", 5, frames=6000)
    assert match.result().losers


def test_hot_seat_never_shows_another_humans_hand_or_secret_setup():
    assert hot_seat_keeps_secrets("cunt-soul", ("human", "bot", "human"), turns=40).passes >= 3
