"""Shithead's lessons (seed 001, the Sainsbury's Winnersh rules; rulings in shithead.md): the swap
before the start, the starting card, equal or higher, multiples, 2, 7, 10 and four of a kind,
refilling to three, showing a 3 and the backfire, a library, up cards then the blind down cards,
going out, being shown back in, and the game played out to its Shithead, on stacked deals.
``COVERAGE`` reads what each move put in play from the events and positions."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardtable.engine.cards import RANK
from cardtable.engine.lessons import LessonBook
from cardtable.engine.protocol import Action, Event, State

REQUIRED = ("swap", "starting card", "equal or higher", "multiples", "2", "7", "10", "four burn",
            "refill", "show a 3", "backfire", "up cards", "down card", "Library Boy", "shown back in",
            "the Shithead")


def COVERAGE(before: State, action: Action, events: list[Event], after: State) -> Iterator[str]:
    """What this move put in play (the names in ``REQUIRED``)."""
    kinds = {e.kind for e in events}
    seat = before.to_move
    if action.kind == "arrange":
        yield "swap"
    if action.kind == "show":
        yield "show a 3"
    if action.kind == "backfire":
        yield "backfire"
    if action.kind in ("reveal_down", "take_up") or any(e.src.startswith("down/") for e in events):
        yield "down card" if action.kind != "take_up" else "up cards"
    if action.kind in ("play", "take_up") and any(e.kind == "move" and e.src.startswith("up/")
                                                  for e in events):
        yield "up cards"
    if "library" in kinds:  # R26: a pickup left a hand of ten or more
        yield "Library Boy"
    if "reentry" in kinds:  # R23: an exited player shown a 3 inside the window
        yield "shown back in"
    result = after.result() if after.is_over else None
    if result is not None and not result.capped:  # R25: the last one holding cards
        yield "the Shithead"
    if any(e.kind == "move" and e.src == "draw" and e.dst.startswith("hand/") for e in events):
        yield "refill"
    if action.kind != "play":
        return
    ranks = {RANK[c] for c in action.cards}
    before_zones = before.zones()
    if not before_zones["play"] and not before_zones["burn"] and seat is not None and \
            all(len(before_zones[f"hand/{s}"]) == 3 for s in range(len(before.names))):
        yield "starting card"
    if len(action.cards) >= 2:
        yield "multiples"
    if 2 in ranks:
        yield "2"
    if 7 in ranks:
        yield "7"
    if 10 in ranks:
        yield "10"
    elif "burn" in kinds:
        yield "four burn"
    pile = before_zones["play"]
    if pile and ranks and min(ranks) >= RANK[pile[-1]] and 2 not in ranks and 10 not in ranks:
        yield "equal or higher"


YOU, ANN, BEN = "You", "Ann", "Ben"

_PLAY_OUT = ("take_up Kc, play Kc, reveal_down 0, take_up Kd, play Kd, reveal_down 0, take_up 10c, "
             "pickup, play 7s 7h, pickup, play Ac, reveal_down 0, play 2h, play Kc Kd, play Ks, play Ad, "
             "pickup, play 10c, take_up Qh, play Qh, reveal_down 0, play Qc Qs Qd, play 5h 5d, "
             "play 7s 7h, reveal_down 0, play 2h, play 8s, play Jc, reveal_down 0, pickup, play 9c, "
             "reveal_down 0, play Kc Ks Kd, pickup, play 7s 7h, play 6s, play Ac Ad, reveal_down 0, "
             "pickup, play 5h 5d, play 5s, play 6s, play 6c 6h 6d, play 8s 8h 8d, play 8c, play 7s 7h, "
             "play 2h, play 9d, play 9c, play Jc, play Kc Ks Kd, take_up Kh, play Kh, take_up As, "
             "play As Ah, reveal_down 0, play Ac Ad, reveal_down 0, play 4s")
PLAY_OUT = [move.strip() for move in _PLAY_OUT.split(",")]
"""The others playing the game out once the learner is out for good, until Dan is the Shithead
(the table offers to skip it)."""

LESSONS: list[dict[str, Any]] = [
    {
        "key": "basics",
        "title": "The swap, the start and the special cards",
        "summary": "You swapped, started with the 4♣, played equal or higher, lower after a 7, a pair and "
                   "a 2, and burned the pile twice.",
        "players": [YOU, ANN, BEN],
        "deal": {
            "hand/0": "Ah 10h 4c", "up/0": "6s 6d 2h",
            "hand/1": "5h 7c 8d", "up/1": "Kc Qc Jc",
            "hand/2": "7d 9h 9d", "up/2": "Kd Qd Jd",
            "draw^": "2s 8s 9c 10s 9s As 6c 5d 4h Ad",
        },
        "steps": [
            {"coach": "Welcome to Shithead! Swap your best cards face up: they are played near the end. "
                      "Put your A, 10 and 2 face up.",
             "moves": ["arrange Ah 10h 2h"], "light": ["Ah", "10h", "2h"],
             "wrong": "Put your A, 10 and 2 face up: strong cards are worth keeping for the end.",
             "then": ["arrange Kc Qc Jc", "arrange Kd Qd Jd"]},
            {"coach": "Whoever holds the 4♣ starts with it: play it.",
             "moves": ["play 4c"], "light": ["4c"],
             "wrong": "The 4♣ starts the game: play it.",
             "then": ["play 5h", "play 7d"]},
            {"coach": "You drew back to three, as you do while the pick-up pile lasts. Ben's 7: equal or "
                      "LOWER next. Play both 6s.",
             "moves": ["play 6s 6d"], "light": ["6s", "6d", "play"],
             "wrong": "Play both 6s together: under a 7 the card must be 7 or lower.",
             "then": ["play 8s 8d", "play 9h 9d 9c"]},
            {"coach": "Equal or higher again. Four of a value in a row burn the pile and you go again: "
                      "play the fourth 9.",
             "moves": ["play 9s"], "light": ["9s", "play"],
             "wrong": "Play your 9: it is the fourth 9 in a row."},
            {"coach": "A new pile: any card goes. Play your 8.",
             "moves": ["play 8h"], "light": ["8h"],
             "wrong": "Start the new pile with your 8.",
             "then": ["play As", "play Ad"]},
            {"coach": "A 2 goes on anything, even an A, and you go again. Play it.",
             "moves": ["play 2s"], "light": ["2s"],
             "wrong": "Play your 2 on the A."},
            {"coach": "A 10 burns the pile, and you go again. Play it.",
             "moves": ["play 10s"], "light": ["10s"],
             "wrong": "Play your 10 to burn the pile."},
        ],
        "free": 1,
        "free_coach": "Your turn to decide alone.",
    },
    {
        "key": "threes",
        "title": "Showing 3s, and the end of the game",
        "summary": "You showed and backfired 3s, played face-up and face-down cards, went out and were "
                   "shown back in. Dan, the last holding cards, is the Shithead.",
        "players": [YOU, ANN, BEN, "Cat", "Dan"],
        "deal": {
            "hand/0": "4c 3h 3s", "up/0": "Jh Jd Js", "down/0": "10d 10s 2h",
            "hand/1": "5h 5d 6c", "up/1": "Kc Qc 3d",
            "hand/2": "6h 6d 7s", "up/2": "Kd Qd Qs",
            "hand/3": "8h 8d 9s", "up/3": "Ks Qh 10c",
            "hand/4": "9d 3c 10h", "up/4": "Kh Ah As",
            "draw^": "7h 7c 2c 5c 2d 4h 4d",
        },
        "steps": [
            {"coach": "Five players now. Keep your three Js face up.",
             "moves": ["arrange Jh Jd Js"], "light": ["Jh", "Jd", "Js"],
             "wrong": "Keep your three Js face up.",
             "then": ["arrange Kc Qc 3d", "arrange Kd Qd Qs", "arrange Ks Qh 10c", "arrange Kh Ah As"]},
            {"coach": "You hold the 4♣: start with it.",
             "moves": ["play 4c"], "light": ["4c"],
             "wrong": "Start with the 4♣.",
             "then": ["play 5h 5d", "play 6h 6d", "play 8h 8d", "play 9d"]},
            {"coach": "A 3 is never played: show it to a player, who picks up the pile; the player on their "
                      "left goes next. Show your 3♠ to Dan, on your right: your turn next.",
             "moves": ["show 3s Dan"], "light": ["3s", "play"],
             "wrong": "Show your 3♠ alone to Dan, the player on your right: keep the other 3.",
             "then": ["accept"]},
            {"coach": "Play your 7: the next card must be 7 or lower.",
             "moves": ["play 7h"], "light": ["7h"],
             "wrong": "Play your 7.",
             "then": ["play 6c", "play 7s", "play 4h 4d", "show 3c You"]},
            {"coach": "Dan showed you a 3. You hold one too: backfire it, and Dan picks up instead.",
             "moves": ["backfire 3h Dan"], "light": ["3h"],
             "wrong": "Backfire with your 3: Dan picks up instead of you."},
            {"coach": "Dan holds ten cards or more: a library. Sing \"Library Boy\"! Your hand is empty: "
                      "take a face-up J.",
             "moves": ["take_up Jh", "take_up Jd", "take_up Js"], "light": ["Jh", "Jd", "Js"],
             "wrong": "Take one of your Js into your hand."},
            {"coach": "Face-up cards of the same value may join your last hand card: play all three Js.",
             "moves": ["play Jh Jd Js"], "light": ["Jh", "Jd", "Js"],
             "wrong": "Play all three Js together."},
            {"coach": "Only face-down cards are left, played blind. Turn one over now: it comes into "
                      "your hand.",
             "moves": ["reveal_down 0"], "light": ["down/0"],
             "wrong": "Turn over your first face-down card.",
             "then": ["play 2c", "play 7c", "play 2d", "play 5c", "play 9s", "play 10h", "play 4c 4h 4d"]},
            {"coach": "Your card is a 10: play it, and go again.",
             "moves": ["play 10d"], "light": ["10d"],
             "wrong": "Play your 10."},
            {"coach": "Turn over the next one.",
             "moves": ["reveal_down 0"], "light": ["down/0"],
             "wrong": "Turn over your next face-down card."},
            {"coach": "Another 10: play it.",
             "moves": ["play 10s"], "light": ["10s"],
             "wrong": "Play your 10."},
            {"coach": "And your last one.",
             "moves": ["reveal_down 0"], "light": ["down/0"],
             "wrong": "Turn over your last face-down card."},
            {"coach": "Your last card: play it to go out. Going out ends your turn: no second go.",
             "moves": ["play 2h"], "light": ["2h"],
             "wrong": "Play your 2 to go out.",
             "then": ["take_up 3d", "show 3d You", "take_up Qc", "play Qc", "take_up Qs", "play Qs Qd",
                      "take_up Ks", "play Ks", "pickup"]},
            {"coach": "Ann showed you a 3 before play came round: you are shown back in, holding the pile. "
                      "Play your 2 to go out again.",
             "moves": ["play 2h"], "light": ["2h"],
             "wrong": "Play your 2 to go out again.",
             "then": PLAY_OUT},
        ],
    },
]


BOOK = LessonBook(LESSONS, COVERAGE, REQUIRED)
"""What ``PARTS`` declares: the lessons, with what the checker reads their coverage by."""
