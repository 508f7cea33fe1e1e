"""Hints: what the Hard bot would play from the person's own view, with a one-line reason from the
game's folder (``tips.hint_reason``) where it can give one.

The question goes to the same bot worker as the bots' moves (so the table keeps drawing while the
search runs) with only the seat's view: a hint cannot use a card the seat may not know.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.engine.protocol import Action, Game, State
from cardtable.games import parts_of
from cardtable.runner.drivers import BotService

HINT_LEVEL = "hard"


@dataclass(frozen=True)
class Hint:
    seat: int
    asked_at: int
    """The number of actions played when it was asked: a hint is good for that position only."""
    action: Action
    says: str
    """The move in words."""
    reason: str


class Hinter:
    def __init__(self, service: BotService, game: Game, seed: int) -> None:
        self.service, self.game, self.seed = service, game, seed
        self.request: int | None = None
        self._asked: tuple[int, int, State] | None = None

    @property
    def thinking(self) -> bool:
        return self.request is not None

    def ask(self, view: State, seat: int, played: int) -> None:
        """Ask for a hint for ``seat`` (``view`` is its own) in the position after ``played`` actions."""
        self.forget()
        self._asked = (seat, played, view)
        self.request = self.service.request(self.game.name, HINT_LEVEL, seat, self.seed, view)

    def poll(self) -> Hint | None:
        """The hint once the bot has answered (then forgotten), else None."""
        if self.request is None or self._asked is None:
            return None
        got = self.service.answer(self.request)
        if got is None:
            return None
        seat, played, view = self._asked
        self.request, self._asked = None, None
        action = got[0]
        legal = view.legal_actions()
        if action is None or action not in legal:
            action = legal[0]
        return Hint(seat, played, action, view.describe(action), hint_reason(self.game, view, action))

    def forget(self) -> None:
        if self.request is not None:
            self.service.forget(self.request)
        self.request, self._asked = None, None


def hint_reason(game: Game, view: State, action: Action) -> str:
    """The game's one-line reason for ``action`` in ``view``, or ""."""
    reason = parts_of(game).tips.hint_reason
    return reason(view, action) if reason is not None else ""
