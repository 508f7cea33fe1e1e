"""Takku-Sum's heuristic bot (Normal): where it departs from the rulings' 5.6 and why, each from a
hand-built position (card texts "9h", "Kc"; positions.py)."""

from __future__ import annotations

from cardtable.ai import make_bot
from cardtable.games.takku_sum.game import DOWN, VALUE
from cardtable.games.takku_sum.positions import position


def test_of_one_value_the_heuristic_plays_every_copy() -> None:
    """Table ruling "Normal plays a whole group": a pair of 8s on a 9 going Down leaves the same
    replies as one 8, and the hand is refilled either way, so the bot plays both (5.6's tie-break
    played one). Whatever its seed, never a lone 8."""
    for seed in range(20):
        state = position(["8h 8s Qc Qd Jh Jc 10d", "2c 3c 4c 5c 6c 7c 9d"], play="9c", wildcard="Kd",
                         direction=DOWN)
        bot = make_bot("takku-sum", "normal", seed)
        action = bot.choose(state.view(0))
        assert sorted(VALUE[c] for c in action.cards) == [8, 8]
