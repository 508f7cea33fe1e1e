"""A scene is one screen on the App's stack: it gets input first when on top, is updated every
frame while nothing covers it, and draws itself; an ``overlay`` scene draws over the scene beneath.

Scenes find each other by name, never by import: each scene class registers under a name
(``@register("table")``) and is pushed, replaced and popped by that name with its arguments
(``app.push("results", match=m)``). ``SCENE_MODULES`` says which module registers a name, so a
scene's module is imported only when the scene is first opened (the title's first frame does
not wait for the table's). A scene sees the application only through ``AppLike``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from cardtable.ui.card_art import CardArt
from cardtable.ui.input import InputEvent
from cardtable.ui.sound import SoundBank
from cardtable.ui.table.parking import Parking

if TYPE_CHECKING:  # the title's first frame needs none of these modules
    from cardtable.ai.worker import Bots
    from cardtable.store.matches import Autosaver
    from cardtable.store.paths import AppPaths
    from cardtable.store.settings import Settings


SCENE_MODULES: dict[str, str] = {
    "title": "cardtable.ui.scenes.title",
    "setup": "cardtable.ui.scenes.setup",
    "table": "cardtable.ui.scenes.table",
    "menu": "cardtable.ui.scenes.menu",
    "pass": "cardtable.ui.scenes.passto",
    "results": "cardtable.ui.scenes.results",
    "rules": "cardtable.ui.scenes.rules",
    "how_to_play": "cardtable.ui.scenes.how_to_play",
    "settings": "cardtable.ui.scenes.settings",
    "statistics": "cardtable.ui.scenes.statistics",
    "replay": "cardtable.ui.scenes.replay",
    "unfinished": "cardtable.ui.scenes.unfinished",
    "confirm": "cardtable.ui.scenes.confirm",
    "learn": "cardtable.ui.scenes.learn",
    "learn_offer": "cardtable.ui.scenes.learn",
    "coach": "cardtable.ui.scenes.coach",
    "lesson_menu": "cardtable.ui.scenes.coach",
    "review": "cardtable.ui.scenes.review",
}
"""Where each named scene is registered. A new scene adds its name here and ``@register``s it."""

_REGISTRY: dict[str, type[Scene]] = {}


def register(name: str) -> Callable[[type[Scene]], type[Scene]]:
    """Class decorator: the scene is opened by ``name``."""

    def deco(cls: type[Scene]) -> type[Scene]:
        cls.name = name
        _REGISTRY[name] = cls
        return cls

    return deco


def scene_class(name: str) -> type[Scene]:
    """The scene registered under ``name``, its module imported on first use; KeyError if none."""
    if name not in _REGISTRY and name in SCENE_MODULES:
        importlib.import_module(SCENE_MODULES[name])
    if name not in _REGISTRY:
        raise KeyError(f"no scene is registered as {name!r}")
    return _REGISTRY[name]


def known(name: str) -> bool:
    """Whether a scene of that name can be opened (a button for a scene not built yet hides)."""
    return name in _REGISTRY or name in SCENE_MODULES


class AppLike(Protocol):
    """What a scene may use of the application: its window, settings, files and scene stack."""

    settings: Settings
    paths: AppPaths | None
    messages: list[str]
    card_art: CardArt
    running: bool
    now: float
    phone_host: str
    phone_parking: Parking
    """Phones of a finished game, kept until the next one (they are told when it closes)."""

    @property
    def size(self) -> tuple[int, int]: ...
    @property
    def ui_scale(self) -> float: ...
    @property
    def saver(self) -> Autosaver | None: ...
    @property
    def fresh(self) -> bool: ...
    @property
    def saver_started(self) -> bool: ...
    @property
    def bots(self) -> Bots: ...
    @property
    def sound(self) -> SoundBank: ...
    @property
    def top(self) -> Scene: ...
    def push(self, scene: str | Scene, **args: Any) -> Scene: ...
    def replace(self, scene: str | Scene, **args: Any) -> Scene: ...
    def reset(self, scene: str | Scene, **args: Any) -> Scene: ...
    def pop(self) -> Scene: ...
    def pop_to(self, scene: Scene) -> None: ...
    def find(self, name: str) -> Scene | None: ...
    def can_open(self, name: str) -> bool: ...
    def open(self, scene: str | Scene, **args: Any) -> Scene: ...
    def update_settings(self, **changes: object) -> None: ...
    def quit(self) -> None: ...
    def save_settings(self) -> None: ...


class Scene:
    name = ""
    """The name it is registered under (set by ``register``)."""
    overlay = False
    """Drawn over the scene beneath (which shows through)."""
    input_passes = False
    """An overlay whose unused input goes on to the scene beneath (``handle`` returns False)."""

    def __init__(self, app: AppLike) -> None:
        self.app = app
        self.paused = False

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def leave(self) -> None:
        """Called when the scene is taken off the stack for good (what it opened, it closes)."""

    def pause(self) -> None:
        """Another scene now covers this one: it is not updated until ``resume``."""
        self.paused = True

    def resume(self) -> None:
        """What covered this scene has gone: it is updated again."""
        self.paused = False

    def handle(self, event: InputEvent) -> bool | None:
        """React to one input event; only the top scene receives input, and the scene beneath an
        overlay that lets input pass receives what the overlay did not use (returned False)."""

    def update(self, now: float) -> None:
        """Advance time-driven things; ``now`` is perf_counter seconds."""

    def moving(self, now: float) -> bool:
        """Whether something on this scene moves by itself now (cards in flight), so every frame
        must be drawn. A scene that says no is drawn on input and a few times a second, enough for
        what changes on a timer (a tooltip coming up, a caption going): an idle table does not
        spend a core redrawing the same picture 60 times a second. Conservative by default."""
        return True

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute layouts."""
