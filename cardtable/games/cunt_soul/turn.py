"""Cunt-Soul's turn: the pending decisions of a turn in their order, the next seat, the
stalemate and the safety cap, and the result."""

from __future__ import annotations

from operator import add

from cardtable.engine.cards import JACK
from cardtable.engine.protocol import (
    Event,
    Result,
    fact_event,
    rewards_from_places,
)
from cardtable.games.cunt_soul import kinds
from cardtable.games.cunt_soul.asks import (
    ASK_AGAIN,
    ASK_JACK,
    ASK_RUN,
    ASK_SEVEN,
    ASK_SWAPS,
    NO_ASKS,
    NOT_FOLLOW,
    NOT_SWAPS,
)
from cardtable.games.cunt_soul.field_abilities import (
    CHOOSE_NEXT,
    DECLARE_AT_END,
)
from cardtable.games.cunt_soul.links import new_progress
from cardtable.games.cunt_soul.moves import (
    CHOSEN,
    FIELD_JACK,
    FIELD_SEVEN,
    FIVE,
    JACK_CHOICE,
    MAX_SEATS,
    OVER,
    PLAY,
    RUN,
    SEVEN,
    SKIP,
    STOP_ACTION,
)
from cardtable.games.cunt_soul.state import CuntSoulFields

TURN_EVENTS = tuple(fact_event(kinds.TURN, "", s) for s in range(MAX_SEATS))
"""Each seat's turn event (no text, no data): an event is an immutable tuple, so every turn's start
shares its seat's instead of building one (a full game tells some 100 turns; a play builds two)."""


