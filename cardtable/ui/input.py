"""The one place where pygame events become the project's input events.

Pointer presses turn into clicks, double-clicks or drags (a drag starts after a few pixels, as in
KPatience); keys become ``Key`` events; window changes become ``Resize`` and ``Quit``. Touch
events arrive from SDL as mouse events marked ``touch`` and are handled the same way, once.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import pygame

from cardtable.ui import timings


@dataclass(frozen=True)
class PointerMove:
    pos: tuple[int, int]


@dataclass(frozen=True)
class Press:
    pos: tuple[int, int]


@dataclass(frozen=True)
class Click:
    pos: tuple[int, int]
    double: bool = False
    button: int = 1


@dataclass(frozen=True)
class DragStart:
    origin: tuple[int, int]
    pos: tuple[int, int]


@dataclass(frozen=True)
class DragMove:
    origin: tuple[int, int]
    pos: tuple[int, int]


@dataclass(frozen=True)
class Drop:
    origin: tuple[int, int]
    pos: tuple[int, int]


@dataclass(frozen=True)
class Key:
    key: int
    mod: int = 0
    unicode: str = ""


@dataclass(frozen=True)
class Wheel:
    dy: int
    pos: tuple[int, int]


@dataclass(frozen=True)
class Resize:
    size: tuple[int, int]


@dataclass(frozen=True)
class Quit:
    pass


InputEvent = PointerMove | Press | Click | DragStart | DragMove | Drop | Key | Wheel | Resize | Quit


class InputTranslator:
    """Turns a stream of pygame events into InputEvents, remembering presses and last clicks."""

    def __init__(self, clock=time.perf_counter) -> None:
        self.clock = clock
        self.pressed_at: tuple[int, int] | None = None
        self.dragging = False
        self.last_click: tuple[float, tuple[int, int]] | None = None
        self.pointer: tuple[int, int] = (0, 0)

    def translate(self, ev: pygame.event.Event) -> list[InputEvent]:
        t = ev.type
        if t == pygame.QUIT:
            return [Quit()]
        if t in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            return [Resize((ev.w, ev.h) if t == pygame.VIDEORESIZE else (ev.x, ev.y))]
        if t == pygame.KEYDOWN:
            return [Key(ev.key, getattr(ev, "mod", 0), getattr(ev, "unicode", ""))]
        if t == pygame.MOUSEWHEEL:
            return [Wheel(int(ev.y), self.pointer)]
        if t == pygame.MOUSEBUTTONDOWN:
            if ev.button not in (1, 3):
                return []
            self.pointer = tuple(ev.pos)
            if ev.button == 3:
                return [Click(self.pointer, button=3)]
            self.pressed_at, self.dragging = self.pointer, False
            return [Press(self.pointer)]
        if t == pygame.MOUSEMOTION:
            self.pointer = tuple(ev.pos)
            if self.pressed_at is None:
                return [PointerMove(self.pointer)]
            if not self.dragging:
                dx, dy = self.pointer[0] - self.pressed_at[0], self.pointer[1] - self.pressed_at[1]
                if max(abs(dx), abs(dy)) < timings.DRAG_THRESHOLD_PX:
                    return [PointerMove(self.pointer)]
                self.dragging = True
                return [DragStart(self.pressed_at, self.pointer)]
            return [DragMove(self.pressed_at, self.pointer)]
        if t == pygame.MOUSEBUTTONUP and ev.button == 1:
            self.pointer = tuple(ev.pos)
            origin, was_drag = self.pressed_at, self.dragging
            self.pressed_at, self.dragging = None, False
            if origin is None:
                return []
            if was_drag:
                return [Drop(origin, self.pointer)]
            return [self._click(self.pointer)]
        if t == pygame.WINDOWLEAVE and self.dragging and self.pressed_at is not None:
            # A drag that leaves the window is dropped where it left: it flies back if illegal.
            origin, self.pressed_at, self.dragging = self.pressed_at, None, False
            return [Drop(origin, self.pointer)]
        return []

    def _click(self, pos: tuple[int, int]) -> Click:
        now = self.clock()
        double = False
        if self.last_click is not None:
            t0, p0 = self.last_click
            near = (
                abs(p0[0] - pos[0]) <= timings.DRAG_THRESHOLD_PX
                and abs(p0[1] - pos[1]) <= timings.DRAG_THRESHOLD_PX
            )
            double = near and now - t0 <= timings.DOUBLE_CLICK
        self.last_click = None if double else (now, pos)
        return Click(pos, double=double)


def best_drop(dragged: pygame.Rect, targets: dict[str, pygame.Rect]) -> str | None:
    """The target the dragged cards overlap most (KPatience); None when they overlap none."""
    best, best_area = None, 0
    for name, rect in targets.items():
        clip = dragged.clip(rect)
        area = clip.w * clip.h
        if area > best_area:
            best, best_area = name, area
    return best
