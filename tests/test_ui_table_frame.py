"""Drawing takes a frame record, not the scene (issue 23, "Table parts take data"): the table
builds a ``TableFrame`` once a frame and the drawing reads only that."""

from __future__ import annotations

import pygame
import pytest
from ui_driver import Driver, rig, seats, sprite_of, to_turn

from cardtable.engine.cards import parse_card, parse_cards
from cardtable.runner.match import Match
from cardtable.ui import theme
from cardtable.ui.scenes.table import TableScene
from cardtable.ui.table import frame


def lit_pile_pixel(table: TableScene) -> tuple[int, int]:
    """A point on the left edge of the pile's outline, which is lit when the selection may go there."""
    p = table.placement
    assert p is not None
    slot = p.zones["play"].slot.inflate(6, 6)
    return slot.x + 1, slot.centery


def test_a_frame_record_draws_the_table_with_no_scene_and_lights_the_pile(monkeypatch: pytest.MonkeyPatch):
    d = Driver()
    table = d.table(Match("shithead", seats("human", "bot", "bot", "bot"), seed=11, dealer=3))
    to_turn(d, table)
    nine = parse_card("9c")
    rig(table, 0, parse_cards("7h 9c Ks"), parse_cards("5d"))
    d.frame()
    at = lit_pile_pixel(table)
    assert pygame.display.get_surface().get_at(at)[:3] == theme.FELT_LINE  # nothing chosen: not lit
    d.click(sprite_of(table, nine).rect.center)
    assert table.selection == {nine}
    by_scene = pygame.display.get_surface().copy()
    assert by_scene.get_at(at)[:3] == theme.LEGAL  # the nine may go on the pile: it is lit

    shown = frame.built(table)
    assert shown is not None and "play" in shown.legal_zones and shown.selection == {nine}
    art, caches, drawn_before = table.card_art, table.art, list(table.drawn)

    # From here on the scene cannot be read: the record alone draws the same frame.
    def no_scene(self: object, name: str) -> object:
        raise AssertionError(f"drawing read the scene's {name}")

    monkeypatch.setattr(TableScene, "__getattribute__", no_scene)
    surface = pygame.Surface(by_scene.get_size())
    drawn = frame.draw(surface, shown, art, caches)
    monkeypatch.undo()

    assert surface.get_at(at)[:3] == theme.LEGAL
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(by_scene, "RGB")
    assert drawn == drawn_before
    assert not any(v is table for v in vars(shown).values())
