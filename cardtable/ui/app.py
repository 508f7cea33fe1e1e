"""The application: one window, one clock, a stack of scenes, the settings and the bot worker.

The frame loop redraws everything every frame (a full frame costs about a millisecond, see
NOTES.md), feeds input to the top scene only, and lets overlays draw over the scene beneath.

Start-up puts the title on screen first: the games (the title draws their listings), the
settings model (the window opens with the few settings read plainly, ``store.start_settings``),
the bot worker process, the sounds and the window icon are loaded or started after the first
frame (``App.after_first_frame``), so none of them competes with the title for a core. Nothing
needs them before a player has clicked a game; whatever they have to say (a game left out, a
settings file set aside) reaches the title a frame later.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from cardtable.store.log import install_crash_handler, open_log_later
from cardtable.store.paths import AppPaths, read_from
from cardtable.store.reserve import keep_reserve
from cardtable.store.start_settings import StartSettings, read_start_settings
from cardtable.store.startup import open_store
from cardtable.ui import input as inp
from cardtable.ui import text
from cardtable.ui.app_start import StartUp, start_of
from cardtable.ui.card_art import CardArt
from cardtable.ui.icon import draw_icon
from cardtable.ui.pacing import STILL_FPS, Pacing
from cardtable.ui.scene import Scene, known, scene_class
from cardtable.ui.sound import SoundBank
from cardtable.ui.table.parking import Parking
from cardtable.ui.window import clamp, desktop_size, open_window, place_window, window_position, window_size

if TYPE_CHECKING:  # loaded when first needed, after the title's first frame
    from cardtable.ai.worker import Bots
    from cardtable.store.matches import Autosaver
    from cardtable.store.settings import Settings

FPS = 60
TITLE = "Card Table"
UNSAVED_RESULT = ("A finished match's result is waiting for disk space: quitting now loses it.",
                  "Free some space and it is saved within seconds, with its statistics.")


class App(StartUp):
    def __init__(
        self,
        settings: Settings | None = None,
        paths: AppPaths | None = None,
        bots: Bots | None = None,
        size: tuple[int, int] | None = None,
        start: StartSettings | None = None,
    ) -> None:
        """``paths`` None means nothing is saved (tests, screenshots); ``bots`` None means bots
        think in this process unless a worker is started (``start_bot_worker``). ``settings``
        None: the settings file in ``paths`` (the defaults without), its model loaded after the
        first frame; the window opens with ``start`` (read plainly from that file) meanwhile."""
        self.paths = paths
        self._settings = settings
        self._start = start if start is not None else (
            start_of(settings) if settings is not None else StartSettings())
        self.messages: list[str] = []
        self._bots = bots
        self._sound: SoundBank | None = None
        self._saver: Autosaver | None = None
        self.fresh = True
        """Nothing drawn yet: the title may leave what its first frame does not show for later."""
        self.after_first_frame: list[Callable[[], object]] = [self._load_settings, self._load_games]
        """Start-up work that waits until the first frame is on screen (run once, in order: one
        piece after each frame)."""
        self._looping = False
        self.pacing = Pacing()
        pygame.display.init()
        desktop = desktop_size()
        start = self._start
        self._asked_size = size is not None
        # A size asked for (a screenshot, a test) is taken as it is; a person's fits their screen.
        self.windowed_size = clamp(size) if size else window_size(
            start.window_size if start.size_remembered else None, desktop)
        pygame.font.init()
        pygame.display.set_caption(TITLE)
        self.screen = self._open_window(start.fullscreen)
        self._place_window(desktop, start)
        self.card_art = CardArt(start.four_colour, start.card_back)
        text.set_four_colour(start.four_colour)
        self.input = inp.InputTranslator()
        self.scenes: list[Scene] = []
        self.clock = pygame.time.Clock()
        self.running = True
        self.now = time.perf_counter()
        """The time of the current frame (perf_counter seconds): every scene animates by it."""
        self.frame_times: list[float] = []
        """CPU seconds of each frame's work (events, update, draw), for the benchmark."""
        self.phone_parking = Parking()
        """The phones of a finished game, kept in their seats for a Play again."""
        self.phone_host = "0.0.0.0"
        """Where a match's phone server listens: every network of this computer, so phones on the
        same Wi-Fi reach it (the self-test and the tests keep it on the loopback)."""

    # -- the window ------------------------------------------------------------------------------
    def _place_window(self, desktop: tuple[int, int], start: StartSettings) -> None:
        """Open where the window was last time, if that place is still on this screen."""
        if start.window_pos is not None and not start.fullscreen:
            place_window(start.window_pos, desktop)

    def remember_window(self) -> None:
        """Keep the window's place (its size is kept as it changes) for the next sitting."""
        if self.settings.fullscreen:
            return
        pos = window_position()
        if pos is not None:
            self.settings = self.settings.model_copy(update={"window_pos": pos})

    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        return open_window(self.windowed_size, fullscreen)

    @property
    def bots(self) -> Bots:
        """Who answers bot moves: the worker process once started, else this process."""
        if self._bots is None:
            # Imported here: the bots' modules are not needed to draw the title.
            from cardtable.ai.worker import InlineBots

            self._bots = InlineBots()
        return self._bots

    @bots.setter
    def bots(self, bots: Bots) -> None:
        self._bots = bots

    def start_bot_worker(self) -> None:
        """Move bot thinking to its own process (keeps the table at 60 fps while a bot thinks)."""
        from cardtable.ai.worker import WorkerBots

        try:
            worker = WorkerBots()
        except OSError as exc:
            self.messages.append(f"Bots think in the window's process ({exc}).")
            return
        if self._bots is not None:
            self._bots.close()
        self._bots = worker

    @property
    def sound(self) -> SoundBank:
        """The sounds, opened on first use or by ``start_sound``."""
        if self._sound is None:
            self._sound = SoundBank(self.settings.sound_on, self.settings.volume)
        return self._sound

    def start_sound(self) -> None:
        """Open the audio device and start synthesising the sounds (a background thread that
        would take the interpreter from the title's first frame for about 70 ms)."""
        self._sound = self.sound

    def toggle_fullscreen(self) -> None:
        self.update_settings(fullscreen=not self.settings.fullscreen)

    def _resized(self, size: tuple[int, int]) -> None:
        if not self.fullscreen:
            clamped = clamp(size)
            if clamped != tuple(size):
                self.screen = pygame.display.set_mode(clamped, pygame.RESIZABLE)
            self.windowed_size = clamped
            self.keep_window_size(clamped)
        self.screen = pygame.display.get_surface() or self.screen
        for scene in self.scenes:
            scene.resize(self.size)

    # -- settings --------------------------------------------------------------------------------
    def update_settings(self, **changes: object) -> None:
        """Apply changed settings at once (cards, sound, window) and save them."""
        old = self.settings
        self.settings = old.model_copy(update=changes)
        s = self.settings
        if (s.four_colour, s.card_back) != (old.four_colour, old.card_back):
            self.card_art.set_style(s.four_colour, s.card_back)
            text.set_four_colour(s.four_colour)
        if (s.sound_on, s.volume) != (old.sound_on, old.volume) and self._sound is not None:
            self._sound.set(s.sound_on, s.volume)
        if s.fullscreen != old.fullscreen:
            self.screen = self._open_window(s.fullscreen)
            for scene in self.scenes:
                scene.resize(self.size)
        if s.ui_scale != old.ui_scale:
            for scene in self.scenes:
                scene.resize(self.size)
        self.save_settings()

    def save_settings(self) -> None:
        if self.paths is not None:
            from cardtable.store.settings import save_settings

            self.messages.extend(save_settings(self.paths, self.settings))

    # -- the scene stack -------------------------------------------------------------------------
    def open(self, scene: str | Scene, **args: Any) -> Scene:
        """The scene of that name made with ``args`` (a scene object is taken as it is)."""
        if isinstance(scene, Scene):
            return scene
        return scene_class(scene)(self, **args)

    def can_open(self, name: str) -> bool:
        return known(name)

    def push(self, scene: str | Scene, **args: Any) -> Scene:
        """Open ``scene`` over the others; the one it covers is paused."""
        made = self.open(scene, **args)
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(made)
        made.resize(self.size)
        made.enter()
        return made

    def pop(self) -> Scene:
        scene = self.scenes.pop()
        scene.leave()
        if self.scenes:
            self.scenes[-1].resume()
            self.scenes[-1].enter()
        return scene

    def pop_to(self, scene: Scene) -> None:
        """Close every scene over ``scene``."""
        while self.scenes and self.scenes[-1] is not scene:
            self.pop()

    def replace(self, scene: str | Scene, **args: Any) -> Scene:
        """Swap the top scene for ``scene``."""
        made = self.open(scene, **args)
        self.scenes.pop().leave()
        self.scenes.append(made)
        made.resize(self.size)
        made.enter()
        return made

    def reset(self, scene: str | Scene, **args: Any) -> Scene:
        """Clear the stack down to ``scene`` alone (back to the title)."""
        made = self.open(scene, **args)
        while self.scenes:
            self.scenes.pop().leave()
        return self.push(made)

    @property
    def top(self) -> Scene:
        return self.scenes[-1]

    def find(self, name: str | type) -> Scene | None:
        """The topmost open scene of that name (or class)."""
        if isinstance(name, str):
            return next((s for s in reversed(self.scenes) if s.name == name), None)
        return next((s for s in reversed(self.scenes) if isinstance(s, name)), None)

    # -- the loop --------------------------------------------------------------------------------
    def dispatch(self, event: inp.InputEvent) -> None:
        if isinstance(event, inp.Quit):
            self.quit()
        elif isinstance(event, inp.Resize):
            self._resized(event.size)
        elif isinstance(event, inp.Key) and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        else:
            # The top scene first; an overlay that lets input pass hands on what it did not use.
            for scene in reversed(self.scenes):
                if scene.handle(event) or not (scene.overlay and scene.input_passes):
                    break

    def quit(self) -> None:
        """Close the window, unless a finished match's result is still waiting for disk space:
        then the player is asked first (closed again while asked: they mean it)."""
        waiting = self._saver.unfiled if self._saver is not None else []
        if not waiting or not self.scenes or getattr(self.top, "on_confirm", None) == self._quit_now:
            self.running = False
            return
        self.push("confirm", title="A result is not saved yet", lines=list(UNSAVED_RESULT),
                  action="Quit anyway", on_confirm=self._quit_now)

    def _quit_now(self) -> None:
        self.running = False

    def step(self, now: float | None = None) -> bool:
        """One frame: input, update, draw. False when nothing was drawn: in the window's own loop
        a still screen is drawn only as ``Pacing`` says."""
        if not self.fresh and not self._looping:  # frames drawn without ``run`` (the tests): all at once
            self._run_after_first_frame()
        t0 = time.perf_counter()
        self.now = now = t0 if now is None else now
        events = pygame.event.get()
        for ev in events:
            for e in self.input.translate(ev):
                self.dispatch(e)
        for scene in list(self.scenes):
            if not scene.paused:  # a covered scene waits: nothing it shows moves on under a menu
                scene.update(now)
        if not self.pacing.draw_now(now, bool(events), self.moving(now)) and self._looping:
            return False
        self.draw()
        self.fresh = False
        self.frame_times.append(time.perf_counter() - t0)
        if len(self.frame_times) > 10000:
            del self.frame_times[:5000]
        return True

    def moving(self, now: float) -> bool:
        """Whether any scene on screen moves by itself now (``Scene.moving``), or start-up work
        that may change the title is still to come."""
        return bool(self.after_first_frame) or any(scene.moving(now) for scene in self.shown())

    def shown(self) -> list[Scene]:
        """The scenes on screen: the top one, and those under it while they are overlays."""
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].overlay:
            first -= 1
        return self.scenes[max(first, 0):]

    def draw(self) -> None:
        for scene in self.shown():
            scene.draw(self.screen)

    def run(self) -> None:
        self._looping = True
        while self.running and self.scenes:
            drew = self.step()
            if drew:
                pygame.display.flip()
            if self.after_first_frame:  # one piece a frame: the window answers between them
                self.after_first_frame.pop(0)()
            self.clock.tick(FPS if drew else STILL_FPS)

    def _run_after_first_frame(self) -> None:
        while self.after_first_frame:
            self.after_first_frame.pop(0)()

    def close(self) -> None:
        self.remember_window()
        self.phone_parking.close()  # the phones are told the table has closed
        self.save_settings()
        if self._saver is not None:
            self._saver.close()
        if self._bots is not None:
            self._bots.close()
        pygame.quit()


