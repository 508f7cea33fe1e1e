"""A scene is one screen on the App's stack (as in Tuxemon): it gets input first when on top, is
updated every frame, and draws itself; an ``overlay`` scene draws over the scene beneath."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.ui.input import InputEvent

if TYPE_CHECKING:
    from cardtable.ui.app import App


class Scene:
    overlay = False

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def leave(self) -> None:
        """Called when the scene is taken off the stack for good (what it opened, it closes)."""

    def handle(self, event: InputEvent) -> None:
        """React to one input event; only the top scene receives input."""

    def update(self, now: float) -> None:
        """Advance time-driven things; ``now`` is perf_counter seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute layouts."""
