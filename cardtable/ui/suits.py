"""The four suit symbols as vector shapes, rasterised at the size asked for.

The default pygame font has no ♣♠♥♦ glyphs, so card pips and the suit symbols inside text are drawn
here. Each shape is described in a unit box as polygons and circles, filled at ``SUPERSAMPLE`` times
the target size and box-filtered down (``smoothscale``), which gives clean antialiased edges at every
size from a 9-pixel corner index to a 4K ace. Results are cached per (suit, size, colour, direction):
a card face is then a handful of cached blits.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from cardtable.engine.cards import CLUBS, DIAMONDS, HEARTS, SPADES

Colour = tuple[int, int, int]
Point = tuple[float, float]

SUPERSAMPLE = 4
"""Sub-pixels per pixel along each axis when a shape is filled; 4 gives 16 coverage levels."""

SUIT_CHARS = {"♣": CLUBS, "♠": SPADES, "♥": HEARTS, "♦": DIAMONDS,
              "♧": CLUBS, "♤": SPADES, "♡": HEARTS, "♢": DIAMONDS}
"""Text characters drawn as suit shapes (the outline variants are drawn filled, like the rest)."""

ASPECT = {CLUBS: 1.0, SPADES: 0.9, HEARTS: 1.08, DIAMONDS: 0.78}
"""Width / height of each suit's box: a pip is sized by its height and keeps its proportions."""


def quad(p0: Point, p1: Point, p2: Point, steps: int = 12) -> list[Point]:
    """Points along the quadratic Bézier curve p0 → p2 pulled towards p1 (p0 excluded)."""
    out = []
    for i in range(1, steps + 1):
        t = i / steps
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def _heart_outline(steps: int = 72) -> list[Point]:
    """The classic parametric heart, normalised to the unit box (point at the bottom)."""
    raw = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        raw.append((x, y))
    return _normalise(raw)


def _normalise(points: list[Point]) -> list[Point]:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0, y0 = min(xs), min(ys)
    sx, sy = max(xs) - x0, max(ys) - y0
    return [((x - x0) / sx, (y - y0) / sy) for x, y in points]


def _stem(top_y: float, half_width: float) -> list[Point]:
    """The flared foot of a spade or club: concave sides from the centre down to the base."""
    pts: list[Point] = [(0.5, top_y)]
    pts += quad((0.5, top_y), (0.49, 0.9), (0.5 - half_width, 1.0))
    pts.append((0.5 + half_width, 1.0))
    pts += quad((0.5 + half_width, 1.0), (0.51, 0.9), (0.5, top_y))
    return pts


def _shapes(suit: int) -> tuple[list[list[Point]], list[tuple[Point, float]]]:
    """Polygons and circles (centre, radius) of ``suit`` in a unit box (y grows downwards)."""
    if suit == HEARTS:
        return [_heart_outline()], []
    if suit == DIAMONDS:
        pts: list[Point] = [(0.5, 0.0)]
        pts += quad((0.5, 0.0), (0.72, 0.3), (1.0, 0.5))
        pts += quad((1.0, 0.5), (0.72, 0.7), (0.5, 1.0))
        pts += quad((0.5, 1.0), (0.28, 0.7), (0.0, 0.5))
        pts += quad((0.0, 0.5), (0.28, 0.3), (0.5, 0.0))
        return [pts], []
    if suit == SPADES:
        # An upside-down heart, a little squatter, sitting on a stem.
        body = [(x, 0.78 - y * 0.78) for x, y in _heart_outline()]
        return [body, _stem(0.55, 0.2)], []
    # Clubs: three leaves and a small filler so the centre has no notch.
    r = 0.235
    circles = [((0.5, r), r), ((r, 0.6), r), ((1 - r, 0.6), r), ((0.5, 0.5), 0.14)]
    return [_stem(0.5, 0.2)], circles


@lru_cache(maxsize=512)
def suit_stamp(suit: int, height: int, colour: Colour, upside_down: bool = False) -> pygame.Surface:
    """``suit`` drawn ``height`` pixels tall in ``colour`` on a transparent surface (cached; do not
    draw on the result)."""
    height = max(1, int(height))
    width = max(1, round(height * ASPECT[suit]))
    ss = SUPERSAMPLE
    big = pygame.Surface((width * ss, height * ss), pygame.SRCALPHA)
    # Transparent pixels carry the shape's colour so the box filter does not darken the edges.
    big.fill((*colour, 0))
    sx, sy = width * ss, height * ss
    polygons, circles = _shapes(suit)
    for poly in polygons:
        pygame.draw.polygon(big, (*colour, 255), [(x * sx, y * sy) for x, y in poly])
    for (cx, cy), r in circles:
        pygame.draw.circle(big, (*colour, 255), (cx * sx, cy * sy), r * sy)
    stamp = pygame.transform.smoothscale(big, (width, height))
    if upside_down:
        stamp = pygame.transform.flip(stamp, True, True)
    return stamp


def stamp_width(suit: int, height: int) -> int:
    """The width of ``suit_stamp(suit, height, ...)`` without drawing it."""
    return max(1, round(max(1, int(height)) * ASPECT[suit]))
