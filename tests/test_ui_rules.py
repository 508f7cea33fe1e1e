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


def test_every_place_the_table_names_is_named_so_in_its_rule_book():
    """A newcomer reads "burn pile" in Shithead's and Cunt-Soul's rule books and found a place
    labelled "Burnt" at the table: each middle place is called what its book calls it ("Discards"
    for the book's discard pile or discarded cards; Takku-Sum's letters are its diagram's)."""
    import re

    from cardtable.games import parts_of
    from cardtable.games.rulebook import plain

    for name in games():
        parts = parts_of(name)
        book = plain(parts.rule_book).lower()
        for place in parts.layout.centre_zones:
            label = re.sub(r"^[A-Z] · ", "", place.label).lower()
            assert label in book or label.removesuffix("s") in book, (name, place.label)
            if place.name == "burn":  # "burnt" is in the book too, as what happens to the cards
                assert label == "burn pile", (name, place.label)


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
