"""The few settings the window and the title's first frame need (size, place, full screen,
Interface size, card style), read from the settings file without the settings model.

The settings model (``cardtable.store.settings``) is pydantic's, and importing pydantic and
building the model costs more than the rest of the start together. So the window opens with
these, each checked here the way the model checks it (its type, its range, a window side clamped
to what the model allows); a value that is not plainly right, or a file that is not plainly
ours, gives that setting's default. The model reads the file properly once the title is on
screen, and whatever it settles on (a backup taken instead of a damaged file, a value it could
convert) replaces these (``App.adopt_start`` in ``cardtable.ui.app_start``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NamedTuple

SETTINGS_VERSION = 1
"""The settings file's format (the model's file kind says the same: a test checks it)."""
WINDOW_SIDE = (320, 16_384)
UI_SCALE = (0.5, 3.0)
CARD_BACK_LENGTH = (1, 32)
MAX_BYTES = 1 << 20


class StartSettings(NamedTuple):
    """What the window and the title need before the settings model is loaded."""

    four_colour: bool = False
    card_back: str = "blue"
    fullscreen: bool = False
    ui_scale: float = 1.0
    window_size: tuple[int, int] = (1280, 800)
    window_pos: tuple[int, int] | None = None
    size_remembered: bool = False
    """Whether the file holds a window size (else the window fits the screen)."""


DEFAULTS = StartSettings()


def read_start_settings(path: Path) -> StartSettings:
    """The start settings in the settings file at ``path``; the defaults for anything missing,
    unreadable or not plainly valid. Never raises."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
        data = json.loads(raw) if len(raw) <= MAX_BYTES else None
    except (OSError, ValueError, RecursionError):
        return DEFAULTS
    if not isinstance(data, dict) or data.get("schema_version") != SETTINGS_VERSION:
        return DEFAULTS
    return start_settings_from(data)


def start_settings_from(data: dict[str, Any]) -> StartSettings:
    """Each start setting in ``data`` (a settings file's JSON) that is plainly valid, else its default."""
    size = _pair(data.get("window_size"))
    scale = data.get("ui_scale")
    back = data.get("card_back")
    return StartSettings(
        four_colour=_flag(data, "four_colour"),
        card_back=back if isinstance(back, str) and
        CARD_BACK_LENGTH[0] <= len(back) <= CARD_BACK_LENGTH[1] else DEFAULTS.card_back,
        fullscreen=_flag(data, "fullscreen"),
        ui_scale=min(max(float(scale), UI_SCALE[0]), UI_SCALE[1])
        if isinstance(scale, (int, float)) and _number(scale) else DEFAULTS.ui_scale,
        window_size=(_side(size[0]), _side(size[1])) if size else DEFAULTS.window_size,
        window_pos=_pair(data.get("window_pos")),
        size_remembered=size is not None,
    )


def _side(value: int) -> int:
    """A window side clamped as the settings model clamps it."""
    return min(max(value, WINDOW_SIDE[0]), WINDOW_SIDE[1])


def _flag(data: dict[str, Any], key: str) -> bool:
    value = data.get(key)
    return value if isinstance(value, bool) else getattr(DEFAULTS, key)


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value  # not NaN


def _pair(value: object) -> tuple[int, int] | None:
    """Two whole numbers (a JSON list of two), else None."""
    if isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value):
        return (value[0], value[1])
    return None
