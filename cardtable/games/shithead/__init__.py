"""Shithead, Sainsbury's Winnersh rules (seed 001, rulings in shared/rulings/shithead.md).

Everything about Shithead lives in this folder: game.py, bots.py, search.py, table.py, rules.md."""

from cardtable.games.shithead.game import GAME

__all__ = ["GAME"]
