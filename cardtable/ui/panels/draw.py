"""Drawing a game's panel description: badges, lit cards, rings, direction markers, meters, the
settlement sheet and the caption. Everything here reads a ``TableInfo``; nothing knows a game."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import pygame

from cardtable.engine.table import Badge, Marker, Meter, Sheet, TableInfo, Tone
from cardtable.ui import text, theme, timings
from cardtable.ui.layout import TablePlacement
from cardtable.ui.panels.context import PanelContext
from cardtable.ui.placing import pip_radius
from cardtable.ui.spots import count_spot

Rect = pygame.Rect

TONES: dict[Tone, theme.Colour] = {
    "accent": theme.ACCENT,
    "alert": theme.ILLEGAL,
    "go": theme.LEGAL,
    "hot": theme.BURN_FLASH,
    "dim": theme.TEXT_DIM,
}


def badge(
    surface: pygame.Surface,
    label: str,
    centre: tuple[int, int],
    px: int,
    fill: theme.Colour = theme.ACCENT,
    ink: theme.Colour = theme.TEXT_DARK,
    anchor: str = "center",
) -> Rect:
    """A rounded label (a value on a card, a count beside a pile), its ``anchor`` point (a Rect
    attribute: "center", "midleft") at ``centre``."""
    img = text.render(label, px, ink, bold=True)
    r = img.get_rect().inflate(px // 2 + 6, 4)
    setattr(r, anchor, centre)
    r.clamp_ip(surface.get_rect())  # a seat at the table's edge at a large interface size
    pygame.draw.rect(surface, fill, r, border_radius=r.h // 2)
    pygame.draw.rect(surface, theme.TEXT_DARK, r, 1, border_radius=r.h // 2)
    surface.blit(img, img.get_rect(center=r.center))
    return r


def draw_info(
    surface: pygame.Surface, ctx: PanelContext, info: TableInfo, spinning: dict[str, float], caption: str
) -> list[Rect]:
    """Everything of ``info`` that lies over the table, and the caption unless a sheet is up. The
    badges' places (a lesson's ring round a lit place puts them back over itself)."""
    p = ctx.placement
    for glow in info.glows:
        rects = p.card_rects(glow.zone, glow.count)
        if rects:
            pygame.draw.rect(surface, theme.DROP_TARGET, rects[-1].inflate(12, 12), 4, border_radius=12)
    cards = [r for z, cs in ctx.zones.items() for r in p.card_rects(z, len(cs))]
    drawn = [_draw_badge(surface, p, b, len(ctx.zones.get(b.zone, ())), cards) for b in info.badges]
    badges = [r for r in drawn if r is not None]
    _draw_spins(surface, ctx, spinning)
    for marker in info.markers:
        if marker.shape in ("clockwise", "counter-clockwise"):
            _draw_circle_marker(surface, p, marker)
        else:
            _draw_arrow_marker(surface, p, marker)
    if info.sheet is not None:
        _draw_sheet(surface, p, info.sheet)  # it tells what the caption would
    elif caption:
        draw_caption(surface, p, caption, badges)
    if not ctx.picking:  # the fanned decks take the middle; the side box still tells the count
        for meter in info.meters:
            _draw_meter(surface, p, meter)
    return badges


def _draw_badge(surface: pygame.Surface, p: TablePlacement, b: Badge, count: int,
                cards: list[Rect]) -> Rect | None:
    """A value on a card, or a seat pile's count: under its cards or beside them, never over a
    card (on the empty place when the pile has none)."""
    if b.on_top is not None:  # a value on the top card as it lay when the value was told
        px = round(p.text_px * 0.9)
        rects = p.card_rects(b.zone, b.on_top)
        if rects:
            return badge(surface, b.text, (rects[-1].centerx, rects[-1].bottom - px // 2), px)
        return None
    place = p.zones.get(b.zone)
    if place is None:
        return None
    px = round(p.text_px * 0.8)
    centre = (place.slot.centerx, place.rect.bottom - px)
    fan = p.card_rects(b.zone, count)
    if fan:
        size = text.render(b.text, px, theme.TEXT_DARK, bold=True).get_rect().inflate(px // 2 + 6, 4).size
        centre = count_spot(size, fan, cards, p.table_rect, ("below", "right", "left", "above")).center
    return badge(
        surface,
        b.text,
        centre,
        px,
        theme.ACCENT if b.lit else theme.PLATE,
        theme.TEXT_DARK if b.lit else theme.TEXT_DIM,
    )


@lru_cache(maxsize=16)
def _wrapped(caption: str, px: int, width: int) -> tuple[int, tuple[str, ...]]:
    """The caption on at most two lines, smaller rather than with a word cut in two (a narrow
    middle at a large interface size); measured once per caption and size."""
    size, lines = text.fit_block(caption, px, width, 2 * text.line_box(px, True), bold=True, least=0.5)
    return size, tuple(lines)


def _caption_px_width(p: TablePlacement) -> tuple[int, int]:
    px0 = round(p.text_px * 1.05)
    # at least half the table wide: over a narrow middle (a large interface size) a caption may
    # reach over the side seats for the moment it is held, rather than shrink to a column
    return px0, max(100, p.middle.w - px0 * 2, p.table_rect.w // 2 - px0 * 2)


def caption_band(p: TablePlacement) -> Rect:
    """Where a caption may stand (its widest and tallest: two lines), so the coach keeps off it:
    walking Fscking Ace's lesson, the bubble hid "Play now goes counter-clockwise"."""
    px0, width = _caption_px_width(p)
    # and a badge's height lower: a caption goes under a seat's badge that hangs into the middle
    box = Rect(0, 0, width + px0 * 2, round(px0 * 1.3) * 2 + px0 // 2 + _badge_height(p))
    box.midtop = (p.middle.centerx, p.middle.y)
    return box


def _badge_height(p: TablePlacement) -> int:
    """The height of a seat's badge (``_draw_badge``), and the gap under it."""
    return text.text_size("0", round(p.text_px * 0.8), bold=True)[1] + 4 + 2


def draw_caption(surface: pygame.Surface, p: TablePlacement, caption: str, keep: Sequence[Rect] = ()) -> Rect:
    """A caption over the middle of the table: what the last step was; under ``keep`` (a seat's
    badge hanging below its place: Takku-Sum's "1/2 pts" was hidden under "Ash cannot play")."""
    px0, width = _caption_px_width(p)
    px, lines = _wrapped(caption, px0, width)
    line_h = round(px * 1.3)
    box_w = max(text.render(line, px, theme.TEXT, bold=True).get_width() for line in lines) + px * 2
    box = Rect(0, 0, box_w, line_h * len(lines) + px // 2)
    box.midtop = (p.middle.centerx, p.middle.y)
    hit = [k for k in keep if k.colliderect(box)]
    if hit:
        box.top = max(k.bottom for k in hit) + 2
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (*theme.PANEL, 220), shade.get_rect(), border_radius=box.h // 3)
    pygame.draw.rect(shade, (*theme.ACCENT, 255), shade.get_rect(), 2, border_radius=box.h // 3)
    surface.blit(shade, box)
    for i, line in enumerate(lines):
        img = text.render(line, px, theme.TEXT, bold=True)
        surface.blit(img, img.get_rect(midtop=(box.centerx, box.y + px // 4 + i * line_h)))
    return box


def _draw_spins(surface: pygame.Surface, ctx: PanelContext, spinning: dict[str, float]) -> None:
    """A ring turning once round each zone that was shuffled, for a step."""
    p = ctx.placement
    for zone, t0 in list(spinning.items()):
        x = (ctx.now - t0) / max(0.05, ctx.speed(timings.STEP_HOLD))
        place = p.zones.get(zone)
        if not 0 <= x < 1 or place is None:
            if x >= 1:
                del spinning[zone]
            continue
        ring = place.slot.inflate(14, 14)
        start = x * 2 * math.pi
        pygame.draw.arc(surface, theme.ACCENT, ring, start, start + math.pi * 1.2, 4)


def _draw_meter(surface: pygame.Surface, p: TablePlacement, meter: Meter) -> None:
    """Diamond pips under a centre zone, lit red as the count grows, and the label under them:
    two short rows, so the meter stays between the side seats at a large interface size."""
    place = p.zones.get(meter.zone)
    if place is None:
        return
    depth, with_label = p.meters.get(meter.zone, (0, False))
    if not depth:
        return
    px = round(p.text_px * 0.8)
    r = pip_radius(px)
    centre = place.slot.centerx
    x = centre - meter.of * r * 2.4 / 2
    y = place.rect.bottom + r * 2
    for i in range(meter.of):
        cx = x + r * 1.2 + i * r * 2.4
        points = [(cx, y - r), (cx + r * 0.75, y), (cx, y + r), (cx - r * 0.75, y)]
        lit = i < meter.lit
        pygame.draw.polygon(surface, theme.ILLEGAL if lit else theme.FELT_DARK, points)
        pygame.draw.polygon(surface, theme.TEXT if lit else theme.FELT_LINE, points, 2)
    if with_label:
        label = text.render(meter.label, px, theme.TEXT, bold=True)
        surface.blit(label, label.get_rect(midtop=(round(centre), round(y + r + 2))))


def _draw_circle_marker(surface: pygame.Surface, p: TablePlacement, marker: Marker) -> None:
    """A circular arrow round the zone's place, clockwise or counter-clockwise, the word under it."""
    place = p.zones.get(marker.zone)
    if place is None:
        return
    clockwise = marker.shape == "clockwise"
    r = place.rect
    radius = min(r.w, r.h) // 2 - 6
    c = r.center
    colour = TONES[marker.tone]
    box = Rect(0, 0, radius * 2, radius * 2)
    box.center = c
    pygame.draw.arc(surface, colour, box, math.radians(110), math.radians(430), max(3, radius // 6))
    # the arrowhead at the arc's end: screen y grows downward, so angles run counter-clockwise
    end = math.radians(110 if clockwise else 70)
    tip = (c[0] + radius * math.cos(end), c[1] - radius * math.sin(end))
    d = 1 if clockwise else -1  # the head points along the way round at the arc's end
    size = radius * 0.45
    head = [
        (tip[0] + d * size * 0.9, tip[1]),
        (tip[0] - d * size * 0.3, tip[1] - size * 0.7),
        (tip[0] - d * size * 0.3, tip[1] + size * 0.7),
    ]
    pygame.draw.polygon(surface, colour, head)
    room = r.inflate(min(p.text_px, r.w // 2), 0)  # under its own place, clear of the next
    px = text.fit_px(marker.word, round(p.text_px * 0.75), room.w, bold=True, least=0.5)
    if text.text_size(marker.word, px, bold=True)[0] <= room.w:  # else the arrow says it alone
        word_box = Rect(room.x, r.bottom + 2, room.w, text.line_box(px, True))
        text.blit_in(surface, text.render(marker.word, px, colour, bold=True), word_box, "top", marker.word)


def _draw_arrow_marker(surface: pygame.Surface, p: TablePlacement, marker: Marker) -> None:
    """A plate with a big arrow up or down (or both ways) and the word in it."""
    place = p.zones.get(marker.zone)
    if place is None:
        return
    colour = TONES[marker.tone]
    plate = place.rect.inflate(-4, 0)
    pygame.draw.rect(surface, theme.FELT_DARK, plate, border_radius=plate.w // 5)
    pygame.draw.rect(surface, colour, plate, 3, border_radius=plate.w // 5)
    cx, cy = plate.centerx, plate.y + plate.h * 0.42
    s = min(plate.w, plate.h) * 0.3
    if marker.shape == "both":
        for sign in (-1, 1):
            tip = cy + sign * s * 1.1
            pygame.draw.polygon(
                surface,
                colour,
                [(cx, tip), (cx - s * 0.7, tip - sign * s * 0.8), (cx + s * 0.7, tip - sign * s * 0.8)],
            )
    else:
        sign = -1 if marker.shape == "up" else 1
        tip = cy + sign * s * 1.2
        pygame.draw.polygon(surface, colour, [(cx, tip), (cx - s, tip - sign * s), (cx + s, tip - sign * s)])
        pygame.draw.rect(
            surface, colour, Rect(cx - s * 0.35, min(tip - sign * s, cy - sign * s * 1.1), s * 0.7, s * 1.3)
        )
    px = round(p.text_px * 1.1)
    while px > 10 and text.text_size(marker.word, px, bold=True)[0] > plate.w - 10:
        px -= 1
    img = text.render(marker.word, px, colour, bold=True)
    surface.blit(img, img.get_rect(midbottom=(cx, plate.bottom - 6)))


def _draw_sheet(surface: pygame.Surface, p: TablePlacement, sheet: Sheet) -> None:
    """The sheet in a box across the middle: title, column heads, rows, notes."""
    px = p.text_px
    small = round(px * 0.9)
    cols = sheet.columns
    widths = [max(text.text_size(r[i], small)[0] for r in (*sheet.rows, cols)) + small
              for i in range(len(cols))]
    line_h = round(small * 1.5)
    w = max(
        sum(widths),
        text.text_size(sheet.title, px, bold=True)[0],
        *(text.text_size(x, small)[0] for x in sheet.notes),
    )
    w = min(w + px * 2, p.table_rect.w - px * 2)
    h = px * 2 + line_h * (len(sheet.rows) + 1) + line_h * len(sheet.notes) + px
    box = Rect(0, 0, w, h)
    box.center = (p.table_rect.centerx, p.middle.centery)
    box.clamp_ip(p.table_rect.inflate(-px, -px))
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=12)
    pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=12)
    img = text.render(sheet.title, px, theme.ACCENT, bold=True)
    surface.blit(img, img.get_rect(midtop=(box.centerx, box.y + px // 2)))
    y = box.y + px * 2
    scale = min(1.0, (box.w - px) / sum(widths))
    for r_i, row in enumerate((cols, *sheet.rows)):
        x = box.x + px // 2
        colour = theme.TEXT_DIM if r_i == 0 else theme.ILLEGAL if r_i - 1 in sheet.marked else theme.TEXT
        for i, cell in enumerate(row):
            surface.blit(text.render(cell, small, colour, bold=i == 0 or i == len(row) - 1), (x, y))
            x += round(widths[i] * scale)
        y += line_h
    for line in sheet.notes:
        surface.blit(text.render(line, small, theme.TEXT_DIM), (box.x + px // 2, y))
        y += line_h
