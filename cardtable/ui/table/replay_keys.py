"""What a key means in the replay viewer, as plain data (pure: tested without a window)."""

from __future__ import annotations

from typing import Literal

import pygame

Meaning = tuple[Literal["go"], int] | tuple[Literal["close", "play", "review"], None]

STEPS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_SPACE: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}
"""Keys that step through the match, by how many steps."""


def replay_key(key: int, index: int, last: int, reviewable: bool) -> Meaning | None:
    """The meaning of ``key`` at step ``index`` of ``last``: a step to go to (``go``; the scene
    keeps it within the match), close, play or pause, or open the review (where the match may be
    reviewed); None: a key for the buttons (Tab, Enter, the arrows between them)."""
    if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
        return ("close", None)
    if key in STEPS:
        return ("go", index + STEPS[key])
    if key == pygame.K_HOME:
        return ("go", 0)
    if key == pygame.K_END:
        return ("go", last)
    if key == pygame.K_p:
        return ("play", None)
    if key == pygame.K_r and reviewable:
        return ("review", None)
    return None
