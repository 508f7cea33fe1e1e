"""The join cards (issue 18): each phone seat's QR code encodes its own address, and is drawn
where its card is, legibly, until the phone is there."""

from __future__ import annotations

import pygame

from cardtable.net.qr import qr_matrix
from cardtable.ui.phones import JoinCard, card_rects, draw_join_cards, qr_surface


def test_the_qr_code_carries_the_address_and_is_drawn_module_for_module() -> None:
    url = "http://192.168.1.20:45678/s/abcdefghijklmnopqrstuvwx"
    matrix = qr_matrix(url)
    img = qr_surface(url, 3)
    assert img.get_width() == len(matrix) * 3
    for y in (0, 4, len(matrix) // 2, len(matrix) - 5):
        for x in range(len(matrix)):
            dark = img.get_at((x * 3 + 1, y * 3 + 1))[:3] == (0, 0, 0)
            assert dark == matrix[y][x]


def test_join_cards_fit_their_area_without_overlapping_at_every_count() -> None:
    area = pygame.Rect(100, 80, 1000, 600)
    for n in range(1, 9):
        rects = card_rects(area, n)
        assert len(rects) == n
        assert all(area.contains(r) for r in rects)
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


def test_a_waiting_phone_shows_its_code_and_a_joined_one_does_not() -> None:
    pygame.init()
    surface = pygame.Surface((1280, 800))
    surface.fill((0, 0, 0))
    cards = [JoinCard("Ann", "http://10.0.0.2:5000/s/tokentokentokentokenA", False, False),
             JoinCard("Bea", "http://10.0.0.2:5000/s/tokentokentokentokenB", True, True)]
    rects = draw_join_cards(surface, pygame.Rect(0, 0, 1280, 800), cards, 18)
    white = [sum(1 for x in range(r.x, r.right, 2) for y in range(r.y, r.bottom, 2)
                 if surface.get_at((x, y))[:3] == (255, 255, 255)) for r in rects]
    assert white[0] > 2000 and white[1] < 200
    assert JoinCard("Bea", "", False, True).status == "Waiting for Bea's phone"
