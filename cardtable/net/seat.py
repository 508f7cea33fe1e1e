"""A seat held on a phone: the table tells it the table after every action and asks it on its
turn; the phone answers with the number of one offered action, checked here like a click."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.protocol import Action, State
from cardtable.engine.table import LayoutSpec
from cardtable.net.server import PhoneServer
from cardtable.net.snapshot import snapshot

STALE = "That move was for an earlier turn: the table has moved on."
NOT_YOUR_TURN = "It is not your turn."
NO_SUCH_MOVE = "That is not one of your moves now."


class PhoneSeat:
    def __init__(self, server: PhoneServer, seat: int, layout: LayoutSpec) -> None:
        self.server, self.seat, self.layout = server, seat, layout
        self.version = 0
        self.legal: list[Action] = []

    @property
    def connected(self) -> bool:
        return self.seat in self.server.connected()

    def show(self, view: State, legal: Sequence[Action], log: Sequence[str] = (), prompt: str = "") -> None:
        """The table changed: send the phone its seat's ``view``; ``legal`` are its actions when it
        is to move (empty otherwise)."""
        if view.viewer != self.seat:
            raise ValueError("a phone may only be shown its own seat's view")
        self.version += 1
        self.legal = list(legal) if view.to_move == self.seat else []
        self.server.publish(self.seat, snapshot(view, self.seat, self.layout, self.legal, self.version,
                                                log, prompt))

    def poll(self) -> Action | None:
        """The action the phone chose for the current offer, if it has answered; anything else it
        sent is refused with the reason, and changes nothing."""
        chosen: Action | None = None
        for msg in self.server.take(self.seat):
            why = self._why_not(msg)
            if why:
                self.server.tell(self.seat, {"t": "refused", "why": why})
            elif chosen is None:
                chosen = self.legal[msg["i"]]
        if chosen is not None:
            self.legal = []
        return chosen

    def refuse(self, why: str) -> None:
        """The table refused the action (the rule that forbids it): tell the phone."""
        self.server.tell(self.seat, {"t": "refused", "why": why})

    def _why_not(self, msg: dict) -> str:
        if msg.get("t") != "act":
            return ""
        if not self.legal:
            return NOT_YOUR_TURN
        if msg["v"] != self.version:
            return STALE
        if not 0 <= msg["i"] < len(self.legal):
            return NO_SUCH_MOVE
        return ""
