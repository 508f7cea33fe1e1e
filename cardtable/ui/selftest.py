"""``cardtable --self-test``: prove a build works end to end on this machine.

It opens the window with whatever video driver there is (SDL's dummy driver if none), plays one
bot game of every registered game through the real table scene at instant speed, saves and
resumes a match in a temporary data folder, finishes it and opens its replay, opens every other
screen a player can reach (title, setup and rule book of each game, settings, statistics, the
pause menu), plays every sound through the mixer, reviews a few decisions in two processes, and
saves a screenshot of each table there.
Exit status 0 only if all of that worked; otherwise it says what failed.

It is also the proof for what the binary leaves out (build/cardtable.spec): every module of the
program must import, PNG screenshots must be written without SDL_image, the sounds must load
without the mixer's other decoders, and a phone seat must play over the network (the WebSocket
handshake's sha1 without OpenSSL, the server's thread and event loop, the page's JSON).
"""

from __future__ import annotations

import contextlib
import importlib
import io
import multiprocessing
import os
import pkgutil
import random
import tempfile
import time
import traceback
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pygame

import cardtable
from cardtable.ai import bot_kinds, make_bot
from cardtable.ai.worker import InlineBots
from cardtable.engine.compiled import compiled_modules, core_words
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import Game
from cardtable.games import faults as game_faults
from cardtable.games import games, package_of, parts_of
from cardtable.net.client import PhoneClient
from cardtable.runner.drivers import InProcessBot
from cardtable.runner.loop import MatchLoop
from cardtable.runner.match import Match, Seat
from cardtable.store.matches import Autosaver, load_unfinished
from cardtable.store.paths import AppPaths, app_paths
from cardtable.store.settings import Settings
from cardtable.ui.app import App
from cardtable.ui.png import save_png
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.scenes.replay import ReplayScene
from cardtable.ui.scenes.results import ResultsScene
from cardtable.ui.scenes.rules import RulesScene, rule_book
from cardtable.ui.scenes.settings import SettingsScene
from cardtable.ui.scenes.setup import SetupScene
from cardtable.ui.scenes.statistics import StatisticsScene
from cardtable.ui.scenes.table import TableScene
from cardtable.ui.scenes.title import TitleScene
from cardtable.ui.sound import SOUNDS, SoundBank, wav_bytes

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
            save_png(app.screen, folder / f"{game.name}.png")
            shot = True
    app.draw()
    save_png(app.screen, folder / f"{game.name}-results.png")
    result = match.result()
    if result is None:
        raise RuntimeError("the results screen showed, but the game has no result")
    return f"{len(match.actions)} actions, {result.text}"


def _play(match: Match, level: str, moves: int) -> None:
    """Up to ``moves`` bot moves (fewer if the game ends)."""
    bot = InProcessBot(make_bot(match.game.name, level, 5))
    MatchLoop(match, [bot] * len(match.seats)).run(moves)


def _save_and_resume(paths: AppPaths) -> str:
    game = next(iter(games().values()))
    saver = Autosaver(paths)
    try:
        seats = [Seat(f"Bot {i + 1}", "bot", _level(game.name)) for i in range(game.default_players)]
        match = Match(game, seats, seed=99, saver=saver)
        _play(match, "random", 25)
        problems = saver.flush()
        found = [f for f in load_unfinished(paths) if f.saved.game == game.name]
        if not found:
            raise RuntimeError("the autosaved match was not offered to continue")
        resumed = Match.resume(found[0], saver)
        if fingerprint(resumed.state) != fingerprint(match.state):
            raise RuntimeError("the resumed match is not where it was saved")
        _play(resumed, _level(game.name), 5000)  # to the end: a replay and a line in the statistics
        problems += saver.flush()
    finally:
        saver.close()
    if problems:
        raise RuntimeError("; ".join(problems))
    if not resumed.state.is_over:
        raise RuntimeError(f"the resumed match did not end ({len(resumed.actions)} actions)")
    return (f"{game.title}: {len(match.actions)} actions saved and resumed to the same position, "
            f"finished after {len(resumed.actions)}")


