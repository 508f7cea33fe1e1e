"""Drawing a composed frame of the table: felt, places, plates, cards, marks, the drag, the
prompt and buttons, a notice by the cards, the banner and the log column. Nothing here decides."""

from __future__ import annotations

import math
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from dataclasses import replace

import pygame

from cardtable.engine.cards import HIDDEN
from cardtable.ui import text, theme
from cardtable.ui.card_art import CardArt
from cardtable.ui.layout import TablePlacement
from cardtable.ui.panels import badge
from cardtable.ui.phones import JoinCard, draw_join_cards
from cardtable.ui.spots import count_spot
from cardtable.ui.table.board import Sprite
from cardtable.ui.table.labels import SMALLEST_PX, label_lines
from cardtable.ui.table.seam import Dragged, TableFrame
from cardtable.ui.tween import Flash

Rect = pygame.Rect
Drawn = tuple[int, str, Rect]
"""A card as drawn: the face shown (or HIDDEN), its place, its rect."""


Turn = Callable[[pygame.Surface, int, int], pygame.Surface]
"""A card's image lying turned 90° (image, face, width): the caches keep them."""


def cards(surface: pygame.Surface, f: TableFrame, art: CardArt, turn: Turn,
          drawn: list[Drawn]) -> list[Sprite]:
    """The cards, with the selection, the legal cards and the keyboard focus marked. The cards
    as drawn (a card lying turned has its turned image's rect), each added to ``drawn``."""
    shown = []
    for s in f.sprites:
        width = round(s.rect.h / theme.CARD_ASPECT)  # a card turning over is narrower than tall
        img = art.back(width) if s.face == HIDDEN else art.face(s.face, width)
        if width - s.rect.w > 1:
            img = pygame.transform.scale(img, s.rect.size)
        if s.card in f.turned and not s.moving:
            img = turn(img, s.face, width)
            # a copy with the turned image's rect: the frame stays as it was built (copying every
            # card, every frame, cost more than a tenth of drawing them)
            s = replace(s, rect=img.get_rect(center=s.rect.center))
        surface.blit(img, s.rect)
        drawn.append((s.face, s.zone, s.rect))
        shown.append(s)
        if s.moving:
            continue
        if s.card in f.selection:
            pygame.draw.rect(surface, theme.SELECTED, s.rect.inflate(4, 4), theme.HIGHLIGHT_WIDTH + 1,
                             border_radius=8)
        elif s.card in f.pick:
            pygame.draw.rect(surface, theme.LEGAL, s.rect.inflate(2, 2), theme.HIGHLIGHT_WIDTH - 1,
                             border_radius=8)
        if s.card == f.focus:
            pygame.draw.rect(surface, theme.BUTTON_FOCUS, s.rect.inflate(8, 8), 2, border_radius=10)
    return shown


def marks(surface: pygame.Surface, p: TablePlacement, sprites: list[Sprite], marked: frozenset[int],
          label: str) -> None:
    """A star and the game's word on the viewer's cards the panel marks (wildcards in a hand)."""
    if not marked:
        return
    px = round(p.text_px * 0.75)
    words = "   " + label  # room for the star
    for s in sprites:
        if s.card in marked and s.face != HIDDEN and not s.moving:
            # along the card's bottom from its left edge, not across the middle: a fanned hand
            # shows the left of every card, and the corner index is on the right (a 10 read "1")
            tag = badge(surface, words, (s.rect.x + 3, s.rect.bottom - px), px, anchor="midleft")
            star(surface, (tag.x + px * 0.75, tag.centery), px * 0.45)


def star(surface: pygame.Surface, centre: tuple[float, float], r: float) -> None:
    """A five-pointed star (the default font has no ★)."""
    cx, cy = centre
    points = [(cx + (r if i % 2 == 0 else r * 0.45) * math.sin(math.pi * i / 5),
               cy - (r if i % 2 == 0 else r * 0.45) * math.cos(math.pi * i / 5)) for i in range(10)]
    pygame.draw.polygon(surface, theme.TEXT_DARK, points)


