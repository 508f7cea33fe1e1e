"""Fscking Ace's lessons (seed 003; rulings in fscking-ace.md): flipping and stopping, a spade
ending the turn, Jokers and the doublers, the 2♠ kept and the 7♠ reversing, the A♠ and the
settlement with its bonus, on a stacked pack. ``COVERAGE`` reads what each move put in play from
the events and positions."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardtable.engine.cards import CLUBS, JOKER, RANK, SPADES, SUIT
from cardtable.engine.lessons import LessonBook
from cardtable.engine.protocol import Action, Event, State

REQUIRED = ("flip", "stop", "spade", "Joker", "red 2", "2♣", "2♠ kept", "7♠ reverses", "A♠",
            "settlement", "bonus")


def COVERAGE(before: State, action: Action, events: list[Event], after: State) -> Iterator[str]:
    """What this move put in play (the names in ``REQUIRED``)."""
    kinds = {e.kind for e in events}
    if action.kind == "flip":
        yield "flip"
    if action.kind == "stop":
        yield "stop"
        for c in before.zones()["turn"]:
            if RANK[c] == JOKER:
                yield "Joker"
            elif RANK[c] == 2:
                yield "2♣" if SUIT[c] == CLUBS else "red 2"
    flipped = [c for e in events if e.kind == "move" and e.src == "pack" for c in e.cards]
    for c in flipped:
        if SUIT[c] == SPADES and RANK[c] not in (2, 7, 14):
            yield "spade"
        if SUIT[c] == SPADES and RANK[c] == 2 and any(
                e.kind == "move" and c in e.cards and e.dst.startswith("scored/") for e in events):
            yield "2♠ kept"
    if "direction" in kinds:
        yield "7♠ reverses"
    if "ace" in kinds:
        yield "A♠"
    if "payment" in kinds:
        yield "settlement"
    if any("bonus" in e.text.lower() for e in events if e.kind in ("payment", "round_over")):
        yield "bonus"


YOU, ANN, BEN = "You", "Ann", "Ben"

LESSONS: list[dict[str, Any]] = [
    {
        "key": "round",
        "title": "Flip, stop, and the Fscking Ace",
        "summary": "You flipped and stopped in time, saw spades end turns, scored a Joker with its "
                   "doubler, and saw the A♠ end the round and settle up.",
        "players": [YOU, ANN, BEN],
        "deal": {
            "pack^": "Kh RJ 9c 3s 2h 8d 5d 2c 2s 7s 9h As",
        },
        "steps": [
            {"coach": "Welcome to Fscking Ace! On your turn you flip cards from the pack, one at a time. "
                      "Flip the first.",
             "moves": ["flip"], "light": ["pack"],
             "wrong": "Flip the top card of the pack."},
            {"coach": "A K: any card that is not a spade is worth $1 if you stop now. Flip another.",
             "moves": ["flip"], "light": ["pack"],
             "wrong": "Flip one more card."},
            {"coach": "The red Joker is worth $10. A spade would end your turn and you would score "
                      "nothing, so stop now and keep $11.",
             "moves": ["stop"], "light": ["turn"],
             "wrong": "Stop now and keep what you turned over.",
             "then": ["flip", "flip", "flip", "flip", "stop"]},
            {"coach": "Ann turned a spade (3♠), which ended her turn with nothing. Ben stopped with a red "
                      "2: a red 2 doubles the plain cards he has scored. Your turn: flip.",
             "moves": ["flip"], "light": ["pack"],
             "wrong": "Flip the top card."},
            {"coach": "Flip once more.",
             "moves": ["flip"], "light": ["pack"],
             "wrong": "Flip one more card."},
            {"coach": "The 2♣ doubles the Jokers you have scored: your $10 Joker is now worth $20. "
                      "Stop and keep it.",
             "moves": ["stop"], "light": ["turn"],
             "wrong": "Stop now and bank your cards.",
             "then": ["flip", "flip", "flip", "flip"]},
            {"coach": "Ann's turn ended on the 2♠, which she had to keep: if she loses the round she pays "
                      "double. Ben's 7♠ ended his turn and reversed the order, so Ann went again and turned "
                      "the A♠, the Fscking Ace: the round is over and she pays everyone what they scored "
                      "plus $1, doubled, and you, with the most cards, get the bonus of $5 a player. Deal "
                      "the next round.",
             "moves": ["next_round"], "light": ["scored/0", "scored/1"],
             "wrong": "Deal the next round."},
        ],
        "free": 5,
        "free_coach": "Play on by yourself: flip while you dare, stop before a spade finds you.",
    },
]


BOOK = LessonBook(LESSONS, COVERAGE, REQUIRED)
"""What ``PARTS`` declares: the lessons, with what the checker reads their coverage by."""
