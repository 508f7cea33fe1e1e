"""Cersei's search hooks: none, it is a game of luck."""

from __future__ import annotations

from cardtable.ai.search_hooks import Hooks

HOOKS = Hooks(search_useful=False)  # rulings 3.7: luck only; random Assassin picks (issue 8)
