"""Bots: they see only a seat's view (a redacted state), never the full state.

Each game declares its own bots (at least "heuristic") in its parts; "random" and the levels
easy/normal/hard/expert work for every game, and a game may declare another bot for a level
(its parts' ``levels``). A game's bot "rollout", where it declares one, is the playout policy of
Hard and Expert (the yardsticks always play out with the heuristic, as they were measured).
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.ai.base import Bot, RandomBot
from cardtable.ai.levels import level_factories
from cardtable.games import parts_of


class UnknownBot(KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


def bot_kinds(game_name: str) -> dict[str, Callable[[int], Bot]]:
    """Every bot this game offers, by name: random, the game's own, and the four levels."""
    parts = parts_of(game_name)
    kinds: dict[str, Callable[[int], Bot]] = {"random": RandomBot}
    kinds.update(parts.bots)
    heuristic = parts.bots["heuristic"]
    alternate = parts.hooks.alternate
    kinds.update(level_factories(heuristic, parts.hooks.search_useful, parts.bots.get("rollout", heuristic),
                                 None if alternate is None else parts.bots[alternate]))
    kinds.update(parts.levels)
    return kinds


def make_bot(game_name: str, kind: str, seed: int = 0) -> Bot:
    kinds = bot_kinds(game_name)
    if kind not in kinds:
        raise UnknownBot(f"unknown bot {kind!r} for {game_name}; known: {', '.join(kinds)}")
    return kinds[kind](seed)
