"""Issue 23 item 8, the table's layout as a newcomer met it: the own rows beside the hand, two-seat
tables and Cersei / Fscking Ace using the whole table and centred, count badges beside their cards
and never over one. Checked on layout rectangles and on the rectangles a real frame drew."""

from __future__ import annotations

import pygame
import pytest
from ui_driver import Driver

from cardtable.games import games, get_game, layout_of
from cardtable.runner.match import Match, Seat
from cardtable.ui import theme
from cardtable.ui.layout import compute
from cardtable.ui.placing import READABLE_CARD, largest_scale
from cardtable.ui.seating import DEFAULT_NAMES as NAMES
from cardtable.ui.spots import count_spot
from cardtable.ui.table import render

SIZES = [(1280, 800), (1920, 1080), (2560, 1440)]
WITH_ROWS = ["shithead", "cunt-soul", "takku-sum"]
"""The games whose seat has rows, decks or fans beside a hand."""


def _own_rows(p, spec, viewer: int) -> pygame.Rect:
    rows = [p.zones[f"{z.name}/{viewer}"].rect for z in spec.seat_zones if z.style != "hand"]
    return rows[0].unionall(rows[1:])


@pytest.mark.parametrize("game", WITH_ROWS)
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_own_rows_sit_beside_the_hand_and_both_are_centred(game, scale):
    spec = layout_of(get_game(game))
    g = get_game(game)
    for players in range(g.min_players, min(g.max_players, 5) + 1):
        for size in SIZES:
            p = compute(spec, size, players, 0, scale)
            rows = _own_rows(p, spec, 0)
            for count in (3, 5, 8):
                hand = p.card_rects("hand/0", count)
                between = hand[0].x - rows.right
                assert 0 < between <= p.card_w * 0.3, (players, size, count, rows, hand[0])
            few = rows.union(p.card_rects("hand/0", 5)[-1])
            assert abs(few.centerx - p.table_rect.centerx) <= p.card_w, (players, size, few)


@pytest.mark.parametrize("game", [g for g in games() if get_game(g).min_players == 2])
def test_a_lone_opponent_has_cards_as_big_as_the_viewers(game):
    spec = layout_of(get_game(game))
    for size in SIZES:
        p = compute(spec, size, 2, 0)
        for z in spec.seat_zones:
            assert p.zones[f"{z.name}/1"].card_w == p.zones[f"{z.name}/0"].card_w, (z.name, size)


@pytest.mark.parametrize("game, players", [("cersei", 2), ("cersei", 3), ("fscking-ace", 3)])
def test_cersei_and_fscking_ace_fill_the_table_centred(game, players):
    """Seats without a hand are small: across the table they keep most of the viewer's size; the
    middle's fan (the pot, the turn's cards) starts under its label, in the middle of the table."""
    spec = layout_of(get_game(game))
    for size in SIZES:
        p = compute(spec, size, players, 0)
        mine = p.zones[f"{spec.seat_zones[0].name}/0"].card_w
        for s in range(1, players):
            assert p.zones[f"{spec.seat_zones[0].name}/{s}"].card_w >= mine * 0.8, size
        for z in spec.centre_zones:
            if z.style == "fan":
                place = p.zones[z.name]
                (one,) = p.card_rects(z.name, 1)
                assert abs(one.centerx - place.rect.centerx) <= 1 and place.slot == one, (z.name, size)
                three = p.card_rects(z.name, 3)
                assert abs(three[0].union(three[-1]).centerx - place.rect.centerx) <= 1
        everything = pygame.Rect(p.zones[next(iter(p.zones))].rect).unionall(
            [z.rect for z in p.zones.values()])
        assert abs(everything.centerx - p.table_rect.centerx) <= mine // 2, size


def test_a_count_badge_goes_beside_its_cards_and_round_its_neighbours():
    table = pygame.Rect(0, 0, 1000, 800)
    pile = [pygame.Rect(400, 300, 80, 112)]
    right = count_spot((30, 18), pile, pile, table)
    assert right.x > pile[0].right and right.y >= pile[0].y
    neighbour = pygame.Rect(right.x, 300, 80, 112)  # the next pile close on the right
    left = count_spot((30, 18), pile, [*pile, neighbour], table)
    assert left.right < pile[0].x and not left.colliderect(neighbour)
    edge = [pygame.Rect(0, 700, 80, 100)]  # at the table's bottom left corner, a card to its right
    spot = count_spot((30, 18), edge, [*edge, pygame.Rect(84, 700, 80, 100)], table)
    assert table.contains(spot) and spot.collidelist(edge) < 0 and spot.bottom <= 700


def _originals() -> tuple:
    from cardtable.ui.panels import draw as panel_draw

    return render.counts, panel_draw.badge, panel_draw._draw_badge


_ORIGINALS = _originals()


def _badges_over_cards(game: str, players: int, size: tuple[int, int], monkeypatch) -> tuple[int, list[str]]:
    """Play a few moves, draw a frame, and list every count badge (the table's counts and a panel's
    pile badges, not a value told on a card) that covers a card drawn at rest."""
    from cardtable.ui.panels import draw as panel_draw

    placed: list[pygame.Rect] = []
    counts, badge, foot = _ORIGINALS
    monkeypatch.setattr(render, "counts", lambda *a: placed.extend(counts(*a)) or placed)

    def pile_badge(surface, p, b, count, cards):
        if b.on_top is not None:
            return foot(surface, p, b, count, cards)
        monkeypatch.setattr(panel_draw, "badge", lambda *a, **k: placed.append(badge(*a, **k)) or placed[-1])
        try:
            return foot(surface, p, b, count, cards)
        finally:
            monkeypatch.setattr(panel_draw, "badge", badge)

    monkeypatch.setattr(panel_draw, "_draw_badge", pile_badge)
    d = Driver(size=size)
    match = Match(game, [Seat(NAMES[0])] + [Seat(n, "bot") for n in NAMES[1:players]], seed=3)
    table = d.table(match)
    problems: list[str] = []
    for _ in range(6):
        d.settle(limit=200)
        if match.state.is_over or d.app.top is not table:
            break
        placed.clear()
        d.frame()
        cards = [r for f, z, r in table.drawn if z != "drag"]
        problems += [f"{b} over {cards[b.collidelist(cards)]}" for b in placed if b.collidelist(cards) >= 0]
        if not match.is_bot(match.state.to_move):
            legal = match.legal()
            table.apply(next((a for a in legal if a.kind in ("pickup", "stop")), legal[0]))
    return len(placed), problems


