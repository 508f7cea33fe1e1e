"""The join cards (issue 18): each phone seat's QR code encodes its own address, and is drawn
where its card is, legibly, until the phone is there."""

from __future__ import annotations

import pygame
import pytest

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


def test_the_typed_address_is_shown_whole_however_narrow_the_card() -> None:
    """The address under a code is for a phone whose camera does not read codes: a player types
    it, so no part of it may be dropped (the computer's part was, on a card with three lines of
    it) and every line stays inside the card, clear of its edge."""
    from cardtable.ui import text
    from cardtable.ui.phones import ADDRESS_LINES, address_lines, fitted_address

    pygame.init()
    address = "192.168.100.200:33323/s/CsXjHMHMY4EEoz1FSeU-U5gv"
    assert address_lines(address, 13, 2000) == [address]
    lines = address_lines(address, 13, 200)
    assert lines[0] == "192.168.100.200:33323" and lines[1].startswith("/s/")
    for width in (60, 90, 120, 160, 200, 260):
        size, lines = fitted_address(address, 14, width)
        assert "".join(lines) == address
        assert all(text.text_size(line, size)[0] <= width for line in lines)
        assert len(lines) <= ADDRESS_LINES or size == 9


def test_seven_waiting_phones_each_show_the_whole_address_inside_their_card() -> None:
    from cardtable.ui import text
    from cardtable.ui.phones import MIN_MODULE, card_text

    pygame.init()
    surface = pygame.Surface((1280, 800))
    area = pygame.Rect(143, 87, 784, 378)  # the shade over the table at 1280x800, seven phones waiting
    for n in (1, 4, 7):
        surface.fill((0, 0, 0))
        cards = [JoinCard(f"P{i}", f"http://192.168.100.200:33323/s/CsXjHMHMY4EEoz1FSeU-U5g{i}", False, False)
                 for i in range(n)]
        rects = draw_join_cards(surface, area, cards, 18)
        for card, r in zip(cards, rects, strict=True):
            t = card_text(card, r, 18)
            assert "".join(t.address) == card.url.removeprefix("http://")
            # a code big enough to scan, and the code, the words and the address stacked inside
            assert t.module >= MIN_MODULE, (n, t)
            words = (len(t.status) * text.line_height(t.status_px)
                     + len(t.address) * text.line_height(t.address_px))
            stack = 9 + t.module * len(qr_matrix(card.url)) + 4 + words + 4
            assert stack <= r.h, (n, t, r)
            # nothing but the card's own border within a few pixels of its left and right edges
            for x in (r.x + 4, r.x + 6, r.right - 7, r.right - 5):
                column = {surface.get_at((x, y))[:3] for y in range(r.y + 12, r.bottom - 12)}
                assert len(column) == 1, (n, r, x, column)


def test_a_waiting_code_is_encoded_once_not_every_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    """Encoding a code costs some 5 ms; the join cards are drawn every frame while phones wait, so a
    table of seven waiting phones drew at 32 ms a frame when each frame encoded every code again."""
    from cardtable.ui import phones

    calls: list[str] = []

    def counting(url: str) -> list[list[bool]]:
        calls.append(url)
        return qr_matrix(url)

    monkeypatch.setattr(phones, "qr_matrix", counting)
    phones._matrix_len.cache_clear()
    phones.qr_surface.cache_clear()
    pygame.init()
    surface = pygame.Surface((1280, 800))
    cards = [JoinCard(f"P{i}", f"http://192.0.2.2:36063/s/frameframeframeframe{i}", False, False)
             for i in range(7)]
    draw_join_cards(surface, pygame.Rect(143, 87, 784, 378), cards, 18)
    first = len(calls)
    assert 7 <= first <= 14  # each code encoded for its size and its picture, once
    for _ in range(5):
        draw_join_cards(surface, pygame.Rect(143, 87, 784, 378), cards, 18)
    assert len(calls) == first


def test_fourteen_waiting_phones_take_turns_with_codes_big_enough_to_scan() -> None:
    """Fscking Ace seats fifteen: fourteen codes over a 1280x800 table were too small to scan (one
    pixel a module). As many cards are drawn as keep every code scannable, and a last card names
    the phones still to come; as the first phones join, the next codes come up in their place."""
    from cardtable.ui.phones import MIN_MODULE, card_text, waiting_note

    pygame.init()
    surface = pygame.Surface((1280, 800))
    area = pygame.Rect(143, 87, 784, 378)
    cards = [JoinCard(name, f"http://192.168.100.200:33323/s/CsXjHMHMY4EEoz1FSeU-U5g{i}", False, False)
             for i, name in enumerate(["Bea", "Cal", "Dot", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo",
                                       "Kit", "Lu", "Mo", "Ned", "Oz"])]
    rects = draw_join_cards(surface, area, cards, 18)
    assert 4 <= len(rects) < 14
    for card, r in zip(cards, rects, strict=False):
        assert card_text(card, r, 18).module >= MIN_MODULE
        assert surface.get_at(r.center)[:3] != (0, 0, 0)  # drawn there
    later = cards[len(rects):]
    assert waiting_note(later) == f"{later[0].name}, {later[1].name} and {len(later) - 2} more: " \
                                  "your codes come up here as these phones join."
    # the first four phones join: their cards go, and the next codes come up (here all ten left)
    after = draw_join_cards(surface, area, cards[4:], 18)
    assert len(after) == 10
    assert all(card_text(c, r, 18).module >= MIN_MODULE for c, r in zip(cards[4:], after, strict=False))
    assert waiting_note(cards[-1:]) == "Oz: your codes come up here as these phones join."


def test_a_waiting_code_says_the_address_may_be_typed_and_shows_it_as_big_as_its_words() -> None:
    """One phone waiting at 1280x800: the address under the code was smaller than the words and
    dim, hard to read to type in; it is the words' size, and the words say it may be typed."""
    from cardtable.ui.phones import card_rects, card_text

    card = JoinCard("Bea", "http://192.0.2.2:33933/s/4cy3eb5kg9p53mhtr45zu5nrux", False, False)
    r = card_rects(pygame.Rect(143, 87, 784, 360), 1)[0]
    t = card_text(card, r, 16)
    assert " ".join(t.status) == "Bea: scan with your phone's camera, or type the address below"
    assert t.address_px == t.status_px and "".join(t.address) == card.url.removeprefix("http://")
