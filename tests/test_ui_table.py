"""Playing Shithead at the table with synthetic pointer and key events through the real input layer."""

from __future__ import annotations

import pygame
from ui_driver import Driver, rig, seats, sprite_of, to_turn

from cardtable.ai import make_bot
from cardtable.engine.cards import cards_text, parse_card, parse_cards
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import Action
from cardtable.games.shithead.game import RESPOND
from cardtable.runner.match import Match
from cardtable.ui.scenes.passto import PassScene


def start(kinds=("human", "bot", "bot", "bot"), seed: int = 11, **settings):
    """The table at the first human's first ordinary turn. The deal and the bots' moves before it
    fly at instant speed (none of these tests looks at them; drawn at a slower speed they were
    most of a test's frames); the animation speed asked for holds from that turn on."""
    speed = settings.pop("animation_speed", "instant")
    d = Driver(**settings)
    table = d.table(Match("shithead", seats(*kinds), seed=seed, dealer=len(kinds) - 1))
    to_turn(d, table)
    d.app.update_settings(animation_speed=speed)
    return d, table


def played(table):
    """The last action of a human (bots at instant speed may have moved since)."""
    match = table.match
    return next(a for a, seat in reversed(list(zip(match.actions, match.movers, strict=True)))
                if not match.is_bot(seat))


def pile_centre(table) -> tuple[int, int]:
    return table.placement.zones["play"].rect.center


def test_dragging_a_legal_card_onto_the_pile_plays_it():
    d, table = start()
    nine = parse_card("9c")
    rig(table, 0, parse_cards("7h 9c Ks"), parse_cards("5d"))
    d.drag(sprite_of(table, nine).rect.center, pile_centre(table))
    assert played(table) == Action("play", (nine,))
    assert nine not in table.match.state.zones()["hand/0"]


def test_an_illegal_drop_changes_nothing_and_the_card_flies_back():
    d, table = start(animation_speed="normal")
    seven = parse_card("7h")
    rig(table, 0, parse_cards("7h 9c Ks"), parse_cards("Kd"))
    home = sprite_of(table, seven).rect.copy()
    before = fingerprint(table.match.state)
    d.drag(home.center, pile_centre(table))
    assert fingerprint(table.match.state) == before
    assert "cannot go on" in table.shown_notice[0]
    d.frames(40)  # the flight back lands
    back = sprite_of(table, seven)
    assert back.zone == "hand/0" and not back.moving
    assert back.rect.x == home.x  # back in its place in the fan


def test_click_select_then_click_the_pile_plays_a_pair():
    d, table = start()
    eights = parse_cards("8c 8h")
    rig(table, 0, [*eights, parse_card("Qs")], parse_cards("5d"))
    for c in eights:
        d.click(sprite_of(table, c).rect.center)
    assert table.selection == set(eights)
    d.click(pile_centre(table))
    assert played(table) == Action("play", tuple(sorted(eights)))


def test_double_click_plays_one_card():
    d, table = start()
    queen = parse_card("Qs")
    rig(table, 0, parse_cards("8c 8h Qs"), parse_cards("5d"))
    d.double_click(sprite_of(table, queen).rect.center)
    assert played(table) == Action("play", (queen,))


def test_keyboard_only_turn_plays_a_pair_of_jacks():
    d, table = start()
    jacks = parse_cards("Jd Js")
    rig(table, 0, [parse_card("6c"), *jacks], parse_cards("4d"))
    for card in jacks:
        for _ in range(4):
            if table.focus == card:
                break
            d.key(pygame.K_RIGHT)
        assert table.focus == card
        d.key(pygame.K_SPACE)
    d.key(pygame.K_RETURN)
    assert played(table) == Action("play", tuple(sorted(jacks)))


def test_p_picks_up_the_pile():
    d, table = start()
    pile = parse_cards("5d 9h")
    rig(table, 0, parse_cards("4c 6c 7c"), pile)
    d.key(pygame.K_p, "p")
    assert played(table) == Action("pickup")
    assert set(pile) <= set(table.match.state.zones()["hand/0"])


def test_showing_a_3_to_a_chosen_seat_by_clicking_its_plate():
    d, table = start()
    three = parse_card("3c")
    rig(table, 0, parse_cards("3c 9d Ks"), parse_cards("5d 6d"))
    d.click(sprite_of(table, three).rect.center)
    assert {a.target for a in table.target_actions()} == {1, 2, 3}
    d.click(table.placement.plates[2].center)
    assert played(table) == Action("show", (three,), 2)


def test_a_backfire_sends_the_pile_back_to_the_shower():
    d, table = start(kinds=("human", "human", "bot"))
    match = table.match
    rig(table, 0, parse_cards("3c 9d Ks"), parse_cards("5d 6d"))
    rig(table, 1, parse_cards("3h 4h 4s"), parse_cards("5d 6d"))
    d.click(sprite_of(table, parse_card("3c")).rect.center)
    d.click(table.placement.plates[1].center)
    d.settle()
    assert isinstance(d.app.top, PassScene)
    d.take_screen()  # "I am Bea"
    assert table.viewer == 1 and match.state.phase == RESPOND
    labels = [b.label for b in table.form.widgets]
    backfire = next(i for i, label in enumerate(labels) if label.startswith("Backfire"))
    d.key(pygame.K_1 + backfire)
    assert played(table) == Action("backfire", (parse_card("3h"),), 0)
    # You hold no 3 to backfire again (A14), so the pile is yours and Bea, to your left, plays on.
    assert set(parse_cards("5d 6d")) <= set(match.state.zones()["hand/0"])
    assert match.state.to_move == 1


