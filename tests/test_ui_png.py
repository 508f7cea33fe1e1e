"""Screenshots are written as PNG by our own writer (issue 15: the binary leaves out SDL_image):
every pixel reads back exactly, with and without alpha."""

import pygame

from cardtable.ui.png import png_bytes, save_png


def painted(flags: int = 0) -> pygame.Surface:
    surface = pygame.Surface((37, 21), flags)
    for x in range(37):
        for y in range(21):
            surface.set_at((x, y), (x * 7 % 256, y * 12 % 256, (x * y) % 256, 255 - x))
    return surface


def test_an_opaque_surface_reads_back_pixel_for_pixel(tmp_path):
    surface = painted()
    save_png(surface, tmp_path / "shot.png")
    back = pygame.image.load(str(tmp_path / "shot.png"))
    assert back.get_size() == (37, 21)
    assert all(back.get_at((x, y))[:3] == surface.get_at((x, y))[:3] for x in range(37) for y in range(21))


def test_alpha_is_kept(tmp_path):
    surface = painted(pygame.SRCALPHA)
    (tmp_path / "icon.png").write_bytes(png_bytes(surface))
    back = pygame.image.load(str(tmp_path / "icon.png"))
    assert all(back.get_at((x, y)) == surface.get_at((x, y)) for x in range(37) for y in range(21))
    assert back.get_at((36, 0)).a == 255 - 36
