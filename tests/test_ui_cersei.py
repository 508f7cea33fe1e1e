"""Cersei at the table: flips by button, Space and F, the Assassin's blind pick by a click on a
fanned deck, the step-by-step round with captions and value badges, every layout, a whole bot game
and hot-seat play; all through the real input layer."""

from __future__ import annotations

import pygame
import pytest
from table_checks import SIZES, bot_game_reaches_results, hot_seat_keeps_secrets, layout_problems
from ui_driver import Driver, ask_hint, seats, sprite_of

from cardtable.engine.cards import JACK, RANK
from cardtable.engine.protocol import Action
from cardtable.games.cersei.game import CerseiOptions
from cardtable.runner.match import Match


def start(kinds=("human", "bot"), **settings):
    d = Driver(**settings)
    table = d.table(Match("cersei", seats(*kinds), seed=5, dealer=len(kinds) - 1))
    d.settle()
    return d, table


def button(table, prefix: str):
    return next(w for w in table.form.widgets if w.label.lower().startswith(prefix))


def last_human_action(match: Match) -> Action:
    return next(
        a for a, s in reversed(list(zip(match.actions, match.movers, strict=True))) if not match.is_bot(s)
    )


def test_the_flip_button_turns_the_top_card():
    d, table = start()
    top = table.match.state.zones()["deck/0"][-1]
    d.click(button(table, "flip").rect.center)
    assert last_human_action(table.match) == Action("flip")
    assert top not in table.match.state.zones()["deck/0"] or table.match.state.round_no == 1


@pytest.mark.parametrize(("key", "char"), [(pygame.K_SPACE, " "), (pygame.K_f, "f")])
def test_space_and_f_flip(key, char):
    d, table = start()
    d.key(key, char)
    assert table.match.actions and last_human_action(table.match) == Action("flip")


def test_a_flip_out_of_turn_changes_nothing():
    d, table = start(kinds=("human", "bot"), animation_speed="normal")
    d.key(pygame.K_SPACE, " ")
    count = len(table.match.actions)
    d.key(pygame.K_SPACE, " ")  # the bot is to move, or the cards are still flying
    assert len(table.match.actions) == count
    # Issue 16.2: a key while cards fly waits quietly (no "Wait" line for each key pressed).
    assert not any(line.startswith("Wait") for line in table.log)


def rig_assassin(table) -> None:
    """Seat 0's top card a Jack (the Assassin), seat 1's a 3 (a Pawn): seat 0 wins the round."""
    state = table.match.state
    mine, theirs = state.decks[0], state.decks[1]
    everyone = mine + theirs
    jack = next(c for c in everyone if RANK[c] == JACK)
    three = next(c for c in everyone if RANK[c] == 3)
    for deck, card in ((mine, jack), (theirs, three)):
        holder = mine if card in mine else theirs
        i = holder.index(card)
        holder[i], deck[-1] = deck[-1], holder[i]
    table.version += 1


def test_the_assassin_picks_a_card_from_the_fanned_deck_by_clicking_it():
    d, table = start()
    rig_assassin(table)
    d.key(pygame.K_SPACE, " ")
    d.settle()
    state = table.match.state
    assert state.to_move == 0 and state.legal_actions()[0].kind == "assassinate"
    assert table._picked == ("deck/1",)
    fanned = table.placement.zones["deck/1"]
    assert fanned.rect.colliderect(table.placement.middle)
    cards = state.zones()["deck/1"]
    third = sprite_of(table, cards[2])  # a card back, drawn under its place's key
    before = len(state.zones()["deck/0"])
    d.click((third.rect.x + 3, third.rect.centery))
    assert last_human_action(table.match) == Action("assassinate", (), 1, "2")
    assert len(table.match.state.zones()["deck/0"]) == before + 1
    assert table._picked == ()  # the deck goes back to its seat


def test_the_hint_for_the_assassins_pick_lights_the_card_it_names():
    """Walking a match: the hint said "assassinate: take the 10th face-down card from the bottom of
    Bea's deck", and no card of the fanned deck was lit, nor which end is its bottom."""
    d, table = start()
    rig_assassin(table)
    d.key(pygame.K_SPACE, " ")
    d.settle()
    hint = ask_hint(d, table)
    assert hint is not None and hint.action.kind == "assassinate"
    fanned = table.board.zones()["deck/1"]  # card backs, each under its own stand-in key
    assert table.focus == fanned[int(hint.action.choice)]
    words = table.shown_notice[0]
    assert words.startswith("Hint: take the ") and "assassinate" not in words
    d.key(pygame.K_RETURN)
    assert last_human_action(table.match) == hint.action


def test_a_click_on_your_own_deck_or_space_while_the_assassin_picks_says_why_nothing_happens():
    """Walking a match: at the Assassin's pick a click on the player's own deck, or Space, did
    nothing and said nothing (the game has its reasons)."""
    d, table = start()
    rig_assassin(table)
    d.key(pygame.K_SPACE, " ")
    d.settle()
    played = len(table.match.actions)
    d.click(table.placement.zones["deck/0"].rect.center)
    assert len(table.match.actions) == played
    assert table.shown_notice is not None
    assert table.shown_notice[0] == ("Not allowed: the Assassin takes from the other players' decks, "
                                     "not from their own.")
    # Space, which flipped every round before, said nothing either
    d.key(pygame.K_SPACE, " ")
    assert len(table.match.actions) == played
    assert table.shown_notice[0].startswith("Not allowed: ")
    assert table.shown_notice[0].endswith("must first take a card from each opponent's deck.")


def test_a_round_resolves_step_by_step_with_captions_and_values():
    d, table = start(animation_speed="normal", fast_play=False, bot_think_ms=0)
    d.key(pygame.K_SPACE, " ")
    captions, badges, busy_frames = set(), 0, 0
    for _ in range(900):
        d.frame(1 / 30)
        if table.panel.caption:
            captions.add(table.panel.caption)
        badges = max(badges, len(table.panel.info(table.panel_context(d.now)).badges))
        busy_frames += table.busy(d.now)
        if table.match.state.round_no >= 1 and not table.busy(d.now):
            break
    assert table.match.state.round_no >= 1
    assert any(c.startswith("Values") or "worth" in c for c in captions), captions
    assert badges == 2
    assert busy_frames / 30 > 1.0  # the steps hold: a round takes more than a second to tell


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_layout_fits_every_size(players, size):
    for viewer in range(players):
        assert layout_problems("cersei", players, size, viewer) == []


def test_a_bot_game_plays_to_the_results():
    match = bot_game_reaches_results("cersei", 3, CerseiOptions(max_rounds=60))
    assert match.state.round_no >= 1


def test_hot_seat_needs_no_pass_screen_since_nothing_is_hidden():
    """Issue 23.4: nothing in Cersei is hidden from anyone, so two people play on without
    passing the screen (and still nobody sees what nobody may)."""
    run = hot_seat_keeps_secrets("cersei", ("human", "human", "bot"), turns=30)
    assert run.passes == 0 and run.turns >= 10
