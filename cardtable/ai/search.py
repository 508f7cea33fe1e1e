"""Single-observer information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012).

Each iteration deals the cards the bot cannot see at random, consistently with its view
(``State.determinize``), walks the tree choosing among the actions legal in that deal (UCB with
availability counts), adds one node, plays the rest out with the game's heuristic bot, and credits
every seat with its own reward. The bot is an anytime object: ``start(view)``, ``step(ms)`` or
``step_iterations(n)``, then ``best()``; the same code runs in the worker process, in tests and
in tournaments. It never holds more than the view it was given.
"""

from __future__ import annotations

import math
import time

from cardtable.ai.base import Bot, legal_for
from cardtable.engine.protocol import Action, State

ROLLOUT_CAP = 3000
"""Rollout actions after which a playout is scored as a draw (a game's own caps end far sooner)."""
EXPLORATION = 0.7


class Node:
    __slots__ = ("avail", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who chose the action leading here: its rewards are summed in total
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


class SearchBot(Bot):
    """ISMCTS with a heuristic rollout policy; budgets in milliseconds or iterations."""

    name = "search"

    def __init__(self, seed: int = 0, ms: float = 500.0, iterations: int | None = None,
                 rollout: Bot | None = None) -> None:
        super().__init__(seed)
        self.ms = ms
        self.iterations = iterations
        self.rollout = rollout
        self.view: State | None = None
        self.root: Node | None = None
        self.done = 0

    # -- the anytime interface -----------------------------------------------------------------
    def start(self, view: State) -> None:
        legal_for(view)
        self.view = view
        self.root = Node(-1)
        self.done = 0

    def step(self, ms: float) -> int:
        """Search for about ``ms`` milliseconds; returns the iterations done."""
        deadline = time.perf_counter() + ms / 1000.0
        n = 0
        while True:
            self._iterate()
            n += 1
            if time.perf_counter() >= deadline:
                return n

    def step_iterations(self, count: int) -> None:
        for _ in range(count):
            self._iterate()

    def best(self) -> Action:
        assert self.root is not None and self.view is not None, "start(view) first"
        legal = self.view.legal_actions()
        scored = [(self.root.children[a].visits if a in self.root.children else -1, -i, a)
                  for i, a in enumerate(legal)]
        return max(scored)[2]

    # -- the Bot interface ---------------------------------------------------------------------
    def decide(self, view: State, legal: list[Action]) -> Action:
        self.start(view)
        if self.iterations is not None:
            self.step_iterations(self.iterations)
        else:
            self.step(self.ms)
        return self.best()

    # -- one iteration -------------------------------------------------------------------------
    def _iterate(self) -> None:
        assert self.view is not None and self.root is not None
        state = self.view.determinize(self.rng)
        node = self.root
        path = [node]
        while state.to_move is not None:
            legal = state.legal_actions()
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = untried[self.rng.below(len(untried))]
                child = node.children[action] = Node(state.to_move)
                state._apply(action)
                path.append(child)
                break
            action, node = self._select(node, legal)
            path.append(node)
            state._apply(action)
        rewards = self._playout(state)
        for n in path:
            n.visits += 1
            if n.seat >= 0:
                n.total += rewards[n.seat]
        self.done += 1

    @staticmethod
    def _select(node: Node, legal: list[Action]) -> tuple[Action, Node]:
        """UCB over the children legal in this deal; each of them was available once more."""
        best_score = -1.0
        best = legal[0]
        for a in legal:
            child = node.children[a]
            child.avail += 1
            score = child.total / child.visits + EXPLORATION * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best_score, best = score, a
        return best, node.children[best]

    def _playout(self, state: State) -> tuple[float, ...]:
        policy = self.rollout
        steps = 0
        while state.to_move is not None and steps < ROLLOUT_CAP:
            legal = state.legal_actions()
            if len(legal) == 1 or policy is None:
                action = legal[self.rng.below(len(legal))]
            else:
                # The policy reads "my seat" from the viewer, as it does in play; this deal is a
                # sample, not the real table, so letting it see the sampled cards leaks nothing.
                state.viewer = state.to_move
                action = policy.decide(state, legal)
                state.viewer = None
            state._apply(action)
            steps += 1
        result = state.result()
        if result is None:
            return (0.5,) * len(state.names)
        return result.rewards

