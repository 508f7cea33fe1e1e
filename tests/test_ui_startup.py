"""Starting the program twice on the same folder (issue 10, bad input): the second one says why
and stops before it writes anything."""

import multiprocessing
import os
import time
from functools import partial

import pygame

from cardtable.games import get_game
from cardtable.store.instance import InstanceLock
from cardtable.ui.app import App, run


def test_a_second_card_table_says_it_is_already_running(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    first = InstanceLock(tmp_path)
    assert first.acquire()
    before = sorted(p.name for p in tmp_path.iterdir())
    try:
        assert run() == 1
    finally:
        first.release()
    assert "already running" in capsys.readouterr().err
    assert not (tmp_path / "settings.json").exists()
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix != ".log") == before


def test_the_title_is_on_screen_before_the_bot_worker_and_sounds_start(tmp_path, monkeypatch):
    """issue 15: the first frame waits for nothing a player cannot see yet; the worker started
    after it plays real moves. Issue 23 item 11: the start-up work is done one piece a frame, so
    the window answers between them."""
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    pygame.mixer.quit()  # an earlier test may have left the audio device open
    apps: list[App] = []
    at_first_frame: dict[str, object] = {}
    after: dict[str, object] = {}
    real_flip, real_run = pygame.display.flip, App.run
    frames_before_done: list[int] = []

    def flip() -> None:
        real_flip()
        frames_before_done.append(len(apps[0].after_first_frame))
        if not at_first_frame:
            [app] = apps
            at_first_frame.update(top=type(app.top).__name__, children=multiprocessing.active_children(),
                                  mixer=pygame.mixer.get_init(),
                                  files=sorted(p.name for p in tmp_path.iterdir()))

    def after_first_frame(app: App) -> None:
        state = get_game("shithead").new_state(["A", "B"], seed=5)
        app.bots.request(1, "shithead", "normal", state.to_move, 7, state.view(state.to_move))
        deadline = time.monotonic() + 30
        answers: list = []
        while not answers and time.monotonic() < deadline:
            answers = app.bots.poll()
            time.sleep(0.01)
        after.update(children=[p.name for p in multiprocessing.active_children()],
                     mixer=pygame.mixer.get_init(), review_workers=app.bots.review_workers,
                     answers=answers, legal=state.legal_actions(),
                     files=sorted(p.name for p in tmp_path.iterdir()))
        app.running = False

    def run_app(app: App) -> None:
        apps.append(app)
        app.after_first_frame.append(partial(after_first_frame, app))  # the last piece
        real_run(app)

    monkeypatch.setattr(App, "run", run_app)
    monkeypatch.setattr(pygame.display, "flip", flip)
    # Closing the app quits pygame, which would void the fonts the other tests have cached.
    monkeypatch.setattr(pygame, "quit", lambda: None)
    if pygame.display.get_init():  # run alone, nothing has started the display yet
        pygame.event.clear()  # an event an earlier test left (its window's QUIT) would close this one
    assert run() == 0
    # the log opens and the full-disk reserve is written after it too (nothing is saved before)
    assert at_first_frame == {"top": "TitleScene", "children": [], "mixer": None,
                             "files": ["cardtable.lock"]}
    assert {"cardtable.log", "cardtable.reserve"} <= set(after["files"])
    assert after["children"] == ["cardtable-bots"]
    pieces = frames_before_done[0]
    assert pieces >= 6 and frames_before_done[:pieces] == list(range(pieces, 0, -1))
    assert after["mixer"] is not None
    # a review weighs its decisions in a process a core, once the program runs for real
    assert after["review_workers"] == max(1, min(8, os.cpu_count() or 1))
    [(req, action, note)] = after["answers"]
    assert req == 1 and action in after["legal"] and note == ""



