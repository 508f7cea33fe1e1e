"""The drawn figures of a card, in unit coordinates of their box, filled supersampled and
filtered down: the court figures (king, queen, jack), the joker's jester hat and the back's
medallion, with the colours they are printed in."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable

import pygame

from cardtable.engine.cards import JACK, KING, QUEEN
from cardtable.ui.suits import quad

RGB = tuple[int, int, int]
Point = tuple[float, float]

PAPER: RGB = (252, 251, 246)
EDGE: RGB = (136, 136, 132)
RED: RGB = (200, 22, 38)
BLACK: RGB = (24, 24, 28)
GREEN: RGB = (14, 124, 52)
BLUE: RGB = (22, 80, 190)
GOLD: RGB = (222, 174, 58)
GOLD_DARK: RGB = (150, 104, 22)
PANEL: RGB = (250, 241, 214)
STEEL: RGB = (206, 212, 222)
STEEL_DARK: RGB = (110, 118, 132)
PEARL: RGB = (250, 250, 244)


def supersample(width: int) -> int:
    """Sub-pixels per pixel for art filled at ``width``: finer for small cards, cheaper for big."""
    return 4 if width <= 160 else 3 if width <= 320 else 2



def _rotated(points: list[Point], centre: Point, degrees: float) -> list[Point]:
    a = math.radians(degrees)
    ca, sa = math.cos(a), math.sin(a)
    cx, cy = centre
    return [(cx + (x - cx) * ca - (y - cy) * sa, cy + (x - cx) * sa + (y - cy) * ca)
            for x, y in points]


class _Canvas:
    """A box of the card filled at ``ss`` sub-pixels per pixel; ``done()`` filters it down.

    Art is written in units of the box's width (x from 0 to 1, y from 0 to ``aspect``), shifted
    down by ``oy``, so one description draws at any size without distortion."""

    def __init__(self, size: tuple[int, int], ss: int, clear: RGB) -> None:
        self.size = size
        self.ss = ss
        self.w, self.h = size[0] * ss, size[1] * ss
        self.aspect = size[1] / size[0]
        self.oy = 0.0
        self.surf = pygame.Surface((self.w, self.h), pygame.SRCALPHA)
        self.surf.fill((*clear, 0))

    def p(self, pts: list[Point]) -> list[Point]:
        return [(x * self.w, (y + self.oy) * self.w) for x, y in pts]

    def poly(self, colour: RGB, pts: list[Point], outline: RGB | None = None,
             line: float = 0.0) -> None:
        scaled = self.p(pts)
        pygame.draw.polygon(self.surf, colour, scaled)
        if outline is not None:
            pygame.draw.polygon(self.surf, outline, scaled, max(1, round(line * self.w)))

    def circle(self, colour: RGB, centre: Point, r: float, outline: RGB | None = None,
               line: float = 0.0) -> None:
        (c,) = self.p([centre])
        pygame.draw.circle(self.surf, colour, c, r * self.w)
        if outline is not None:
            pygame.draw.circle(self.surf, outline, c, r * self.w, max(1, round(line * self.w)))

    def hatch(self, colour: RGB, spacing: float, line: float) -> None:
        """Fine diagonal lines over the whole box, like the engraving on a printed court card."""
        step = max(2, round(spacing * self.w))
        width = max(1, round(line * self.w))
        for x in range(-self.h, self.w, step):
            pygame.draw.line(self.surf, colour, (x, 0), (x + self.h, self.h), width)

    def done(self) -> pygame.Surface:
        return pygame.transform.smoothscale(self.surf, self.size)


def _tint(colour: RGB, base: RGB, amount: float) -> RGB:
    """``colour`` mixed into ``base``: amount 0 gives base, 1 gives colour."""
    return tuple(round(b + (c - b) * amount) for c, b in zip(colour, base, strict=True))  # type: ignore[return-value]


# -- court and joker art (unit coordinates of the drawing box) ----------------------------------


def _king_art(c: _Canvas, colour: RGB) -> None:
    """A five-pointed crown with pearls, jewels in the suit colour and a cross on top."""
    base = 0.5
    tips = [(0.13, 0.18), (0.31, 0.3), (0.5, 0.12), (0.69, 0.3), (0.87, 0.18)]
    valleys = [(0.23, 0.36), (0.41, 0.38), (0.59, 0.38), (0.77, 0.36)]
    pts: list[Point] = [(0.16, base)]
    for i, tip in enumerate(tips):
        pts.append(tip)
        if i < len(valleys):
            pts.append(valleys[i])
    pts.append((0.84, base))
    line = 0.016
    c.poly(GOLD, pts, GOLD_DARK, line)
    c.poly(GOLD, [(0.13, base - 0.07), (0.87, base - 0.07), (0.87, base + 0.04),
                  (0.13, base + 0.04)], GOLD_DARK, line)
    for x, y in tips:
        c.circle(PEARL, (x, y - 0.015), 0.03, GOLD_DARK, 0.012)
    for x in (0.24, 0.5, 0.76):
        c.poly(colour, [(x, base - 0.06), (x + 0.04, base - 0.015), (x, base + 0.03),
                        (x - 0.04, base - 0.015)], GOLD_DARK, 0.008)
    for x in (0.37, 0.63):
        c.circle(PEARL, (x, base - 0.015), 0.018)
    # A cross above the centre point.
    c.poly(GOLD, [(0.485, 0.0), (0.515, 0.0), (0.515, 0.03), (0.545, 0.03), (0.545, 0.058),
                  (0.515, 0.058), (0.515, 0.1), (0.485, 0.1), (0.485, 0.058), (0.455, 0.058),
                  (0.455, 0.03), (0.485, 0.03)], GOLD_DARK, 0.008)


def _queen_art(c: _Canvas, colour: RGB) -> None:
    """A coronet of rounded arches topped with pearls, and one large jewel."""
    base = 0.5
    arches = [(0.17, 0.27), (0.335, 0.22), (0.5, 0.13), (0.665, 0.22), (0.83, 0.27)]
    pts: list[Point] = [(0.17, base)]
    pts += quad((0.17, base), (0.14, 0.38), arches[0])
    for a, b in itertools.pairwise(arches):
        pts += quad(a, ((a[0] + b[0]) / 2, max(a[1], b[1]) + 0.14), b)
    pts += quad(arches[-1], (0.86, 0.38), (0.83, base))
    line = 0.016
    c.poly(GOLD, pts, GOLD_DARK, line)
    c.poly(GOLD, [(0.15, base - 0.06), (0.85, base - 0.06), (0.85, base + 0.04),
                  (0.15, base + 0.04)], GOLD_DARK, line)
    for x, y in arches:
        c.circle(PEARL, (x, y - 0.035), 0.032, GOLD_DARK, 0.012)
    c.poly(colour, [(0.5, 0.25), (0.56, 0.335), (0.5, 0.42), (0.44, 0.335)], GOLD_DARK, 0.01)
    c.circle(PEARL, (0.485, 0.31), 0.012)
    for x in (0.27, 0.73):
        c.circle(colour, (x, base - 0.01), 0.028, GOLD_DARK, 0.01)
    for x in (0.385, 0.615):
        c.circle(PEARL, (x, base - 0.01), 0.016)


def _sword(c: _Canvas | _Mirror, colour: RGB, centre: Point, degrees: float) -> None:
    """A sword pointing right from ``centre``'s left, turned by ``degrees``."""
    parts: list[tuple[RGB, RGB | None, list[Point]]] = [
        (STEEL, STEEL_DARK, [(0.0, 0.27), (0.08, 0.246), (0.66, 0.246), (0.66, 0.294),
                             (0.08, 0.294)]),
        (STEEL_DARK, None, [(0.08, 0.267), (0.64, 0.267), (0.64, 0.273), (0.08, 0.273)]),
        (GOLD, GOLD_DARK, [(0.66, 0.17), (0.705, 0.17), (0.705, 0.37), (0.66, 0.37)]),
        (colour, GOLD_DARK, [(0.705, 0.25), (0.85, 0.25), (0.85, 0.29), (0.705, 0.29)]),
    ]
    for fill, outline, pts in parts:
        c.poly(fill, _rotated(pts, centre, degrees), outline, 0.008)
    ((px, py),) = _rotated([(0.88, 0.27)], centre, degrees)
    c.circle(GOLD, (px, py), 0.035, GOLD_DARK, 0.01)


