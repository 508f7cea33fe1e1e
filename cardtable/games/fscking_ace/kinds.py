"""Fscking Ace's event kinds: what the table animates and the log tells. Each event carries
its facts (seat, cards, data); its text is only the log line."""

from __future__ import annotations

from cardtable.engine.protocol import MOVE

ACE = "ace"
DIRECTION = "direction"
PAYMENT = "payment"
ROUND_OVER = "round_over"
SHUFFLE = "shuffle"
SITTING_OVER = "sitting_over"
SPADE = "spade"
TURN = "turn"

KINDS = frozenset({MOVE, ACE, DIRECTION, PAYMENT, ROUND_OVER, SHUFFLE, SITTING_OVER, SPADE, TURN})
"""Every kind of event the game emits (``move``: cards going from one zone to another)."""
