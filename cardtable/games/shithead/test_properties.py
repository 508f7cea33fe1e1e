"""Shithead over whole random games: the protocol's promises (gamecheck), views that leak nothing,
and determinize that keeps what a seat knows."""

from __future__ import annotations

import pytest
from gamecheck import assert_conserved, play_checked, play_seated
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.ai.base import Bot, RandomBot
from cardtable.engine.cards import HIDDEN
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import Event
from cardtable.engine.rng import Rng
from cardtable.games.shithead.bots import HeuristicBot
from cardtable.games.shithead.game import GAME, RESPOND, SETUP, ShitheadState

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@settings(max_examples=5, deadline=None)
@given(seed=SEEDS)
def test_random_games_keep_the_protocol(players: int, seed: int) -> None:
    """Cards conserved, legal actions apply, others refused, views consistent, replay exact."""
    state = play_checked(GAME, players, seed, RandomBot, deep_every=23)
    result = state.result()
    assert result is not None
    assert sorted(result.places) == list(range(1, players + 1))
    assert result.capped or len(result.details["exit_order"]) == players - 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@settings(max_examples=15, deadline=None)
@given(seed=SEEDS)
def test_heuristic_games_keep_the_protocol_and_end(players: int, seed: int) -> None:
    state = play_checked(GAME, players, seed, HeuristicBot)
    result = state.result()
    assert result is not None and not result.capped
    assert result.losers == (result.ranking[-1],)


def _play_watching(players: int, seed: int, bot: type[Bot], watch: object) -> None:
    state = GAME.new_state([f"P{i}" for i in range(players)], None, seed)
    assert isinstance(state, ShitheadState)
    bots = [bot(seed + i) for i in range(players)]
    seen_by_all: set[int] = set()
    while not state.is_over:
        watch(state, seen_by_all)  # type: ignore[operator]
        seat = state.to_move
        assert seat is not None
        events = state.apply(bots[seat].choose(state.view(seat)))
        seen_by_all |= _cards_seen_entering_hands(events)


def _cards_seen_entering_hands(events: list[Event]) -> set[int]:
    """2.4: cards that went into a hand face up (pickups, up cards) are known to everyone."""
    return {c for e in events if e.kind == "move" and e.face_up and e.dst.startswith("hand/")
            for c in e.cards}


def _assert_no_leak(state: ShitheadState, seen_by_all: set[int]) -> None:
    n = len(state.names)
    public = {c for cards in (*state.up, state.pile, state.burned) for c in cards}
    for seat in range(n):
        view = state.view(seat)
        assert isinstance(view, ShitheadState)
        allowed = public | set(state.hands[seat]) | seen_by_all
        for other in range(n):
            if other != seat:
                assert all(c == HIDDEN or c in seen_by_all for c in view.hands[other]), \
                    f"seat {seat} sees a card in seat {other}'s hand that was never shown"
                if state.phase == SETUP:
                    assert view.arranged[other] is None, "a pending setup choice leaked"
        assert view.hands[seat] == state.hands[seat], "a seat sees its own hand"
        assert all(c == HIDDEN for d in view.down for c in d), "down cards are unknown even to the owner"
        assert all(c == HIDDEN for c in view.draw)
        every = [c for cards in view.card_lists() for c in cards if c != HIDDEN]
        every += list(view.known_in_hands()) + [c for a in view.arranged if a for c in a]
        assert set(every) <= allowed, f"seat {seat}'s view holds cards it may not know"
        if seat != state.to_move:
            assert view.legal_actions() == [], "another seat's options would show its cards"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("bot", [RandomBot, HeuristicBot])
def test_views_leak_nothing(players: int, bot: type[Bot]) -> None:
    """2.4: others see counts, up cards, the piles, and cards they saw picked up; nothing else."""
    steps = [0]

    def watch(state: ShitheadState, seen: set[int]) -> None:
        steps[0] += 1
        if steps[0] < 400:
            _assert_no_leak(state, seen)

    _play_watching(players, 11 + players, bot, watch)


