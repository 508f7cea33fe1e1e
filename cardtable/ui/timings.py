"""Every animation timing, in seconds at "normal" speed; the speed setting scales them all.

As KPatience keeps its speeds in one file: a move is about a quarter of a second, the deal takes a
second and a half, and a human can follow what a bot did.
"""

from __future__ import annotations

MOVE = 0.26
"""One card flying from zone to zone."""

DEAL_STAGGER = 0.045
"""Gap between consecutive cards of the deal leaving the pack."""

MOVE_STAGGER = 0.06
"""Gap between cards of one group (a pair played, a pile picked up)."""

MAX_GROUP_STAGGER = 0.35
"""A big pickup does not take longer than this to start its last card."""

FLIP = 0.16
"""A card turning over where it landed (a down card seen by its owner, a card drawn)."""

SETTLE = 0.18
"""Cards sliding to make room when a fan changes."""

BURN_FLASH = 0.45
"""The flash over the burn pile."""

EVENT_GAP = 0.05
"""Pause between consecutive events of one action."""

BANNER = 2.2
"""A banner across the table (a title won, a game over) stays this long, whatever the animation speed."""

RETURN_FLIGHT = 0.22
"""An illegal drop flying back to the hand."""

DOUBLE_CLICK = 0.4
"""Two clicks closer than this on the same card are a double-click."""

DRAG_THRESHOLD_PX = 4
"""Pointer travel before a press becomes a drag (KPatience)."""

SPEED_FACTORS = {"instant": 0.0, "fast": 0.5, "normal": 1.0, "slow": 2.0}
"""Multiplier of every timing above for the animation-speed setting."""


def scaled(seconds: float, speed: str) -> float:
    return seconds * SPEED_FACTORS.get(speed, 1.0)

STEP_HOLD = 0.6
"""A step of a game's resolution (a value, a war check, a payment) stays readable this long before
the next one moves."""

SETTLEMENT_HOLD = 3.5
"""A settlement screen between rounds stays up this long when the next round deals itself."""

CAPTION_SHOWN = 4.0
"""A caption over the table fades out after this long (real seconds: reading does not speed up)."""

CAPTION_AFTER_NEXT = 1.5
"""Once another seat moves, a caption goes when it has been up this long (real seconds)."""

NOTICE = 3.5
"""Seconds a refused move's reason stays by the cards (it stays in the log too)."""

TOOLTIP_DELAY = 0.45
"""The pointer rests this long on a card or a pile before its tooltip shows (a finger, too)."""

FRESH_SCREEN_KEYS = 1.0
"""Enter or Space pressed this soon after the results appear is not taken as a choice: it was meant
for the last move (real seconds, whatever the animation speed)."""

PASS_GUARD = 0.8
"""The pass screen takes no key or click for this long after it appears, whatever the animation
speed: a second Enter or click meant for the move just made (the screen can follow it within a
fifth of a second) would show the next person's cards to the one still holding the screen."""
