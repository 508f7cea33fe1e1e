"""Placing a table: the viewer's seat along the bottom, the opponents round the edges, and the
shared piles in a row in the middle, with the buttons and the prompt beneath them."""

from __future__ import annotations

import pygame

from cardtable.engine.table import CentreZoneSpec, LayoutSpec, SeatZoneSpec
from cardtable.ui import text, theme
from cardtable.ui.placement import TablePlacement, ZonePlace

Rect = pygame.Rect


def pip_radius(px: int) -> int:
    """A meter's pip, for its label's text size ``px``."""
    return max(6, round(px * 0.55))


def meter_depth(text_px: int, label: bool = True) -> int:
    """How far below its centre zone a meter reaches: a row of pips, then its label under them
    (``ui/panels/draw.py`` draws it to these measures; the piles leave it this room)."""
    px = round(text_px * 0.8)
    return 3 * pip_radius(px) + (2 + text.line_box(px, True) if label else 0)


def meter_room(bottom: int, line: int, text_px: int) -> tuple[int, bool]:
    """The depth a meter under a zone ending at ``bottom`` is drawn to, and whether with its label:
    all of it above ``line`` (where the prompt begins), else its pips alone, else nothing (a small window at a
    large interface size; the side box tells the count in words anyway)."""
    for label in (True, False):
        depth = meter_depth(text_px, label)
        if bottom + depth <= line:
            return depth, label
    return 0, False


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


def measures(size: tuple[int, int], px: int) -> tuple[int, int, float]:
    """A ``size`` window with table text of ``px``: the log column's width, the table's width
    and the viewer's card width (before a game's card scale)."""
    w, h = size
    # The log's column widens with its text, so a large Interface size still fits words on a line.
    log_w = max(180, min(round(w * 0.2), 520), min(px * 14, round(w * 0.32)))
    return log_w, w - log_w, min(h * 0.118, (w - log_w) * 0.085)


READABLE_CARD = 56
"""The narrowest opponent's card (seven tenths of the viewer's) whose corner still reads at a
glance: an Interface size that would make the table's cards narrower is not offered."""


def largest_scale(size: tuple[int, int]) -> float:
    """The largest offered Interface size at which a ``size`` window keeps the table's cards
    readable (100 % and less always are: the cards are as big as the window allows). A larger
    text widens the log column and narrows the table, and its cards with it."""
    fitting = [s for s in theme.UI_SCALES
               if s <= 1.0 or measures(size, theme.text_px(size, s))[2] * 0.7 >= READABLE_CARD]
    return max(fitting)


FEW_CARDS = 5
"""The hand the viewer's rows and hand are centred for: a few cards beside the rows."""


