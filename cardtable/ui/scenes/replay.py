"""The replay viewer: a finished match at the table, every hand face up, stepped both ways.

It is the table itself (``TableScene``) with the game's input switched off: the positions come
from ``positions(saved)`` and the scene swaps the match's state to the one asked for. A step
forward is animated as at the table (the same events, flights and log lines); a step back or a
jump shows the position at once. The table's own drawing decides faces from ``_visible``; here
that returns every seat's cards as they really are, so nothing of the table needed changing.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from cardtable.engine.cards import cards_text
from cardtable.engine.protocol import Event, State
from cardtable.games import get_game
from cardtable.store.matches import SavedMatch, Unfinished
from cardtable.ui import text, theme
from cardtable.ui.input import Click, InputEvent, Key, PointerMove, Wheel
from cardtable.ui.match import Match, Seat
from cardtable.ui.scenes.table import TableScene
from cardtable.ui.widgets import Button, Form

LOG_LINES = 40
"""Log entries rebuilt after a jump: as many as the table's log shows."""


class ReplayScene(TableScene):
    def __init__(self, app, saved: SavedMatch, steps: list[State]) -> None:
        game = get_game(saved.game)
        match = Match.resume(Unfinished(saved, game, steps[0]), None)
        # Everyone is a watched seat: no "thinking" on bots' plates, no pass screens.
        match.seats = [Seat(s.name, "human") for s in saved.seats]
        super().__init__(app, match, animate_deal=False)
        self.saved = saved
        self.steps = steps
        self.actions = saved.action_list()
        self.index = 0
        self._events: dict[int, list[Event]] = {}
        humans = [i for i, s in enumerate(saved.seats) if s.kind == "human"]
        self.viewer = humans[0] if humans else 0  # the seat at the bottom of the table
        # Every seat's cards face up, also those a layout lays face down (point cards).
        self.spec = replace(self.spec,
                            seat_zones=tuple(replace(z, face_down=False) for z in self.spec.seat_zones))
        self.menu_button = Button("Close replay (Esc)", self.close)
        self.log = self._log_upto(0)

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
        lines = [ev.text for ev in self.events_of(i) if ev.text]
        return lines or [self.words(i)]

    def words(self, i: int) -> str:
        """Action ``i`` in words: who did what."""
        state = self.steps[i]
        seat = state.to_move
        who = self.match.names[seat] if seat is not None else ""
        what = state.describe(self.actions[i])
        return f"{who}: {what}" if who and not what.startswith(who) else what

    def _log_upto(self, index: int) -> list[str]:
        lines: list[str] = []
        i = index - 1
        while i >= 0 and len(lines) < LOG_LINES:
            lines = self.lines_of(i) + lines
            i -= 1
        if i < 0:
            lines.insert(0, f"{self.match.names[self.match.dealer]} deals.")
        return lines

    def go(self, index: int) -> None:
        """Show position ``index`` (0 the deal); one step forward is animated like play."""
        index = max(0, min(self.last, index))
        if index == self.index:
            return
        forward = index == self.index + 1
        events = self.events_of(self.index) if forward else []
        before = {z: list(c) for z, c in self.zones().items()}
        self._quiet()
        self.log = self._log_upto(self.index if forward else index)
        self.index = index
        self.match.state = self.steps[index]
        self.version += 1
        self.panel.reset()
        if forward:
            self._animate(before, events, self.app_time())
            if not any(ev.text for ev in events):
                self.say(self.words(index - 1))
        self._rebuild_buttons()

    def _quiet(self) -> None:
        """Land whatever still flies: the next position starts from rest."""
        self.motions.clear()
        self.scheduled.clear()
        self.flashes.clear()
        self.shown_sizes = None
        self.banner = None

    def close(self) -> None:
        self.app.pop()

    # -- the table, watched ----------------------------------------------------------------------
    def _visible(self) -> dict[str, list[int]]:
        """Every seat's cards as they are; the shared piles as the bottom seat sees them (the
        pack stays face down: its order is no one's hand)."""
        real = self.match.state.zones()
        seen = self.match.state.view(self.viewer if self.viewer is not None else 0).zones()
        return {z: list(real[z]) if "/" in z else cards for z, cards in seen.items()}

    def my_turn(self) -> bool:
        return False  # nobody plays in a replay

    def _hand_over(self, seat: int) -> None:
        pass

    def _drive_bot(self, seat: int, now: float) -> None:
        pass

    def _finish(self, now: float) -> None:
        pass

    def enter(self) -> None:
        pass  # no deal to animate: position 0 is already dealt

    def open_menu(self) -> None:
        self.close()

    def _rebuild_buttons(self) -> None:
        """The replay's controls take the place of the decision buttons."""
        kept = self.form.focus if len(self.form.widgets) == 4 else 2  # Next, unless moved
        super()._rebuild_buttons()
        p = self.placement
        if p is None or not hasattr(self, "steps"):
            return
        px = p.text_px
        controls = [("« Start", lambda: self.go(0), self.index > 0),
                    ("‹ Back", lambda: self.go(self.index - 1), self.index > 0),
                    ("Next ›", lambda: self.go(self.index + 1), self.index < self.last),
                    ("End »", lambda: self.go(self.last), self.index < self.last)]
        gap = px // 2
        area = p.buttons_rect
        bw = min(max(Button.width_for(label, px) for label, _, _ in controls) + px,
                 (area.w - gap * 3) // 4)
        x = area.centerx - (bw * 4 + gap * 3) // 2
        buttons = []
        for label, fn, enabled in controls:
            buttons.append(Button(label, fn, pygame.Rect(x, area.y, bw, area.h), enabled=enabled))
            x += bw + gap
        self.form = Form(buttons)
        if 0 <= kept < 4 and buttons[kept].enabled:
            self.form.set_focus(kept)
        elif any(b.enabled for b in buttons):
            self.form.set_focus(1 if kept >= 2 else 2)  # at either end: the way still open

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: InputEvent) -> None:
        if isinstance(event, PointerMove):
            self.pointer = event.pos
            self.form.handle(event)
            self.menu_button.handle(event)
        elif isinstance(event, Click):
            if not self.menu_button.handle(event):
                self.form.handle(event)
        elif isinstance(event, Wheel):
            self.go(self.index - event.dy)
        elif isinstance(event, Key):
            k = event.key
            jumps = {pygame.K_LEFT: self.index - 1, pygame.K_RIGHT: self.index + 1,
                     pygame.K_HOME: 0, pygame.K_END: self.last,
                     pygame.K_PAGEUP: self.index - 10, pygame.K_PAGEDOWN: self.index + 10}
            if k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.close()
            elif k in jumps:
                self.go(jumps[k])
            elif k == pygame.K_SPACE:
                self.go(self.index + 1)
            else:
                self.form.handle(event)

    # -- drawing ---------------------------------------------------------------------------------
    def _draw_prompt(self, surface: pygame.Surface, p, now: float) -> None:
        """The counter and the last action's words where the prompt would be."""
        line = "The deal" if self.index == 0 else self.words(self.index - 1)
        if self.index == self.last and self.saved.outcome is not None and self.saved.outcome.text:
            line = f"{line}  —  {self.saved.outcome.text}"
        counter = f"Replay  {self.index} / {self.last}"
        px = p.text_px
        img = text.render(line, px, theme.TEXT, bold=True)
        if img.get_width() > p.buttons_rect.w:
            img = pygame.transform.smoothscale(
                img, (p.buttons_rect.w, max(1, img.get_height() * p.buttons_rect.w // img.get_width())))
        head = text.render(counter, round(px * 0.9), theme.ACCENT, bold=True)
        y = self.prompt_y
        surface.blit(head, head.get_rect(center=(p.prompt_pos[0], y - round(px * 1.3))))
        surface.blit(img, img.get_rect(center=(p.prompt_pos[0], y)))

    def _draw_hand_lists(self, surface: pygame.Surface) -> None:
        """Other seats' hands lie overlapped, their corners half hidden: their cards are spelled
        out in a line under them, so every hand reads at a glance."""
        p = self.placement
        if p is None:
            return
        px = max(11, round(p.text_px * 0.75))
        zones = self.zones()
        for z in sorted(self.hand_zones):
            place = p.zones.get(z)
            cards = zones.get(z, [])
            if place is None or place.viewer_hand or len(cards) < 2:
                continue
            rects = p.card_rects(z, len(cards))
            span = rects[0].unionall(rects[1:])
            words = cards_text(cards)
            img = text.render(words, px, theme.TEXT)
            while img.get_width() > max(span.w * 2, px * 12) and len(words) > 4:
                words = words[: words.rfind(" ", 0, len(words) - 2)] + " …"  # clip at a card
                img = text.render(words, px, theme.TEXT)
            box = img.get_rect().inflate(px, px // 3)
            box.midtop = (span.centerx, span.bottom + 2)
            box.clamp_ip(surface.get_rect())
            pygame.draw.rect(surface, theme.PANEL, box, border_radius=box.h // 2)
            surface.blit(img, img.get_rect(center=box.center))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self._draw_hand_lists(surface)
        now = self.app_time()
        if self.busy(now) and self.placement is not None:  # the table hides its buttons meanwhile
            self._draw_prompt(surface, self.placement, now)
            self.form.draw(surface, self.placement.text_px)
        hint = text.render("Left/Right step, Home/End, Esc closes", round(self.placement.text_px * 0.7)
                           if self.placement else 12, theme.TEXT_DIM)
        if self.placement is not None:
            area = self.placement.buttons_rect
            surface.blit(hint, hint.get_rect(midtop=(area.centerx, area.bottom + 2)))
