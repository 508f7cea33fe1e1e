"""Shithead's event kinds: what the table animates and the log tells. Each event carries
its facts (seat, cards, data); its text is only the log line."""

from __future__ import annotations

from cardtable.engine.protocol import MOVE

AGAIN = "again"
ARRANGED = "arranged"
BURN = "burn"
GAME_OVER = "game_over"
LIBRARY = "library"
OUT = "out"
PASS = "pass"
PICKUP = "pickup"
REENTRY = "reentry"
SAFE = "safe"
STALEMATE = "stalemate"
START = "start"

KINDS = frozenset({MOVE, AGAIN, ARRANGED, BURN, GAME_OVER, LIBRARY, OUT, PASS, PICKUP, REENTRY, SAFE,
                   STALEMATE, START})
"""Every kind of event the game emits (``move``: cards going from one zone to another)."""
