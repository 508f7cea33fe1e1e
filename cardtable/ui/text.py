"""Text for the table: pygame's bundled font with the suit symbols drawn inline as shapes.

``px`` is the font's real pixel size (line height). pygame shrinks its default font to 0.6875 of the
size asked for, so the bundled file is opened by path to make ``px`` mean what it says.

The table redraws its log (about 15 lines) every frame, so ``render`` keeps an LRU cache of finished
line surfaces keyed by (text, px, colour, bold, italic); a cache hit costs well under a microsecond.
Callers must treat the returned surfaces as read-only.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache

import pygame

from cardtable.engine.cards import CLUBS, DIAMONDS, HEARTS
from cardtable.ui.suits import SUIT_CHARS, stamp_width, suit_stamp

ColourLike = pygame.Color | tuple[int, int, int] | tuple[int, int, int, int] | str
RGB = tuple[int, int, int]

SUIT_RED: RGB = (214, 36, 48)
"""♥ and ♦ inside text: a red that reads on both the dark panels and light paper."""

SUIT_GREEN: RGB = (46, 170, 84)
SUIT_BLUE: RGB = (70, 130, 240)
"""♣ and ♦ inside text with the four-colour deck: the cards' green and blue, lightened enough to
read on the dark panels too."""

_four_colour = False


def set_four_colour(on: bool) -> None:
    """Colour the suits in text as the four-colour deck colours them on the cards."""
    global _four_colour
    if on != _four_colour:
        _four_colour = on
        _render.cache_clear()  # finished lines hold the old colours


def suit_colour(suit: int, rgb: RGB) -> RGB:
    """The colour of suit symbol ``suit`` in text drawn in ``rgb``."""
    if _four_colour and suit in (CLUBS, DIAMONDS):
        return SUIT_GREEN if suit == CLUBS else SUIT_BLUE
    return SUIT_RED if suit in (HEARTS, DIAMONDS) else rgb

SUIT_HEIGHT = 0.68
"""A suit symbol's height as a fraction of ``px``: the cap height of the bundled font."""

SUIT_SIDE = 0.06
"""Space left and right of an inline suit symbol, as a fraction of ``px``."""

RENDER_CACHE_SIZE = 768
"""Finished line surfaces kept; a 400-pixel log line is about 30 kB, so this stays under ~25 MB."""

SIZE_CACHE_SIZE = 8192
"""Measured (text, px, bold, italic) kept: wrapping and fitting measure the same words and phrases
every frame (a fifth of a frame-bound test's time was ``Font.size``); an entry is ~200 bytes."""

WRAP_CACHE_SIZE = 2048
"""Wrapped texts kept: the coach's bubble, the tooltips and the panels wrap the same words at the
same sizes again and again while a frame is laid out (and every frame for some)."""


SAMPLED_BELOW = 40
"""Text smaller than this is drawn three times as large and scaled down: the bundled font's hinting
rounds each glyph's advance to a whole pixel at small sizes, which opens gaps after narrow letters
("st raight", "it self", "Seat s"); drawn large, the spacing is the font's own."""
SAMPLE = 3


def _sample(px: int) -> int:
    return SAMPLE if px < SAMPLED_BELOW else 1