FIRST_FRAME_MODULES = """
import sys
import pygame
import cardtable.ui.scenes.title as title

flip = pygame.display.flip

def first_flip():
    flip()
    print("AT_FIRST_FRAME", " ".join(sorted(sys.modules)), flush=True)
    print("ROWS", "|".join(w.label for w in shown[0].form.widgets), flush=True)
    pygame.display.flip = flip
    pygame.event.post(pygame.event.Event(pygame.QUIT))

pygame.display.flip = first_flip
shown = []
real_draw = title.TitleScene.draw
title.TitleScene.draw = lambda scene, surface: (shown.append(scene), real_draw(scene, surface))
from cardtable.cli import main
sys.exit(main([]))
"""


def test_the_first_frame_loads_no_game_no_settings_model_and_no_pydantic(tmp_path):
    """Issue 23 item 11: importing the five games and pydantic cost the title's first frame more
    than the rest of the start together; the title draws the games' listings and the unfinished
    matches read plainly, and the games, the settings model and the saved matches load after it
    (here the program quits at its first frame, so what it had imported by then is what the first
    frame cost)."""
    import os
    import subprocess
    import sys

    from ui_driver import Driver

    from cardtable.runner.match import Match, Seat
    from cardtable.store.paths import app_paths
    from cardtable.store.settings import Settings, save_settings

    save_settings(app_paths(tmp_path), Settings(four_colour=True, ui_scale=1.25))  # a player's file
    d = Driver(paths=app_paths(tmp_path))   # and the match they left
    match = Match("shithead", [Seat("Ann"), Seat("Bob", "bot")], seed=4, saver=d.app.saver)
    match.apply(match.legal()[0])
    d.app.saver.close()
    env = dict(os.environ, CARDTABLE_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-c", FIRST_FRAME_MODULES], env=env, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    [line] = [ln for ln in out.stdout.splitlines() if ln.startswith("AT_FIRST_FRAME")]
    loaded = set(line.split()[1:])
    assert "cardtable.ui.scenes.title" in loaded and "cardtable.games" in loaded
    games = {m for m in loaded if m.startswith("cardtable.games.") and m.count(".") >= 2}
    assert games <= {"cardtable.games.listing"}, games
    heavy = {m for m in loaded if m.split(".")[0] in ("pydantic", "pydantic_core")
             or m in ("cardtable.store.settings", "cardtable.store.matches", "cardtable.engine.protocol")}
    assert not heavy, heavy
    [rows] = [ln.split(" ", 1)[1].split("|") for ln in out.stdout.splitlines() if ln.startswith("ROWS ")]
    assert rows[:6] == ["Shithead", "Cunt-Soul", "Cersei", "Fscking Ace", "Takku-Sum",
                        "Continue Shithead (Ann, Bob): 1 move played"]


def test_the_window_opens_with_the_settings_the_model_reads_from_a_file_the_program_wrote(tmp_path):
    from cardtable.store.paths import app_paths
    from cardtable.store.settings import Settings, load_settings, save_settings
    from cardtable.store.start_settings import StartSettings, read_start_settings
    from cardtable.ui.app_start import start_of

    paths = app_paths(tmp_path)
    for settings in (Settings(), Settings(four_colour=True, card_back="red", ui_scale=1.75),
                     Settings(fullscreen=True, window_size=(1600, 900), window_pos=(40, 30)),
                     Settings(window_size=(100, 99_999), ui_scale=9.0)):   # clamped by the model
        save_settings(paths, settings)
        loaded, _ = load_settings(paths)
        assert read_start_settings(paths.settings_file) == start_of(loaded)
    assert read_start_settings(tmp_path / "none.json") == StartSettings()


def test_a_start_setting_that_is_not_plainly_valid_opens_the_window_with_its_default(tmp_path):
    import json

    from cardtable.store.start_settings import StartSettings, read_start_settings

    file = tmp_path / "settings.json"
    odd = {"schema_version": 1, "four_colour": "yes", "card_back": "", "fullscreen": 1,
           "ui_scale": True, "window_size": [1600.5, 900], "window_pos": [1, 2, 3]}
    file.write_text(json.dumps(odd), encoding="utf-8")
    assert read_start_settings(file) == StartSettings()
    for garbled in (b"{", b"[1, 2]", b'{"schema_version": 2, "four_colour": true}', b"\xff\xfe"):
        file.write_bytes(garbled)
        assert read_start_settings(file) == StartSettings()


def test_settings_the_model_settles_on_after_the_first_frame_are_taken_by_the_window_and_cards(tmp_path):
    """A damaged settings file with a good backup: the window opens with the defaults (the plain
    reading refuses the damaged file), then takes the backup's size and cards once the model has
    read it, and the title says the file was set aside."""
    from cardtable.store.paths import app_paths
    from cardtable.store.safe_file import backup_path
    from cardtable.store.settings import Settings, save_settings
    from cardtable.store.start_settings import read_start_settings
    from cardtable.ui.window import desktop_size, window_size

    paths = app_paths(tmp_path)
    save_settings(paths, Settings(four_colour=True, card_back="red", window_size=(1000, 640)))
    paths.settings_file.replace(backup_path(paths.settings_file))
    paths.settings_file.write_text("{damaged", encoding="utf-8")
    app = App(paths=paths, start=read_start_settings(paths.settings_file))
    pygame.event.clear()   # a window an earlier test opened may have left its events
    app.push("title")
    app.step()
    assert not app.card_art.four_colour and app.size == window_size(None, desktop_size()) != (1000, 640)
    app.step()
    app.step()
    assert app.card_art.four_colour and app.card_art.back_colour == "red"
    assert app.size == window_size((1000, 640), desktop_size())
    assert any("settings file" in line for line, _ in app.top.lines), app.top.lines


def test_a_resize_before_the_settings_model_loads_is_kept_and_loads_nothing(tmp_path):
    """A window manager may resize the window as it maps it: that neither loads the settings
    model before the first frame nor is undone by the size in the file once the model loads."""
    from cardtable.store.paths import app_paths
    from cardtable.store.settings import Settings, save_settings
    from cardtable.store.start_settings import read_start_settings

    paths = app_paths(tmp_path)
    save_settings(paths, Settings(window_size=(1000, 640)))
    app = App(paths=paths, start=read_start_settings(paths.settings_file))
    pygame.event.clear()
    app.push("title")
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1100, h=700, size=(1100, 700)))
    app.step()
    assert app._settings is None   # the first frame was drawn without the model
    app.step()
    app.step()
    assert tuple(app.settings.window_size) == (1100, 700) and app.windowed_size == (1100, 700)


