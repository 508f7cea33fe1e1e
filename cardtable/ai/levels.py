"""The four levels every game offers at the table: Easy, Normal, Hard, Expert."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.ai.base import Bot
from cardtable.ai.search import SearchBot
from cardtable.engine.protocol import Action, State

LEVELS = ("easy", "normal", "hard", "expert")
EASY_MISTAKE_RATE = 0.3
HARD_MS = 450.0
EXPERT_MS = 1800.0


class EasyBot(Bot):
    """The heuristic bot, but now and then it plays any legal move instead."""

    name = "easy"

    def __init__(self, seed: int, heuristic: Bot) -> None:
        super().__init__(seed)
        self.heuristic = heuristic

    def decide(self, view: State, legal: list[Action]) -> Action:
        if self.rng.random() < EASY_MISTAKE_RATE:
            return self.rng.choice(legal)
        return self.heuristic.decide(view, legal)


def level_factories(heuristic: Callable[[int], Bot]) -> dict[str, Callable[[int], Bot]]:
    """Bot factories by level, built on a game's heuristic bot (the random bot if it has none)."""
    def easy(seed: int) -> Bot:
        return EasyBot(seed, heuristic(seed + 1))

    def hard(seed: int) -> Bot:
        return SearchBot(seed, ms=HARD_MS, rollout=heuristic(seed + 1))

    def expert(seed: int) -> Bot:
        return SearchBot(seed, ms=EXPERT_MS, rollout=heuristic(seed + 1))

    return {"easy": easy, "normal": heuristic, "hard": hard, "expert": expert}