def run() -> int:
    """Open the window and play; the exit status for the command line."""
    if not getattr(pygame, "IS_CE", False):
        print(
            "Card Table needs pygame-ce, but plain pygame is installed over it.\n"
            "Fix: pip uninstall pygame pygame-ce && pip install pygame-ce",
            file=sys.stderr,
        )
        return 1
    # Without this Windows draws the window blurry at 125-150 % scaling.
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
    store = open_store(reserve=False)
    paths, messages = store.paths, store.messages
    # A windowed build has no console: tracebacks go to the log, the player gets a message box.
    install_crash_handler(paths, on_crash=_show_box, log_later=True)  # opened after the first frame
    if store.already_running:
        _message_box("Card Table is already running: close the other window first "
                     "(two tables would overwrite each other's saved games).")
        return 1
    app = App(paths=paths, start=read_start_settings(read_from(paths, lambda p: p.settings_file)))
    app.messages.extend(messages)
    app.push("title")
    # Spawning the worker costs the window a few milliseconds and the machine a core for a
    # third of a second: after the title is up it overlaps the player's first look and click.
    app.after_first_frame[:0] = [open_log_later, partial(keep_reserve, paths.data_dir)]
    app.after_first_frame += [app.start_bot_worker, app.start_sound, _set_icon]
    try:
        app.run()
    finally:
        app.close()
        store.lock.release()
    return 0


def _message_box(message: str) -> None:
    print(message, file=sys.stderr)
    _show_box(message)


def _show_box(message: str) -> None:
    """The box alone: the crash handler has printed the message already."""
    with contextlib.suppress(pygame.error):  # no video at all: the console line must do
        pygame.display.message_box("Card Table", message, "error")


def _set_icon() -> None:
    pygame.display.set_icon(draw_icon(64))
