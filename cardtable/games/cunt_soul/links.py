"""The link on top of the pile (``Top``) and what may go on it: the per-rank table of R50 and
the multiples of one rank."""

from __future__ import annotations

from itertools import chain, combinations
from typing import NamedTuple

from cardtable.engine.cards import JOKER, RANK
from cardtable.engine.protocol import (
    Action,
    card_actions,
)
from cardtable.games.cunt_soul.moves import (
    HIGHER,
    PLAY_KIND,
)

RANK_ORDER = tuple(RANK[c] * 1024 + c for c in range(2 * 54))  # sorts by rank, then card id


WILDCARDS = (6, 7, 10)  # "almost any" placement besides the 2 (R15, R20, R24, R27)


_tuple_new = tuple.__new__


class Run(NamedTuple):
    """A run under way (R21-R23): the rank it needs next, its step (1 up, -1 down under Field K),
    the steps taken, the cards placed after its start card, and the start card's face rank (4, or
    a 6 acting as a 4)."""

    next: int
    step: int
    steps: int
    cards: tuple[int, ...]
    start: int


class Progress(NamedTuple):
    """The stalemate ruling's measure at the last progress: the turn it happened, cards burned, the
    source's low, players out, and each player's fewest cards held."""

    turn: int
    burned: int
    source_low: int
    out: int
    lows: tuple[int, ...]


def new_progress(turn: int, burned: int, source_low: int, out: int, lows: tuple[int, ...]) -> Progress:
    """``Progress(...)`` without NamedTuple's argument handling: made at most turns."""
    return _tuple_new(Progress, (turn, burned, source_low, out, lows))  # type: ignore[arg-type]


class Swap(NamedTuple):
    """A swap a 5 made (R19; Field 5, A50), kept on the top so a Joker can swap it back (R34/A54)."""

    seat: int
    face_down: int  # 1: with a face-down card (Field 5), 0: with a face-up one
    given: int  # the hand card that went into the row (HIDDEN in others' views of a face-down swap)
    taken: int  # the row's card that went into the hand (likewise)
    was_horizontal: bool  # the face-up card taken lay horizontal (R42, A53)


class Top(NamedTuple):
    """The link on top of the discard pile: what the next play must respect, and what a Joker
    played on it would cancel (A26). Immutable, so clones share it."""

    seat: int = -1
    face: int = 0  # face rank of the link (JOKER for Jokers, the last rank of a run)
    count: int = 0  # type: ignore[assignment]  # cards in the link (hides tuple.count: never called on a Top)
    value: int = 0  # comparison value before field mapping; 0 = empty pile or a "table" card (A22)
    triple: bool = False  # a Field-3 triple: value 3 that Field 9 does not remap (A46)
    ability: int = 0  # the rank whose card ability acts here (a 6 copying an 8 has 8); 0 = none
    via6: bool = False  # the ability is a 6's copy
    wild6: bool = False  # a 6 that relied on its "almost any" placement (A27)
    lock3: bool = False
    seven: int = 0  # the card 7's declaration
    fseven: int = 0  # the Field-7 declaration made at the end of the turn (A33)
    nine: bool = False
    ace: int = 0  # aces in the link (or 6s copying an A), for the penalty (A30)
    reversals: int = 0
    start: int = 0  # face rank of a completed run's start card (4, or a 6 acting as a 4)
    run: tuple[int, ...] = ()  # a completed run's cards after its start (R33)
    swaps: tuple[Swap, ...] = ()  # the 5's swaps, for a Joker to undo (R34/A54)
    natural: int = -1  # who would have been next without this J (A27)


EMPTY = Top()


_tuple_new = tuple.__new__


def _link_top(seat: int, face: int, count: int, value: int, ability: int, via6: bool, wild6: bool,
              lock3: bool, nine: bool, ace: int, reversals: int) -> Top:
    """``Top(seat, face, count, value, False, ability, via6, wild6, lock3, 0, 0, nine, ace,
    reversals)`` without NamedTuple's argument handling (0.8 µs against 0.3): the top of nearly
    every link. A test checks it agrees with the constructor field by field."""
    fields = (seat, face, count, value, False, ability, via6, wild6, lock3, 0, 0, nine, ace, reversals, 0,
              (), (), -1)
    return _tuple_new(Top, fields)  # type: ignore[arg-type]


_SUBSETS: dict[tuple[int, ...], tuple[Action, ...]] = {}


def _plays(cards: tuple[int, ...]) -> tuple[Action, ...]:
    """Every non-empty set of these same-rank cards as a play, singles first (R7 multiples)."""
    acts = _SUBSETS.get(cards)
    if acts is None:
        acts = tuple(card_actions(PLAY_KIND, chain.from_iterable(combinations(cards, k)
                                                                for k in range(1, len(cards) + 1))))
        _SUBSETS[cards] = acts
    return acts


_OK_CACHE: dict[tuple[int, ...], tuple[bool, ...]] = {}


def _ok_table(tv: int, lock3: bool, seven: int, fseven: int, nine: bool, f9: bool, fk: bool,
              f2: bool, fj: bool) -> tuple[bool, ...]:
    """Per face rank, may a link of that rank go on this top (R50, without the zone and count rules)."""
    key = (tv, lock3, seven, fseven, nine, f9, fk, f2, fj)
    table = _OK_CACHE.get(key)
    if table is not None:
        return table
    ok = [False] * 16
    ok[JOKER] = True  # R32: absolutely any card
    for r in range(2, 15):
        v = 9 if f9 and r <= 9 else r
        if tv == 0:
            good = True
        elif lock3:
            good = r == 3
        elif seven:  # R24/A32/A47: strict, but equal values are "7s on 7s"
            good = v == tv or (v > tv if seven == HIGHER else v < tv)
        elif fseven:  # A33: the Field-7 choice restricts wildcards too
            good = v >= tv if fseven == HIGHER else v <= tv
        elif nine:
            good = True
        else:
            good = v <= tv if fk else v >= tv
            if not good and not fj:
                good = r == 2 or (r in WILDCARDS and not f2)
        ok[r] = good
    table = tuple(ok)
    _OK_CACHE[key] = table
    return table
