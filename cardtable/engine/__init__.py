"""The pure core: cards, seeded randomness and the game protocol. No pygame, no files."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardtable.engine.cards import HIDDEN
    from cardtable.engine.protocol import Action, Event, Game, IllegalAction, Result, State, replay
    from cardtable.engine.rng import Rng

_HOME = {"HIDDEN": "cards", "Rng": "rng", "Action": "protocol", "Event": "protocol", "Game": "protocol",
         "IllegalAction": "protocol", "Result": "protocol", "State": "protocol", "replay": "protocol"}
"""The module each name lives in: imported when the name is first asked for, so a module that
needs only the cards (the title's drawing) does not import the protocol and pydantic with it."""


def __getattr__(name: str) -> Any:
    if name in _HOME:
        return getattr(importlib.import_module(f"cardtable.engine.{_HOME[name]}"), name)
    raise AttributeError(f"module 'cardtable.engine' has no attribute {name!r}")


__all__ = ["HIDDEN", "Action", "Event", "Game", "IllegalAction", "Result", "Rng", "State", "replay"]
