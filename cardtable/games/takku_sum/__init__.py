"""Takku-Sum: a climbing game where a Direction (Up, Down or Undecided) says what may follow.

Everything about Takku-Sum lives in this folder: game.py, bots.py, search.py, table.py, rules.md."""

from cardtable.games.takku_sum.game import GAME

__all__ = ["GAME"]
