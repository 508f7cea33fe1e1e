"""The coach over a lesson at the table: a bubble saying what to do and why (never over what it
points at), the cards and places it talks about lit, the step shown again when a move is refused,
and at the end the lesson's one-line summary. The table beneath plays on as usual: the coach only
lets input pass down to it. Esc opens the lesson's own menu (go on, start again, leave)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import pygame

from cardtable.engine.lessons import PLAYER, card_of
from cardtable.games import lessons_of
from cardtable.runner.lesson import LessonMatch
from cardtable.ui import theme
from cardtable.ui.input import Click, InputEvent, Key, PointerMove
from cardtable.ui.lessons import mark_done, start_lesson
from cardtable.ui.panels.draw import caption_band
from cardtable.ui.scene import Scene, register
from cardtable.ui.scenes.base import ButtonsScene
from cardtable.ui.table.coach import Lit, draw_bubble, draw_lit, lit_places, place_bubble
from cardtable.ui.widgets import Button, Form, OnPress

Rect = pygame.Rect

SUMMARY_LINES = 6
"""Lines the summary's bubble keeps under its words: the heading, and two buttons one above the
other when the bubble is too narrow for them side by side."""
AGAIN = 1.8
"""Seconds the coach shows a step again (its lights strong) after a refused move."""
VEIL = (0, 0, 0, 150)
"""Over the stopped table under the summary: walking Fscking Ace's lesson, its Flip and Hint
buttons still looked live under "Lesson done" and did nothing when clicked."""
WATCH = "Watch the others play…"
"""While the others play; with one other player, named (Cersei's lessons said "the others" with
Ann alone at the table)."""
OUT = "You are out. The others play on to the end: watch, or Skip to the results."
"""While the learner is out and the others play the game out (the table offers to skip it)."""


@register("coach")
class CoachScene(Scene):
    overlay = True
    input_passes = True

    def __init__(self, app, match: LessonMatch, on_done: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.match, self.run, self.on_done = match, match.run, on_done
        self.box, self.px = Rect(0, 0, 0, 0), 18
        self.lit = Lit((), ())
        self.lit_cards: set[int] = set()
        self.lit_zones: list[Rect] = []
        self.words, self.heading, self.note = "", "", ""
        self._key: tuple[Any, ...] | None = None
        self.refusals = 0
        self.again_until = 0.0
        self.over = False
        self.form = Form()
        others = [name for seat, name in enumerate(match.names) if seat != PLAYER]
        self.watch = f"Watch {others[0]} play…" if len(others) == 1 else WATCH

    # -- the table beneath plays on under the coach ----------------------------------------------
    def table(self) -> Any:
        return self.app.find("table")

    def enter(self) -> None:
        table = self.table()
        if table is not None and not self.over and table.paused:
            table.resume()

    def pause(self) -> None:
        super().pause()
        table = self.table()
        if table is not None:
            table.pause()

    def resume(self) -> None:
        super().resume()
        table = self.table()
        if table is not None and not self.over:
            table.resume()

    # -- what the coach says now -----------------------------------------------------------------
    def _words(self, table: Any, now: float) -> tuple[str, str, str, list[str]]:
        """(heading, words, note, what to light)."""
        run = self.run
        lesson = run.lesson
        if self.over:
            return "Lesson done", lesson.summary, "", []
        waiting = run.script or table.busy(now) or self.match.state.to_move != 0
        step = run.current
        if waiting and table.skip_offered and step is None:
            return "Coach", OUT, "", []
        if step is not None:
            n = run.step + 1
            head = f"Coach · step {n} of {len(lesson.steps)}"
            if waiting:
                return head, self.watch, "", []
            return head, step.coach, "Esc: lesson menu", step.light
        if waiting:
            return "Coach · on your own", self.watch, "", []
        return ("Coach · on your own", run.coach_text(),
                f"{run.free_left} more move{'s' if run.free_left != 1 else ''} alone", [])  # short: one line

    def update(self, now: float) -> None:
        table = self.table()
        if table is None or table.placement is None:
            return
        if self.match.refusals != self.refusals:
            self.refusals = self.match.refusals
            self.again_until = now + AGAIN  # the coach shows the step again
        if self.match.finished and not self.over and not table.busy(now):
            self._finish(table)
        heading, words, note, light = self._words(table, now)
        key = (heading, words, note, tuple(light), table.version, self.app.size, self.over)
        if key != self._key:
            self._key = key
            self.heading, self.words, self.note = heading, words, note
            zones = table.board.zones()
            pack = self.match.state.all_cards()
            # while the others play, captions say what they did: the short "watch" bubble keeps
            # off them; a step's longer words keep off them where the felt has room
            captioned = table.board.panel.teller.captions
            watching = words in (self.watch, OUT) and captioned
            band = caption_band(table.placement) if watching else None
            self.lit = lit_places(table.placement, zones, light, pack, table.card_rect, table.prompt_y, band)
            self.lit_cards = {c for c in (card_of(t, pack) for t in light) if c is not None}
            places = table.placement.zones
            self.lit_zones = [Rect(places[t].rect) for t in light if t in places]
            occupied = [z for z, cards in zones.items() if cards]
            extra = SUMMARY_LINES if self.over else 2
            self.box, self.px = place_bubble(table.placement, self.lit, words, extra, occupied,
                                             caption_band(table.placement) if captioned else None)
            table.overlaid = (Rect(self.box),)
            self._lay_out_buttons()

    def _finish(self, table: Any) -> None:
        """The steps and the free stretch are done: the table stops, the summary shows."""
        self.over = True
        table.pause()
        mark_done(self.app, self.match.game.name, self.run.lesson)
        if self.on_done is not None:
            self.on_done()

    def _lay_out_buttons(self) -> None:
        if not self.over:
            self.form = Form()
            return
        px, box = self.px, self.box
        bh = round(px * 2.2)
        labels: list[tuple[str, Callable[[], None]]] = []
        nxt = self._next_lesson()
        play = self._play_the_game() if nxt is None else None
        if nxt is not None:
            labels.append(("Next lesson", lambda: self._open(nxt)))
        elif play is not None:
            labels.append((f"Play {self.match.game.title}", play))
        labels.append(("Back to lessons", self.leave_lesson))
        bw = (box.w - px * (len(labels) + 1)) // len(labels)
        if all(Button.width_for(label, px) <= bw for label, _ in labels):  # side by side
            buttons = [Button(label, fn, Rect(box.x + px + i * (bw + px), box.bottom - bh - px // 2, bw, bh))
                       for i, (label, fn) in enumerate(labels)]
        else:  # a narrow bubble: one above the other, each whole
            n, w = len(labels), box.w - px  # the text's own margins
            buttons = [Button(label, fn, Rect(box.x + px // 2, box.bottom - (n - i) * (bh + px // 2), w, bh))
                       for i, (label, fn) in enumerate(labels)]
        self.form = Form(list(buttons))

    def _next_lesson(self) -> Any:
        lessons = lessons_of(self.match.game).lessons
        keys = [le.key for le in lessons]
        here = keys.index(self.run.lesson.key) if self.run.lesson.key in keys else len(keys)
        return lessons[here + 1] if here + 1 < len(lessons) else None

    def _play_the_game(self) -> Callable[[], None] | None:
        """After a game's last lesson, the learner's next step: the game, as the lesson list opens
        it (walking Cersei's second lesson, "Lesson done" offered only "Back to lessons")."""
        learn = self.app.find("learn")
        play = getattr(learn, "play", None)
        if play is None:
            return None
        name = self.match.game.name

        def go() -> None:
            self.leave_lesson()
            play(name)
        return go

    def _open(self, lesson: Any) -> None:
        game = self.match.game.name
        self.leave_lesson()
        start_lesson(self.app, game, lesson)

    def leave_lesson(self) -> None:
        """Close the coach and its table (back to what opened the lesson)."""
        table = self.table()
        if table is not None:
            self.app.pop_to(table)
            self.app.pop()

    def restart_lesson(self) -> None:
        self._open(self.run.lesson)

    # -- input and drawing ------------------------------------------------------------------------
    def handle(self, event: InputEvent) -> bool:
        if self.over:
            if isinstance(event, (Click, PointerMove, Key)):
                self.form.handle(event)
            return True  # the table is done: nothing reaches it
        if isinstance(event, Key) and event.key == pygame.K_ESCAPE:
            self.app.push("lesson_menu", coach=self)
            return True
        return False

    def moving(self, now: float) -> bool:
        """Only while the step is shown again (its rings thicker, the bubble's edge red); the
        table beneath says when its cards move."""
        return now < self.again_until

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table()
        if table is None or not self.words:
            return
        now = self.app.now
        if self.over:  # the table is done: dimmed under the summary, so nothing on it looks live
            surface.blit(_veil(surface.get_size()), (0, 0))
        elif self.lit.rects and not table.busy(now):
            # where the table drew the lit cards this frame (a picked card stands raised)
            drawn = [r for face, _zone, r in table.drawn if face in self.lit_cards]
            # a ring round a lit place beside a stack must not hide the stack's count ("46" read "6")
            window = surface.get_rect()
            counts = [(r, surface.subsurface(r).copy()) for r in table.badges if window.contains(r)]
            draw_lit(surface, [*self.lit_zones, *(drawn or self.lit.rects)], now < self.again_until)
            for r, badge in counts:
                surface.blit(badge, r)
        draw_bubble(surface, self.box, self.px, self.heading, self.words, self.note)
        if now < self.again_until:
            pygame.draw.rect(surface, theme.ILLEGAL, self.box, 3, border_radius=8)
        self.form.draw(surface, self.px)


@lru_cache(maxsize=2)
def _veil(size: tuple[int, int]) -> pygame.Surface:
    """The summary's veil, made once per window size rather than every frame."""
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill(VEIL)
    return veil


@register("lesson_menu")
class LessonMenuScene(ButtonsScene):
    """Esc during a lesson: go on, start it again, or leave it (nothing is saved or counted)."""

    overlay = True
    backdrop = False
    title = "Lesson"

    def __init__(self, app, coach: CoachScene) -> None:
        super().__init__(app)
        self.coach = coach
        self.lines = [("A lesson is not saved and not counted in your statistics.", theme.TEXT)]

    def items(self) -> list[tuple[str, OnPress]]:
        # the rule book and the settings as the table's own menu has them: a learner checks a rule
        return [("Go on", self.go_on), ("Start this lesson again", self.again), ("Rules", self.rules),
                ("Settings", self.settings), ("Leave the lesson", self.leave_it)]

    def rules(self) -> None:
        self.app.push("rules", game=self.coach.match.game.name)

    def settings(self) -> None:
        self.app.push("settings")

    def go_on(self) -> None:
        self.app.pop()

    def again(self) -> None:
        self.app.pop()
        self.coach.restart_lesson()

    def leave_it(self) -> None:
        self.app.pop()
        self.coach.leave_lesson()

    def on_escape(self) -> None:
        self.app.pop()
