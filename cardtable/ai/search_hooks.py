"""A game's search hooks, found through the registry. The hooks themselves (what each may say) are
declared in the engine (``cardtable.engine.search_hooks``), so a game's ``search.py`` depends on the
engine only; these names stay importable from here for the code built on ``cardtable.ai``."""

from __future__ import annotations

from typing import Any

from cardtable.engine.protocol import State
from cardtable.engine.search_hooks import NO_HOOKS, Hooks, Rewards, result_rewards
from cardtable.games import part

__all__ = ["NO_HOOKS", "Hooks", "Rewards", "hooks_for", "result_rewards"]


def hooks_for(state: State) -> Hooks[Any]:
    """The search hooks of ``state``'s game (its folder's ``search.py``), or none."""
    module = part(state.game, "search")
    return getattr(module, "HOOKS", NO_HOOKS) if module is not None else NO_HOOKS
