"""When the window's loop draws a frame. Drawing the whole table costs a few milliseconds; drawn 60
times a second while nothing changes, an idle table took more than half a core (measured playing
Cersei in a real window), a laptop's battery and fan for nothing."""

from __future__ import annotations

from dataclasses import dataclass

STILL_FPS = 30
"""How often the loop looks for input while nothing is drawn (a click answered within 33 ms)."""
STILL_FRAME = 0.2
"""Seconds between frames of a screen where nothing moves and no input came: what changes on a
timer (a tooltip coming up, a caption going, a bot's "thinking" dots) shows within this."""


@dataclass
class Pacing:
    drawn_at: float = -1e9
    """When the last frame was drawn."""
    moved: bool = False
    """Whether something on screen moved by itself at the last frame."""

    def draw_now(self, now: float, had_input: bool, moving: bool) -> bool:
        """Whether to draw this frame: on input, while something moves and the frame after it
        stops (the card lands), and otherwise every ``STILL_FRAME`` seconds."""
        moved, self.moved = self.moved, moving
        if had_input or moving or moved or now - self.drawn_at >= STILL_FRAME:
            self.drawn_at = now
            return True
        return False
