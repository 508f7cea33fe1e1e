"""Settings behave (issue 16 item 7): arrows step the way they point, 175 % and 200 % are offered,
a change that reflows the page leaves the control under the pointer, every row fits its box."""

from __future__ import annotations

import pygame
import pytest
from fit_checks import SCALES, SIZES, text_problems, widgets_apart
from ui_driver import Driver

from cardtable.ui.scenes.settings import SettingsScene
from cardtable.ui.widgets import Choice


def settings(d: Driver) -> SettingsScene:
    scene = SettingsScene(d.app)
    d.app.push(scene)
    d.frame()
    return scene


def control(scene: SettingsScene, name: str):
    return next(w for w in scene.form.widgets if getattr(w, "label", "") == name)


def test_interface_size_offers_up_to_200_percent():
    """In a window with room for it (a 1280×800 one offers less: issue 23 item 8)."""
    d = Driver(size=(1920, 1080))
    size = control(settings(d), "ui_scale")
    assert isinstance(size, Choice)
    assert {1.75, 2.0} <= set(size.options) and max(size.options) == 2.0


def test_the_left_arrow_steps_back_and_the_right_arrow_forward():
    d = Driver(ui_scale=1.1)
    scene = settings(d)
    size = control(scene, "ui_scale")
    r = size.rect
    d.click((r.x + r.h // 2, r.centery))  # on the ‹
    assert d.app.settings.ui_scale == 1.0
    d.post(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0))
    d.frame()
    r = control(scene, "ui_scale").rect
    d.click((r.right - r.h // 2, r.centery))  # on the ›
    assert d.app.settings.ui_scale == 1.1


def test_a_bigger_interface_waits_for_the_pointer_to_leave_before_the_page_moves():
    d = Driver(size=(1920, 1080), ui_scale=1.0)
    scene = settings(d)
    before = {w.label: w.rect.copy() for w in scene.form.widgets if hasattr(w, "options")}
    r = control(scene, "ui_scale").rect
    right = (r.right - r.h // 2, r.centery)
    for expected in (1.1, 1.25, 1.5):
        d.click(right)  # clicking on and on steps the size, never another control
        assert d.app.settings.ui_scale == expected
    assert d.app.settings.fullscreen is False
    assert control(scene, "ui_scale").rect == before["ui_scale"]
    d.post(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
    d.frame()
    assert scene.px > 16 and control(scene, "ui_scale").rect != before["ui_scale"]


def test_a_scale_beyond_the_offered_ones_shows_as_the_largest_and_draws():
    for size in ((1920, 1080), (1280, 800)):  # the largest this window offers (issue 23 item 8)
        d = Driver(size=size, ui_scale=3.0)
        scene = settings(d)
        assert control(scene, "ui_scale").value == max(control(scene, "ui_scale").options)
        assert text_problems(d.app) == []


@pytest.mark.parametrize("scale", SCALES)
def test_every_row_fits_at_every_size(scale):
    for size in SIZES:
        d = Driver(size=size, ui_scale=scale)
        scene = settings(d)
        assert text_problems(d.app) == [], (scale, size)
        assert widgets_apart(scene.form.widgets, d.app.screen.get_rect()) == [], (scale, size)
        help_lines = sum(len(row.help) for row in scene.page.rows)
        assert help_lines >= len(scene.page.rows)  # whole help texts, none cut to "…"


def test_the_interface_size_stops_at_200_percent_rather_than_wrap_to_80():
    d = Driver(ui_scale=2.0)
    scene = settings(d)
    r = control(scene, "ui_scale").rect
    d.click((r.right - r.h // 2, r.centery))
    assert d.app.settings.ui_scale == 2.0
    d.key(pygame.K_RIGHT)
    assert d.app.settings.ui_scale == 2.0
