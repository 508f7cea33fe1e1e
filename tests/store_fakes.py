"""A tiny game for the store tests, since the real games are written in parallel.

Draw-or-pass: seats in turn draw the top card of a shuffled pack or pass; when the pack is empty
the highest total of card ids wins and the lowest loses. ``Options.pack`` sets the length of a
match, so a 2,000-action match is one option away.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from cardtable.engine.cards import HIDDEN
from cardtable.engine.protocol import Action, Event, Game, Result, State, rewards_from_places
from cardtable.engine.rng import Rng

DRAW, PASS = "draw", "pass"


class DrawOptions(BaseModel):
    pack: int = Field(20, ge=2, le=10_000)


class DrawState(State):
    __slots__ = ("hands", "pack")

    def __init__(self, names: tuple[str, ...], pack: list[int], rng: Rng) -> None:
        self.names = names
        self.rng = rng
        self.to_move = 0
        self.viewer = None
        self.pack = pack
        self.hands: list[list[int]] = [[] for _ in names]

    def legal_actions(self) -> list[Action]:
        if self.to_move is None:
            return []
        return [Action(DRAW, (self.pack[-1],)), Action(PASS)]

    def _apply(self, action: Action) -> list[Event]:
        seat = self.to_move
        assert seat is not None
        events: list[Event] = []
        if action.kind == DRAW:
            card = self.pack.pop()
            self.hands[seat].append(card)
            events.append(Event("move", cards=(card,), src="pack", dst=f"hand/{seat}", seat=seat))
        self.to_move = None if not self.pack else (seat + 1) % len(self.names)
        return events

    def clone(self) -> DrawState:
        s = DrawState.__new__(DrawState)
        s.names, s.rng, s.to_move, s.viewer = self.names, self.rng.clone(), self.to_move, self.viewer
        s.pack = list(self.pack)
        s.hands = [list(h) for h in self.hands]
        return s

    def _redact(self, seat: int) -> None:
        self.pack = [HIDDEN] * len(self.pack)
        for other, hand in enumerate(self.hands):
            if other != seat:
                hand[:] = [HIDDEN] * len(hand)

    def card_lists(self) -> list[list[int]]:
        return [self.pack, *self.hands]

    def zones(self) -> dict[str, list[int]]:
        return {"pack": self.pack, **{f"hand/{i}": h for i, h in enumerate(self.hands)}}

    def all_cards(self) -> list[int]:
        return sorted(c for cards in self.card_lists() for c in cards)

    def result(self) -> Result | None:
        if self.to_move is not None:
            return None
        totals = [sum(h) for h in self.hands]
        places = tuple(1 + sum(t > mine for t in totals) for mine in totals)
        losers = tuple(s for s, t in enumerate(totals) if t == min(totals))
        return Result(places, losers, rewards_from_places(places), "highest total wins",
                      details={"balance": [t - sum(totals) / len(totals) for t in totals]})


class DrawOrPass(Game):
    name = "draw_or_pass"
    title = "Draw or Pass"
    min_players = 2
    max_players = 4
    Options = DrawOptions

    def _deal(self, names, options, rng, dealer):
        pack = list(range(options.pack))
        rng.shuffle(pack)
        return DrawState(names, pack, rng)


DrawState.game = GAME = DrawOrPass()
GAMES = {GAME.name: GAME}


def play_random(state: State, rng: Rng, actions: int | None = None) -> list[Action]:
    """Play random legal actions (all of them, or ``actions`` many); returns what was played."""
    played = []
    while not state.is_over and (actions is None or len(played) < actions):
        action = rng.choice(state.legal_actions())
        state.apply(action)
        played.append(action)
    return played
