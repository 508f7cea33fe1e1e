"""Hard against the plain baseline (issue 15 item 2): the baseline's uniform allocation, its blindness
to hidden cards, Hard's race over shared deals, and the two Shithead positions Hard used to get
wrong, built card by card."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import cache

import pytest
from test_bots_generic import decision_points, player_counts

from cardtable.ai import bot_kinds, make_bot
from cardtable.ai.baseline import BaselineBot
from cardtable.ai.search import SearchBot
from cardtable.engine.cards import RANK
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import Action
from cardtable.engine.rng import Rng
from cardtable.games import games
from cardtable.games.shithead.game import PICKUP_ACTION, ShitheadState
from cardtable.games.shithead.positions import play, table
from cardtable.tournament import Budget, run_tournament, seating, seatings

GAMES = sorted(games())


@cache
def search_move(position: Callable[[], ShitheadState], level: str, seed: int) -> Action:
    """The move of Shithead's ``level`` search bot with ``seed`` from seat 0's view of
    ``position()``, on playouts alone (no clock: the same move on a busy machine). Made once a
    session: test_bots_kept asks Hard the same ten searches of the long hand whose first six the
    test here asks (each a few tenths of a second of CPU)."""
    bot = make_bot("shithead", level, seed)
    assert isinstance(bot, SearchBot)
    bot.ms = None
    return bot.choose(position().view(0))


def hard_moves(position: Callable[[], ShitheadState], seeds: range) -> list[Action]:
    """Hard's move from seat 0's view of ``position()`` with each seed."""
    return [search_move(position, "hard", seed) for seed in seeds]


# -- the two positions of issue 15 ------------------------------------------------------------------
def pickup_position() -> ShitheadState:
    """A 2♥ and an A♥ on the pile, and Ann's only play is her one 2, onto which anything goes, so
    Bea answers it at once. Picking the two cards up gains a 2 and an ace and keeps her own 2:
    over 80 shared deals of the heuristic's playouts the pickup scores 0.88 and the 2♠ 0.66. (The
    issue's own position - 14 cards with K♣ K♥ A♣ A♥ on J♥ J♣ Q♣ Q♠ Q♦ - is not given in full; no
    filling of its unnamed cards tried here made the pickup more than 0.1 better, so this position
    poses the same choice where its answer is clear.)"""
    return table(["2s 4c 5d 6h 7s", "4h 5c 6c 8d 9s"], up=["10c Kc Qs", "9h Jd 8h"],
                 down=["Js 10h 6d", "5h 6s 7h"], pile="2h Ah", draw="3c 9d 8c 7d 5s 4s Jc")


def test_hard_picks_up_the_pile_when_that_is_the_better_move():
    """Issue 15: a voluntary pickup is a real candidate, and Hard leaves the heuristic's move (the
    2♠) for it when the shared deals show it is better: in at least 16 of 20 searches (over 100
    seeds 92 with the heuristic's playouts alone, 89 with issue 28's alternating ones; 7 of the
    first 8 seeds before, 6 with them, hence the wider sample)."""
    state = pickup_position()
    assert set(state.legal_actions()) == {play("2s"), PICKUP_ACTION}
    assert make_bot("shithead", "normal", 1).choose(state.view(0)) == play("2s")
    moves = hard_moves(pickup_position, range(20))
    assert moves.count(PICKUP_ACTION) >= 16, moves


def kept_two_position() -> ShitheadState:
    """Issue 15: the draw pile is empty, a lone Q♥ is on the pile and Ann holds 18 cards: 2♠, four 4s,
    Q♣, K♦ K♣, A♥ A♦ and eight low cards; Bea holds eight, strong ones. The 2 is wasted on a pile
    of one card: over 300 shared deals of the heuristic's playouts 2♠ scores 0.22, Q♣ 0.36, K♣ 0.45."""
    return table(["2s 4c 4s 4h 4d Qc Kd Kc Ah Ad 5c 5d 6s 6h 8c 8d 9s Jd",
                  "9h 10d Kh 7h 7s 10s Ac Ks"],
                 up=["5s 9d 6c", "Js 10h 6d"], down=["5h 3c Jh", "Qs 8h Qd"], pile="Qh")


