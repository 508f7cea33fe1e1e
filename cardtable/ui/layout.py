"""The table layout engine: a game's layout description plus the window size give every zone's
place, fan and facing.

A description names the zones of one seat (``down``, ``up`` on ``down``, ``hand``...) and the
shared zones in the middle (``draw``, ``pile``, ``burn``...). The engine seats the viewer at the
bottom and the others clockwise around the table, sizes the cards from the window, and answers
"where does card ``i`` of zone ``z`` go". Nothing here knows a game's rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from cardtable.ui import theme

Rect = pygame.Rect


@dataclass(frozen=True)
class SeatZoneSpec:
    """A zone every seat has, named ``{name}/{seat}``.

    ``style``: "row" lays the cards side by side in ``slots`` fixed places; "hand" fans the
    viewer's cards face up and stacks an opponent's; ``on`` puts this row on top of another row,
    shifted down a little so the cards beneath still show (Shithead's up cards on the down cards).
    """

    name: str
    style: str
    slots: int = 3
    on: str = ""
    label: str = ""


@dataclass(frozen=True)
class CentreZoneSpec:
    """A shared zone in the middle: "stack" (one place, top card shown, a count) or "spread" (the
    top ``spread`` cards fanned so multiples show)."""

    name: str
    style: str
    label: str = ""
    spread: int = 4


@dataclass(frozen=True)
class LayoutSpec:
    seat_zones: tuple[SeatZoneSpec, ...]
    centre_zones: tuple[CentreZoneSpec, ...]
    drag_kinds: frozenset[str] = frozenset({"play"})
    """Action kinds that are card moves made by dragging, clicking the target or double-clicking."""
    hotkeys: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """A key letter to the action kinds it performs when exactly one such action is legal."""
    slot_choices: dict[str, str] = field(default_factory=dict)
    """Action kinds whose ``choice`` is a slot number of one of the seat's rows (kind -> row name):
    clicking the card in slot ``i`` of that row makes the action with choice ``str(i)``."""
    banner_kinds: frozenset[str] = frozenset()
    """Event kinds whose text is also shown big across the table for a moment."""


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
            return _fan(r, w, h, count, gap=round(w * 0.08))
        if z.style == "hand":
            step = min(w * 0.16, (r.w - w) / max(1, count - 1))
            return [Rect(round(r.x + step * i), r.y, w, h) for i in range(count)]
        if z.style == "spread":
            # The bottom cards sit squarely under the first fanned one; the top ``spread`` fan right.
            first_fanned = max(0, count - z.spread)
            step = min(w * 0.3, (r.w - w) / max(1, z.spread - 1))
            return [Rect(round(r.x + step * max(0, i - first_fanned)), r.y, w, h) for i in range(count)]
        # A stack: a slight rise every few cards so a thick pile looks thick.
        return [Rect(r.x, r.y - min(i // 4, 4), w, h) for i in range(count)]


def _fan(area: Rect, w: int, h: int, count: int, gap: int) -> list[Rect]:
    step = w + gap if count <= 1 else min(w + gap, (area.w - w) / (count - 1))
    total = w + step * (count - 1)
    x0 = area.x + (area.w - total) / 2
    return [Rect(round(x0 + step * i), area.y, w, h) for i in range(count)]


# Opponent places by how many opponents there are, clockwise from the viewer's left.
_OPPONENT_SPOTS = {
    1: ("top",),
    2: ("top-left", "top-right"),
    3: ("left", "top", "right"),
    4: ("left", "top-left", "top-right", "right"),
}


def opponent_spots(players: int) -> tuple[str, ...]:
    return _OPPONENT_SPOTS[players - 1]


def compute(
    spec: LayoutSpec, size: tuple[int, int], players: int, viewer: int = 0, ui_scale: float = 1.0
) -> TablePlacement:
    """Place every zone of a ``players``-seat table with ``viewer`` at the bottom."""
    w, h = size
    log_w = max(180, min(round(w * 0.2), 520))
    tw = w - log_w
    m = max(8, round(min(tw, h) * 0.016))
    gap = max(4, round(m * 0.6))
    px = theme.text_px(h, ui_scale)
    plate_h = round(px * 1.6)

    cw = max(theme.MIN_CARD_WIDTH, round(min(h * 0.118, tw * 0.085)))
    ch = round(cw * theme.CARD_ASPECT)
    ocw = max(theme.MIN_CARD_WIDTH - 8, round(cw * 0.7))
    och = round(ocw * theme.CARD_ASPECT)

    zones: dict[str, ZonePlace] = {}
    plates: dict[int, Rect] = {}
    areas: dict[int, Rect] = {}
    rows = [z for z in spec.seat_zones if z.style == "row" and not z.on]
    overlays = [z for z in spec.seat_zones if z.on]
    hands = [z for z in spec.seat_zones if z.style == "hand"]

    def seat_block(
        seat: int,
        x: int,
        y: int,
        card_w: int,
        card_h: int,
        hand_w: int,
        viewer_hand: bool,
        hand_below: bool = False,
    ) -> Rect:
        """One seat: its plate on top, its rows side by side, the hand to the right (or below, for
        the seats at the sides, which leaves the middle of the table wide enough for the piles)."""
        plates[seat] = Rect(x, y, 0, plate_h)
        cy = y + plate_h + gap
        shift = round(card_h * 0.2) if overlays else 0
        cx = x
        for z in rows:
            rw = z.slots * card_w + (z.slots - 1) * gap
            zones[f"{z.name}/{seat}"] = ZonePlace(
                f"{z.name}/{seat}", "row", Rect(cx, cy, rw, card_h), card_w, card_h, z.slots, label=z.label
            )
            for o in overlays:
                if o.on == z.name:
                    zones[f"{o.name}/{seat}"] = ZonePlace(
                        f"{o.name}/{seat}",
                        "row",
                        Rect(cx, cy + shift, rw, card_h),
                        card_w,
                        card_h,
                        z.slots,
                        on=f"{z.name}/{seat}",
                        label=o.label,
                    )
            cx += rw + gap * 2
        right = cx - gap * 2
        hy = cy + card_h + shift + gap
        for z in hands:
            if hand_below:
                hand = Rect(x, hy, right - x, card_h)
                hy += card_h + gap
            else:
                hand = Rect(cx, cy, hand_w, card_h)
                cx += hand_w + gap
                right = cx - gap
            zones[f"{z.name}/{seat}"] = ZonePlace(
                f"{z.name}/{seat}", "hand", hand, card_w, card_h, viewer_hand=viewer_hand, label=z.label
            )
        bottom = hy - gap if hand_below else cy + card_h + shift
        block = Rect(x, y, right - x, bottom - y)
        plates[seat].w = min(block.w, max(round(px * 9), rows_width(card_w)))
        areas[seat] = block
        return block

    def rows_width(card_w: int) -> int:
        return sum(z.slots * card_w + (z.slots - 1) * gap for z in rows) + gap * 2 * (len(rows) - 1)

    def opp_block_size(hand_below: bool) -> tuple[int, int]:
        hand_w = round(ocw * 1.9)
        bw = rows_width(ocw) + (0 if hand_below else gap * 2 + hand_w)
        bh = plate_h + gap + och + (round(och * 0.2) if overlays else 0)
        if hand_below:
            bh += (och + gap) * len(hands)
        return bw, bh

    # The viewer: rows at the bottom left, the hand fanned across the rest of the bottom.
    shift = round(ch * 0.2) if overlays else 0
    lift = round(ch * theme.LIFT_FRACTION)
    by = h - m - (plate_h + gap + ch + shift)
    bx = m
    hand_w = tw - m - (bx + rows_width(cw) + gap * 2)
    seat_block(viewer, bx, by, cw, ch, hand_w, viewer_hand=True)
    bottom_top = by - lift

    obw, obh = opp_block_size(hand_below=False)
    sbw, sbh = opp_block_size(hand_below=True)
    spots = opponent_spots(players)
    top_band = m + obh if any(s.startswith("top") for s in spots) else m
    for k, spot in enumerate(spots, start=1):
        seat = (viewer + k) % players
        if spot in ("left", "right"):
            x = m if spot == "left" else tw - m - sbw
            y = max(top_band + m, (top_band + bottom_top) // 2 - sbh // 2)
            seat_block(seat, x, y, ocw, och, 0, viewer_hand=False, hand_below=True)
            continue
        if spot == "top":
            x, y = (tw - obw) // 2, m
        elif spot == "top-left":
            x, y = round(tw * 0.29 - obw / 2), m
        else:
            x, y = round(tw * 0.71 - obw / 2), m
        seat_block(seat, x, y, ocw, och, round(ocw * 1.9), viewer_hand=False)

    # The middle: the shared zones in a row between the side seats, above the buttons. The piles
    # shrink (never below the minimum card) when a narrow window leaves them too little room.
    inner = m + sbw + gap * 3 if {"left", "right"} & set(spots) else m
    mid = Rect(inner, top_band + m, tw - 2 * inner, bottom_top - m - (top_band + m))
    button_h = round(px * 2.2)
    buttons_rect = Rect(mid.x, mid.bottom - button_h, mid.w, button_h)
    side_bottom = max((areas[s].bottom for s in areas if s != viewer), default=0)
    if side_bottom < buttons_rect.y - gap:
        # Nothing beside the buttons' row: it may use the table's whole width.
        buttons_rect = Rect(m, buttons_rect.y, tw - 2 * m, button_h)
    prompt_y = buttons_rect.y - round(px * 1.5)
    label_h = round(px * 1.2)
    units = sum(1 + 0.3 * (z.spread - 1) if z.style == "spread" else 1 for z in spec.centre_zones)
    gaps = gap * 3 * (len(spec.centre_zones) - 1)
    pcw = max(
        theme.MIN_CARD_WIDTH,
        min(cw, int((mid.w - gaps) / units), int((prompt_y - gap - mid.y - label_h) / theme.CARD_ASPECT)),
    )
    pch = round(pcw * theme.CARD_ASPECT)
    widths = [
        pcw + round(pcw * 0.3) * (z.spread - 1) if z.style == "spread" else pcw for z in spec.centre_zones
    ]
    cx = mid.centerx - (sum(widths) + gaps) // 2
    cy = max(mid.y + label_h, (mid.y + label_h + prompt_y - pch) // 2)
    for z, zw in zip(spec.centre_zones, widths, strict=True):
        zones[z.name] = ZonePlace(
            z.name, z.style, Rect(cx, cy, zw, pch), pcw, pch, label=z.label, spread=z.spread
        )
        cx += zw + gap * 3

    return TablePlacement(
        size=(w, h),
        zones=zones,
        plates=plates,
        seat_areas=areas,
        table_rect=Rect(0, 0, tw, h),
        log_rect=Rect(tw, 0, log_w, h),
        buttons_rect=buttons_rect,
        prompt_pos=(mid.centerx, prompt_y),
        card_w=cw,
        text_px=px,
    )
