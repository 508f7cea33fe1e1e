"""The window's size on the screen it opens on: the first time most of that screen at the
table's shape, after that the size remembered, never larger than the screen nor smaller than
the table can be laid out in."""

from __future__ import annotations

import contextlib
import warnings
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


def open_window(size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
    """The window at ``size`` (or the whole screen), never to be resized below ``MIN_SIZE``."""
    if fullscreen:
        screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    else:
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    # Older SDL or the dummy driver may refuse: resizes below the minimum are clamped by the app.
    with contextlib.suppress(AttributeError, pygame.error), warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # from_display_module: still the way in 2.5
        pygame.Window.from_display_module().minimum_size = MIN_SIZE
    return screen


def place_window(pos: tuple[int, int], desktop: tuple[int, int]) -> None:
    """Move the window to ``pos``, if that place is on the screen with its title bar in reach."""
    if 0 <= pos[0] <= desktop[0] - 120 and 0 <= pos[1] <= desktop[1] - 60:
        with contextlib.suppress(AttributeError, pygame.error), warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().position = pos


def window_position() -> tuple[int, int] | None:
    """Where the window's top left corner is on the screen (None where the system does not say)."""
    with contextlib.suppress(AttributeError, pygame.error), warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        x, y = pygame.Window.from_display_module().position
        return (x, y)
    return None
