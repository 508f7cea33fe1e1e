"""``cardtable --self-test``: prove a build works end to end on this machine.

It opens the window with whatever video driver there is (SDL's dummy driver if none), plays one
bot game of every registered game through the real table scene at instant speed, saves and
resumes a match in a temporary data folder, and saves a screenshot of each table there. Exit
status 0 only if all of that worked; otherwise it says what failed.
"""

from __future__ import annotations

import os
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path

import pygame

from cardtable.ai import bot_kinds, make_bot
from cardtable.ai.worker import InlineBots
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import Game
from cardtable.games import games
from cardtable.store.matches import Autosaver, load_unfinished
from cardtable.store.paths import AppPaths, app_paths
from cardtable.store.settings import Settings
from cardtable.ui.app import App
from cardtable.ui.match import Match, Seat
from cardtable.ui.scenes.results import ResultsScene
from cardtable.ui.scenes.table import TableScene

GAME_SECONDS = 20.0
"""Wall-clock allowance for one bot game through the table (they take a second or two)."""
FRAME = 1 / 60


def _open_display() -> str:
    try:
        pygame.display.init()
    except pygame.error:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        pygame.display.init()
    return pygame.display.get_driver()


def _level(game: str) -> str:
    return "normal" if "normal" in bot_kinds(game) else "random"


def _play_through_table(app: App, game: Game, folder: Path) -> str:
    seats = [Seat(f"Bot {i + 1}", "bot", _level(game.name)) for i in range(game.default_players)]
    match = Match(game, seats, seed=2024)
    app.reset(TableScene(app, match))
    now = time.perf_counter()
    deadline = now + GAME_SECONDS
    frames = 0
    shot = False
    while not isinstance(app.top, ResultsScene):
        if time.perf_counter() > deadline:
            raise RuntimeError(f"no result after {GAME_SECONDS:.0f} s ({len(match.actions)} actions)")
        now += FRAME
        frames += 1
        if frames % 15 == 0:
            app.step(now)  # input, update and a drawn frame
        else:
            for scene in list(app.scenes):
                scene.update(now)
        if not shot and (frames == 30 or match.state.is_over):
            if frames % 15:
                app.draw()  # a short game ended between drawn frames: its last table
            pygame.image.save(app.screen, str(folder / f"{game.name}.png"))
            shot = True
    app.draw()
    pygame.image.save(app.screen, str(folder / f"{game.name}-results.png"))
    result = match.result()
    if result is None:
        raise RuntimeError("the results screen showed, but the game has no result")
    return f"{len(match.actions)} actions, {result.text}"


def _save_and_resume(paths: AppPaths) -> str:
    game = next(iter(games().values()))
    saver = Autosaver(paths)
    try:
        seats = [Seat(f"Bot {i + 1}", "bot", _level(game.name)) for i in range(game.default_players)]
        match = Match(game, seats, seed=99, saver=saver)
        bot = make_bot(game.name, "random", 5)
        for _ in range(25):
            if match.state.is_over:
                break
            seat = match.state.to_move
            assert seat is not None
            match.apply(bot.choose(match.state.view(seat)))
        problems = saver.flush()
    finally:
        saver.close()
    if problems:
        raise RuntimeError("; ".join(problems))
    found = [f for f in load_unfinished(paths) if f.saved.game == game.name]
    if not found:
        raise RuntimeError("the autosaved match was not offered to continue")
    resumed = Match.resume(found[0], None)
    if fingerprint(resumed.state) != fingerprint(match.state):
        raise RuntimeError("the resumed match is not where it was saved")
    return f"{game.title}: {len(match.actions)} actions saved and resumed to the same position"


def self_test(folder: Path | None = None) -> int:
    folder = folder or Path(tempfile.mkdtemp(prefix="cardtable-selftest-"))
    folder.mkdir(parents=True, exist_ok=True)
    paths = app_paths(folder)
    started = time.perf_counter()
    driver = _open_display()
    print(f"Card Table self-test (video driver: {driver}; files in {folder})")
    failures = 0

    def check(what: str, step: Callable[[], str]) -> None:
        nonlocal failures
        try:
            print(f"  ok    {what}: {step()}", flush=True)
        except Exception as exc:
            failures += 1
            print(f"  FAIL  {what}: {type(exc).__name__}: {exc}", flush=True)
            traceback.print_exc()

    settings = Settings(animation_speed="instant", fast_play=True, sound_on=False)
    app = App(settings, paths=None, bots=InlineBots(), size=(1280, 800))
    try:
        registered = games()
        if not registered:
            failures += 1
            print("  FAIL  no game is registered")
        for game in registered.values():
            check(f"{game.title} through the table", lambda g=game: _play_through_table(app, g, folder))
        check("save and resume", lambda: _save_and_resume(paths))
    finally:
        app.close()
    verdict = "passed" if failures == 0 else f"FAILED ({failures} problem{'s' * (failures != 1)})"
    print(f"self-test {verdict} in {time.perf_counter() - started:.1f} s; screenshots in {folder}")
    return 0 if failures == 0 else 1