def _run_width(run: str, px: int, italic: bool) -> int:
    """The width ``_run_surface`` gives ``run`` (a stretch of plain text)."""
    s = _sample(px)
    return -(-_font(px * s, False, italic).size(run)[0] // s)


def _run_surface(run: str, px: int, rgb: RGB, italic: bool) -> pygame.Surface:
    """``run`` at ``px``, as tall as the font's lines at ``px``, sampled down where it is small."""
    s = _sample(px)
    big = _font(px * s, False, italic).render(run, True, rgb)
    if s == 1:
        return big
    if big.get_width() < s:  # nothing to sample ("" or a hair): the small font's own, as tall as a line
        return _font(px, False, italic).render(run, True, rgb)
    width = -(-big.get_width() // s)
    small = pygame.transform.smoothscale(big, (width, max(1, round(big.get_height() / s))))
    out = pygame.Surface((width, _surface_height(px, False, italic)), pygame.SRCALPHA)
    # Baselines meet: the large font's ascent, scaled, sits where the small font's does.
    drop = _font(px, False, italic).get_ascent() - _font(px * s, False, italic).get_ascent() / s
    out.blit(small, (0, round(drop)))
    return out


def bold_strike(px: int) -> int:
    """How many pixels a bold line is struck across. Bold is the regular glyphs drawn again one
    pixel to the right (and again, at large sizes), not SDL_ttf's synthetic bold: that widens each
    glyph's advance by a rounded amount, which at table sizes opens gaps after narrow letters
    ("T he", "st raight", "bat tles")."""
    return max(1, round(px / 16))


def _font_file() -> str | None:
    path = os.path.join(os.path.dirname(pygame.__file__), pygame.font.get_default_font())
    return path if os.path.exists(path) else None


@lru_cache(maxsize=128)
def _font(px: int, bold: bool, italic: bool) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    path = _font_file()
    # Without the file (an unusual freeze), fall back to the built-in font, undoing its shrink.
    f = pygame.font.Font(path, px) if path else pygame.font.Font(None, round(px / 0.6875))
    f.italic = italic  # bold is struck by _make, never set on the font (see bold_strike)
    return f


@lru_cache(maxsize=128)
def _surface_height(px: int, bold: bool, italic: bool) -> int:
    """The height of what the font renders: SDL_ttf adds a pixel or two to ``get_height()``."""
    return _font(px, bold, italic).render("Ag", True, (0, 0, 0)).get_height()


def font(px: int, bold: bool = False) -> pygame.font.Font:
    """The table's font at ``px`` pixels (cached; do not change its style flags)."""
    return _font(max(1, int(px)), bold, False)


_SUIT_RE = re.compile("[" + "".join(SUIT_CHARS) + "]")


def _runs(text: str) -> list[tuple[str, int | None]]:
    """``text`` split into plain runs (suit None) and single suit symbols (suit id)."""
    if _SUIT_RE.search(text) is None:  # the common case, at C speed
        return [(text, None)]
    runs: list[tuple[str, int | None]] = []
    start = 0
    for i, ch in enumerate(text):
        suit = SUIT_CHARS.get(ch)
        if suit is not None:
            if i > start:
                runs.append((text[start:i], None))
            runs.append((ch, suit))
            start = i + 1
    if start < len(text):
        runs.append((text[start:], None))
    return runs


def _suit_metrics(px: int, suit: int) -> tuple[int, int, int]:
    """(stamp height, stamp width, advance) of an inline suit symbol at ``px``."""
    h = max(4, round(px * SUIT_HEIGHT))
    w = stamp_width(suit, h)
    return h, w, w + 2 * max(1, round(px * SUIT_SIDE))


def text_size(text: str, px: int, bold: bool = False, italic: bool = False) -> tuple[int, int]:
    """The (width, height) that ``render`` gives ``text`` (cached)."""
    return _text_size(text, max(1, int(px)), bool(bold), bool(italic))


@lru_cache(maxsize=SIZE_CACHE_SIZE)
def _text_size(text: str, px: int, bold: bool, italic: bool) -> tuple[int, int]:
    # The font file is fixed, so (px, bold, italic) names the font: the key is the font and the text.
    width = 0
    for run, suit in _runs(text):
        width += _run_width(run, px, italic) if suit is None else _suit_metrics(px, suit)[2]
    if bold and text:
        width += bold_strike(px)
    return width, _surface_height(px, bold, italic)


def line_height(px: int, bold: bool = False) -> int:
    """Distance between the baselines of two wrapped lines at ``px``."""
    return font(px, bold).get_linesize()


def line_box(px: int, bold: bool = False) -> int:
    """The height of a box one line of text fits in: the line spacing or the rendered height,
    whichever is more."""
    return max(line_height(px, bold), _surface_height(max(1, int(px)), bold, False))


def render(text: str, px: int, colour: ColourLike, bold: bool = False,
           italic: bool = False) -> pygame.Surface:
    """``text`` on a transparent surface; ♣♠ in ``colour``, ♥♦ in red (cached; read-only)."""
    c = pygame.Color(colour)
    return _render((text, max(1, int(px)), (c.r, c.g, c.b), c.a, bold, italic))


def render_once(text: str, px: int, colour: ColourLike, bold: bool = False,
                italic: bool = False) -> pygame.Surface:
    """Like ``render`` but not cached, for callers that keep the surface themselves (the rules
    viewer lays out a whole book and would otherwise push the table's log out of the cache)."""
    c = pygame.Color(colour)
    return _make(text, max(1, int(px)), (c.r, c.g, c.b), c.a, bold, italic)


@lru_cache(maxsize=RENDER_CACHE_SIZE)
def _render(key: tuple[str, int, RGB, int, bool, bool]) -> pygame.Surface:
    return _make(*key)


def _make(text: str, px: int, rgb: RGB, alpha: int, bold: bool, italic: bool) -> pygame.Surface:
    runs = _runs(text)
    plain = len(runs) == 1 and runs[0][1] is None
    surf = _run_surface(text, px, rgb, italic) if plain else _compose(runs, px, rgb, italic)
    if bold and text:
        surf = _struck(surf, bold_strike(px))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()  # display format blits about twice as fast
    if alpha < 255:
        surf.set_alpha(alpha)
    return surf


def _struck(surf: pygame.Surface, strike: int) -> pygame.Surface:
    """``surf`` drawn ``strike`` + 1 times, a pixel further right each time: the bold line."""
    out = pygame.Surface((surf.get_width() + strike, surf.get_height()), pygame.SRCALPHA)
    for dx in range(strike + 1):
        out.blit(surf, (dx, 0))
    return out


def _compose(runs: list[tuple[str, int | None]], px: int, rgb: RGB, italic: bool) -> pygame.Surface:
    width = 0
    pieces: list[tuple[pygame.Surface, int, int]] = []
    baseline = _font(px, False, italic).get_ascent()
    for run, suit in runs:
        if suit is None:
            piece = _run_surface(run, px, rgb, italic)
            pieces.append((piece, width, 0))
            width += piece.get_width()
        else:
            h, w, advance = _suit_metrics(px, suit)
            colour = suit_colour(suit, rgb)
            # Sit the symbol on the baseline, like a capital letter.
            pieces.append((suit_stamp(suit, h, colour), width + (advance - w) // 2, baseline - h))
            width += advance
    surf = pygame.Surface((max(1, width), _surface_height(px, False, italic)), pygame.SRCALPHA)
    for piece, x, y in pieces:
        surf.blit(piece, (x, y))
    return surf


def wrap(text: str, px: int, width: int, bold: bool = False, italic: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width`` at ``px``; newlines are kept as breaks
    and a word longer than a line is cut between characters (cached: a new list each call)."""
    return list(_wrap(text, px, width, bold, italic))


@lru_cache(maxsize=WRAP_CACHE_SIZE)
def _wrap(text: str, px: int, width: int, bold: bool, italic: bool) -> tuple[str, ...]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if text_size(candidate, px, bold, italic)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            line = ""
            for piece in _cut(word, px, width, bold, italic):
                if line:
                    lines.append(line)
                line = piece
        lines.append(line)
    return tuple(lines)


def _cut(word: str, px: int, width: int, bold: bool, italic: bool) -> list[str]:
    """``word`` in pieces that each fit ``width`` (at least one character per piece)."""
    pieces: list[str] = []
    piece = ""
    for ch in word:
        if piece and text_size(piece + ch, px, bold, italic)[0] > width:
            pieces.append(piece)
            piece = ch
        else:
            piece += ch
    pieces.append(piece)
    return pieces


def fit_px(text: str, px: int, width: int, bold: bool = False, least: float = 0.6) -> int:
    """The largest size not above ``px`` at which ``text`` is at most ``width`` wide, never below
    ``least`` of ``px`` (a label too long even then is wrapped or cut by its caller)."""
    floor = max(1, round(px * least))
    size = max(1, int(px))
    while size > floor and text_size(text, size, bold)[0] > width:
        size -= 1
    return size


def shorten(text: str, px: int, width: int, bold: bool = False) -> str:
    """``text`` cut at a word with "…" so that it is at most ``width`` wide."""
    if text_size(text, px, bold)[0] <= width:
        return text
    words = text.split()
    while words and text_size(" ".join(words) + "…", px, bold)[0] > width:
        words.pop()
    return " ".join(words) + "…" if words else "…"


Placed = tuple["pygame.Rect", "pygame.Rect", str]
"""(the box a text belongs in, where it was drawn, the text)."""

_placed: list[Placed] | None = None


@contextmanager
def recording() -> Iterator[list[Placed]]:
    """Every ``blit_in`` while this is open is noted, so a test can check that no text leaves its
    box and no two boxes overlap (issue 16)."""
    global _placed
    outer, _placed = _placed, []
    try:
        yield _placed
    finally:
        _placed = outer


def blit_in(surface: pygame.Surface, img: pygame.Surface, box: pygame.Rect, align: str = "center",
            what: str = "") -> pygame.Rect:
    """Draw ``img`` in ``box`` (``align`` one of center, left, right, top, topleft) and return where."""
    anchor = {"center": "center", "left": "midleft", "right": "midright", "top": "midtop",
              "topleft": "topleft"}[align]
    rect = img.get_rect(**{anchor: getattr(box, anchor)})
    surface.blit(img, rect)
    if _placed is not None:
        _placed.append((pygame.Rect(box), rect, what))
    return rect


def draw_in(surface: pygame.Surface, line: str, px: int, colour: ColourLike, box: pygame.Rect,
            align: str = "center", bold: bool = False) -> pygame.Rect:
    """``line`` rendered and drawn in ``box``, made smaller if it is too wide for the box."""
    size = fit_px(line, px, box.w, bold)
    return blit_in(surface, render(shorten(line, size, box.w, bold), size, colour, bold), box, align, line)


def fit_block(line: str, px: int, width: int, height: int, bold: bool = False,
              least: float = 0.6) -> tuple[int, list[str]]:
    """``line`` wrapped to ``width`` at the largest size not above ``px`` whose lines fit ``height``
    with no word cut in two (never below ``least`` of ``px``); at that floor, the lines that fit,
    the last cut with "…"."""
    floor = max(1, round(px * least))
    words = line.split()
    for size in range(max(1, int(px)), floor - 1, -1):
        lines = wrap(line, size, width, bold)
        if len(lines) * line_box(size, bold) <= height and " ".join(lines).split() == words:
            return size, lines
    room = max(1, height // line_box(floor, bold))
    lines = wrap(line, floor, width, bold)
    if len(lines) > room:
        lines = lines[:room]
        lines[-1] = shorten(lines[-1] + " …", floor, width, bold)
    return floor, lines
