"""The table layout at every supported size: zones inside the window, never on top of each other."""

from __future__ import annotations

import itertools

import pygame
import pytest

from cardtable.games import get_game, layout_of
from cardtable.ui.layout import compute

SIZES = [(960, 600), (1280, 800), (1920, 1080), (3840, 2160)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("ui_scale", [1.0, 1.5])
def test_zones_lie_inside_the_window_and_do_not_overlap(players, size, ui_scale):
    for viewer in range(players):
        p = compute(layout_of(get_game("shithead")), size, players, viewer, ui_scale)
        window = pygame.Rect((0, 0), size)
        # Up cards lie on the down cards by design: a row and the row on it are one place.
        places = {name: z.rect.union(p.zones[z.on].rect) if z.on else z.rect
                  for name, z in p.zones.items() if not z.on}
        places |= {f"plate/{s}": r for s, r in p.plates.items()}
        places["buttons"] = p.buttons_rect
        assert len([n for n in places if n.startswith("hand/")]) == players
        for name, rect in places.items():
            assert p.table_rect.contains(rect) and window.contains(rect), (name, rect)
        for (a, ra), (b, rb) in itertools.combinations(places.items(), 2):
            assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb} ({players} seats at {size})"
        for name in p.zones:
            for card in p.card_rects(name, 12 if name.startswith("hand") else 3):
                assert window.contains(card), (name, card)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_viewer_sits_at_the_bottom_with_the_biggest_cards(players):
    """A lone opponent has the far edge to itself: their cards are as big as the viewer's (issue
    23 item 8); more opponents share the edges with smaller cards."""
    p = compute(layout_of(get_game("shithead")), (1280, 800), players, viewer=1)
    mine = p.zones["hand/1"]
    assert mine.viewer_hand and mine.rect.bottom > 600
    others = [p.zones[f"hand/{s}"] for s in range(players) if s != 1]
    assert all(o.rect.y < mine.rect.y for o in others)
    if players == 2:
        assert others[0].card_w == mine.card_w
    else:
        assert all(o.card_w < mine.card_w for o in others)


def test_a_big_hand_is_squeezed_into_its_fan():
    p = compute(layout_of(get_game("shithead")), (960, 600), 4, 0)
    cards = p.card_rects("hand/0", 30)
    area = p.zones["hand/0"].rect
    assert cards[0].x >= area.x and cards[-1].right <= area.right
