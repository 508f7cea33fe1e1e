"""Crazy Eights, a sixth game kept only under tests/games/ and found through ``CARDTABLE_GAMES``,
plays at the table through the real input layer, in ``cardtable screenshot``, ``simulate`` and the
self-test (its run is in test_selftest.py, with the house games), with nothing outside its folder
knowing it (issue 13 item 7: "adding a sixth game is one folder")."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pytest
from every_game import TEST_GAMES as GAMES
from gamecheck import play_checked
from table_checks import SIZES, bot_game_reaches_results, hot_seat_keeps_secrets, layout_problems
from ui_driver import Driver, seats, sprite_of

import cardtable.games as registry
from cardtable.ai import make_bot
from cardtable.engine.cards import RANK, SUIT
from cardtable.engine.protocol import Action
from cardtable.runner.match import Match


def run_cli(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, CARDTABLE_GAMES=str(GAMES), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "cardtable", *args], env=env, capture_output=True,
                          text=True, timeout=timeout, check=False)


def test_the_registry_finds_it_with_the_others_and_not_without_the_variable(crazy_eights):
    assert list(registry.games())[-1] == "crazy-eights"  # order 900: after the house games
    assert registry.layout_of(crazy_eights) is not None
    assert "Crazy Eights" in registry.rule_book(crazy_eights)
    assert type(registry.teller_of(crazy_eights)).__name__ == "CrazyEightsTeller"


def test_unknown_without_the_variable():
    assert "crazy-eights" not in registry.games()


def test_it_keeps_the_engine_promises_with_every_bot(crazy_eights):
    for seed, players in enumerate(range(2, 6)):
        state = play_checked(crazy_eights, players, seed, lambda s: make_bot("crazy-eights", "heuristic", s))
        assert state.result() is not None


def start(seed: int = 4) -> tuple[Driver, object]:
    d = Driver()
    table = d.table(Match("crazy-eights", seats("human", "bot"), seed=seed, dealer=1))
    d.settle()
    return d, table


def swap_into_hand(state, card: int) -> None:
    """Put ``card`` in seat 0's hand in exchange for one of its cards (no card created or lost)."""
    hand = state.hands[0]
    if card in hand:
        return
    holder = next(cards for cards in state.card_lists() if card in cards)
    holder[holder.index(card)], hand[0] = hand[0], card
    state.forget_legal()  # the legal moves memoised for the hand before


def test_a_card_dragged_onto_the_discards_is_played(crazy_eights):
    d, table = start()
    state = table.match.state
    assert state.to_move == 0 and table.viewer == 0
    fitting = (c for c in state.all_cards() if SUIT[c] == state.suit and RANK[c] != 8)
    card = next(c for c in fitting if c not in state.pile)
    swap_into_hand(state, card)
    table.version += 1
    play = Action("play", (card,))
    d.drag(sprite_of(table, card).rect.center, table.placement.zones["discard"].rect.center)
    assert table.match.actions[0] == play
    assert card in state.zones()["discard"] and card not in state.hands[0]  # the bot may have played on


def test_an_eight_asks_for_the_suit_by_buttons_and_d_draws(crazy_eights):
    d, table = start()
    state = table.match.state
    eight = next(c for c in state.all_cards() if RANK[c] == 8 and c not in state.pile)
    swap_into_hand(state, eight)
    table.version += 1
    d.double_click(sprite_of(table, eight).rect.center)
    assert table.match.actions[-1] == Action("play", (eight,))
    buttons = {w.label: w for w in table.form.widgets}
    assert "Name ♥ hearts" in buttons, list(buttons)
    d.click(buttons["Name ♥ hearts"].rect.center)
    assert table.match.actions[1] == Action("name_suit", choice="hearts")  # then the bot plays on
    assert "You name ♥ hearts" in table.log
    assert table.panel.status(table.panel_context(d.now))[1] == f"Follow {state.suit_to_follow()}"
    d.settle()
    if state.to_move == 0 and Action("draw") in state.legal_actions():
        held = len(state.hands[0])
        d.key(pygame.K_d, "d")
        assert table.match.actions[-1] == Action("draw") and len(state.hands[0]) == held + 1


def test_hot_seat_shows_each_human_only_their_own_hand(crazy_eights):
    run = hot_seat_keeps_secrets("crazy-eights", ("human", "human", "bot"), turns=30)
    assert run.passes >= 3 and run.turns >= 5


@pytest.mark.parametrize("players", range(2, 6))
def test_its_layout_fits_the_smallest_and_largest_window(crazy_eights, players):
    for size in (SIZES[0], SIZES[-1]):
        assert layout_problems("crazy-eights", players, size) == []


def test_a_bot_game_plays_to_the_results(crazy_eights):
    match = bot_game_reaches_results("crazy-eights", 3)
    assert min(len(h) for h in match.state.hands) == 0 or match.result().capped


def test_simulate_plays_it():
    run = run_cli("simulate", "crazy-eights", "--players", "3", "--games", "20")
    assert run.returncode == 0, run.stderr
    assert "Crazy Eights" in run.stdout or "crazy-eights" in run.stdout, run.stdout


def test_screenshot_draws_its_table(tmp_path):
    out = tmp_path / "eights.png"
    run = run_cli("screenshot", "--game", "crazy-eights", "--players", "3", "--moves", "6", str(out))
    assert run.returncode == 0, run.stderr
    picture = pygame.image.load(str(out))
    assert picture.get_size() == (1280, 800)
    colours = {tuple(picture.get_at((x, y)))[:3] for x in range(0, 1280, 16) for y in range(0, 800, 16)}
    assert len(colours) > 20  # cards, names and the side box, not an empty felt
