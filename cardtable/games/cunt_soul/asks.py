"""Cunt-Soul's turn as a queue of pending decisions: what a link leaves the turn to ask, as one
immutable tuple that the card abilities push onto and the turn pops from
(``turn.TurnFlow._continue``).

The kinds are numbered in the order the turn asks them, and a queue is kept sorted by kind, so its
head is always the next thing the turn asks: the burner's extra turn first (R12/A8: a burn settles
every other ask), then going on with a run (R21), the 5's swaps (R19), the 7's declaration (R24),
the J's choice (R28) and the Q's follow-up (R29). A kind is pending at most once: a second push
replaces the first, as a 5's swaps are set, not added (stacking, R36, is the count a 5 carries).
A link has one ability, so in play one card's ask is pending at a time; the order settles what a
position set up by hand, or a later rule, may hold at once. So the hot paths read the ends: a
burn's extra turn is always alone (nothing is pushed after a burn), so a pending run is the head,
and a pending follow-up is the last. The field's decisions at the end of
the turn (Field 7, Field J) are not queued: they depend on the field in force when the turn ends,
and ``_end_turn_now`` asks them then.
"""

from __future__ import annotations

from typing import NamedTuple

from cardtable.games.cunt_soul.links import Run

ASK_AGAIN, ASK_RUN, ASK_SWAPS, ASK_SEVEN, ASK_JACK, ASK_FOLLOW = range(6)
"""The kinds of pending decision, in the order the turn asks them."""


class Ask(NamedTuple):
    """One pending decision: its kind, and what it carries (a run's record; the swaps a 5 still
    allows, at least one)."""

    kind: int
    run: Run | None = None
    swaps: int = 0


Asks = tuple[Ask, ...]
NO_ASKS: Asks = ()
AGAIN_ASK = Ask(ASK_AGAIN)
"""R12/A8: a burn; the burner plays again (or, if out, the next player)."""
SEVEN_ASK = Ask(ASK_SEVEN)
"""R24: the 7's player declares higher or lower."""
JACK_ASK = Ask(ASK_JACK)
"""R28: the J's player names who plays next."""
FOLLOW_ASK = Ask(ASK_FOLLOW)
"""R29/A17: the Q's player plays a follow-up."""
ONLY_AGAIN: Asks = (AGAIN_ASK,)
ONLY_SEVEN: Asks = (SEVEN_ASK,)
ONLY_JACK: Asks = (JACK_ASK,)
ONLY_FOLLOW: Asks = (FOLLOW_ASK,)


class TurnEffect(NamedTuple):
    """A turn-order effect a link queued for the end of the turn (A35: applied in the order played):
    ``kind`` SKIP skips ``x`` players, CHOSEN makes player ``x`` play next (moves' constants)."""

    kind: int
    x: int


def pushed(asks: Asks, ask: Ask) -> Asks:
    """``asks`` with ``ask`` in its place in the turn's order (replacing one of its kind)."""
    if not asks:  # the usual case: a link's ability is the turn's only ask
        return (ask,)
    kind = ask.kind
    if asks[-1].kind < kind:
        return (*asks, ask)
    return tuple(sorted((*(a for a in asks if a.kind != kind), ask), key=_kind))


def _kind(ask: Ask) -> int:
    return ask.kind


def find(asks: Asks, kind: int) -> Ask | None:
    """The pending ask of ``kind``, if any."""
    for a in asks:
        if a.kind == kind:
            return a
    return None
