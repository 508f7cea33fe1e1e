"""Colours and proportions of the table: one home for every look-and-feel number.

Sizes are fractions of the window (or of the card width) so the same table serves 960×600 and 4K;
``ui_scale`` (a setting) multiplies text and buttons only.
"""

from __future__ import annotations

Colour = tuple[int, int, int]

FELT: Colour = (22, 92, 58)
FELT_DARK: Colour = (14, 64, 40)
FELT_LINE: Colour = (60, 140, 96)
BACKDROP: Colour = (18, 24, 32)
PANEL: Colour = (24, 32, 44)
PANEL_EDGE: Colour = (70, 90, 110)
TEXT: Colour = (236, 236, 228)
TEXT_DIM: Colour = (160, 172, 176)
TEXT_DARK: Colour = (20, 20, 20)
ACCENT: Colour = (250, 200, 70)
TURN: Colour = (255, 214, 90)
LEGAL: Colour = (120, 230, 140)
SELECTED: Colour = (90, 180, 255)
DROP_TARGET: Colour = (255, 240, 120)
ILLEGAL: Colour = (230, 80, 70)
BURN_FLASH: Colour = (255, 150, 40)
BUTTON: Colour = (44, 62, 84)
BUTTON_HOVER: Colour = (64, 92, 124)
BUTTON_FOCUS: Colour = (250, 200, 70)
BUTTON_DISABLED: Colour = (50, 54, 60)
PLATE: Colour = (10, 40, 26)
PLATE_OUT: Colour = (50, 50, 50)
SHADE: tuple[int, int, int, int] = (0, 0, 0, 150)

CARD_ASPECT = 1.4
"""Card height / width (ui-art's ``card_height``)."""

BASE_TEXT_PX = 18
"""Body text at 1280×800 and ui_scale 1; scaled with the window's shorter side."""

LIFT_FRACTION = 0.14
"""How far the card under the pointer (or selected) rises, as a fraction of card height."""

HIGHLIGHT_WIDTH = 3
MIN_CARD_WIDTH = 40
"""Below this a card's corner index gets unreadable; layouts never go smaller."""


UI_SCALES = (0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0)
"""The Interface sizes offered in Settings; every scene lays out at each of them (issue 16)."""


def usable_scale(ui_scale: float) -> float:
    """The Interface size the table draws at: a larger one from a hand-edited settings file is
    drawn at the largest offered, rather than overflowing every box."""
    return min(max(ui_scale, UI_SCALES[0]), UI_SCALES[-1])


def text_px(window: tuple[int, int], ui_scale: float = 1.0, factor: float = 1.0) -> int:
    """Text size in pixels for a window of ``window`` (width, height): readable at 960×600, not
    huge at 3840×2160; a narrow window counts by its width."""
    w, h = window
    base = BASE_TEXT_PX * max(0.85, min(2.4, h / 800, w / 1280))
    return max(12, round(base * usable_scale(ui_scale) * factor))
