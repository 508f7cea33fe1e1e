"""A position as the protocol shows it, and the check a save keeps of it.

A save is a recipe (seed and actions); its check proves that replaying the recipe still reaches
the position the player left. The check is made only from what every state answers through the
protocol: each zone with its cards, whose turn it is, the legal actions, the result once over and
the random stream's state. It never reads a state's private fields, so renaming, splitting or
adding a field (a refactor, a faster copy) leaves every player's saves valid, while a rule change
that moves a card, changes the options or the player to move is caught.

The legal actions enter the check as data (kind, cards, target, choice), not as the game's
sentences, and the prompt is kept out of it: rewording a prompt or a card's name is not a new
position, and must not set aside every unfinished match after an update. ``position_record``
gives all of it in words as well (the prompt, the legal actions read out) for tests and fixtures
that pin what a player sees.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from cardtable.engine.protocol import State

CHECK_VERSION = 1
"""Part of every check: a new way of making checks starts again from "not yet recorded"."""


def _zones(state: State) -> dict[str, list[int]]:
    return {name: [int(c) for c in cards] for name, cards in sorted(state.zones().items())}


def _result(state: State) -> dict[str, Any] | None:
    result = state.result() if state.is_over else None
    if result is None:
        return None
    return {"places": list(result.places), "losers": list(result.losers), "capped": result.capped}


def position_data(state: State) -> dict[str, Any]:
    """The facts the check digests: zones, player to move, legal actions as data, result, stream."""
    legal = sorted(a.to_json() for a in state.legal_actions()) if not state.is_over else []
    return {"check": CHECK_VERSION, "to_move": state.to_move, "zones": _zones(state), "legal": legal,
            "result": _result(state), "rng": state.rng.state}


def position_check(state: State) -> str:
    """A short digest of ``position_data``: what a save stores to prove its replay arrived."""
    text = json.dumps(position_data(state), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def position_record(state: State) -> dict[str, Any]:
    """The position as a player meets it, in words: player to move, zones, prompt and the legal
    actions read out (sorted), the shape of a save fixture's ``expected.json``."""
    legal = sorted(a.words() for a in state.legal_actions()) if not state.is_over else []
    return {"to_move": state.to_move, "zones": _zones(state), "prompt": state.prompt(), "legal": legal}
