"""Starting the program twice on the same folder (issue 10, bad input): the second one says why
and stops before it writes anything."""

import multiprocessing
import time

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
    after it plays real moves."""
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    pygame.mixer.quit()  # an earlier test may have left the audio device open
    apps: list[App] = []
    at_first_frame: dict[str, object] = {}
    after: dict[str, object] = {}
    real_flip, real_run, real_after = pygame.display.flip, App.run, App._run_after_first_frame

    def flip() -> None:
        real_flip()
        if not at_first_frame:
            [app] = apps
            at_first_frame.update(top=type(app.top).__name__, children=multiprocessing.active_children(),
                                  mixer=pygame.mixer.get_init())

    def after_first_frame(app: App) -> None:
        real_after(app)
        if after or not at_first_frame:
            return
        state = get_game("shithead").new_state(["A", "B"], seed=5)
        app.bots.request(1, "shithead", "normal", state.to_move, 7, state.view(state.to_move))
        deadline = time.monotonic() + 30
        answers: list = []
        while not answers and time.monotonic() < deadline:
            answers = app.bots.poll()
            time.sleep(0.01)
        after.update(children=[p.name for p in multiprocessing.active_children()],
                     mixer=pygame.mixer.get_init(), answers=answers, legal=state.legal_actions())
        app.running = False

    monkeypatch.setattr(App, "run", lambda app: (apps.append(app), real_run(app))[1])
    monkeypatch.setattr(pygame.display, "flip", flip)
    monkeypatch.setattr(App, "_run_after_first_frame", after_first_frame)
    # Closing the app quits pygame, which would void the fonts the other tests have cached.
    monkeypatch.setattr(pygame, "quit", lambda: None)
    assert run() == 0
    assert at_first_frame == {"top": "TitleScene", "children": [], "mixer": None}
    assert after["children"] == ["cardtable-bots"]
    assert after["mixer"] is not None
    [(req, action, note)] = after["answers"]
    assert req == 1 and action in after["legal"] and note == ""