def pick_labels(surface: pygame.Surface, f: TableFrame) -> None:
    p = f.placement
    for z in f.picked:
        place = p.zones.get(z)
        if place is None:  # a zone the placement has no room for: nothing to label
            continue
        seat = int(z.rsplit("/", 1)[1])
        line = f"Pick one face-down card from {f.names[seat]}"
        h = text.line_box(p.text_px, True)
        box = Rect(p.middle.x, place.rect.y - 4 - h, p.middle.w, h)
        text.draw_in(surface, line, p.text_px, theme.ACCENT, box, bold=True)


def zone_marks(surface: pygame.Surface, f: TableFrame) -> None:
    """Each place in the middle, named; lit where the cards in hand may go (the drop target:
    where the dragged cards would land)."""
    p, legal, target = f.placement, f.legal_zones, f.drop_target
    px = p.text_px
    seat_spots(surface, f)
    for z in f.spec.centre_zones:
        place = p.zones.get(z.name)
        if place is None or f.picked or z.style == "panel":
            continue  # (decks fanned for a pick take the middle; a panel draws its own place)
        slot = place.slot
        colour = (theme.DROP_TARGET if target == z.name
                  else theme.LEGAL if z.name in legal else theme.FELT_LINE)
        pygame.draw.rect(surface, colour, slot.inflate(6, 6), 3 if colour != theme.FELT_LINE else 2,
                         border_radius=10)
        for part, size, box in label_lines(place, z.label, px):
            text.blit_in(surface, text.render(part, size, theme.TEXT_DIM), box, "center", part)


def seat_spots(surface: pygame.Surface, f: TableFrame) -> None:
    """A faint place, named, for each seat's decks and fans, so an empty spot still reads as the
    place where its cards go (a contest spot, a scored pile)."""
    p = f.placement
    small = max(10, round(p.text_px * 0.65))
    for z in f.spec.seat_zones:
        if z.style not in ("stack", "fan"):
            continue
        for seat in range(f.players):
            name = f"{z.name}/{seat}"
            place = p.zones.get(name)
            if place is None or name in f.picked:
                continue
            slot = place.slot
            pygame.draw.rect(surface, theme.FELT_LINE, slot, 1, border_radius=8)
            if name not in f.filled and z.label:
                words = z.label.split()
                size = min(text.fit_px(w, small, slot.w - 4, least=SMALLEST_PX / small) for w in words)
                h = text.line_box(size)
                if any(text.text_size(w, size)[0] > slot.w - 4 for w in words) or h * len(words) > slot.h:
                    continue  # too small a spot to name: it still shows as a place
                top = slot.centery - h * len(words) // 2
                for i, word in enumerate(words):
                    box = Rect(slot.x + 2, top + i * h, slot.w - 4, h)
                    text.blit_in(surface, text.render(word, size, theme.FELT_LINE), box, "center", word)


