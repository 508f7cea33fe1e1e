"""A viewer's events become flights, flips, flashes, log lines and sounds on a timeline.

The events come redacted for the viewer (``Applied.events_for``): a card it may not know moves as
a card back. The choreographer follows each moving card through the action as a token: a known
card by its id, an unknown one by taking a card back from where the event says it left (the slot
the action names, else the top). Once every event is placed, each token is keyed by the key the
board draws it under afterwards, and its flights are handed to the board's motions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from cardtable.engine.cards import HIDDEN
from cardtable.engine.protocol import Action, Event
from cardtable.engine.words import in_second_person
from cardtable.ui import theme, timings
from cardtable.ui.table.board import Board, Zones
from cardtable.ui.tween import Flash, Flight


class Token:
    """One card followed through an action: ``card`` its id once known, else HIDDEN."""

    __slots__ = ("card", "key")

    def __init__(self, key: int, card: int) -> None:
        self.key, self.card = key, card


@dataclass
class Plan:
    """The flights of one action, by token, placed on the timeline before the tokens get keys."""

    flights: list[tuple[Token, Flight]] = field(default_factory=list)
    ends: dict[Token, tuple[tuple[float, float], float]] = field(default_factory=dict)
    """Where and when each token's last planned flight lands."""


class Choreography:
    def __init__(self, board: Board, say: Callable[[str], None]) -> None:
        self.board = board
        self.say = say
        self.flashes: list[Flash] = []
        self.scheduled: list[tuple[float, Callable[[], None]]] = []
        self.shown_sizes: dict[str, int] | None = None
        """Zone sizes at the step the animation has reached (None: the zones at rest)."""
        self.banner: tuple[str, float] | None = None
        self.held = False
        """A settlement is on the table until the person at this screen dismisses it."""
        self.rushing = False
        """Everyone at this screen is out and asked to skip: the bots' play shows at once."""

    @property
    def app(self):
        return self.board.app

    def t(self, seconds: float) -> float:
        return timings.scaled(seconds, self.app.settings.animation_speed)

    @property
    def instant(self) -> bool:
        return self.rushing or self.app.settings.animation_speed == "instant"

    def busy(self, now: float) -> bool:
        return self.held or self.board.motions.busy(now) or any(t > now for t, _ in self.scheduled)

    def moving(self, now: float) -> bool:
        """Cards in flight, steps still to come or a flash showing: every frame must be drawn
        (a held settlement sheet is busy but still)."""
        return self.board.motions.busy(now) or any(t > now for t, _ in self.scheduled) or bool(self.flashes)

    def dismiss(self) -> bool:
        """The person read the settlement: the game goes on. False if nothing was held."""
        held, self.held = self.held, False
        return held

    def _held_until_dismissed(self, ev: Event, following: list[Event]) -> bool:
        """A settlement stays until the person at this screen dismisses it, when someone else (a bot,
        a phone) would deal on from it; on their own move, their buttons go on from it."""
        if self.board.panel.teller.hold(ev, following) != "settlement" or self.board.viewer is None:
            return False
        return self.board.state.to_move not in (None, self.board.viewer)

    def at(self, t: float, fn: Callable[[], None]) -> None:
        self.scheduled.append((t, fn))

    def update(self, now: float) -> None:
        if self.scheduled:
            due = [f for t, f in self.scheduled if t <= now]
            self.scheduled = [(t, f) for t, f in self.scheduled if t > now]
            for f in due:
                f()
        self.board.motions.prune(now)
        self.flashes = [f for f in self.flashes if f.t1 > now]

    def quiet(self) -> None:
        """Land whatever still flies: the next position starts from rest."""
        self.board.motions.clear()
        self.scheduled.clear()
        self.flashes.clear()
        self.held = False
        self.shown_sizes = None
        self.banner = None

    # -- one action ------------------------------------------------------------------------------
    def play(self, before: Zones, events: list[Event], now: float, action: Action | None = None) -> None:
        """Animate ``events`` (as the viewer may know them) from the zones ``before`` them to the
        board's zones now; ``action`` names the slot a face-down card left from."""
        sim = {z: [Token(c, c if c >= 0 else HIDDEN) for c in cs] for z, cs in before.items()}
        if self.instant or self.board.placement is None:
            for ev in events:
                self.happened(ev)
                self._carry(sim, ev, action)
                self.board.panel.event(ev, {z: len(c) for z, c in sim.items()}, now)
            self._sounds_for(events)
            return
        motions = self.board.motions
        t = max(now, max((motions.planned_time(c) for c in motions.flights), default=now))
        plan = Plan()
        burnt = [set(e.cards) for e in events if e.kind == "burn" and e.cards]
        for k, ev in enumerate(events):
            self.at(t, partial(self.happened, ev))
            if ev.kind == "move" and set(ev.cards) in burnt and HIDDEN not in ev.cards:
                # The pile flashes where it lies, then its cards fly to the burnt cards.
                self.flashes.append(Flash(ev.src, t, t + self.t(timings.BURN_FLASH)))
                self.at(t, lambda: self.app.sound.play("burn"))
                t += self.t(timings.BURN_FLASH) * 0.6
            rects = self._rects(sim)
            moved = self._carry(sim, ev, action)
            sizes = {z: len(c) for z, c in sim.items()}
            self.at(t, partial(self._step, ev, sizes, t))
            if moved:
                t = self._fly(plan, sim, ev, moved, rects, t)
            elif ev.cards and ev.src and ev.src == ev.dst and ev.face_up and not self.board.own_zone(ev.src):
                self._turn_over(plan, sim, ev, rects, t)  # turned face up where they lie: together
            if self._held_until_dismissed(ev, events[k + 1:]):
                self.at(t, lambda: setattr(self, "held", True))
            else:
                t += self.t(self.board.panel.hold(ev, events[k + 1:]))
        self._hand_over(plan, sim)
        self.at(t, lambda: None)  # input stays locked until the last event has happened

    def _carry(self, sim: dict[str, list[Token]], ev: Event, action: Action | None) -> list[Token]:
        """Carry a move out on the zones as the animation has them so far; the tokens moved."""
        if ev.kind != "move" or not ev.cards or ev.dst not in sim or ev.src == ev.dst:
            if ev.src == ev.dst and ev.cards and ev.src in sim:
                self._take(sim[ev.src], ev, action, remove=False)
            return []
        src = sim.get(ev.src, [])
        moved = self._take(src, ev, action, remove=True)
        sim[ev.dst].extend(moved)
        return moved

    def _take(self, src: list[Token], ev: Event, action: Action | None, remove: bool) -> list[Token]:
        slot = self._slot(ev.src, action)
        out: list[Token] = []
        for c in ev.cards:
            tok = next((x for x in src if c >= 0 and x.card == c and x not in out), None)
            if tok is None:
                hidden = [x for x in src if x.card == HIDDEN and x not in out]
                if not hidden and c == HIDDEN:
                    # A card seen earlier in this action going face down again (a won card
                    # to the bottom of a deck): any card there that the event does not name.
                    hidden = [x for x in src if x.card not in ev.cards and x not in out]
                named = 0 <= slot < len(src) and src[slot] in hidden
                tok = src[slot] if named else (hidden[-1] if hidden else None)
            if tok is None:
                tok = Token(HIDDEN, HIDDEN)  # a card the viewer could not place: it appears
            elif c >= 0:
                tok.card = c
            out.append(tok)
        if remove:
            for tok in out:
                if tok in src:
                    src.remove(tok)
        return out

    def _slot(self, zone: str, action: Action | None) -> int:
        """The index the action names in the mover's row (a face-down card played blind)."""
        if action is None:
            return -1
        spec = self.board.spec
        row = spec.slot_kinds.get(action.kind) or spec.slot_choices.get(action.kind)
        if not row or not zone.startswith(f"{row}/"):
            return -1
        return action.target if action.kind in spec.slot_kinds else int(action.choice or -1)

    def _rects(self, sim: dict[str, list[Token]]):
        placement = self.board.placement
        assert placement is not None
        return {tok: r for z, toks in sim.items() for tok, r in zip(toks, placement.card_rects(z, len(toks)),
                                                                     strict=False)}

    def _fly(self, plan: Plan, sim, ev: Event, moved: list[Token], rects, t: float) -> float:
        new = self._rects(sim)
        stagger = min(self.t(timings.MOVE_STAGGER), self.t(timings.MAX_GROUP_STAGGER) / len(moved))
        for i, tok in enumerate(moved):
            end = new[tok]
            start = rects.get(tok, end)
            t0 = t + i * stagger
            shows = tok.card if ev.face_up else -1
            self._add(plan, tok, Flight(t0, t0 + self.t(timings.MOVE), self._from(plan, tok, start),
                                        end.topleft, ev.face_up, w0=start.w, w1=end.w, shows=shows))
            if not ev.face_up and tok.card >= 0:
                # It flew face down and the viewer may see it: it turns over on landing.
                t1 = t0 + self.t(timings.MOVE)
                self._add(plan, tok, Flight(t1, t1 + self.t(timings.FLIP), end.topleft, end.topleft, None,
                                            flip=True, w0=end.w, w1=end.w))
        for z in (ev.src, ev.dst):
            for tok in sim.get(z, []):
                if tok not in moved and tok in rects and rects[tok] != new[tok]:
                    start = self._from(plan, tok, rects[tok])
                    self._add(plan, tok, Flight(t, t + self.t(timings.SETTLE), start, new[tok].topleft, None,
                                                w0=new[tok].w, w1=new[tok].w))
        sound = self._move_sound(ev)
        self.at(t + self.t(timings.MOVE) * 0.8, lambda: self.app.sound.play(sound))
        return t + self.t(timings.MOVE) + stagger * (len(moved) - 1) + self.t(timings.EVENT_GAP)

    def _turn_over(self, plan: Plan, sim, ev: Event, rects, t: float) -> None:
        for tok in sim.get(ev.src, []):
            if tok.card in ev.cards and tok in rects:
                r = rects[tok]
                self._add(plan, tok, Flight(t, t + self.t(timings.FLIP), r.topleft, r.topleft, None,
                                            flip=True, w0=r.w, w1=r.w))

    def _from(self, plan: Plan, tok: Token, rest) -> tuple[float, float]:
        """Where a token's next flight starts: where its last planned one lands, else its place."""
        if tok in plan.ends:
            return plan.ends[tok][0]
        return self.board.motions.planned_end(tok.key) or rest.topleft

    @staticmethod
    def _add(plan: Plan, tok: Token, flight: Flight) -> None:
        plan.flights.append((tok, flight))
        plan.ends[tok] = (flight.dst, flight.t1)

    def _hand_over(self, plan: Plan, sim: dict[str, list[Token]]) -> None:
        """Key every token by what the board draws it under now, and queue its flights."""
        after = self.board.zones()
        keys = {tok: key for z, toks in sim.items() for tok, key in zip(toks, after.get(z, []), strict=False)}
        motions = self.board.motions
        for tok, flight in plan.flights:
            key = keys.get(tok)
            if key is None or (flight.flip and key < 0):
                continue  # (no turning over for a card that rests face down for this viewer)
            if not motions.flights.get(key) and tok.key in motions.flights and tok.key != key:
                motions.flights[key] = motions.flights.pop(tok.key)  # still flying from before
            motions.add(key, flight)

    def _step(self, ev: Event, sizes: dict[str, int], t: float) -> None:
        """An event's moment: the counts on the piles follow the animation, the panel hears it."""
        self.shown_sizes = sizes
        self.board.panel.event(ev, sizes, t)

    def happened(self, ev: Event) -> None:
        """An event's moment has come: its line goes in the log, a big one across the table."""
        self.say(ev.text)
        if ev.kind in self.board.spec.banner_kinds and ev.text and not self.rushing:
            self.banner = (in_second_person(ev.text, self.board.match.names), self.app.now + timings.BANNER)
            self.app.sound.play("moment")

    def _move_sound(self, ev: Event) -> str:
        """A card leaving a face-down row (a down card turned over) flips; others are placed."""
        base = ev.src.split("/")[0]
        flipped = any(z.name == base and z.style == "row" and not z.on for z in self.board.spec.seat_zones)
        return "flip" if flipped else "place"

    def _sounds_for(self, events: list[Event]) -> None:
        moves = [e for e in events if e.kind == "move"]
        if any(e.kind == "burn" for e in events):
            self.app.sound.play("burn")
        elif moves:
            self.app.sound.play(self._move_sound(moves[0]))

    # -- the deal and a card flying home ---------------------------------------------------------
    def deal(self, dealer: int) -> None:
        """The deal flies card by card from the pack to the seats, round by round from the
        dealer's left."""
        board = self.board
        if self.instant or board.placement is None:
            return
        now = self.app.now
        pack = board.placement.zones.get(board.spec.deal_from or board.spec.centre_zones[0].name)
        if pack is None:
            return
        rests, zones, n = board.rest_rects(), board.zones(), board.players
        order: list[int] = []
        rounds = max((len(zones.get(f"{z.name}/{s}", [])) for z in board.spec.seat_zones for s in range(n)),
                     default=0)
        for z in board.spec.seat_zones:
            for j in range(rounds):
                for k in range(1, n + 1):
                    cards = zones.get(f"{z.name}/{(dealer + k) % n}", [])
                    if j < len(cards):
                        order.append(cards[j])
        step = self.t(timings.DEAL_STAGGER)
        for i, c in enumerate(order):
            t0 = now + i * step
            board.motions.add(c, Flight(t0, t0 + self.t(timings.MOVE), pack.rect.topleft, rests[c][2].topleft,
                                        False, w0=pack.card_w, w1=rests[c][2].w))
        self.app.sound.play("shuffle")
        self.at(now + len(order) * step + self.t(timings.MOVE), lambda: None)

    def fly_back(self, cards: list[int], rect) -> None:
        """Dragged cards that were not played return to their places."""
        if self.instant or rect is None:
            return
        now = self.app.now
        rests = self.board.rest_rects()
        w = round(rect.h / theme.CARD_ASPECT)
        step = round(w * 0.25)
        for i, c in enumerate(cards):
            if c in rests:
                home = rests[c][2]
                start = (rect.x + step * i, rect.y)
                self.board.motions.add(c, Flight(now, now + self.t(timings.RETURN_FLIGHT), start,
                                                 home.topleft, None, w0=w, w1=home.w))
