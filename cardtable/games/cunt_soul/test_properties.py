"""Cunt-Soul over whole random games: the generic protocol checks, leak checks and the bots."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from gamecheck import play_checked
from pydantic import BaseModel

from cardtable.ai import bot_kinds, make_bot
from cardtable.ai.base import RandomBot
from cardtable.engine.cards import HIDDEN
from cardtable.engine.protocol import State
from cardtable.games import get_game
from cardtable.games.cunt_soul.bots import HeuristicBot
from cardtable.games.cunt_soul.game import GAME, SETUP_FIELD, CuntSoulGame, CuntSoulOptions, CuntSoulState


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_keep_the_protocol(players: int, seed: int) -> None:
    """Cards conserved, legal actions apply, unlisted ones are refused unchanged, clones are
    independent, views agree with determinize, and (seed, actions) replays exactly."""
    st = play_checked(GAME, players, seed, RandomBot, max_actions=12000)
    assert st.result() is not None


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_heuristic_games_keep_the_protocol(players: int) -> None:
    st = play_checked(GAME, players, 7, HeuristicBot, max_actions=12000)
    assert st.result() is not None


def _assert_view_leaks_nothing(st: CuntSoulState, seat: int) -> None:
    view = st.view(seat)
    assert isinstance(view, CuntSoulState)
    for other in range(len(st.names)):
        assert all(v == HIDDEN for v in view.down[other] if other != seat)
        if other != seat:
            for v, real in zip(view.hands[other], st.hands[other], strict=True):
                assert v == HIDDEN or (v == real and st.seen >> real & 1)
            if st.phase <= SETUP_FIELD:
                assert all(v == HIDDEN for v in view.up[other] + view.field[other])
    shown = [v for v in view.source if v != HIDDEN]
    assert len(shown) <= (1 if st.field_source_open() else 0)
    if shown:
        assert shown == [st.source[-1]]
    assert view.rng.state == 0


@pytest.mark.parametrize("players", [2, 4, 6])
def test_views_never_show_hidden_cards(players: int) -> None:
    """1.4: other hands (except cards seen entering them), face-down cards, the source (except the
    top under Field 6) and another seat's setup choices stay hidden."""
    for seed in range(3):
        st = GAME.new_state([f"P{i}" for i in range(players)], None, seed)
        bots = [RandomBot(seed * 10 + i) for i in range(players)]
        while not st.is_over:
            assert isinstance(st, CuntSoulState)
            for seat in range(players):
                _assert_view_leaks_nothing(st, seat)
            mover = st.to_move
            assert mover is not None
            st.apply(bots[mover].choose(st.view(mover)))


def test_other_seats_view_has_no_actions() -> None:
    st = GAME.new_state(["a", "b", "c"], None, 3)
    assert st.view((st.to_move or 0) + 1).legal_actions() == []


def test_registered_with_its_bots() -> None:
    assert get_game("cunt-soul") is GAME
    assert {"random", "heuristic"} <= set(bot_kinds("cunt-soul"))
    assert isinstance(make_bot("cunt-soul", "heuristic", 1), HeuristicBot)


def test_heuristic_setup_keeps_escape_cards_face_up() -> None:
    """1.6: the three most useful cards for the late game go face up."""
    st = GAME.new_state(["a", "b"], None, 11)
    bot = HeuristicBot(1)
    seat = st.to_move
    assert seat is not None
    action = bot.choose(st.view(seat))
    from cardtable.engine.cards import RANK
    from cardtable.games.cunt_soul.bots import UTILITY
    kept = sorted((UTILITY[RANK[x]] for x in st.hands[seat] if x not in action.cards), reverse=True)
    assert min(UTILITY[RANK[x]] for x in action.cards) >= kept[0]


def test_heuristic_bot_decides_from_the_view_only() -> None:
    """A bot given the same view twice (hidden cards permuted by determinize) chooses the same."""
    from cardtable.engine.rng import Rng

    st = GAME.new_state(["a", "b", "c", "d"], None, 21)
    bots = [HeuristicBot(i) for i in range(4)]
    for _ in range(60):
        mover = st.to_move
        assert mover is not None
        st.apply(bots[mover].choose(st.view(mover)))
    mover = st.to_move
    assert mover is not None
    view = st.view(mover)
    other = view.determinize(Rng(5)).view(mover)
    assert HeuristicBot(3).choose(view) == HeuristicBot(3).choose(other)


class _WithOptions(CuntSoulGame):
    """The game with other option defaults, so play_checked (which deals with defaults) and its
    replay check exercise the configurable rulings."""

    def __init__(self, options: CuntSoulOptions) -> None:
        self.options = options

    def new_state(self, seats: Sequence[str], options: BaseModel | None = None, seed: int = 0,
                  dealer: int | None = None) -> State:
        return super().new_state(seats, options or self.options, seed, dealer)


@pytest.mark.parametrize("options", [
    CuntSoulOptions(refill_timing="end_of_turn", ace_count="consecutive"),
    CuntSoulOptions(field4_run_multiples=False, finished_field="stays", voluntary_pickup=True),
    CuntSoulOptions(field5_look_first=True, turn_cap=300),
], ids=["end-of-turn-refill", "v1.2-field4-stays-voluntary", "look-first-short-cap"])
@pytest.mark.parametrize("players", [3, 5])
def test_configured_games_keep_the_protocol(options: CuntSoulOptions, players: int) -> None:
    st = play_checked(_WithOptions(options), players, 3, RandomBot, max_actions=12000)
    assert st.result() is not None


