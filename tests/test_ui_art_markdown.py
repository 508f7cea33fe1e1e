"""The rules viewer's markdown: layout height, wrapping, drawing only what is visible."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from cardtable.ui.markdown_view import LIGHT, MarkdownView

SAMPLE = (Path(__file__).parent / "markdown_sample.md").read_text(encoding="utf-8")
BG = (24, 32, 44)


@pytest.fixture(autouse=True, scope="module")
def _fonts() -> None:
    pygame.font.init()


def _ink(surf: pygame.Surface, bg: tuple[int, int, int] = BG) -> int:
    w, h = surf.get_size()
    return sum(1 for y in range(0, h, 2) for x in range(0, w, 2) if surf.get_at((x, y))[:3] != bg)


def test_blocks_cover_headings_lists_tables_quotes_and_rules() -> None:
    view = MarkdownView(SAMPLE)
    kinds = [b.kind for b in view.blocks]
    assert kinds.count("heading") == 4 and "table" in kinds and "hr" in kinds
    markers = [b.marker for b in view.blocks if b.marker]
    assert markers == ["1.", "2.", "•", "•", "3."]
    nested = [b for b in view.blocks if b.marker == "•"]
    assert all(b.indent == 2 for b in nested)
    table = next(b for b in view.blocks if b.kind == "table")
    assert len(table.rows) == 5 and table.aligns == ["left", "left", "center"]
    assert any(s.bold for s in table.rows[4][1]) and any(s.italic for s in table.rows[3][1])
    assert any(b.quote for b in view.blocks)


def test_height_grows_as_the_width_shrinks() -> None:
    view = MarkdownView(SAMPLE)
    heights = [view.layout(w) for w in (900, 600, 400, 250)]
    assert heights == sorted(heights) and heights[0] < heights[-1]
    assert view.layout(600, scale=1.5) > view.layout(600)


def test_every_item_stays_within_the_width() -> None:
    view = MarkdownView(SAMPLE)
    for width in (220, 500):
        view.layout(width)
        for item in view._items:
            if item.surf is not None:
                assert item.pos[0] >= 0 and item.pos[0] + item.surf.get_width() <= width


def test_draw_paints_text_and_only_inside_the_rect() -> None:
    view = MarkdownView(SAMPLE)
    surf = pygame.Surface((500, 400))
    surf.fill(BG)
    rect = pygame.Rect(50, 40, 400, 300)
    view.draw(surf, rect, 0)
    assert _ink(surf.subsurface(rect)) > 500
    outside = surf.copy()
    pygame.draw.rect(outside, BG, rect)
    assert _ink(outside) == 0


def test_scrolling_shows_a_different_part_and_past_the_end_shows_nothing() -> None:
    view = MarkdownView(SAMPLE)
    height = view.layout(400)
    shots = []
    for scroll in (0, 300, height + 10):
        surf = pygame.Surface((400, 300))
        surf.fill(BG)
        view.draw(surf, surf.get_rect(), scroll)
        shots.append(pygame.image.tobytes(surf, "RGB"))
    assert shots[0] != shots[1]
    blank = pygame.Surface((400, 300))
    blank.fill(BG)
    assert shots[2] == pygame.image.tobytes(blank, "RGB")


def test_light_palette_draws_dark_text_on_paper() -> None:
    paper = (250, 248, 240)
    surf = pygame.Surface((400, 200))
    surf.fill(paper)
    MarkdownView("Plain **bold** text", LIGHT).draw(surf, surf.get_rect(), 0)
    dark = sum(1 for y in range(200) for x in range(400) if max(surf.get_at((x, y))[:3]) < 80)
    assert dark > 50


def test_empty_and_odd_documents_do_not_break() -> None:
    for src in ("", "|a|\n|-|\n", "- \n- x", "```\ncode\n```", "line  \nbreak", "![alt](x.png)"):
        view = MarkdownView(src)
        assert view.layout(120) >= 0
        view.draw(pygame.Surface((120, 80)), pygame.Rect(0, 0, 120, 80), 0)


def test_long_numbered_list_and_code_keep_their_shape() -> None:
    src = "".join(f"{n}. item number {n}\n" for n in range(1, 13)) + "\n```\n    indented\n```\n"
    view = MarkdownView(src)
    markers = [b.marker for b in view.blocks if b.marker]
    assert markers == [f"{n}." for n in range(1, 13)]
    assert next(b for b in view.blocks if b.kind == "code").code_text == "    indented"
    view.layout(300)
    assert all(it.pos[0] >= 0 for it in view._items if it.surf is not None)