@pytest.mark.parametrize("game", list(games()))
def test_count_badges_never_cover_a_card(game, monkeypatch):
    g = get_game(game)
    for players, size in ((g.min_players, (1280, 800)), (min(g.max_players, 4), (1920, 1080))):
        drawn, problems = _badges_over_cards(game, players, size, monkeypatch)
        assert drawn and problems == [], (players, size, problems)


@pytest.mark.parametrize("game, players, moves", [("shithead", 2, 12), ("cunt-soul", 3, 20)])
def test_an_opponents_picked_up_pile_is_marked_known_not_shown_as_an_open_hand(game, players, moves):
    """Shithead: "the player picks up the pile" (everyone saw it): in Bea's hand those cards lie on
    top, framed and marked "known"; her other cards stay backs."""
    from cardtable.engine.seat_events import known_cards
    from cardtable.ui.screenshot import screenshot_match

    match, log = screenshot_match(game, players, 7, moves)
    assert any("picks up the pile" in line for line in log)
    d = Driver()
    table = d.table(match)
    d.frames(3)
    public = table.board.known_to_all()
    assert public and public <= known_cards(match.state.view(0))
    zones = table.board.zones()
    for s in range(1, players):
        hand = zones[f"hand/{s}"]
        mine = [c for c in hand if c in public]
        if mine:  # the known cards on top of the stack, after every back
            assert hand[-len(mine):] == mine and all(c < 0 for c in hand[: -len(mine)])
    sprites = table.compose(d.now)
    surface = pygame.Surface(d.app.screen.get_size())
    marks = render.known(surface, table.placement, sprites, public)
    framed = [s.rect for s in sprites if s.card in public]
    assert marks and all(m.collidelist(framed) >= 0 for m in marks)
    assert all(s.zone.startswith("hand/") and not s.zone.endswith("/0") for s in sprites if s.card in public)


def _size_choice(size: tuple[int, int], scale: float):
    d = Driver(size=size, ui_scale=scale)
    settings = d.app.push("settings")
    d.frame()
    choice = next(w for w in settings.form.widgets if getattr(w, "label", "") == "ui_scale")
    row = next(r for r in settings.page.rows if r.title == "Interface size")
    return choice, " ".join(row.help)


def test_settings_offer_no_interface_size_that_leaves_the_cards_unreadable():
    choice, words = _size_choice((1280, 800), 2.0)
    assert max(choice.options) == largest_scale((1280, 800)) < 2.0 and choice.value == max(choice.options)
    assert "too small to read" in words and "bigger" in words
    choice, words = _size_choice((1920, 1080), 2.0)
    assert max(choice.options) == 2.0 and choice.value == 2.0 and "too small" not in words


@pytest.mark.parametrize("game", list(games()))
def test_at_200_percent_in_a_1280_by_800_window_the_cards_stay_readable(game):
    g = get_game(game)
    spec = layout_of(g)
    for players in {g.min_players, g.default_players}:
        big = compute(spec, (1280, 800), players, 0, 2.0)
        assert big.text_px == compute(spec, (1280, 800), players, 0, largest_scale((1280, 800))).text_px
        assert min(z.card_w for z in big.zones.values()) >= READABLE_CARD, players
    # a window with room for it keeps the full 200 %
    assert compute(spec, (1920, 1080), g.default_players, 0, 2.0).text_px == theme.text_px((1920, 1080), 2.0)


def test_a_tooltip_leaves_the_whole_pile_and_the_marker_with_its_word_in_sight():
    """Pointing at a card low in Cunt-Soul's discard area speaks of the pile too: the box covers
    none of the pile's cards. A tooltip about a marker keeps clear of it and of its word."""
    from cardtable.ui.screenshot import screenshot_match
    from cardtable.ui.table.tooltip import described
    from cardtable.ui.timings import TOOLTIP_DELAY

    match, _ = screenshot_match("cunt-soul", 3, 7, 20)
    d = Driver()
    table = d.table(match)
    d.settle()
    p = table.placement
    pile = [s.rect for s in table.compose(d.now) if s.zone == "discard"]
    assert len(pile) >= 2
    for pos in ((pile[0].x + 6, pile[0].bottom - 12), (pile[0].x + 6, pile[0].y + 12)):
        tip = table.comforts.tooltip
        tip.hide()
        d.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        d.frames(5, TOOLTIP_DELAY / 3)  # the pointer rests past the delay, in five frames
        assert tip.words and tip.box is not None, pos
        assert tip.about.contains(pile[0].unionall(pile[1:]))
        assert tip.box.collidelist(pile) < 0, (pos, tip.box, pile)
    marker = p.zones["direction"].rect
    word = pygame.Rect(marker.x, marker.bottom + 2, marker.w, round(p.text_px * 0.9))  # "clockwise"
    assert described(p, "direction").contains(marker.union(word))
