"""Images the table keeps between frames: card faces drawn ahead of need, turned cards, the
status box (wrapping measures every word: done when they change, not every
frame)."""

from __future__ import annotations

import time

import pygame

from cardtable.engine.cards import HIDDEN
from cardtable.ui.table import render

WARM_BUDGET = 0.002
"""Seconds per frame spent drawing card faces into the cache before they are needed."""


class Caches:
    def __init__(self) -> None:
        self.warm: list[tuple[int, int]] = []
        """Card faces (card, width) still to draw into the art cache, a few each idle frame."""
        self._turned: dict[tuple[int, int], tuple[pygame.Surface, pygame.Surface]] = {}
        self._status: tuple[object, pygame.Surface] | None = None

    def warm_cards(self, art) -> None:
        """Draw card faces ahead of need, within a small budget per frame, so a card seen for the
        first time mid-flight does not cost a frame."""
        t_end = time.perf_counter() + WARM_BUDGET
        while self.warm and time.perf_counter() < t_end:
            card, width = self.warm.pop()
            if card == HIDDEN:
                art.back(width)
            else:
                art.face(card, width)

    def turned(self, img: pygame.Surface, face: int, width: int) -> pygame.Surface:
        """A card lying turned 90° (a swapped-in face-up card), rotated once per face and size."""
        key = (face, width)
        hit = self._turned.get(key)
        if hit is None or hit[0] is not img:
            # Turned, its long side a little wider than an upright card: it still reads as lying
            # across its place without covering the neighbours in a tight row.
            w, h = img.get_size()
            turned = pygame.transform.rotate(img, 90)
            hit = (img, pygame.transform.smoothscale(turned, (round(w * 1.15), round(w * 1.15 * w / h))))
            self._turned[key] = hit
        return hit[1]

    def status(self, surface: pygame.Surface, area: pygame.Rect, lines: list[str], px: int) -> int:
        """The panel's status box at the top of the side column; returns its bottom."""
        key = (tuple(lines), area.w, px)
        if self._status is None or self._status[0] != key:
            self._status = (key, render.status_box(area.w, lines, px))
        surface.blit(self._status[1], area.topleft)
        return area.y + self._status[1].get_height()
