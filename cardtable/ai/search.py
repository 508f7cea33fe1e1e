"""Search bots that never peek: every iteration deals the cards the bot cannot see at random,
consistently with its view (``State.determinize``), and plays on with the game's heuristic bot.

Two searches share the anytime interface ``start(view)``, ``step(ms)`` or ``step_iterations(n)``,
then ``best()``, so the same code runs in the worker process, in tests and in tournaments:

* ``flat`` (the default, and the Hard and Expert levels): determinized Monte Carlo over the root
  actions with common random numbers. One deal is shared by every candidate action, and each
  playout from it starts from the same random stream, so two moves are compared on the same
  cards and the same luck: the noise of the deal cancels out of their difference. Candidates
  the leader beats clearly on the shared deals leave the race, so the budget goes to the moves
  that are close (a crowd of candidates is also halved after 8, 16, 32... deals); moves that
  tie do not end the search, only a single move left does. Every legal class of move stays a
  candidate (voluntary pickups, plays that keep a 2 or a 10): no move is pruned by rank alone.
* ``ismcts``: single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012).

An iteration is one playout. Both searches try one action per class of equivalent actions (a
game's ``search_hooks.key``: where suits never matter, one suit of a rank), stop playouts early where a game
has a sound evaluation (``search_hooks.cut``) and credit every seat with its own reward.
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable, Sequence

from cardtable.ai.base import Bot, legal_for
from cardtable.ai.search_hooks import Hooks, Rewards, hooks_for, result_rewards
from cardtable.engine.protocol import Action, State
from cardtable.engine.rng import Rng

ROLLOUT_CAP = 3000
"""Rollout actions after which a playout is scored as it stands (a game's own caps end far sooner)."""
EXPLORATION = 0.7
SWITCH_Z = 1.0
"""The flat search plays the rollout policy's own move unless another move beats it on the same
deals by this many standard errors: a few noisy playouts must not talk it out of a sound move
(ISMCTS at 100 playouts, which has no such anchor, won 42% of 2-player games against Normal in
the game measured first)."""
DROP_Z = 2.0
RACE_MIN_DEALS = 4
"""A candidate leaves the race once the leader beats it on the same deals by this many standard
errors (a level may ask for fewer: ``SearchBot.drop_z``), raised for a small sample as Student's t
is (``drop_threshold``: 2.0 becomes 2.63 after 4 deals, 2.38 after 6, 2.13 after 20), from this
many deals on: the deals then go to the moves that are still close. A move is never dropped for a
middling rank alone (halving once dropped a voluntary pickup that scored 0.70 against the chosen
play's 0.48 over 400 deals, issue 15). The rollout policy's own move leaves too once clearly beaten
(``best`` would not play it any more)."""
CROWD = 6
"""Above this many candidates the worse half is also dropped after 8, 16, 32... deals, so a
decision with many moves still gives each survivor enough deals to compare."""


def drop_threshold(deals: int, z: float = DROP_Z) -> float:
    """``z`` as a quantile of Student's t with ``deals - 1`` degrees of freedom (Cornish-Fisher,
    first order): a standard error estimated from a few deals is itself noisy, so a handful of deals
    must show a wider gap before a move leaves the race."""
    return z + (z ** 3 + z) / (4 * max(1, deals - 1))


class Node:
    __slots__ = ("avail", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who chose the action leading here: its rewards are summed in total
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


def action_classes(state: State, legal: Sequence[Action], hooks: Hooks) -> Sequence[Action]:
    """One representative (the first in legal order) per class of equivalent actions (``legal``
    itself where every action is its own class: to be read, never changed)."""
    if hooks.key is None:
        return legal
    seen: set[Hashable] = set()
    out = []
    for a in legal:
        k = hooks.key(state, a)
        if k not in seen:
            seen.add(k)
            out.append(a)
    return out


class SearchBot(Bot):
    """Determinized search with a heuristic rollout policy; budgets in milliseconds, iterations
    or both (whichever ends first)."""

    name = "search"

    def __init__(self, seed: int = 0, ms: float | None = 500.0, iterations: int | None = None,
                 rollout: Bot | None = None, mode: str = "flat", solve_nodes: int = 0,
                 drop_z: float = DROP_Z, alternate: Bot | None = None,
                 switch_z: float | None = None) -> None:
        super().__init__(seed)
        if mode not in ("flat", "ismcts"):
            raise ValueError(f"unknown search mode {mode!r}: flat or ismcts")
        self.ms = ms
        self.iterations = iterations
        self.rollout = rollout
        self.alternate = alternate
        """A second playout policy, for every other deal of the flat search (the game's
        ``hooks.alternate``; None: ``rollout`` plays every deal). The move to keep unless beaten
        (``SWITCH_Z``) stays ``rollout``'s."""
        self.playing = rollout
        """The policy playing out the deal in hand."""
        self.switch_z = switch_z
        """``SWITCH_Z`` for this bot (None: the game's ``hooks.switch_z``, else ``SWITCH_Z``)."""
        self.mode = mode
        self.solve_nodes = solve_nodes
        """Positions the game's exact search (``hooks.solve``) may make before the playouts take
        over; 0: playouts only."""
        self.drop_z = drop_z
        """How clearly a move must be beaten to leave the race (``DROP_Z``)."""
        self.solved = False
        self.known_moves = True
        """Play the move the game knows where it knows one (``hooks.known_move``); False: search."""
        self.view: State | None = None
        self.hooks: Hooks = Hooks()
        self.done = 0
        # flat search
        self.candidates: Sequence[Action] = ()
        self.alive: list[int] = []
        self.totals: list[float] = []
        self.counts: list[int] = []
        self.deals = 0
        self.deadline: float | None = None
        self.rewards: list[list[float]] = []
        self.default = 0
        # ismcts
        self.root: Node | None = None

    # -- the anytime interface -----------------------------------------------------------------
    def start(self, view: State) -> None:
        self.view = view
        self.hooks = hooks_for(view)
        self.done = 0
        self.deals = 0
        self.root = Node(-1)
        self.playing = self.rollout
        self.solved = False
        knows = self.hooks.known_move if self.known_moves else None
        known = knows(view) if knows is not None else None
        if known is not None:  # before the legal list and the policy's choice: neither is needed
            self._only(known)
            return
        legal = legal_for(view)
        self.candidates = action_classes(view, legal, self.hooks)
        self.alive = list(range(len(self.candidates)))
        self.totals = [0.0] * len(self.candidates)
        self.counts = [0] * len(self.candidates)
        self.rewards = [[] for _ in self.candidates]
        self.default = self._policy_choice(view, legal)
        if self.solve_nodes and self.hooks.solve is not None and len(self.candidates) > 1:
            # its own random stream (a copy): where it does not answer, the playouts are the
            # same as without it. On the clock it may take half the thinking time.
            deadline = None if self.ms is None else time.perf_counter() + self.ms / 2000.0
            solved = self.hooks.solve(view, self.solve_nodes, Rng(self.rng.state), deadline)
            if solved is not None:
                # the game searched this position to the end (or deep enough): nothing left to race
                self.solved = True
                self._only(solved)

    def _only(self, action: Action) -> None:
        """Nothing to race: ``action`` is the move."""
        self.candidates = [action]
        self.alive = [0]
        self.totals, self.counts, self.rewards = [0.0], [0], [[]]
        self.default = 0

    @property
    def decided(self) -> bool:
        """Nothing left to search: a single candidate remains. Moves that tie on every deal so far
        do not end the search (issue 15: moves that differ one deal in ten look the same over a
        dozen; a tie that stopped it once hid a pickup worth 0.70 against 0.48)."""
        return len(self.alive) <= 1

    def step(self, ms: float) -> int:
        """Search for about ``ms`` milliseconds (finishing the deal in hand, so a caller may slice
        its thinking finely); returns the iterations done. A hard stop is ``self.deadline``
        (a ``time.perf_counter`` value): a deal unfinished by then is dropped."""
        deadline = time.perf_counter() + ms / 1000.0
        before = self.done
        while not self.decided:
            self._iterate()
            if time.perf_counter() >= deadline:
                break
        return self.done - before

    def step_iterations(self, count: int) -> None:
        target = self.done + count
        while self.done < target and not self.decided:
            self._iterate()

    def best(self) -> Action:
        assert self.view is not None, "start(view) first"
        if self.mode == "ismcts":
            return self._best_ismcts()
        counts, totals = self.counts, self.totals
        lead = max(self.alive, key=lambda i: (totals[i] / counts[i] if counts[i] else -1.0, -i))
        switch = self.switch_z if self.switch_z is not None else (
            SWITCH_Z if self.hooks.switch_z is None else self.hooks.switch_z)
        if lead != self.default and self.default in self.alive and self._z(lead, self.default) < switch:
            lead = self.default
        return self.candidates[lead]

    def _policy_choice(self, view: State, legal: Sequence[Action]) -> int:
        """The candidate the rollout policy would play here (its class), or the first."""
        if self.rollout is None or len(self.candidates) < 2:
            return 0
        policy = self.rollout
        saved = policy.rng.state
        action = policy.decide(view, legal)
        policy.rng.state = saved
        key = self.hooks.key
        want = action if key is None else key(view, action)
        for i, a in enumerate(self.candidates):
            if (a if key is None else key(view, a)) == want:
                return i
        return 0

    def _z(self, a: int, b: int) -> float:
        """How many standard errors candidate ``a`` beats ``b`` by, on the deals both were tried on
        (inf when it beat it on every one of them by the same margin)."""
        ra, rb = self.rewards[a], self.rewards[b]
        k = min(len(ra), len(rb))
        if k < 2:
            return 0.0
        diffs = [x - y for x, y in zip(ra[-k:], rb[-k:], strict=True)]
        mean = sum(diffs) / k
        var = sum((d - mean) ** 2 for d in diffs) / (k - 1)
        if var == 0.0:
            return math.inf if mean > 0 else 0.0
        return mean / math.sqrt(var / k)

    def means(self) -> dict[Action, tuple[float, int]]:
        """Each candidate's mean reward and playouts so far (for tests and the bench)."""
        return {a: (self.totals[i] / self.counts[i] if self.counts[i] else 0.0, self.counts[i])
                for i, a in enumerate(self.candidates)}

    # -- the Bot interface ---------------------------------------------------------------------
    def decide(self, view: State, legal: Sequence[Action]) -> Action:
        self.start(view)
        if self.iterations is None:
            self.step(self.ms if self.ms is not None else 500.0)
        elif self.ms is None:
            self.step_iterations(self.iterations)
        else:
            self.deadline = deadline = time.perf_counter() + self.ms / 1000.0
            try:
                while self.done < self.iterations and not self.decided and time.perf_counter() < deadline:
                    self._iterate()
            finally:
                self.deadline = None
        return self.best()

    def _iterate(self) -> None:
        if self.mode == "ismcts":
            self._iterate_ismcts()
        else:
            self._iterate_flat()

    # -- flat determinized Monte Carlo ---------------------------------------------------------
    def _iterate_flat(self) -> None:
        """One deal: a playout after every candidate still in the running, all on the same cards
        and the same random stream."""
        view = self.view
        assert view is not None
        seat = view.viewer
        assert seat is not None
        deal = view.determinize(self.rng)
        if self.hooks.prepare is not None:
            self.hooks.prepare(deal)
        luck = self.rng.next64()
        deadline = self.deadline
        self.playing = self.alternate if self.alternate is not None and self.deals & 1 else self.rollout
        scores: list[float] = []
        for i in self.alive:
            if deadline is not None and scores and time.perf_counter() >= deadline:
                return  # out of time mid-deal: drop it, so every move keeps the same deals
            state = deal.clone()
            state._apply(self.candidates[i])
            scores.append(self._playout(state, luck)[seat])
        for i, r in zip(self.alive, scores, strict=True):
            self.totals[i] += r
            self.counts[i] += 1
            self.rewards[i].append(r)
        self.done += len(scores)
        self.deals += 1
        deals = self.deals
        if len(self.alive) > CROWD and deals >= 8 and deals & (deals - 1) == 0:
            self._halve()
        if deals >= RACE_MIN_DEALS:
            self._race()

    def _leader(self) -> int:
        counts, totals = self.counts, self.totals
        return min(self.alive, key=lambda i: (-totals[i] / counts[i], i))

    def _race(self) -> None:
        """Drop the candidates the leader clearly beats on the shared deals (the rollout policy's
        own move too: beaten by more than ``SWITCH_Z`` standard errors, ``best`` would not play it)."""
        lead = self._leader()
        threshold = drop_threshold(self.deals, self.drop_z)
        self.alive = [i for i in self.alive if i == lead or self._z(lead, i) <= threshold]

    def _halve(self) -> None:
        """Keep the better half of a crowd of candidates (ties to the earlier action), and the
        rollout policy's own move while it is still in the race."""
        counts, totals = self.counts, self.totals
        ranked = sorted(self.alive, key=lambda i: (-totals[i] / counts[i], i))
        keep = set(ranked[:max(CROWD, (len(ranked) + 1) // 2)])
        if self.default in self.alive:
            keep.add(self.default)
        self.alive = sorted(keep)

    # -- ISMCTS --------------------------------------------------------------------------------
    def _iterate_ismcts(self) -> None:
        assert self.view is not None and self.root is not None
        state = self.view.determinize(self.rng)
        hooks = self.hooks
        if hooks.prepare is not None:
            hooks.prepare(state)
        node = self.root
        path = [node]
        first = True
        while state.to_move is not None:
            legal = self.candidates if first else action_classes(state, state.legal_actions(), hooks)
            first = False
            keys = [a if hooks.key is None else hooks.key(state, a) for a in legal]
            untried = [i for i, k in enumerate(keys) if k not in node.children]
            if untried:
                i = untried[self.rng.below(len(untried))]
                child = node.children[keys[i]] = Node(state.to_move)
                state._apply(legal[i])
                path.append(child)
                break
            i = self._select(node, keys)
            node = node.children[keys[i]]
            path.append(node)
            state._apply(legal[i])
        rewards = self._playout(state, self.rng.next64())
        for n in path:
            n.visits += 1
            if n.seat >= 0:
                n.total += rewards[n.seat]
        self.done += 1

    @staticmethod
    def _select(node: Node, keys: list[Hashable]) -> int:
        """UCB over the children legal in this deal; each of them was available once more."""
        best_score = -math.inf
        best = 0
        for i, k in enumerate(keys):
            child = node.children[k]
            child.avail += 1
            score = child.total / child.visits + EXPLORATION * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best_score, best = score, i
        return best

    def _best_ismcts(self) -> Action:
        assert self.root is not None and self.view is not None
        hooks = self.hooks
        best: tuple[int, int] | None = None
        choice = self.candidates[0]
        for i, a in enumerate(self.candidates):
            child = self.root.children.get(a if hooks.key is None else hooks.key(self.view, a))
            score = (child.visits if child else -1, -i)
            if best is None or score > best:
                best, choice = score, a
        return choice

    # -- playouts ------------------------------------------------------------------------------
    def _playout(self, state: State, luck: int) -> Rewards:
        assert self.view is not None
        return playout(state, self.view, self.hooks, self.playing, luck)


def playout(state: State, root: State, hooks: Hooks, policy: Bot | None, luck: int) -> Rewards:
    """Play ``state`` on with ``policy`` (random moves without one) from the random stream ``luck``,
    until the game ends or the game's ``cut`` scores the position (``root``: the searched view)."""
    rng = Rng(luck)
    if policy is not None:
        policy.rng.state = rng.next64()
    cut = hooks.cut
    # a policy may answer a playout's opening decisions (a deal's setup) without the legal list
    quick = (policy.quick_choice if policy is not None
             and type(policy).quick_choice is not Bot.quick_choice else None)
    steps = 0
    while state.to_move is not None and steps < ROLLOUT_CAP:
        if cut is not None:
            scored = cut(state, root, steps)
            if scored is not None:
                return scored
        if quick is not None:
            action = quick(state)
            if action is not None:
                state._apply(action)
                steps += 1
                continue
            quick = None  # (asked until it first declines)
        # ``shared_legal`` written out (a full state, the mover's turn: no viewer to check), read
        # only: the policy's ``decide`` never changes it
        memo = state._memo
        if memo:
            legal = memo[0]
        else:
            legal = state._legal()
            memo.append(legal)
        if len(legal) == 1:
            action = legal[0]
        elif policy is None:
            action = legal[rng.below(len(legal))]
        else:
            # The policy reads "my seat" from the viewer, as it does in play; this deal is a
            # sample, not the real table, so letting it see the sampled cards leaks nothing.
            state.viewer = state.to_move
            action = policy.decide(state, legal)
            state.viewer = None
        state._apply(action)
        steps += 1
    if cut is not None:
        scored = cut(state, root, steps)
        if scored is not None and state.to_move is not None:
            return scored
    return result_rewards(state, hooks)
