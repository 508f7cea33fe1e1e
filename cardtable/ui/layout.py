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

from cardtable.engine.table import CentreZoneSpec, LayoutSpec, SeatZoneSpec
from cardtable.ui import theme

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
        if z.style == "fan":
            step = min(w * z.step, (r.w - w) / max(1, count - 1))
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


# Opponent places, clockwise from the viewer's left. ("left", i, k) is the i-th of k seats stacked
# on the left side (the lowest first), ("right", i, k) the same on the right (the highest first),
# ("top", x, 1) a seat across the table centred at ``x``: a fraction of the table's width, or of
# the span between the side seats when there are more than four opponents.
Spot = tuple[str, float, int]
_FEW_OPPONENTS: dict[int, tuple[Spot, ...]] = {
    1: (("top", 0.5, 1),),
    2: (("top", 0.29, 1), ("top", 0.71, 1)),
    3: (("left", 0, 1), ("top", 0.5, 1), ("right", 0, 1)),
    4: (("left", 0, 1), ("top", 0.29, 1), ("top", 0.71, 1), ("right", 0, 1)),
}


def opponent_spots(players: int) -> tuple[Spot, ...]:
    n = players - 1
    if n in _FEW_OPPONENTS:
        return _FEW_OPPONENTS[n]
    per_side = 1 if n <= 6 else 2 if n <= 10 else 3
    top = n - 2 * per_side
    return (
        *(("left", i, per_side) for i in range(per_side)),
        *(("top", (j + 0.5) / top, 1) for j in range(top)),
        *(("right", i, per_side) for i in range(per_side)),
    )


def _zone_width(z: SeatZoneSpec, card_w: int, gap: int, squeeze: bool = False) -> int:
    if z.style == "row" and squeeze:
        return card_w + (z.slots - 1) * round(card_w * 0.55)  # overlapped: the corners still show
    if z.style == "row":
        return z.slots * card_w + (z.slots - 1) * gap
    if z.style == "fan" and squeeze:
        return round(card_w * min(z.width, 1.6))  # overlapped more: the top card still shows
    if z.style == "fan":
        return round(card_w * z.width)
    return card_w


def compute(
    spec: LayoutSpec, size: tuple[int, int], players: int, viewer: int = 0, ui_scale: float = 1.0
) -> TablePlacement:
    """Place every zone of a ``players``-seat table with ``viewer`` at the bottom. A crowded table
    in a small window takes the text down a size or two (never below the 100 % size's
    four-fifths) before its seats would overlap or its side column could not list every seat."""
    px = theme.text_px(size, ui_scale)
    least = round(theme.text_px(size) * 0.8)
    while True:
        placement, seated = _place(spec, size, players, viewer, px)
        if (seated and _side_lists_every_seat(size[1], players, px)) or px <= least:
            return placement
        px = max(least, round(px * 0.9))


SIDE_TEXT = 0.85
"""The side column's text (the log, the panel's status box) as a fraction of the table's."""

SIDE_LINE = 1.35
"""Its line spacing, in its text size."""


def _side_lists_every_seat(height: int, players: int, px: int) -> bool:
    """The side column holds a line per seat (a panel's scores or balance sheet) with its title,
    the menu button above and a few lines of the log below."""
    line = round(round(px * SIDE_TEXT) * SIDE_LINE)
    return (players + 8) * line <= height


