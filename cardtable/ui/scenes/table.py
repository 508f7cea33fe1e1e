"""The table: one match drawn from the viewer's seat, wired from the parts in ``cardtable.ui.table``.

The board holds the cards as the viewer may know them (so a card another seat may not know is
never drawn face up: privacy holds by construction); turns asks each seat through its driver;
the choreography animates the events redacted for the viewer; controls turn input into gestures
and choices say what each means; frame draws it (with render). The scene only connects them.
"""

from __future__ import annotations

import pygame

from cardtable.engine.protocol import Action, State
from cardtable.games import layout_of
from cardtable.runner.loop import Applied, Refused
from cardtable.runner.match import Match
from cardtable.ui import timings
from cardtable.ui.firsts import first_time
from cardtable.ui.input import Click, InputEvent, Key, PointerMove
from cardtable.ui.lessons import refusal_words
from cardtable.ui.panels import PanelContext
from cardtable.ui.scene import AppLike, Scene, register
from cardtable.ui.table import frame
from cardtable.ui.table.art import Caches
from cardtable.ui.table.board import Board
from cardtable.ui.table.choices import Choices, Refusal, Select
from cardtable.ui.table.choreography import Choreography
from cardtable.ui.table.comforts import Comforts
from cardtable.ui.table.controls import Controls
from cardtable.ui.table.deciding import Deciding
from cardtable.ui.table.game_log import GameLog
from cardtable.ui.table.hand_order import Mode
from cardtable.ui.table.seam import FlyBack, Gesture, NotNow
from cardtable.ui.table.turns import Turns
from cardtable.ui.widgets import Button, Form

Rect = pygame.Rect

RESULTS_DELAY = 0.6
"""Seconds the final position stays on the table before the results screen."""


