"""Cersei's lessons (seed 002; rulings in cersei.md): flipping, the named cards, a war and a
battle, Lieutenant and Captain chains, Diplomat, Cersei and the King, Benedict, the Assassin's
pick and the Eunuch's shuffle, then the end once Cersei has been played three times, on stacked
decks. ``COVERAGE`` reads what each move put in play from the events."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from typing import Any

from cardtable.engine.cards import RANK
from cardtable.engine.lessons import LessonBook
from cardtable.engine.protocol import Action, Event, State
from cardtable.games.cersei.game import CERSEI_LIMIT

REQUIRED = ("flip", "war", "battle", "Lieutenant chain", "Captain chain", "Diplomat", "Cersei", "King",
            "Benedict", "Assassin", "Eunuch", "three Cerseis")


def COVERAGE(before: State, action: Action, events: list[Event], after: State) -> Iterator[str]:
    """What this move put in play (the names in ``REQUIRED``)."""
    if action.kind == "flip":
        yield "flip"
    kinds = {e.kind for e in events}
    for kind, item in (("war", "war"), ("battle", "battle"), ("diplomat", "Diplomat"), ("cersei", "Cersei"),
                       ("king", "King"), ("benedict", "Benedict"), ("assassin", "Assassin"),
                       ("eunuch", "Eunuch")):
        if kind in kinds:
            yield item
    if action.kind == "assassinate":
        yield "Assassin"
    if after.is_over and any(e.kind == "cersei_count" and e.data == CERSEI_LIMIT for e in events):
        yield "three Cerseis"  # rule 2: the game ends once Cersei is played three times
    zones = before.zones()
    for seat in range(len(before.names)):
        # the round's cards so far (flipped before this move) and those this move placed
        placed = [RANK[c] for c in zones[f"contest/{seat}"]]
        placed += [RANK[c] for e in events if e.kind == "move" and e.dst == f"contest/{seat}"
                   for c in e.cards]
        for rank, item in ((5, "Lieutenant chain"), (8, "Captain chain")):
            if any(a == b == rank for a, b in pairwise(placed)):
                yield item


YOU, ANN = "You", "Ann"

LESSONS: list[dict[str, Any]] = [
    {
        "key": "war",
        "title": "Flipping, the named cards, wars and battles",
        "summary": "You met chains of Lieutenants and Captains, a war, a battle, a King, a Diplomat, "
                   "Cersei, a Benedict and a Eunuch.",
        "players": [YOU, ANN],
        "deal": {
            "deck/0^": "10s 5h 5d 3c 7h 6s 3s 3d 4s Js 2c 4d Kd Jh 2h 9d 8c 10d Qd 4h 6d BJ",
            "deck/1^": "7c 10h 8s 8d 2s 6h 4c 5c 5s 7d 3h 2d 6c Jc 7s 8h Jd 9c Kc 9s Ad",
        },
        "steps": [
            {"coach": "Welcome to Cersei: War with named cards. Everyone flips their top card; the highest "
                      "takes them all. Flip.",
             "moves": ["flip"], "light": ["deck/0"],
             "wrong": "Flip the top card of your deck.",
             "then": ["flip"]},
            {"coach": "Your 10 beat Ann's 7: both cards go under your deck. Flip.",
             "moves": ["flip"], "light": ["deck/0"],
             "wrong": "Flip your top card.",
             "then": ["flip"]},
            {"coach": "Your 5, a Lieutenant, added the next card, and a 5 drawn chains on: 5 + 5 + 3 = 13 "
                      "beat Ann's 10. Flip.",
             "moves": ["flip"], "light": ["deck/0"],
             "wrong": "Flip your top card.",
             "then": ["flip"]},
            {"coach": "Ann's 8, a Captain, took the next card off yours, chaining too: 8 and 2 came off "
                      "your 7. Flip.",
             "moves": ["flip"], "light": ["deck/0"],
             "wrong": "Flip your top card.",
             "then": ["flip"]},
            {"coach": "Equal 6s made a war: three cards down and one up each; the face-up cards decide. "
                      "Your J, an Assassin, won: click a card on the left of Ann's fanned deck to take it.",
             "moves": [f"assassinate Ann {n}" for n in range(6)], "light": ["deck/1"],
             "wrong": "Take one of the cards on the left of Ann's fanned deck."},
            {"coach": "A 2 is a Scout: it starts a battle, one card face down and one up. Flip.",
             "moves": ["flip"], "light": ["deck/0"],
             "wrong": "Flip your top card.",
             "then": ["flip"]},
            {"coach": "Your face-up K won the battle: a King wins every battle and war, unless Cersei is "
                      "in it. Flip.",
             "moves": ["flip"], "light": ["deck/0"],
             "wrong": "Flip your top card.",
             "then": ["flip"]},
            {"coach": "Ann's face-up 9, a Diplomat, sent every card of that war back to its player. Flip.",
             "moves": ["flip"], "light": ["deck/0"],
             "wrong": "Flip your top card.",
             "then": ["flip"]},
            {"coach": "Your Q is Cersei: she beats every card but the plain ones (3, 6, 7, 10), even the "
                      "King. Flip.",
             "moves": ["flip"], "light": ["deck/0"],
             "wrong": "Flip your top card.",
             "then": ["flip"]},
            {"coach": "Your 4, a Benedict, lost: you took it back and gave Ann your next card instead. Flip.",
             "moves": ["flip"], "light": ["deck/0"],
             "wrong": "Flip your top card.",
             "then": ["flip"]},
            {"coach": "Your Joker, a Eunuch (15): after its round everyone shuffles, and its player's "
                      "Cersei goes to the bottom. Flip.",
             "moves": ["flip"], "light": ["deck/0"],
             "wrong": "Flip your top card.",
             "then": ["flip"]},
        ],
        "free": 1,
        "free_coach": "Flip on by yourself. A player whose deck runs out loses.",
    },
    {
        "key": "end",
        "title": "Three Cerseis: the end of the game",
        "summary": "Cersei was played three times, so the game ended, and the biggest deck, yours, won.",
        "players": [YOU, ANN],
        "seed": 1,
        "deal": {
            "deck/0^": "3c 2c 2h 2s 3h 4c 4d 4h 7c 4s 5c 5h Jc 6c 6d 6s 10c 7d 7s 8c Kc 9d Kh Ks Kd Jh",
            "deck/1^": "3d 8d 8h 8s 3s 9c 9h 9s 5d 2d 10h 10s Jd 5s 6h Ac Ad Ah 10d As BJ RJ Js Qd 7h",
        },
        "steps": [
            {"coach": "A new deal, to see how a game ends. Flip.",
             "moves": ["flip"], "light": ["deck/0"], "wrong": "Flip your top card.", "then": ["flip"]},
            {"coach": "Five wars in one round, and your face-up King won the last: Ann has two cards "
                      "left. Flip.",
             "moves": ["flip"], "light": ["deck/0"], "wrong": "Flip your top card.", "then": ["flip"]},
            {"coach": "Ann's Cersei won: that is once. When Cersei has been played three times, the game "
                      "ends and the biggest deck wins. Flip.",
             "moves": ["flip"], "light": ["deck/0"], "wrong": "Flip your top card.", "then": ["flip"]},
            {"coach": "Flip.",
             "moves": ["flip"], "light": ["deck/0"], "wrong": "Flip your top card.", "then": ["flip"]},
            {"coach": "Cersei again: twice now. Flip.",
             "moves": ["flip"], "light": ["deck/0"], "wrong": "Flip your top card.", "then": ["flip"]},
            {"coach": "Flip.",
             "moves": ["flip"], "light": ["deck/0"], "wrong": "Flip your top card.", "then": ["flip"]},
        ],
    },
]


BOOK = LessonBook(LESSONS, COVERAGE, REQUIRED)
"""What ``PARTS`` declares: the lessons, with what the checker reads their coverage by."""
