"""Rule books drawn from markdown: markdown-it-py parses, this module lays out and draws its tokens.

``MarkdownView(text)`` turns the token stream once into width-independent blocks (headings,
paragraphs, list items, tables, code, rules) made of styled spans. ``layout(width, scale)`` wraps them
at that width into a flat list of positioned draw items (rendered text lines, rectangles, lines,
bullets) sorted by their top edge, and returns the total height. ``draw(surface, rect, scroll)``
finds the visible items by bisection and blits only those, so scrolling a long book costs the same
as drawing one screenful.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from functools import lru_cache

import pygame
from markdown_it import MarkdownIt

from cardtable.ui import text
from cardtable.ui.markdown_blocks import Block, Span, _blocks
from cardtable.ui.markdown_wrap import _column_widths, _wrap_code, _wrap_spans

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Palette:
    """Colours of the rendered markdown; the default suits the table's dark panels."""

    text: RGB = (236, 236, 228)
    heading: RGB = (250, 200, 70)
    subheading: RGB = (236, 236, 228)
    dim: RGB = (160, 172, 176)
    link: RGB = (120, 190, 255)
    code: RGB = (255, 214, 150)
    code_bg: RGB = (40, 52, 70)
    rule: RGB = (70, 90, 110)
    table_head: RGB = (44, 62, 84)
    table_stripe: RGB = (30, 40, 54)


DARK = Palette()
LIGHT = Palette(text=(28, 28, 30), heading=(150, 30, 30), subheading=(28, 28, 30),
                dim=(100, 100, 104), link=(30, 80, 190), code=(120, 40, 20),
                code_bg=(236, 232, 222), rule=(190, 186, 176), table_head=(226, 220, 204),
                table_stripe=(244, 241, 234))

BASE_PX = 18
"""Body text size at scale 1."""
HEADING_SCALE = {1: 1.75, 2: 1.4, 3: 1.18}
LINE_SPACING = 1.35
"""Line pitch as a multiple of the text size."""
INDENT = 1.6
"""Indent per list or quote level, as a multiple of the text size."""


# -- layout ----------------------------------------------------------------------------------------

@dataclass
class _Item:
    top: int
    bottom: int
    kind: str  # "blit", "rect", "line", "circle"
    surf: pygame.Surface | None = None
    pos: tuple[int, int] = (0, 0)
    rect: pygame.Rect | None = None
    colour: RGB = (0, 0, 0)
    end: tuple[int, int] = (0, 0)
    size: int = 0


@lru_cache(maxsize=8)
def _parsed(markdown_text: str) -> list[Block]:
    """The document's blocks (read, never changed, by every view of it): a rule book opened again,
    at another size or from another tab, is not parsed again."""
    return _blocks(MarkdownIt("commonmark").enable("table").parse(markdown_text))


class MarkdownView:
    """A scrollable rendering of one markdown document."""

    def __init__(self, markdown_text: str, palette: Palette = DARK, base_px: int = BASE_PX) -> None:
        self.blocks = _parsed(markdown_text)
        self.palette = palette
        self.base_px = base_px
        self._key: tuple[int, float] | None = None
        self._items: list[_Item] = []
        self._tops: list[int] = []
        self._tallest = 0
        self.height = 0

    def layout(self, width: int, scale: float = 1.0) -> int:
        """Lay the document out ``width`` pixels wide; returns its height. Cached per (width,
        scale)."""
        width = max(40, int(width))
        if self._key == (width, scale):
            return self.height
        lay = _Layout(width, max(8, round(self.base_px * scale)), self.palette)
        for n, block in enumerate(self.blocks):
            lay.block(block, first=n == 0)
        self._items = sorted(lay.items, key=lambda it: it.top)
        self._tops = [it.top for it in self._items]
        self._tallest = max((it.bottom - it.top for it in self._items), default=0)
        self.height = lay.y
        self._key = (width, scale)
        return self.height

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, scroll: int) -> None:
        """Draw the part of the document between ``scroll`` and ``scroll + rect.h`` into
        ``rect`` (laying out at ``rect.w`` first if needed). The background is the caller's."""
        if self._key is None or self._key[0] != max(40, rect.w):
            self.layout(rect.w, self._key[1] if self._key else 1.0)
        rect = pygame.Rect(rect)
        bottom = scroll + rect.h
        first = bisect.bisect_left(self._tops, scroll - self._tallest)
        last = bisect.bisect_right(self._tops, bottom)
        old_clip = surface.get_clip()
        surface.set_clip(rect.clip(old_clip))
        dx, dy = rect.x, rect.y - scroll
        for it in self._items[first:last]:
            if it.bottom < scroll:
                continue
            if it.kind == "blit" and it.surf is not None:
                surface.blit(it.surf, (it.pos[0] + dx, it.pos[1] + dy))
            elif it.kind == "rect" and it.rect is not None:
                pygame.draw.rect(surface, it.colour, it.rect.move(dx, dy),
                                 border_radius=it.size)
            elif it.kind == "line":
                pygame.draw.line(surface, it.colour, (it.pos[0] + dx, it.pos[1] + dy),
                                 (it.end[0] + dx, it.end[1] + dy), max(1, it.size))
            elif it.kind == "circle":
                pygame.draw.circle(surface, it.colour, (it.pos[0] + dx, it.pos[1] + dy),
                                   it.size, 0 if it.end == (0, 0) else it.end[0])
        surface.set_clip(old_clip)


