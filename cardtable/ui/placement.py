"""Where a table's zones lie: the result of the layout engine (see ``layout.py``), and where each
card of a zone goes."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

Rect = pygame.Rect


@dataclass
class ZonePlace:
    name: str
    style: str
    rect: Rect
    """The area the zone's cards may occupy."""
    card_w: int
    card_h: int
    slots: int = 0
    viewer_hand: bool = False
    on: str = ""
    label: str = ""
    spread: int = 4
    step: float = 0.32
    """A fan's largest step between cards, in card widths: overlapped in a seat's pile, side by
    side in a row of the turn's cards."""
    align: str = "center"
    """Where a hand's fan or a fan starts: "left" from the area's left edge (the viewer's hand
    beside their own rows), else centred in the area (a pot or a banked pile under its label)."""

    @property
    def slot(self) -> Rect:
        """The place of the zone's first card: where its empty place is drawn and its meter and
        badge are centred (the middle of a fan, else the left of the zone)."""
        middle = self.style == "fan" and self.align != "left"
        x = self.rect.centerx - self.card_w // 2 if middle else self.rect.x
        return Rect(x, self.rect.y, self.card_w, self.card_h)


@dataclass
class TablePlacement:
    size: tuple[int, int]
    zones: dict[str, ZonePlace]
    plates: dict[int, Rect]
    """Each seat's name plate."""
    seat_areas: dict[int, Rect]
    """Everything of one seat: what a click "on a seat" means."""
    table_rect: Rect
    log_rect: Rect
    buttons_rect: Rect
    prompt_pos: tuple[int, int]
    card_w: int
    text_px: int
    middle: Rect = field(default_factory=lambda: Rect(0, 0, 0, 0))
    """The free middle of the table above the prompt: where picks are fanned and panels show."""
    meters: dict[str, tuple[int, bool]] = field(default_factory=dict)
    """Under each centre zone that has a meter: how deep it is drawn, and whether with its label
    (none, pips alone or all of it, whatever stays above the prompt's line)."""

    def card_rects(self, zone: str, count: int) -> list[Rect]:
        """Where each of ``count`` cards (bottom first) of ``zone`` lies."""
        z = self.zones.get(zone)
        if z is None or count <= 0:
            return []
        w, h = z.card_w, z.card_h
        r = z.rect
        if z.style == "row":
            step = (r.w - w) / max(1, z.slots - 1)
            return [Rect(round(r.x + step * min(i, z.slots - 1)), r.y, w, h) for i in range(count)]
        if z.style == "hand" and z.viewer_hand:
            return _fan(r, w, h, count, gap=round(w * 0.08), left=z.align == "left")
        if z.style == "hand":
            step = min(w * 0.16, (r.w - w) / max(1, count - 1))
            return [Rect(round(r.x + step * i), r.y, w, h) for i in range(count)]
        if z.style == "fan":
            step = min(w * z.step, (r.w - w) / max(1, count - 1))
            # A fan (the pot, the turn's cards, a seat's banked pile) grows from the middle of its
            # place, where its empty place is drawn, under its label.
            x0 = r.x if z.align == "left" else r.x + (r.w - w - step * (count - 1)) / 2
            return [Rect(round(x0 + step * i), r.y, w, h) for i in range(count)]
        if z.style == "spread":
            # The bottom cards sit squarely under the first fanned one; the top ``spread`` fan right.
            first_fanned = max(0, count - z.spread)
            step = min(w * 0.3, (r.w - w) / max(1, z.spread - 1))
            return [Rect(round(r.x + step * max(0, i - first_fanned)), r.y, w, h) for i in range(count)]
        # A stack: a slight rise every few cards so a thick pile looks thick.
        return [Rect(r.x, r.y - min(i // 4, 4), w, h) for i in range(count)]


def _fan(area: Rect, w: int, h: int, count: int, gap: int, left: bool = False) -> list[Rect]:
    step = w + gap if count <= 1 else min(w + gap, (area.w - w) / (count - 1))
    total = w + step * (count - 1)
    x0 = area.x if left else area.x + (area.w - total) / 2
    return [Rect(round(x0 + step * i), area.y, w, h) for i in range(count)]
