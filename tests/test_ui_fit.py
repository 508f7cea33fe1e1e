"""Every screen other than the table lays out at every offered Interface size and window size
from 960×600 to 3840×2160: nothing crashes, no text leaves its box, no two boxes or controls
overlap, nothing leaves the window (issue 16 items 5 and 6)."""

from __future__ import annotations

import pytest
from fit_checks import SCALES, SIZES, text_problems, widgets_apart
from ui_driver import Driver

from cardtable.ai import make_bot
from cardtable.games import get_game
from cardtable.runner.match import Match, Seat
from cardtable.store.stats import Stats, record_result
from cardtable.ui.scenes.how_to_play import HowToPlayScene
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.scenes.passto import PassScene
from cardtable.ui.scenes.results import ResultsScene
from cardtable.ui.scenes.rules import RulesScene
from cardtable.ui.scenes.statistics import StatisticsScene
from cardtable.ui.scenes.table import TableScene

NAMES = ["Ash", "Bea", "Cal", "Dot", "Eli"]


@pytest.fixture(scope="module")
def finished() -> Match:
    match = Match("shithead", [Seat(n, "bot") for n in NAMES], seed=4)
    bots = [make_bot("shithead", "heuristic", s) for s in range(len(NAMES))]
    while not match.state.is_over:
        seat = match.state.to_move
        match.apply(bots[seat].choose(match.state.view(seat)))
    return match


def stats_of(match: Match) -> Stats:
    stats = Stats()
    record_result(stats, "shithead", match.names, match.result(), "m1")
    return stats


MISSED = ["Cal plays 9♠ 9♥ 9♦ and the 9♣ burns the pile", "Cal draws 3",
          "Ann picks up the pile (11 cards)", "the Wildcard Indicator cycles: 3♦, so 3s are wild"]
"""The longest a pass screen's "Meanwhile" runs: four lines of what was played."""


@pytest.mark.parametrize("scale", SCALES)
def test_menus_results_rules_and_statistics_fit(scale, finished):
    for size in SIZES:
        d = Driver(size=size, ui_scale=scale)
        table = TableScene(d.app, Match("shithead", [Seat(n) for n in NAMES[:3]], seed=1))
        d.app.scenes.append(table)
        table.resize(size)
        screens = [MenuScene(d.app), PassScene(d.app, table.match.names[1], MISSED, lambda: None),
                   ResultsScene(d.app, finished),
                   HowToPlayScene(d.app, get_game("cunt-soul")),
                   RulesScene(d.app, "cunt-soul"), StatisticsScene(d.app, stats_of(finished))]
        for scene in screens:
            d.app.push(scene)
            assert text_problems(d.app) == [], (type(scene).__name__, size)
            if isinstance(scene, HowToPlayScene):  # every card's words inside the panel
                px, room = scene.px, scene.panel.h - round(scene.px * 3.8)
                assert all(scene._body_bottom(body, px, scene.panel.w) <= room for _, body in scene.cards)
            form = getattr(scene, "form", None)
            if form is not None:
                window = d.app.screen.get_rect()
                assert widgets_apart(form.widgets, window) == [], (type(scene).__name__, size)
            d.app.scenes.pop()