class _Layout:
    """Running state while laying a document out: the y cursor and the items placed so far."""

    def __init__(self, width: int, px: int, palette: Palette) -> None:
        self.width = width
        self.px = px
        self.pal = palette
        self.y = 0
        self.items: list[_Item] = []

    # placing primitives

    def _blit(self, surf: pygame.Surface, x: int, y: int) -> None:
        self.items.append(_Item(y, y + surf.get_height(), "blit", surf, (x, y)))

    def _rect(self, rect: pygame.Rect, colour: RGB, radius: int = 0) -> None:
        self.items.append(_Item(rect.top, rect.bottom, "rect", rect=rect, colour=colour,
                                size=radius))

    def _line(self, a: tuple[int, int], b: tuple[int, int], colour: RGB, width: int) -> None:
        self.items.append(_Item(min(a[1], b[1]) - width, max(a[1], b[1]) + width, "line",
                                pos=a, end=b, colour=colour, size=width))

    # blocks

    def block(self, b: Block, first: bool) -> None:
        px = self.px
        indent = round(b.indent * INDENT * px)
        if b.kind == "heading":
            hpx = round(px * HEADING_SCALE.get(b.level, 1.0))
            if not first:
                self.y += round(px * (1.1 if b.level <= 2 else 0.7))
            colour = self.pal.heading if b.level == 1 else self.pal.subheading
            self._paragraph(b.spans, hpx, 0, self.width, colour, bold=True)
            if b.level <= 2:
                self.y += round(px * 0.2)
                self._line((0, self.y), (self.width - 1, self.y), self.pal.rule,
                           max(1, round(px / 12)))
            self.y += round(px * 0.45)
        elif b.kind == "para":
            top = self.y
            if b.marker:
                self._marker(b.marker, indent, px)
            self._paragraph(b.spans, px, indent, self.width - indent, self.pal.text)
            self._quote_bars(b, top, px)
            self.y += round(px * (0.3 if b.tight else 0.7))
        elif b.kind == "code":
            self._code(b, indent, px)
        elif b.kind == "hr":
            self.y += round(px * 0.5)
            self._line((0, self.y), (self.width - 1, self.y), self.pal.rule, max(1, round(px / 9)))
            self.y += round(px * 0.9)
        elif b.kind == "table":
            self._table(b, indent, px)

    def _quote_bars(self, b: Block, top: int, px: int) -> None:
        for q in range(b.quote):
            x = round((q * INDENT + 0.5) * px)
            self._rect(pygame.Rect(x, top, max(2, round(px / 6)), self.y - top), self.pal.rule)

    def _marker(self, marker: str, indent: int, px: int) -> None:
        pitch = round(px * LINE_SPACING)
        cy = self.y + pitch // 2
        if marker[-1] == ".":
            surf = text.render_once(marker, px, self.pal.dim)
            # Right-aligned in the gutter; "10." and up may lean into the gutter's left margin.
            gutter = indent - round(INDENT * px)
            self._blit(surf, max(gutter, indent - round(px * 0.4) - surf.get_width()),
                       self.y + (pitch - surf.get_height()) // 2)
            return
        cx = indent - round(px * 0.75)
        r = max(2, round(px * 0.17))
        if marker == "▪":
            self._rect(pygame.Rect(cx - r, cy - r, 2 * r, 2 * r), self.pal.dim)
        else:
            hollow = marker == "◦"
            self.items.append(_Item(cy - r, cy + r, "circle", pos=(cx, cy), colour=self.pal.dim,
                                    size=r, end=(max(1, round(px / 10)), 0) if hollow else (0, 0)))

    def _paragraph(self, spans: list[Span], px: int, x0: int, width: int, colour: RGB,
                   bold: bool = False) -> None:
        """Wrap styled ``spans`` into lines ``width`` wide from ``x0`` and place them."""
        pitch = round(px * LINE_SPACING)
        for line in _wrap_spans(spans, px, width, bold):
            x = x0
            for run, w in line:
                self._run(run, px, x, self.y, pitch, colour, bold)
                x += w
            self.y += pitch

    def _run(self, span: Span, px: int, x: int, y: int, pitch: int, colour: RGB,
             bold: bool) -> None:
        pal = self.pal
        fg = pal.code if span.code else pal.link if span.link else colour
        surf = text.render_once(span.text, px, fg, bold or span.bold, span.italic)
        top = y + (pitch - surf.get_height()) // 2
        if span.code:
            pad = max(1, round(px * 0.15))
            self._rect(pygame.Rect(x - pad, top, surf.get_width() + 2 * pad, surf.get_height()),
                       pal.code_bg, max(1, pad))
        self._blit(surf, x, top)
        if span.link:
            base = top + surf.get_height() - max(1, round(px * 0.12))
            self._line((x, base), (x + surf.get_width(), base), fg, max(1, round(px / 16)))

    def _code(self, b: Block, indent: int, px: int) -> None:
        cpx = max(8, round(px * 0.9))
        pitch = round(cpx * 1.3)
        pad = round(px * 0.5)
        lines: list[str] = []
        for raw in b.code_text.split("\n"):
            lines += _wrap_code(raw.expandtabs(4), cpx, self.width - indent - 2 * pad)
        box = pygame.Rect(indent, self.y, self.width - indent, len(lines) * pitch + 2 * pad)
        self._rect(box, self.pal.code_bg, max(2, round(px * 0.25)))
        y = self.y + pad
        for line in lines:
            if line:
                self._blit(text.render_once(line, cpx, self.pal.code), indent + pad, y)
            y += pitch
        self.y = box.bottom + round(px * 0.7)

    def _table(self, b: Block, indent: int, px: int) -> None:
        pal = self.pal
        pad_x, pad_y = round(px * 0.5), round(px * 0.3)
        pitch = round(px * LINE_SPACING)
        ncols = max(len(r) for r in b.rows)
        rows = [r + [[]] * (ncols - len(r)) for r in b.rows]
        widths = _column_widths(rows, px, self.width - indent, pad_x)
        aligns = b.aligns + ["left"] * (ncols - len(b.aligns))
        top = self.y
        grid = max(1, round(px / 16))
        for r, row in enumerate(rows):
            wrapped = [_wrap_spans(cell, px, w - 2 * pad_x, r == 0)
                       for cell, w in zip(row, widths, strict=True)]
            height = max(len(c) for c in wrapped) * pitch + 2 * pad_y
            row_rect = pygame.Rect(indent, self.y, sum(widths), height)
            if r == 0:
                self._rect(row_rect, pal.table_head)
            elif r % 2 == 0:
                self._rect(row_rect, pal.table_stripe)
            x = indent
            for lines, w, align in zip(wrapped, widths, aligns, strict=True):
                y = self.y + pad_y
                for line in lines:
                    used = sum(lw for _, lw in line)
                    lx = x + pad_x + {"center": (w - 2 * pad_x - used) // 2,
                                      "right": w - 2 * pad_x - used}.get(align, 0)
                    for run, lw in line:
                        self._run(run, px, lx, y, pitch, pal.text, r == 0)
                        lx += lw
                    y += pitch
                x += w
            self.y += height
            self._line((indent, self.y), (indent + sum(widths) - 1, self.y), pal.rule, grid)
        right = indent + sum(widths) - 1
        self._line((indent, top), (right, top), pal.rule, grid)
        x = indent
        for w in [0, *widths]:
            x += w
            edge = min(x, right)
            self._line((edge, top), (edge, self.y), pal.rule, grid)
        self.y += round(px * 0.8)
