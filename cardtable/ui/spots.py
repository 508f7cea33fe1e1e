"""Where a small label goes beside the cards it counts: a pure function of rectangles, so the
table's count badges and a panel's pile badges are placed alike and tested without a window."""

from __future__ import annotations

import pygame

Rect = pygame.Rect

SIDES = ("right", "left", "below", "above")


def count_spot(size: tuple[int, int], fan: list[Rect], others: list[Rect], table: Rect,
               sides: tuple[str, ...] = SIDES) -> Rect:
    """Where a count badge of ``size`` goes for the cards ``fan``: right of them at their top
    corner, else left of them, else under or over them (in the order of ``sides``): the first
    place on the table that covers none of ``others`` (every card lying on the table, the
    markers, the badges drawn before)."""
    cards = fan[0].unionall(fan[1:])
    box = Rect((0, 0), size)
    gap = 3
    places = {"right": ("topleft", (cards.right + gap, cards.y + gap)),
              "left": ("topright", (cards.x - gap, cards.y + gap)),
              "below": ("midtop", (cards.centerx, cards.bottom + gap)),
              "above": ("midbottom", (cards.centerx, cards.y - gap))}
    for side in sides:
        name, at = places[side]
        setattr(box, name, at)
        if table.contains(box) and box.collidelist(others) < 0:
            return box.copy()
    name, at = places[sides[0]]  # nowhere clear: on its first side, on the table
    setattr(box, name, at)
    return box.clamp(table)