@register("table")
class TableScene(Deciding, Scene):
    def __init__(self, app: AppLike, match: Match, animate_deal: bool = True) -> None:
        super().__init__(app)
        self.match = match
        humans = match.human_seats
        # One human sees their own seat throughout; in hot-seat play nobody's hand shows until
        # the first "Pass to" screen, and with no human the table shows only public cards.
        self.board = Board(app, match, layout_of(match.game), humans[0] if len(humans) == 1 else None)
        self.panel = self.board.panel
        self.game_log = GameLog(match, self.board.viewer, continued=not animate_deal)
        self.log, self.logview = self.game_log.lines, self.game_log.view
        self.choreo = Choreography(self.board, self.game_log.say)
        self.turns = Turns(app, match, lambda: self.app.now)
        self.controls = Controls(self, self._gesture)
        self.form = Form()
        self.seat_hotkeys: dict[int, str] = {}
        self.prompt_y = 0
        self.view_before: State | None = None  # the view the cards in flight left: the panel's
        self.menu_button = Button("Menu (Esc)", self.open_menu)
        self.comforts = Comforts(self, self.turns.service, app.settings.hand_order, self._keep_order)
        self.board.arrange = self.comforts.arrange
        self.pass_pending = False
        self.log_seen: dict[int, int] = {}
        self.skip_offered = False
        """"Skip to the results" is the one button: every person here is out."""
        self.finished_at: float | None = None
        self.seconds = [0.0] * len(match.seats)
        """The time each seat has taken over its moves (for the results)."""
        self._ticked: float | None = None
        self.drawn: list[tuple[int, str, Rect]] = []
        """What the last frame drew: (card face shown or HIDDEN, zone, rect). Tests read this."""
        self.overlaid: tuple[Rect, ...] = ()
        """What an overlay (a lesson's coach) draws over the table: a tooltip keeps off it, or the
        overlay covers the words."""
        self.badges: list[Rect] = []
        """Where the last frame drew its count badges (a stack's size): overlays keep off them."""
        self._deal_pending = animate_deal
        self.drawn_version = -1
        """The position the last frame showed (``version``)."""
        self.turn_version = -1
        self.shown_notice: tuple[str, Rect | None, float] | None = None
        """A line by the cards (a refused move's reason), where, and until when."""
        self.art = Caches()
        self._choices: tuple[tuple[object, ...], Choices] | None = None

    # -- what the other parts read ---------------------------------------------------------------
    placement = property(lambda self: self.board.placement)
    selection = property(lambda self: set(self.controls.selection))
    focus = property(lambda self: self.controls.focus)
    _picked = property(lambda self: self.board.picked)

    @property
    def version(self) -> int:
        return self.board.version

    @version.setter
    def version(self, value: int) -> None:
        self.board.version = value
        self._choices = None

    card_art = property(lambda self: self.app.card_art)
    highlight = property(lambda self: self.app.settings.legal_highlight)

    def app_time(self) -> float:
        return self.app.now

    def t(self, seconds: float) -> float:
        return self.choreo.t(seconds)

    def busy(self, now: float) -> bool:
        return self.choreo.busy(now)

    def moving(self, now: float) -> bool:
        """Cards in flight, a drag, a deck spinning, or a position not drawn yet (a move with no
        flight, made by a bot between frames)."""
        return (self.choreo.moving(now) or self.controls.drag is not None or bool(self.panel.spinning)
                or self._deal_pending or self.drawn_version != self.version)

    # -- layout ----------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        placement = self.board.resize(size)
        widths = sorted({z.card_w for z in placement.zones.values()}, reverse=True)
        for w in widths:
            self.app.card_art.back(w)  # every seat shows backs from the first frame
        cards = [c for cs in self.board.known().values() for c in cs if c >= 0]
        self.art.warm = [(c, w) for w in reversed(widths) for c in cards]  # popped biggest first
        self.controls.drag = None
        self._rebuild_buttons()

    def _set_viewer(self, seat: int | None) -> None:
        if seat != self.viewer:
            self.board.viewer = seat
            self.controls.reset()
            self.resize(self.app.size)

    # -- the match moves on ----------------------------------------------------------------------
    def enter(self) -> None:
        if first_time(self.app, self.match.game):
            self.app.push("how_to_play", game=self.match.game)
        if self._deal_pending:
            self._deal_pending = False
            self.choreo.deal(self.match.dealer)
            self.log.append(self.game_log.deal())

    def apply(self, action: Action) -> bool:
        """The viewer's decision: carried out and animated, or refused with the rule in the log."""
        before, self.view_before = self.board.zones(), self.board.view()
        return self._done(self.turns.submit(action), before)

    def _done(self, done: Applied | Refused | None, before) -> bool:
        if isinstance(done, Refused):
            # a lesson's step asks for another move, which the rules may well allow
            self.refuse(refusal_words(done.reason, done.action, done.coach, self.match.taught()), None)
            return False
        if not isinstance(done, Applied):
            return False
        self.version += 1
        self.shown_notice = None  # a hint or a reason about the position before this move
        self.controls.reset()
        self.game_log.moved()
        self.choreo.play(before, done.events_for(self.viewer), self.app_time(), done.action)
        self._rebuild_buttons()
        return True

    def say(self, line: str) -> None:
        self.game_log.say(line)

    def notice(self, line: str, near: Rect | None) -> None:
        """Say ``line`` by the cards for a few seconds (a toast): the log keeps only the game."""
        if line:
            self.shown_notice = (line, near, self.app.now + timings.NOTICE)

    def refuse(self, reason: str, near: Rect | None) -> None:
        if reason:
            self.notice(reason, near)
            self.app.sound.play("error")

    def select(self, cards: frozenset[int]) -> None:
        self.controls.selection = frozenset(cards)
        self._rebuild_buttons()

    def _gesture(self, g: Gesture, near: Rect | None) -> bool:
        """What the controls say a gesture meant, carried out; True if a move was made."""
        if isinstance(g, FlyBack):
            self.choreo.fly_back(list(g.cards), g.rect)
        elif isinstance(g, NotNow):
            self.notice(f"Not now: it is {g.name}'s turn.", None)
        elif isinstance(g, Select):
            self.select(g.cards)
            if g.reason:
                self.notice(g.reason, near)
        elif isinstance(g, Refusal):
            self.refuse(g.reason, near)
        else:
            return self.apply(g)
        return False

    def show_position(self, line: str) -> None:
        """The match jumped (undo, redo): every seat is asked afresh and the cards lie where the
        position has them, at once; the log is the game up to here (undone moves leave it)."""
        self.turns.restart()
        self.choreo.quiet()  # what still flew belonged to the position left behind
        self.version += 1
        self.controls.reset()
        self.turn_version = self.version  # no "your turn" chime for a position seen before
        self.game_log.jumped(self.viewer)
        self.notice(line, None)
        self.resize(self.app.size)

    def slot_card(self, action: Action) -> int | None:
        """The viewer's card that stands for ``action`` (a face-down card turned over by place)."""
        return self.choices().card_of(action)

    def hinted(self) -> Action | None:
        """The move the hint for this very position lit, if one was asked for."""
        return self.comforts.hinted()

    def rearranged(self) -> None:
        """The viewer's hand was put in another order: it is drawn afresh."""
        self.version += 1

    def _keep_order(self, mode: Mode) -> None:
        self.app.settings.hand_order = mode
        self.app.save_settings()

    def update(self, now: float) -> None:
        tm = self.match.state.to_move
        if tm is not None and self._ticked is not None:
            self.seconds[tm] += min(now - self._ticked, 0.25)  # a paused table's time is nobody's
        self._ticked = now
        for line in self.match.messages + self.turns.notes():
            self.say(line)
        self.match.messages.clear()
        self.comforts.update(now)
        self.choreo.update(now)
        self.art.warm_cards(self.app.card_art)
        if self.busy(now):
            return
        self.controls.landed()  # a key pressed while the cards flew takes effect now
        state = self.match.state
        if state.is_over:
            self._finish(now)
            return
        tm = state.to_move
        if self.match.is_remote(tm):
            before, self.view_before = self.board.zones(), self.board.view()
            self._done(self.turns.step(), before)
        elif tm is not None and tm != self.viewer and not self.my_turn():
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

    def _finish(self, now: float) -> None:
        if self.finished_at is None:
            self.finished_at = now
            self.match.result()
        if now - self.finished_at >= (0.0 if self.choreo.instant else RESULTS_DELAY):
            self.turns.close()
            self.app.replace("results", match=self.match, seconds=self.seconds)

    def leave(self) -> None:
        self.turns.close()

    def resume(self) -> None:
        """Back from the menu: a hand order chosen in Settings meanwhile is the hand's now."""
        super().resume()
        if self.app.settings.hand_order != self.comforts.order.mode:
            self.comforts.order.set_mode(self.app.settings.hand_order)
            self.rearranged()

    def open_menu(self) -> None:
        self.controls.drag = None
        self.app.push("menu")

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: InputEvent) -> None:
        if isinstance(event, Key) and event.key == pygame.K_ESCAPE:
            self.open_menu()
            return
        if isinstance(event, PointerMove):
            self.menu_button.handle(event)
        elif isinstance(event, Click) and self.menu_button.handle(event):
            return
        if isinstance(event, Click) and self.turns.phones.click(event.pos, self.placement):
            return  # a phone seat's plate: "Show NAME's code" (a new one), or hide it
        if isinstance(event, Click | Key) and self.choreo.dismiss():
            return  # the settlement was read: the game goes on
        if self.skip_offered:  # the one button, whoever is to move
            if isinstance(event, Key) and event.key == pygame.K_1:
                self.skip()
                return
            if isinstance(event, Click | PointerMove) and self.form.handle(event):
                return
        if not self.comforts.handle(event) and not self.logview.handle(event):
            self.controls.handle(event)

    # -- drawing ---------------------------------------------------------------------------------
    def panel_context(self, now: float) -> PanelContext:
        assert self.placement is not None
        sizes = self.choreo.shown_sizes if self.choreo.shown_sizes is not None and self.busy(now) else None
        # Until the cards land the panel shows where they left (a Direction turns when one lands).
        view = self.view_before if self.view_before is not None and self.busy(now) else self.board.view()
        return PanelContext(self.placement, view, self.match.names, self.viewer, now,
                            self.board.known(), self.t, sizes=sizes, picking=bool(self.board.picked))

    def seat_note(self, seat: int) -> str:
        """A word on a seat's plate: where a phone seat's player is."""
        return self.turns.phones.plate_note(seat, self.match.state.to_move == seat)

    def turned(self, img: pygame.Surface, face: int, width: int) -> pygame.Surface:
        return self.art.turned(img, face, width)

    def draw(self, surface: pygame.Surface) -> None:
        self.drawn_version = self.version
        shown = frame.built(self)
        if shown is not None:
            self.drawn = frame.draw(surface, shown, self.card_art, self.art, self.badges)
