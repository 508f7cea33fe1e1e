"""The application icon: a fan of three cards (a back, the ace of hearts, the ace of spades).

Drawn by our own code at any size. The fan is composed at several times the size (cards from
``CardArt`` at that width, turned with ``rotozoom``) and box-filtered down. Below 64 pixels
the corner indices would be noise, so the small icon shows plain cards with one big pip each.
"""

from __future__ import annotations

import pygame

from cardtable.engine.cards import ACE, HEARTS, SPADES, make_card
from cardtable.ui.card_art import BLACK, RED, CardArt, card_height
from cardtable.ui.suits import suit_stamp

SUPERSAMPLE = 4
"""For icons below 64 pixels; larger ones are drawn at twice their size (the cards are already
antialiased; the extra resolution only smooths the turned edges)."""
FAN_DEGREES = (26.0, 0.0, -26.0)
"""Turn of the back, the heart and the spade (counter-clockwise positive, as pygame has it)."""
CARD_WIDTH = 0.43
"""Card width as a fraction of the icon (before the fan is fitted to the square)."""
MARGIN = 0.02
"""Free border around the fan, as a fraction of the icon."""


def draw_icon(size: int) -> pygame.Surface:
    """The icon, ``size`` pixels square, with per-pixel alpha."""
    size = max(16, int(size))
    big = size * (SUPERSAMPLE if size < 64 else 2)
    width = round(big * CARD_WIDTH)
    art = CardArt(back_colour="blue")
    detailed = size >= 64
    cards = [
        art.back(width),
        art.face(make_card(ACE, HEARTS), width) if detailed else _plain(art, width, HEARTS, RED),
        art.face(make_card(ACE, SPADES), width) if detailed else _plain(art, width, SPADES, BLACK),
    ]
    canvas = pygame.Surface((big * 2, big * 2), pygame.SRCALPHA)
    canvas.fill((0, 0, 0, 0))
    # The cards turn about a point below their bottom edge, like a hand of cards held low.
    height = card_height(width)
    pivot = pygame.Vector2(big, big * 1.6)
    centre_offset = pygame.Vector2(0, -(big * 0.3 + height / 2))
    shadow_shift = pygame.Vector2(big * 0.012, big * 0.018)
    for card, angle in zip(cards, FAN_DEGREES, strict=True):
        turned = pygame.transform.rotozoom(card, angle, 1.0)
        centre = pivot + centre_offset.rotate(-angle)
        shadow = turned.copy()
        shadow.fill((0, 0, 0, 90), special_flags=pygame.BLEND_RGBA_MIN)
        canvas.blit(shadow, shadow.get_rect(center=centre + shadow_shift))
        canvas.blit(turned, turned.get_rect(center=centre))
    # Fit the fan to the square with a small margin, centred.
    fan = canvas.subsurface(canvas.get_bounding_rect())
    scale = size * (1 - 2 * MARGIN) / max(fan.get_size())
    fitted = pygame.transform.smoothscale(
        fan, (max(1, round(fan.get_width() * scale)), max(1, round(fan.get_height() * scale))))
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    icon.fill((0, 0, 0, 0))
    icon.blit(fitted, fitted.get_rect(center=(size / 2, size / 2)))
    return icon


def _plain(art: CardArt, width: int, suit: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A card with only a large pip, for icons too small to show a corner index."""
    card = art.blank(width).copy()
    pip = suit_stamp(suit, round(width * 0.66), colour)
    card.blit(pip, pip.get_rect(center=card.get_rect().center))
    return card
