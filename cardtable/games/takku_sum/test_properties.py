"""Takku-Sum property tests: whole random matches through the generic checks (tests/gamecheck.py),
the same checks under every option, and checks of its own: what a view may show, that pass facts
are true, and that determinize respects them."""

from __future__ import annotations

from typing import Any

import pytest
from gamecheck import assert_refused_and_untouched, assert_view_consistent, play_checked, play_seated

from cardtable.ai.base import Bot, RandomBot
from cardtable.engine.cards import HIDDEN
from cardtable.engine.protocol import State
from cardtable.engine.rng import Rng
from cardtable.games.takku_sum.bots import HeuristicBot
from cardtable.games.takku_sum.game import GAME, VALUE, TakkuSumOptions, TakkuSumState


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(5))
def test_random_matches_keep_the_protocol(players: int, seed: int) -> None:
    state = play_checked(GAME, players, seed, RandomBot)
    result = state.result()
    assert result is not None and not result.capped
    assert max(result.details["points"]) == 5


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(3))
def test_heuristic_matches_keep_the_protocol(players: int, seed: int) -> None:
    state = play_checked(GAME, players, 100 + seed, HeuristicBot)
    assert state.result() is not None


def facts_hold(hand: list[int], slots: list[int]) -> bool:
    """Can the real cards fill the slots without breaking a fact? The masks are nested, so filling
    the most constrained slot first with any fitting card finds a way if there is one."""
    left = hand[:]
    for m in sorted(slots, reverse=True):
        fit = next((c for c in left if not (m >> VALUE[c]) & 1), None)
        if fit is None:
            return False
        left.remove(fit)
    return True


def _assert_pass_facts_true(state: TakkuSumState) -> None:
    """The public facts about what each seat lacks are true of the real hands."""
    for hand, slots in zip(state.hands, state.lacks, strict=True):
        assert len(hand) == len(slots)
        assert facts_hold(hand, slots), "a pass fact contradicts a real hand"


def _assert_view_hides(state: TakkuSumState, seat: int) -> None:
    view = state.view(seat)
    assert isinstance(view, TakkuSumState)
    secret = {c for s, h in enumerate(state.hands) if s != seat for c in h} | set(state.draw)
    shown = {c for cards in view.card_lists() for c in cards if c != HIDDEN}
    assert not shown & secret, "a view shows a card its seat may not know"


def play_with_options(options: TakkuSumOptions, players: int, seed: int,
                      bot: type[Bot] = RandomBot) -> TakkuSumState:
    """gamecheck's promises, for a table with ``options``, and Takku-Sum's own: views hide the
    others' hands and the draw pile, and the pass facts are true."""
    rng = Rng(seed)

    def check(state: State, step: int) -> None:
        assert isinstance(state, TakkuSumState)
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        if step % 5 == 0:
            assert_refused_and_untouched(state, legal, rng)
            seat = rng.below(players)
            assert_view_consistent(state, seat, rng)
            _assert_view_hides(state, seat)
            _assert_pass_facts_true(state)

    state = play_seated(GAME, [f"P{i + 1}" for i in range(players)], options, seed,
                        [bot(seed * 31 + i) for i in range(players)], check)
    assert isinstance(state, TakkuSumState)
    return state


OPTION_SETS: list[dict[str, Any]] = [
    {"declare_wildcard": True},
    {"decks": 2},
    {"grace_card": False},
    {"triple_wildcard_cycles": "once"},
    {"next_round_starter": "left_of_winner"},
    {"next_round_starter": "mini_game", "points_to_win": 3},
    {"points_to_win": 10, "decks": 2, "declare_wildcard": True},
    {"points_to_win": 10},
]


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_every_option_keeps_the_protocol(options: dict[str, Any], players: int) -> None:
    opts = TakkuSumOptions(**options)
    for seed in range(2):
        state = play_with_options(opts, players, seed)
        result = state.result()
        assert result is not None
        assert result.capped or max(result.details["points"]) == opts.points_to_win


def test_heuristic_with_options() -> None:
    play_with_options(TakkuSumOptions(declare_wildcard=True, decks=2), 3, 5, HeuristicBot)


def test_determinize_respects_pass_facts_in_real_games() -> None:
    """Over random games, hands dealt by determinize never hold a value their seat showed it lacked
    (the facts are true, so a consistent deal exists; the greedy deal should find it)."""
    checked = 0
    for seed in range(12):
        state = GAME.new_state(["A", "B", "C"], None, seed)
        assert isinstance(state, TakkuSumState)
        rng = Rng(seed)
        while not state.is_over:
            _assert_pass_facts_true(state)
            if any(any(slots) for slots in state.lacks):
                seat = rng.below(3)
                view = state.view(seat)
                assert isinstance(view, TakkuSumState)
                guess = view.determinize(rng)
                assert isinstance(guess, TakkuSumState)
                for s, hand in enumerate(guess.hands):
                    for c, gap in zip(hand, view.lacks[s], strict=True):
                        assert not (gap >> VALUE[c]) & 1
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 100


def test_heuristic_choice_depends_only_on_the_view() -> None:
    """Leak test: re-deal what the bot cannot see (consistently with what it knows); its choice on
    the same seed must not change."""
    rng = Rng(99)
    for seed in range(6):
        state = GAME.new_state(["A", "B", "C"], None, seed)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            other = view.determinize(rng)
            assert HeuristicBot(seed).choose(view) == HeuristicBot(seed).choose(other.view(seat))
            state.apply(HeuristicBot(rng.below(1000)).choose(view))
