"""The rules viewer offers every registered game's rule book."""

import pygame
from ui_driver import Driver

from cardtable.games import games
from cardtable.ui.scenes.rules import RulesScene, rule_book


def test_every_game_has_a_rule_book_with_table_rulings():
    for name in games():
        book = rule_book(name)
        assert "missing from this build" not in book
        assert "## Table rulings" in book, name


def test_tabs_and_arrow_keys_switch_between_rule_books():
    d = Driver()
    scene = RulesScene(d.app, "shithead")
    d.app.push(scene)
    d.frame()
    first = pygame.Surface.copy(d.app.screen)
    d.key(pygame.K_RIGHT)
    assert scene.game == list(games())[1]
    d.frame()
    assert pygame.image.tobytes(first, "RGB") != pygame.image.tobytes(d.app.screen, "RGB")
    d.click(scene.tabs[0].rect.center)
    assert scene.game == "shithead"
