"""Takku-Sum's lessons (seed 004; rulings in takku-sum.md): the four piles, the Direction
(undecided, up, down, a same card flipping it), the wildcard and its cycling (also on three and
four of a kind), the grace card, and the round's end and its point, on a stacked deal.
``COVERAGE`` reads what each move put in play from the events and positions."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardtable.engine.cards import RANK
from cardtable.engine.lessons import LessonBook
from cardtable.engine.protocol import Action, Event, State
from cardtable.games.takku_sum.game import UNDECIDED, UP

REQUIRED = ("first player", "undecided", "up", "down", "same card flips", "wildcard", "cycling",
            "three of a kind", "grace card", "round's end")


def COVERAGE(before: State, action: Action, events: list[Event], after: State) -> Iterator[str]:
    """What this move put in play (the names in ``REQUIRED``)."""
    if action.kind == "draw_for_first":
        yield "first player"
    if action.kind == "grace":
        yield "grace card"
    kinds = {e.kind for e in events}
    if "round_over" in kinds:
        yield "round's end"
    if action.kind != "play":
        return
    cycled = any(e.kind == "move" and e.dst == "wildcard" for e in events)
    turned = [e for e in events if e.kind == "direction"]
    indicator = before.zones()["wildcard"]
    if action.choice == "wildcard" or (action.choice != "plain" and indicator
                                       and RANK[indicator[-1]] == RANK[action.cards[0]]):
        yield "wildcard"
    if cycled:
        yield "cycling"
        if len(action.cards) == 3:
            yield "three of a kind"
    direction = getattr(before, "direction", UNDECIDED)
    if direction == UNDECIDED:
        yield "undecided"
    for e in turned:
        yield "up" if e.data == UP else "down"
        if direction != UNDECIDED and "same value" in e.text:
            yield "same card flips"

YOU, ANN, BEN = "You", "Ann", "Ben"

LESSONS: list[dict[str, Any]] = [
    {
        "key": "direction",
        "title": "The piles, the Direction and the wildcard",
        "summary": "You saw the Direction decided, kept and flipped; played the wildcard, and three of "
                   "a kind to cycle it; and saw Ann take a grace card when nothing she held fitted.",
        "players": [YOU, ANN, BEN],
        "deal": {
            "wildcard": "Kc", "play": "6h",
            "draw^": "9s 4d 2c 8s 10h 9d",
            "hand/0": "6d 8c 8h 8d 3h",
            "hand/1": "10c Kh 5c 5s 2h",
            "hand/2": "10d 7c 4c 3c 2d",
        },
        "steps": [
            {"coach": "Welcome to Takku-Sum! Four piles: the wildcard indicator (a K: Ks are wild this "
                      "round), the play pile, the draw pile and the discard pile. First, everyone draws a "
                      "card: the highest starts. Draw.",
             "moves": ["draw_for_first"], "light": ["wildcard", "play", "draw"],
             "wrong": "Draw a card to see who starts.",
             "then": ["draw_for_first", "draw_for_first"]},
            {"coach": "Your 9 was the highest: you start. The Direction is undecided until a card of a "
                      "different value goes on the pile. Play your 8♣ on the 6: higher, so the Direction "
                      "becomes Up.",
             "moves": ["play 8c"], "light": ["8c", "play"],
             "wrong": "Play your 8♣ (the lit one) alone on the 6: the other 8s come next.",
             "then": ["play 10c", "play 10d"]},
            {"coach": "Ann kept it Up with a 10. Ben played the same value, a 10, which flips the "
                      "Direction: now it is Down. Cards of one value go down together as one card, and "
                      "three at once cycle the wildcard: play your three 8s.",
             "moves": ["play 8h 8d 8s"], "light": ["8h", "8d", "8s", "play"],
             "wrong": "Play all three 8s together.",
             "then": ["play 5c 5s", "play 4c"]},
            {"coach": "The new wildcard indicator is an A, so As are wild, and you drew three! Down it goes: "
                      "Ann's 5s, Ben's 4. Play your A♥ as the wildcard: it goes on anything, flips the "
                      "Direction (to Up) and cycles the indicator again.",
             "moves": ["play Ah"], "light": ["Ah", "wildcard"],
             "wrong": "Play your A♥ (the lit one) alone as the wildcard: the other As come later.",
             "then": ["play Kh Kd Ks", "play Qd"]},
            {"coach": "Ann's three Ks cycled the wildcard indicator (another Q), and Ben played his Q as "
                      "the wildcard: the Direction flipped to Down and the indicator cycled again, so Js "
                      "are wild now. A card of the same value flips the Direction too: play your Q.",
             "moves": ["play Qs"], "light": ["Qs", "play"],
             "wrong": "Play your Q: the same value flips the Direction.",
             "then": ["play Js", "play 2d"]},
            {"coach": "Ann's J was the new wildcard: Down again, and Ben went down to a 2. An A counts 1: "
                      "play both your As.",
             "moves": ["play As Ac"], "light": ["As", "Ac"],
             "wrong": "Play both As together: they count 1, lower than the 2.",
             "then": ["grace", "play 9d"]},
            {"coach": "Nothing of Ann's went lower than an A and she held no 9, the wildcard: she took a "
                      "grace card from the draw pile, which did not fit, so she lost her turn. Ben's 9 "
                      "was wild: Up, and the indicator cycled (5s are wild now). Play your 9: the same "
                      "value flips the Direction back to Down.",
             "moves": ["play 9h"], "light": ["9h"],
             "wrong": "Play your 9: the same value flips the Direction.",
             "then": ["play 7d", "play 7c 7h"]},
            {"coach": "Ann went Down to a 7 and Ben played two 7s: the same value flipped it Up. Your 7 "
                      "flips it again.",
             "moves": ["play 7s"], "light": ["7s"],
             "wrong": "Play your 7."},
        ],
        "free": 2,
        "free_coach": "Play on by yourself: follow the Direction, or use the same value or the wildcard "
                      "to turn it.",
    },
    {
        "key": "round",
        "title": "Winning a round",
        "summary": "You played a K nobody could follow and won the round's point.",
        "players": [YOU, ANN, BEN],
        "deal": {
            "wildcard": "2c", "play": "9h",
            "draw^": "Qs 3d 4d 5c 6c 7c",
            "hand/0": "Kd 8c 8s 3h 4h",
            "hand/1": "5s 6s 7s 8h 10c",
            "hand/2": "5h 6h 7h 8d 10d",
        },
        "steps": [
            {"coach": "A new round. Draw to see who starts.",
             "moves": ["draw_for_first"], "light": ["draw"],
             "wrong": "Draw a card to see who starts.",
             "then": ["draw_for_first", "draw_for_first"]},
            {"coach": "You start. A round is won by the last player to play a card, once nobody else can "
                      "follow. Nothing is higher than a K: play yours on the 9 and the Direction is Up.",
             "moves": ["play Kd"], "light": ["Kd", "play"],
             "wrong": "Play your K.",
             "then": ["grace", "pass"]},
            {"coach": "Ann took a grace card that did not fit and Ben passed: nobody could follow your K, "
                      "so the round is yours and the K lies in front of you as a point. The first to five "
                      "points wins. You start the new round: play your two 8s together.",
             "moves": ["play 8c 8s"], "light": ["8c", "8s", "points/0"],
             "wrong": "Play both 8s together."},
        ],
        "free": 2,
        "free_coach": "Play on by yourself and try to be the last to play.",
    },
]


BOOK = LessonBook(LESSONS, COVERAGE, REQUIRED)
"""What ``PARTS`` declares: the lessons, with what the checker reads their coverage by."""
