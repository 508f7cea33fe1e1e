"""The join cards of a match with phone seats: for each phone seat its QR code, its short address
and whether the phone is there, drawn over the table until every phone has joined, and after that
only when someone at the screen asks for a seat's code (a new one: the code is a key to that hand,
and the big screen is seen by every player)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from cardtable.net.qr import qr_matrix
from cardtable.ui import text, theme

Rect = pygame.Rect


@dataclass(frozen=True)
class JoinCard:
    name: str
    url: str
    connected: bool
    joined_before: bool
    asked: bool = False
    """Shown because someone clicked the seat's plate (a new code; the old one opens nothing)."""

    @property
    def status(self) -> str:
        if self.connected:
            return f"{self.name}'s phone is here"
        if self.asked:
            return (f"{self.name}'s new code: scan it with the phone to play on "
                    f"(click {self.name}'s plate to hide it)")
        if self.joined_before:
            return f"Waiting for {self.name}'s phone"
        return f"{self.name}: scan with your phone's camera"


@lru_cache(maxsize=16)
def qr_surface(url: str, module_px: int) -> pygame.Surface:
    """The QR code of ``url``, black modules on white with its quiet zone, ``module_px`` a module."""
    matrix = qr_matrix(url)
    size = len(matrix) * module_px
    img = pygame.Surface((size, size))
    img.fill((255, 255, 255))
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                img.fill((0, 0, 0), (x * module_px, y * module_px, module_px, module_px))
    return img


def card_rects(area: Rect, count: int) -> list[Rect]:
    """``count`` equal cards side by side (in two rows past four), centred in ``area``."""
    if count <= 0:
        return []
    cols = count if count <= 4 else (count + 1) // 2
    rows = (count + cols - 1) // cols
    gap = max(8, area.w // 60)
    w = min((area.w - gap * (cols + 1)) // cols, round((area.h - gap * (rows + 1)) / rows / 1.3))
    h = round(w * 1.3)
    total_w, total_h = cols * w + (cols - 1) * gap, rows * h + (rows - 1) * gap
    x0, y0 = area.centerx - total_w // 2, area.centery - total_h // 2
    return [Rect(x0 + (i % cols) * (w + gap), y0 + (i // cols) * (h + gap), w, h) for i in range(count)]


def draw_join_cards(surface: pygame.Surface, area: Rect, cards: list[JoinCard], px: int) -> list[Rect]:
    """Draw the join cards inside ``area``; returns where each went."""
    rects = card_rects(area, len(cards))
    for card, r in zip(cards, rects, strict=True):
        pygame.draw.rect(surface, theme.PANEL, r, border_radius=px // 2)
        edge = theme.LEGAL if card.connected else theme.ACCENT
        pygame.draw.rect(surface, edge, r, 2, border_radius=px // 2)
        small = max(10, round(px * 0.8))
        lines = text.wrap(card.status, small, r.w - px)[:3]
        line_h = text.line_height(small)
        side = min(r.w - px, r.h - px - line_h * (len(lines) + 1))
        matrix_len = len(qr_matrix(card.url))
        module = max(1, side // matrix_len)
        if not card.connected:
            img = qr_surface(card.url, module)
            surface.blit(img, img.get_rect(midtop=(r.centerx, r.y + px // 2)))
            top = r.y + px // 2 + img.get_height() + px // 4
        else:
            top = r.y + r.h // 3
        for i, line in enumerate(lines):
            img = text.render(line, small, theme.TEXT, bold=i == 0 and card.connected)
            surface.blit(img, img.get_rect(midtop=(r.centerx, top + i * line_h)))
        # The whole address, for a phone whose camera does not read codes: it can be typed.
        tiny = max(10, round(small * 0.9))
        lines = text.wrap(card.url.split("//", 1)[-1], tiny, r.w - px // 2)[-2:]
        step = text.line_height(tiny)
        for i, line in enumerate(reversed(lines)):
            img = text.render(line, tiny, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midbottom=(r.centerx, r.bottom - px // 4 - i * step)))
    return rects
