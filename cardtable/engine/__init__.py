"""The pure core: cards, seeded randomness and the game protocol. No pygame, no files."""

from cardtable.engine.cards import HIDDEN
from cardtable.engine.protocol import Action, Event, Game, IllegalAction, Result, State, replay
from cardtable.engine.rng import Rng

__all__ = ["HIDDEN", "Action", "Event", "Game", "IllegalAction", "Result", "Rng", "State", "replay"]
