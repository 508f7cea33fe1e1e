"""Playing cards drawn by the program, at exactly the width the table asks for.

Nothing is scaled from a master bitmap: every face is composed at its target width from vector
suit shapes (``suits.py``), text from the bundled font, and court/joker/back art that is filled at a
few times the target size and box-filtered down (antialiasing, not resizing). Results are cached per
width; the table asks for only a few widths at a time, so the least recently used widths are dropped.

Layout follows a poker-size card (63 × 88 mm): corner index (rank over suit) in the top-left corner
and, turned half a circle, in the bottom-right; pips in the classic arrangement; J Q K in a framed,
double-ended panel; the jokers with a jester's hat; the back a diamond lattice.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable
from typing import NamedTuple

import pygame

from cardtable.engine.cards import (
    ACE,
    CARDS_PER_DECK,
    CLUBS,
    DIAMONDS,
    HEARTS,
    HIDDEN,
    IS_RED,
    JACK,
    JOKER,
    KING,
    QUEEN,
    RANK,
    RANK_NAMES,
    SPADES,
    SUIT,
)
from cardtable.ui import text
from cardtable.ui.card_backs import BACKS, paint_back
from cardtable.ui.card_figures import (
    _COURT_ART,
    BLACK,
    BLUE,
    EDGE,
    GOLD,
    GOLD_DARK,
    GREEN,
    PANEL,
    PAPER,
    RED,
    RGB,
    _Canvas,
    _jester_hat,
    _tint,
    supersample,
)
from cardtable.ui.suits import stamp_width, suit_stamp

__all__ = ["BACK_COLOURS", "BLACK", "CARD_ASPECT", "RED", "WIDTHS_KEPT", "CardArt", "card_height"]



CARD_ASPECT = 1.4
BACK_COLOURS = ("blue", "red", "green", "purple", "black")
"""Names of the card backs (the ``card_back`` setting)."""

WIDTHS_KEPT = 5
"""Card widths kept in the cache: the table uses two or three at once, plus a resize in progress."""


# Classic pip positions: (column, row) with columns -1/0/1 and rows from 0 (top) to 1 (bottom).
_THIRD, _SIXTH = 1 / 3, 1 / 6
PIPS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((0, 0), (0, 1)),
    3: ((0, 0), (0, 0.5), (0, 1)),
    4: ((-1, 0), (1, 0), (-1, 1), (1, 1)),
    5: ((-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)),
    6: ((-1, 0), (1, 0), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    7: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    8: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1), (1, 1)),
    9: ((-1, 0), (1, 0), (-1, _THIRD), (1, _THIRD), (0, 0.5),
        (-1, 2 * _THIRD), (1, 2 * _THIRD), (-1, 1), (1, 1)),
    10: ((-1, 0), (1, 0), (0, _SIXTH), (-1, _THIRD), (1, _THIRD),
         (-1, 2 * _THIRD), (1, 2 * _THIRD), (0, 5 * _SIXTH), (-1, 1), (1, 1)),
}

# Proportions, as fractions of the card width unless named otherwise.
PIP_HEIGHT = 0.2
PIP_COLUMN = 0.2
"""Distance of the side pip columns from the centre line."""
PIP_TOP = 0.23
"""Centre of the top pip row, from the top edge."""
INDEX_X = 0.115
"""Centre line of the corner index."""
TEN_SQUEEZE = 0.14
"""How much the "1" and "0" of a ten's index overlap their side bearings, as a fraction of px."""
PANEL_X, PANEL_Y = 0.215, 0.13
"""Inset of the court and joker panel from the card's sides and top."""


class _Metrics(NamedTuple):
    """Where things go on a card of one width (pixels)."""

    index_px: int
    index_x: float
    index_top: int
    pip_height: int
    pip_column: float
    panel_x: int


