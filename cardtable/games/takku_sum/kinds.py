"""Takku-Sum's event kinds: what the table animates and the log tells. Each event carries
its facts (seat, cards, data); its text is only the log line."""

from __future__ import annotations

from cardtable.engine.protocol import MOVE

CYCLE = "cycle"
DIRECTION = "direction"
FAIL = "fail"
GAME_OVER = "game_over"
GRACE = "grace"
ROUND_OVER = "round_over"
START = "start"
TIE = "tie"
TURN = "turn"

KINDS = frozenset({MOVE, CYCLE, DIRECTION, FAIL, GAME_OVER, GRACE, ROUND_OVER, START, TIE, TURN})
"""Every kind of event the game emits (``move``: cards going from one zone to another)."""
