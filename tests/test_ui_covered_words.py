"""Nothing drawn over the table hides the words written by its middle places: a hint's notice and
a pile's tooltip keep off the labels, the meters and a marker's word (walk of session 17)."""

from __future__ import annotations

import pygame
import pytest
from ui_driver import Driver, ask_hint, seats

from cardtable.runner.match import Match
from cardtable.ui.table import notice as notices
from cardtable.ui.table.labels import place_words, table_words
from cardtable.ui.timings import TOOLTIP_DELAY


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_hint_leaves_cerseis_count_under_the_pot_in_sight(size, monkeypatch):
    """Heads-up Cersei, Hint: its words went just above the prompt, over "Cersei 0/3" (rulings 3.6:
    the game ends after the round of the third Cersei), the count a player watches."""
    drawn: list[pygame.Rect] = []
    draw = notices.notice
    monkeypatch.setattr(notices, "notice", lambda *a, **k: drawn.append(draw(*a, **k)))
    d = Driver(size=size)
    table = d.table(Match("cersei", seats("human", "bot"), seed=1, dealer=0))
    d.settle()
    ask_hint(d, table)
    assert table.shown_notice is not None and table.shown_notice[0].startswith("Hint: flip the top card")
    d.app.draw()
    p = table.board.placement
    count = place_words(p, "pot")[-1]  # the meter under the pot: "Cersei 0/3"
    assert p.meters.get("pot", (0, False))[0] and drawn
    assert not drawn[-1].colliderect(count), (drawn[-1], count)
    assert drawn[-1].collidelist(table_words(p)) < 0
    assert p.table_rect.contains(drawn[-1])


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_a_piles_tooltip_leaves_its_own_label_in_sight(size):
    """Fscking Ace: the pack's words ("The pack: flip its top card...") came up over "Pack" and the
    discards' over "Discards"; the words by the piles stay readable under a pile's tooltip."""
    d = Driver(size=size)
    table = d.table(Match("fscking-ace", seats("human", "bot", "bot"), seed=3, dealer=0))
    d.settle()
    d.frame()
    p = table.board.placement
    for zone in ("pack", "discard"):
        d.post(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0))
        d.frames(2, TOOLTIP_DELAY)
        d.post(pygame.MOUSEMOTION, pos=p.zones[zone].rect.center, rel=(0, 0), buttons=(0, 0, 0))
        d.frames(5, TOOLTIP_DELAY / 3)
        d.app.draw()
        box = table.comforts.tooltip.box
        assert box is not None and table.comforts.tooltip.words, zone
        assert box.collidelist(place_words(p, zone)) < 0, (zone, box, place_words(p, zone))
        assert box.collidelist(table_words(p)) < 0, zone