def test_choosing_the_face_up_cards_at_setup_by_selecting_three_and_pressing_enter():
    d = Driver()
    table = d.table(Match("shithead", seats("human", "bot", "bot"), seed=8, dealer=2))
    d.settle()
    state = table.match.state
    assert state.to_move == 0 and all(a.kind == "arrange" for a in table.legal())
    chosen = sorted(state.zones()["hand/0"])
    for c in chosen:
        d.click(sprite_of(table, c).rect.center)
    assert [b.label for b in table.form.widgets] == [f"Put {cards_text(chosen)} face up"]
    d.key(pygame.K_RETURN)
    assert table.match.actions[0] == Action("arrange", tuple(chosen))


def test_fast_play_makes_a_forced_move_for_the_player():
    d, table = start(fast_play=True)
    d.settle()
    rig(table, 0, parse_cards("4c 5c 6c"), parse_cards("Kd"))
    # Nothing beats the king and no 3 to show: picking up is the only move, so it is made at once.
    d.frame()
    assert played(table) == Action("pickup")


def reach_decision(seed: int, kind: str):
    """Play seat 0 as the heuristic bot would until it has a decision of ``kind``."""
    bot = make_bot("shithead", "heuristic", seed)
    d = Driver()
    match = Match("shithead", seats("human", "bot"), seed=seed, dealer=1)
    table = d.table(match)
    for _ in range(400):
        d.settle()
        if match.state.is_over or not table.my_turn():
            return None
        legal = table.legal()
        wanted = [a for a in legal if a.kind == kind]
        if wanted:
            return d, table, wanted[-1]
        table.apply(bot.choose(match.state.view(0)))
    return None


def test_clicking_a_down_card_turns_it_over_when_that_is_the_decision():
    found = next(r for r in (reach_decision(seed, "reveal_down") for seed in range(20)) if r is not None)
    d, table, reveal = found
    down = list(table.match.state.zones()["down/0"])
    card = down[int(reveal.choice)]
    d.click(sprite_of(table, card).rect.center)
    assert played(table) == reveal
    assert card not in table.match.state.zones()["down/0"]


def test_one_click_on_an_up_card_takes_it_into_the_hand():
    found = next(r for r in (reach_decision(seed, "take_up") for seed in range(20)) if r is not None)
    d, table, take = found
    d.click(sprite_of(table, take.cards[0]).rect.center)
    assert played(table) == take


def test_input_is_locked_while_cards_fly():
    d, table = start(animation_speed="normal")
    two, nine = parse_card("2c"), parse_card("9c")
    rig(table, 0, [two, nine, parse_card("Ks")], parse_cards("5d"))
    d.double_click(sprite_of(table, two).rect.center)  # a 2: you go again
    assert played(table) == Action("play", (two,)) and table.busy(d.now)
    done = len(table.match.actions)
    d.double_click(sprite_of(table, nine).rect.center)
    assert len(table.match.actions) == done  # ignored: the 2 is still in the air
    d.frames(60)
    assert not table.busy(d.now)
    d.double_click(sprite_of(table, nine).rect.center)
    assert played(table) == Action("play", (nine,))


def test_dragging_an_up_card_that_cannot_be_played_yet_says_why_by_the_card():
    """Issue 16.2: it did nothing at all; now it says why, by the cards (issue 23.3: not in the
    log, which keeps only the game)."""
    d, table = start(animation_speed="normal")
    rig(table, 0, parse_cards("7h 9c Ks"), parse_cards("5d"))
    up = table.match.state.zones()["up/0"][0]
    before = fingerprint(table.match.state)
    d.drag(sprite_of(table, up).rect.center, pile_centre(table))
    assert fingerprint(table.match.state) == before
    line, near, until = table.shown_notice
    assert line.startswith("Not allowed: up cards come into play only once")
    assert not any(said.startswith("Not allowed") for said in table.log)
    assert near.colliderect(sprite_of(table, up).rect) and until > d.now


def test_keys_pressed_while_cards_fly_wait_quietly_for_them_to_land():
    """Issue 16.2: no "Wait: the cards are still moving." line per key; the key takes effect."""
    d, table = start(animation_speed="slow")
    rig(table, 0, parse_cards("8c 8h Qs"), parse_cards("5d"))
    table.choreo.at(d.now + 1.0, lambda: None)  # something still moving for a second
    lines = len(table.log)
    d.key(pygame.K_LEFT)
    assert table.focus is None and len(table.log) == lines
    d.frames(80)
    assert table.focus is not None
    assert all("still moving" not in line for line in table.log)
