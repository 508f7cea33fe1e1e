"""Cersei: War with renamed cards and special powers (seed 002, rulings ../shared/rulings/cersei.md).

Everything about Cersei lives in this folder: game.py, bots.py, search.py, table.py, rules.md."""

from cardtable.games.cersei.game import GAME

__all__ = ["GAME"]
