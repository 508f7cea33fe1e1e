"""Takku-Sum's search hooks: values not suits, and a playout ends with its round."""

from __future__ import annotations

from collections.abc import Hashable
from functools import lru_cache
from typing import Any

from cardtable.engine.protocol import Action, Result
from cardtable.engine.search_hooks import Hooks, Rewards
from cardtable.games.takku_sum.game import VALUE, TakkuSumState


def _takku_prepare(state: TakkuSumState) -> None:
    state.narrate = False


def _takku_key(state: TakkuSumState, action: Action) -> Hashable:
    """R1: suits don't matter, only values, the group size and a declaration."""
    if action.kind == "play":
        return action.kind, VALUE[action.cards[0]], len(action.cards), action.choice
    return action


@lru_cache(maxsize=65536)
def race_win_chances(need: tuple[int, ...]) -> tuple[float, ...]:
    """The chance each seat is the first to take ``need[s]`` more points when every round is won
    by a seat at random (1/n each): a plain race model of R16, exact by recursion."""
    n = len(need)
    out = [0.0] * n
    for s in range(n):
        if need[s] <= 0:
            out[s] = 1.0
            return tuple(out)
    for w in range(n):
        nxt = list(need)
        nxt[w] -= 1
        sub = race_win_chances(tuple(nxt))
        for s in range(n):
            out[s] += sub[s] / n
    return tuple(out)


def _takku_values(points: Any, target: int) -> Rewards:
    return race_win_chances(tuple(max(0, target - len(p)) for p in points))


def _takku_cut(state: TakkuSumState, root: TakkuSumState, steps: int) -> Rewards | None:
    """The round the decision belongs to is over: score the match from the points (rounds after
    it are close to a fair race; the round winner's lead is the only edge the search can earn)."""
    if state.round_no != root.round_no and state.to_move is not None:
        return _takku_values(state.points, state.rules.points_to_win)
    return None


def _takku_reward(result: Result, n: int) -> Rewards:
    """Winning the match is the goal (R16); a shared first place splits it."""
    firsts = sum(1 for p in result.places if p == 1)
    return tuple(1.0 / firsts if p == 1 else 0.0 for p in result.places)


# No anchor to the heuristic's move here: Hard plays the best mean over its shared deals, as the
# plain baseline does. Anchored, Hard trailed the baseline in the first 3-player tournaments (33%
# of 60 games won against 48%); those put Hard before the baseline at every seat, and a Takku-Sum
# round goes to the last to play, so later runs play both seat orders over the same deals.
HOOKS = Hooks[TakkuSumState](prepare=_takku_prepare, key=_takku_key, cut=_takku_cut, reward=_takku_reward,
                             switch_z=0.0)

# Hard's measured strength here, first with the 5.6 heuristic in its playouts (issue 15, `--budget
# 100it`, every deal in all six seatings; docs/tournaments/issue15/takku-sum-3p-before-*, seeds
# 2001-2013, `scripts/pool_tournaments.py --paired hard,baseline`): 3 players hard,baseline,normal,
# 780 games: match wins 43.8% [40.4-47.4] against the baseline's 38.8% [35.5-42.3] (Normal 17.3%).
# That heuristic then counted every card of a determinized deal as seen, so in playouts it played by
# its tie-breaks alone; since issue 26 it counts only what its seat could see, and plays whole groups.
# With that heuristic Hard is level with the halving yardstick (issue 28, 240 3-player matches:
# 34.2% [28.5-40.4] against 32.9%; docs/tournaments/issue28). Anchoring Hard to the heuristic's
# move measured worse (34.2% against 45.0%, 120 games, issue 15), so it stays unanchored.
