"""Cersei over whole random games: the generic protocol checks, the event stream as a faithful
record of every card movement, the views' secrecy, and the bot."""

from __future__ import annotations

from collections import Counter

import pytest
from gamecheck import play_checked
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.ai import bot_kinds, make_bot
from cardtable.ai.base import Bot, RandomBot
from cardtable.engine.cards import HIDDEN
from cardtable.engine.protocol import Action, Event, replay
from cardtable.engine.rng import Rng
from cardtable.games.cersei.bots import HeuristicBot
from cardtable.games.cersei.game import GAME, CerseiState

PLAYERS = (2, 3, 4)


def deal(players: int, seed: int) -> CerseiState:
    state = GAME.new_state(["Ann", "Bob", "Cleo", "Dee"][:players], None, seed)
    assert isinstance(state, CerseiState)
    return state


def view_of(state: CerseiState, seat: int) -> CerseiState:
    view = state.view(seat)
    assert isinstance(view, CerseiState)
    return view


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("bot", [RandomBot, HeuristicBot])
@pytest.mark.parametrize("seed", range(20))
def test_whole_games_keep_the_protocol(players: int, bot: type[Bot], seed: int) -> None:
    """Cards conserved, illegal actions refused unchanged, clones independent, views consistent
    with determinize, exact replay from (seed, actions)."""
    state = play_checked(GAME, players, seed * 101 + players, bot)
    assert state.result() is not None


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from(PLAYERS))
def test_games_end_with_a_ranked_result(seed: int, players: int) -> None:
    """R15 / A19: every game ends, by the third Cersei, a player out of cards or the cap."""
    state, _ = _play(players, seed)
    result = state.result()
    assert result is not None
    sizes = result.details["deck_sizes"]
    assert sum(sizes) == 51
    assert result.capped or state.cersei_count >= 3 or 0 in sizes
    assert all(result.places[s] == 1 for s in range(players) if sizes[s] == max(sizes))
    assert all(0.0 <= r <= 1.0 for r in result.rewards)


def _play(players: int, seed: int) -> tuple[CerseiState, list[Event]]:
    state = deal(players, seed)
    bots = [HeuristicBot(seed + i) for i in range(players)]
    events: list[Event] = []
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        events += state.apply(bots[seat].choose(state.view(seat)))
    return state, events


@pytest.mark.parametrize("players", PLAYERS)
def test_every_card_movement_is_a_move_event(players: int) -> None:
    """The table animates from events alone: replaying the moves on the deal gives the final zones."""
    for seed in range(8):
        start = deal(players, seed)
        zones = {name: Counter(cards) for name, cards in start.zones().items()}
        state, events = _play(players, seed)
        for e in events:
            if e.kind == "move":
                assert e.cards, "a move event without cards"
                zones[e.src] -= Counter(e.cards)
                zones[e.dst] += Counter(e.cards)
        final = {name: Counter(cards) for name, cards in state.zones().items()}
        assert {k: v for k, v in zones.items() if v} == {k: v for k, v in final.items() if v}


def test_every_game_fact_has_a_log_line() -> None:
    """Chart steps are events with a caption; only card movements may be silent."""
    _, events = _play(2, 11)
    assert all(e.text for e in events if e.kind not in ("move", "shuffle"))


def _assassin_position(seed: int) -> CerseiState:
    for s in range(seed, seed + 500):
        state = deal(3, s)
        while not state.is_over:
            if state.assassin >= 0:
                return state
            state.apply(state.legal_actions()[0])
    raise AssertionError("no Assassin won in 500 games")


@pytest.mark.parametrize("seed", range(4))
def test_views_hide_every_deck_and_stake(seed: int) -> None:
    """3.5: decks are unknown even to their owner; the flipped cards are public."""
    state = deal(3, seed)
    state.apply(Action("flip"))
    for seat in range(3):
        view = view_of(state, seat)
        assert all(c == HIDDEN for d in view.decks for c in d)
        assert all(c == HIDDEN for w in view.war for c in w)
        assert view.contest == state.contest
    assassin = _assassin_position(seed)
    view = view_of(assassin, assassin.assassin)
    assert all(c == HIDDEN for d in view.decks for c in d)
    assert view.legal_actions() == assassin.legal_actions()


@pytest.mark.parametrize("seed", range(6))
def test_bot_pick_does_not_depend_on_hidden_cards(seed: int) -> None:
    """Leak check: re-deal the cards the Assassin cannot see; with the same seed it picks the same."""
    state = _assassin_position(seed * 7)
    seat = state.assassin
    picks = set()
    for deal in range(5):
        guess = state.view(seat).determinize(Rng(deal))
        picks.add(HeuristicBot(seed).choose(guess.view(seat)))
    assert len(picks) == 1


def test_heuristic_bot_flips_and_picks_random_positions() -> None:
    """3.7: a lone flip is taken at once; Assassin picks are spread over the positions."""
    assert {"random", "heuristic"} <= set(bot_kinds("cersei"))
    state = _assassin_position(3)
    seat = state.assassin
    target = state.legal_actions()[0].target
    picks = {make_bot("cersei", "heuristic", s).choose(state.view(seat)) for s in range(40)}
    assert {a.target for a in picks} == {target}
    assert len(picks) > 3


def test_replay_reaches_the_same_end() -> None:
    """Determinism: (seed, actions) replays a bot game exactly."""
    state = deal(2, 99)
    bots = [HeuristicBot(1), HeuristicBot(2)]
    actions = []
    while state.to_move is not None:
        action = bots[state.to_move].choose(state.view(state.to_move))
        actions.append(action)
        state.apply(action)
    again = replay(GAME, ["Ann", "Bob"], None, 99, actions)
    assert isinstance(again, CerseiState)
    assert again.decks == state.decks and again.result() == state.result()
