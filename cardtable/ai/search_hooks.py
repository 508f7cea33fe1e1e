"""A game's search hooks, as its parts declare them. The hooks themselves (what each may say) are
declared in the engine (``cardtable.engine.search_hooks``), so a game's ``search.py`` depends on the
engine only; these names stay importable from here for the code built on ``cardtable.ai``."""

from __future__ import annotations

from typing import Any

from cardtable.engine.protocol import State
from cardtable.engine.search_hooks import NO_HOOKS, Hooks, Rewards, result_rewards
from cardtable.games import parts_of

__all__ = ["NO_HOOKS", "Hooks", "Rewards", "hooks_for", "result_rewards"]


def hooks_for(state: State) -> Hooks[Any]:
    """The search hooks ``state``'s game declares."""
    return parts_of(state.game).hooks
