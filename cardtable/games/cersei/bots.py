"""Cersei's bot. The game is luck only (rulings 3.7): the bot flips at once and makes its one real
decision, the Assassin's blind pick, at random."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.bots import Bot
from cardtable.engine.protocol import Action, State


class HeuristicBot(Bot):
    name = "heuristic"

    def decide(self, view: State, legal: Sequence[Action]) -> Action:
        # Flipping is the only action outside an Assassin pick, and Bot.choose takes a lone action
        # without asking. An Assassin pick: the next opponent, a random blind position (A15).
        target = legal[0].target
        picks = [a for a in legal if a.target == target]
        return picks[self.rng.below(len(picks))]


BOTS: dict[str, type[Bot]] = {"heuristic": HeuristicBot}
