"""Cunt-Soul's event kinds: what the table animates and the log tells. Each event carries
its facts (seat, cards, data); its text is only the log line."""

from __future__ import annotations

from cardtable.engine.protocol import MOVE

ACE = "ace"
BURN = "burn"
CANCEL = "cancel"
CAPPED = "capped"
CHOOSE = "choose"
COPY = "copy"
DECLARE = "declare"
DIRECTION = "direction"
FOLLOW = "follow"
GAME_OVER = "game_over"
JACK = "jack"
LOOK = "look"
MISS = "miss"
OUT = "out"
PARADOX = "paradox"
PASS = "pass"
REVEAL = "reveal"
RUN = "run"
SKIP = "skip"
STALEMATE = "stalemate"
SWAP = "swap"
TRIPLE = "triple"
TURN = "turn"

KINDS = frozenset({MOVE, ACE, BURN, CANCEL, CAPPED, CHOOSE, COPY, DECLARE, DIRECTION, FOLLOW, GAME_OVER,
                   JACK, LOOK, MISS, OUT, PARADOX, PASS, REVEAL, RUN, SKIP, STALEMATE, SWAP, TRIPLE, TURN})
"""Every kind of event the game emits (``move``: cards going from one zone to another)."""

# Why a pile burned (a burn event's ``data["cause"]``)
FOUR_IN_A_ROW = "four in a row"
"""R37/A6: four cards of a rank on top of each other (a run's last step included)."""
TEN_BURNS = "ten"
"""R27: a 10's ability."""
PARADOX_BURNS = "paradox"
"""A27: a Joker whose cancelling would change who should be playing."""
