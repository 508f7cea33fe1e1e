"""What the search bots know about each game beyond the engine protocol: all optional, all read
only through public attributes of a determinized state, so none of it can peek.

* ``prepare(state)``: on a freshly determinized state, before any playout (Takku-Sum: skip the
  log text the table never sees, ``narrate = False``).
* ``key(state, action)``: actions with the same key lead to the same position up to which card
  ids of equal worth moved (suits are irrelevant in Shithead and Takku-Sum), so the search tries
  one of them. ``None``: every action is its own class.
* ``cut(state, root, steps)``: ends a playout early with per-seat rewards, or ``None`` to play
  on (``steps``: playout actions so far). Takku-Sum stops at the end of the round the decision
  belongs to and scores the points with an exact race model; Fscking Ace stops when the round is
  settled and scores the money it moved; Shithead and Cunt-Soul stop once the searching seat's
  place is fixed, and Cunt-Soul (whose playouts run to 400 actions) also after ``CUT_DEPTH``
  actions, ranking the seats by cards left.
* ``reward(result, n)``: what each seat maximises in a finished game.
* ``search_useful``: False for a game of pure luck (Cersei), where the Hard level stays the
  heuristic and answers at once.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cardtable.engine.cards import RANK
from cardtable.engine.protocol import Action, Result, State

Rewards = tuple[float, ...]


@dataclass(frozen=True)
class Hooks:
    prepare: Callable[[State], None] | None = None
    key: Callable[[State, Action], Hashable] | None = None
    cut: Callable[[State, State, int], Rewards | None] | None = None
    reward: Callable[[Result, int], Rewards] | None = None
    search_useful: bool = True


def result_rewards(state: State, hooks: Hooks) -> Rewards:
    """Each seat's reward for a finished (or capped) playout."""
    result = state.result()
    n = len(state.names)
    if result is None:
        return (0.5,) * n
    if hooks.reward is not None:
        return hooks.reward(result, n)
    return result.rewards


# -- Shithead --------------------------------------------------------------------------------------
def _shithead_key(state: State, action: Action) -> Hashable:
    """Suits never matter in Shithead (R9-R15 read ranks only) except in the opening card (R4),
    which every opening play contains anyway; a play from hand and up cards keeps how many came
    from the table (R21)."""
    if action.kind in ("play", "backfire", "show"):
        up = state.up[state.to_move] if action.kind == "play" else ()  # type: ignore[attr-defined]
        from_up = sum(1 for c in action.cards if c in up)
        return action.kind, tuple(RANK[c] for c in action.cards), from_up, action.target
    if action.kind == "arrange":
        return action.kind, tuple(sorted(RANK[c] for c in action.cards))
    if action.kind == "take_up":
        return action.kind, RANK[action.cards[0]]
    return action


def _shithead_cut(state: State, root: State, steps: int) -> Rewards | None:
    """Once the searching seat is safe (R23: out, and the re-entry window has passed) its place
    is fixed: score it from the exit order (the reward ``result`` would give) and leave the others
    at a neutral 0.5 rather than play out a game it has no part in."""
    seat = root.viewer
    if seat is None or state.status[seat] != 2:  # type: ignore[attr-defined]  # SAFE
        return None
    n = len(state.names)
    place = state.exits.index(seat) + 1  # type: ignore[attr-defined]
    return tuple(1.0 - 0.1 * (place - 1) / max(1, n - 2) if s == seat else 0.5 for s in range(n))


SHITHEAD = Hooks(key=_shithead_key, cut=_shithead_cut)


# -- Takku-Sum -------------------------------------------------------------------------------------
def _takku_prepare(state: State) -> None:
    state.narrate = False  # type: ignore[attr-defined]


def _takku_key(state: State, action: Action) -> Hashable:
    """R1: suits don't matter, only values, the group size and a declaration."""
    if action.kind == "play":
        from cardtable.games.takku_sum import VALUE

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


def _takku_cut(state: State, root: State, steps: int) -> Rewards | None:
    """The round the decision belongs to is over: score the match from the points (rounds after
    it are close to a fair race; the round winner's lead is the only edge the search can earn)."""
    if state.round_no != root.round_no and state.to_move is not None:  # type: ignore[attr-defined]
        return _takku_values(state.points, state.rules.points_to_win)  # type: ignore[attr-defined]
    return None


def _takku_reward(result: Result, n: int) -> Rewards:
    """Winning the match is the goal (R16); a shared first place splits it."""
    firsts = sum(1 for p in result.places if p == 1)
    return tuple(1.0 / firsts if p == 1 else 0.0 for p in result.places)


TAKKU_SUM = Hooks(prepare=_takku_prepare, key=_takku_key, cut=_takku_cut, reward=_takku_reward)


# -- Fscking Ace -----------------------------------------------------------------------------------
MONEY_SCALE = 20000.0
"""Cents per unit of reward around 0.5: a round rarely moves more than $100 for a seat."""


def _fscking_cut(state: State, root: State, steps: int) -> Rewards | None:
    """R13-R15: once the round is settled, each seat's reward is the money it gained since the
    decision (what the expected-value rule maximises too)."""
    if state.round_no != root.round_no or state.to_move is None:  # type: ignore[attr-defined]
        before = root.balances  # type: ignore[attr-defined]
        return tuple(0.5 + (b - a) / MONEY_SCALE for a, b in zip(before, state.balances, strict=True))  # type: ignore[attr-defined]
    return None


FSCKING_ACE = Hooks(cut=_fscking_cut)

# -- Cunt-Soul -------------------------------------------------------------------------------------
CUT_DEPTH = 60
"""Cunt-Soul playout actions after which the seats are ranked by cards left (a whole game runs to
about 400 actions, six times a Shithead game, so full playouts would leave Hard a dozen)."""


def _cunt_soul_cut(state: State, root: State, steps: int) -> Rewards | None:
    """The searching seat is out (its place is fixed), or the playout is deep enough: its place is
    estimated by cards left against the seats still playing (ties halved)."""
    seat = root.viewer
    if seat is None:
        return None
    n = len(state.names)
    finished = state.finished  # type: ignore[attr-defined]
    if seat in finished:
        place = finished.index(seat) + 1.0
    elif steps >= CUT_DEPTH:
        mine = state.cards_left(seat)  # type: ignore[attr-defined]
        place = len(finished) + 1.0
        for p in range(n):
            if p != seat and p not in finished:
                left = state.cards_left(p)  # type: ignore[attr-defined]
                place += 1.0 if left < mine else 0.5 if left == mine else 0.0
    else:
        return None
    return tuple((n - place) / (n - 1) if s == seat else 0.5 for s in range(n))


CUNT_SOUL = Hooks(cut=_cunt_soul_cut)

# -- Cersei ----------------------------------------------------------------------------------------
CERSEI = Hooks(search_useful=False)  # rulings 3.7: luck only; random Assassin picks (issue 8)

HOOKS: dict[str, Hooks] = {"shithead": SHITHEAD, "takku-sum": TAKKU_SUM, "fscking-ace": FSCKING_ACE,
                           "cersei": CERSEI, "cunt-soul": CUNT_SOUL}
NO_HOOKS = Hooks()


def hooks_for(state: State) -> Hooks:
    return HOOKS.get(state.game.name, NO_HOOKS)
