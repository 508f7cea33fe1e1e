"""Card art: sizes, transparency, colours and that every card looks different."""

from __future__ import annotations

import pygame
import pytest

from cardtable.engine.cards import CLUBS, DIAMONDS, HEARTS, HIDDEN, SPADES, make_card
from cardtable.ui.card_art import BACK_COLOURS, CardArt, card_height

WIDTH = 72


@pytest.fixture(scope="module")
def art() -> CardArt:
    pygame.display.init()
    pygame.font.init()
    return CardArt()


def _pixels(surf: pygame.Surface) -> list[tuple[int, int, int, int]]:
    w, h = surf.get_size()
    return [tuple(surf.get_at((x, y))) for y in range(0, h, 1) for x in range(0, w, 1)]


def _is_red(p: tuple[int, int, int, int]) -> bool:
    return p[3] > 200 and p[0] > 150 and p[1] < 90 and p[2] < 90


def _is_green(p: tuple[int, int, int, int]) -> bool:
    return p[3] > 200 and p[1] > 90 and p[0] < 80 and p[2] < 100


def _is_blue(p: tuple[int, int, int, int]) -> bool:
    return p[3] > 200 and p[2] > 150 and p[0] < 80 and p[1] < 120


def test_size_is_width_by_rounded_1_4_width(art: CardArt) -> None:
    for w in (40, 57, 100, 233):
        assert art.face(make_card(7, HEARTS), w).get_size() == (w, round(1.4 * w)) == (
            w, card_height(w))
        assert art.back(w).get_size() == (w, card_height(w))


def test_corners_are_transparent_and_centre_opaque(art: CardArt) -> None:
    for surf in (art.face(make_card(10, SPADES), WIDTH), art.back(WIDTH)):
        w, h = surf.get_size()
        for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            assert surf.get_at(corner).a == 0
        assert surf.get_at((w // 2, h // 2)).a == 255
        assert surf.get_flags() & pygame.SRCALPHA


def test_every_face_differs_from_the_others_and_from_the_back(art: CardArt) -> None:
    images = [pygame.image.tobytes(art.face(i, WIDTH), "RGBA") for i in range(54)]
    back = pygame.image.tobytes(art.back(WIDTH), "RGBA")
    assert len(set(images)) == 54
    assert back not in images


def test_second_deck_shares_the_art_and_hidden_is_the_back(art: CardArt) -> None:
    assert art.face(make_card(9, CLUBS, deck=1), WIDTH) is art.face(make_card(9, CLUBS), WIDTH)
    assert art.face(HIDDEN, WIDTH) is art.back(WIDTH)


def test_red_suits_have_red_pixels_black_suits_none(art: CardArt) -> None:
    for rank in (2, 7, 10, 11, 12, 13, 14):
        for suit in (HEARTS, DIAMONDS):
            assert any(_is_red(p) for p in _pixels(art.face(make_card(rank, suit), WIDTH)))
        for suit in (CLUBS, SPADES):
            assert not any(_is_red(p) for p in _pixels(art.face(make_card(rank, suit), WIDTH)))
    assert any(_is_red(p) for p in _pixels(art.face(53, WIDTH)))
    assert not any(_is_red(p) for p in _pixels(art.face(52, WIDTH)))


def test_four_colour_clubs_green_diamonds_blue() -> None:
    art = CardArt(four_colour=True)
    clubs = _pixels(art.face(make_card(5, CLUBS), WIDTH))
    diamonds = _pixels(art.face(make_card(5, DIAMONDS), WIDTH))
    assert any(_is_green(p) for p in clubs) and not any(_is_red(p) for p in clubs)
    assert any(_is_blue(p) for p in diamonds) and not any(_is_red(p) for p in diamonds)
    assert any(_is_red(p) for p in _pixels(art.face(make_card(5, HEARTS), WIDTH)))


def test_set_style_changes_back_colour_and_clears_the_cache() -> None:
    art = CardArt(back_colour="blue")
    blue = art.back(WIDTH)
    seen = {pygame.image.tobytes(blue, "RGBA")}
    for colour in BACK_COLOURS[1:]:
        art.set_style(False, colour)
        seen.add(pygame.image.tobytes(art.back(WIDTH), "RGBA"))
    assert len(seen) == len(BACK_COLOURS)
    art.set_style(True, "blue")
    assert art.back(WIDTH) is not blue
    assert any(_is_green(p) for p in _pixels(art.face(make_card(3, CLUBS), WIDTH)))


def test_number_cards_have_more_suit_ink_as_rank_grows(art: CardArt) -> None:
    def ink(rank: int) -> int:
        return sum(1 for p in _pixels(art.face(make_card(rank, HEARTS), 100)) if _is_red(p))

    counts = [ink(r) for r in range(2, 11)]
    assert counts == sorted(counts) and counts[0] < counts[-1]


def test_each_width_is_drawn_at_that_width_not_scaled(art: CardArt) -> None:
    # A face drawn at 2w is not a pixel-doubled face at w: the small one would blur if scaled.
    small = art.face(make_card(13, SPADES), 60)
    big = art.face(make_card(13, SPADES), 120)
    doubled = pygame.transform.scale(small, big.get_size())
    assert pygame.image.tobytes(doubled, "RGBA") != pygame.image.tobytes(big, "RGBA")
    assert art.face(make_card(13, SPADES), 60) is small  # cached per width


def test_only_a_few_widths_stay_cached() -> None:
    from cardtable.ui.card_art import WIDTHS_KEPT

    art = CardArt()
    first = art.face(0, 50)
    for w in range(51, 51 + WIDTHS_KEPT):
        art.face(0, w)
    assert len(art._widths) == WIDTHS_KEPT
    assert art.face(0, 50) is not first  # the oldest width was dropped and drawn again