@pytest.mark.parametrize("players", [3, 6])
def test_clones_and_views_stay_independent(players: int) -> None:
    """Clones and views share the rarely-changing lists copy-on-write: applying any action to a
    clone, or to the mover's own view, leaves the state and earlier views exactly as they were."""
    from cardtable.engine.fingerprint import fingerprint

    st = GAME.new_state([f"P{i}" for i in range(players)], None, 17)
    bots = [RandomBot(i) for i in range(players)]
    step = 0
    while not st.is_over and step < 1500:
        mover = st.to_move
        assert mover is not None
        if step % 3 == 0:
            views = [st.view(seat) for seat in range(players)]
            before = fingerprint(st), [fingerprint(v) for v in views]
            for a in st.legal_actions():
                st.clone().apply(a)
                views[mover].clone().apply(a)
            views[mover].determinize(RandomBot(step).rng).apply(bots[mover].choose(views[mover]))
            assert (fingerprint(st), [fingerprint(v) for v in views]) == before
        st.apply(bots[mover].choose(st.view(mover)))
        step += 1


def _assert_known_hands_are_what_others_know(st: State) -> None:
    """``known_hands`` and ``down_backs`` are derived (kept up to date for the views): each hand
    with every card not seen entering it hidden (1.4), and the face-down rows as backs, exactly as
    working them out afresh gives."""
    assert isinstance(st, CuntSoulState)
    assert st.known_hands == [[c if c != HIDDEN and st.seen >> c & 1 else HIDDEN for c in hand]
                              for hand in st.hands]
    assert st.down_backs == [[HIDDEN] * len(down) for down in st.down]


@pytest.mark.parametrize("players", [3, 6])
def test_known_hands_agree_with_what_was_seen(players: int) -> None:
    """After every action, in the state, in its views and in clones and views moved on."""
    for options in (None, CuntSoulOptions(field5_look_first=True)):
        st = GAME.new_state([f"P{i}" for i in range(players)], options, 23)
        bots = [HeuristicBot(i) if i % 2 else RandomBot(i) for i in range(players)]
        while not st.is_over:
            _assert_known_hands_are_what_others_know(st)
            mover = st.to_move
            assert mover is not None
            for copy in (st.clone(), st.view(mover)):
                _assert_known_hands_are_what_others_know(copy)
                copy.apply(copy.legal_actions()[-1])
                _assert_known_hands_are_what_others_know(copy)
            st.apply(bots[mover].choose(st.view(mover)))


def test_heuristic_noise_skipping_matches_drawing_every_candidate() -> None:
    """The bot draws noise only for candidates that can still win; the choice and the random
    stream afterwards are exactly those of drawing one noise per candidate in order."""
    from cardtable.engine.rng import Rng

    gen = Rng(2024)
    for trial in range(3000):
        n = 1 + gen.below(12)
        scores = [float(gen.below(9)) - gen.below(3) * 0.5 for _ in range(n)]
        burns = [10.0 + gen.below(20) * 0.3 if gen.below(6) == 0 else 0.0 for _ in range(n)]
        spread = (2.0, 12.0)[trial % 2]
        bot = HeuristicBot(trial)
        slow = Rng(trial)
        slow.state = bot.rng.state
        best, best_score = -1, -1e9
        for i in range(n):
            score = scores[i] + slow.random() * spread
            score += burns[i]
            if score > best_score:
                best, best_score = i, score
        assert bot._best_with_noise(scores, burns, spread) == best
        assert bot.rng.state == slow.state


@pytest.mark.parametrize("players", [2, 5])
def test_one_pass_view_equals_clone_then_redact(players: int) -> None:
    """The one-pass view is exactly the generic one (``State.view``: a clone, then ``_redact``)."""
    from cardtable.engine.fingerprint import fingerprint

    options = CuntSoulOptions(field5_look_first=True)
    st = GAME.new_state([f"P{i}" for i in range(players)], options, 5)
    bots = [RandomBot(i) for i in range(players)]
    step = 0
    while not st.is_over and step < 600:
        assert isinstance(st, CuntSoulState)
        for seat in range(players):
            assert fingerprint(st.view(seat)) == fingerprint(State.view(st, seat))
        step += 1
        mover = st.to_move
        assert mover is not None
        st.apply(bots[mover].choose(st.view(mover)))


def test_the_fast_link_top_is_the_constructors_top() -> None:
    """``_link_top`` skips NamedTuple's argument handling for speed: it must build the same Top."""
    from cardtable.games.cunt_soul.game import Top, _link_top

    fast = _link_top(2, 13, 3, 13, 13, True, False, True, True, 2, 3)
    plain = Top(2, 13, 3, 13, False, 13, True, False, True, 0, 0, True, 2, 3)
    assert type(fast) is Top and fast == plain and fast._asdict() == plain._asdict()
    assert len(Top._fields) == len(fast)
