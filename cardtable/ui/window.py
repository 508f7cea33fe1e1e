"""The window's size on the screen it opens on: the first time most of that screen at the
table's shape, after that the size remembered, never larger than the screen nor smaller than
the table can be laid out in."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (960, 600)


def clamp(size: Sequence[int]) -> tuple[int, int]:
    return (max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1])))


def desktop_size() -> tuple[int, int]:
    """The size of the screen the window opens on (the first one), or the default's if unknown."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        sizes = []
    return tuple(sizes[0]) if sizes else DEFAULT_SIZE  # type: ignore[return-value]


FIRST_SHARE = 0.8
"""The part of the screen a first window takes (and no larger than the screen less its bars)."""


def window_size(wanted: tuple[int, int] | None, desktop: tuple[int, int]) -> tuple[int, int]:
    """The window's size: the one remembered (or asked for), shrunk to fit the screen; the first
    time, most of the screen at the table's shape."""
    room = (max(MIN_SIZE[0], desktop[0] - 40), max(MIN_SIZE[1], desktop[1] - 80))
    if wanted is None:
        scale = min(desktop[0] * FIRST_SHARE / DEFAULT_SIZE[0], desktop[1] * FIRST_SHARE / DEFAULT_SIZE[1])
        wanted = (round(DEFAULT_SIZE[0] * scale), round(DEFAULT_SIZE[1] * scale))
    return clamp((min(wanted[0], room[0]), min(wanted[1], room[1])))
