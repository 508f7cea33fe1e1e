"""A seat held on a phone: the seat driver that the match loop asks through the same door as a
person at the screen or a bot. The phone is shown its seat's view after every action and asked on
its turn; it answers with the number of one offered action, and anything else it sends is
refused with the reason and changes nothing."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.protocol import Action, Event, State
from cardtable.engine.table import LayoutSpec, Seen, Teller
from cardtable.net.server import NO_SUCH_MOVE, NOT_YOUR_TURN, STALE, PhoneServer
from cardtable.net.snapshot import LOG_LINES, snapshot

__all__ = ["NOT_YOUR_TURN", "NO_SUCH_MOVE", "STALE", "PhoneSeat"]


class PhoneSeat:
    watches = True
    is_bot = False

    def __init__(self, server: PhoneServer, seat: int, layout: LayoutSpec, teller: Teller | None = None,
                 game: int = 0) -> None:
        """``teller``: the game's side panel (the same description the table draws), told from this
        seat's view and the events as this seat may know them; ``game``: how many games this
        server has shown before (a Play again on the same phones)."""
        self.server, self.seat, self.layout = server, seat, layout
        self.teller = teller if teller is not None else Teller()
        self.game = game
        self.notes: list[str] = []
        self.version = server.last_version(seat)  # a Play again goes on counting: no stale match
        self.legal: list[Action] = []
        self.made = ""
        """The words of the move this phone made last, shown until its next turn: a setup choice kept
        secret until everyone has chosen moves no card, and the phone seemed to have ignored it."""
        self.log: list[str] = []
        self._view: State | None = None
        self._offered: list[str] = []

    @property
    def connected(self) -> bool:
        return self.seat in self.server.connected()

    # -- the seat driver's door ---------------------------------------------------------------------
    def offer(self, view: State, legal: Sequence[Action]) -> None:
        self.made = ""
        self._show(view, legal)

    def see(self, view: State, events: list[Event]) -> None:
        self.log = (self.log + [e.text for e in events if e.text])[-LOG_LINES:]
        if events:
            sizes = {z: len(cards) for z, cards in view.zones().items()}
            for ev in events:
                self.teller.hear(ev, sizes)
        self._show(view, [])

    def poll(self) -> Action | None:
        chosen: Action | None = None
        for msg in self.server.take(self.seat):
            why = self._why_not(msg)
            if why:
                self.server.tell(self.seat, {"t": "refused", "why": why})
            elif chosen is None:
                chosen = self.legal[msg["i"]]
                self.made = self._offered[msg["i"]]
        if chosen is not None:
            self.legal = []
        return chosen

    def refused(self, action: Action, reason: str) -> None:
        self.made = ""
        self.server.tell(self.seat, {"t": "refused", "why": reason})
        if self._view is not None:
            self._show(self._view, self._view.legal_actions())

    def withdraw(self) -> None:
        self.legal, self.made = [], ""
        if self._view is not None:
            self._show(self._view, [])

    # -- what the phone is sent ---------------------------------------------------------------------
    def _show(self, view: State, legal: Sequence[Action]) -> None:
        if view.viewer != self.seat:
            raise ValueError("a phone may only be shown its own seat's view")
        self._view = view
        self.version += 1
        self.legal = list(legal) if view.to_move == self.seat else []
        prompt = view.prompt() if self.legal else ""
        info = self.teller.describe(Seen(view, list(view.names), self.seat, view.zones()))
        shown = snapshot(view, self.seat, self.layout, self.legal, self.version, self.log, prompt, info,
                         self.game, self.made)
        self._offered = [m["words"] for m in shown["actions"]]  # as its buttons said them
        self.server.publish(self.seat, shown)

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
