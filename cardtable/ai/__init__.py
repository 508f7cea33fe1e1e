"""Bots: they see only a seat's view (a redacted state), never the full state.

Each game's bots live in its folder's ``bots.py`` as a ``BOTS`` dict (at least "heuristic");
"random" and the levels easy/normal/hard/expert work for every game, and a game's ``search.py``
may name another bot for a level (``LEVELS``). A game's ``BOTS["rollout"]``, where it has one, is
the playout policy of Hard and Expert (the yardsticks always play out with the heuristic).
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.ai.base import Bot, RandomBot
from cardtable.ai.levels import level_factories
from cardtable.ai.search_hooks import NO_HOOKS
from cardtable.games import get_game, part


class UnknownBot(KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


def bot_kinds(game_name: str) -> dict[str, Callable[[int], Bot]]:
    """Every bot this game offers, by name: random, the game's own, and the four levels."""
    game = get_game(game_name)
    kinds: dict[str, Callable[[int], Bot]] = {"random": RandomBot}
    bots, search = part(game, "bots"), part(game, "search")
    kinds.update(getattr(bots, "BOTS", {}))
    hooks = getattr(search, "HOOKS", NO_HOOKS)
    heuristic = kinds.get("heuristic", RandomBot)
    kinds.update(level_factories(heuristic, hooks.search_useful, kinds.get("rollout", heuristic)))
    kinds.update(getattr(search, "LEVELS", {}))
    return kinds


def make_bot(game_name: str, kind: str, seed: int = 0) -> Bot:
    kinds = bot_kinds(game_name)
    if kind not in kinds:
        raise UnknownBot(f"unknown bot {kind!r} for {game_name}; known: {', '.join(kinds)}")
    return kinds[kind](seed)
