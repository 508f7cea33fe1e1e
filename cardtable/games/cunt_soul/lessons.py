"""Cunt-Soul's lessons: the setup, every card ability and every field ability of the rule book's
two tables met in play, one at a time, on stacked deals (seed 000; rulings in cunt-soul.md).

``COVERAGE`` reads what each move put in play from the events and the positions around it, so
``cardtable lessons --check`` and the tests know the lessons reach every ability without trusting
a lesson's words."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardtable.engine.cards import ACE, JOKER, KING, RANK
from cardtable.engine.lessons import LessonBook
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
        if len(action.cards) >= 2 and rank in (8, KING, ACE, 5, 7) and not before.field_abilities_once():
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
                      "you play them only at the very end, so keep cards there that go on most piles. "
                      "Lay down your K, Q and J (your 2 and 9s are better still: this lesson keeps them "
                      "in your hand to show what they do).",
             "moves": ["face_up Kd Qs Jh"], "light": ["Kd", "Qs", "Jh"],
             "wrong": "Choose your K, Q and J to lay face up: high cards go on most piles."},
            {"coach": "Now your field card, laid face down. Every card has a field ability that acts on "
                      "everyone while it lies in a field. A field A lets everyone hold one more card. "
                      "Lay your A as your field card.",
             "moves": ["field Ah"], "light": ["Ah"],
             "wrong": "Pick your A as your field card: a field A means six cards in every hand.",
             "then": ["face_up 8c 7c Kh", "field 6c", "face_up Jc Js Qc", "field 10s"]},
            {"coach": "The fields turn over together: your A (six cards in hand), Ann's 6 (the source "
                      "pile's top card face up) and Ben's 10 (burned cards go under the source pile). Any "
                      "card may start the pile: play your 4.",
             "moves": ["play 4c"], "light": ["4c", "discard"],
             "wrong": "Start the pile with your 4: keep your other cards for later.",
             "then": ["play 5h", "no_swap", "play 5s", "no_swap"]},
            {"coach": "You drew back up to six from the source pile. Each card must be equal to or higher "
                      "than the one before, and cards of one value may go together: play all three 9s on "
                      "the 5.",
             "moves": ["play 9s 9c 9h"], "light": ["9s", "9c", "9h"],
             "wrong": "Play your three 9s together: several cards of one value go down at once.",
             "then": ["play 3h", "pickup"]},
            {"coach": "Any card may go on a 9, so Ann played a 3. After a 3 the next player must play a 3 "
                      "or a Joker: Ben had none and picked up the pile. A 2 goes on almost anything: play "
                      "your 2.",
             "moves": ["play 2d"], "light": ["2d"],
             "wrong": "Play your 2 now: see what happens after it.",
             "then": ["play Ad", "play 2s"]},
            {"coach": "Ann played an A, the highest card; Ben's 2 on it cost him an extra card, one for "
                      "each A in the pile. Now your 10: it goes on almost anything, burns the pile, and you "
                      "play again.",
             "moves": ["play 10h"], "light": ["10h", "discard"],
             "wrong": "Play your 10 to burn the pile."},
            {"coach": "Under Ben's field 10 the burned pile went under the source pile. Your turn again: "
                      "lead with your 3. Ann must answer with a 3 or a Joker, or pick up the pile.",
             "moves": ["play 3c"], "light": ["3c"],
             "wrong": "Lead with your 3 and watch Ann."},
        ],
        "free": 2,
        "free_coach": "Now play on by yourself for a few turns: equal or higher, or a card that bends the "
                      "rule.",
    },
    {
        "key": "bending",
        "title": "Cards that bend the rules: 4, 5, 6, 7, 8",
        "summary": "You played a run from a 4, skipped players with 8s, said lower with a 7, saw a 6 "
                   "copy a 5 and burned four of a kind.",
        "players": [YOU, ANN, BEN],
        "deal": {
            "hand/0": "Kd Qd Jd 6c 4h 5h 6h 8c 8d",
            "hand/1": "Ks Qs Js 5s 8s 5d 9h 9d 2h",
            "hand/2": "Kc Qc Jc 10s 6s 6d 3h 2c 9c",
            "source^": "7d 9s 5c 2s Ah Ac",
        },
        "steps": [
            {"coach": "A new deal. Lay your K, Q and J face up again.",
             "moves": ["face_up Kd Qd Jd"], "light": ["Kd", "Qd", "Jd"],
             "wrong": "Lay your K, Q and J face up."},
            {"coach": "Lay your 6♣ as your field card: a field 6 keeps the source pile's top card face up.",
             "moves": ["field 6c"], "light": ["6c"],
             "wrong": "Lay your 6♣, the lit one, as your field card: your other 6 is for the run.",
             "then": ["face_up Ks Qs Js", "field 5s", "face_up Kc Qc Jc", "field 10s"]},
            {"coach": "A 4 starts a run, one value at a time in one turn: 4, 5, 6 and on. A run must reach "
                      "6, and its cards have no abilities. Start with your 4.",
             "moves": ["play 4h"], "light": ["4h"],
             "wrong": "Start a run with your 4."},
            {"coach": "Go on with your 5.",
             "moves": ["play 5h"], "light": ["5h"],
             "wrong": "Stopping now would leave your 4 alone, with no run: go on with your 5. Once a run "
                      "goes on, it must reach 6."},
            {"coach": "And your 6: now the run is long enough.",
             "moves": ["play 6h"], "light": ["6h"],
             "wrong": "The run needs a 6 to count.",
             "then": ["play 8s"]},
            {"coach": "Ann played an 8: it skips the next player, so Ben lost his turn. Abilities stack: "
                      "two 8s skip two players. Play both your 8s and the turn comes straight back to you.",
             "moves": ["play 8c 8d"], "light": ["8c", "8d"],
             "wrong": "Play both 8s together: each one skips a player."},
            {"coach": "Ann and Ben were both skipped. Now a 7: it goes on almost anything, and you say "
                      "whether the next card must be higher or lower than 7. Play your 7.",
             "moves": ["play 7d"], "light": ["7d"],
             "wrong": "Play your 7 now."},
            {"coach": "Say lower: Ann must now play a 7 or below.",
             "moves": ["declare lower"],
             "wrong": "Choose lower this time.",
             "then": ["play 5d", "no_swap", "play 6s", "no_swap"]},
            {"coach": "Ann played a 5, lower as you said. Ben's 6 copied it: a 6 takes the value and "
                      "ability of the card before it. A 5 swaps a hand card with a face-up one, or, under "
                      "Ann's field 5, a face-down one. Play your 5.",
             "moves": ["play 5c"], "light": ["5c", "field/1"],
             "wrong": "Play your 5: it goes on the 6 that counts as a 5."},
            {"coach": "Swap your 10 with face-down card 1: you will play face-down cards blind "
                      "at the end, and a 10 goes on almost anything.",
             "moves": ["swap_down 10c @0"], "light": ["10c", "down/0"],
             "wrong": "Swap your 10 with your first face-down card.",
             "then": ["play 9h 9d", "play 9c"]},
            {"coach": "Ann played two 9s and Ben a third. Four cards of one value in a row burn the pile: "
                      "add your 9.",
             "moves": ["play 9s"], "light": ["9s", "discard"],
             "wrong": "Play your 9: it makes four 9s in a row."},
        ],
        "free": 2,
        "free_coach": "Carry on by yourself: a 4 starts a run, an 8 skips, a 7 says higher or "
                      "lower, a 6 copies.",
    },
    {
        "key": "royals",
        "title": "J, Q, K, A and the Joker",
        "summary": "You chose who played next with a J, saw a Q followed and a K reverse play, paid "
                   "for playing on an A, and burned the pile with a Joker's paradox.",
        "players": [YOU, ANN, BEN],
        "deal": {
            "hand/0": "Ks Kd Kh 4c Jh 2d BJ 9s 10d",
            "hand/1": "As Qh Jc Qd Ad 7c 9h 3c 2h",
            "hand/2": "Ac Qc Jd 9d Qs Kc 8c 3d 3h",
            "source^": "7s 7d 6h 6d 5h 5d 4h 4d",
        },
        "steps": [
            {"coach": "Lay your three Ks face up.",
             "moves": ["face_up Ks Kd Kh"], "light": ["Ks", "Kd", "Kh"],
             "wrong": "Lay your three Ks face up."},
            {"coach": "Lay your 4 as your field card: a field 4 stops everyone from playing several cards "
                      "at once.",
             "moves": ["field 4c"], "light": ["4c"],
             "wrong": "Lay your 4 as your field card.",
             "then": ["face_up As Qh Jc", "field Qd", "face_up Ac Qc Jd", "field 9d"]},
            {"coach": "The fields: your 4 (one card at a time), Ann's Q (no ability stacks) and Ben's 9 "
                      "(every card from 2 to 9 counts the same). Play your J: after it you choose who "
                      "plays next.",
             "moves": ["play Jh"], "light": ["Jh"],
             "wrong": "Play your J."},
            {"coach": "Choose Ben: Ann misses her turn.",
             "moves": ["choose Ben"],
             "wrong": "Choose Ben this time.",
             "then": ["play Qs", "play Kc", "play Ad"]},
            {"coach": "Ben's Q made him play again: his K reversed the direction, so Ann played next, an A. "
                      "Whoever plays on an A picks up an extra card for each A: play your 2 on it.",
             "moves": ["play 2d"], "light": ["2d", "discard"],
             "wrong": "Play your 2 on the A: you will pick up one extra card.",
             "then": ["play 8c"]},
            {"coach": "Ben's 8 skipped Ann. A Joker goes on anything and cancels the card before it. But a "
                      "Joker on an 8 is a paradox (cancelling the skip, you could not have played it), and "
                      "a paradox burns the pile. Play your Joker.",
             "moves": ["play BJ"], "light": ["BJ", "discard"],
             "wrong": "Play your Joker on the 8."},
        ],
        "free": 2,
        "free_coach": "Carry on by yourself: a J chooses who plays next, a Q plays again, a K "
                      "turns play round, a Joker cancels.",
    },
    {
        "key": "fields",
        "title": "Field cards: 2, 3, 7 and 8",
        "summary": "You saw three of a kind become a 3, said higher or lower after every card, "
                   "skipped two with one 8 and met the field 2's limit.",
        "players": [YOU, ANN, BEN, "Cat"],
        "deal": {
            "hand/0": "Ac Ad Ah 2c 9s 9d 9h 10h Qs",
            "hand/1": "Kc Kd Kh 3c 3h 8s Jh Jd 4h",
            "hand/2": "Qc Qd Qh 7c 5h 5d 6c 8h 4d",
            "hand/3": "Jc Js 10c 8c 8d 6h 6d 5c 4c",
            "source^": "Ks 7h 5s 2s 2h 2d",
        },
        "steps": [
            {"coach": "Four players this time. Lay your three As face up.",
             "moves": ["face_up Ac Ad Ah"], "light": ["Ac", "Ad", "Ah"],
             "wrong": "Lay your three As face up."},
            {"coach": "Lay your 2 as your field card. A field 2 stops 6s, 7s and 10s going on higher cards.",
             "moves": ["field 2c"], "light": ["2c"],
             "wrong": "Lay your 2 as your field card.",
             "then": ["face_up Kc Kd Kh", "field 3c", "face_up Qc Qd Qh", "field 7c", "face_up Jc Js 10c",
                      "field 8c"]},
            {"coach": "Fields: your 2, Ann's 3, Ben's 7 and Cat's 8. Under a field 3, three of a kind in a "
                      "row become a 3: play your three 9s and the next player must answer with a 3.",
             "moves": ["play 9s 9d 9h"], "light": ["9s", "9d", "9h", "field/1"],
             "wrong": "Play your three 9s together.",
             "then": ["play 3h", "pickup", "play 4c", "stop", "declare higher"]},
            {"coach": "Ann answered with a 3; Ben had none and picked up. Cat's 4 was no run (no 5 and 6), "
                      "and Ben's field 7 let her say higher or lower after any card: higher. A K reverses "
                      "the direction, but Cat's field 8 makes every ability act twice: your K reverses it "
                      "twice. Play your K.",
             "moves": ["play Ks"], "light": ["Ks", "field/2", "field/3"],
             "wrong": "Play your K: it is higher than Cat's 4."},
            {"coach": "Now you say it: higher.",
             "moves": ["declare higher"],
             "wrong": "Say higher this time.",
             "then": ["pickup", "play 8h", "declare higher", "play 8s", "declare higher"]},
            {"coach": "Ann picked up. Under Cat's field 8 an 8 skips two players: Ben's skipped Cat and "
                      "you, Ann's Ben and Cat. Play your Q: after a Q you play again, a card that goes on a "
                      "Q.",
             "moves": ["play Qs"], "light": ["Qs"],
             "wrong": "Play your Q."},
            {"coach": "A 10 would burn the pile, but your field 2 stops 6s, 7s and 10s going on higher "
                      "cards. A 2 still goes on almost anything: follow your Q with your 2.",
             "moves": ["play 2d"], "light": ["2d", "field/0"],
             "wrong": "Your 10 and 7 cannot go on the Q under the field 2: follow with your 2."},
        ],
        "free": 2,
        "free_coach": "Carry on by yourself for a few turns. Remember to say higher or lower after each "
                      "card while Ben's field 7 is out.",
    },
    {
        "key": "change",
        "title": "Changing your field card, and the end of the game",
        "summary": "You changed your field card, played under fields K, J and Joker, then played "
                   "your face-up cards and a face-down card blind.",
        "players": [YOU, ANN, BEN, "Cat"],
        "deal": {
            "hand/0": "4h 4d 3c Ah 9c 9d 9h 9s Kh",
            "hand/1": "Ks Qs Qd Jh 8c 8d 4s 3h 2h",
            "hand/2": "Kc Qc 10s RJ 7c 7d 6d 6c Jd",
            "hand/3": "Kd As Ad 6s Js 6h 5c 5d 7h",
            "down/0": "3s 2c 2s",
            "source^": "7s 5h 3d 2d 4c 5s",
            "down/3": "8h 8s 10d",
        },
        "steps": [
            {"coach": "Lay your two 4s and your 3 face up. In a game you would keep stronger cards there; "
                      "this lesson will burn the 3 and make four 4s with them.",
             "moves": ["face_up 4h 4d 3c"], "light": ["4h", "4d", "3c"],
             "wrong": "Lay your 4s and your 3 face up."},
            {"coach": "Lay your A as your field card.",
             "moves": ["field Ah"], "light": ["Ah"],
             "wrong": "Lay your A as your field card.",
             "then": ["face_up Ks Qs Qd", "field Jh", "face_up Kc Qc 10s", "field RJ", "face_up Kd As Ad",
                      "field 6s"]},
            {"coach": "Fields: Ann's J (after every card its player chooses who goes next) and Ben's Joker "
                      "(cards have no abilities, only values). At the start of your turn, while the source "
                      "lasts, you may change your field card, three times a game at most. Change it for "
                      "your K: under a field K every card must be equal or lower.",
             "moves": ["change_field Kh"], "light": ["Kh", "field/0", "field/1", "field/2"],
             "wrong": "Change your field card for your K."},
            {"coach": "Your A went back to your hand. A change costs you: burn one of your face-up cards "
                      "(your 3), and the source pile's top card takes its place, lying across.",
             "moves": ["burn_up 3c"], "light": ["3c"],
             "wrong": "Burn your 3."},
            {"coach": "You still play your turn. Four 9s burn the pile whatever the field: play them all.",
             "moves": ["play 9c 9d 9h 9s"], "light": ["9c", "9d", "9h", "9s"],
             "wrong": "Play all four 9s together."},
            {"coach": "The pile burned and you go again. Play your A: under your field K the next card "
                      "must be equal or lower, so an A lets anything follow.",
             "moves": ["play Ah"], "light": ["Ah"],
             "wrong": "Play your A."},
            {"coach": "Ann's field J: after every card you choose who plays next (not yourself). "
                      "Choose Ann.",
             "moves": ["choose Ann"],
             "wrong": "Choose Ann.",
             "then": ["play 8c 8d", "choose You"]},
            {"coach": "Ann chose you. Her 8s skip nobody: Ben's field Joker takes every card's ability "
                      "away. Play your 7 (equal or lower than 8).",
             "moves": ["play 7s"], "light": ["7s"],
             "wrong": "Play your 7: under the field K it must be equal or lower than the 8."},
            {"coach": "Choose Ann again.",
             "moves": ["choose Ann"],
             "wrong": "Choose Ann.",
             "then": ["play 5h", "choose You"]},
            {"coach": "The source pile is empty, so nobody draws any more. Play your last hand card, "
                      "the 5.",
             "moves": ["play 5s"], "light": ["5s"],
             "wrong": "Play your 5."},
            {"coach": "Choose Ann.",
             "moves": ["choose Ann"],
             "wrong": "Choose Ann.",
             "then": ["play 4s", "choose You"]},
            {"coach": "Hand empty, source gone: now your face-up cards. Your three 4s on Ann's 4 make four "
                      "of a kind and burn the pile.",
             "moves": ["play 4c 4h 4d"], "light": ["4c", "4h", "4d"],
             "wrong": "Play your three 4s together."},
            {"coach": "Now your face-down cards, played blind, one at a time: one that cannot go on the "
                      "pile makes you pick the pile up. Turn over your first.",
             "moves": ["play_down @0"], "light": ["down/0"],
             "wrong": "Turn over your first face-down card."},
            {"coach": "A 3: it can go on the empty pile. Choose Ben to play next.",
             "moves": ["choose Ben"],
             "wrong": "Choose Ben this time."},
        ],
        "free": 2,
        "free_coach": "Play on by yourself to the end of your cards. The first to play every card wins; the "
                      "last one left is the sole-cunt.",
    },
]


BOOK = LessonBook(LESSONS, COVERAGE, REQUIRED)
"""What ``PARTS`` declares: the lessons, with what the checker reads their coverage by."""