def _drawn(app: App, what: str) -> str:
    """Draw the app once; a screen of fewer than a handful of colours did not draw."""
    app.draw()
    w, h = app.size
    seen = {tuple(app.screen.get_at((x, y))) for x in range(0, w, 9) for y in range(0, h, 9)}
    if len(seen) < 8:
        raise RuntimeError(f"{what} drew {len(seen)} colours: blank")
    return what


def _screens(app: App, paths: AppPaths) -> str:
    """Every screen a player reaches from the title, with the files of this run behind it."""
    app.paths = paths  # the title offers what was saved; statistics list the finished match
    drawn = []
    app.reset(TitleScene(app))
    drawn.append(_drawn(app, "title"))
    for name, game in games().items():
        app.push(SetupScene(app, name))
        drawn.append(_drawn(app, f"{game.title} setup"))
        if "missing from this build" in rule_book(name):
            raise RuntimeError(f"the rule book of {game.title} is not in this build")
        app.replace(RulesScene(app, name))
        drawn.append(_drawn(app, f"{game.title} rules"))
        app.pop()
    for scene in (SettingsScene(app), MenuScene(app)):
        app.push(scene)
        drawn.append(_drawn(app, type(scene).__name__))
        app.pop()
    stats = StatisticsScene(app)
    app.push(stats)
    drawn.append(_drawn(app, "statistics"))
    if not stats.replays:
        raise RuntimeError("the finished match has no replay in the statistics")
    stats.open_replay(stats.replays[0])
    if not isinstance(app.top, ReplayScene):
        raise RuntimeError(f"the replay did not open: {stats.messages[-1:]}")
    drawn.append(_drawn(app, "replay"))
    return f"{len(drawn)} drawn ({', '.join(drawn[:3])}, …, {drawn[-1]})"


def _open_audio() -> str:
    """The audio device, or SDL's dummy one where there is none (the mixer is what is tested)."""
    try:
        pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
    except pygame.error:
        os.environ["SDL_AUDIODRIVER"] = "dummy"
        pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
    return pygame.mixer.get_driver() if hasattr(pygame.mixer, "get_driver") else "open"


def _sounds() -> str:
    driver = _open_audio()
    for name in SOUNDS:
        sound = pygame.mixer.Sound(file=io.BytesIO(wav_bytes(name)))
        sound.set_volume(0.2)
        if sound.get_length() <= 0 or sound.play() is None:
            raise RuntimeError(f"the {name} sound did not play")
    bank = SoundBank(True, 0.2)  # the table's own player, as a game uses it
    if not bank.wait_ready(20):
        raise RuntimeError("the sounds were not synthesised in 20 s")
    for name in SOUNDS:
        bank.play(name)
    return f"{len(SOUNDS)} sounds played (audio driver: {driver})"


def _phone_match(app: App, folder: Path) -> str:
    """A match with a phone seat beside bots, through the real table and the real phone server on
    the loopback: a WebSocket client (ssl-free, as the binary is) answers each offer with the
    first move it was offered, and must see only its own seat's cards."""
    game = next(iter(games().values()))
    bots = [Seat(f"Bot {i}", "bot", _level(game.name)) for i in range(1, game.default_players)]
    seats = [Seat("Phone", "phone"), *bots]
    match = Match(game, seats, seed=7)
    app.phone_host = "127.0.0.1"
    app.settings.how_to_play_seen = [*app.settings.how_to_play_seen, game.name]  # shown at "every screen"
    table = TableScene(app, match)
    app.reset(table)
    server = table.turns.phones.server
    if server is None:
        raise RuntimeError("; ".join(match.messages) or "the phone server did not start")
    phone = PhoneClient(server.url(0))
    pick = random.Random(7)
    now, answered, deadline = time.perf_counter(), 0, time.perf_counter() + GAME_SECONDS
    try:
        while not isinstance(app.top, ResultsScene):
            if time.perf_counter() > deadline:
                raise RuntimeError(f"no result after {GAME_SECONDS:.0f} s ({len(match.actions)} actions)")
            now += FRAME
            app.step(now)
            with contextlib.suppress(TimeoutError, ConnectionError):  # closed: the match is over
                msg = phone.recv(0.002)
                if msg.get("t") == "state" and msg["my_turn"] and msg["actions"]:
                    phone.send({"t": "act", "v": msg["v"], "i": pick.choice(msg["actions"])["i"]})
                    answered += 1
            if answered == 3 and not (folder / "phone-seat.png").exists():
                save_png(app.screen, folder / "phone-seat.png")
    finally:
        phone.close()
    if answered == 0:
        raise RuntimeError("the phone was never asked to move")
    if table.turns.phones.server is not None:
        raise RuntimeError("the phone server is still running after the match")
    return f"{game.title}: {len(match.actions)} actions, {answered} of them chosen on the phone"


