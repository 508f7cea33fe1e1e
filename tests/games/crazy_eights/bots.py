"""Crazy Eights' bot: play a card that fits, keeping eights for last; name the suit it holds most
of; draw only when nothing fits."""

from __future__ import annotations

from collections import Counter

from cardtable.engine.bots import Bot
from cardtable.engine.cards import RANK, SUIT, SUIT_NAMES
from cardtable.engine.protocol import Action, State


class HeuristicBot(Bot):
    name = "heuristic"

    def decide(self, view: State, legal: list[Action]) -> Action:
        if legal[0].kind == "name_suit":
            hand = view.zones()[f"hand/{view.viewer}"]
            most = Counter(SUIT[c] for c in hand).most_common(1)
            return Action("name_suit", choice=SUIT_NAMES[most[0][0] if most else 0])
        plays = [a for a in legal if a.kind == "play"]
        if plays:
            return min(plays, key=lambda a: (RANK[a.cards[0]] == 8, -RANK[a.cards[0]]))
        return legal[-1]


BOTS: dict[str, type[Bot]] = {"heuristic": HeuristicBot}
