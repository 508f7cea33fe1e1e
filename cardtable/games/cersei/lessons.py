"""Cersei's lessons (seed 002; rulings in cersei.md): flipping, the named cards, a war and a
battle, Lieutenant and Captain chains, Diplomat, Cersei and the King, Benedict, the Assassin's
pick and the Eunuch's shuffle, on stacked decks. ``COVERAGE`` reads what each move put in play
from the events."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from typing import Any

from cardtable.engine.cards import RANK
from cardtable.engine.lessons import LessonBook
from cardtable.engine.protocol import Action, Event, State

REQUIRED = ("flip", "war", "battle", "Lieutenant chain", "Captain chain", "Diplomat", "Cersei", "King",
            "Benedict", "Assassin", "Eunuch")


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
        "summary": "You flipped for rounds, saw Lieutenants and Captains chain, won a war and a battle, "
                   "and saw a Diplomat send the cards home.",
        "players": [YOU, ANN],
        "deal": {
            "deck/0^": "10s 5h 5d 3c 7h 6s 3s 3d 4s Js 2c 4d Kd Jh 2h 9d 8c 10d Qd 4h 6d BJ",
            "deck/1^": "7c 10h 8s 8d 2s 6h 4c 5c 5s 7d 3h 2d 6c Jc 7s 8h Jd 9c Kc 9s Ad",
        },
        "steps": [
            {"coach": "Welcome to Cersei! It is War with named cards. Each round every player flips the "
                      "top card of their deck, and the higher card takes them all. Flip your top card.",
             "moves": ["flip"], "light": ["deck/0"],
             "wrong": "Flip the top card of your deck.",
             "then": ["flip"]},
            {"coach": "Your 10 beat Ann's 7: both cards go to the bottom of your deck. Flip again.",
             "moves": ["flip"], "light": ["deck/0"],
             "wrong": "Flip your top card.",
             "then": ["flip"]},
            {"coach": "Your 5 was a Lieutenant: it draws the next card and adds it (a 5 drawn chains on), "
                      "so 5 + 5 + 3 = 13 beat Ann's 10. Flip again.",
             "moves": ["flip"], "light": ["deck/0"],
             "wrong": "Flip your top card.",
             "then": ["flip"]},
            {"coach": "Ann's 8 was a Captain: it draws the next card and takes its value off yours, and it "
                      "chains too: 8 and 2 came off your 7. Flip again.",
             "moves": ["flip"], "light": ["deck/0"],
             "wrong": "Flip your top card.",
             "then": ["flip"]},
            {"coach": "Your 6s were equal, so it was a war: each player laid three cards face down and "
                      "one face up, and the face-up cards decided. You won with a J, an Assassin (worth "
                      "11). An Assassin that wins lets you take one face-down card from each other deck: "
                      "Ann's deck is fanned out; click one of the cards on its left.",
             "moves": [f"assassinate Ann {n}" for n in range(6)], "light": ["deck/1"],
             "wrong": "Take one of the cards on the left of Ann's fanned deck."},
            {"coach": "Next: a 2 is a Scout, which starts a battle: one card face down and one face up. "
                      "Flip.",
             "moves": ["flip"], "light": ["deck/0"],
             "wrong": "Flip your top card.",
             "then": ["flip"]},
            {"coach": "Your Scout made a battle, and your face-up K won it: a King wins every battle and "
                      "war, unless Cersei is in it. Flip.",
             "moves": ["flip"], "light": ["deck/0"],
             "wrong": "Flip your top card.",
             "then": ["flip"]},
            {"coach": "Another war, but Ann's face-up card was a 9, a Diplomat: in a war or a battle it "
                      "sends every card back to its player. Flip.",
             "moves": ["flip"], "light": ["deck/0"],
             "wrong": "Flip your top card.",
             "then": ["flip"]},
            {"coach": "Your Q is Cersei, the only queen in the pack: she beats every card except the plain "
                      "ones (3, 6, 7, 10), even the King. When Cersei has been played three times, the "
                      "game ends and the biggest deck wins. Flip.",
             "moves": ["flip"], "light": ["deck/0"],
             "wrong": "Flip your top card.",
             "then": ["flip"]},
            {"coach": "Your 4 was a Benedict, and it lost: you took it back and gave Ann the next card of "
                      "your deck instead. Flip.",
             "moves": ["flip"], "light": ["deck/0"],
             "wrong": "Flip your top card.",
             "then": ["flip"]},
            {"coach": "Your Joker is a Eunuch, worth 15: after its round every player shuffles their deck, "
                      "and if its player holds Cersei she goes to the bottom. Flip.",
             "moves": ["flip"], "light": ["deck/0"],
             "wrong": "Flip your top card.",
             "then": ["flip"]},
        ],
        "free": 4,
        "free_coach": "Flip on by yourself for a few rounds. The biggest deck wins when Cersei has been "
                      "played three times; a player whose deck runs out loses.",
    },
]


BOOK = LessonBook(LESSONS, COVERAGE, REQUIRED)
"""What ``PARTS`` declares: the lessons, with what the checker reads their coverage by."""