def _review_in_processes() -> str:
    """The first two decisions of a seeded bot game reviewed in two processes, as the program
    reviews a finished match: the frozen program must start its own children (``freeze_support``),
    and their review must be the one a single process makes."""
    from cardtable.ai.review import MIN_DEALS, is_reviewed, review_spec
    from cardtable.ai.search_hooks import hooks_for
    from cardtable.runner.review import play_bot_game, review_positions

    # a compiled game where there is one: its native states must travel to the processes too
    game = next((g for g in games().values() if parts_of(g).compiled), next(iter(games().values())))
    positions, actions = play_bot_game(game, ["normal"] * game.min_players, 3)
    spec, hooks = review_spec(positions[0]), hooks_for(positions[0])
    assert spec is not None
    reviewed = [i for i, state in enumerate(positions[:-1])
                if state.to_move == 0 and is_reviewed(state.view(0), spec, hooks)]
    cut = reviewed[1] + 1 if len(reviewed) > 1 else len(actions)
    seen: set[str] = set()

    def look(done: int, total: int) -> None:
        seen.update(p.name.split("-")[0] for p in multiprocessing.active_children())

    # what is proved is the processes, not the grades: the fewest deals a review deals
    apart = review_positions(game, positions[:cut + 1], actions[:cut], 0, 5, progress=look, workers=2,
                             most_deals=MIN_DEALS)
    alone = review_positions(game, positions[:cut + 1], actions[:cut], 0, 5, workers=1,
                             most_deals=MIN_DEALS)
    if apart is None or not apart.decisions:
        raise RuntimeError("no decision was reviewed")
    if "SpawnPoolWorker" not in seen:
        raise RuntimeError("the review's processes did not start")
    if apart != alone:
        raise RuntimeError("two processes reviewed the game otherwise than one")
    return f"{game.title}: {len(apart.decisions)} decisions, the same in two processes as in one"


def _every_module() -> str:
    """Import every module of the program (games, bots and scenes are found by name at run
    time, so a module the binary cannot import would otherwise fail only when a player gets there)."""
    names = [m.name for m in pkgutil.walk_packages(cardtable.__path__, "cardtable.")
             if not m.name.endswith("__main__") and not m.name.rsplit(".", 1)[1].startswith("test_")]
    for name in names:
        importlib.import_module(name)
    if len(names) < 40:
        raise RuntimeError(f"only {len(names)} modules found")
    return f"{len(names)} modules"


def _core() -> str:
    """Which core this program runs: a binary built with a C compiler ships a compiled one
    (``CARDTABLE_EXPECT_COMPILED``: CI's binary must, so a build that fell back fails here)."""
    for game in games().values():
        for module in parts_of(game).compiled:
            importlib.import_module(f"{package_of(game)}.{module}")
    if os.environ.get("CARDTABLE_EXPECT_COMPILED") and not compiled_modules():
        raise RuntimeError("no module is compiled, and a compiled core was expected")
    return core_words()


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
        for fault in game_faults().values():
            failures += 1
            print(f"  FAIL  {fault}")
        check("every module imports", _every_module)
        check("the core", _core)
        for game in registered.values():
            check(f"{game.title} through the table", partial(_play_through_table, app, game, folder))
        check("save, resume and finish", lambda: _save_and_resume(paths))
        check("every screen", lambda: _screens(app, paths))
        check("sounds", _sounds)
        check("a review in two processes", _review_in_processes)
        check("a phone seat over the network", lambda: _phone_match(app, folder))
    finally:
        app.close()
    verdict = "passed" if failures == 0 else f"FAILED ({failures} problem{'s' * (failures != 1)})"
    print(f"self-test {verdict} in {time.perf_counter() - started:.1f} s; screenshots in {folder}")
    return 0 if failures == 0 else 1