def test_the_plain_readers_know_the_formats_and_ranges_of_the_models():
    """The first frame's readers copy a few facts of the models they stand in for: kept equal."""
    from cardtable.store import match_file, settings, start_matches, start_settings

    assert start_settings.SETTINGS_VERSION == settings.SETTINGS_VERSION
    assert start_settings.WINDOW_SIDE == settings.WINDOW_SIDE
    scale = settings._RANGES["ui_scale"]
    assert scale == start_settings.UI_SCALE
    back = settings.Settings.model_fields["card_back"].metadata
    lengths = (next(m.min_length for m in back if hasattr(m, "min_length")),
               next(m.max_length for m in back if hasattr(m, "max_length")))
    assert lengths == start_settings.CARD_BACK_LENGTH
    assert start_matches.MATCH_VERSION == match_file.MATCH_VERSION


def test_a_first_sittings_window_is_remembered_at_the_size_it_opened(tmp_path):
    """The walk (session 16): on a 1280x800 screen the first window opened at 1024x640, but the
    settings saved that sitting held the model's default 1280x800, so the next start opened a
    window larger than before and, at the place remembered, past the screen's right and bottom
    edges. What is kept is the size the window had."""
    from cardtable.store.paths import app_paths
    from cardtable.store.start_settings import read_start_settings
    from cardtable.ui.window import desktop_size, window_size

    paths = app_paths(tmp_path)
    app = App(paths=paths, start=read_start_settings(paths.settings_file))
    pygame.event.clear()
    app.push("title")
    for _ in range(3):
        app.step()
    opened = window_size(None, desktop_size())
    assert app.size == opened
    app.save_settings()
    again = read_start_settings(paths.settings_file)
    assert again.size_remembered and again.window_size == opened
    assert app.size == opened   # taking it in did not reopen the window at another size
