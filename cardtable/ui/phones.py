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
        return f"{self.name}: scan with your phone's camera, or type the address below"


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


ADDRESS_LINES = 3
"""At most this many lines of address under a code; smaller type before fewer characters."""


def address_lines(address: str, px: int, width: int) -> list[str]:
    """``address`` (no scheme) in lines no wider than ``width`` at ``px``, every character kept and
    in order, so a player can type it from the screen: on one line if it fits, else the computer's
    part on its own line and the path after it (cut between characters only where a part is wider
    than a line)."""
    if text.text_size(address, px)[0] <= width:
        return [address]
    host, slash, path = address.partition("/")
    lines = text.wrap(host, px, width) if host else []
    if slash:
        lines += _cut_to_width(slash + path, px, width)
    return lines


def _cut_to_width(part: str, px: int, width: int) -> list[str]:
    """``part`` cut between characters into lines that fit (``text.wrap`` would read spaces)."""
    lines: list[str] = []
    line = ""
    for ch in part:
        if line and text.text_size(line + ch, px)[0] > width:
            lines.append(line)
            line = ""
        line += ch
    return [*lines, line]


def fitted_address(address: str, px: int, width: int) -> tuple[int, list[str]]:
    """The largest type from ``px`` down (not below 9) at which ``address`` takes at most
    ``ADDRESS_LINES`` lines, and those lines (at 9, however many it takes: never a part dropped)."""
    size = px
    lines = address_lines(address, size, width)
    while len(lines) > ADDRESS_LINES and size > 9:
        size -= 1
        lines = address_lines(address, size, width)
    return size, lines


@lru_cache(maxsize=64)
def _matrix_len(url: str) -> int:
    """Modules along a side of ``url``'s code: encoding it costs some 5 ms, and a waiting card is
    drawn every frame (seven waiting phones cost 32 ms a frame before this was kept)."""
    return len(qr_matrix(url))


MIN_MODULE = 2
"""Pixels a QR module needs to stay readable from the screen by a phone's camera."""


@dataclass(frozen=True)
class CardText:
    """What a join card says and how big its code is drawn."""

    status: list[str]
    status_px: int
    address: list[str]
    address_px: int
    module: int


def card_text(card: JoinCard, r: Rect, px: int) -> CardText:
    """The card's words and code size in ``r``: the code as big as the words leave room for, and
    where it would be too small to scan, the words cut down first (the status to the seat's name,
    then the address's type to its smallest; never a character of the address dropped)."""
    small = max(10, round(px * 0.8))
    status = text.wrap(card.status, small, r.w - px)[:3]
    size, where = fitted_address(card.url.split("//", 1)[-1], small, r.w - px)
    matrix_len = _matrix_len(card.url)

    def module() -> int:
        words = text.line_height(small) * len(status) + text.line_height(size) * len(where)
        room = r.h - px - words - px // 4
        return max(1, room // matrix_len)

    if not card.connected and module() < MIN_MODULE:
        status = text.wrap(card.name, small, r.w - px)[:1]
        if module() < MIN_MODULE:
            size, where = fitted_address(card.url.split("//", 1)[-1], 9, r.w - px)
    return CardText(status, small, where, size, module())


def shown_at_once(area: Rect, cards: tuple[JoinCard, ...], px: int) -> int:
    """How many of ``cards`` are drawn at once: all of them, unless so many cards would make a code
    too small to scan (fourteen phones at a laptop's table). Then as many as keep every code
    scannable, and one more card naming the rest, whose codes come up as these phones join."""
    return _shown_at_once(tuple(area), cards, px)


@lru_cache(maxsize=16)
def _shown_at_once(area: tuple[int, int, int, int], cards: tuple[JoinCard, ...], px: int) -> int:
    # kept: the join cards are drawn every frame, and each try wraps every card's words
    for k in range(len(cards), 1, -1):
        rects = card_rects(Rect(area), k + (k < len(cards)))
        if all(c.connected or card_text(c, r, px).module >= MIN_MODULE
               for c, r in zip(cards, rects, strict=False)):
            return k
    return min(1, len(cards))


def waiting_note(later: list[JoinCard]) -> str:
    """What the card after the drawn ones says of the phones whose codes are not drawn yet."""
    names = [c.name for c in later]
    if len(names) > 3:
        names = [*names[:2], f"{len(names) - 2} more"]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"{listed}: your codes come up here as these phones join."


def _draw_note(surface: pygame.Surface, r: Rect, note: str, px: int) -> None:
    pygame.draw.rect(surface, theme.PANEL, r, border_radius=px // 2)
    pygame.draw.rect(surface, theme.PANEL_EDGE, r, 2, border_radius=px // 2)
    size = max(10, round(px * 0.8))
    lines = text.wrap(note, size, r.w - px)
    step = text.line_height(size)
    top = r.centery - step * len(lines) // 2
    for i, line in enumerate(lines):
        img = text.render(line, size, theme.TEXT)
        surface.blit(img, img.get_rect(midtop=(r.centerx, top + i * step)))


def draw_join_cards(surface: pygame.Surface, area: Rect, cards: list[JoinCard], px: int) -> list[Rect]:
    """Draw the join cards inside ``area`` (as many at once as stay scannable, then a card naming
    the rest); returns where each drawn join card went."""
    k = shown_at_once(area, tuple(cards), px)
    rects = card_rects(area, k + (k < len(cards)))
    if k < len(cards):
        _draw_note(surface, rects.pop(), waiting_note(cards[k:]), px)
        cards = cards[:k]
    for card, r in zip(cards, rects, strict=True):
        pygame.draw.rect(surface, theme.PANEL, r, border_radius=px // 2)
        edge = theme.LEGAL if card.connected else theme.ACCENT
        pygame.draw.rect(surface, edge, r, 2, border_radius=px // 2)
        t = card_text(card, r, px)
        if not card.connected:
            img = qr_surface(card.url, t.module)
            surface.blit(img, img.get_rect(midtop=(r.centerx, r.y + px // 2)))
            top = r.y + px // 2 + img.get_height() + px // 4
        else:
            top = r.y + r.h // 3
        line_h = text.line_height(t.status_px)
        for i, line in enumerate(t.status):
            img = text.render(line, t.status_px, theme.TEXT, bold=i == 0 and card.connected)
            surface.blit(img, img.get_rect(midtop=(r.centerx, top + i * line_h)))
        # The whole address, for a phone whose camera does not read codes: it can be typed, so it
        # is as big and as bright as the words (dim and smaller, it was hard to read from a sofa).
        step = text.line_height(t.address_px)
        for i, line in enumerate(reversed(t.address)):
            img = text.render(line, t.address_px, theme.TEXT)
            surface.blit(img, img.get_rect(midbottom=(r.centerx, r.bottom - px // 4 - i * step)))
    return rects
