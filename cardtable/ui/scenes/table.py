"""The table: draws one match from the viewer's seat and turns input into the match's actions.

The table knows a game only through the engine protocol and the game's layout description. It
draws from ``view(viewer)`` (the human to move; a seat-0-and-1 public view when only bots play),
so a card another seat may not know is never drawn face up: privacy holds by construction. The
authoritative ids are used only to follow each physical card across zones while it flies.

Decisions that are not card moves become buttons, derived from the legal action kinds: an action
without cards is a button; a kind with a few actions gets a button each; a kind with many (the
setup choice of face-up cards) gets a button once the selected cards match one; an action with a
target seat asks for the seat (click its plate or press the digit of its button).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from cardtable.engine.cards import HIDDEN
from cardtable.engine.protocol import Action, Event, IllegalAction
from cardtable.games import layout_of
from cardtable.ui import text, theme, timings
from cardtable.ui.input import Click, DragMove, DragStart, Drop, InputEvent, Key, PointerMove, best_drop
from cardtable.ui.layout import TablePlacement, compute, fan_in_middle
from cardtable.ui.match import Match
from cardtable.ui.panels import PanelContext, badge, panel_for
from cardtable.ui.scene import Scene
from cardtable.ui.tween import Flash, Flight, Motions
from cardtable.ui.widgets import Button, Form

Rect = pygame.Rect

WARM_BUDGET = 0.002
"""Seconds per frame spent drawing card faces into the cache before they are needed."""

RESULTS_DELAY = 0.6
"""Seconds the final position stays on the table before the results screen."""


@dataclass(slots=True)
class Sprite:
    card: int
    """The physical card (authoritative id): what a flight follows."""
    zone: str
    index: int
    rect: Rect
    face: int
    """The card shown face up, or HIDDEN for its back: taken from the viewer's view."""
    moving: bool = False


@dataclass
class Drag:
    cards: list[int]
    grab: tuple[int, int]
    """Pointer offset inside the first dragged card."""
    pos: tuple[int, int]
    target: str | None = None


