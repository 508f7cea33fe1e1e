"""Text: inline vector suits, wrapping, sizes and the render cache."""

from __future__ import annotations

from itertools import pairwise

import pygame
import pytest

from cardtable.ui import text


@pytest.fixture(autouse=True, scope="module")
def _fonts() -> None:
    pygame.font.init()


def _count(surf: pygame.Surface, test) -> int:  # type: ignore[no-untyped-def]
    w, h = surf.get_size()
    return sum(1 for y in range(h) for x in range(w) if test(surf.get_at((x, y))))


def _red(c: pygame.Color) -> bool:
    return c.a > 150 and c.r > 150 and c.g < 90 and c.b < 90


def test_hearts_render_red_inside_white_text() -> None:
    surf = text.render("Ann plays 7♥ 7♦", 20, (255, 255, 255))
    assert _count(surf, _red) > 20
    plain = text.render("Ann plays 7", 20, (255, 255, 255))
    assert _count(plain, _red) == 0


def test_black_suits_take_the_text_colour() -> None:
    surf = text.render("♠♣", 24, (255, 255, 255))
    assert _count(surf, _red) == 0
    assert _count(surf, lambda c: c.a > 200 and min(c.r, c.g, c.b) > 240) > 30


def test_size_matches_render_and_px_is_the_line_height() -> None:
    for s in ("Q♠ beats 10♦", "plain words", "♣"):
        assert text.text_size(s, 18) == text.render(s, 18, "white").get_size()
    assert text.font(30).get_height() == 30


def _lit_columns(surf: pygame.Surface) -> list[int]:
    w, h = surf.get_size()
    return [x for x in range(w) if any(surf.get_at((x, y)).a > 100 for y in range(h))]


def test_bold_is_the_regular_line_struck_so_no_letter_gets_a_gap_after_it() -> None:
    # SDL_ttf's synthetic bold widened each glyph's advance: "The ones straight, battles" read
    # "T he ones st raight, bat tles" on the newcomer dialogs. Struck bold keeps the regular spacing.
    for px in (13, 15, 17, 28):
        line = "The ones straight, battles"
        regular = text.render(line, px, "white")
        bold = text.render(line, px, "white", bold=True)
        strike = text.bold_strike(px)
        assert bold.get_width() == regular.get_width() + strike
        assert text.text_size(line, px, bold=True) == bold.get_size()
        assert text.text_size("Q♠ beats 10♦", px, bold=True) == text.render("Q♠ beats 10♦", px, "white",
                                                                            bold=True).get_size()
        lit = set(_lit_columns(bold))
        # Every column the regular line inks is inked in bold, and so are the strike columns after it.
        assert all(x + dx in lit for x in _lit_columns(regular) for dx in range(strike + 1))
        # No gap in bold wider than the regular line's widest one (a word space).
        def widest_gap(cols: list[int]) -> int:
            return max(b - a for a, b in pairwise(cols))
        assert widest_gap(sorted(lit)) <= widest_gap(_lit_columns(regular))


def test_small_text_keeps_the_fonts_own_letter_spacing() -> None:
    # Hinted at 12-16 px the bundled font rounds each advance up to a whole pixel, which read
    # "Seat s" and "bat t les" (3-4 blank columns inside a word); small text is drawn three times as
    # large and scaled down, so no gap inside these words is wider than 2 columns.
    def widest_inner_gap(surf: pygame.Surface) -> int:
        w, h = surf.get_size()
        inked = [x for x in range(w) if any(surf.get_at((x, y)).a > 60 for y in range(h))]
        return max(b - a - 1 for a, b in pairwise(inked))

    for px in range(12, 17):
        for word in ("Seats", "battles"):
            surf = text.render(word, px, "white")
            assert widest_inner_gap(surf) <= 2, (word, px)
            assert text.text_size(word, px) == surf.get_size()
        assert text.render("", px, "white").get_height() <= text.line_box(px)  # nothing drawn tall


def test_render_is_cached() -> None:
    a = text.render("cached line", 16, (1, 2, 3))
    assert text.render("cached line", 16, (1, 2, 3)) is a
    assert text.render("cached line", 16, pygame.Color(1, 2, 3)) is a
    assert text.render("cached line", 16, (1, 2, 4)) is not a


