"""The registry of games: one module per game, each exposing ``GAME``.

A game is registered by existing: the table shows only games whose module is here, so adding a
sixth game means adding its module name below and its layout, nothing else.
"""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache

from cardtable.engine.protocol import Game

GAME_MODULES = ("shithead", "cunt_soul", "cersei", "fscking_ace", "takku_sum")


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r}; known: {', '.join(games())}"


@cache
def games() -> dict[str, Game]:
    """Registered games by name, in the order of the title screen."""
    found: dict[str, Game] = {}
    for module in GAME_MODULES:
        if importlib.util.find_spec(f"cardtable.games.{module}") is None:
            continue
        game = importlib.import_module(f"cardtable.games.{module}").GAME
        found[game.name] = game
    return found


def get_game(name: str) -> Game:
    try:
        return games()[name]
    except KeyError:
        raise UnknownGame(name) from None


def module_of(game: Game) -> str:
    """The module name of ``game`` (its bots live in ``cardtable.ai.<module>``)."""
    return type(game).__module__.rsplit(".", 1)[-1]
