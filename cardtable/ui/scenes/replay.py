"""The replay viewer: a finished match at the table, every hand face up, stepped both ways.

It composes the table's parts (a board that shows every seat's cards, the choreography, the
renderer) with its own controls instead of the game's: the positions come from
``positions(saved)``; a step forward is animated as at the table (the same events, flights and
log lines); a step back or a jump shows the position at once.
"""

from __future__ import annotations

import pygame

from cardtable.engine.cards import card_name
from cardtable.engine.protocol import Event, State
from cardtable.engine.words import in_second_person
from cardtable.games import get_game, layout_of
from cardtable.runner.log_lines import deal_line
from cardtable.runner.match import Match, Seat
from cardtable.store.matches import SavedMatch, Unfinished
from cardtable.ui.input import Click, InputEvent, Key, PointerMove, Wheel
from cardtable.ui.layout import TablePlacement
from cardtable.ui.panels import PanelContext
from cardtable.ui.scene import Scene, register
from cardtable.ui.table import frame, replay_frame
from cardtable.ui.table.art import Caches
from cardtable.ui.table.board import Board, Sprite
from cardtable.ui.table.choreography import Choreography
from cardtable.ui.table.log import LogView
from cardtable.ui.table.replay_frame import ReplayFrame
from cardtable.ui.table.replay_keys import replay_key
from cardtable.ui.table.seam import Side, TableFrame
from cardtable.ui.widgets import Button, Form, Widget

PLAY_SECONDS = 1.2
"""Seconds between auto-played steps at 1x (after the cards have landed)."""


