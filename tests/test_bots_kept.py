"""The three kept positions of issue 28, taken from 2-player games of the Normal bots (seeds 32 and 20
of ``new_state(["Ann", "Bea"], None, seed)``, and issue 15's long hand): in each, the Normal
heuristic's move is clearly worse than another, measured by 2,000 playouts shared over every move
with either playout policy (the heuristic's, and the "forcing" bot's). Hard must leave
the heuristic's move in at least 8 of 10 searches with different seeds, Expert in all 10. Playouts
alone bound the searches (no clock), so a busy machine plays the same moves."""

from __future__ import annotations

from collections.abc import Callable

from test_bots_hard import kept_two_position, search_move

from cardtable.ai import make_bot
from cardtable.engine.cards import parse_cards
from cardtable.engine.protocol import Action
from cardtable.games.shithead.game import PICKUP_ACTION, ShitheadState
from cardtable.games.shithead.positions import table

SEEDS = range(10)


def play(text: str) -> Action:
    return Action("play", tuple(parse_cards(text)))


def moves(position: Callable[[], ShitheadState], level: str) -> list[Action]:
    """The ``level`` bot's move in ``position`` with each of the ten seeds (made once a session)."""
    return [search_move(position, level, seed) for seed in SEEDS]


def small_pile_position() -> ShitheadState:
    """Seed 32, action 64: the draw pile is gone, Bea has no hand left and one up card (K♠), and the
    pile is 2♣ 2♥ 2♦ 9♣. The heuristic spends its three Queens on it; picking up four cards (three
    of them 2s) is far better: pickup 0.58, Q♣ Q♠ Q♥ 0.30 with the heuristic's playouts; 0.59
    against 0.02 with the search's own."""
    return table(["10h 7d 4s Qc Qs Qh Kh Kd", ""], up=["2s 10c Qd", "Ks"],
                 down=["9h 10d Kc", "5h 8d 8c"], pile="2c 2h 2d 9c")


def big_hand_position() -> ShitheadState:
    """Seed 20, action 64: Ann holds twenty cards, Bea one (and three up cards); Q♠ is on the pile.
    The heuristic plays its two Queens; an Ace, a King or a single Queen make Bea answer from her
    last card or pick up: A♠ 0.73 against Q♥ Q♦ 0.50 with the heuristic's playouts, Q♥ 0.74 and
    A♠ 0.69 against 0.60 with the search's own."""
    return table(["10s 10h Js 7c 8c Jc Jd 7h Qh Qd As Ah 2c Kc Ks Kd 2h 5s 5h 5d", "10d"],
                 up=["2d Ac Ad", "Kh Qc 10c"], down=["5c 3s Jh", "2s 6h 4c"], pile="7d 4s Qs")


def test_the_heuristic_plays_the_worse_move_in_each_kept_position():
    normal = make_bot("shithead", "normal", 1)
    assert normal.choose(small_pile_position().view(0)) == play("Qc Qs Qh")
    assert normal.choose(big_hand_position().view(0)) == play("Qh Qd")
    assert normal.choose(kept_two_position().view(0)) == play("Qc")


def test_hard_picks_up_the_small_pile_instead_of_spending_three_queens():
    got = moves(small_pile_position, "hard")
    assert play("Qc Qs Qh") not in got, got
    # issue 28: Shithead's Hard plays every other deal out with the forcing bot and leaves the
    # heuristic's move at half a standard error (session 8): 186 of 200 seeds pick up (93.0%
    # [88.6-95.8]; 153 with the heuristic's playouts alone), 9 of these ten
    assert got.count(PICKUP_ACTION) >= 9, got


def test_hard_plays_a_single_high_card_from_the_big_hand():
    # issue 28: 179 of 200 seeds leave the two Queens (89.5% [84.5-93.0]; 162 before), 8 of these ten
    got = moves(big_hand_position, "hard")
    assert sum(1 for a in got if a != play("Qh Qd")) >= 8, got


def test_hard_does_not_waste_the_two_on_a_lone_queen():
    # issue 28: 191 of 200 seeds keep the 2 (95.5% [91.7-97.6]; 198 before), all ten of these
    got = moves(kept_two_position, "hard")
    assert play("2s") not in got, got


def test_expert_gets_the_small_pile_and_the_big_hand_right_every_time():
    """(Expert on the long hand of issue 15 costs some 25 s of CPU for ten searches, most of this
    file's: that one is checked at Hard's budget above, which gets it right 10 times in 10.)"""
    assert play("Qc Qs Qh") not in moves(small_pile_position, "expert")
    assert play("Qh Qd") not in moves(big_hand_position, "expert")


# -- the search's playout policy ---------------------------------------------------------------------
def _sampled(draw: str = "") -> ShitheadState:
    """Heads-up, Bea holds only a 9 and a 4, as a playout's sampled deal is seen: every card known
    (the policy is given the whole deal with seat 0 as its viewer, as ``search.playout`` does)."""
    state = table(["5c 5d Qc Qd 8h", "9s 4h"], up=["", ""], pile="4d", draw=draw)
    state.viewer = 0
    return state


def test_rollout_policy_forces_a_heads_up_endgame_with_a_single_card():
    """The draw pile is gone: the heuristic sheds its two 5s; the playout policy plays one Q, which
    Bea cannot answer, and keeps the other Q to force again."""
    state = _sampled()
    assert make_bot("shithead", "normal", 1).decide(state, state.legal_actions()) == play("5c 5d")
    assert make_bot("shithead", "forcing", 1).decide(state, state.legal_actions()) == play("Qc")


def test_rollout_policy_is_the_heuristic_while_cards_are_hidden_or_the_draw_pile_lasts():
    """In a real view Bea's cards are hidden, and with a draw pile left the game is no duel yet:
    the policy then moves as Normal does."""
    hidden = table(["5c 5d Qc Qd 8h", "9s 4h"], up=["", ""], pile="4d").view(0)
    assert make_bot("shithead", "forcing", 1).choose(hidden) == play("5c 5d")
    early = _sampled(draw="2c 6c")
    assert make_bot("shithead", "forcing", 1).decide(early, early.legal_actions()) == play("5c 5d")
