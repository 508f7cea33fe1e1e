"""The words the table writes by its middle places: each place's label over it, its meter under
it, a marker's word under the marker. Where they stand, so nothing drawn over the table (the
coach's bubble, a hint, a tooltip) lies on what a player reads there."""

from __future__ import annotations

import pygame

from cardtable.ui import text
from cardtable.ui.placement import TablePlacement, ZonePlace

Rect = pygame.Rect

SMALLEST_PX = 10
"""The smallest text a label is drawn in; a hint that does not fit even then is left out."""


def label_lines(place: ZonePlace, label: str, px: int) -> list[tuple[str, int, Rect]]:
    """A middle place's label over it, clear of the next: on two lines, or smaller, in a narrow
    window. Each line with its text size and box (the coach keeps its bubble off them)."""
    if not label:
        return []
    label_px = round(px * 0.8)
    room = place.rect.inflate(min(px, place.card_w // 2), 0)
    size, lines = text.fit_block(label, label_px, room.w, 2 * text.line_box(label_px),
                                 least=min(1.0, SMALLEST_PX / label_px))
    h = text.line_box(size)
    return [(part, size, Rect(room.x, place.slot.y - 6 - h * (len(lines) - i), room.w, h))
            for i, part in enumerate(lines)]


def place_words(placement: TablePlacement, name: str) -> list[Rect]:
    """Where the words of the middle place ``name`` stand: its label's lines, its meter (Cersei's
    "Cersei 0/3" under the pot), or a marker's word under it ("clockwise")."""
    place = placement.zones[name]
    px = placement.text_px
    if place.style == "panel":
        under = Rect(0, place.rect.bottom, max(place.rect.w, px * 6),
                     text.line_box(round(px * 0.75), True) + 2)
        under.centerx = place.rect.centerx
        return [under]
    out = [box for _part, _size, box in label_lines(place, place.label, px)]
    depth = placement.meters.get(name, (0, False))[0]
    if depth:
        out.append(Rect(place.rect.x, place.rect.bottom, place.rect.w, depth))
    return out


def table_words(placement: TablePlacement) -> list[Rect]:
    """Where the words of every middle place stand (``place_words``)."""
    return [box for name in placement.zones if "/" not in name for box in place_words(placement, name)]