def test_sizes_are_cached_per_font_and_text_and_the_cache_is_bounded() -> None:
    """A second measure of the same words at the same size and style is a lookup, and it gives
    what a fresh measure gives; another size or style is measured for itself."""
    text._text_size.cache_clear()
    first = text.text_size("cached words 7♥", 17)
    misses = text._text_size.cache_info().misses
    assert text.text_size("cached words 7♥", 17.0) == first
    assert text._text_size.cache_info().misses == misses
    assert text.text_size("cached words 7♥", 17, bold=True) != first
    assert text.text_size("cached words 7♥", 23)[0] > first[0]
    assert text.text_size("cached words 7♥", 17) == text.render("cached words 7♥", 17, "white").get_size()
    assert 0 < (text._text_size.cache_info().maxsize or 0) <= 100_000


def test_wrap_is_cached_and_each_caller_gets_its_own_list() -> None:
    text._wrap.cache_clear()
    first = text.wrap("a few words to wrap at a narrow width", 16, 80)
    misses = text._wrap.cache_info().misses
    first.append("changed by its caller")
    again = text.wrap("a few words to wrap at a narrow width", 16, 80)
    assert text._wrap.cache_info().misses == misses
    assert again == first[:-1] and len(again) > 1
    assert text.wrap("a few words to wrap at a narrow width", 16, 300) != again


def test_wrap_keeps_every_line_within_the_width() -> None:
    sample = ("The player who cannot beat the pile picks it up, all of it, including the "
              "3♥ shown earlier; a supercalifragilisticexpialidocious word is cut.")
    for width in (60, 120, 300):
        lines = text.wrap(sample, 16, width)
        assert all(text.text_size(line, 16)[0] <= width for line in lines)
        assert " ".join(lines).replace(" ", "") == sample.replace(" ", "")
    assert len(text.wrap(sample, 16, 60)) > len(text.wrap(sample, 16, 300))


def test_wrap_keeps_newlines_as_breaks() -> None:
    assert text.wrap("one\ntwo", 16, 500) == ["one", "two"]


def test_translucent_colour_draws_translucent_text() -> None:
    bg = pygame.Surface((80, 30))
    bg.fill((0, 0, 0))
    bg.blit(text.render("Hi ♠", 20, (255, 255, 255, 128)), (0, 0))
    brightest = max(bg.get_at((x, y)).r for x in range(80) for y in range(30))
    assert 100 < brightest < 160


def test_the_four_colour_deck_colours_suits_in_text_too():
    """Issue 16 item 10: with the four-colour deck, ♣ is green and ♦ blue in prompts, buttons and
    the log as on the cards; turning it off brings back red ♦ and plain ♣."""
    from ui_driver import Driver

    from cardtable.ui import text as text_mod

    def colours_of(line: str) -> set[tuple[int, int, int]]:
        img = text_mod.render(line, 40, (236, 236, 228))
        return {tuple(img.get_at((x, y)))[:3] for x in range(img.get_width()) for y in range(img.get_height())
                if img.get_at((x, y)).a > 200}

    d = Driver(four_colour=False)
    plain = colours_of("♣♦")
    assert text_mod.SUIT_RED in plain and text_mod.SUIT_GREEN not in plain
    d.app.update_settings(four_colour=True)
    four = colours_of("♣♦")
    assert {text_mod.SUIT_GREEN, text_mod.SUIT_BLUE} <= four and text_mod.SUIT_RED not in four
    d.app.update_settings(four_colour=False)
    assert colours_of("♣♦") == plain


def test_a_long_line_fits_its_box_by_wrapping_then_shrinking():
    from cardtable.ui import text as text_mod

    line = "Paradox! The field 9 and the field 3 cancel: the pile burns and everyone draws two"
    px, lines = text_mod.fit_block(line, 40, 400, 200)
    assert all(text_mod.text_size(ln, px)[0] <= 400 for ln in lines)
    assert len(lines) * text_mod.line_box(px) <= 200 and " ".join(lines) == line
    px, lines = text_mod.fit_block(line, 40, 300, 30)  # too little room even at the floor
    assert px == 24 and len(lines) == 1 and lines[0].endswith("…")
    assert text_mod.text_size(lines[0], px)[0] <= 300
