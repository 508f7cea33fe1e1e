"""What the search bots may know about a game beyond the engine protocol (issue 27 item 5: in the
engine, typed on the game's own state, so a game's ``search.py`` depends on the engine only). Each
game gives its own ``HOOKS = Hooks[ItsState](...)`` in its folder's ``search.py``; all optional,
all read only through public attributes of a determinized state, so none of it can peek.

* ``prepare(state)``: on a freshly determinized state, before any playout (e.g. stop writing the
  log text the table never sees).
* ``key(state, action)``: actions with the same key lead to the same position up to which card
  ids of equal worth moved (in a game where suits never matter), so the search tries one of
  them. ``None``: every action is its own class.
* ``cut(state, root, steps)``: ends a playout early with per-seat rewards, or ``None`` to play
  on (``steps``: playout actions so far): at the end of the round the decision belongs to, once
  the searching seat's place is fixed, or after a depth where the game has a sound estimate.
* ``reward(result, n)``: what each seat maximises in a finished game.
* ``switch_z``: how many standard errors another move must beat the heuristic's own move by, on
  the shared deals, before the flat search plays it instead (``search.SWITCH_Z`` unless a game
  says otherwise; 0 plays the best mean).
* ``solve(view, nodes, rng, deadline)``: where a game can search a kind of position exactly (a
  heads-up endgame), its move for the seat whose view this is, searching at most ``nodes``
  positions and stopping at ``deadline`` (a ``time.perf_counter`` value, or None: nodes only);
  ``None`` where it cannot (then the bot searches by playouts). Hard and Expert call it first.
* ``alternate``: the name of a bot of the game's that plays out every other deal of Hard's search
  (the rollout policy plays the rest; the bot kind "hard-heuristic" is Hard without it): two
  policies' blind spots average out where one policy's own habits decide too many playouts.
  ``None``: Hard plays out with the rollout policy alone.
* ``search_useful``: False for a game of pure luck, where the Hard level stays the heuristic and
  answers at once.
* ``known_move(view)``: a move the search plays without searching, where the game knows one
  (``None``: search): a choice among many near-equal moves whose worth shows only far later (a
  setup), where the luckiest of a score of noisy means would pick by noise, and a move measured
  better than the heuristic's is known.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from cardtable.engine.protocol import Action, Result, State
from cardtable.engine.rng import Rng

Rewards = tuple[float, ...]

S = TypeVar("S", bound=State)


@dataclass(frozen=True)
class Hooks(Generic[S]):
    prepare: Callable[[S], None] | None = None
    key: Callable[[S, Action], Hashable] | None = None
    cut: Callable[[S, S, int], Rewards | None] | None = None
    reward: Callable[[Result, int], Rewards] | None = None
    switch_z: float | None = None
    solve: Callable[[S, int, Rng, float | None], Action | None] | None = None
    search_useful: bool = True
    alternate: str | None = None
    known_move: Callable[[S], Action | None] | None = None


def result_rewards(state: State, hooks: Hooks[Any]) -> Rewards:
    """Each seat's reward for a finished (or capped) playout."""
    result = state.result()
    n = len(state.names)
    if result is None:
        return (0.5,) * n
    if hooks.reward is not None:
        return hooks.reward(result, n)
    return result.rewards


NO_HOOKS: Hooks[Any] = Hooks()