class Placer:
    """One table being placed with text of ``px``: the window's measures, then the zones, plates
    and seat areas as each step adds them."""

    def __init__(self, spec: LayoutSpec, size: tuple[int, int], players: int, viewer: int, px: int) -> None:
        self.spec, self.size, self.players, self.viewer, self.px = spec, size, players, viewer, px
        h = size[1]
        self.log_w, self.tw, cw = measures(size, px)
        tw = self.tw
        self.m = max(8, round(min(tw, h) * 0.016))
        self.gap = max(4, round(self.m * 0.6))
        self.plate_h = round(px * 1.6)
        self.cw = max(theme.MIN_CARD_WIDTH, round(cw * spec.card_scale))
        self.ch = round(self.cw * theme.CARD_ASPECT)
        self.zones: dict[str, ZonePlace] = {}
        self.plates: dict[int, Rect] = {}
        self.areas: dict[int, Rect] = {}
        self.overlays = [z for z in spec.seat_zones if z.on]
        self.hands = [z for z in spec.seat_zones if z.style == "hand"]
        self.columns = [z for z in spec.seat_zones if z.style != "hand" and not z.on]
        self.bottom_top = 0
        self.inner = self.m
        self.top_band = self.m

    # -- one seat ---------------------------------------------------------------------------------
    def seat_block(
        self,
        seat: int,
        x: int,
        y: int,
        card_w: int,
        hand_w: int,
        viewer_hand: bool,
        hand_below: bool = False,
        squeeze: bool = False,
    ) -> Rect:
        """One seat: its plate on top, its rows, decks and fans side by side, the hand to the right
        (or below, for the seats at the sides, which leaves the middle of the table wide enough for
        the piles)."""
        gap = self.gap
        card_h = round(card_w * theme.CARD_ASPECT)
        self.plates[seat] = Rect(x, y, 0, self.plate_h)
        cy = y + self.plate_h + gap
        shift = round(card_h * 0.2) if self.overlays else 0
        cx = self._seat_columns(seat, x, cy, card_w, card_h, shift, squeeze)
        # A seat of hands only (a plain shedding game) has no row for the hand to go under.
        right = cx - gap * 2 if self.columns else x + round(card_w * 1.9)
        hy = cy + card_h + shift + gap if self.columns else cy
        for z in self.hands:
            if hand_below:
                hand = Rect(x, hy, right - x, card_h)
                hy += card_h + gap
            else:
                hand = Rect(cx, cy, hand_w, card_h)
                cx += hand_w + gap
                right = cx - gap
            # The viewer's hand fans out from beside their own rows (see ``seat_viewer``).
            self.zones[f"{z.name}/{seat}"] = ZonePlace(
                f"{z.name}/{seat}", "hand", hand, card_w, card_h, viewer_hand=viewer_hand, label=z.label,
                align="left" if viewer_hand and self.columns else "center",
            )
        bottom = hy - gap if hand_below else cy + card_h + shift
        block = Rect(x, y, right - x, bottom - y)
        self.plates[seat].w = min(block.w, max(round(self.px * 9), self.columns_width(card_w, squeeze)))
        self.areas[seat] = block
        return block

    def _seat_columns(
        self, seat: int, x: int, cy: int, card_w: int, card_h: int, shift: int, squeeze: bool
    ) -> int:
        """A seat's rows, decks and fans from ``x``, each with the zones lying on it; the x after
        the last."""
        gap = self.gap
        cx = x
        for z in self.columns:
            zw = _zone_width(z, card_w, gap, squeeze)
            name = f"{z.name}/{seat}"
            self.zones[name] = ZonePlace(
                name, z.style, Rect(cx, cy, zw, card_h), card_w, card_h, z.slots, label=z.label
            )
            for o in self.overlays:
                if o.on == z.name:
                    self.zones[f"{o.name}/{seat}"] = ZonePlace(
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
        return cx

    def columns_width(self, card_w: int, squeeze: bool = False) -> int:
        gap = self.gap
        return sum(_zone_width(z, card_w, gap, squeeze) for z in self.columns) + gap * 2 * max(
            0, len(self.columns) - 1
        )

    def opp_block_size(self, card_w: int, hand_below: bool, squeeze: bool = False) -> tuple[int, int]:
        gap, plate_h, hands = self.gap, self.plate_h, self.hands
        card_h = round(card_w * theme.CARD_ASPECT)
        hand_w = round(card_w * 1.9) if hands else 0
        if not self.columns:
            if hand_below:
                return hand_w, plate_h + (card_h + gap) * len(hands)
            return len(hands) * (hand_w + gap) - gap, plate_h + gap + card_h
        bw = self.columns_width(card_w, squeeze) + (0 if hand_below or not hands else gap * 2 + hand_w)
        bh = plate_h + gap + card_h + (round(card_h * 0.2) if self.overlays else 0)
        if hand_below:
            bh += (card_h + gap) * len(hands)
        return bw, bh

    # -- the seats ----------------------------------------------------------------------------------
    def seat_viewer(self) -> None:
        """The viewer along the bottom: their rows with the hand fanned out beside them, the two
        centred together for a hand of a few cards (a bigger hand spreads on to the right edge,
        then overlaps); a seat without a hand sits in the middle of the bottom edge."""
        cw, ch, m, tw = self.cw, self.ch, self.m, self.tw
        shift = round(ch * 0.2) if self.overlays else 0
        lift = round(ch * theme.LIFT_FRACTION)
        by = self.size[1] - m - (self.plate_h + self.gap + ch + shift)
        rows_w = self.columns_width(cw) + self.gap * 2
        if not self.columns:
            bx = m  # a hand alone is fanned in the middle of the whole bottom edge
        elif self.hands:
            few = cw + round(cw * 1.08) * (FEW_CARDS - 1)
            bx = max(m, (tw - rows_w - few) // 2)
        else:
            bx = (tw - self.columns_width(cw)) // 2
        hand_w = tw - m - (bx + rows_w)
        self.seat_block(self.viewer, bx, by, cw, hand_w, viewer_hand=True)
        self.bottom_top = by - lift

    def seat_opponents(self) -> bool:
        """Every other seat round the edges, clockwise; whether each found room of its own."""
        spots = opponent_spots(self.players)
        tops = [s for s in spots if s[0] == "top"]
        per_side = max((s[2] for s in spots if s[0] != "top"), default=0)
        ocw, top_below, squeeze, seated = self._opponent_cards(tops, per_side)
        m, gap, tw = self.m, self.gap, self.tw
        obw, obh = self.opp_block_size(ocw, top_below, squeeze)
        sbw, sbh = self.opp_block_size(ocw, True, squeeze)
        self.top_band = top_band = m + obh if tops else m
        self.inner = inner = m + sbw + gap * 3 if per_side > 0 else m
        side_span = self.bottom_top - top_band - m
        for k, (where, at, count) in enumerate(spots, start=1):
            seat = (self.viewer + k) % self.players
            if where in ("left", "right"):
                x = m if where == "left" else tw - m - sbw
                slot = side_span / count
                i = count - 1 - int(at) if where == "left" else int(at)
                y = round(top_band + m + slot * i + max(0.0, (slot - sbh) / 2))
                self.seat_block(seat, x, y, ocw, 0, viewer_hand=False, hand_below=True, squeeze=squeeze)
                continue
            # A few seats spread over the whole width; many share the span between the side seats.
            cx = tw * at if len(spots) <= 4 else inner + (tw - 2 * inner) * at
            x = max(m, min(tw - m - obw, round(cx - obw / 2)))
            self.seat_block(
                seat, x, m, ocw, round(ocw * 1.9), viewer_hand=False, hand_below=top_below, squeeze=squeeze
            )
        return seated

    def _opponent_cards(self, tops: list[Spot], per_side: int) -> tuple[int, bool, bool, bool]:
        """Opponents' cards are smaller, and smaller still when many seats share the edges: their
        width, whether the top seats' hands go under their rows, whether their rows overlap, and
        whether every seat found room."""
        m, gap, tw = self.m, self.gap, self.tw
        has_sides = per_side > 0
        # One opponent has the whole far edge to itself: their cards are as big as the viewer's. A
        # seat without a hand (a deck and the cards in play) is small: across the table its cards
        # are a little smaller; at the sides they would narrow the middle, so smaller still.
        share = 1.0 if self.players == 2 else 0.85 if not self.hands and not has_sides else 0.7
        ocw = max(theme.MIN_CARD_WIDTH - 8, round(self.cw * share))
        # Crowded edges first put the top seats' hands under their rows, then overlap their rows,
        # and only then shrink their cards.
        modes = [(False, False)]
        if len(tops) > 2:
            modes += [(True, False), (True, True)] if self.hands else [(False, True)]

        def fits(card_w: int, below: bool, squeeze: bool) -> bool:
            obw, obh = self.opp_block_size(card_w, below, squeeze)
            sbw, sbh = self.opp_block_size(card_w, True, squeeze)
            side_w = m + sbw + gap * 3 if has_sides else m
            if len(tops) > 2:
                top_fits = len(tops) * (obw + gap * 2) <= tw - 2 * side_w + gap * 2
            else:  # one seat across, or two at fixed places (see ``_FEW_OPPONENTS``)
                top_fits = obw + gap * 2 <= (tw - 2 * m if len(tops) < 2 else tw * 0.42)
            band = m + obh if tops else m
            return top_fits and per_side * (sbh + m) <= self.bottom_top - band - m

        top_below, squeeze = modes[-1]
        while ocw > theme.MIN_CARD_WIDTH - 8:
            mode = next((md for md in modes if fits(ocw, *md)), None)
            if mode is not None:
                return ocw, mode[0], mode[1], True
            ocw -= 2
        return ocw, top_below, squeeze, False

    # -- the middle ---------------------------------------------------------------------------------
    def lay_out_middle(self) -> None:
        """The middle: the shared zones in a row between the side seats, above the buttons."""
        m, gap, px, tw = self.m, self.gap, self.px, self.tw
        self.mid = mid = Rect(
            self.inner, self.top_band + m, tw - 2 * self.inner, self.bottom_top - m - (self.top_band + m)
        )
        button_h = round(px * 2.2)
        self.buttons_rect = Rect(mid.x, mid.bottom - button_h, mid.w, button_h)
        side_bottom = max((self.areas[s].bottom for s in self.areas if s != self.viewer), default=0)
        if side_bottom < self.buttons_rect.y - gap:
            # Nothing beside the buttons' row: it may use the table's whole width.
            self.buttons_rect = Rect(m, self.buttons_rect.y, tw - 2 * m, button_h)
        self.prompt_y = self.buttons_rect.y - round(px * 1.5)
        self._place_piles()

    def _place_piles(self) -> None:
        """The piles shrink (never below the minimum card) when a narrow window leaves them too
        little room, and stand as far apart as the room allows, up to a line."""
        spec, gap, px, mid, prompt_y = self.spec, self.gap, self.px, self.mid, self.prompt_y
        label_h = round(px * 1.2)
        meter_h = meter_depth(px) if any(z.meter for z in spec.centre_zones) else 0

        def units(z: CentreZoneSpec) -> float:
            return 1 if z.style == "stack" else 1 + 0.3 * (z.spread - 1)

        gaps = gap * 3 * (len(spec.centre_zones) - 1)
        pcw = max(
            theme.MIN_CARD_WIDTH,
            min(
                self.cw,
                int((mid.w - gaps) / sum(units(z) for z in spec.centre_zones)),
                int((prompt_y - gap - mid.y - label_h - meter_h) / theme.CARD_ASPECT),
            ),
        )
        pch = round(pcw * theme.CARD_ASPECT)
        widths = [
            pcw + round(pcw * 0.3) * (z.spread - 1) if z.style != "stack" else pcw for z in spec.centre_zones
        ]
        # A pile's label may be half a line wider than its pile, and must not reach the next one's.
        between = max(1, len(widths) - 1)
        centre_gap = max(gap * 3, min(px, (mid.w - sum(widths)) // between))
        gaps = centre_gap * (len(widths) - 1)
        cx = mid.centerx - (sum(widths) + gaps) // 2
        cy = max(mid.y + label_h, (mid.y + label_h + prompt_y - meter_h - pch) // 2)
        for z, zw in zip(spec.centre_zones, widths, strict=True):
            self.zones[z.name] = ZonePlace(
                z.name, z.style, Rect(cx, cy, zw, pch), pcw, pch, label=z.label, spread=z.spread, step=1.06
            )
            cx += zw + centre_gap

    def _prompt_top(self) -> int:
        """The top of one line of prompt at full size: a meter gives way to it (the prompt says
        what to do; the side box says the meter's count too)."""
        return self.prompt_y - text.line_box(self.px, True) // 2 - self.px // 4

    def placement(self) -> TablePlacement:
        w, h = self.size
        px, mid = self.px, self.mid
        return TablePlacement(
            size=(w, h),
            zones=self.zones,
            plates=self.plates,
            seat_areas=self.areas,
            table_rect=Rect(0, 0, self.tw, h),
            log_rect=Rect(self.tw, 0, self.log_w, h),
            buttons_rect=self.buttons_rect,
            prompt_pos=(mid.centerx, self.prompt_y),
            card_w=self.cw,
            text_px=px,
            middle=Rect(mid.x, mid.y, mid.w, self.prompt_y - round(px * 0.8) - mid.y),
            meters={z.name: meter_room(self.zones[z.name].rect.bottom, self._prompt_top(), px)
                    for z in self.spec.centre_zones if z.meter},
        )
