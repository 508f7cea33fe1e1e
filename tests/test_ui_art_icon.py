"""The application icon: drawn at each size, readable small, and the committed files match."""

from __future__ import annotations

import struct
from pathlib import Path

import pygame
import pytest

from cardtable.ui.icon import draw_icon

ASSETS = Path(__file__).resolve().parent.parent / "cardtable" / "assets"


@pytest.fixture(autouse=True, scope="module")
def _fonts() -> None:
    pygame.font.init()


def _colours(surf: pygame.Surface) -> dict[str, int]:
    counts = {"red": 0, "blue": 0, "dark": 0, "white": 0}
    w, h = surf.get_size()
    for y in range(h):
        for x in range(w):
            r, g, b, a = surf.get_at((x, y))
            if a < 200:
                continue
            if r > 150 and g < 90 and b < 90:
                counts["red"] += 1
            elif b > 120 and r < 90:
                counts["blue"] += 1
            elif max(r, g, b) < 70:
                counts["dark"] += 1
            elif min(r, g, b) > 220:
                counts["white"] += 1
    return counts


@pytest.mark.parametrize("size", [32, 256])
def test_icon_shows_a_back_a_red_and_a_black_card_on_transparency(size: int) -> None:
    icon = draw_icon(size)
    assert icon.get_size() == (size, size)
    assert icon.get_at((0, 0)).a == 0 and icon.get_at((size - 1, 0)).a == 0
    counts = _colours(icon)
    area = size * size
    # Each part of the fan is big enough to read: the back, the heart and the spade.
    for colour in ("red", "blue", "dark", "white"):
        assert counts[colour] > area * 0.01, (colour, counts)


def test_committed_png_and_ico_are_the_icon() -> None:
    png = pygame.image.load(str(ASSETS / "icon.png"))
    assert png.get_size() == (256, 256)
    assert png.get_at((0, 0)).a == 0
    data = (ASSETS / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind) == (0, 1) and count >= 5
    sizes = []
    for i in range(count):
        w, _h, _, _, _, bpp, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        sizes.append(w or 256)
        assert bpp == 32 and data[offset:offset + 8] == b"\x89PNG\r\n\x1a\n"
        assert offset + length <= len(data)
    assert {16, 32, 48, 256} <= set(sizes)
