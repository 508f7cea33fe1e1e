"""Every game's table at every offered Interface size and window size from 960×600 to 3840×2160
(issue 16 items 5 and 6): bots play on and every frame draws without a crash, the text of the
table's buttons, prompt, banners, plates and log stays in its box, and boxes do not overlap."""

from __future__ import annotations

import pytest
from fit_checks import SCALES, SIZES, noting_text, text_problems
from ui_driver import Driver

from cardtable.games import games, get_game
from cardtable.runner.match import Match, Seat
from cardtable.ui.seating import DEFAULT_NAMES as NAMES
from cardtable.ui.seating import seats_offered


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("game", list(games()))
def test_the_table_draws_and_fits_at_every_scale_and_size(game, scale):
    """Each scale meets two window sizes and each size every scale (in turn, to keep it quick)."""
    g = get_game(game)
    k = SCALES.index(scale)
    for i, size in enumerate([SIZES[k % len(SIZES)], SIZES[(k + 3) % len(SIZES)]]):
        players = seats_offered(g)[-1 if i == 0 else 0]
        d = Driver(size=size, ui_scale=scale)
        match = Match(game, [Seat(NAMES[0])] + [Seat(n, "bot") for n in NAMES[1:players]], seed=i)
        noting_text(d.app)
        table = d.table(match)
        for _ in range(8):
            d.settle(limit=120)
            if match.state.is_over or d.app.top is not table:
                break
            # the frame the table last drew: nothing changed since (no time passed, no input)
            assert text_problems(d.app, last=True) == [], (size, len(match.actions))
            if not match.is_bot(match.state.to_move):
                table.apply(match.legal()[0])
            d.frame()


@pytest.mark.parametrize("game", list(games()))
def test_a_hand_edited_interface_size_of_300_percent_draws_as_200(game):
    """The settings file allows up to 3.0 (it crashed Takku-Sum's first frame): drawn at 2.0."""
    big, most = Driver(ui_scale=3.0), Driver(ui_scale=2.0)
    seats = [Seat(NAMES[0])] + [Seat(n, "bot") for n in NAMES[1:get_game(game).default_players]]
    tables = [d.table(Match(game, seats, seed=2)) for d in (big, most)]
    big.frames(3)
    assert tables[0].placement.text_px == tables[1].placement.text_px
