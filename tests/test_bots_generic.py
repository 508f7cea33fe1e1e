"""Bots for every registered game: legal moves within budget, no peeking (issue 8 leak test),
clear errors for a wrong view."""

from __future__ import annotations

import time

import pytest
from every_game import every_game

from cardtable.ai import make_bot
from cardtable.ai.base import BotError
from cardtable.ai.search import SearchBot
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import State
from cardtable.engine.rng import Rng
from cardtable.games import games

GAMES = every_game()
pytestmark = pytest.mark.usefixtures("test_games")  # the test-only games keep the contract too


def decision_points(name: str, players: int, seed: int, every: int = 9, limit: int = 6) -> list[State]:
    """States along a heuristic game where the seat to move has a real choice."""
    game = games()[name]
    state = game.new_state([f"P{i}" for i in range(players)], None, seed)
    bot = make_bot(name, "normal", seed)
    found: list[State] = []
    step = 0
    while state.to_move is not None and len(found) < limit and step < 4000:
        seat = state.to_move
        view = state.view(seat)
        if step % every == 0 and len(state.legal_actions()) > 1:
            found.append(state.clone())
        state.apply(bot.choose(view))
        step += 1
    return found


def player_counts(name: str) -> list[int]:
    g = games()[name]
    return sorted({g.min_players, g.default_players, min(g.max_players, 6)})


@pytest.mark.parametrize("name", GAMES)
def test_search_bot_returns_a_legal_action_for_every_player_count(name):
    for players in player_counts(name):
        for state in decision_points(name, players, seed=players, limit=3):
            seat = state.to_move
            bot = SearchBot(seed=1, ms=None, iterations=25, rollout=make_bot(name, "normal", 2))
            action = bot.choose(state.view(seat))
            assert action in state.legal_actions()


@pytest.mark.parametrize("name", GAMES)
def test_a_single_legal_action_is_answered_at_once(name):
    game = games()[name]
    state = game.new_state([f"P{i}" for i in range(game.min_players)], None, 3)
    rng = Rng(5)
    for _ in range(3000):
        if state.to_move is None:
            break
        legal = state.legal_actions()
        if len(legal) == 1:
            bot = SearchBot(seed=1, ms=5000.0)
            t0 = time.perf_counter()
            assert bot.choose(state.view(state.to_move)) == legal[0]
            assert time.perf_counter() - t0 < 1.0
            return
        state.apply(legal[rng.below(len(legal))])
    pytest.fail("no position with a single legal action was reached")


@pytest.mark.parametrize("name", GAMES)
def test_hard_bot_does_not_peek_at_hidden_cards(name):
    """issue 8 leak test: redeal what the bot cannot see, keep its view identical: same move."""
    game = games()[name]
    for state in decision_points(name, game.default_players, seed=11, limit=4):
        seat = state.to_move
        view = state.view(seat)
        other = view.determinize(Rng(77))  # a different deal of every card the seat cannot see
        other_view = other.view(seat)
        assert fingerprint(other_view, with_rng=False) == fingerprint(view, with_rng=False)
        a = SearchBot(seed=9, ms=None, iterations=40, rollout=None).choose(view)
        b = SearchBot(seed=9, ms=None, iterations=40, rollout=None).choose(other_view)
        assert a == b


@pytest.mark.parametrize("name", GAMES)
def test_bots_refuse_a_full_state_or_another_seats_view(name):
    game = games()[name]
    state = decision_points(name, game.default_players, seed=4, limit=1)[0]
    bot = make_bot(name, "normal", 1)
    with pytest.raises(BotError, match="view"):
        bot.choose(state)
    other = (state.to_move + 1) % len(state.names)
    with pytest.raises(BotError, match="is to move"):
        bot.choose(state.view(other))