class TableScene(Scene):
    def __init__(self, app, match: Match, animate_deal: bool = True) -> None:
        super().__init__(app)
        self.match = match
        self.spec = layout_of(match.game)
        self.panel = panel_for(match.game.name)
        self._picked: tuple[str, ...] | None = None
        self.shown_sizes: dict[str, int] | None = None
        """Zone sizes at the step the animation has reached (None: the zones at rest)."""
        self._status_key: tuple[object, ...] | None = None
        self._status_image = pygame.Surface((1, 1))
        self._turn_cache: dict[tuple[int, int], tuple[pygame.Surface, pygame.Surface]] = {}
        """The zones fanned in the middle for a blind pick (None: the placement is fresh)."""
        self.players = len(match.seats)
        humans = match.human_seats
        # One human sees their own seat throughout; in hot-seat play nobody's hand shows until
        # the first "Pass to" screen, and with no human the table shows only public cards.
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.placement: TablePlacement | None = None
        self.motions = Motions()
        self.flashes: list[Flash] = []
        self.scheduled: list[tuple[float, Callable[[], None]]] = []
        self.log: list[str] = []
        self.selection: set[int] = set()
        self.focus: int | None = None
        self.drag: Drag | None = None
        self.pointer: tuple[int, int] = (-1, -1)
        self.form = Form()
        self.seat_hotkeys: dict[int, str] = {}
        self.prompt_y = 0
        """Where the prompt line sits: above the buttons, one or two rows of them."""
        """The digit of the button that aims at each seat, shown on the seat's plate too."""
        self.menu_button = Button("Menu (Esc)", self.open_menu)
        self.version = 0
        self._cache: dict[str, tuple[int, object]] = {}
        self.bot_request: tuple[int, int, float] | None = None
        self.bot_answer: Action | None = None
        self.next_request = 1
        self.pass_pending = False
        self.finished_at: float | None = None
        self.drawn: list[tuple[int, str, Rect]] = []
        """What the last frame drew: (card face shown or HIDDEN, zone, rect). Tests read this."""
        self._deal_pending = animate_deal
        self.turn_version = -1
        self.banner: tuple[str, float] | None = None
        """A line shown big across the table, and until when."""
        self._log_key: tuple[object, ...] = ()
        self._log_image = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.warm: list[tuple[int, int]] = []
        """Card faces (card, width) still to draw into the art cache, a few each idle frame."""
        self.hand_zones = {
            f"{z.name}/{seat}"
            for z in self.spec.seat_zones
            if z.style == "hand"
            for seat in range(self.players)
        }

    # -- time and speed --------------------------------------------------------------------------
    def t(self, seconds: float) -> float:
        return timings.scaled(seconds, self.app.settings.animation_speed)

    @property
    def instant(self) -> bool:
        return self.app.settings.animation_speed == "instant"

    def busy(self, now: float) -> bool:
        return self.motions.busy(now) or any(t > now for t, _ in self.scheduled)

    # -- caches keyed on the state version -------------------------------------------------------
    def _cached(self, key: str, make: Callable[[], object]) -> object:
        hit = self._cache.get(key)
        if hit is None or hit[0] != self.version:
            hit = (self.version, make())
            self._cache[key] = hit
        return hit[1]

    def zones(self) -> dict[str, list[int]]:
        return self._cached("zones", self.match.state.zones)  # type: ignore[return-value]

    def visible(self) -> dict[str, list[int]]:
        """The viewer's knowledge of every zone: card ids where known, HIDDEN elsewhere."""
        return self._cached(f"view{self.viewer}", self._visible)  # type: ignore[return-value]

    def _visible(self) -> dict[str, list[int]]:
        state = self.match.state
        if self.viewer is not None:
            return state.view(self.viewer).zones()
        # Nobody human at the table: show what every seat may know, nothing private to one seat.
        a, b = state.view(0).zones(), state.view(1).zones()
        return {
            z: [c if c != HIDDEN and b[z][i] != HIDDEN else HIDDEN for i, c in enumerate(cs)]
            for z, cs in a.items()
        }

    def legal(self) -> list[Action]:
        return self._cached("legal", self.match.legal)  # type: ignore[return-value]

    def my_turn(self) -> bool:
        tm = self.match.state.to_move
        return tm is not None and not self.match.is_bot(tm) and tm == self.viewer and not self.pass_pending

    def drop_zones(self) -> dict[Action, str]:
        """Where each card move of the drag kinds would send its cards (found by trying it on a
        clone: the table needs no knowledge of the rules)."""
        return self._cached("dst", self._drop_zones)  # type: ignore[return-value]

    def _drop_zones(self) -> dict[Action, str]:
        out: dict[Action, str] = {}
        for a in self.legal():
            if a.kind in self.spec.drag_kinds and a.cards:
                events = self.match.state.clone().apply(a)
                dst = next((e.dst for e in events if e.kind == "move" and set(e.cards) & set(a.cards)), "")
                if dst:
                    out[a] = dst
        return out

    # -- layout ----------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        seat = self.viewer if self.viewer is not None else 0
        self.placement = compute(self.spec, size, self.players, seat, self.app.settings.ui_scale)
        self._picked = None
        widths = sorted({z.card_w for z in self.placement.zones.values()}, reverse=True)
        cards = list(self.match.state.all_cards())
        for w in widths:
            self.app.card_art.back(w)  # every seat shows backs from the first frame
        self.warm = [(c, w) for w in reversed(widths) for c in cards]  # popped biggest first
        self._cache.pop("rest", None)
        self.motions.clear()  # flying cards land at once where the new layout puts them
        self.panel.reset()
        self.drag = None
        self._rebuild_buttons()

    def rest_rects(self) -> dict[int, tuple[str, int, Rect]]:
        return self._cached("rest", self._rest_rects)  # type: ignore[return-value]

    def _rest_rects(self) -> dict[int, tuple[str, int, Rect]]:
        return self._rects_for(self.zones())

    def _rects_for(self, zones: dict[str, list[int]]) -> dict[int, tuple[str, int, Rect]]:
        assert self.placement is not None
        out: dict[int, tuple[str, int, Rect]] = {}
        for z, cards in zones.items():
            for i, (c, r) in enumerate(zip(cards, self.placement.card_rects(z, len(cards)), strict=False)):
                out[c] = (z, i, r)
        return out

    def _set_viewer(self, seat: int | None) -> None:
        if seat != self.viewer:
            self.viewer = seat
            self.selection.clear()
            self.focus = None
            self.resize(self.app.size)

    # -- the match moves on ----------------------------------------------------------------------
    def enter(self) -> None:
        if self._deal_pending:
            self._deal_pending = False
            self._animate_deal()
            self.log.append(f"{self.match.names[self.match.dealer]} deals.")

    def apply(self, action: Action) -> bool:
        """Carry out a legal action and animate what happened; an illegal one is refused with the
        rule in the log and nothing changes."""
        now = self.app_time()
        before = {z: list(c) for z, c in self.zones().items()}
        try:
            events = self.match.apply(action)
        except IllegalAction as exc:
            self.say(f"Not allowed: {exc}")
            self.app.sound.play("error")
            return False
        self.version += 1
        self.selection.clear()
        self.focus = None
        self.bot_request, self.bot_answer = None, None
        self._animate(before, events, now)
        self._rebuild_buttons()
        return True

    def app_time(self) -> float:
        return self.app.now

    def say(self, line: str) -> None:
        if line:
            self.log.append(line)
            del self.log[:-200]

    def _animate(self, before: dict[str, list[int]], events: list[Event], now: float) -> None:
        """Turn events into flights, one event after another, with the log lines and sounds at the
        moment each happens."""
        sim = {z: list(c) for z, c in before.items()}
        if self.instant or self.placement is None:
            for ev in events:
                self._happened(ev)
                self._simulate(sim, ev)
                self.panel.event(ev, {z: len(c) for z, c in sim.items()}, now)
            self._sounds_for(events)
            return
        t = max(now, max((self.motions.planned_time(c) for c in self.motions.flights), default=now))
        rects = self._rects_for(sim)
        burnt = [set(e.cards) for e in events if e.kind == "burn" and e.cards]
        seen = {c for cards in self.visible().values() for c in cards if c != HIDDEN}
        for k, ev in enumerate(events):
            self._at(t, lambda ev=ev: self._happened(ev))
            if ev.kind == "move" and set(ev.cards) in burnt:
                # The pile flashes where it lies, then its cards fly to the burnt cards.
                self.flashes.append(Flash(ev.src, t, t + self.t(timings.BURN_FLASH)))
                self._at(t, lambda: self.app.sound.play("burn"))
                t += self.t(timings.BURN_FLASH) * 0.6
            self._simulate(sim, ev)
            sizes = {z: len(c) for z, c in sim.items()}
            self._at(t, lambda ev=ev, sizes=sizes, t=t: self._step(ev, sizes, t))
            if ev.kind == "move" and ev.cards and ev.dst in sim:
                new = self._rects_for(sim)
                stagger = min(self.t(timings.MOVE_STAGGER), self.t(timings.MAX_GROUP_STAGGER) / len(ev.cards))
                moved = set(ev.cards)
                for i, c in enumerate(ev.cards):
                    if c in new:
                        start = self.motions.planned_end(c) or rects.get(c, new[c])[2].topleft
                        t0 = t + i * stagger
                        end = new[c][2]
                        flight = Flight(
                            t0,
                            t0 + self.t(timings.MOVE),
                            start,
                            end.topleft,
                            ev.face_up,
                            w0=rects.get(c, new[c])[2].w,
                            w1=end.w,
                        )
                        self.motions.add(c, flight)
                        if not ev.face_up and c in seen:
                            # It flew face down and the viewer may see it: it turns over on landing.
                            t1 = flight.t1
                            turn = Flight(t1, t1 + self.t(timings.FLIP), end.topleft, end.topleft, None,
                                          flip=True, w0=end.w, w1=end.w)
                            self.motions.add(c, turn)
                for z in (ev.src, ev.dst):
                    for c in sim.get(z, []):
                        if c not in moved and c in new and rects.get(c, new[c])[2] != new[c][2]:
                            start = self.motions.planned_end(c) or rects[c][2].topleft
                            self.motions.add(
                                c,
                                Flight(
                                    t,
                                    t + self.t(timings.SETTLE),
                                    start,
                                    new[c][2].topleft,
                                    None,
                                    w0=new[c][2].w,
                                    w1=new[c][2].w,
                                ),
                            )
                rects = new
                sound = self._move_sound(ev)
                self._at(t + self.t(timings.MOVE) * 0.8, lambda sound=sound: self.app.sound.play(sound))
                t += self.t(timings.MOVE) + stagger * (len(ev.cards) - 1) + self.t(timings.EVENT_GAP)
            elif ev.cards and ev.src and ev.src == ev.dst and ev.face_up and not self._own_zone(ev.src):
                # Cards turned face up where they lie (the field cards revealed): they all turn
                # over together, so the time does not move on.
                for c in ev.cards:
                    if c in rects:
                        r = rects[c][2]
                        turn = Flight(t, t + self.t(timings.FLIP), r.topleft, r.topleft, None, flip=True)
                        turn.w0 = turn.w1 = r.w
                        self.motions.add(c, turn)
            t += self.t(self.panel.hold(ev, events[k + 1 :]))
        self._at(t, lambda: None)  # input stays locked until the last event has happened

    def _step(self, ev: Event, sizes: dict[str, int], t: float) -> None:
        """An event's moment: the counts on the piles follow the animation, the panel hears it."""
        self.shown_sizes = sizes
        self.panel.event(ev, sizes, t)

    @staticmethod
    def _simulate(sim: dict[str, list[int]], ev: Event) -> None:
        """Carry a move event out on the zones as the animation has them so far."""
        if ev.kind == "move" and ev.cards and ev.dst in sim:
            for c in ev.cards:
                if c in sim.get(ev.src, []):
                    sim[ev.src].remove(c)
                sim[ev.dst].append(c)

    def _happened(self, ev: Event) -> None:
        """An event's moment has come: its line goes in the log, a big one across the table."""
        self.say(ev.text)
        if ev.kind in self.spec.banner_kinds and ev.text:
            self.banner = (ev.text, self.app.now + timings.BANNER)

    def _move_sound(self, ev: Event) -> str:
        """A card leaving a face-down row (a down card turned over) flips; others are placed."""
        base = ev.src.split("/")[0]
        flipped = any(z.name == base and z.style == "row" and not z.on for z in self.spec.seat_zones)
        return "flip" if flipped else "place"

    def _sounds_for(self, events: list[Event]) -> None:
        moves = [e for e in events if e.kind == "move"]
        if any(e.kind == "burn" for e in events):
            self.app.sound.play("burn")
        elif moves:
            self.app.sound.play(self._move_sound(moves[0]))

    def _animate_deal(self) -> None:
        """The deal flies card by card from the pack to the seats, round by round from the
        dealer's left."""
        if self.instant or self.placement is None:
            return
        now = self.app_time()
        pack = self.placement.zones.get(self.spec.deal_from or self.spec.centre_zones[0].name)
        if pack is None:
            return
        rests = self.rest_rects()
        zones = self.zones()
        order: list[int] = []
        rounds = max(
            (len(zones.get(f"{z.name}/{s}", [])) for z in self.spec.seat_zones for s in range(self.players)),
            default=0,
        )
        for z in self.spec.seat_zones:
            for j in range(rounds):
                for k in range(1, self.players + 1):
                    cards = zones.get(f"{z.name}/{(self.match.dealer + k) % self.players}", [])
                    if j < len(cards):
                        order.append(cards[j])
        step = self.t(timings.DEAL_STAGGER)
        for i, c in enumerate(order):
            t0 = now + i * step
            self.motions.add(
                c,
                Flight(
                    t0,
                    t0 + self.t(timings.MOVE),
                    pack.rect.topleft,
                    rests[c][2].topleft,
                    False,
                    w0=pack.card_w,
                    w1=rests[c][2].w,
                ),
            )
        self.app.sound.play("shuffle")
        self._at(now + len(order) * step + self.t(timings.MOVE), lambda: None)

    def _at(self, t: float, fn: Callable[[], None]) -> None:
        self.scheduled.append((t, fn))

    def update(self, now: float) -> None:
        if self.match.messages:
            for line in self.match.messages:
                self.say(line)
            self.match.messages.clear()
        if self.scheduled:
            due = [f for t, f in self.scheduled if t <= now]
            self.scheduled = [(t, f) for t, f in self.scheduled if t > now]
            for f in due:
                f()
        self.motions.prune(now)
        self.flashes = [f for f in self.flashes if f.t1 > now]
        self._warm_cards()
        if self.app.top is not self or self.busy(now):
            return
        state = self.match.state
        if state.is_over:
            self._finish(now)
            return
        tm = state.to_move
        if self.match.is_bot(tm):
            self._drive_bot(tm, now)
        elif tm is not None and tm != self.viewer:
            self._hand_over(tm)
        elif self.my_turn():
            self._human_turn()

    def _human_turn(self) -> None:
        """The viewer's turn: a chime when it starts; with fast play a forced move is made for them."""
        if self.turn_version != self.version:
            self.turn_version = self.version
            if not self.match.movers or self.match.movers[-1] != self.viewer:
                self.app.sound.play("chime")
        legal = self.legal()
        if self.app.settings.fast_play and len(legal) == 1:
            self.apply(legal[0])

    def _warm_cards(self) -> None:
        """Draw card faces into the art cache ahead of need, within a small budget per frame, so
        a card seen for the first time mid-flight does not cost a frame."""
        t_end = time.perf_counter() + WARM_BUDGET
        art = self.app.card_art
        while self.warm and time.perf_counter() < t_end:
            card, width = self.warm.pop()
            if card == HIDDEN:
                art.back(width)
            else:
                art.face(card, width)

    def _hand_over(self, seat: int) -> None:
        """A human's turn while another human's cards are showing: pass the screen first."""
        if len(self.match.human_seats) >= 2:
            from cardtable.ui.scenes.passto import PassScene

            self.pass_pending = True
            self._set_viewer(None)
            self.app.push(PassScene(self.app, self, seat))
        else:
            self._set_viewer(seat)

    def passed_to(self, seat: int) -> None:
        self.pass_pending = False
        self._set_viewer(seat)

    def _drive_bot(self, seat: int, now: float) -> None:
        if self.bot_request is None:
            req = self.next_request
            self.next_request += 1
            self.bot_request = (req, seat, now)
            self.bot_answer = None
            s = self.match.seats[seat]
            self.app.bots.request(
                req, self.match.game.name, s.level, seat, self.match.seed + seat, self.match.state.view(seat)
            )
        for req, action, error in self.app.bots.poll():
            if req == self.bot_request[0]:
                if action is None:
                    self.say(
                        f"{self.match.names[seat]}'s bot failed ({error}); it plays the first legal move."
                    )
                    action = self.legal()[0]
                elif error:  # the Normal level stood in for a bot that failed (issue 8)
                    self.say(f"{self.match.names[seat]}: {error}")
                self.bot_answer = action
        think = (
            0.0 if (self.app.settings.fast_play or self.instant) else self.app.settings.bot_think_ms / 1000
        )
        if self.bot_answer is not None and now - self.bot_request[2] >= think:
            answer = self.bot_answer
            if not self.apply(answer):
                self.apply(self.legal()[0])

    def _finish(self, now: float) -> None:
        if self.finished_at is None:
            self.finished_at = now
            self.match.result()
        if now - self.finished_at >= (0.0 if self.instant else RESULTS_DELAY):
            from cardtable.ui.scenes.results import ResultsScene

            self.app.replace(ResultsScene(self.app, self.match))

    def open_menu(self) -> None:
        from cardtable.ui.scenes.menu import MenuScene

        self.drag = None
        self.app.push(MenuScene(self.app))

    # -- decisions as buttons --------------------------------------------------------------------
    def decision_buttons(self) -> list[tuple[str, Callable[[], None], int]]:
        """(label, what pressing does, the seat it aims at or -1) for each decision button."""
        if not self.my_turn():
            return []
        state = self.match.state

        def describe(a: Action) -> str:
            words = state.describe(a)
            return words[:1].upper() + words[1:]

        out: list[tuple[str, Callable[[], None], int]] = []
        sel = self.selection
        kinds: dict[str, list[Action]] = {}
        for a in self.legal():
            kinds.setdefault(a.kind, []).append(a)
        for kind, acts in kinds.items():
            if kind in self.spec.drag_kinds:
                # One set of cards that must be played, only the way is open (a grace card that
                # fits, declared wild or plain): the ways are buttons without selecting first.
                forced = len({a.cards for a in acts}) == 1 and len(acts) > 1
                out += [
                    (describe(a), self._do(a), -1)
                    for a in acts
                    if (forced or (sel and set(a.cards) == sel)) and a.target < 0
                ]
                continue
            # A kind aimed at several seats asks for the seat; aimed at one (a backfire) it is plain.
            aimed = [a for a in acts if a.cards and a.target >= 0]
            if len({a.target for a in aimed}) < 2:
                aimed = []
            if aimed:
                matched = [a for a in aimed if set(a.cards) == sel]
                if matched:
                    out += [(describe(a), self._do(a), a.target) for a in matched]
                else:
                    first = aimed[0]
                    out.append(
                        (
                            describe(Action(kind, first.cards)).split(" to ")[0]
                            + " to …",  # seat chosen next
                            lambda first=first: self._select(set(first.cards)),
                            -1,
                        )
                    )
            if kind in self.spec.pick_kinds or kind in self.spec.slot_kinds:
                continue  # made by clicking the card itself
            seated = [a for a in acts if not a.cards and a.target >= 0]
            out += [(describe(a), self._do(a), a.target) for a in seated]
            plain = [a for a in acts if a not in aimed and a not in seated]
            if len(plain) > 4:
                plain = [a for a in plain if a.cards and set(a.cards) == sel]
            out += [(describe(a), self._do(a), -1) for a in plain]
        return out

    def _do(self, action: Action) -> Callable[[], None]:
        return lambda: self.apply(action)

    def _select(self, cards: set[int]) -> None:
        self.selection = set(cards)
        self._rebuild_buttons()

    def target_actions(self) -> list[Action]:
        """Actions waiting for a seat: the selected cards are to be shown (given...) to someone, or
        a choice of seat with no cards (who plays next)."""
        if not self.my_turn():
            return []
        seated = self.seat_actions()
        if seated:
            return seated
        if not self.selection:
            return []
        aimed = [a for a in self.legal() if a.cards and a.target >= 0 and set(a.cards) == self.selection]
        return aimed if len({a.target for a in aimed}) >= 2 else []

    def seat_actions(self) -> list[Action]:
        """Choices of a seat that move no card (a J: who plays next). Picks and slots aim at cards."""
        return [
            a
            for a in self.legal()
            if not a.cards
            and a.target >= 0
            and a.kind not in self.spec.pick_kinds
            and a.kind not in self.spec.slot_kinds
        ]

    def pick_actions(self) -> list[Action]:
        """Blind picks open to the viewer now (the layout's ``pick_kinds``)."""
        if not self.my_turn():
            return []
        return [a for a in self.legal() if a.kind in self.spec.pick_kinds]

    def _pick_zone(self, a: Action) -> str:
        return f"{self.spec.pick_kinds[a.kind]}/{a.target}"

    def _place_picks(self) -> None:
        """Fan the decks a pick is made from across the middle; put them back once it is made."""
        picks = tuple(sorted({self._pick_zone(a) for a in self.pick_actions()}))
        if picks == self._picked or self.placement is None:
            return
        if self._picked:
            seat = self.viewer if self.viewer is not None else 0
            self.placement = compute(self.spec, self.app.size, self.players, seat, self.app.settings.ui_scale)
        self._picked = picks
        if picks:
            zones = self.zones()
            fan_in_middle(self.placement, {z: len(zones.get(z, ())) for z in picks})

    def _pick_of(self, card: int) -> Action | None:
        """The pick that taking ``card`` (by its place in a fanned deck) makes."""
        for a in self.pick_actions():
            cards = self.zones().get(self._pick_zone(a), [])
            if card in cards and a.choice == str(cards.index(card)):
                return a
        return None

    def _rebuild_buttons(self) -> None:
        """Lay the decision buttons out in a row under the prompt; a second row above it when
        there is room between it and the piles, else the row's labels shrink to fit."""
        self._place_picks()
        p = self.placement
        if p is None:
            return
        px = p.text_px
        items = self.decision_buttons()
        widths = [Button.width_for(f"{i + 1}  {label}", px) for i, (label, _, _) in enumerate(items)]
        gap = px // 2
        area = p.buttons_rect
        rows = [list(range(len(items)))]
        if sum(widths) + gap * (len(items) - 1) > area.w and len(items) > 1:
            half = len(items) // 2
            two = [list(range(half)), list(range(half, len(items)))]
            above = max(z.rect.bottom for z in p.zones.values() if z.rect.bottom <= area.y)
            room = area.y - (area.h + gap) - round(px * 2.2) >= above
            if room and all(sum(widths[i] for i in r) + gap * (len(r) - 1) <= area.w for r in two):
                rows = two
        self.prompt_y = area.y - (len(rows) - 1) * (area.h + gap) - round(px * 1.5)
        buttons: list[Button] = []
        self.seat_hotkeys = {}
        for row_no, row in enumerate(rows):
            y = area.y - (len(rows) - 1 - row_no) * (area.h + gap)
            gaps = gap * max(0, len(row) - 1)
            scale = min(1.0, (area.w - gaps) / max(1, sum(widths[i] for i in row)))
            x = area.centerx - (sum(round(widths[i] * scale) for i in row) + gaps) // 2
            for i in row:
                label, fn, seat = items[i]
                w = round(widths[i] * scale)
                hotkey = str(i + 1) if i < 9 else ""
                if seat >= 0:
                    self.seat_hotkeys[seat] = hotkey
                buttons.append(Button(label, fn, Rect(x, y, w, area.h), hotkey=hotkey))
                x += w + gap
        self.form = Form(buttons)
        lr = p.log_rect
        self.menu_button.rect = Rect(lr.x + px // 2, lr.y + px // 2, lr.w - px, round(px * 2))

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: InputEvent) -> None:
        now = self.app_time()
        if isinstance(event, PointerMove):
            self.pointer = event.pos
            self.form.handle(event)
            self.menu_button.handle(event)
            return
        if isinstance(event, Key) and event.key == pygame.K_ESCAPE:
            self.open_menu()
            return
        if isinstance(event, Click) and self.menu_button.handle(event):
            return
        if self.busy(now) or not self.my_turn():
            if isinstance(event, Drop) and self.drag is not None:
                self._fly_back(self.drag.cards, event.pos)
            if isinstance(event, (Click, Key, DragStart)):
                self._say_locked(now)
            return  # input is locked while cards fly and when it is not this viewer's turn
        if isinstance(event, Key):
            self._key(event)
        elif isinstance(event, Click):
            self._click(event)
        elif isinstance(event, DragStart):
            self._drag_start(event)
        elif isinstance(event, DragMove) and self.drag is not None:
            self.drag.pos = self.pointer = event.pos
            self.drag.target = self._drop_target()
        elif isinstance(event, Drop) and self.drag is not None:
            self.drag.pos = event.pos
            self._drop()

    def _liftable(self, zone: str, face: int) -> bool:
        """A card under the pointer rises when it can be taken: the viewer's own, or a pick."""
        return (self._own_zone(zone) and face != HIDDEN) or zone in (self._picked or ())

    def _say_locked(self, now: float) -> None:
        """Why a click or key did nothing: said once, not for every click."""
        state = self.match.state
        if self.busy(now):
            line = "Wait: the cards are still moving."
        elif state.to_move is not None:
            line = f"Not now: it is {self.match.names[state.to_move]}'s turn."
        else:
            return
        if not self.log or self.log[-1] != line:
            self.say(line)

    def _own_zone(self, zone: str) -> bool:
        return self.viewer is not None and zone.endswith(f"/{self.viewer}")

    def selectable(self) -> set[int]:
        """Cards of the seat to move that take part in some legal action, or stand for one."""
        if not self.my_turn():
            return set()
        picks = {c for z in self._picked or () for c in self.zones().get(z, [])}
        moved = {c for a in self.legal() for c in a.cards if c != HIDDEN}
        return picks | self._slot_cards(self.selection) | moved | set(self.slot_actions())

    def slot_actions(self) -> dict[int, Action]:
        """Cards that stand for a slot choice (a face-down card to turn over): card -> action."""
        if not self.my_turn() or not self.spec.slot_choices:
            return {}
        out: dict[int, Action] = {}
        for a in self.legal():
            row = self.spec.slot_choices.get(a.kind)
            if row and a.choice.isdigit():
                cards = self.zones().get(f"{row}/{self.viewer}", [])
                if int(a.choice) < len(cards):
                    out[cards[int(a.choice)]] = a
        return out

    def _slot_cards(self, cards: set[int]) -> set[int]:
        """The viewer's cards that a slot action with ``cards`` takes by position."""
        out: set[int] = set()
        for a in self.legal():
            if a.kind in self.spec.slot_kinds and set(a.cards) == cards:
                zone = self.zones().get(f"{self.spec.slot_kinds[a.kind]}/{self.viewer}", [])
                if 0 <= a.target < len(zone):
                    out.add(zone[a.target])
        return out

    def _slot_action(self, card: int, cards: set[int]) -> Action | None:
        """The slot action (a face-down card played blind, a hand card swapped with one) that
        ``card``, by its place in the viewer's own zone, makes together with ``cards``."""
        for a in self.legal():
            if a.kind not in self.spec.slot_kinds or set(a.cards) != cards:
                continue
            zone = self.zones().get(f"{self.spec.slot_kinds[a.kind]}/{self.viewer}", [])
            if 0 <= a.target < len(zone) and zone[a.target] == card:
                return a
        return None

    def _onto_card(self, cards: set[int], card: int) -> Action | None:
        """What dropping ``cards`` onto ``card`` does: an action with both (a hand card swapped for
        a face-up card), or a slot action aimed at ``card``'s place."""
        if card in cards:
            return None
        both = cards | {card}
        hit = next((a for a in self.legal() if a.kind in self.spec.drag_kinds and set(a.cards) == both), None)
        return hit or self._slot_action(card, cards)

    def _onto_targets(self, cards: set[int]) -> set[int]:
        """Cards the dragged ``cards`` may be dropped onto, lit while dragging."""
        out = self._slot_cards(cards)
        for a in self.legal():
            if a.kind in self.spec.drag_kinds and cards < set(a.cards) and len(a.cards) == len(cards) + 1:
                out |= set(a.cards) - cards
        return out

    def card_at(self, pos: tuple[int, int]) -> Sprite | None:
        for s in reversed(self.compose(self.app_time())):
            if s.rect.collidepoint(pos) and not s.moving:
                return s
        return None

    def _click(self, event: Click) -> None:
        if self.form.handle(event):
            return
        aimed = self.target_actions()
        if aimed:
            seat = self._seat_at(event.pos)
            hit = next((a for a in aimed if a.target == seat), None)
            if hit is not None:
                self.apply(hit)
                return
        sprite = self.card_at(event.pos)
        slot = self.slot_actions().get(sprite.card) if sprite is not None else None
        if slot is None and sprite is not None:
            slot = self._pick_of(sprite.card) or self._slot_action(sprite.card, self.selection)
        if slot is None and sprite is not None:
            # A card that is the whole of exactly one decision (take this up card) needs one click.
            uses = [a for a in self.legal() if sprite.card in a.cards]
            sole = uses[0] if len(uses) == 1 else None
            if sole is not None and sole.cards == (sprite.card,) and sole.kind not in self.spec.drag_kinds:
                slot = sole
        if slot is not None:
            self.apply(slot)
            return
        if sprite is not None and (sprite.card in self.selectable() or self._own_hand(sprite)):
            if event.double:
                self._play({sprite.card})
            else:
                self._toggle(sprite.card)
            return
        zone = self._zone_at(event.pos)
        if zone is not None and self.selection:
            self._play(self.selection, zone)
        elif self.selection:
            self._select(set())

    def _own_hand(self, sprite: Sprite) -> bool:
        """A face-up card in the viewer's hand: it may be picked up and tried even when illegal."""
        return sprite.zone in self.hand_zones and self._own_zone(sprite.zone) and sprite.face != HIDDEN

    def _toggle(self, card: int) -> None:
        if card in self.selection:
            self._select(self.selection - {card})
            return
        more = self.selection | {card}
        fits = any(more <= set(a.cards) for a in self.legal())
        self._select(more if fits else {card})

    def _seat_at(self, pos: tuple[int, int]) -> int | None:
        assert self.placement is not None
        for seat, r in self.placement.seat_areas.items():
            if r.collidepoint(pos) or self.placement.plates[seat].collidepoint(pos):
                return seat
        return None

    def _zone_at(self, pos: tuple[int, int]) -> str | None:
        assert self.placement is not None
        for z in self.spec.centre_zones:
            place = self.placement.zones.get(z.name)
            if place is not None and place.rect.collidepoint(pos):
                return z.name
        for z in self.legal_targets(self.selection):  # a seat's own slots (face-up, field)
            place = self.placement.zones.get(z)
            if place is not None and place.rect.collidepoint(pos):
                return z
        return None

    def _play(self, cards: set[int], zone: str | None = None) -> bool:
        """Play ``cards`` (onto ``zone`` if given): the one legal card move with exactly these
        cards, or the reason it is not allowed."""
        dsts = self.drop_zones()
        moves = [a for a in dsts if set(a.cards) == cards and (zone is None or dsts[a] == zone)]
        if len({a.choice for a in moves}) > 1:
            self._select(cards)  # the same cards played two ways (a wildcard declared): ask which
            ways = " or ".join(self.match.state.describe(a) for a in moves)
            self.say(f"Choose how to play them: {ways}.")
            return False
        if moves:
            return self.apply(moves[0])
        if zone is None:
            # Not a card move but a decision with exactly these cards (take this up card, put
            # these three face up, backfire this 3): Enter or a double-click makes it.
            legal = self.legal()
            chosen = [
                a
                for a in legal
                if set(a.cards) == cards
                and a.kind not in self.spec.drag_kinds
                and len({b.target for b in legal if b.kind == a.kind and b.cards == a.cards}) == 1
            ]
            if len(chosen) == 1:
                return self.apply(chosen[0])
        if self.target_actions() and cards == self.selection:
            self.say("Now choose a seat: click a name or press its number.")
            return False
        kind = next(iter(self.spec.drag_kinds), "play")
        attempt = Action(kind, tuple(sorted(cards)))
        self.say(f"Not allowed: {self.match.state.why_illegal(attempt)}")
        self.app.sound.play("error")
        return False

    def _drag_start(self, event: DragStart) -> None:
        sprite = self.card_at(event.origin)
        if sprite is None or not (sprite.card in self.selectable() or self._own_hand(sprite)):
            return
        cards = sorted(self.selection) if sprite.card in self.selection else [sprite.card]
        order = {c: i for i, c in enumerate(self.zones().get(sprite.zone, []))}
        cards.sort(key=lambda c: order.get(c, 0))
        self._select(set(cards))
        grab = (event.origin[0] - sprite.rect.x, event.origin[1] - sprite.rect.y)
        self.drag = Drag(cards, grab, event.pos)
        self.drag.target = self._drop_target()

    def drag_rect(self) -> Rect | None:
        if self.drag is None or self.placement is None:
            return None
        rests = self.rest_rects()
        first = rests.get(self.drag.cards[0])
        if first is None:
            return None
        w, h = first[2].size
        spread = round(w * 0.25) * (len(self.drag.cards) - 1)
        return Rect(self.drag.pos[0] - self.drag.grab[0], self.drag.pos[1] - self.drag.grab[1], w + spread, h)

    def legal_targets(self, cards: set[int]) -> set[str]:
        return {z for a, z in self.drop_zones().items() if set(a.cards) == cards}

    def _drop_target(self) -> str | None:
        rect = self.drag_rect()
        if rect is None or self.drag is None or self.placement is None:
            return None
        legal = self.legal_targets(set(self.drag.cards))
        targets = {z: self.placement.zones[z].rect for z in legal if z in self.placement.zones}
        return best_drop(rect, targets)

    def _drop(self) -> None:
        assert self.drag is not None and self.placement is not None
        drag, rect = self.drag, self.drag_rect()
        target = self._drop_target()
        self.drag = None
        resting = [s for s in self.compose(self.app_time()) if not s.moving]
        under = next((s for s in reversed(resting) if s.rect.collidepoint(drag.pos)), None)
        onto = self._onto_card(set(drag.cards), under.card) if under is not None else None
        if onto is not None and self.apply(onto):
            return
        if target is not None and self._play(set(drag.cards), target):
            return
        if target is None and rect is not None:
            everywhere = {
                z.name: self.placement.zones[z.name].rect
                for z in self.spec.centre_zones
                if z.name in self.placement.zones
            }
            if best_drop(rect, everywhere) is not None:
                self._play(set(drag.cards))  # dropped on a pile that does not take them: say why
        self._fly_back(drag.cards, drag.pos, rect)

    def _fly_back(self, cards: list[int], pos: tuple[int, int], rect: Rect | None = None) -> None:
        self.drag = None
        if self.instant or rect is None:
            return
        now = self.app_time()
        rests = self.rest_rects()
        step = round(rect.h / theme.CARD_ASPECT * 0.25)
        for i, c in enumerate(cards):
            if c in rests:
                src = (rect.x + step * i, rect.y)
                self.motions.add(
                    c,
                    Flight(
                        now,
                        now + self.t(timings.RETURN_FLIGHT),
                        src,
                        rests[c][2].topleft,
                        None,
                        w0=round(rect.h / theme.CARD_ASPECT),
                        w1=rests[c][2].w,
                    ),
                )

    def _key(self, event: Key) -> None:
        k = event.key
        if k == pygame.K_TAB or (self.form.focus >= 0 and k in (pygame.K_RETURN, pygame.K_KP_ENTER)):
            self.form.handle(event)
            return
        if pygame.K_1 <= k <= pygame.K_9:
            i = k - pygame.K_1
            if i < len(self.form.widgets):
                self.form.widgets[i].activate()
            return
        letter = (event.unicode or "").lower()
        if letter in self.spec.hotkeys:
            acts = [a for a in self.legal() if a.kind in self.spec.hotkeys[letter]]
            if len(acts) == 1:
                self.apply(acts[0])
            return
        order = self._keyboard_cards()
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and order:
            d = 1 if k == pygame.K_RIGHT else -1
            i = order.index(self.focus) + d if self.focus in order else (0 if d > 0 else len(order) - 1)
            self.focus = order[i % len(order)]
        elif k in (pygame.K_SPACE, pygame.K_RETURN) and self.focus in self.slot_actions():
            self.apply(self.slot_actions()[self.focus])
        elif (k in (pygame.K_SPACE, pygame.K_UP) and self.focus is not None) or (
            k == pygame.K_DOWN and self.focus in self.selection
        ):
            self._toggle(self.focus)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            pick = self._pick_of(self.focus) if self.focus is not None else None
            if pick is None and self.focus is not None:
                pick = self._slot_action(self.focus, self.selection - {self.focus})
            if pick is not None:
                self.apply(pick)
            elif self.selection:
                self._play(set(self.selection))
            elif self.focus is not None:
                self._play({self.focus})

    def _keyboard_cards(self) -> list[int]:
        """The viewer's cards that keyboard focus walks over, left to right."""
        pick = self.selectable()
        sprites = [s for s in self.compose(self.app_time()) if s.card in pick or self._own_hand(s)]
        sprites.sort(key=lambda s: (s.rect.y < self.app.size[1] // 2, s.rect.x))
        return [s.card for s in sprites]

    # -- drawing ---------------------------------------------------------------------------------
    def compose(self, now: float) -> list[Sprite]:
        """Every card to draw this frame, bottom first: resting cards, then waiting and flying ones."""
        if self.placement is None:
            return []
        rest, moving = [], []
        seen = self.visible()
        lift = round(self.placement.card_w * theme.CARD_ASPECT * theme.LIFT_FRACTION)
        mine = self.my_turn()
        dragged = set(self.drag.cards) if self.drag else set()
        face_down = {f"{z.name}/" for z in self.spec.seat_zones if z.face_down}
        for z, cards in self._layered(self.zones()):
            view = seen.get(z, [])
            if face_down and z[: z.find("/") + 1] in face_down:
                view = [HIDDEN] * len(cards)
            rects = self.placement.card_rects(z, len(cards))
            for i, (c, r) in enumerate(zip(cards, rects, strict=False)):
                if c in dragged:
                    continue
                face = view[i] if i < len(view) else HIDDEN
                at = self.motions.position(c, now)
                if at is not None:
                    (x, y), width, face_up, turn = at
                    shown = face if face_up is None else (c if face_up else HIDDEN)
                    w = width or r.w
                    rect = Rect(round(x), round(y), w, round(w * theme.CARD_ASPECT))
                    if turn >= 0:  # turning over: the back narrows away, then the face widens in
                        shown = HIDDEN if turn < 0.5 else face
                        rect = rect.inflate(-round(w * (1 - abs(math.cos(math.pi * turn)))), 0)
                    moving.append(Sprite(c, z, i, rect, shown, True))
                    continue
                rr = r
                if mine and (
                    c in self.selection
                    or c == self.focus
                    or (r.collidepoint(self.pointer) and self._liftable(z, face))
                ):
                    rr = r.move(0, -lift if c in self.selection else -lift // 2)
                rest.append(Sprite(c, z, i, rr, face))
        # Hover lift must pick the topmost card only: undo it on cards beneath the topmost one.
        hovered = [
            s
            for s in rest
            if s.rect.collidepoint(self.pointer)
            and s.card not in self.selection
            and s.card != self.focus
            and self._liftable(s.zone, s.face)
        ]
        for s in hovered[:-1]:
            s.rect = self.placement.card_rects(s.zone, len(self.zones()[s.zone]))[s.index]
        return rest + moving

    def _layered(self, zones: dict[str, list[int]]) -> list[tuple[str, list[int]]]:
        """Zones bottom first for drawing: a row that lies on another comes after it, whatever
        order the game lists its zones in."""
        return self._cached("layered", lambda: self._layer_order(zones))  # type: ignore[return-value]

    def _layer_order(self, zones: dict[str, list[int]]) -> list[tuple[str, list[int]]]:
        on_top = {f"{z.name}/" for z in self.spec.seat_zones if z.on}
        return sorted(zones.items(), key=lambda item: item[0][: item[0].find("/") + 1] in on_top)

    def draw(self, surface: pygame.Surface) -> None:
        p = self.placement
        if p is None:
            return
        now = self.app_time()
        surface.fill(theme.FELT)
        pygame.draw.rect(surface, theme.FELT_DARK, p.log_rect)
        self._draw_zone_marks(surface, p)
        self._draw_plates(surface, p, now)
        sprites = self.compose(now)
        self.drawn = []
        art = self.app.card_art
        pick = self.selectable() if self.app.settings.legal_highlight else set()
        ctx = self.panel_context(now)
        turned = self.panel.rotated(ctx)
        for s in sprites:
            width = round(s.rect.h / theme.CARD_ASPECT)  # a card turning over is narrower than tall
            img = art.back(width) if s.face == HIDDEN else art.face(s.face, width)
            if width - s.rect.w > 1:
                img = pygame.transform.scale(img, s.rect.size)
            if s.card in turned and not s.moving:
                img = self._turned(img, s.face, width)
                s.rect = img.get_rect(center=s.rect.center)
            surface.blit(img, s.rect)
            self.drawn.append((s.face, s.zone, s.rect))
            if s.moving:
                continue
            if s.card in self.selection:
                pygame.draw.rect(
                    surface, theme.SELECTED, s.rect.inflate(4, 4), theme.HIGHLIGHT_WIDTH + 1, border_radius=8
                )
            elif s.card in pick:
                pygame.draw.rect(
                    surface, theme.LEGAL, s.rect.inflate(2, 2), theme.HIGHLIGHT_WIDTH - 1, border_radius=8
                )
            if s.card == self.focus:
                pygame.draw.rect(surface, theme.BUTTON_FOCUS, s.rect.inflate(8, 8), 2, border_radius=10)
        self._draw_counts(surface, p, sprites)
        for f in self.flashes:
            self._draw_flash(surface, p, f, now)
        self._draw_marks(surface, p, sprites, ctx)
        self._draw_pick_labels(surface, p)
        self.panel.draw(surface, ctx)
        self._draw_drag(surface, p)
        if not self.busy(now):  # the next decision shows once what led to it has landed
            self._draw_prompt(surface, p, now)
            self.form.draw(surface, p.text_px)
        self._draw_banner(surface, p, now)
        self._draw_log(surface, p)

    def _turned(self, img: pygame.Surface, face: int, width: int) -> pygame.Surface:
        """A card lying turned 90° (a swapped-in face-up card), rotated once per face and size."""
        key = (face, width)
        hit = self._turn_cache.get(key)
        if hit is None or hit[0] is not img:
            # Turned, its long side a little wider than an upright card: it still reads as lying
            # across its place without covering the neighbours in a tight row.
            w, h = img.get_size()
            turned = pygame.transform.rotate(img, 90)
            hit = (img, pygame.transform.smoothscale(turned, (round(w * 1.15), round(w * 1.15 * w / h))))
            self._turn_cache[key] = hit
        return hit[1]

    def panel_context(self, now: float) -> PanelContext:
        assert self.placement is not None
        return PanelContext(
            self.placement,
            self.public_view(),
            self.match.names,
            self.viewer,
            now,
            self.visible(),
            self.t,
            sizes=self.shown_sizes if self.shown_sizes is not None and self.busy(now) else None,
            picking=bool(self._picked),
        )

    def public_view(self) -> object:
        """What the viewer may know; with no human at the table, seat 0's view (panels read only
        public facts from it)."""
        seat = self.viewer if self.viewer is not None else 0
        return self._cached(f"pview{seat}", lambda: self.match.state.view(seat))

    def _draw_marks(self, surface: pygame.Surface, p: TablePlacement, sprites: list[Sprite], ctx) -> None:
        """A star and the game's word on the viewer's cards the panel marks (wildcards in a hand)."""
        marked = self.panel.marks(ctx)
        if not marked:
            return
        px = round(p.text_px * 0.75)
        label = "   " + self.panel.mark_label(ctx)  # room for the star
        for s in sprites:
            if s.card in marked and s.face != HIDDEN and not s.moving:
                tag = badge(surface, label, (s.rect.centerx, s.rect.bottom - px), px)
                _star(surface, (tag.x + px * 0.75, tag.centery), px * 0.45)

    def _draw_pick_labels(self, surface: pygame.Surface, p: TablePlacement) -> None:
        for z in self._picked or ():
            place = p.zones.get(z)
            seat = int(z.rsplit("/", 1)[1])
            label = f"Pick one face-down card from {self.match.names[seat]}"
            img = text.render(label, p.text_px, theme.ACCENT, bold=True)
            surface.blit(img, img.get_rect(midbottom=(place.rect.centerx, place.rect.y - 4)))

    def _draw_zone_marks(self, surface: pygame.Surface, p: TablePlacement) -> None:
        px = p.text_px
        self._draw_seat_spots(surface, p)
        # Where the cards in hand (dragged, or else selected) may go is lit.
        moving = set(self.drag.cards) if self.drag else self.selection if self.my_turn() else set()
        legal = self.legal_targets(moving) if moving and self.app.settings.legal_highlight else set()
        for z in self.spec.centre_zones:
            place = p.zones.get(z.name)
            if place is None or self._picked:
                continue  # (decks fanned for a pick take the middle)
            if z.style == "panel":
                continue  # a place the game's panel draws in
            slot = Rect(place.rect.topleft, (place.card_w, place.card_h))
            colour = (
                theme.DROP_TARGET
                if self.drag and self.drag.target == z.name
                else theme.LEGAL
                if z.name in legal
                else theme.FELT_LINE
            )
            pygame.draw.rect(
                surface, colour, slot.inflate(6, 6), 3 if colour != theme.FELT_LINE else 2, border_radius=10
            )
            label_px = round(px * 0.8)
            while label_px > 10 and text.text_size(z.label, label_px)[0] > place.rect.w + px // 2:
                label_px -= 1  # a narrow window: the label shrinks rather than run into the next
            img = text.render(z.label, label_px, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midbottom=(slot.centerx, slot.y - 6)))

    def _draw_seat_spots(self, surface: pygame.Surface, p: TablePlacement) -> None:
        """A faint place, named, for each seat's decks and fans, so an empty spot still reads as
        the place where its cards go (a contest spot, a scored pile)."""
        zones = self.zones()
        small = max(10, round(p.text_px * 0.65))
        for z in self.spec.seat_zones:
            if z.style not in ("stack", "fan"):
                continue
            for seat in range(self.players):
                name = f"{z.name}/{seat}"
                place = p.zones.get(name)
                if place is None or name in (self._picked or ()):
                    continue
                slot = Rect(place.rect.topleft, (place.card_w, place.card_h))
                pygame.draw.rect(surface, theme.FELT_LINE, slot, 1, border_radius=8)
                if not zones.get(name) and z.label:
                    for i, word in enumerate(z.label.split()):
                        img = text.render(word, small, theme.FELT_LINE)
                        centre = (slot.centerx, slot.centery + (i - 0.5) * small)
                        surface.blit(img, img.get_rect(center=centre))

    def _draw_counts(self, surface: pygame.Surface, p: TablePlacement, sprites: list[Sprite]) -> None:
        """Numbers a player cannot count by eye: a stack's size, an opponent's hand size. Cards
        still in the air are not counted yet (nor where they came from, once they left)."""
        px = round(p.text_px * 0.8)
        resting: dict[str, int] = {}
        for s in sprites:
            if not s.moving:
                resting[s.zone] = resting.get(s.zone, 0) + 1
        for name, place in p.zones.items():
            count = resting.get(name, 0)
            if count < 2 or not (place.style == "stack" or (place.style == "hand" and not place.viewer_hand)):
                continue
            label = text.render(str(count), px, theme.TEXT_DARK, bold=True)
            badge = label.get_rect().inflate(px // 2 + 4, 4)
            badge.center = (place.rect.x + place.card_w - 4, place.rect.y + 4)
            pygame.draw.rect(surface, theme.ACCENT, badge, border_radius=badge.h // 2)
            surface.blit(label, label.get_rect(center=badge.center))

    def _draw_plates(self, surface: pygame.Surface, p: TablePlacement, now: float) -> None:
        px = p.text_px
        state = self.match.state
        zones = self.zones()
        aimed = {a.target for a in self.target_actions()}
        for seat, plate in p.plates.items():
            seat_cards = sum(len(zones.get(f"{z.name}/{seat}", ())) for z in self.spec.seat_zones)
            to_move = state.to_move == seat
            out = seat_cards == 0 and self.spec.out_when_empty
            fill = theme.PLATE_OUT if out else theme.PLATE
            pygame.draw.rect(surface, fill, plate, border_radius=plate.h // 3)
            edge = theme.DROP_TARGET if seat in aimed else theme.TURN if to_move else theme.FELT_LINE
            pygame.draw.rect(
                surface, edge, plate, 3 if to_move or seat in aimed else 1, border_radius=plate.h // 3
            )
            s = self.match.seats[seat]
            label = s.name
            if seat in aimed:
                label = f"{self.seat_hotkeys.get(seat, '')}  {label}"
            if self.match.is_bot(seat) and to_move and not state.is_over:
                label += "  thinking" + "." * (1 + int(now * 3) % 3)
            elif out:
                label += "  (out)"
            img = text.render(label, round(px * 0.9), theme.TURN if to_move else theme.TEXT, bold=to_move)
            if img.get_width() > plate.w - 8:
                img = img.subsurface((0, 0, plate.w - 8, img.get_height()))
            surface.blit(img, img.get_rect(midleft=(plate.x + 8, plate.centery)))

    def _draw_flash(self, surface: pygame.Surface, p: TablePlacement, f: Flash, now: float) -> None:
        place = p.zones.get(f.zone)
        alpha = f.alpha(now)
        if place is None or alpha <= 0:
            return
        r = place.rect.inflate(place.card_w // 2, place.card_w // 2)
        glow = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.ellipse(glow, (*theme.BURN_FLASH, alpha), glow.get_rect())
        surface.blit(glow, r)

    def _draw_drag(self, surface: pygame.Surface, p: TablePlacement) -> None:
        rect = self.drag_rect()
        if rect is None or self.drag is None:
            return
        # The seat's own places that take the dragged cards, and the cards they may go onto.
        for z in self.legal_targets(set(self.drag.cards)):
            place = p.zones.get(z)
            if place is not None and "/" in z:
                lit = theme.DROP_TARGET if self.drag.target == z else theme.LEGAL
                pygame.draw.rect(surface, lit, place.rect.inflate(8, 8), 3, border_radius=10)
        onto = self._onto_targets(set(self.drag.cards))
        if onto:
            for s in self.compose(self.app_time()):
                if s.card in onto:
                    pygame.draw.rect(surface, theme.DROP_TARGET, s.rect.inflate(6, 6), 3, border_radius=10)
        seen = {c for cs in self.visible().values() for c in cs}
        w = rect.h * 10 // 14
        step = round(w * 0.25)
        for i, c in enumerate(self.drag.cards):
            img = self.app.card_art.face(c, w) if c in seen else self.app.card_art.back(w)
            surface.blit(img, (rect.x + step * i, rect.y))
            self.drawn.append(
                (c if c in seen else HIDDEN, "drag", Rect(rect.x + step * i, rect.y, w, rect.h))
            )

    def _draw_prompt(self, surface: pygame.Surface, p: TablePlacement, now: float) -> None:
        state = self.match.state
        if state.is_over:
            line = "Game over"
        elif self.my_turn():
            name, ask = self.match.names[state.to_move], state.prompt() or "your move"
            line = ask if ask.startswith(name) else f"{name}: {ask}"  # some games name the seat
            if self.target_actions():
                line += " — choose a seat"
        else:
            tm = state.to_move
            line = f"{self.match.names[tm]} to move" if tm is not None else ""
        img = text.render(line, p.text_px, theme.TEXT, bold=True)
        surface.blit(img, img.get_rect(center=(p.prompt_pos[0], self.prompt_y)))

    def _draw_status(self, surface: pygame.Surface, area: Rect, lines: list[str], px: int) -> int:
        """The panel's status lines in a box at the top of the side column; returns its bottom.
        Drawn again only when the lines change: wrapping measures every word."""
        key = (tuple(lines), area.w, px)
        if self._status_key != key:
            self._status_key = key
            self._status_image = self._status_box(area.w, lines, px)
        surface.blit(self._status_image, area.topleft)
        return area.y + self._status_image.get_height()

    def _status_box(self, width: int, lines: list[str], px: int) -> pygame.Surface:
        area = Rect(0, 0, width, 0)
        line_h = round(px * 1.35)
        wrapped = [
            (part, i == 0)
            for i, line in enumerate(lines)
            for part in text.wrap(line, px, area.w - px, bold=i == 0)
        ]
        box = Rect(0, 0, area.w, line_h * len(wrapped) + px // 2)
        image = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(image, theme.PANEL, box, border_radius=8)
        pygame.draw.rect(image, theme.PANEL_EDGE, box, 1, border_radius=8)
        for i, (line, title) in enumerate(wrapped):
            img = text.render(line, px, theme.ACCENT if title else theme.TEXT, bold=title)
            image.blit(img, (box.x + px // 2, box.y + px // 4 + i * line_h))
        return image

    def _draw_banner(self, surface: pygame.Surface, p: TablePlacement, now: float) -> None:
        if self.banner is None or now >= self.banner[1]:
            return
        img = text.render(self.banner[0], round(p.text_px * 1.8), theme.TURN, bold=True)
        strip = Rect(p.table_rect.x, 0, p.table_rect.w, img.get_height() + p.text_px * 2)
        strip.centery = p.prompt_pos[1]  # over the prompt, not over the cards
        shade = pygame.Surface(strip.size, pygame.SRCALPHA)
        shade.fill(theme.SHADE)
        surface.blit(shade, strip)
        surface.blit(img, img.get_rect(center=strip.center))

    def _draw_log(self, surface: pygame.Surface, p: TablePlacement) -> None:
        px = round(p.text_px * 0.85)
        self.menu_button.draw(surface, px)
        top = self.menu_button.rect.bottom + px
        status = self.panel.status(self.panel_context(self.app_time()))
        if status:
            column = Rect(p.log_rect.x + px // 2, top, p.log_rect.w - px, 0)
            top = self._draw_status(surface, column, status, px) + px
        area = Rect(p.log_rect.x + px // 2, top, p.log_rect.w - px, p.log_rect.bottom - px // 2 - top)
        key = (len(self.log), self.log[-1] if self.log else "", area.size, px)
        if self._log_key != key:
            # Wrapping measures every word: do it when the log changes, not every frame.
            self._log_key = key
            self._log_image = pygame.Surface(area.size, pygame.SRCALPHA)
            lines: list[str] = []
            for entry in self.log[-40:]:
                lines += text.wrap(entry, px, area.w)
            line_h = round(px * 1.35)
            fit = max(1, area.h // line_h)
            shown = lines[-fit:]
            for i, line in enumerate(shown):
                colour = theme.TEXT if i == len(shown) - 1 else theme.TEXT_DIM
                self._log_image.blit(text.render(line, px, colour), (0, i * line_h))
        surface.blit(self._log_image, area)


def _star(surface: pygame.Surface, centre: tuple[float, float], r: float) -> None:
    """A five-pointed star (the default font has no ★)."""
    import math

    cx, cy = centre
    points = [
        (cx + (r if i % 2 == 0 else r * 0.45) * math.sin(math.pi * i / 5),
         cy - (r if i % 2 == 0 else r * 0.45) * math.cos(math.pi * i / 5))
        for i in range(10)
    ]
    pygame.draw.polygon(surface, theme.TEXT_DARK, points)
