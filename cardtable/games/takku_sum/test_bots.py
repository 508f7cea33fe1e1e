"""Takku-Sum's heuristic bot (Normal): where it departs from the rulings' 5.6 and why, each from a
hand-built position (card texts "9h", "Kc"; positions.py)."""

from __future__ import annotations

from cardtable.games.takku_sum import PARTS
from cardtable.games.takku_sum.bots import HeuristicBot, unseen_counts
from cardtable.games.takku_sum.game import DOWN, VALUE
from cardtable.games.takku_sum.positions import position


def test_of_one_value_the_heuristic_plays_every_copy() -> None:
    """Table ruling "How the computer players play", a whole group: a pair of 8s on a 9 going
    Down leaves the same replies as one 8, and the hand is refilled either way, so the bot plays
    both (5.6's tie-break played one). Whatever its seed, never a lone 8."""
    for seed in range(20):
        state = position(["8h 8s Qc Qd Jh Jc 10d", "2c 3c 4c 5c 6c 7c 9d"], play="9c", wildcard="Kd",
                         direction=DOWN)
        bot = HeuristicBot(seed)  # the Normal level
        action = bot.choose(state.view(0))
        assert sorted(VALUE[c] for c in action.cards) == [8, 8]


def test_the_heuristic_weighs_the_chance_that_anyone_replies() -> None:
    """Table ruling "How the computer players play", the chance that nobody can follow: with two
    opponents of five unknown cards each, the bot's estimate after a 3 going Down is
    1 − (P(one cannot))², where one cannot when none of its five cards (nor its grace card) is
    an A, 2, 3 or a wildcard K."""
    state = position(["3h 9s 10s Js Qs", "", ""], play="5c", wildcard="Kd", direction=DOWN)
    state.hands[1] = state.draw[:5]
    state.hands[2] = state.draw[5:10]
    del state.draw[:10]
    state.lacks = [[0] * 5 for _ in range(3)]
    view = state.view(0)
    bot = HeuristicBot(1)
    unseen = unseen_counts(view)
    u = sum(unseen)
    k = unseen[1] + unseen[2] + unseen[3] + unseen[13]
    none = 1.0
    for i in range(5):
        none *= (u - k - i) / (u - i)
    none *= 1 - k / u  # the grace card
    bot._sums, bot._replies, bot._free_none = {}, {}, {}
    got = bot._reply_chance(view, 0, DOWN, 3, 13, unseen)
    assert abs(got - (1 - none * none)) < 1e-12
    # (5.6's weighted sum, next opponent 1 and the other 1/2, would have been 1.5 × (1 − none))
    assert abs(got - 1.5 * (1 - none)) > 0.01


def test_in_a_playout_the_heuristic_counts_only_what_its_seat_could_see() -> None:
    """A search's playout hands the bot a sampled deal where every card is known: it still counts
    the other hands and the Draw Pile as unseen, as in its own view, so its reply chances (and
    the playouts of Hard and of the review) are those of its real play, not nil."""
    state = position(["3h 9s 10s Js Qs", "Ah 2h 4h 5h 6h", "7c 8c 9c 10c Jc"], play="5c", wildcard="Kd",
                     direction=DOWN)
    state.viewer = 0
    own_sight = unseen_counts(state.view(0))
    assert unseen_counts(state) == own_sight
    assert sum(own_sight) == 52 - 5 - 2   # all but its hand, the Play Pile and the indicator
    bot = HeuristicBot(1)
    bot._sums, bot._replies, bot._free_none = {}, {}, {}
    assert bot._reply_chance(state, 0, DOWN, 3, 13, own_sight) > 0.5


def test_easy_plays_one_card_at_a_time_where_normal_plays_the_group() -> None:
    """Table ruling "How the computer players play", Easy: a beginner plays one card at a time.
    Where Normal plays both 8s (the position above), Easy plays a lone 8 whenever it is not
    playing at random (30% of its moves), and never both 8s but by chance. The generic Easy
    (Normal with random moves) played the pair at most seeds: this fails on it."""
    lone = pair = 0
    for seed in range(40):
        state = position(["8h 8s Qc Qd Jh Jc 10d", "2c 3c 4c 5c 6c 7c 9d"], play="9c", wildcard="Kd",
                         direction=DOWN)
        action = PARTS.levels["easy"](seed).choose(state.view(0))   # the Easy the table seats
        values = sorted(VALUE[c] for c in action.cards)
        lone += values == [8]
        pair += values == [8, 8]
    assert lone >= 24   # 70% of 40 seeds play as Normal would, one card of it
    assert pair <= 8    # only a random move plays the pair (1 of the 3 legal plays: 10%)