@register("replay")
class ReplayScene(Scene):
    def __init__(self, app, saved: SavedMatch, steps: list[State]) -> None:
        super().__init__(app)
        game = get_game(saved.game)
        self.match = Match.resume(Unfinished(saved, game, steps[0]), None)
        # Everyone is a watched seat: no "thinking" on bots' plates.
        self.match.seats = [Seat(s.name, "human") for s in saved.seats]
        humans = [i for i, s in enumerate(saved.seats) if s.kind == "human"]
        # The seat at the bottom of the table; every seat's cards face up (point cards laid face
        # down too).
        self.board = Board(app, self.match, layout_of(game), humans[0] if humans else 0, reveal=True)
        self.panel = self.board.panel
        self.log: list[str] = []
        self.logview = LogView(self.log)
        self.choreo = Choreography(self.board, self.say)
        self.art = Caches()
        self.saved = saved
        self.steps = steps
        self.actions = saved.action_list()
        self.index = 0
        self.deciding: int | None = None
        """The position a review shows a decision from: counted as the review counts it."""
        self._events: dict[int, list[Event]] = {}
        self.form = Form()
        self.menu_button = Button("Close replay (Esc)", self.close)
        self.review_button = Button("Review this game (R)", self.review)
        self.playing = False
        """Auto-play: the next step is taken once the last has landed and ``PLAY_SECONDS`` passed."""
        self.speed = 1
        self._next_at = 0.0
        self.drawn: list[tuple[int, str, pygame.Rect]] = []
        self.selection: set[int] = set()
        self.focus: int | None = None
        self.seat_hotkeys: dict[int, str] = {}
        self.prompt_y = 0
        self.keys = replay_frame.KEYS
        """The keys' hint under the controls: a review over the replay takes some keys for its own."""
        self.logview.set_lines(self._log_upto(0))

    # -- what the renderer reads -------------------------------------------------------------------
    placement = property(lambda self: self.board.placement)
    viewer = property(lambda self: self.board.viewer)
    card_art = property(lambda self: self.app.card_art)

    def app_time(self) -> float:
        return self.app.now

    def busy(self, now: float) -> bool:
        return self.choreo.busy(now)

    def moving(self, now: float) -> bool:
        return self.playing or self.choreo.moving(now)  # paused, a move is read at rest

    def compose(self, now: float) -> list[Sprite]:
        return self.board.compose(now)

    def zones(self) -> dict[str, list[int]]:
        return self.board.zones()

    def selectable(self) -> set[int]:
        return set()

    def target_actions(self) -> list:
        return []

    def my_turn(self) -> bool:
        return False  # nobody plays in a replay

    def seat_note(self, seat: int) -> str:
        return ""

    def turned(self, img: pygame.Surface, face: int, width: int) -> pygame.Surface:
        return self.art.turned(img, face, width)

    def say(self, line: str) -> None:
        if line:
            self.log.append(in_second_person(line, self.match.names))

    # -- the positions ---------------------------------------------------------------------------
    @property
    def last(self) -> int:
        return len(self.steps) - 1

    def events_of(self, i: int) -> list[Event]:
        """What action ``i`` did (applied again on a copy of the position before it)."""
        if i not in self._events:
            self._events[i] = self.steps[i].clone().apply(self.actions[i])
        return self._events[i]

    def lines_of(self, i: int) -> list[str]:
        lines = [in_second_person(ev.text, self.match.names) for ev in self.events_of(i) if ev.text]
        return lines or [self.words(i)]

    def words(self, i: int) -> str:
        """Action ``i`` in words: who did what."""
        state = self.steps[i]
        seat = state.to_move
        who = self.match.names[seat] if seat is not None else ""
        what = state.describe(self.actions[i])
        return f"{who}: {what}" if who and not what.startswith(who) else what

    def _log_upto(self, index: int) -> list[str]:
        """The whole log from the deal to position ``index``."""
        lines = [deal_line(self.match.names, self.match.dealer)]
        for i in range(index):
            lines += self.lines_of(i)
        return lines

    def go(self, index: int) -> None:
        """Show position ``index`` (0 the deal); one step forward is animated like play."""
        index = max(0, min(self.last, index))
        if index == self.index:
            return
        forward = index == self.index + 1
        events = self.events_of(self.index) if forward else []
        before = {z: list(c) for z, c in self.zones().items()}
        self.choreo.quiet()
        self.logview.set_lines(self._log_upto(self.index if forward else index))
        action = self.actions[self.index] if forward else None
        self.index = index
        self.match.state = self.steps[index]
        self.board.version += 1
        self.panel.reset()
        if forward:
            self.choreo.play(before, events, self.app_time(), action)
            if not any(ev.text for ev in events):
                self.say(self.words(index - 1))
        self._rebuild_buttons()

    def close(self) -> None:
        self.app.pop()

    def _reviewable(self) -> bool:
        """Watched on its own (not under the review, which draws it), with a review to open."""
        return self.app.top is self and self.app.can_open("review")

    def review(self) -> None:
        """The review of this game (a scene of its own, found by name)."""
        if self._reviewable():
            self.app.push("review", saved=self.saved)

    def toggle_play(self) -> None:
        self.playing = not self.playing and self.index < self.last
        self._next_at = self.app_time()
        self._rebuild_buttons()

    def faster(self) -> None:
        """1x, 2x, 4x, then back to 1x."""
        self.speed = self.speed * 2 if self.speed < 4 else 1
        self._rebuild_buttons()

    def _auto_play(self, now: float) -> None:
        if not self.playing or self.busy(now) or now < self._next_at:
            return
        if self.index >= self.last:
            self.playing = False
            self._rebuild_buttons()
            return
        self.go(self.index + 1)
        self._next_at = now + PLAY_SECONDS / self.speed

    # -- the table, watched ----------------------------------------------------------------------
    def update(self, now: float) -> None:
        self.choreo.update(now)
        self._auto_play(now)
        self.art.warm_cards(self.app.card_art)

    def resize(self, size: tuple[int, int]) -> None:
        self.board.resize(size)
        self._rebuild_buttons()

    def _rebuild_buttons(self) -> None:
        """The replay's controls take the place of the decision buttons."""
        kept = self.form.focus if len(self.form.widgets) == 6 else 2  # Next, unless moved
        p = self.placement
        if p is None:
            return
        px = p.text_px
        lr = p.log_rect
        self.menu_button.rect = pygame.Rect(lr.x + px // 2, lr.y + px // 2, lr.w - px, round(px * 2))
        self.review_button.rect = self.menu_button.rect.move(0, round(px * 2.4))
        self.prompt_y = p.buttons_rect.y - round(px * 1.5)
        controls = [("« Start", lambda: self.go(0), self.index > 0),
                    ("‹ Back", lambda: self.go(self.index - 1), self.index > 0),
                    ("Next ›", lambda: self.go(self.index + 1), self.index < self.last),
                    ("End »", lambda: self.go(self.last), self.index < self.last),
                    ("Pause" if self.playing else "Play", self.toggle_play, self.index < self.last),
                    (f"Speed {self.speed}x", self.faster, True)]
        gap = px // 2
        area = p.buttons_rect
        n = len(controls)
        bw = min(max(Button.width_for(label, px) for label, _, _ in controls) + px,
                 (area.w - gap * (n - 1)) // n)
        x = area.centerx - (bw * n + gap * (n - 1)) // 2
        buttons: list[Widget] = []
        for label, fn, enabled in controls:
            buttons.append(Button(label, fn, pygame.Rect(x, area.y, bw, area.h), enabled=enabled))
            x += bw + gap
        self.form = Form(buttons)
        if 0 <= kept < len(buttons) and buttons[kept].enabled:
            self.form.set_focus(kept)
        elif any(b.enabled for b in buttons):
            self.form.set_focus(1 if kept >= 2 else 2)  # at either end: the way still open

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: InputEvent) -> None:
        if isinstance(event, PointerMove):
            self.pointer = event.pos
            self.form.handle(event)
            self.menu_button.handle(event)
            if self._reviewable():
                self.review_button.handle(event)
        elif self.logview.handle_pointer(event):
            return  # the wheel over the log, its scrollbar, "newest ↓": the log scrolls
        elif isinstance(event, Click):
            if not self.menu_button.handle(event) and not (
                    self._reviewable() and self.review_button.handle(event)):
                self.form.handle(event)
        elif isinstance(event, Wheel):
            self.go(self.index - event.dy)
        elif isinstance(event, Key):
            meaning = replay_key(event.key, self.index, self.last, self._reviewable())
            if meaning is None:
                self.form.handle(event)
            elif meaning[0] == "go":
                self.go(meaning[1])
            else:
                {"close": self.close, "play": self.toggle_play, "review": self.review}[meaning[0]]()

    # -- drawing ---------------------------------------------------------------------------------
    def caption(self) -> tuple[str, str]:
        """The step counter, and the last action's words (with the outcome at the last step)."""
        line = "The deal" if self.index == 0 else self.words(self.index - 1)
        if self.index == self.last and self.saved.outcome is not None and self.saved.outcome.text:
            line = f"{line}  —  {self.saved.outcome.text}"
        if self.deciding == self.index:  # "Move 24" in the review was "Replay 23 / 139" here
            # the move just made read as the move to make (the review's "Move 4: play 6♣" over
            # "Before move 4 of 17", "Cal: draw for first player"): it says it came before
            last = f"Last move: {line}" if self.index else line
            return f"Before move {self.index + 1} of {self.last}", last
        if self.index == 0:  # "Replay 0 / 311" read as a move numbered 0
            # every hand and face-down card lies face up here, as nobody saw them at the table; the
            # pack does not ("every card face up" beside Fscking Ace's and Shithead's face-down packs)
            return f"Replay of {self.last} moves, every player's cards face up", line
        return f"Move {self.index} of {self.last}", line  # the move the line tells, as the review counts

    def hand_lists(self, p: TablePlacement) -> tuple[tuple[tuple[str, ...], pygame.Rect], ...]:
        """Other seats' hands of two cards or more: their cards' words and the span they cover."""
        zones = self.zones()
        lists = []
        for z in sorted(self.board.hand_zones):
            place = p.zones.get(z)
            cards = zones.get(z, [])
            if place is None or place.viewer_hand or len(cards) < 2:
                continue
            rects = p.card_rects(z, len(cards))
            lists.append((tuple(card_name(c) for c in cards), rects[0].unionall(rects[1:])))
        return tuple(lists)

    def frame(self) -> TableFrame | None:
        """What this frame of the replay draws: every hand face up, nothing to pick or aim at."""
        p = self.placement
        if p is None:
            return None
        now = self.app_time()
        ctx = PanelContext(p, self.board.view(), self.match.names, self.viewer, now, self.board.known(),
                           self.choreo.t, sizes=self.choreo.shown_sizes if self.busy(now) else None)
        zones = self.board.zones()
        banner = self.choreo.banner
        below = self.review_button if self._reviewable() else self.menu_button
        buttons = (self.menu_button, self.review_button) if self._reviewable() else (self.menu_button,)
        return TableFrame(
            placement=p, now=now, spec=self.board.spec, players=self.board.players,
            filled=frozenset(z for z, cards in zones.items() if cards), picked=tuple(self.board.picked),
            names=tuple(self.match.names),
            plates=frame.plates(p, self.board, self.match, set(), self.seat_hotkeys, self.seat_note, now),
            legal_zones=frozenset(), drop_target=None, sprites=tuple(self.compose(now)),
            selection=frozenset(self.selection), pick=frozenset(), focus=self.focus,
            turned=self.panel.rotated(ctx), known=frozenset(), flashes=tuple(self.choreo.flashes),
            marked=self.panel.marks(ctx), mark_label=self.panel.mark_label(ctx), panel=self.panel,
            panel_ctx=ctx, prompt_y=self.prompt_y, form=self.form,
            banner=banner[0] if banner is not None and now < banner[1] else None,
            side=Side(buttons, below.rect.bottom, tuple(self.panel.status(ctx)), self.logview, None))

    def draw(self, surface: pygame.Surface) -> None:
        shown = self.frame()
        if shown is None:
            return
        counter, line = self.caption()
        record = ReplayFrame(shown, counter, line, self.hand_lists(shown.placement), self.keys)
        self.drawn = replay_frame.draw(surface, record, self.card_art, self.art)
