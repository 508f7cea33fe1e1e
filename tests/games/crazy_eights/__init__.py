"""Crazy Eights, the test-only sixth game: it lives only here and joins the registry through the
``CARDTABLE_GAMES`` environment variable, proving a game is one folder (issue 13 item 7).

Everything about it lives in this folder: game.py, bots.py, search.py, table.py, rules.md."""

from cardtable.games.crazy_eights.game import GAME

__all__ = ["GAME"]
