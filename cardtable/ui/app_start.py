"""What the application loads after the title's first frame: the settings model (the window
opens with the few settings read plainly, ``cardtable.store.start_settings``), every game, and
the autosaver. Each is loaded at once if something asks for it sooner.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.store.paths import AppPaths
from cardtable.store.start_settings import StartSettings
from cardtable.ui import text
from cardtable.ui.card_art import CardArt
from cardtable.ui.scene import Scene
from cardtable.ui.window import desktop_size, window_size

if TYPE_CHECKING:
    from cardtable.store.matches import Autosaver
    from cardtable.store.settings import Settings


class StartUp:
    """The application's parts that wait for the first frame (``App`` is one)."""

    paths: AppPaths | None
    messages: list[str]
    scenes: list[Scene]
    screen: pygame.Surface
    card_art: CardArt
    windowed_size: tuple[int, int]
    _settings: Settings | None
    _start: StartSettings
    _saver: Autosaver | None
    _asked_size: bool
    _early_size: tuple[int, int] | None = None
    """A size the window took before the settings model was loaded (kept in it once loaded)."""

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        raise NotImplementedError

    def _place_window(self, desktop: tuple[int, int], start: StartSettings) -> None:
        raise NotImplementedError

    @property
    def settings(self) -> Settings:
        """The settings, validated by their model (loaded now if the first frame has not come)."""
        if self._settings is None:
            self._load_settings()
        assert self._settings is not None
        return self._settings

    @settings.setter
    def settings(self, settings: Settings) -> None:
        self._settings = settings

    @property
    def fullscreen(self) -> bool:
        """Whether the window fills the screen (without loading the settings model for it)."""
        return self._settings.fullscreen if self._settings is not None else self._start.fullscreen

    def keep_window_size(self, size: tuple[int, int]) -> None:
        """Remember the window's new size in the settings; before they are loaded (a window
        manager's resize at start), with what the window has, so loading them keeps it."""
        if self._settings is None:
            self._start = self._start._replace(window_size=size, size_remembered=True)
            self._early_size = size
        else:
            self._settings = self._settings.model_copy(update={"window_size": size})

    @property
    def ui_scale(self) -> float:
        """The Interface size, without loading the settings model for it (the title's first frame)."""
        return self._settings.ui_scale if self._settings is not None else self._start.ui_scale

    def _load_settings(self) -> None:
        """Read the settings with their model and adopt them where they differ from the start
        settings the window opened with (a backup taken for a damaged file, say)."""
        if self._settings is not None:
            return
        from cardtable.store.settings import Settings, load_settings

        if self.paths is None:
            self._settings = Settings()
        else:
            self._settings, messages = load_settings(self.paths)
            self.messages.extend(messages)
        if self._early_size is not None:
            self._settings = self._settings.model_copy(update={"window_size": self._early_size})
        elif "window_size" not in self._settings.model_fields_set and not self._asked_size:
            # A first sitting: the window was sized to fit this screen, and that is the size to
            # keep, not the model's default (written with the next save, it reopened the window
            # larger, past the screen's edge at the place remembered with it).
            self._start = self._start._replace(window_size=self.windowed_size, size_remembered=True)
            self._settings = self._settings.model_copy(update={"window_size": self.windowed_size})
        self.adopt_start(self._start)

    def adopt_start(self, start: StartSettings) -> None:
        """Bring the window and the cards from ``start`` (what they were opened with) to the
        settings."""
        s = self.settings
        if (s.four_colour, s.card_back) != (start.four_colour, start.card_back):
            self.card_art.set_style(s.four_colour, s.card_back)
            text.set_four_colour(s.four_colour)
        now = start_of(s)
        reopen = now.fullscreen != start.fullscreen or (
            now.size_remembered and now.window_size != start.window_size and not self._asked_size)
        if reopen:
            if now.size_remembered and not self._asked_size:
                self.windowed_size = window_size(now.window_size, desktop_size())
            self.screen = self._open_window(now.fullscreen)
        if now.window_pos != start.window_pos:
            self._place_window(desktop_size(), now)
        if reopen or now.ui_scale != start.ui_scale:
            for scene in self.scenes:
                scene.resize(self.size)

    def _load_games(self) -> None:
        """Load every game; a game whose parts are malformed is left off the title, which says why."""
        from cardtable.games import faults

        self.messages.extend(f"A game could not be loaded and is left out ({fault})."
                             for fault in faults().values())

    @property
    def saver(self) -> Autosaver | None:
        """Writes the match after every action on a background thread; None saves nothing.
        Started when first asked for."""
        if self._saver is None and self.paths is not None:
            from cardtable.store.matches import Autosaver

            self._saver = Autosaver(self.paths)
        return self._saver

    @property
    def saver_started(self) -> bool:
        """Whether anything may have been saved (or be waiting to be) in this process."""
        return self._saver is not None


def start_of(settings: Settings) -> StartSettings:
    """What the window and the cards are opened with, given the settings themselves."""
    return StartSettings(settings.four_colour, settings.card_back, settings.fullscreen, settings.ui_scale,
                         tuple(settings.window_size), settings.window_pos,  # type: ignore[arg-type]
                         "window_size" in settings.model_fields_set)
