"""The coach at the table: where its bubble goes (never over what it points at) and how the bubble
and the lit cards and places are drawn. Pure placement from data; the lesson's scene feeds it.

What the coach lights is found in the zones as the learner sees them (their own cards and the
public ones: a lesson never lights a card the learner may not know; ``check_lesson`` checks it).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pygame

from cardtable.engine.lessons import card_of
from cardtable.ui import text, theme
from cardtable.ui.placement import TablePlacement
from cardtable.ui.table.labels import place_words
from cardtable.ui.widgets import draw_panel

Rect = pygame.Rect

BUBBLE_TEXT = 1.0
"""The coach's text size, in the table's text size."""
BUBBLE_WIDTH = 24
"""The bubble's widest, in text sizes."""
SHRINK = 400
"""What a pixel less of the coach's text costs a place, against its distance (in pixels) from
what it talks about: a narrow bubble in full-size text beside the middle reads better than a
wide one in small text near it."""
CAPTION_WEIGHT = 20
"""What covering the captions' band costs a bubble, per pixel, against a card place holding cards
(60) and an empty one (4): a bubble goes off the captions where the felt has room farther away."""


@dataclass(frozen=True)
class Lit:
    """What the coach points at: each thing's rect, and the whole places to keep clear."""

    rects: tuple[Rect, ...]
    keep_clear: tuple[Rect, ...]


def lit_places(placement: TablePlacement, zones: dict[str, Sequence[int]], light: Iterable[str],
               pack: Sequence[int], card_rect=None, prompt_y: int | None = None,
               caption: Rect | None = None) -> Lit:
    """The rects of what ``light`` names ("7h": a card wherever it lies; "discard": a place) in
    this placement, and the areas to keep the bubble off (the lit things' whole zones, the
    buttons where the learner answers and the prompt's lines above them, and ``caption``, where
    the game's captions say what just happened). ``card_rect(card)`` may give where the table
    drew a card; ``prompt_y`` where the table put the prompt's line."""
    rects: list[Rect] = []
    clear: list[Rect] = [placement.buttons_rect, prompt_band(placement, prompt_y),
                         *middle_words(placement, zones), *([caption] if caption is not None else [])]
    for thing in light:
        card = card_of(thing, pack)
        if card is None:
            place = placement.zones.get(thing)
            if place is not None:
                rects.append(Rect(place.rect))
                clear.append(Rect(place.rect))
            continue
        for zone, cards in zones.items():
            if card in cards and zone in placement.zones:
                drawn = card_rect(card) if card_rect is not None else None
                if drawn is None:
                    drawn = placement.card_rects(zone, len(cards))[list(cards).index(card)]
                rects.append(Rect(drawn))
                clear.append(placement.zones[zone].rect.union(drawn))
    return Lit(tuple(rects), tuple(clear))


def middle_words(placement: TablePlacement, zones: dict[str, Sequence[int]] | None = None) -> list[Rect]:
    """What the player reads in the middle of the table: each pile holding cards (every place
    when ``zones`` is not given), each place's label over it and its meter under it, and a
    marker's place with its word (the direction of play). A lesson talks about them: "Ann's 7
    is on the pile". (An empty place is kept clear where the bubble can be, by its weight.)"""
    out: list[Rect] = []
    for name, place in placement.zones.items():
        if "/" in name:
            continue  # a seat's place: off it where it can be (``place_bubble``'s weights)
        if zones is None or zones.get(name) or place.style == "panel":
            # with its count badge beside it (a pile's size, at either side of its top corner)
            out.append(Rect(place.rect).inflate(placement.text_px * 3, 0))
        out += place_words(placement, name)
    return out


def prompt_band(placement: TablePlacement, prompt_y: int | None = None) -> Rect:
    """Where the table's prompt may stand: up to three lines growing up from its line."""
    h = text.line_box(placement.text_px, True)
    y = placement.prompt_pos[1] if prompt_y is None else prompt_y
    bottom = y + h // 2
    return Rect(placement.middle.x, bottom - 3 * h, placement.middle.w, 3 * h)


def bubble_lines(words: str, px: int, width: int) -> list[str]:
    return text.wrap(words, px, width - px)


def bubble_size(words: str, px: int, width: int, extra_lines: int = 0) -> tuple[int, int]:
    lines = bubble_lines(words, px, width)
    line_h = round(px * 1.4)
    return width, line_h * (len(lines) + extra_lines) + px * 2