def _jack_art(c: _Canvas, colour: RGB) -> None:
    """Two crossed swords behind a shield in the suit colour."""
    centre = (0.5, 0.3)
    _sword(c, colour, centre, -33)
    _sword(_Mirror(c), colour, centre, -33)
    shield = [(0.32, 0.08), (0.5, 0.12), (0.68, 0.08), (0.68, 0.28)]
    shield += quad((0.68, 0.28), (0.67, 0.46), (0.5, 0.54))
    shield += quad((0.5, 0.54), (0.33, 0.46), (0.32, 0.28))
    c.poly(colour, shield, GOLD, 0.024)
    # A gold chevron and a boss on the shield.
    c.poly(GOLD, [(0.37, 0.3), (0.5, 0.22), (0.63, 0.3), (0.63, 0.35), (0.5, 0.27), (0.37, 0.35)])
    c.circle(GOLD, (0.5, 0.41), 0.035, GOLD_DARK, 0.008)


class _Mirror:
    """Draws through another canvas with x mirrored (for symmetric art such as crossed swords)."""

    def __init__(self, canvas: _Canvas) -> None:
        self.canvas = canvas

    def poly(self, colour: RGB, pts: list[Point], outline: RGB | None = None,
             line: float = 0.0) -> None:
        self.canvas.poly(colour, [(1 - x, y) for x, y in pts], outline, line)

    def circle(self, colour: RGB, centre: Point, r: float, outline: RGB | None = None,
               line: float = 0.0) -> None:
        self.canvas.circle(colour, (1 - centre[0], centre[1]), r, outline, line)