def counts(surface: pygame.Surface, p: TablePlacement, sprites: list[Sprite]) -> list[Rect]:
    """Numbers a player cannot count by eye: a stack's size, an opponent's hand size, each in a
    badge beside its cards, never over a card. Cards still in the air are not counted yet (nor
    where they came from, once they left). The badges' places, in the order drawn."""
    px = round(p.text_px * 0.8)
    resting: dict[str, list[Rect]] = {}
    for s in sprites:
        if not s.moving:
            resting.setdefault(s.zone, []).append(s.rect)
    cards = [r for rects in resting.values() for r in rects]
    # Every place, empty or not (a marker, an empty pile's outline), is kept clear too.
    places = [place.rect if place.style == "panel" else place.slot for place in p.zones.values()]
    drawn: list[Rect] = []
    for name, place in p.zones.items():
        count = len(resting.get(name, ()))
        if count < 2 or not (place.style == "stack" or (place.style == "hand" and not place.viewer_hand)):
            continue
        label = text.render(str(count), px, theme.TEXT_DARK, bold=True)
        box = count_spot(label.get_rect().inflate(px // 2 + 4, 4).size, resting[name],
                         cards + places + drawn, p.table_rect)
        pygame.draw.rect(surface, theme.ACCENT, box, border_radius=box.h // 2)
        surface.blit(label, label.get_rect(center=box.center))
        drawn.append(box)
    return drawn


KNOWN = "known"
"""The word on an opponent's cards that every seat knows: they are not an exposed hand."""


def known(surface: pygame.Surface, p: TablePlacement, sprites: list[Sprite],
          public: AbstractSet[int]) -> list[Rect]:
    """A frame round the cards in another seat's hand that every seat knows (a picked-up pile,
    a card shown to the table), with the word "known" on them: everyone saw these, the hand is
    not lying open. The marks' places."""
    spans: dict[str, Rect] = {}
    for s in sprites:
        if s.card in public and not s.moving and s.face != HIDDEN:
            spans[s.zone] = spans[s.zone].union(s.rect) if s.zone in spans else Rect(s.rect)
    px = max(10, round(p.text_px * 0.7))
    marks = []
    for span in spans.values():
        pygame.draw.rect(surface, theme.ACCENT, span.inflate(4, 4), 2, border_radius=8)
        marks.append(badge(surface, KNOWN, (span.centerx, span.bottom - px), px))
    return marks


def plates(surface: pygame.Surface, f: TableFrame) -> None:
    px = f.placement.text_px
    for seat, plate in f.placement.plates.items():
        shown = f.plates[seat]
        lit = shown.to_move or shown.aimed
        pygame.draw.rect(surface, theme.PLATE_OUT if shown.out else theme.PLATE, plate,
                         border_radius=plate.h // 3)
        edge = theme.DROP_TARGET if shown.aimed else theme.TURN if shown.to_move else theme.FELT_LINE
        pygame.draw.rect(surface, edge, plate, 3 if lit else 1, border_radius=plate.h // 3)
        box = plate.inflate(-16, -4)
        text.draw_in(surface, shown.label, round(px * 0.9), theme.TURN if shown.to_move else theme.TEXT, box,
                     "left", bold=shown.to_move)


def flash(surface: pygame.Surface, p: TablePlacement, f: Flash, now: float) -> None:
    place = p.zones.get(f.zone)
    alpha = f.alpha(now)
    if place is None or alpha <= 0:
        return
    r = place.rect.inflate(place.card_w // 2, place.card_w // 2)
    glow = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.ellipse(glow, (*theme.BURN_FLASH, alpha), glow.get_rect())
    surface.blit(glow, r)


def drag(surface: pygame.Surface, p: TablePlacement, d: Dragged, art: CardArt, drawn: list[Drawn]) -> None:
    """The dragged cards at their rect; the seat's own places they may go to (lit brighter
    where they would land) and the cards they may go onto."""
    rect, target = d.rect, d.target
    for z in d.targets:
        place = p.zones.get(z)
        if place is not None and "/" in z:
            lit = theme.DROP_TARGET if target == z else theme.LEGAL
            pygame.draw.rect(surface, lit, place.rect.inflate(8, 8), 3, border_radius=10)
    for r in d.onto:
        pygame.draw.rect(surface, theme.DROP_TARGET, r.inflate(6, 6), 3, border_radius=10)
    w = rect.h * 10 // 14
    step = round(w * 0.25)
    for i, c in enumerate(d.cards):
        face = c if c >= 0 else HIDDEN
        img = art.face(face, w) if face != HIDDEN else art.back(w)
        surface.blit(img, (rect.x + step * i, rect.y))
        drawn.append((face, "drag", Rect(rect.x + step * i, rect.y, w, rect.h)))


def prompt(surface: pygame.Surface, f: TableFrame, line: str) -> Rect:
    """The prompt across the middle of the table, between the side seats: on up to three lines,
    or smaller, rather than into a seat's cards. It grows upwards from its line above the buttons;
    the band its lines took (a notice keeps off it, and about no card goes above it)."""
    p = f.placement
    px = p.text_px
    h = text.line_box(px, True)
    bottom = f.prompt_y + h // 2
    under = text.line_box(round(px * 0.75), True) + 2  # a marker's word under its place
    piles = [p.zones[z.name].rect.bottom
             + (p.meters[z.name][0] if z.meter else under if z.style == "panel" else 0)
             for z in f.spec.centre_zones if z.name in p.zones]
    room = min(3 * h, bottom - max(piles, default=0) - px // 4)
    size, lines = text.fit_block(line, px, p.middle.w, max(room, h // 2), bold=True, least=0.5)
    h = text.line_box(size, True)
    top = bottom - h * len(lines)
    for i, part in enumerate(lines):
        box = Rect(p.middle.x, top + i * h, p.middle.w, h)
        text.blit_in(surface, text.render(part, size, theme.TEXT, bold=True), box, "center", part)
    return Rect(p.middle.x, top, p.middle.w, h * len(lines))


def banner(surface: pygame.Surface, p: TablePlacement, line: str) -> None:
    """A big line across the table, over the prompt (which it hides), on as many as three lines
    and smaller rather than off the table's edges or under the log."""
    px = round(p.text_px * 1.8)
    width = p.table_rect.w - 2 * p.text_px
    size, lines = text.fit_block(line, px, width, 3 * text.line_box(px, True), bold=True)
    h = text.line_box(size, True)
    strip = Rect(p.table_rect.x, 0, p.table_rect.w, h * len(lines) + p.text_px * 2)
    strip.centery = p.prompt_pos[1]  # over the prompt, not over the cards
    strip.clamp_ip(p.table_rect)
    shade = pygame.Surface(strip.size, pygame.SRCALPHA)
    shade.fill(BANNER_SHADE)
    surface.blit(shade, strip)
    for i, part in enumerate(lines):
        box = Rect(strip.x + p.text_px, strip.y + p.text_px + i * h, width, h)
        text.blit_in(surface, text.render(part, size, theme.TURN, bold=True), box, "center", part)


BANNER_SHADE = (0, 0, 0, 225)
"""Dark enough that the prompt beneath ("Game over") does not show through the banner."""


def status_box(width: int, lines: list[str], px: int) -> pygame.Surface:
    """The panel's status lines in a box at the top of the side column."""
    line_h = round(px * 1.35)
    wrapped = [(part, i == 0) for i, line in enumerate(lines) for part in text.wrap(line, px, width - px,
                                                                                    bold=i == 0)]
    box = Rect(0, 0, width, line_h * len(wrapped) + px // 2)
    image = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(image, theme.PANEL, box, border_radius=8)
    pygame.draw.rect(image, theme.PANEL_EDGE, box, 1, border_radius=8)
    for i, (line, title) in enumerate(wrapped):
        img = text.render(line, px, theme.ACCENT if title else theme.TEXT, bold=title)
        image.blit(img, (box.x + px // 2, box.y + px // 4 + i * line_h))
    return image


def join_cards(surface: pygame.Surface, p: TablePlacement, cards: tuple[JoinCard, ...],
               viewer: int | None) -> None:
    """While a phone seat has no phone: its join card over the table, above the prompt, the
    buttons and the cards of whoever plays at this screen, so they can play on meanwhile."""
    if not cards:
        return
    bottom = min(p.buttons_rect.top, p.prompt_pos[1] - p.text_px * 2)
    if viewer is not None and viewer in p.seat_areas:
        bottom = min(bottom, p.seat_areas[viewer].top)
    area = Rect(p.table_rect.x, p.table_rect.y, p.table_rect.w, bottom - p.table_rect.y)
    area = area.inflate(-p.text_px * 2, -p.text_px)
    if area.h < p.text_px * 8:
        return
    shade = pygame.Surface(area.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 170))
    surface.blit(shade, area)
    draw_join_cards(surface, area, list(cards), p.text_px)
