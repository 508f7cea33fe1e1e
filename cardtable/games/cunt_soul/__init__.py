"""Cunt-Soul (seed 000, rulings in shared/rulings/cunt-soul.md, pile diagram 000_cs-layout.png).

Everything about Cunt-Soul lives in this folder: game.py, bots.py, search.py, table.py, rules.md."""

from cardtable.games.cunt_soul.game import GAME

__all__ = ["GAME"]
