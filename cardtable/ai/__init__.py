"""Bots: they see only a seat's view (a redacted state), never the full state.

Each game's bots live in ``cardtable.ai.<game module>`` as a ``BOTS`` dict (at least
"heuristic"); "random" and the levels easy/normal/hard/expert work for every game.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable

from cardtable.ai.base import Bot, RandomBot
from cardtable.ai.levels import level_factories
from cardtable.ai.search_hooks import HOOKS, NO_HOOKS
from cardtable.games import get_game, module_of


class UnknownBot(KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


def bot_kinds(game_name: str) -> dict[str, Callable[[int], Bot]]:
    """Every bot this game offers, by name: random, the game's own, and the four levels."""
    kinds: dict[str, Callable[[int], Bot]] = {"random": RandomBot}
    module = f"cardtable.ai.{module_of(get_game(game_name))}"
    if importlib.util.find_spec(module) is not None:
        kinds.update(importlib.import_module(module).BOTS)
    heuristic = kinds.get("heuristic", RandomBot)
    kinds.update(level_factories(heuristic, HOOKS.get(game_name, NO_HOOKS).search_useful))
    if game_name == "fscking-ace":
        from cardtable.ai.fscking_ace_exact import ExactBot

        # The exact flip-or-stop DP (issue 8) answers in milliseconds and is optimal for the
        # one-turn objective the expected-value rule approximates (the rule falls 2.9% short of
        # it and decides differently in ~10% of decisions); at the table the gain is within noise
        # (+$0.44 a round [-1.58, +2.45], scripts/fscking_ace_exact_check.py --deals 40).
        kinds["exact"] = kinds["hard"] = kinds["expert"] = ExactBot
    return kinds


def make_bot(game_name: str, kind: str, seed: int = 0) -> Bot:
    kinds = bot_kinds(game_name)
    if kind not in kinds:
        raise UnknownBot(f"unknown bot {kind!r} for {game_name}; known: {', '.join(kinds)}")
    return kinds[kind](seed)