def test_hard_keeps_the_two_with_a_long_hand_on_an_empty_draw_pile():
    state = kept_two_position()
    two = play("2s")
    assert two in state.legal_actions()
    moves = hard_moves(kept_two_position, range(6))
    assert two not in moves, moves


# -- the baseline ------------------------------------------------------------------------------------
def test_baseline_is_a_bot_kind_of_every_game_with_hards_playouts():
    for name in GAMES:
        bot = bot_kinds(name)["baseline"](3)
        assert isinstance(bot, BaselineBot) and bot.iterations == 100 and bot.rollout is not None


def test_baseline_allocates_its_playouts_uniformly():
    state = table(["5c 6h 9s Kd", "4h 4s 7c"], pile="4d")
    counted: list[Action] = []

    class Counting(BaselineBot):
        def _score(self, view, action, hooks, seat):
            counted.append(action)
            return super()._score(view, action, hooks, seat)

    bot = Counting(1, iterations=50, rollout=make_bot("shithead", "normal", 2))
    assert bot.choose(state.view(0)) in state.legal_actions()
    # 5♣, 6♥, 9♠, K♦ and the pickup: ten playouts each, in turn
    assert bot.done == 50 and len(set(counted)) == 5
    assert all(counted.count(a) == 10 for a in set(counted))
    assert counted[:5] == counted[5:10]


@pytest.mark.parametrize("name", GAMES)
def test_baseline_does_not_peek_for_any_player_count(name):
    """The issue 8 leak test for the baseline: redeal what the seat cannot see, keep its view
    identical, and the move stays the same."""
    for players in player_counts(name):
        for state in decision_points(name, players, seed=players + 60, every=5, limit=2):
            seat = state.to_move
            view = state.view(seat)
            other = view.determinize(Rng(players + 1)).view(seat)
            assert fingerprint(other, with_rng=False) == fingerprint(view, with_rng=False)
            moves = []
            for v in (view, other):
                bot = make_bot(name, "baseline", 5)
                bot.iterations = 20  # type: ignore[attr-defined]
                moves.append(bot.choose(v))
            assert moves[0] == moves[1] and moves[0] in state.legal_actions()


