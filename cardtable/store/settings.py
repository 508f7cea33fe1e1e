"""The table's settings, as the settings scene shows them and as they live on disk.

Every field carries a ``title`` and ``description``: the settings scene builds its rows from them,
so a new setting needs only a field here.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from cardtable.store.paths import AppPaths, read_from
from cardtable.store.safe_file import FileKind, load_model, save_model

SETTINGS_VERSION = 1
WINDOW_SIDE = (320, 16_384)
WindowSide = Annotated[int, Field(ge=WINDOW_SIDE[0], le=WINDOW_SIDE[1])]


class Settings(BaseModel):
    # Unknown keys mean the file is not ours (or is hand-edited wrongly): refuse rather than guess.
    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    animation_speed: Literal["instant", "fast", "normal", "slow"] = Field(
        "normal", title="Animation speed",
        description="How fast cards fly between places; instant skips the animation.")
    bot_think_ms: int = Field(
        600, ge=0, le=10_000, title="Bot thinking time",
        description="The least time, in milliseconds, a bot seems to think before it plays.")
    fast_play: bool = Field(
        False, title="Fast play",
        description="Play the only legal action at once, without asking.")
    legal_highlight: bool = Field(
        True, title="Highlight legal cards",
        description="Light up the cards and piles you may play now.")
    four_colour: bool = Field(
        False, title="Four-colour deck",
        description="Clubs green and diamonds blue, so the four suits are told apart at a glance.")
    card_back: str = Field(
        "blue", min_length=1, max_length=32, title="Card back",
        description="The colour of the backs of the cards.")
    sound_on: bool = Field(True, title="Sound", description="Play sounds for cards and events.")
    volume: float = Field(0.8, ge=0.0, le=1.0, title="Volume", description="Loudness of the sounds.")
    fullscreen: bool = Field(False, title="Full screen", description="Fill the whole screen.")
    ui_scale: float = Field(
        1.0, ge=0.5, le=3.0, title="Interface size",
        description="Scale of text and buttons; larger for high-resolution screens.")
    window_size: tuple[WindowSide, WindowSide] = Field(
        (1280, 800), title="Window size",
        description="Width and height of the window, remembered between sittings.")
    window_pos: tuple[int, int] | None = Field(
        None, title="Window place",
        description="Where the window's top left corner was on the screen, remembered between sittings.")
    hand_order: Literal["dealt", "rank", "suit"] = Field(
        "dealt", title="Hand order",
        description="How your hand is arranged: as dealt, by rank or by suit (O changes it at the table).")
    how_to_play_seen: list[str] = Field(
        default_factory=list, max_length=64, title="Games introduced",
        description="Games whose How to play has been shown, so it opens by itself only the first time.")
    lessons_done: list[str] = Field(
        default_factory=list, max_length=256, title="Lessons done",
        description="The lessons finished (game/lesson), ticked on the Learn screen.")

    @field_validator("bot_think_ms", "volume", "ui_scale", mode="before")
    @classmethod
    def _clamp_number(cls, value: Any, info: Any) -> Any:
        """A number out of range (a window dragged tiny, a hand-edited volume of 5) becomes the
        nearest allowed value: a preference slightly off is better than settings thrown away.
        Wrong types still fail."""
        low, high = _RANGES[info.field_name]
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return min(max(value, low), high)
        return value

    @field_validator("window_size", mode="before")
    @classmethod
    def _clamp_window(cls, value: Any) -> Any:
        if (isinstance(value, (list, tuple)) and len(value) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            return tuple(min(max(v, WINDOW_SIDE[0]), WINDOW_SIDE[1]) for v in value)
        return value


REMEMBERED = ("window_size", "window_pos", "how_to_play_seen", "lessons_done")
"""Settings the program keeps by itself; the settings scene does not list them."""

# The ranges the clamp uses are the fields' own ge/le, so they are written once.
_RANGES = {
    name: (next(m.ge for m in info.metadata if hasattr(m, "ge")),
           next(m.le for m in info.metadata if hasattr(m, "le")))
    for name, info in Settings.model_fields.items() if name in ("bot_think_ms", "volume", "ui_scale")
}


SETTINGS_FILE = FileKind(what="settings file", model=Settings, version=SETTINGS_VERSION,
                         fallback="using the default settings")


def load_settings(paths: AppPaths) -> tuple[Settings, list[str]]:
    """The saved settings (or the defaults) and messages for the player; never raises."""
    settings, messages = load_model(read_from(paths, lambda p: p.settings_file), SETTINGS_FILE)
    return (settings if settings is not None else Settings()), messages


def save_settings(paths: AppPaths, settings: Settings) -> list[str]:
    """Save atomically; the messages say what could not be saved (e.g. a read-only folder)."""
    return save_model(paths.settings_file, settings, SETTINGS_FILE)
