"""Cunt-Soul's lessons: the setup, every card ability and every field ability of the rule book's
two tables met in play, one at a time, on stacked deals (seed 000; rulings in cunt-soul.md).

``COVERAGE`` reads what each move put in play from the events and the positions around it, so
``cardtable lessons --check`` and the tests know the lessons reach every ability without trusting
a lesson's words."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardtable.engine.cards import ACE, JOKER, KING, RANK
from cardtable.engine.protocol import Action, Event, State
from cardtable.games.cunt_soul.game import (
    FIELD_JACK,
    FIELD_SEVEN,
    FIVE,
    JACK_CHOICE,
    RUN,
    SEVEN,
    CuntSoulState,
)

RANKS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, JOKER)
WORD = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10", 11: "J", 12: "Q",
        KING: "K", ACE: "A", JOKER: "Joker"}
CARDS = tuple(f"card {WORD[r]}" for r in RANKS)
FIELDS = tuple(f"field {WORD[r]}" for r in RANKS)
OTHER = ("setup", "stacking", "four burn", "paradox", "change field", "source", "face-up", "face-down")
REQUIRED = (*CARDS, *FIELDS, *OTHER)
"""Everything the lessons must put in play: the rule book's two tables and the rules around them."""


def COVERAGE(before: State, action: Action, events: list[Event], after: State) -> Iterator[str]:
    """What this move put in play (the names in ``REQUIRED``)."""
    assert isinstance(before, CuntSoulState) and isinstance(after, CuntSoulState)
    kinds = {e.kind for e in events}
    if action.kind in ("face_up", "field"):
        yield "setup"
    if action.kind == "change_field":
        yield "change field"
    if action.kind == "play_down":
        yield "face-down"
    if "paradox" in kinds:
        yield "paradox"
    for e in events:
        if e.kind == "move" and e.src.startswith("source") and e.dst.startswith("hand"):
            yield "source"
        if e.kind == "move" and e.dst == "discard" and e.src.startswith("up/"):
            yield "face-up"
        if e.kind == "burn" and e.text.lower().startswith("four"):
            yield "four burn"
    played = [c for e in events if e.kind == "move" and e.dst == "discard" for c in e.cards]
    if not played or action.kind not in ("play", "play_down"):
        return
    for r in RANKS:
        if before.fc[r]:
            yield f"field {WORD[r]}"
    rank = RANK[played[0]]
    if before.phase == RUN:
        return  # a run's cards are ability-less (R21)
    if _ability_acted(rank, kinds, after):
        yield f"card {WORD[rank]}"
        if len(action.cards) >= 2 and rank in (8, KING, ACE, 5, 7) and not before.fc[12]:
            yield "stacking"


def _ability_acted(rank: int, kinds: set[str], after: CuntSoulState) -> bool:
    top: Any = after.top
    if rank == JOKER:
        return bool(kinds & {"cancel", "paradox"})
    if rank == 10:
        return "burn" in kinds
    if rank == 4:
        return after.phase == RUN or "run" in kinds
    if rank == 5:
        return after.phase == FIVE or "swap" in kinds
    if rank == 7:
        return after.phase in (SEVEN, FIELD_SEVEN) or "declare" in kinds
    if rank == 11:
        return after.phase in (JACK_CHOICE, FIELD_JACK) or "choose" in kinds or "jack" in kinds
    if rank == 8:
        return "skip" in kinds
    if rank == KING:
        return "direction" in kinds
    if rank == 6:
        return "copy" in kinds
    if rank == 12:
        return bool(after.follow)
    return top.ability == rank or (rank == 3 and top.lock3) or (rank == 9 and top.nine) or (
        rank == ACE and top.ace > 0)


YOU, ANN, BEN = "You", "Ann", "Ben"

LESSONS: list[dict[str, Any]] = [
    {
        "key": "setup",
        "title": "Setting up and the first plays",
        "summary": "You set up your table cards and field card, played equal or higher, multiples, "
                   "a 9, a 3 and a 10.",
        "players": [YOU, ANN, BEN],
        "deal": {
            "hand/0": "Ah Kd Qs Jh 4c 9s 9c 3c 2d",
            "hand/1": "6c 5h 3h Ad Kh 8c 7c 10c Qd",
            "hand/2": "10s 5s 6d 7d 8d Jc Js Qc Kc",
            "source^": "10h 7s 2s",
        },
        "steps": [
            {"coach": "Welcome to Cunt-Soul! You are dealt nine cards. First lay three of them face up: "
                      "you play them only at the very end, so keep good ones there. Lay down your K, Q "
                      "and J.",
             "moves": ["face_up Kd Qs Jh"], "light": ["Kd", "Qs", "Jh"],
             "wrong": "Choose your K, Q and J to lay face up: high cards are strong at the end."},
            {"coach": "Now your field card, laid face down. Every card has a field ability that acts on "
                      "everyone while it lies in a field. A field A lets everyone hold one more card. "
                      "Lay your A as your field card.",
             "moves": ["field Ah"], "light": ["Ah"],
             "wrong": "Pick your A as your field card: a field A means six cards in every hand.",
             "then": ["face_up 8c 7c Kh", "field 6c", "face_up Jc Js Qc", "field 10s"]},
            {"coach": "All field cards are turned over together: your A (six cards in hand), Ann's 6 (the "
                      "source pile's top card lies face up) and Ben's 10 (burned cards go under the source "
                      "pile). The pile is empty, so any card may start it. Play your 4.",
             "moves": ["play 4c"], "light": ["4c", "discard"],
             "wrong": "Start the pile with your 4: keep your other cards for later.",
             "then": ["play 5h", "no_swap", "play 5s", "no_swap"]},
            {"coach": "You drew back up to six from the source pile. (A 5 lets its player swap a hand card "
                      "with a face-up one; Ann and Ben kept theirs.) Each card must be equal to or higher "
                      "than the one before: on a 5 your 9s go. Cards of the same value may go together: "
                      "play all three 9s at once.",
             "moves": ["play 9s 9c 9h"], "light": ["9s", "9c", "9h"],
             "wrong": "Play your three 9s together: several cards of one value go down at once.",
             "then": ["play 3h", "pickup"]},
            {"coach": "Any card may go on a 9, so Ann played a 3. After a 3 the next player must play a 3 "
                      "(or a Joker): Ben had none, so he had to pick up the whole pile. The pile is empty "
                      "again. A 2 may go on almost anything: play your 2.",
             "moves": ["play 2d"], "light": ["2d"],
             "wrong": "Play your 2 now: see what happens after it.",
             "then": ["play Ad", "play 2s"]},
            {"coach": "Ann played an A, the highest card. Ben answered with a 2, and whoever plays on an A "
                      "picks up one extra card for each A in the pile. Now your 10: it goes on almost "
                      "anything and burns the pile, and you play again.",
             "moves": ["play 10h"], "light": ["10h", "discard"],
             "wrong": "Play your 10 to burn the pile."},
            {"coach": "The pile is burned (under Ben's field 10 it went to the bottom of the source pile) "
                      "and it is your turn again. Lead with your 3: Ann must answer with a 3.",
             "moves": ["play 3c"], "light": ["3c"],
             "wrong": "Lead with your 3 and watch Ann."},
        ],
        "free": 3,
        "free_coach": "Now play on by yourself for a few turns: equal or higher, or a card that bends the "
                      "rule.",
    },
]
