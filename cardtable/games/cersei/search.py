"""Cersei's search hooks: none, it is a game of luck."""

from __future__ import annotations

from cardtable.engine.search_hooks import Hooks
from cardtable.games.cersei.game import CerseiState

HOOKS = Hooks[CerseiState](search_useful=False)  # rulings 3.7: luck only; random Assassin picks (issue 8)
