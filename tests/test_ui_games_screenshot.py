"""`cardtable screenshot` draws every game's table: a PNG with cards on the felt."""

from __future__ import annotations

import pygame
import pytest

from cardtable.games import games
from cardtable.ui.screenshot import take_screenshot


@pytest.mark.parametrize("game", list(games()))
def test_the_screenshot_command_draws_every_game(game, tmp_path):
    out = tmp_path / f"{game}.png"
    take_screenshot(out, game, games()[game].default_players, 3, 12, (960, 600))
    image = pygame.image.load(str(out))
    assert image.get_size() == (960, 600)
    white = sum(
        1 for x in range(0, 760, 8) for y in range(0, 600, 8) if min(image.get_at((x, y))[:3]) > 235
    )
    assert white > 20  # card faces on the table, not just the felt
