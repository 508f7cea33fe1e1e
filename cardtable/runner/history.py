"""A match's history for undo and redo: the actions from the deal, who took each, and clones of
the position every ``SNAPSHOT_EVERY`` actions.

Undo goes back to the position before one of the actions (the person's previous decision) by
cloning the nearest snapshot at or before it and replaying the few actions since, so nothing is
approximate and a long match undoes as fast as a short one: replaying 2,000 actions from the deal
would cost far more than the 50 ms a step back may take (``scripts/bench_ui.py``).
What was undone is kept, a whole decision at a time, for redo until a new move is made.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from cardtable.engine.protocol import Action, State
from cardtable.store.replay_pass import SNAPSHOT_EVERY

__all__ = ["SNAPSHOT_EVERY", "History"]


class History:
    def __init__(self, deal: Callable[[], State]) -> None:
        """``deal`` makes the position before the first action (a new state each call)."""
        self.deal = deal
        self.actions: list[Action] = []
        self.movers: list[int | None] = []
        """The seat that took each action (None where a resumed save does not say)."""
        self.redo: list[list[tuple[Action, int | None]]] = []
        """Undone decisions, the most recently undone last; each with the moves that followed it."""
        self._snapshots: dict[int, State] = {0: deal()}

    @classmethod
    def resumed(cls, deal: Callable[[], State], moves: Sequence[tuple[Action, int | None]],
                snapshots: Mapping[int, State]) -> History:
        """The history of a continued match from the pass that loaded it: its moves (action,
        seat) and its positions every ``SNAPSHOT_EVERY`` actions, 0 included; nothing replayed."""
        history = cls.__new__(cls)
        history.deal = deal
        history.actions = [action for action, _ in moves]
        history.movers = [seat for _, seat in moves]
        history.redo = []
        history._snapshots = {n: s for n, s in snapshots.items() if n % SNAPSHOT_EVERY == 0}
        return history

    def record(self, action: Action, seat: int | None, after: State) -> None:
        self.actions.append(action)
        self.movers.append(seat)
        if len(self.actions) % SNAPSHOT_EVERY == 0:
            self._snapshots[len(self.actions)] = after.clone()

    def last_decision(self, seats: set[int]) -> int | None:
        """The index of the latest action taken by one of ``seats``, if any."""
        for i in range(len(self.movers) - 1, -1, -1):
            if self.movers[i] in seats:
                return i
        return None

    def position(self, n: int) -> State:
        """The position after the first ``n`` actions: a snapshot's clone and the actions since."""
        start = max(k for k in self._snapshots if k <= n)
        state = self._snapshots[start].clone()
        for action in self.actions[start:n]:
            state.apply(action)
        return state

    def cut(self, n: int) -> State:
        """Undo back to the position after ``n`` actions; the actions undone go on the redo stack."""
        state = self.position(n)
        self.redo.append(list(zip(self.actions[n:], self.movers[n:], strict=True)))
        del self.actions[n:], self.movers[n:]
        for k in [k for k in self._snapshots if k > n]:
            del self._snapshots[k]
        return state

    def take_redo(self) -> list[tuple[Action, int | None]]:
        """The decision to carry out again (and the moves that followed it), or nothing."""
        return self.redo.pop() if self.redo else []
