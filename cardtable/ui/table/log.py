"""The table's log: the whole match's lines in a column that scrolls like any desktop list.

``LogView`` owns the scroll state, the hit-testing and the drawing; the scene only appends lines
to the list it shares with the view and hands it input and a place to draw. Lines are wrapped
once, when they arrive (or when the column's width or text size changes), and only the rows in
sight are drawn, into an image kept until the rows in sight change: a long match costs a frame
no more than a short one.

New lines keep the view at the newest unless the player has scrolled up; then the rows in sight
stay put and a small "newest ↓" button jumps back down.
"""

from __future__ import annotations

import pygame

from cardtable.ui import text, theme
from cardtable.ui.input import Click, DragMove, DragStart, Drop, InputEvent, Key, Press, Wheel

Rect = pygame.Rect

MAX_ENTRIES = 20_000
"""Lines kept: far more than the longest match says, a bound on memory all the same."""

WHEEL_ROWS = 3
"""Rows one notch of the mouse wheel scrolls, as in most desktop lists."""

NEWEST = "newest"
"""The jump-back button's word; a drawn arrow follows it (the table's font has no arrows)."""


class LogView:
    def __init__(self, lines: list[str] | None = None) -> None:
        self.lines: list[str] = lines if lines is not None else []
        """The log's entries, oldest first; the scene appends to this very list."""
        self.offset = 0
        """Rows scrolled up from the newest (0: the newest row is at the bottom, and stays there)."""
        self.area = Rect(0, 0, 0, 0)
        self.px = 12
        self._rows: list[str] = []
        self._ends: list[int] = []
        """Rows wrapped so far, and the row count after each entry (its last row, plus one)."""
        self._wrap_key: tuple[int, int] = (0, 0)
        self._image: tuple[object, pygame.Surface] | None = None
        self._version = 0
        """Counts changes to the wrapped rows (the image of the rows in sight follows it)."""
        self._grab: int | None = None
        """While the scrollbar's thumb is dragged: where on the thumb it was taken (pixels)."""

    # -- lines -----------------------------------------------------------------------------------
    def say(self, line: str) -> None:
        if line:
            self.lines.append(line)

    def set_lines(self, lines: list[str]) -> None:
        """Show ``lines`` instead (the replay's log up to its step): the part they share with
        what is shown keeps its wrapping, and the view goes to the newest."""
        same = 0
        for old, new in zip(self.lines, lines, strict=False):
            if old != new:
                break
            same += 1
        self._cut(same)
        self.lines[:] = lines
        self.offset = 0

    def _cut(self, entries: int) -> None:
        """Forget the wrapping of every entry after the first ``entries``."""
        entries = min(entries, len(self._ends))
        self._version += 1
        del self._ends[entries:]
        del self._rows[self._ends[-1] if self._ends else 0:]

    def sync(self) -> None:
        """Wrap what arrived since the last frame; keep the rows in sight if scrolled up."""
        if len(self.lines) > MAX_ENTRIES:
            del self.lines[: len(self.lines) - MAX_ENTRIES]
            self._cut(0)
        if len(self.lines) < len(self._ends):  # the list was cut or replaced: start again
            self._cut(0)
        before = len(self._rows)
        width = self.text_width()
        for entry in self.lines[len(self._ends):]:
            self._rows += text.wrap(entry, self.px, width) if width > 0 else [entry]
            self._ends.append(len(self._rows))
            self._version += 1
        if self.offset > 0:
            self.offset += len(self._rows) - before
        self.offset = max(0, min(self.offset, self.max_offset()))

    # -- geometry --------------------------------------------------------------------------------
    def line_h(self) -> int:
        return max(1, round(self.px * 1.35))

    def bar_w(self) -> int:
        return max(6, self.px // 2)

    def text_width(self) -> int:
        return self.area.w - self.bar_w() - max(2, self.px // 3)

    def visible_rows(self) -> int:
        return max(1, self.area.h // self.line_h())

    def max_offset(self) -> int:
        return max(0, len(self._rows) - self.visible_rows())

    def track(self) -> Rect:
        """Where the scrollbar runs (a little wider than drawn, to be easy to take)."""
        return Rect(self.area.right - self.bar_w() - self.px // 2, self.area.y,
                    self.bar_w() + self.px // 2, self.area.h)

    def thumb(self) -> Rect | None:
        """The scrollbar's thumb; None while everything fits."""
        total, rows = len(self._rows), self.visible_rows()
        if total <= rows or self.area.h <= 0:
            return None
        h = max(self.px * 2, self.area.h * rows // total)
        h = min(h, self.area.h)
        top_row = total - rows - self.offset
        y = self.area.y + (self.area.h - h) * top_row // max(1, total - rows)
        return Rect(self.area.right - self.bar_w(), y, self.bar_w(), h)

    def newest_button(self) -> Rect | None:
        """The "newest ↓" button, shown while scrolled up."""
        if self.offset <= 0:
            return None
        w, h = text.text_size(NEWEST, self.px)
        box = Rect(0, 0, w + self.px * 2, h + self.px // 3)
        box.midbottom = (self.area.centerx - self.bar_w() // 2, self.area.bottom)
        return box

    # -- scrolling -------------------------------------------------------------------------------
    def scroll(self, rows: int) -> None:
        """Scroll up by ``rows`` (down if negative)."""
        self.offset = max(0, min(self.max_offset(), self.offset + rows))

    def _drag_thumb(self, y: int) -> None:
        thumb = self.thumb()
        if thumb is None or self._grab is None:
            return
        span = self.area.h - thumb.h
        top = max(0, min(span, y - self._grab - self.area.y))
        total, rows = len(self._rows), self.visible_rows()
        top_row = round(top * (total - rows) / max(1, span))
        self.offset = max(0, min(self.max_offset(), total - rows - top_row))

    def handle(self, event: InputEvent) -> bool:
        """Scroll for the wheel over the log, a drag of its scrollbar, PgUp/PgDn/Home/End and a
        click on "newest ↓"; True if the event was the log's."""
        if isinstance(event, Key):
            page = max(1, self.visible_rows() - 1)
            steps = {pygame.K_PAGEUP: page, pygame.K_PAGEDOWN: -page,
                     pygame.K_HOME: self.max_offset(), pygame.K_END: -self.offset}
            if event.key not in steps:
                return False
            self.scroll(steps[event.key])
            return True
        return self.handle_pointer(event)

    def handle_pointer(self, event: InputEvent) -> bool:
        """The pointer's part of ``handle`` (the replay viewer's keys step through the match)."""
        if isinstance(event, Wheel):
            if not self.area.collidepoint(event.pos):
                return False
            self.scroll(event.dy * WHEEL_ROWS)
            return True
        return self._pointer(event)

    def _pointer(self, event: InputEvent) -> bool:
        if isinstance(event, Press):
            thumb = self.thumb()
            if thumb is None or not self.track().collidepoint(event.pos):
                return False
            # Taken by the thumb, it follows the pointer from there; pressed on the track, the
            # thumb jumps under the pointer first (and can be dragged on from there).
            self._grab = event.pos[1] - thumb.y if thumb.collidepoint(event.pos) else thumb.h // 2
            self._drag_thumb(event.pos[1])
            return True
        if isinstance(event, (DragStart, DragMove)):
            if self._grab is None:
                return False
            self._drag_thumb(event.pos[1])
            return True
        if isinstance(event, (Drop, Click)):
            if self._grab is not None:
                self._grab = None
                return True
            newest = self.newest_button()
            if isinstance(event, Click) and newest is not None and newest.collidepoint(event.pos):
                self.offset = 0
                return True
            return isinstance(event, Click) and self.area.collidepoint(event.pos)
        return False

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, area: Rect, px: int) -> None:
        """The rows in sight in ``area`` (the newest brightest), the scrollbar, "newest ↓"."""
        self.area = Rect(area.x, area.y, max(0, area.w), max(0, area.h))
        self.px = max(1, px)
        if (self.text_width(), self.px) != self._wrap_key:
            self._wrap_key = (self.text_width(), self.px)
            self._cut(0)
        self.sync()
        if self.area.w <= 0 or self.area.h <= 0:
            return
        surface.blit(self._rows_image(), self.area.topleft)
        thumb = self.thumb()
        if thumb is not None:
            bar = Rect(thumb.x, self.area.y, thumb.w, self.area.h)
            pygame.draw.rect(surface, theme.FELT, bar, border_radius=thumb.w // 2)
            pygame.draw.rect(surface, theme.PANEL_EDGE, thumb, border_radius=thumb.w // 2)
        newest = self.newest_button()
        if newest is not None:
            pygame.draw.rect(surface, theme.PANEL, newest, border_radius=newest.h // 2)
            pygame.draw.rect(surface, theme.ACCENT, newest, 1, border_radius=newest.h // 2)
            img = text.render(NEWEST, self.px, theme.ACCENT)
            at = img.get_rect(midleft=(newest.x + self.px // 2, newest.centery))
            surface.blit(img, at)
            a = max(3, self.px // 3)  # the arrow pointing down to the newest line
            x, y = at.right + a + self.px // 6, newest.centery
            pygame.draw.polygon(surface, theme.ACCENT, [(x - a, y - a // 2), (x + a, y - a // 2), (x, y + a)])

    def _in_sight(self) -> tuple[int, int]:
        end = len(self._rows) - self.offset
        return max(0, end - self.visible_rows()), end

    def rows_in_sight(self) -> list[str]:
        """The wrapped rows the last frame showed, top to bottom."""
        start, end = self._in_sight()
        return self._rows[start:end]

    def _rows_image(self) -> pygame.Surface:
        """The rows in sight, drawn again only when they change."""
        start, end = self._in_sight()
        bright = self._ends[-2] if len(self._ends) > 1 else 0  # the newest entry's first row
        key = (start, end, bright, self.area.size, self.px, self._version)
        if self._image is not None and self._image[0] == key:
            return self._image[1]
        image = pygame.Surface(self.area.size, pygame.SRCALPHA)
        line_h = self.line_h()
        for i in range(start, end):
            colour = theme.TEXT if i >= bright else theme.TEXT_DIM
            image.blit(text.render(self._rows[i], self.px, colour), (0, (i - start) * line_h))
        self._image = (key, image)
        return image
