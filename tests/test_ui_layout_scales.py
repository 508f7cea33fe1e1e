"""Every game's table at every offered Interface size and every window size from 960×600 to
3840×2160 (issue 16 item 5), and Fscking Ace's table with up to 15 seats (issue 14 item 4)."""

from __future__ import annotations

import pytest
from fit_checks import SCALES, SIZES
from table_checks import layout_problems

from cardtable.games import games, get_game, layout_of
from cardtable.ui import theme
from cardtable.ui.layout import compute
from cardtable.ui.seating import MAX_SEATS


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("game", list(games()))
def test_every_table_lays_out_at_every_scale_and_size(game, scale):
    g = get_game(game)
    for players in range(g.min_players, min(g.max_players, MAX_SEATS) + 1):
        for size in SIZES:
            assert layout_problems(game, players, size, 0, scale) == [], (players, size)


@pytest.mark.parametrize("players", range(11, MAX_SEATS + 1))
@pytest.mark.parametrize("scale", [1.0, 1.25, 1.75, 2.0])
def test_fifteen_seats_fit_round_the_fscking_ace_table(players, scale):
    """The layout alone: the engine's seat limit is the game's own business."""
    for size in SIZES:
        assert layout_problems("fscking-ace", players, size, players // 2, scale) == [], size


def test_fifteen_seats_are_legible_at_1280_by_800():
    p = compute(layout_of(get_game("fscking-ace")), (1280, 800), 15, 0, 1.0)
    assert min(z.card_w for z in p.zones.values()) >= theme.MIN_CARD_WIDTH - 8
    assert p.text_px == theme.text_px((1280, 800))  # the names keep their size
    assert min(r.w for r in p.plates.values()) >= p.text_px * 3


def test_a_large_interface_widens_the_log_column():
    """(In a window with room for 200 %: a smaller one offers no more than keeps the cards readable.)"""
    spec = layout_of(get_game("cunt-soul"))
    small = compute(spec, (1920, 1080), 4, 0, 1.0).log_rect
    large = compute(spec, (1920, 1080), 4, 0, 2.0).log_rect
    assert small.w * 1.5 < large.w <= round(1920 * 0.32)


def test_a_crowded_small_table_takes_its_text_down_rather_than_overlap():
    spec = layout_of(get_game("cunt-soul"))
    p = compute(spec, (960, 600), 8, 0, 2.0)
    assert theme.text_px((960, 600)) * 0.8 <= p.text_px < theme.text_px((960, 600), 2.0)


@pytest.mark.parametrize("scale", SCALES)
def test_the_side_column_has_a_line_for_every_one_of_fifteen_seats(scale):
    """The balance sheet lists every seat: with 15 seats the text is taken down until it can."""
    from cardtable.ui.layout import SIDE_LINE, SIDE_TEXT

    for size in SIZES:
        p = compute(layout_of(get_game("fscking-ace")), size, MAX_SEATS, 0, scale)
        line = round(round(p.text_px * SIDE_TEXT) * SIDE_LINE)
        assert (MAX_SEATS + 8) * line <= size[1], size