_COURT_ART: dict[int, Callable[[_Canvas, RGB], None]] = {
    KING: _king_art, QUEEN: _queen_art, JACK: _jack_art,
}


def _jester_hat(c: _Canvas, colour: RGB, second: RGB) -> None:
    """A three-pointed jester's hat with bells, alternating the joker's colour and a second one."""
    line = 0.014
    y0, y1 = 0.78, 0.9
    # The middle point stands up behind; the side points flop outwards and down in front.
    points = [
        ((0.33, y0), (0.42, 0.38), (0.5, 0.1), (0.58, 0.38), (0.67, y0), second),
        ((0.5, y0), (0.3, 0.3), (0.07, 0.42), (0.3, 0.55), (0.16, y0), colour),
        ((0.5, y0), (0.7, 0.3), (0.93, 0.42), (0.7, 0.55), (0.84, y0), colour),
    ]
    for start, ctrl_out, tip, ctrl_back, end, fill in points:
        outline = [start, *quad(start, ctrl_out, tip, 20), *quad(tip, ctrl_back, end, 20)]
        c.poly(fill, outline, GOLD_DARK, line)
    c.poly(GOLD, [(0.16, y0), (0.84, y0), (0.8, y1), (0.2, y1)], GOLD_DARK, line)
    mid = (y0 + y1) / 2
    for x in (0.3, 0.5, 0.7):
        c.poly(colour, [(x, y0 + 0.018), (x + 0.04, mid), (x, y1 - 0.018), (x - 0.04, mid)])
    for tip in ((0.07, 0.42), (0.93, 0.42), (0.5, 0.1)):
        c.circle(GOLD, (tip[0], tip[1] + 0.03), 0.05, GOLD_DARK, line)
        c.circle(GOLD_DARK, (tip[0], tip[1] + 0.05), 0.013)
    for sx, sy in ((0.14, 0.06), (0.86, 0.06)):
        star = []
        for i in range(10):
            r = 0.06 if i % 2 == 0 else 0.025
            a = math.pi / 2 + i * math.pi / 5
            star.append((sx + r * math.cos(a), sy - r * math.sin(a)))
        c.poly(second, star, GOLD_DARK, 0.006)


def _back_medallion(c: _Canvas, field: RGB, lattice: RGB, frame: RGB) -> None:
    """An oval cartouche in the middle of the back, with a four-petal rosette."""
    cx, cy = 0.5, c.aspect / 2
    rect = pygame.Rect(0, 0, round(0.52 * c.w), round(0.36 * c.w))
    rect.center = (round(c.w / 2), round(c.h / 2))
    pygame.draw.ellipse(c.surf, frame, rect)
    pygame.draw.ellipse(c.surf, field, rect.inflate(-0.03 * c.w, -0.03 * c.w))
    pygame.draw.ellipse(c.surf, frame, rect.inflate(-0.06 * c.w, -0.06 * c.w),
                        max(1, round(0.01 * c.w)))
    for i in range(4):
        a = i * math.pi / 2
        reach = 0.19 if i % 2 == 0 else 0.12
        tip = (cx + math.cos(a) * reach, cy + math.sin(a) * reach)
        side1 = (cx + math.cos(a + 0.7) * 0.045, cy + math.sin(a + 0.7) * 0.045)
        side2 = (cx + math.cos(a - 0.7) * 0.045, cy + math.sin(a - 0.7) * 0.045)
        c.poly(lattice, [(cx, cy), side1, tip, side2])
    c.circle(frame, (cx, cy), 0.03)
