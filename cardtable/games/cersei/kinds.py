"""Cersei's event kinds: the steps of a round the table captions and holds, and the moves.
Each event carries its facts (seat, cards, data); its text is only the log line."""

from __future__ import annotations

from cardtable.engine.protocol import MOVE

ASSASSIN = "assassin"
BATTLE = "battle"
BATTLE_CHECK = "battle_check"
BENEDICT = "benedict"
CAP = "cap"
CERSEI = "cersei"
CERSEI_COUNT = "cersei_count"
DIPLOMAT = "diplomat"
EUNUCH = "eunuch"
FALLBACK = "fallback"
GAME_OVER = "game_over"
KING = "king"
ROUND_OVER = "round_over"
RUN_OUT = "run_out"
SHUFFLE = "shuffle"
VALUE = "value"
VALUES = "values"
WAR = "war"
WAR_CHECK = "war_check"
WIN = "win"

KINDS = frozenset({MOVE, ASSASSIN, BATTLE, BATTLE_CHECK, BENEDICT, CAP, CERSEI, CERSEI_COUNT, DIPLOMAT,
                   EUNUCH, FALLBACK, GAME_OVER, KING, ROUND_OVER, RUN_OUT, SHUFFLE, VALUE, VALUES, WAR,
                   WAR_CHECK, WIN})
"""Every kind of event the game emits (``move``: cards going from one zone to another)."""