class TurnFlow(CuntSoulFields):
    """The turn's state machine: start, the pending decisions, the end."""

    __slots__ = ()

    def _start_turn(self, s: int, ev: list[Event]) -> None:
        self.turns += 1
        cfg = self.cfg
        if self.turns > cfg.cap:
            self._cap(ev)
            return
        self._note_progress()
        if cfg.stalemate and self.turns - self.progress[0] > cfg.stalemate * self.n_active:  # (``stall``)
            self._call_stalemate(ev)
            return
        self.turn = s
        self.to_move = s
        self.phase = PLAY
        self.fresh = True
        self.queue = ()
        self.asks = NO_ASKS
        self.eff8j = False
        self.fseven_done = False
        if not self.hands[s] and self.source:
            self._refill(s, ev)  # A8: a new turn starts with a full hand
        if self.narrate:
            ev.append(TURN_EVENTS[s])

    # -- the pending decisions ----------------------------------------------------------------
    # A link pushes what it leaves the turn to ask onto ``asks``, a bit per kind in the order the
    # turn asks them (see the module ``asks``): go on with a run, the 5's swaps, the 7's
    # declaration, the J's choice, the Q's follow-up; a burn's extra turn (R12) settles all of
    # them. ``_continue`` asks the head of the queue (the lowest bit); the answer clears it. An ask
    # with nothing to ask settles itself and the next is asked (a run with no card left to add
    # ends, swaps nobody can make lapse, a follow-up lapses for a player who is out). With the
    # queue empty the turn ends, and at its end the field's decisions are asked in their order,
    # Field 7's declaration, then Field J's choice (``_end_turn_now``), before play moves on. (The
    # asks are dispatched by an ``if`` per kind, not a table of methods: a call per ask cost 4-7%
    # of a simulated action; what the bits cost against the six fields they replaced is in the
    # module ``asks``.)
    def _ask_run(self, s: int, ev: list[Event]) -> int | None:
        acts = self._run_actions(s)
        if acts and acts != [STOP_ACTION]:
            return RUN
        self._finish_run(s, ev)  # nothing left to choose: the run ends by itself
        return None

    def _ask_swaps(self, s: int) -> int | None:
        if self.hands[s] and (self.down[s] if self.field_swaps_face_down() else self.up[s]):
            return FIVE
        self.asks &= NOT_SWAPS  # nobody can swap: the swaps lapse
        return None

    def _ask_follow_up(self, s: int, ev: list[Event]) -> int | None:
        if not self.out[s]:  # R29: the Q's follow-up, from wherever the player plays now
            self.fresh = False
            return PLAY
        self.asks &= NOT_FOLLOW  # A18: out of cards, the requirement lapses
        if self.narrate:
            ev.append(fact_event(kinds.FOLLOW, f"{self.names[s]} is out: the Q's follow-up lapses", seat=s))
        return None

    def _ask_field_seven(self, s: int, ev: list[Event]) -> int | None:
        t = self.top
        if self.fc[DECLARE_AT_END] and not self.fseven_done and self.discard and not t.seven and not t.lock3:
            return FIELD_SEVEN
        return None

    def _ask_field_jack(self, s: int, ev: list[Event]) -> int | None:
        if self.fc[CHOOSE_NEXT] and not self.eff8j and self.n_active > 2:  # A36
            return FIELD_JACK
        return None

    def _continue(self, ev: list[Event]) -> None:
        """Ask the turn's next pending decision (the head of ``asks``), or end the turn."""
        if self.phase == OVER:
            return
        s = self.turn
        asks = self.asks
        while asks:
            kind = asks & -asks  # the head: the lowest bit set
            if kind == ASK_AGAIN:  # R12/A8: the burner plays again; if out, the next player
                if self.cfg.refill_end:
                    self._draw_up(s, ev)
                self._start_turn(s if not self.out[s] else self.next_seat(s), ev)
                return
            self.to_move = s
            if kind == ASK_SEVEN:
                self.phase = SEVEN
                return
            if kind == ASK_JACK:
                self.phase = JACK_CHOICE
                return
            if kind == ASK_RUN:
                phase = self._ask_run(s, ev)
                if phase is None and self.phase == OVER:  # a run that ended by itself may end the game
                    return
            elif kind == ASK_SWAPS:
                phase = self._ask_swaps(s)
            else:
                phase = self._ask_follow_up(s, ev)
            if phase is not None:
                self.phase = phase
                return
            asks = self.asks
        self.to_move = s
        self._end_turn_now(s, ev, passed=False)

    def _end_turn_now(self, s: int, ev: list[Event], passed: bool) -> None:
        if self.cfg.refill_end and not passed:
            self._draw_up(s, ev)
        elif self.ace_due:
            self._draw_up(s, ev, refill=False)
        if not passed and (self.fc[DECLARE_AT_END] or self.fc[CHOOSE_NEXT]):
            phase = self._ask_field_seven(s, ev)
            if phase is None:
                phase = self._ask_field_jack(s, ev)
            if phase is not None:
                self.phase = phase
                self.to_move = s
                return
        nxt = (s + self.direction) % self.cfg.n  # A35: advance one, then the queued effects in order
        if self.out[nxt]:  # (``next_seat``'s usual case first)
            nxt = self.next_seat(s)
        if passed or not self.queue:  # (no skip and no J's choice: nothing more to work out)
            self._start_turn(nxt, ev)
            return
        natural = nxt
        skipped: list[int] = []
        for kind, x in self.queue:
            if kind == SKIP:
                for _ in range(x):
                    skipped.append(nxt)
                    nxt = self.next_seat(nxt)
                    natural = self.next_seat(natural)
            else:
                nxt = x
        if skipped and self.narrate:
            ev.append(fact_event(kinds.SKIP, "Skipped: " + ", ".join(self.names[p] for p in skipped), seat=s,
                                 data={"skipped": skipped}))
        if self.top.ability == JACK and any(k == CHOSEN for k, _ in self.queue):
            self.top = self.top._replace(natural=natural)
        self._start_turn(nxt, ev)

    def _note_progress(self) -> None:
        """The stalemate ruling's measure: progress is a card leaving play (the burn pile grows), a
        player going out, the source pile reaching a new low, or a player holding fewer cards than
        ever before (a step towards going out that a loop never makes: a pile passed round the
        table leaves everyone where they were). ``progress`` is a ``Progress`` record (read by
        position: a position set up by hand may hold a plain tuple)."""
        _turn, burned, low, gone, lows = self.progress
        if len(self.burn) <= burned and len(self.source) >= low and len(self.finished) <= gone:
            # the usual turn: progress only if a seat holds fewer cards than ever (the fewest held
            # change only then), so cards_left is compared with the lows and no new record is
            # worked out (the maps below cost 2.6 times this loop, valgrind): only the last turn's
            # player's while the others' are known to be kept (``lows_kept``), else every seat's
            hands, up, down = self.hands, self.up, self.down
            if self.lows_kept:
                i = self.turn
                if len(hands[i]) + len(up[i]) + len(down[i]) >= lows[i]:
                    return
            else:
                i = len(lows)
                while i:
                    i -= 1
                    if len(hands[i]) + len(up[i]) + len(down[i]) < lows[i]:
                        break
                else:
                    self.lows_kept = True
                    return
        # each seat's cards_left, in C
        left = map(add, map(add, map(len, self.hands), map(len, self.up)), map(len, self.down))
        held = tuple(map(min, lows, left))
        if len(self.burn) > burned or len(self.source) < low or len(self.finished) > gone or held != lows:
            self.progress = new_progress(self.turns, len(self.burn), min(low, len(self.source)),
                                         len(self.finished), held)
        self.lows_kept = True  # (every seat holds at least its fewest now)

    def stall(self) -> int:
        """Turns since the last progress (``_note_progress``): public, so bots may see a loop. A
        stalemate is called when this exceeds ``stalemate`` rounds, one turn per player still in."""
        return self.turns - self.progress[0]

    def _call_stalemate(self, ev: list[Event]) -> None:
        self.called = True
        rounds = "1 round" if self.cfg.stalemate == 1 else f"{self.cfg.stalemate} rounds"
        if self.narrate:
            ev.append(Event(kinds.STALEMATE,
                            text=f"Stalemate: {rounds} without a card leaving play, anyone going "
                                              "out or anyone getting down to fewer cards than before. The "
                                              "table calls the game; players still in are ranked by fewest "
                                              "cards left"))
        self._over(ev)

    def _cap(self, ev: list[Event]) -> None:
        """A52: the safety cap ends the game; players still in are ranked by fewest cards."""
        self.capped = True
        why = " while Field 10 recycles burned cards" if self.field_recycles_burns() else ""
        if self.narrate:
            ev.append(fact_event(kinds.CAPPED,
                                 f"Safety cap: {self.cfg.cap} turns played{why}; the game stops and "
                                           "players still in are ranked by fewest cards left"))
        self._over(ev)

    def _over(self, ev: list[Event]) -> None:
        self.phase = OVER
        self.to_move = None
        r = self.result()
        assert r is not None
        ev.append(fact_event(kinds.GAME_OVER, r.text, data={"places": r.places}))

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        n = self.cfg.n
        order = list(self.finished)
        # (sorted pairs, not a key lambda over self: the binary's compiler cannot build that closure)
        rest = [p for _, p in sorted([(self.cards_left(p), p) for p in range(n) if not self.out[p]])]
        places = [0] * n
        for i, p in enumerate(order):
            places[p] = i + 1
        place = len(order)
        prev = -1
        for i, p in enumerate(rest):
            left = self.cards_left(p)
            if left != prev or not (self.capped or self.called):
                place = len(order) + i + 1
                prev = left
            places[p] = place
        last = max(places)
        losers = tuple(p for p in range(n) if places[p] == last)
        who = " and ".join(self.names[p] for p in losers)
        text = f"{who} {'is' if len(losers) == 1 else 'are'} the sole-cunt"
        if self.capped:
            text = f"Safety cap reached after {self.cfg.cap} turns: ranked by fewest cards left. " + text
        elif self.called:
            text = "Stalemate called: ranked by fewest cards left. " + text
        return Result(tuple(places), losers, rewards_from_places(places), text, self.capped,
                      {"finish_order": order, "turns": self.turns, "stalemate": self.called})