def _metrics(w: int) -> _Metrics:
    """Proportions of a poker card, adjusted for small cards: below about 90 pixels the corner
    index grows relative to the card (it is what a player reads in a fanned hand) and the pips
    shrink and close in so they never run into it."""
    px = max(9, round(w * 0.17 + 3 + max(0.0, (90 - w) * 0.06)))
    ten_w = 2 * text.text_size("0", px)[0] - round(px * TEN_SQUEEZE)
    # "10" may reach a little past the column (real indices do); the other ranks fit inside it.
    index_w = max(text.text_size("Q", px)[0], 0.9 * ten_w, stamp_width(HEARTS, round(px * 0.62)))
    index_x = max(w * INDEX_X, w * 0.03 + index_w / 2)
    index_right = index_x + index_w / 2
    gap = max(1.0, w * 0.03)
    for scale in (1.0, 0.92, 0.84, 0.76, 0.68):
        pip_h = max(5, round(w * PIP_HEIGHT * scale))
        pip_w = stamp_width(HEARTS, pip_h)
        column = min(w * PIP_COLUMN, w / 2 - index_right - gap - pip_w / 2)
        if column >= 0.85 * pip_w:
            break
    # The smallest cards have no room to spare: keep the pips apart even if they touch the index.
    column = max(column, 0.9 * pip_w)
    return _Metrics(px, index_x, max(2, round(w * 0.075)), pip_h, column,
                    max(round(w * PANEL_X), math.ceil(index_right + gap)))


def card_height(width: int) -> int:
    return round(width * CARD_ASPECT)


