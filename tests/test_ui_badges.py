"""A badge (a count or value beside a pile) stays whole on the window: at 200% the Fscking Ace
seat at the table's left edge had its "cards · money" badge cut off by the window's edge."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from cardtable.ui import theme
from cardtable.ui.panels.draw import badge


def test_a_badge_at_the_edge_is_moved_inside_the_window() -> None:
    pygame.init()
    surface = pygame.Surface((400, 200))
    surface.fill((0, 0, 0))
    r = badge(surface, "2 · $2", (0, 100), 28)
    assert surface.get_rect().contains(r) and r.left == 0
    assert surface.get_at((r.left + r.w // 2, r.top + 2))[:3] == theme.ACCENT[:3]
    r = badge(surface, "12 · $140", (400, 200), 28)
    assert surface.get_rect().contains(r) and r.right == 400 and r.bottom == 200


def test_a_caption_in_a_narrow_middle_is_made_smaller_not_cut_inside_a_word() -> None:
    """At 200% in a 1280x800 window Cersei's caption read "Ash'" over "s": a word cut in two."""
    from cardtable.ui.panels.draw import _wrapped

    pygame.init()
    size, lines = _wrapped("Ash's Diplomat (9♦) wins", 30, 100)
    assert size < 30 and " ".join(lines).split() == ["Ash's", "Diplomat", "(9♦)", "wins"]
