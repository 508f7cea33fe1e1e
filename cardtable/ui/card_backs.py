"""Card backs: a diamond lattice with beads where its lines cross, a frame and a medallion, in
one of the named colours, on the card's blank."""

from __future__ import annotations

import pygame

from cardtable.ui.card_figures import RGB, _back_medallion, _Canvas, supersample

BACKS: dict[str, tuple[RGB, RGB, RGB]] = {
    # name: (field, lattice, frame)
    "blue": ((28, 64, 150), (110, 150, 225), (226, 234, 250)),
    "red": ((150, 24, 36), (226, 110, 110), (250, 228, 228)),
    "green": ((18, 100, 58), (100, 190, 130), (226, 246, 232)),
    "purple": ((86, 38, 128), (170, 120, 210), (240, 230, 250)),
    "black": ((30, 30, 34), (120, 120, 128), (232, 232, 236)),
}


def paint_back(surf: pygame.Surface, back_colour: str) -> None:
    """Paint the back named ``back_colour`` over ``surf``, a blank card."""
    field, lattice, frame = BACKS[back_colour]
    w, h = surf.get_size()
    margin = max(2, round(w * 0.06))
    box = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)
    canvas = _Canvas(box.size, supersample(w), field)
    ss = canvas.ss
    big = canvas.surf
    radius = max(2, round(w * 0.035)) * ss
    big.fill((*field, 255))
    # A diamond lattice: two families of diagonal lines, with a bead where they cross.
    step = max(4 * ss, round(w * 0.085 * ss))
    bw, bh = big.get_size()
    thick = max(ss, round(w * 0.008 * ss))
    rise = 1.4  # the diamonds are taller than wide, like the card
    # Lines run through the centre so the pattern is symmetric both ways up.
    cx, cy = bw / 2, bh / 2
    reach = bh / rise / 2 + bw / 2
    for i in range(-round(reach / step) - 1, round(reach / step) + 2):
        x = cx + i * step
        pygame.draw.line(big, lattice, (x - cy / rise, 0), (x + cy / rise, bh), thick)
        pygame.draw.line(big, lattice, (x + cy / rise, 0), (x - cy / rise, bh), thick)
    rows, cols = round(bh / (step * rise)) + 1, round(bw / step) + 1
    for m in range(-rows, rows + 1):
        for n in range(-cols * 2, cols * 2 + 1):
            if (n - m) % 2 == 0:
                pygame.draw.circle(big, frame, (cx + n * step / 2, cy + m * step * rise / 2),
                                   thick * 1.1)
    inset = round(w * 0.035 * ss)
    pygame.draw.rect(big, frame, big.get_rect().inflate(-2 * inset, -2 * inset),
                     max(ss, round(w * 0.012 * ss)), border_radius=max(0, radius - inset))
    _back_medallion(canvas, field, lattice, frame)
    # Round the field's corners: multiply alpha by a rounded mask, keeping the colours.
    mask = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    big.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(canvas.done(), box.topleft)