def place_bubble(placement: TablePlacement, lit: Lit, words: str, extra_lines: int = 1,
                 occupied: Iterable[str] | None = None, captions: Rect | None = None) -> tuple[Rect, int]:
    """Where the coach's bubble goes, and its text size: on the felt near what it talks about,
    never over a lit card, a lit place or the buttons, and off the places holding cards
    (``occupied``; every place when not given) and the ``captions`` band where it can be; over the
    log column when the felt has no room (no card lies there)."""
    full = set(placement.zones) if occupied is None else set(occupied)
    weight = {name: 60 if name in full or "/" not in name else 4 for name in placement.zones}
    window = Rect((0, 0), placement.size)
    px0 = max(10, round(placement.text_px * BUBBLE_TEXT))
    avoid = [r.inflate(4, 4) for r in (*lit.rects, *lit.keep_clear)]
    target = _centre(lit.rects) if lit.rects else placement.table_rect.center
    names = list(placement.zones)
    places = [placement.zones[n].rect for n in names] + list(placement.plates.values())
    weights = [weight[n] for n in names] + [60] * len(placement.plates)  # a seat's name plate too
    if captions is not None:
        # walking Cersei's second lesson, a step's bubble hid "End of round 2, cards in each deck…"
        # with the felt beside the table empty
        places.append(captions)
        weights.append(CAPTION_WEIGHT)
    best: tuple[float, Rect, int] | None = None
    for px in sorted({px0, max(9, px0 * 5 // 6), max(9, px0 * 2 // 3)}, reverse=True):
        for columns in (BUBBLE_WIDTH // 2, BUBBLE_WIDTH * 2 // 3, BUBBLE_WIDTH, BUBBLE_WIDTH * 3 // 2,
                        BUBBLE_WIDTH * 2):
            # a long, low bubble often fits between the seats and the piles; a narrow one in a corner
            width = min(px * columns, placement.table_rect.w - 2 * px)
            w, h = bubble_size(words, px, width, extra_lines)
            area = placement.table_rect
            step = max(4, px * 3 // 2, area.w // 48, area.h // 32)
            shrink = (px0 - px) * SHRINK
            found = _best_on_grid(area, w, h, step, target, shrink, best[0] if best else None,
                                  avoid, window, places, weights)
            if found is not None:
                best = (found[0], found[1], px)
        if best is not None and best[0] < (px0 - px) * SHRINK + placement.table_rect.w // 2:
            break  # good enough: nothing held covered, and not far
    if best is not None:
        return best[1], best[2]
    # The log column holds no cards: the bubble may always go there.
    log = placement.log_rect
    px = max(9, px0 * 3 // 4)
    w, h = bubble_size(words, px, log.w - 8, extra_lines)
    return Rect(log.x + 4, log.y + max(0, (log.h - h) // 3), log.w - 8, min(h, log.h)), px


def _best_on_grid(area: Rect, w: int, h: int, step: int, target: tuple[int, int], shrink: int,
                  bound: float | None, avoid: list[Rect], window: Rect, places: list[Rect],
                  weights: list[int]) -> tuple[float, Rect] | None:
    """The best ``w`` × ``h`` bubble on the grid of ``step`` over ``area`` (off every card place
    if it can be, then near ``target``), if it scores under ``bound`` (the best of the bubbles
    tried before); among equal scores the first in reading order (row by row, left to right).

    Its score is at least its distance to the target (plus ``shrink``), so the grid is walked
    from the target outwards and the walk stops where no bubble can beat the best so far: the
    same bubble as scoring every place in reading order, for a fraction of the work."""
    rows = sorted((abs(y + h // 2 - target[1]), i, y)  # Rect.centery
                  for i, y in enumerate(range(area.top, area.bottom - h + 1, step)))
    columns = sorted((abs(x + w // 2 - target[0]), i, x)
                     for i, x in enumerate(range(area.left, area.right - w + 1, step)))
    best_score = math.inf if bound is None else bound
    best_order = (-1, -1)  # the bubble ``bound`` came from was tried before any of these
    best: Rect | None = None
    for dy, row, y in rows:
        if dy + shrink > best_score:
            break  # no bubble on this row or a farther one can beat the best, even covering nothing
        for dx, column, x in columns:
            d = dx + dy
            if d + shrink > best_score:
                break
            order = (row, column)
            if d + shrink == best_score and order > best_order:
                continue  # at best a tie, and a later one
            r = Rect(x, y, w, h)
            if r.collidelist(avoid) >= 0 or not window.contains(r):
                continue
            cover = 0
            for i in r.collidelistall(places):
                c = r.clip(places[i])
                cover += c.w * c.h * weights[i]
            score = cover / max(1, w) + d + shrink
            if score < best_score or (score == best_score and order < best_order):
                best_score, best_order, best = score, order, r
    return None if best is None else (best_score, best)


def _centre(rects: Sequence[Rect]) -> tuple[int, int]:
    xs = [r.centerx for r in rects]
    ys = [r.centery for r in rects]
    return sum(xs) // len(xs), sum(ys) // len(ys)


def draw_lit(surface: pygame.Surface, rects: Iterable[Rect], strong: bool) -> None:
    """A ring round each lit thing (thicker while the coach shows it again)."""
    width = theme.HIGHLIGHT_WIDTH * (2 if strong else 1)
    for r in rects:
        pygame.draw.rect(surface, theme.ACCENT, r.inflate(width * 2, width * 2), width, border_radius=6)


def draw_bubble(surface: pygame.Surface, box: Rect, px: int, heading: str, words: str,
                note: str = "") -> None:
    """The coach's bubble: a heading line, the words, and a dim note (how to go on)."""
    draw_panel(surface, box, alpha=245)
    line_h = round(px * 1.4)
    y = box.y + px // 2
    text.draw_in(surface, heading, px, theme.ACCENT, Rect(box.x + px // 2, y, box.w - px, line_h), "left",
                 bold=True)
    y += line_h
    for line in bubble_lines(words, px, box.w):
        text.draw_in(surface, line, px, theme.TEXT, Rect(box.x + px // 2, y, box.w - px, line_h), "left")
        y += line_h
    if note and y + line_h <= box.bottom:
        text.draw_in(surface, note, px, theme.TEXT_DIM, Rect(box.x + px // 2, y, box.w - px, line_h), "left")
