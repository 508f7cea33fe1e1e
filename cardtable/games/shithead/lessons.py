"""Shithead's lessons (seed 001, the Sainsbury's Winnersh rules; rulings in shithead.md): the swap
before the start, the starting card, equal or higher, multiples, 2, 7, 10 and four of a kind,
refilling to three, showing a 3 and the backfire, up cards then the blind down card, on stacked
deals. ``COVERAGE`` reads what each move put in play from the events and positions."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardtable.engine.cards import RANK
from cardtable.engine.lessons import LessonBook
from cardtable.engine.protocol import Action, Event, State

REQUIRED = ("swap", "starting card", "equal or higher", "multiples", "2", "7", "10", "four burn",
            "refill", "show a 3", "backfire", "up cards", "down card", "library")


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
    if action.kind == "pickup" and seat is not None and len(after.zones()[f"hand/{seat}"]) >= 10:
        yield "library"
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

LESSONS: list[dict[str, Any]] = [
    {
        "key": "basics",
        "title": "The swap, the start and the special cards",
        "summary": "You swapped strong cards face up, started with the 4♣, played equal or higher, "
                   "multiples, a 2, under a 7, and burned with a 10 and with four of a kind.",
        "players": [YOU, ANN, BEN],
        "deal": {
            "hand/0": "Ah 10h 4c", "up/0": "6s 6d 2h",
            "hand/1": "5h 7c 8d", "up/1": "Kc Qc Jc",
            "hand/2": "7d 9h 9d", "up/2": "Kd Qd Jd",
            "draw^": "2s 8s 9c 10s 9s As 6c 5d 4h Ad",
        },
        "steps": [
            {"coach": "Welcome to Shithead! Before the start you may swap hand cards with your face-up "
                      "cards. You play the face-up ones near the end, so put your strong cards there: "
                      "your A, your 10 and your 2.",
             "moves": ["arrange Ah 10h 2h"], "light": ["Ah", "10h", "2h"],
             "wrong": "Put your A, 10 and 2 face up: strong cards are worth keeping for the end.",
             "then": ["arrange Kc Qc Jc", "arrange Kd Qd Jd"]},
            {"coach": "Whoever holds the 4♣ starts the game with it, and that is you. Play it.",
             "moves": ["play 4c"], "light": ["4c"],
             "wrong": "The 4♣ starts the game: play it.",
             "then": ["play 5h", "play 7d"]},
            {"coach": "You drew back up to three cards: while the pick-up pile lasts, your hand never "
                      "goes below three. Ben played a 7: the next card must be equal or LOWER. Play both "
                      "your 6s together.",
             "moves": ["play 6s 6d"], "light": ["6s", "6d", "play"],
             "wrong": "Play both 6s together: under a 7 the card must be 7 or lower.",
             "then": ["play 8s 8d", "play 9h 9d 9c"]},
            {"coach": "After the 7 it is equal or higher again: Ann's 8s, Ben's three 9s. All four cards "
                      "of one value in a row burn the pile, and you go again: play your 9.",
             "moves": ["play 9s"], "light": ["9s", "play"],
             "wrong": "Play your 9: it is the fourth 9 in a row."},
            {"coach": "The pile is gone and it is your turn again: any card may start a new pile. Play "
                      "your 8.",
             "moves": ["play 8h"], "light": ["8h"],
             "wrong": "Start the new pile with your 8.",
             "then": ["play As", "play Ad"]},
            {"coach": "Ann and Ben played As, the highest card. A 2 goes on anything, even an A, and you "
                      "go again. Play your 2.",
             "moves": ["play 2s"], "light": ["2s"],
             "wrong": "Play your 2 on the A."},
            {"coach": "Your turn again. A 10 burns the pile, and you go again once more. Play it.",
             "moves": ["play 10s"], "light": ["10s"],
             "wrong": "Play your 10 to burn the pile."},
        ],
        "free": 2,
        "free_coach": "Carry on by yourself for a few turns: equal or higher, lower after a 7, and 2s "
                      "and 10s whenever you need them.",
    },
    {
        "key": "threes",
        "title": "Showing 3s, and the end of the game",
        "summary": "You showed a 3, backfired one, saw a library picked up, and played your face-up "
                   "cards and a face-down card blind.",
        "players": [YOU, ANN, BEN, "Cat", "Dan"],
        "deal": {
            "hand/0": "4c 3h 3s", "up/0": "Jh Jd Qs", "down/0": "Ad 5s 9h",
            "hand/1": "5h 5d 6c", "up/1": "Kc Qc Jc",
            "hand/2": "6h 6d 7s", "up/2": "Kd Qd Js",
            "hand/3": "8h 8d 9s", "up/3": "Ks Qh 10c",
            "hand/4": "9d 3c 10h", "up/4": "Kh Ah As",
            "draw^": "7h 7c 2c 5c 2d 4h 4d",
        },
        "steps": [
            {"coach": "Five players. Keep your two Js and your Q face up.",
             "moves": ["arrange Jh Jd Qs"], "light": ["Jh", "Jd", "Qs"],
             "wrong": "Keep your two Js and your Q face up.",
             "then": ["arrange Kc Qc Jc", "arrange Kd Qd Js", "arrange Ks Qh 10c", "arrange Kh Ah As"]},
            {"coach": "You hold the 4♣: start with it.",
             "moves": ["play 4c"], "light": ["4c"],
             "wrong": "Start with the 4♣.",
             "then": ["play 5h 5d", "play 6h 6d", "play 8h 8d", "play 9d"]},
            {"coach": "A 3 is never played: on your turn, show it to a player and they pick up the pile; the "
                      "player on their left goes next. Show yours to Dan, on your right, and the next turn "
                      "is yours.",
             "moves": ["show 3s Dan"], "light": ["3s", "play"],
             "wrong": "Show your 3 to Dan, the player on your right.",
             "then": ["accept"]},
            {"coach": "Ten cards or more in one hand is a library: sing \"Library Boy\" at Dan. The pick-up "
                      "pile is empty now: nobody refills. Play your 7.",
             "moves": ["play 7h"], "light": ["7h"],
             "wrong": "Play your 7.",
             "then": ["play 6c", "play 7s", "play 4h 4d", "show 3c You"]},
            {"coach": "Dan showed you a 3: you would have to pick up the pile. But you hold a 3 too, so "
                      "you can backfire: show it straight back and Dan picks up instead.",
             "moves": ["backfire 3h Dan"], "light": ["3h"],
             "wrong": "Backfire with your 3: Dan picks up instead of you."},
            {"coach": "Your hand is empty and the pick-up pile is gone: now your face-up cards. At your "
                      "turn one of them comes into your hand; take a J.",
             "moves": ["take_up Jh"], "light": ["Jh", "up/0"],
             "wrong": "Take one of your Js into your hand."},
            {"coach": "When you play your last hand card, face-up cards of the same value may go with "
                      "it: play both Js.",
             "moves": ["play Jh Jd"], "light": ["Jh", "Jd"],
             "wrong": "Play both Js together.",
             "then": ["play 2c", "play 7c", "play 5c", "play 9s", "play 10h", "play 4c 4h 4d"]},
            {"coach": "Dan burned the pile with a 10, went again and played three 4s. Take your last "
                      "face-up card, the Q, into your hand.",
             "moves": ["take_up Qs"], "light": ["Qs"],
             "wrong": "Take your Q."},
            {"coach": "Play it.",
             "moves": ["play Qs"], "light": ["Qs"],
             "wrong": "Play your Q."},
            {"coach": "Only your face-down cards are left. You play them blind: you may turn one over now "
                      "(it comes into your hand) and play it at your turn if it can go. Turn over the first.",
             "moves": ["reveal_down 0"], "light": ["down/0"],
             "wrong": "Turn over your first face-down card.",
             "then": ["take_up Kc", "play Kc", "play 2d", "take_up Js", "play Js", "take_up Ks", "play Ks",
                      "pickup"]},
            {"coach": "Dan could not beat Cat's K and picked up. Your turned-over card is an A: play it. A "
                      "card too low would have stayed in your hand, and you would have picked up the pile.",
             "moves": ["play Ad"], "light": ["Ad"],
             "wrong": "Play your A."},
        ],
        "free": 2,
        "free_coach": "Two blind cards left. Play on: the last player holding cards is the Shithead.",
    },
]


BOOK = LessonBook(LESSONS, COVERAGE, REQUIRED)
"""What ``PARTS`` declares: the lessons, with what the checker reads their coverage by."""
