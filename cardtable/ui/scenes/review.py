"""Review: a finished match at the table with one seat's decisions graded.

The table is the replay viewer, opened by name and drawn underneath; the review takes the log's
column: a chart of the seat's chances with a mark on every graded decision, the decision picked
(what was played, its grade, the better move and why), the three costliest moments, and Try it,
which plays on from before that decision against the same bots as a practice game (no autosave,
never counted). The better move is lit on the cards.

The review itself runs in a thread, off the frame loop (its decisions weighed in a process a core
where the bots think in processes: ``Bots.review_workers``), with a progress bar and Cancel; once
finished it is kept beside the replay (``cardtable.store.reviews``) so opening it again is
instant. Cancelled, or the window closed, nothing is written and the replay is as it was.
"""

from __future__ import annotations

import secrets
import threading
import time
from datetime import UTC, datetime
from typing import Any

import pygame

from cardtable.engine.position import position_check
from cardtable.engine.protocol import State
from cardtable.games import get_game
from cardtable.runner.match import PRACTICE, Match
from cardtable.runner.review import NoReview, review_positions
from cardtable.store.matches import ReplayError, SavedMatch, SeatConfig, Unfinished, positions
from cardtable.store.reviews import MatchReview, load_review, save_review, set_aside_replay
from cardtable.ui import review_chart, review_panel, text, theme
from cardtable.ui.input import Click, InputEvent, Key, PointerMove
from cardtable.ui.review_panel import ReviewPanel
from cardtable.ui.scene import AppLike, Scene, register
from cardtable.ui.widgets import Button, Form, Widget

KEYS = "Left/Right step, Home/End, Esc closes"
"""The replay's keys under a review: P and N are the review's Previous and Next (the hint said
"P plays" while P went to the previous graded decision), named on those buttons."""
CHART_KEYS = "Left/Right step, Home/End, a click on the chart picks a move, Esc closes"
"""The same once the review is done: and the chart, which nothing said could be clicked (while
the review runs there is no chart to click)."""