def test_determinize_keeps_what_the_seat_knows_and_reshuffles_the_rest() -> None:
    """Own hand, public cards and cards seen picked up stay; only the unknown is redealt."""
    checked = 0

    def watch(state: ShitheadState, seen: set[int]) -> None:
        nonlocal checked
        if state.phase == SETUP or not state.known_in_hands() or checked >= 30:
            return
        seat = (state.to_move or 0) + 1
        seat %= len(state.names)
        view = state.view(seat)
        assert isinstance(view, ShitheadState)
        guesses = [view.determinize(Rng(k)) for k in range(4)]
        for guess in guesses:
            assert isinstance(guess, ShitheadState)
            assert_conserved(guess)
            assert guess.hands[seat] == state.hands[seat]
            assert guess.up == state.up and guess.pile == state.pile and guess.burned == state.burned
            for other, hand in enumerate(view.hands):
                for shown, guessed in zip(hand, guess.hands[other], strict=True):
                    if shown != HIDDEN:
                        assert guessed == shown, "a card seen picked up moved"
            assert fingerprint(guess.view(seat), with_rng=False) == fingerprint(view, with_rng=False)
        unknown = [tuple(g.draw) + tuple(c for d in g.down for c in d) for g in guesses]
        assert len(set(unknown)) > 1, "the unknown cards were not reshuffled"
        checked += 1

    for seed in range(6):
        _play_watching(4, seed, HeuristicBot, watch)
    assert checked >= 10


def _assert_seen_is_what_others_know(state: ShitheadState) -> None:
    """``seen`` and ``down_backs`` are derived (kept up to date for the views): each hand with every
    card not known to everyone hidden, and every down card hidden (2.4), exactly as working them out
    afresh gives."""
    assert state.seen == [[HIDDEN if c == HIDDEN else state.public[c] for c in hand] for hand in state.hands]
    assert state.down_backs == [[HIDDEN] * len(down) for down in state.down]


@pytest.mark.parametrize("bot", [RandomBot, HeuristicBot])
def test_seen_hands_and_copy_on_write_hands_agree_with_the_rules(bot: type[Bot]) -> None:
    """Hands are shared by clones and views and replaced when they change: a move on a clone or a
    view leaves the original exactly as it was, and every view shows the others' hands as
    ``public`` says."""
    checked = 0

    def watch(state: ShitheadState, seen: set[int]) -> None:
        nonlocal checked
        _assert_seen_is_what_others_know(state)
        before = fingerprint(state)
        hands = [h[:] for h in state.hands]
        for copy in (state.clone(), state.view(state.to_move or 0)):
            assert isinstance(copy, ShitheadState)
            _assert_seen_is_what_others_know(copy.determinize(Rng(checked)))
            copy.apply(copy.legal_actions()[-1])
            _assert_seen_is_what_others_know(copy)
        assert fingerprint(state) == before and state.hands == hands
        checked += 1

    for seed in range(3):
        _play_watching(4, seed, bot, watch)
    assert checked > 100


def test_legal_memo_does_not_change_the_fingerprint() -> None:
    """The cached legal list is derived: saves and replays must not see it."""
    state = GAME.new_state(["A", "B", "C"], None, seed=2)
    before = fingerprint(state)
    state.legal_actions()
    assert fingerprint(state) == before


@pytest.mark.parametrize("bot", [RandomBot, HeuristicBot])
def test_games_with_both_options_on_end_and_conserve_cards(bot: type[Bot]) -> None:
    """shithead A2, A12 (configurable): the option variants keep the same promises."""
    options = GAME.Options(ten_wild=True, backfire_needs_count=True)
    for seed in range(6):
        play_seated(GAME, ["A", "B", "C", "D"], options, seed, [bot(seed + i) for i in range(4)])


def test_every_show_ends_in_a_pickup() -> None:
    """Seed: "the recipient of the 3 must pick up the active play pile" (R18, R19, R23, A25): over
    random games, every show or backfire that asks for no answer leaves the pile in someone's hand,
    also when it was the shower's last card (so no target is offered whose pickup never happens)."""
    last_threes = 0
    for seed in range(50):
        players = 3 + seed % 3
        state = GAME.new_state([f"P{i}" for i in range(players)], None, seed)
        assert isinstance(state, ShitheadState)
        bots = [RandomBot(seed + i) for i in range(players)]
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            action = bots[seat].choose(state.view(seat))
            pile = list(state.pile)
            last_threes += action.kind in ("show", "backfire") and state.cards_held(seat) == len(action.cards)
            state.apply(action)
            if action.kind in ("show", "backfire") and state.phase != RESPOND:
                assert state.pile == [] and any(set(pile) <= set(hand) for hand in state.hands)
    assert last_threes >= 3, "the games should include shows of a last 3"