def test_a_tournament_plays_hard_against_the_baseline_at_equal_playouts():
    # What is checked is the tournament's bookkeeping, the same in any game: Takku-Sum's whole
    # games cost a twentieth of Shithead's (whose heads-up endgame search alone costs seconds).
    standings, _, stuck, _ = run_tournament("takku-sum", ["hard", "baseline"], 2, 3, 1, Budget.parse("6it"))
    assert [s.label for s in standings] == ["hard", "baseline"]
    assert stuck == 0 and all(s.games == 2 for s in standings)
    assert sum(s.wins for s in standings) == 2  # one of the two wins each game


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_a_deal_is_played_with_every_bot_in_every_seat_and_in_both_orders(n):
    """Rotations alone keep who follows whom: from three players the reversed order is played too,
    so bot 0 is followed by bot 1 exactly as often as by bot n-1 (in Takku-Sum the seat after
    yours decides rounds)."""
    plans = [seating(n, r) for r in range(seatings(n))]
    assert all(sorted(p) == list(range(n)) for p in plans)
    for bot in range(n):
        assert sorted(p[bot] for p in plans) == sorted(list(range(n)) * (len(plans) // n))

    def follower(p: list[int]) -> int:
        return p.index((p[0] + 1) % n)

    followers = [follower(p) for p in plans]
    assert followers.count(1) == followers.count(n - 1) >= n


# -- Hard's race ---------------------------------------------------------------------------------------
class Scripted(SearchBot):
    """Playouts scored by the move made (the top of the pile): 5 and 6 score 0.5 on every deal,
    the 9 wins ``nine`` of the deals outright, the pickup always loses."""

    nine = 0.45

    def _playout(self, state, luck):
        top = RANK[state.pile[-1]] if state.pile else 0
        if top in (5, 6):
            return (0.5, 0.5)
        if top == 9:
            return (1.0, 0.0) if Rng(luck).random() < self.nine else (0.0, 1.0)
        return (0.0, 1.0)


def race(nine: float, iterations: int) -> tuple[Scripted, list[int]]:
    state = table(["5c 6h 9s", "4h 4s 7c"], pile="4d")
    bot = Scripted(seed=4, ms=None, iterations=None)
    bot.nine = nine
    bot.start(state.view(0))
    bot.step_iterations(iterations)
    return bot, [bot.candidates.index(m) for m in (play("5c"), play("6h"), play("9s"), PICKUP_ACTION)]


def test_hard_spends_its_deals_on_close_moves_instead_of_stopping_at_a_tie():
    """Issue 15: the search stopped between two moves that scored the same on every deal. Now a
    tie ends nothing while another move is still close: every deal goes on to all three."""
    bot, (five, six, nine, pickup) = race(0.45, 100)
    assert pickup not in bot.alive  # it lost every deal: out of the race
    assert not bot.decided and bot.alive == sorted([five, six, nine])
    assert bot.counts[five] == bot.counts[six] == bot.counts[nine] == bot.deals > 30
    assert bot.done >= 99  # the whole budget, to the last deal that fits


def test_hard_spends_its_budget_even_on_moves_that_tied_so_far():
    """A 9 that wins one deal in ten leaves the race; 5 and 6 then tie deal after deal, and still
    the search goes on to its budget: moves that differ one deal in ten look the same for a dozen."""
    bot, (five, six, _, _) = race(0.1, 300)
    assert not bot.decided and bot.alive == sorted([five, six]) and bot.done >= 299
    assert bot.best() == play("5c")  # the tie goes to the earlier move


def test_the_rollout_policys_own_move_leaves_the_race_once_clearly_beaten():
    """Issue 28: the policy's move (here the first, the 5, as no policy is given) used to take every
    deal to the end even when a rival beat it on all of them. A 9 that always wins beats the 5 and
    6 on every deal by the same margin: both leave at the first look, and the search ends on the 9
    with budget to spare."""
    from cardtable.ai.search import RACE_MIN_DEALS

    bot, (five, _, nine, _) = race(1.0, 100)
    assert bot.default == five
    assert bot.decided and bot.alive == [nine]
    assert bot.best() == play("9s")
    assert bot.done == 4 * RACE_MIN_DEALS < 100  # four moves, each on the same few deals


def test_a_few_deals_must_show_a_wider_gap_before_a_move_leaves_the_race():
    """The drop threshold is Student's t's, not the normal's: wider after a handful of deals, where
    the standard error itself is a guess, and narrowing towards ``DROP_Z``."""
    from cardtable.ai.search import DROP_Z, RACE_MIN_DEALS, drop_threshold

    steps = [drop_threshold(k) for k in range(RACE_MIN_DEALS, 200)]
    assert all(a > b for a, b in itertools.pairwise(steps))
    assert steps[0] > DROP_Z + 0.5 and steps[-1] - DROP_Z < 0.02


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_the_search_puts_up_its_known_set_unsearched(level):
    """R3's three up cards: Hard and Expert put up the two strongest and a 3 where the six hold one
    (else the three strongest), without a playout. Their search, over twenty near-equal sets, chose
    by noise (4♦ 8♣ 9♥ over 9♥ J♥ A♠, 0.27 worse); a 3 in place of the weakest of the three
    strongest won more in every one of twelve 2-player deals (the shithead search hook's measure)."""
    from cardtable.games.shithead.bots import STRENGTH

    seen_three = seen_none = False
    for seed in (4, 100, 111, 207, 210):
        state = games()["shithead"].new_state(["Ann", "Bea"], None, seed)
        seat = state.to_move
        view = state.view(seat)
        six = view.hands[seat] + view.up[seat]
        strongest = sorted(six, key=lambda c: (-STRENGTH[RANK[c]], c))
        threes = sorted(c for c in six if RANK[c] == 3)
        want = [*[c for c in strongest if RANK[c] != 3][:2], threes[0]] if threes else strongest[:3]
        seen_three |= bool(threes)
        seen_none |= not threes
        bot = make_bot("shithead", level, seed)
        assert isinstance(bot, SearchBot)
        bot.ms = None
        action = bot.choose(view)
        assert action in view.legal_actions() and sorted(action.cards) == sorted(want), (seed, action)
        assert bot.done == 0  # no playout spent
    assert seen_three and seen_none
    before = make_bot("shithead", "hard-search-all", 4)  # the Hard before, kept to measure against
    assert isinstance(before, SearchBot)
    before.ms = None
    before.choose(view)
    assert before.done > 0
