"""Fscking Ace over random sittings: the protocol's promises (tests/gamecheck.py), zero-sum
balances after every round, events that account for every card, and views that leak nothing."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import pytest
from gamecheck import play_checked
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from cardtable.ai import make_bot
from cardtable.ai.base import Bot
from cardtable.engine.cards import HIDDEN
from cardtable.engine.protocol import Event, State
from cardtable.engine.rng import Rng
from cardtable.games.fscking_ace.game import GAME, FsckingAceGame, FsckingAceOptions, FsckingAceState


class LimitedGame(FsckingAceGame):
    """Fscking Ace whose default is a round limit, so gamecheck plays the automatic-deal path."""

    def __init__(self, options: FsckingAceOptions) -> None:
        self.options = options

    def new_state(self, seats: Sequence[str], options: BaseModel | None = None, seed: int = 0,
                  dealer: int | None = None) -> State:
        return super().new_state(seats, options or self.options, seed, dealer)


def bots(kind: str) -> Callable[[int], Bot]:
    return lambda seed: make_bot("fscking-ace", kind, seed)


@pytest.mark.parametrize("players", range(3, 11))
@pytest.mark.parametrize("seed", range(3))
def test_random_sittings_keep_the_protocol(players: int, seed: int) -> None:
    play_checked(GAME, players, seed, bots("random"))


@pytest.mark.parametrize("players", [3, 4, 6, 10])
def test_heuristic_sittings_keep_the_protocol_and_end(players: int) -> None:
    """The bots end a default sitting themselves (after their patience, when ahead)."""
    state = play_checked(GAME, players, 100 + players, bots("heuristic"))
    assert isinstance(state, FsckingAceState)
    assert state.round_no >= 10


@pytest.mark.parametrize(("kind", "players", "options"), [
    ("cautious", 4, FsckingAceOptions(round_limit=4)),
    ("bold", 7, FsckingAceOptions(round_limit=3, remove_extra_twos=True)),
    ("heuristic", 5, FsckingAceOptions(balance_target=40, red_two_doubles_itself=False, money="points")),
])
def test_limited_sittings_keep_the_protocol(kind: str, players: int, options: FsckingAceOptions) -> None:
    state = play_checked(LimitedGame(options), players, 9, bots(kind))
    result = state.result()
    assert result is not None and not result.capped
    if options.round_limit:
        assert result.details["rounds"] == options.round_limit


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32))
def test_any_seed_plays_a_checked_sitting(seed: int) -> None:
    play_checked(GAME, 4, seed, bots("heuristic"))


def sitting(players: int, rounds: int, kind: str, seed: int) -> list[tuple[State, list[Event]]]:
    """Play ``rounds`` rounds; every step as (a copy of the state after it, its events)."""
    state = GAME.new_state([f"P{i}" for i in range(players)],
                           FsckingAceOptions(round_limit=rounds), seed)
    players_bots = [make_bot("fscking-ace", kind, seed + i) for i in range(players)]
    steps = []
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        events = state.apply(players_bots[seat].choose(state.view(seat)))
        steps.append((state.clone(), events))
    return steps


@pytest.mark.parametrize(("players", "kind"), [(3, "bold"), (4, "heuristic"), (8, "cautious")])
def test_balances_sum_to_zero_after_every_round(players: int, kind: str) -> None:
    """R15: every round's payments cancel out, to the cent."""
    seen = 0
    balances = [0] * players
    steps = sitting(players, 150, kind, players)
    for _state, events in steps:
        for e in events:
            if e.kind == "payment":
                balances[e.data["payee"]] += e.data["amount"]
                balances[e.data["payer"]] -= e.data["amount"]
            if e.kind == "round_over":
                seen += 1
                assert sum(e.data["balances"]) == 0
                assert sum(row["paid"] for row in e.data["rows"]) == 0
                assert e.data["balances"] == balances
    assert seen == 150
    assert steps[-1][0].balances == balances


def test_every_card_movement_is_a_move_event() -> None:
    """The table animates from events: replaying the move events rebuilds every zone."""
    steps = sitting(5, 20, "heuristic", 3)
    first = steps[0][0]
    mirror: dict[str, Counter[int]] = {"pack": Counter(first.all_cards())}
    for state, events in steps:
        for e in events:
            if e.kind == "move":
                mirror[e.src].subtract(e.cards)
                mirror.setdefault(e.dst, Counter()).update(e.cards)
        for zone, cards in state.zones().items():
            assert +mirror.get(zone, Counter()) == Counter(cards), zone


def test_views_never_show_the_pack_and_bots_cannot_tell_a_reshuffled_pack() -> None:
    """4.4: only the pack's order is hidden; a bot's choice does not change when the unseen cards
    are dealt differently (the leak test of NOTES.md)."""
    rng = Rng(11)
    for state, _events in sitting(4, 15, "heuristic", 5):
        if state.is_over:
            break
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        assert all(c == HIDDEN for c in view.pack)
        for kind in ("heuristic", "cautious", "bold"):
            choice = make_bot("fscking-ace", kind, 1).choose(view)
            other = view.determinize(rng).view(seat)
            assert make_bot("fscking-ace", kind, 1).choose(other) == choice
