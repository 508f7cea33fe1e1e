"""Cunt-Soul's turn as a queue of pending decisions: what a link leaves the turn to ask, as the
bits of one int that the card abilities set and the turn clears (``turn.TurnFlow._continue``).

Each kind of ask is one bit, numbered in the order the turn asks them, so the lowest bit set
(``asks & -asks``) is always the head, the next thing the turn asks: the burner's extra turn first
(R12/A8: a burn settles every other ask), then going on with a run (R21), the 5's swaps (R19), the
7's declaration (R24), the J's choice (R28) and the Q's follow-up (R29). A kind is pending at most
once: a second push is the same bit (a 5's swaps are set, not added; stacking, R36, is the count a
5 carries). What an ask carries lies in the state beside it, meaningful while its bit is set: the
run under way (``run_record``) and the swaps the 5 still allows (``swaps_left``). A link has one
ability, so in play one card's ask is pending at a time; the order settles what a position set up
by hand, or a later rule, may hold at once. The field's decisions at the end of the turn (Field 7,
Field J) are not queued: they depend on the field in force when the turn ends, and
``_end_turn_now`` asks them then.

(An int, not a tuple of records: a tuple made a record at every run step and 5, and each read of
a kind was an attribute lookup. Against the six fields the queue replaced, scripts/
bench_cunt_soul_turn.py counts an ``apply`` 0.7% dearer with the tuple and 0.4% with the bits, a
clone and a view cheaper with either: a heuristic game with views 0.3% and 0.2% cheaper, a
playout 0.35% and 0.27% dearer.)
"""

from __future__ import annotations

from typing import NamedTuple

ASK_AGAIN, ASK_RUN, ASK_SWAPS, ASK_SEVEN, ASK_JACK, ASK_FOLLOW = (1 << k for k in range(6))
"""The kinds of pending decision, one bit each, in the order the turn asks them."""
NO_ASKS = 0

NOT_RUN, NOT_SWAPS, NOT_SEVEN, NOT_JACK, NOT_FOLLOW = (~k for k in (ASK_RUN, ASK_SWAPS, ASK_SEVEN, ASK_JACK,
                                                                    ASK_FOLLOW))
"""Masks that settle one kind (``asks & NOT_SEVEN``): answered, lapsed or cancelled."""


def head(asks: int) -> int:
    """The ask the turn asks next (0: none)."""
    return asks & -asks


class TurnEffect(NamedTuple):
    """A turn-order effect a link queued for the end of the turn (A35: applied in the order played):
    ``kind`` SKIP skips ``x`` players, CHOSEN makes player ``x`` play next (moves' constants)."""

    kind: int
    x: int