@register("review")
class ReviewScene(Scene):
    def __init__(self, app: AppLike, saved: SavedMatch, seat: int | None = None) -> None:
        super().__init__(app)
        self.saved = saved
        self.steps: list[State] = []
        self.problem = ""
        try:
            self.steps = positions(saved)
        except ReplayError as err:
            self.problem = str(err)
        self.table: Any = None
        if not self.problem:
            self.table = app.open("replay", saved=saved, steps=self.steps)
            # its corner button closes what is shown, the review, as Esc does (not "the replay")
            self.table.menu_button = Button("Close review (Esc)", self.cancel)
            self.table.keys = KEYS
        self.seat = seat if seat is not None else self._only_human()
        self.review: MatchReview | None = None
        self.selected: int | None = None
        self.progress = (0, 0)
        self._started = self._weighing = 0.0
        """When the weighing started, and how long it had gone at the last decision weighed."""
        self.failed = ""
        self._cancel = False
        self._thread: threading.Thread | None = None
        self._done: MatchReview | None = None
        self.form = Form()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.chart = pygame.Rect(0, 0, 0, 0)
        self.measure: list[str] = []
        """What the chart measures, in lines as the side column holds them."""
        self.px = 16
        self.buttons_top = 0
        if self.seat is not None and self.table is not None:
            self._start()

    def _whose(self) -> str:
        """Whose measure the chart draws: "Your" for the one person at the table (it said "Their
        chance ..." of the player's own play), else the seat's name."""
        if self.seat is None:
            return "Their"
        return "Your" if self.seat == self._only_human() else f"{self.saved.seats[self.seat].name}'s"

    def _only_human(self) -> int | None:
        humans = [i for i, s in enumerate(self.saved.seats) if s.kind == "human"]
        return humans[0] if len(humans) == 1 else None

    # -- the review, off the frame loop ----------------------------------------------------------
    def _start(self) -> None:
        seat = self.seat
        assert seat is not None
        paths = self.app.paths
        if paths is not None:
            kept, messages = load_review(paths, self.saved.match_id, self.saved.game, seat,
                                         len(self.saved.actions))
            self.app.messages.extend(messages)
            if kept is not None:
                self._show(kept)
                return
        game = get_game(self.saved.game)
        actions = self.saved.action_list()

        def run() -> None:
            try:
                self._done = review_positions(game, self.steps, actions, seat, self.saved.seed,
                                              progress=self._told, cancelled=lambda: self._cancel,
                                              workers=self.app.bots.review_workers)
            except NoReview as err:
                self.failed = str(err)

        self._thread = threading.Thread(target=run, name="review", daemon=True)
        self._thread.start()
        self._arrange()

    def _told(self, done: int, total: int) -> None:
        if done == 0:
            self._started = time.monotonic()
        self.progress = (done, total)
        self._weighing = time.monotonic() - self._started

    def cancel(self) -> None:
        self._cancel = True
        self.app.pop()

    def _show(self, review: MatchReview) -> None:
        self.review = review
        graded = review.costliest(1)
        if graded:
            self.pick(review.decisions.index(graded[0]))
        self._arrange()

    # -- the scene -------------------------------------------------------------------------------
    def enter(self) -> None:
        if self.problem:
            paths = self.app.paths
            self.app.messages.extend(set_aside_replay(paths, self.saved, self.problem) if paths is not None
                                     else [f"This game cannot be reviewed: {self.problem}."])

    def leave(self) -> None:
        self._cancel = True   # a window closed mid-review writes nothing
        # opened from the replay of this match (R), closed: the replay shows where the review's
        # table was (it went back to the deal, the decision found in the review lost)
        beneath: Any = self.app.find("replay")   # typed loosely: scenes do not import scenes
        if beneath is not None and self.table is not None and beneath.saved.match_id == self.saved.match_id:
            beneath.go(self.table.index)

    def moving(self, now: float) -> bool:
        return self.table is not None and self.table.moving(now)  # the progress bar: a few frames a second

    def update(self, now: float) -> None:
        if self.problem:
            self.app.pop()
            return
        if self.table is not None:
            self.table.update(now)
            self.table.keys = KEYS if self.review is None else CHART_KEYS
        thread = self._thread
        if thread is not None and not thread.is_alive():
            self._thread = None
            if self._done is not None:
                if self.app.paths is not None:
                    self.app.messages.extend(save_review(self.app.paths, self.saved.match_id, self._done))
                self._show(self._done)
            elif self.failed:
                self.app.messages.append(f"This game cannot be reviewed: {self.failed}.")
                self.app.pop()

    def resize(self, size: tuple[int, int]) -> None:
        if self.table is not None:
            self.table.resize(size)
        self._arrange()

    # -- choosing and jumping --------------------------------------------------------------------
    def pick(self, i: int) -> None:
        """Select decision ``i`` of the review and show the table before it."""
        assert self.review is not None
        self.selected = i
        self.table.deciding = self.review.decisions[i].index
        self.table.go(self.review.decisions[i].index)
        self._arrange()

    def _step_graded(self, way: int) -> None:
        """To the next (``way`` 1) or previous graded decision; where none is graded (a clean game)
        to the next or previous decision, which Previous and Next otherwise left unreachable but
        by the chart (they did nothing, and Try it stayed grey)."""
        if self.review is None or not self.review.decisions:
            return
        graded = self._stops()
        now = self.selected if self.selected is not None else -1
        later = [i for i in graded if (i - now) * way > 0]
        self.pick(min(later, key=lambda i: abs(i - now)) if later else graded[0 if way > 0 else -1])

    def _stops(self) -> list[int]:
        """Where Previous and Next go: the graded decisions, or every decision of a clean game."""
        assert self.review is not None
        decisions = self.review.decisions
        return [i for i, d in enumerate(decisions) if d.grade] or list(range(len(decisions)))

    def choose_seat(self, seat: int) -> None:
        self.seat = seat
        self._start()

    def try_it(self) -> None:
        """Play on from before the selected decision against the same bots: a practice game with
        no autosave, never counted."""
        if self.review is None or self.selected is None or self.seat is None:
            return
        d = self.review.decisions[self.selected]
        seats = [SeatConfig(name=s.name, kind="human" if i == self.seat else "bot",
                            level=(s.level or "normal") if i != self.seat else "")
                 for i, s in enumerate(self.saved.seats)]
        state = self.steps[d.index].clone()
        practice = self.saved.model_copy(update={
            "match_id": secrets.token_hex(8), "seats": seats, "actions": list(self.saved.actions[:d.index]),
            "outcome": None, "position_check": position_check(state), "assisted": [PRACTICE],
            "started": datetime.now(UTC)})  # its time is the practice's: it read "75 moves in 59 min"
        match = Match.resume(Unfinished(practice, get_game(self.saved.game), state), None)
        match.messages.append(f"Practice from move {d.index + 1}: this game is not saved or counted.")
        self.app.push("table", match=match)

    # -- layout ----------------------------------------------------------------------------------
    def _arrange(self) -> None:
        p = self.table.placement if self.table is not None else None
        if p is None:
            return
        px = max(11, round(p.text_px * 0.85))
        self.px = px
        top = self.table.menu_button.rect.bottom + px // 2
        self.panel = pygame.Rect(p.log_rect.x, top, p.log_rect.w, p.log_rect.bottom - top)
        inner = self.panel.inflate(-px, -px)
        bh, gap = round(px * 2.1), px // 3
        buttons: list[Widget] = []
        y = inner.bottom - bh

        def add(label: str, fn: Any, enabled: bool = True, width: int | None = None,
                x: int | None = None, hotkey: str = "") -> None:
            buttons.append(Button(label, fn, pygame.Rect(x if x is not None else inner.x, y,
                                                         width or inner.w, bh), enabled=enabled,
                                  hotkey=hotkey))

        if self.seat is None:  # the keys under the replay's are the seats' numbers
            for i, s in reversed(list(enumerate(self.saved.seats))):
                add(f"Review {s.name}", lambda i=i: self.choose_seat(i), hotkey=str(i + 1) if i < 9 else "")
                y -= bh + gap
        elif self.review is None:
            add("Cancel review", self.cancel)
        else:
            half = (inner.w - gap) // 2
            # closed by the corner's "Close review (Esc)" alone: a second "Close review" at the
            # foot of the column did the same and took a row from the better move's reason
            add("Try it", self.try_it, self.selected is not None, hotkey="T")
            y -= bh + gap
            # greyed at the one graded decision, shown: clicked, they did nothing and said nothing
            # and with no decision at all (a Cersei game without an Assassin's win)
            stops = self._stops()
            moves = bool(stops) and stops != [self.selected]
            add("‹ Previous", lambda: self._step_graded(-1), moves, width=half, hotkey="P")
            add("Next ›", lambda: self._step_graded(1), moves, width=half, x=inner.x + half + gap, hotkey="N")
            y -= bh + gap
            for d in reversed(self.review.costliest(3)):
                add(review_chart.grade_line(self.review, d),
                    lambda d=d: self.pick(self.review.decisions.index(d)))  # type: ignore[union-attr]
                y -= bh + gap
        self.buttons_top = y + bh
        # the measure over the chart, on two lines where one would shrink it ("Their expected money
        # at the end of the round" came out at a third of the panel's type in the side column)
        measure = f"{self._whose()} {self.review.measure}" if self.review else ""
        self.measure = text.wrap(measure, px, inner.w)[:2] if measure else []
        top = inner.y + round(px * 1.7) + len(self.measure) * round(px * 1.4) + px // 3
        self.chart = pygame.Rect(inner.x, top, inner.w, max(px * 4, inner.h // 5))
        self.form = Form(buttons)

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: InputEvent) -> bool | None:
        if isinstance(event, PointerMove):
            self.form.handle(event)
            if self.table is not None:
                self.table.handle(event)
            return True
        if isinstance(event, Click) and self.panel.collidepoint(event.pos):
            if self.review is not None:
                i = review_chart.hit(self.review, self.chart.inflate(-self.px, -self.px), event.pos)
                if i is not None:
                    self.pick(i)
                    return True
            self.form.handle(event)
            return True
        if isinstance(event, Key) and event.key == pygame.K_ESCAPE:
            self._cancel = True
            self.app.pop()
            return True
        if isinstance(event, Key) and event.key in (pygame.K_n, pygame.K_p):
            self._step_graded(1 if event.key == pygame.K_n else -1)
            return True
        if isinstance(event, Key) and self._key(event.key):
            return True
        if self.table is not None:
            self.table.handle(event)
        return True

    def _key(self, key: int) -> bool:
        """The review's own buttons by the keys they show (the others are the replay's): a seat's
        number to choose whose play, T to try it."""
        if self.seat is None and pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < len(self.saved.seats):
            self.choose_seat(key - pygame.K_1)
            return True
        if key == pygame.K_t and self.review is not None and self.selected is not None:
            self.try_it()
            return True
        return False

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.table is None:
            surface.fill(theme.BACKDROP)
            return
        self.table.draw(surface)
        shown = self.table.index
        review_panel.light_better_move(surface, self.review, self.selected, self.table.drawn, shown)
        name = self.saved.seats[self.seat].name if self.seat is not None else ""
        who = "you" if self.seat is not None and self.seat == self._only_human() else name
        review_panel.draw(surface, ReviewPanel(self.panel, self.chart, self.px, self.buttons_top, name,
                                               self.measure, self.review, self.selected, self.progress,
                                               self._weighing, shown=shown, who=who))
        self.form.draw(surface, self.px)