class CardArt:
    """Card faces and backs, drawn on request and cached per width.

    ``face(card, width)`` accepts any card id (decks share their images); ``HIDDEN`` gives the back.
    Returned surfaces are shared: blit them, never draw on them."""

    def __init__(self, four_colour: bool = False, back_colour: str = "blue") -> None:
        self.four_colour = four_colour
        self.back_colour = back_colour if back_colour in BACKS else BACK_COLOURS[0]
        self._widths: OrderedDict[int, dict[object, object]] = OrderedDict()

    def set_style(self, four_colour: bool, back_colour: str) -> None:
        self.four_colour = four_colour
        self.back_colour = back_colour if back_colour in BACKS else BACK_COLOURS[0]
        self._widths.clear()

    def suit_colour(self, suit: int) -> RGB:
        if self.four_colour:
            return (BLACK, BLACK, RED, BLUE)[suit] if suit != CLUBS else GREEN
        return RED if suit in (HEARTS, DIAMONDS) else BLACK

    # -- public drawing ------------------------------------------------------------------------

    def face(self, card: int, width: int) -> pygame.Surface:
        if card == HIDDEN:
            return self.back(width)
        index = card % CARDS_PER_DECK
        return self._cached(width, index, lambda: self._draw_face(index, width))

    def back(self, width: int) -> pygame.Surface:
        return self._cached(width, "back", lambda: self._draw_back(width))

    # -- cache -----------------------------------------------------------------------------------

    def _cache_for(self, width: int) -> dict[object, object]:
        cache = self._widths.get(width)
        if cache is None:
            cache = self._widths[width] = {}
            while len(self._widths) > WIDTHS_KEPT:
                self._widths.popitem(last=False)
        else:
            self._widths.move_to_end(width)
        return cache

    def _cached(self, width: int, key: object,
                draw: Callable[[], pygame.Surface]) -> pygame.Surface:
        width = max(8, int(width))
        cache = self._cache_for(width)
        surf = cache.get(key)
        if not isinstance(surf, pygame.Surface):  # the cache also holds the size's metrics
            surf = draw()
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()  # display format blits about twice as fast
            cache[key] = surf
        return surf

    def blank(self, width: int) -> pygame.Surface:
        """White card with an antialiased rounded edge and nothing printed (shared: copy it
        before drawing on it)."""
        cache = self._cache_for(width)
        blank = cache.get("blank")
        if not isinstance(blank, pygame.Surface):
            h = card_height(width)
            ss = supersample(width)
            big = pygame.Surface((width * ss, h * ss), pygame.SRCALPHA)
            big.fill((*EDGE, 0))
            radius = max(3, round(width * 0.065)) * ss
            edge = max(ss, round(width * 0.011 * ss))
            pygame.draw.rect(big, EDGE, big.get_rect(), border_radius=radius)
            pygame.draw.rect(big, PAPER, big.get_rect().inflate(-2 * edge, -2 * edge),
                             border_radius=radius - edge)
            blank = cache["blank"] = pygame.transform.smoothscale(big, (width, h))
        return blank

    # -- faces -----------------------------------------------------------------------------------

    def _draw_face(self, index: int, width: int) -> pygame.Surface:
        surf = self.blank(width).copy()
        rank, suit = RANK[index], SUIT[index]
        if rank == JOKER:
            self._joker(surf, IS_RED[index])
            return surf
        colour = self.suit_colour(suit)
        self._corner_index(surf, RANK_NAMES[rank], suit, colour)
        if rank == ACE:
            self._ace(surf, suit, colour)
        elif rank in (JACK, QUEEN, KING):
            self._court(surf, rank, suit, colour)
        else:
            self._pips(surf, rank, suit, colour)
        return surf

    def _metrics(self, width: int) -> _Metrics:
        cache = self._cache_for(width)
        m = cache.get("metrics")
        if not isinstance(m, _Metrics):
            m = cache["metrics"] = _metrics(width)  # type: ignore[assignment]
        return m

    def _rank_text(self, label: str, px: int, colour: RGB) -> pygame.Surface:
        """The rank in the corner; "10" is set tight so it stays inside the index column."""
        if len(label) == 1:
            return text.render(label, px, colour, bold=False)
        glyphs = [text.render(ch, px, colour) for ch in label]
        squeeze = round(px * TEN_SQUEEZE)
        w = sum(g.get_width() for g in glyphs) - squeeze * (len(glyphs) - 1)
        out = pygame.Surface((w, glyphs[0].get_height()), pygame.SRCALPHA)
        x = 0
        for g in glyphs:
            out.blit(g, (x, 0))
            x += g.get_width() - squeeze
        return out

    def _corner_index(self, surf: pygame.Surface, label: str, suit: int, colour: RGB) -> None:
        w, h = surf.get_size()
        m = self._metrics(w)
        px = m.index_px
        f = text.font(px)
        rank_img = self._rank_text(label, px, colour)
        # The font's box has room above the capitals; crop to the glyphs so spacing is even.
        cap_top = f.get_ascent() - round(px * 0.73)
        rank_img = rank_img.subsurface((0, cap_top, rank_img.get_width(),
                                        min(round(px * 0.75), rank_img.get_height() - cap_top)))
        pip = suit_stamp(suit, max(5, round(px * 0.62)), colour)
        cx = m.index_x
        top = m.index_top
        rx = round(cx - rank_img.get_width() / 2)
        px_ = round(cx - pip.get_width() / 2)
        py = top + rank_img.get_height() + max(1, round(px * 0.14))
        for img, x, y in ((rank_img, rx, top), (pip, px_, py)):
            surf.blit(img, (x, y))
            turned = pygame.transform.flip(img, True, True)
            surf.blit(turned, (w - x - img.get_width(), h - y - img.get_height()))

    def _pips(self, surf: pygame.Surface, rank: int, suit: int, colour: RGB) -> None:
        w, h = surf.get_size()
        m = self._metrics(w)
        ph = m.pip_height
        up = suit_stamp(suit, ph, colour)
        down = suit_stamp(suit, ph, colour, upside_down=True)
        pw = up.get_width()
        top, span = w * PIP_TOP, h - 2 * w * PIP_TOP
        for col, row in PIPS[rank]:
            cx = w / 2 + col * m.pip_column
            cy = top + row * span
            x = round(cx - pw / 2)
            if row > 0.5:
                # Mirror the matching upper pip exactly, so the card reads the same both ways up.
                mx, my = w - cx, h - cy
                surf.blit(down, (w - round(mx - pw / 2) - pw, h - round(my - ph / 2) - ph))
            else:
                surf.blit(up, (x, round(cy - ph / 2)))

    def _ace(self, surf: pygame.Surface, suit: int, colour: RGB) -> None:
        w, h = surf.get_size()
        ph = round(w * (0.62 if suit == SPADES else 0.46))
        centre = (w / 2, h / 2)
        pip = suit_stamp(suit, ph, colour)
        surf.blit(pip, (round(centre[0] - pip.get_width() / 2), round(centre[1] - ph / 2)))
        if suit == SPADES and w >= 60:
            # The ace of spades is the deck's signature: a small gold spade set in its body.
            core_h = round(ph * 0.24)
            core = suit_stamp(suit, core_h, GOLD)
            body_y = centre[1] - ph / 2 + ph * 0.4  # the middle of the spade's leaf, above the stem
            surf.blit(core, (round(centre[0] - core.get_width() / 2), round(body_y - core_h / 2)))

    def _court(self, surf: pygame.Surface, rank: int, suit: int, colour: RGB) -> None:
        """A framed, double-ended panel: crown (K, Q) or sword (J), a large letter and the suit."""
        w, h = surf.get_size()
        panel = self._panel(surf, colour)
        line = max(1, round(w * 0.012))
        inner = panel.inflate(-4 * line, -4 * line)
        half = pygame.Rect(inner.x, inner.y, inner.w, inner.h // 2)
        canvas = _Canvas(half.size, supersample(w), PANEL)
        canvas.surf.fill((*PANEL, 255))
        canvas.hatch(_tint(colour, PANEL, 0.12), 0.045, 0.008)
        _COURT_ART[rank](canvas, colour)
        art = canvas.done()
        surf.blit(art, half.topleft)
        surf.blit(pygame.transform.flip(art, True, True),
                  (w - half.x - half.w, h - half.y - half.h))
        # The large letter and two pips, drawn crisp at the target size, in each half.
        letter_px = max(8, round(min(half.h * 0.5, half.w * 0.56)))
        letter = text.render(RANK_NAMES[rank], letter_px, colour)
        pip = suit_stamp(suit, max(4, round(min(half.h * 0.18, half.w * 0.2))), colour)
        cy = half.y + half.h * 0.72
        # The pips flank the letter, as close as they can be without touching it or the frame.
        reach = min(letter.get_width() / 2 + pip.get_width() * 0.75,
                    half.w / 2 - pip.get_width() / 2 - 1)
        items = ((letter, half.centerx, cy + letter.get_height() * 0.04),
                 (pip, half.centerx - reach, cy), (pip, half.centerx + reach, cy))
        for img, cx, y in items:
            x, y0 = round(cx - img.get_width() / 2), round(y - img.get_height() / 2)
            surf.blit(img, (x, y0))
            surf.blit(pygame.transform.flip(img, True, True),
                      (w - x - img.get_width(), h - y0 - img.get_height()))
        # A gold rule between the halves.
        mid = h // 2
        pygame.draw.line(surf, GOLD_DARK, (inner.x, mid), (inner.right - 1, mid),
                         max(1, line))

    def _panel(self, surf: pygame.Surface, colour: RGB) -> pygame.Rect:
        """Draw the court frame (suit colour outside, gold inside) and return its rectangle."""
        w, h = surf.get_size()
        x0, y0 = self._metrics(w).panel_x, round(w * PANEL_Y)
        panel = pygame.Rect(x0, y0, w - 2 * x0, h - 2 * y0)
        line = max(1, round(w * 0.012))
        pygame.draw.rect(surf, PANEL, panel)
        pygame.draw.rect(surf, colour, panel, line)
        pygame.draw.rect(surf, GOLD, panel.inflate(-2 * line, -2 * line), line)
        return panel

    def _joker(self, surf: pygame.Surface, red: bool) -> None:
        w, h = surf.get_size()
        colour = RED if red else BLACK
        panel = self._panel(surf, colour)
        line = max(1, round(w * 0.012))
        inner = panel.inflate(-4 * line, -4 * line)
        canvas = _Canvas(inner.size, supersample(w), PANEL)
        canvas.surf.fill((*PANEL, 255))
        canvas.hatch(_tint(colour, PANEL, 0.1), 0.045, 0.008)
        canvas.oy = canvas.aspect * 0.36 - 0.5  # the hat's box centred a little above the middle
        _jester_hat(canvas, colour, (170, 174, 182) if not red else GOLD)
        surf.blit(canvas.done(), inner.topleft)
        word = text.render("JOKER", max(7, round(inner.w * 0.2)), colour)
        surf.blit(word, (round(inner.centerx - word.get_width() / 2),
                         round(inner.y + inner.h * 0.8 - word.get_height() / 2)))
        # Corner index: the letters of JOKER stacked, as on a printed deck.
        m = self._metrics(w)
        px = max(7, round(m.index_px * 0.56))
        letters = [text.render(ch, px, colour) for ch in "JOKER"]
        step = round(px * 0.8)
        cap_top = text.font(px).get_ascent() - round(px * 0.73)
        cx, y = m.index_x, m.index_top - cap_top
        for g in letters:
            x = round(cx - g.get_width() / 2)
            surf.blit(g, (x, y))
            surf.blit(pygame.transform.flip(g, True, True),
                      (w - x - g.get_width(), h - y - g.get_height()))
            y += step

    # -- back ------------------------------------------------------------------------------------

    def _draw_back(self, width: int) -> pygame.Surface:
        surf = self.blank(width).copy()
        paint_back(surf, self.back_colour)
        return surf