def _place(
    spec: LayoutSpec, size: tuple[int, int], players: int, viewer: int, px: int
) -> tuple[TablePlacement, bool]:
    """The table with text of ``px``, and whether every seat found room of its own."""
    w, h = size
    # The log's column widens with its text, so a large Interface size still fits words on a line.
    log_w = max(180, min(round(w * 0.2), 520), min(px * 14, round(w * 0.32)))
    tw = w - log_w
    m = max(8, round(min(tw, h) * 0.016))
    gap = max(4, round(m * 0.6))
    plate_h = round(px * 1.6)

    cw = max(theme.MIN_CARD_WIDTH, round(min(h * 0.118, tw * 0.085) * spec.card_scale))
    ch = round(cw * theme.CARD_ASPECT)

    zones: dict[str, ZonePlace] = {}
    plates: dict[int, Rect] = {}
    areas: dict[int, Rect] = {}
    overlays = [z for z in spec.seat_zones if z.on]
    hands = [z for z in spec.seat_zones if z.style == "hand"]
    columns = [z for z in spec.seat_zones if z.style != "hand" and not z.on]

    def seat_block(
        seat: int,
        x: int,
        y: int,
        card_w: int,
        card_h: int,
        hand_w: int,
        viewer_hand: bool,
        hand_below: bool = False,
        squeeze: bool = False,
    ) -> Rect:
        """One seat: its plate on top, its rows, decks and fans side by side, the hand to the right
        (or below, for the seats at the sides, which leaves the middle of the table wide enough for
        the piles)."""
        plates[seat] = Rect(x, y, 0, plate_h)
        cy = y + plate_h + gap
        shift = round(card_h * 0.2) if overlays else 0
        cx = x
        for z in columns:
            zw = _zone_width(z, card_w, gap, squeeze)
            name = f"{z.name}/{seat}"
            zones[name] = ZonePlace(
                name, z.style, Rect(cx, cy, zw, card_h), card_w, card_h, z.slots, label=z.label
            )
            for o in overlays:
                if o.on == z.name:
                    zones[f"{o.name}/{seat}"] = ZonePlace(
                        f"{o.name}/{seat}",
                        "row",
                        Rect(cx, cy + shift, zw, card_h),
                        card_w,
                        card_h,
                        z.slots,
                        on=name,
                        label=o.label,
                    )
            cx += zw + gap * 2
        # A seat of hands only (a plain shedding game) has no row for the hand to go under.
        right = cx - gap * 2 if columns else x + round(card_w * 1.9)
        hy = cy + card_h + shift + gap if columns else cy
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
        plates[seat].w = min(block.w, max(round(px * 9), columns_width(card_w, squeeze)))
        areas[seat] = block
        return block

    def columns_width(card_w: int, squeeze: bool = False) -> int:
        return sum(_zone_width(z, card_w, gap, squeeze) for z in columns) + gap * 2 * max(0, len(columns) - 1)

    def opp_block_size(card_w: int, hand_below: bool, squeeze: bool = False) -> tuple[int, int]:
        card_h = round(card_w * theme.CARD_ASPECT)
        hand_w = round(card_w * 1.9) if hands else 0
        if not columns:
            if hand_below:
                return hand_w, plate_h + (card_h + gap) * len(hands)
            return len(hands) * (hand_w + gap) - gap, plate_h + gap + card_h
        bw = columns_width(card_w, squeeze) + (0 if hand_below or not hands else gap * 2 + hand_w)
        bh = plate_h + gap + card_h + (round(card_h * 0.2) if overlays else 0)
        if hand_below:
            bh += (card_h + gap) * len(hands)
        return bw, bh

    # The viewer: rows at the bottom left, the hand fanned across the rest of the bottom; a seat
    # without a hand sits in the middle of the bottom edge.
    shift = round(ch * 0.2) if overlays else 0
    lift = round(ch * theme.LIFT_FRACTION)
    by = h - m - (plate_h + gap + ch + shift)
    bx = m if hands else (tw - columns_width(cw)) // 2
    hand_w = tw - m - (bx + columns_width(cw) + gap * 2)
    seat_block(viewer, bx, by, cw, ch, hand_w, viewer_hand=True)
    bottom_top = by - lift

    # Opponents' cards are smaller, and smaller still when many seats share the edges.
    spots = opponent_spots(players)
    tops = [s for s in spots if s[0] == "top"]
    per_side = max((s[2] for s in spots if s[0] != "top"), default=0)
    has_sides = per_side > 0
    ocw = max(theme.MIN_CARD_WIDTH - 8, round(cw * 0.7))
    # Crowded edges first put the top seats' hands under their rows, then overlap their rows, and
    # only then shrink their cards.
    modes = [(False, False)]
    if len(tops) > 2:
        modes += [(True, False), (True, True)] if hands else [(False, True)]

    def fits(card_w: int, below: bool, squeeze: bool) -> bool:
        obw, obh = opp_block_size(card_w, below, squeeze)
        sbw, sbh = opp_block_size(card_w, True, squeeze)
        side_w = m + sbw + gap * 3 if has_sides else m
        top_fits = len(tops) * (obw + gap * 2) <= tw - 2 * side_w + gap * 2 or len(tops) <= 2
        band = m + obh if tops else m
        return top_fits and per_side * (sbh + m) <= bottom_top - band - m

    top_below, squeeze = modes[-1]
    seated = False
    while ocw > theme.MIN_CARD_WIDTH - 8:
        mode = next((md for md in modes if fits(ocw, *md)), None)
        if mode is not None:
            top_below, squeeze = mode
            seated = True
            break
        ocw -= 2
    obw, obh = opp_block_size(ocw, top_below, squeeze)
    sbw, sbh = opp_block_size(ocw, True, squeeze)
    top_band = m + obh if tops else m
    inner = m + sbw + gap * 3 if has_sides else m
    side_span = bottom_top - top_band - m
    for k, (where, at, count) in enumerate(spots, start=1):
        seat = (viewer + k) % players
        if where in ("left", "right"):
            x = m if where == "left" else tw - m - sbw
            slot = side_span / count
            i = count - 1 - int(at) if where == "left" else int(at)
            y = round(top_band + m + slot * i + max(0.0, (slot - sbh) / 2))
            seat_block(
                seat,
                x,
                y,
                ocw,
                round(ocw * theme.CARD_ASPECT),
                0,
                viewer_hand=False,
                hand_below=True,
                squeeze=squeeze,
            )
            continue
        # A few seats spread over the whole width; many share the span between the side seats.
        cx = tw * at if len(spots) <= 4 else inner + (tw - 2 * inner) * at
        x = max(m, min(tw - m - obw, round(cx - obw / 2)))
        seat_block(
            seat,
            x,
            m,
            ocw,
            round(ocw * theme.CARD_ASPECT),
            round(ocw * 1.9),
            viewer_hand=False,
            hand_below=top_below,
            squeeze=squeeze,
        )

    # The middle: the shared zones in a row between the side seats, above the buttons. The piles
    # shrink (never below the minimum card) when a narrow window leaves them too little room.
    mid = Rect(inner, top_band + m, tw - 2 * inner, bottom_top - m - (top_band + m))
    button_h = round(px * 2.2)
    buttons_rect = Rect(mid.x, mid.bottom - button_h, mid.w, button_h)
    side_bottom = max((areas[s].bottom for s in areas if s != viewer), default=0)
    if side_bottom < buttons_rect.y - gap:
        # Nothing beside the buttons' row: it may use the table's whole width.
        buttons_rect = Rect(m, buttons_rect.y, tw - 2 * m, button_h)
    prompt_y = buttons_rect.y - round(px * 1.5)
    label_h = round(px * 1.2)

    def units(z: CentreZoneSpec) -> float:
        return 1 if z.style == "stack" else 1 + 0.3 * (z.spread - 1)

    gaps = gap * 3 * (len(spec.centre_zones) - 1)
    pcw = max(
        theme.MIN_CARD_WIDTH,
        min(
            cw,
            int((mid.w - gaps) / sum(units(z) for z in spec.centre_zones)),
            int((prompt_y - gap - mid.y - label_h) / theme.CARD_ASPECT),
        ),
    )
    pch = round(pcw * theme.CARD_ASPECT)
    widths = [
        pcw + round(pcw * 0.3) * (z.spread - 1) if z.style != "stack" else pcw for z in spec.centre_zones
    ]
    # As far apart as the room allows, up to a line: a pile's label may be half a line wider than
    # its pile, and must not reach the next one's.
    between = max(1, len(widths) - 1)
    centre_gap = max(gap * 3, min(px, (mid.w - sum(widths)) // between))
    gaps = centre_gap * (len(widths) - 1)
    cx = mid.centerx - (sum(widths) + gaps) // 2
    cy = max(mid.y + label_h, (mid.y + label_h + prompt_y - pch) // 2)
    for z, zw in zip(spec.centre_zones, widths, strict=True):
        zones[z.name] = ZonePlace(
            z.name, z.style, Rect(cx, cy, zw, pch), pcw, pch, label=z.label, spread=z.spread, step=1.06
        )
        cx += zw + centre_gap

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
        middle=Rect(mid.x, mid.y, mid.w, prompt_y - round(px * 0.8) - mid.y),
    ), seated


def fan_in_middle(placement: TablePlacement, zones: dict[str, int]) -> None:
    """Re-place ``zones`` as fans in rows across the middle of the table, each card wide enough to
    click: a blind pick from a face-down deck."""
    caption_h = round(placement.text_px * 2.2)  # the caption of the step that asks for the pick
    mid = Rect(
        placement.middle.x, placement.middle.y + caption_h, placement.middle.w, placement.middle.h - caption_h
    )
    label_h = round(placement.text_px * 1.3)
    row_h = (mid.h - label_h * len(zones)) // max(1, len(zones))
    cw = max(theme.MIN_CARD_WIDTH - 8, min(placement.card_w, round(row_h / theme.CARD_ASPECT)))
    ch = round(cw * theme.CARD_ASPECT)
    y = mid.y
    for name, count in zones.items():
        y += label_h
        fw = min(mid.w, cw + round(cw * 0.32 * max(0, count - 1)))
        placement.zones[name] = ZonePlace(
            name, "fan", Rect(mid.centerx - fw // 2, y, fw, ch), cw, ch, label=name
        )
        y += row_h
