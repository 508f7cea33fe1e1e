"""Fscking Ace: push your luck, bank your cards, and pray someone else turns the A♠.

Everything about Fscking Ace lives in this folder: game.py, bots.py, search.py, table.py, rules.md."""

from cardtable.games.fscking_ace.game import GAME

__all__ = ["GAME"]
