"""Whether a player meets a game for the first time (then the table opens How to play)."""

from __future__ import annotations

from typing import Any

from cardtable.engine.protocol import Game


def first_time(app: Any, game: Game) -> bool:
    """Whether the game is opened for the first time; notes in the settings that it now has been.
    An app that keeps no settings on disk (a screenshot, a benchmark) could not remember, so it
    never counts as a first time."""
    seen = app.settings.how_to_play_seen
    if game.name in seen or app.paths is None:
        return False
    app.settings.how_to_play_seen = [*seen, game.name]
    app.save_settings()
    return True
