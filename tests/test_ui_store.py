"""The table and the store: a match left at the table is offered again, and settings are saved."""

from __future__ import annotations

import pygame
from ui_driver import Driver

from cardtable.engine.fingerprint import fingerprint
from cardtable.store.paths import app_paths
from cardtable.store.settings import load_settings
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.scenes.setup import SetupScene
from cardtable.ui.scenes.table import TableScene
from cardtable.ui.scenes.title import TitleScene


def button(scene, label: str):
    return next(w for w in scene.form.widgets if getattr(w, "label", "").startswith(label))


def test_a_match_left_for_the_title_can_be_continued(tmp_path):
    paths = app_paths(tmp_path)
    d = Driver(paths=paths)
    d.app.push(TitleScene(d.app))
    d.frame()
    d.key(pygame.K_RETURN)  # the Shithead tile has the focus
    assert isinstance(d.app.top, SetupScene)
    d.click(button(d.app.top, "Deal").rect.center)
    table = d.app.top
    assert isinstance(table, TableScene)
    d.settle()
    table.apply(table.legal()[0])
    d.settle()
    played, position = list(table.match.actions), fingerprint(table.match.state)
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.app.top, MenuScene)
    d.click(button(d.app.top, "Quit to title").rect.center)
    title = d.app.top
    assert isinstance(title, TitleScene)
    d.click(button(title, "Continue Shithead").rect.center)
    resumed = d.app.top
    assert isinstance(resumed, TableScene)
    assert resumed.match.actions == played and fingerprint(resumed.match.state) == position
    d.app.saver.close()


def test_settings_changed_in_the_game_are_saved(tmp_path):
    paths = app_paths(tmp_path)
    d = Driver(paths=paths)
    d.app.update_settings(four_colour=True, volume=0.3)
    settings, messages = load_settings(paths)
    assert settings.four_colour and settings.volume == 0.3 and not messages
