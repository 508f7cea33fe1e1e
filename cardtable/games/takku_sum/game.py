"""Takku-Sum: a climbing game where a Direction (Up, Down or Undecided) says what may follow.

Four piles lie in a row, named as in the seed's diagram: A ``wildcard`` (the Wildcard Indicator,
whose rank is wild), B ``play`` (the Play Pile), C ``draw`` (the Draw Pile) and D ``discard``.
Each seat has ``hand/i``, ``points/i`` (point cards, face down) and ``minigame/i`` (the face-up
cards it drew to decide who starts). The state runs a whole match, round after round, until a seat
has ``points_to_win`` point cards. Ruling numbers (R…, A…) refer to ../shared/rulings/takku-sum.md.

Hidden information: hands and the Draw Pile. A pass or a grace card tells the table that a seat had
no legal value in its hand. ``lacks`` keeps those public facts per seat, one bit mask of values per
hand slot, built from public events only (so a view can show it whole), and ``determinize`` deals
hidden hands that respect it.

Speed: simulations may set ``narrate = False`` on a state (clones inherit it) to skip building log
lines; events and card moves are the same, and by default every event carries its text.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any, Literal

from pydantic import BaseModel, Field

from cardtable.engine.cards import ACE, HIDDEN, NAME, RANK, standard_deck
from cardtable.engine.declared import DeclaredState
from cardtable.engine.fields import BACKS, copied, rows, shared
from cardtable.engine.protocol import (
    Action,
    Event,
    Game,
    LegalMemo,
    Result,
    fact_event,
    move_event,
    rewards_from_places,
)
from cardtable.engine.rng import Rng
from cardtable.games.takku_sum import kinds

# R1: A = 1, 2-10 face value, J = 11, Q = 12, K = 13 (the engine's card tables have Ace high).
VALUE: tuple[int, ...] = tuple(1 if r == ACE else r for r in RANK)
VALUE_NAMES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
PLURAL_NAMES = ("", "Aces", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "Jacks", "Queens",
                "Kings")
ALL_VALUES = 0b11111111111110  # bits 1..13

UNDECIDED, UP, DOWN = 0, 1, -1
DIRECTION_NAMES = {UNDECIDED: "Undecided", UP: "Up", DOWN: "Down"}
HAND_SIZE = {2: 7, 3: 5, 4: 4}  # R4

# Phases: who is deciding what.
MINI_GAME, PLAYING, GRACE_PENDING, OVER = 0, 1, 2, 3

PLAY, GRACE, PASS, DRAW_FOR_FIRST = "play", "grace", "pass", "draw_for_first"
AS_WILDCARD, AS_PLAIN = "wildcard", "plain"

# Hot-path constants: a single-card play for every card id, the fixed non-play actions, and a sort
# key that orders cards by value, then id (the legal list's stable order).
SINGLE: tuple[Action, ...] = tuple(Action(PLAY, (c,)) for c in range(len(VALUE)))
TAKE_GRACE, PASS_TURN, DRAW_CARD = Action(GRACE), Action(PASS), Action(DRAW_FOR_FIRST)
GRACE_OR_PASS, ONLY_PASS = (TAKE_GRACE, PASS_TURN), (PASS_TURN,)
ORDER: tuple[int, ...] = tuple(VALUE[c] * 1000 + c for c in range(len(VALUE)))
BY_VALUE = ORDER.__getitem__

# Log lines of the Direction (R9), built once: DECIDE_TEXT[played][below], FLIP_TEXT[why][new].
DECIDE_TEXT = tuple(tuple(f"{VALUE_NAMES[v]} on {VALUE_NAMES[t]}: the Direction is "
                          f"{'Up' if v > t else 'Down'}" if t and v != t else "" for t in range(14))
                    for v in range(14))
FLIP_TEXT = tuple({d: f"{why}: the Direction flips to {DIRECTION_NAMES[d]}" for d in (UP, DOWN)}
                  for why in ("a wildcard", "four or more of a kind count as a wildcard", "the same value"))


def _with(piles: tuple[tuple[int, ...], ...], seat: int, card: int) -> tuple[tuple[int, ...], ...]:
    """``piles`` with ``card`` added on top of ``seat``'s pile (point and mini-game piles are tuples,
    shared by clones, since they change only a few times a round)."""
    return (*piles[:seat], (*piles[seat], card), *piles[seat + 1:])


def points_of(n: int) -> str:
    """A count of points in words: "1 point", "5 points" (a match to 1 point ended "with 1 points")."""
    return f"{n} point{'s' if n != 1 else ''}"


def _article(v: int) -> str:
    """ "an 8", "an A", "a 9" """
    return "an " if v in (1, 8) else "a "


def _legal_mask(direction: int, top: int, wild: int) -> int:
    """Bit v set when value v may be played (R8, A3). ``top`` 0: the Play Pile is empty; ``wild``
    0: there is no indicator (A14)."""
    if direction == UNDECIDED or top == 0:
        return ALL_VALUES
    mask = 1 << top
    if wild:
        mask |= 1 << wild
    beyond = range(top + 1, 14) if direction == UP else range(1, top)
    for v in beyond:
        mask |= 1 << v
    return mask


# Precomputed: LEGAL_MASK[direction + 1][top][wild].
LEGAL_MASK: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(_legal_mask(d, t, w) for w in range(14)) for t in range(14)) for d in (DOWN, UNDECIDED, UP))


_FITS_BY_MASK: dict[int, bytes] = {}


def _fits(mask: int) -> bytes:
    """Byte c is 1 when card id c has a value ``mask`` allows (one shared table per mask)."""
    fits = _FITS_BY_MASK.get(mask)
    if fits is None:
        fits = _FITS_BY_MASK[mask] = bytes((mask >> v) & 1 for v in VALUE)
    return fits


# FITS[direction + 1][top][wild][card]: may this card be played (LEGAL_MASK by card id, so the
# legal list needs one index per hand card).
FITS: tuple[tuple[tuple[bytes, ...], ...], ...] = tuple(
    tuple(tuple(_fits(m) for m in row) for row in by_top) for by_top in LEGAL_MASK)


def _plain_ok(direction: int, top: int, v: int) -> bool:
    """Would ``v`` be legal if it were not the wildcard? (A5's declaration option.)"""
    if direction == UNDECIDED or top == 0 or v == top:
        return True
    return v > top if direction == UP else v < top


UNDECLARED, WILD_ONLY, PLAIN_TOO = 0, 1, 2
_GROUP_PLAYS: dict[tuple[tuple[int, ...], int], tuple[Action, ...]] = {}


def group_plays(same: tuple[int, ...], tag: int) -> tuple[Action, ...]:
    """Every play from ``same`` (cards of one value, in id order): A9 lets a player group any of
    them, 1 to all. ``tag`` says how wildcard-rank plays are declared (A5 option): UNDECLARED (no
    declaration), WILD_ONLY or PLAIN_TOO (both, except 4+ which is a wildcard anyway, R10).
    Memoised: there are at most 13 × 2⁸ such groups."""
    key = (same, tag)
    plays = _GROUP_PLAYS.get(key)
    if plays is None:
        acts: list[Action] = []
        for k in range(1, len(same) + 1):
            for g in combinations(same, k):
                if tag == UNDECLARED:
                    acts.append(Action(PLAY, g))
                    continue
                acts.append(Action(PLAY, g, -1, AS_WILDCARD))
                if tag == PLAIN_TOO and k < 4:
                    acts.append(Action(PLAY, g, -1, AS_PLAIN))
        plays = _GROUP_PLAYS[key] = tuple(acts)
    return plays


class TakkuSumOptions(BaseModel):
    points_to_win: int = Field(5, ge=1, le=10, title="Points to win",
                               description="The first player to take this many point cards wins the match.")
    decks: Literal[1, 2] = Field(1, title="Decks",
                                 description="Play with one or two standard decks (no jokers).",
                                 json_schema_extra={"values": {"1": "One deck", "2": "Two decks"}})
    grace_card: bool = Field(True, title="Grace card",
                             description="A player with no legal play may draw one card and must play "
                                         "it if it fits.")
    declare_wildcard: bool = Field(False, title="Declare wildcards",
                                   description="A wildcard-rank card that is also an ordinary legal play "
                                               "may be declared plain: no flip from the wildcard, no cycle.")
    triple_wildcard_cycles: Literal["twice", "once"] = Field(
        "twice", title="Three wildcards at once",
        description="Three or more wildcard-rank cards played together cycle the indicator twice "
                    "(wildcard and triple) or only once.",
        json_schema_extra={"values": {"twice": "Twice", "once": "Once"}})
    next_round_starter: Literal["winner", "left_of_winner", "mini_game"] = Field(
        "winner", title="Next round starts with",
        description="Who leads each round after the first: its winner, the player to the winner's "
                    "left, or a new first-player mini-game.",
        json_schema_extra={"values": {"winner": "The winner", "left_of_winner": "The winner's left",
                                      "mini_game": "A new mini-game"}})


class Rules:
    """The table's options as plain attributes, shared (never changed) by a state and its clones."""

    __slots__ = ("cycles_once", "deck", "declare", "grace_on", "hand_size", "hand_zones", "points_to_win",
                 "starter_rule")

    def __init__(self, o: TakkuSumOptions, players: int) -> None:
        self.cycles_once = o.triple_wildcard_cycles == "once"  # A7 option
        self.declare = o.declare_wildcard  # A5 option
        self.grace_on = o.grace_card  # R13 option
        self.points_to_win = o.points_to_win  # R16
        self.starter_rule = o.next_round_starter  # A13 option
        self.hand_size = HAND_SIZE[players]  # R4
        self.deck = tuple(standard_deck(o.decks))  # A16
        self.hand_zones = tuple(f"hand/{i}" for i in range(players))


class TakkuSumState(DeclaredState):
    # (in alphabetical order, as fingerprints have always listed them). 5.4: hands and the Draw
    # Pile are secret; everything else was seen face up (point cards were the top of the Play Pile
    # when taken). The pass facts in ``lacks`` are public.
    capped: str = shared()
    contenders: tuple[int, ...] = shared()
    direction: int = shared()
    discard: list[int] = copied()
    draw: list[int] = copied(seen=BACKS)
    failures: int = shared()
    hands: list[list[int]] = rows(seen="_hands_seen_by")
    lacks: list[list[int]] = copied()  # rows are never changed in place (replaced instead): shared
    last_player: int = shared()
    mini_next: int = shared()
    minigame: tuple[tuple[int, ...], ...] = shared()  # tuples, replaced when a card arrives
    narrate: bool = shared()
    phase: int = shared()
    play: list[int] = copied()
    points: tuple[tuple[int, ...], ...] = shared()
    round_no: int = shared()
    rules: Rules = shared()
    wildcard: list[int] = copied()

    def _hands_seen_by(self, seat: int) -> list[list[int]]:
        return [h[:] if s == seat else [HIDDEN] * len(h) for s, h in enumerate(self.hands)]

    # -- what the table shows ------------------------------------------------------------------
    @property
    def direction_name(self) -> str:
        """ "Undecided", "Up" or "Down" (A19: shown apart from the seating order)."""
        return DIRECTION_NAMES[self.direction]

    @property
    def wildcard_value(self) -> int | None:
        """The current wildcard's value (1-13), or None when there is no indicator (A14)."""
        return VALUE[self.wildcard[-1]] if self.wildcard else None

    @property
    def top_value(self) -> int | None:
        return VALUE[self.play[-1]] if self.play else None

    def status(self) -> str:
        """One line for the table: "Direction Up · 4s are wild · 9 on top"."""
        w = self.wildcard_value
        t = self.top_value
        return " · ".join((f"Direction {self.direction_name}",
                           f"{PLURAL_NAMES[w]} are wild" if w else "no wildcard",
                           f"{VALUE_NAMES[t]} on top" if t else "the Play Pile is empty"))

    def point_counts(self) -> list[int]:
        return [len(p) for p in self.points]

    def wild_in(self, cards: Sequence[int]) -> frozenset[int]:
        """Those of ``cards`` (known ones: HIDDEN never is) of the wildcard's rank (A5)."""
        w = self.wildcard_value
        return frozenset(c for c in cards if c >= 0 and VALUE[c] == w) if w else frozenset()

    # -- protocol ------------------------------------------------------------------------------
    def all_cards(self) -> Sequence[int]:
        return self.rules.deck

    def card_lists(self) -> list[list[int]]:
        return [*self.hands, *map(list, self.points), *map(list, self.minigame), self.wildcard, self.play,
                self.draw, self.discard]

    def zones(self) -> dict[str, list[int]]:
        z: dict[str, list[int]] = {"wildcard": self.wildcard, "play": self.play, "draw": self.draw,
                                   "discard": self.discard}
        for i in range(len(self.names)):
            z[f"hand/{i}"] = self.hands[i]
            z[f"points/{i}"] = list(self.points[i])
            z[f"minigame/{i}"] = list(self.minigame[i])
        return z

    def determinize(self, rng: Rng) -> TakkuSumState:
        """Deal the unseen cards into the hidden places so that no hand slot gets a value its owner
        showed it lacked (by passing or taking a grace card). Greedy with a few reshuffled retries;
        if the facts cannot all be met (they always can for a real game, but a view may be edited),
        the rest are dealt freely."""
        s = self.clone()
        lacks = s.lacks
        known = {c for cards in s.card_lists() for c in cards if c != HIDDEN}
        unknown = [c for c in s.rules.deck if c not in known]
        slots = [(lacks[p][i], p, i) for p, h in enumerate(s.hands) for i, c in enumerate(h)
                 if c == HIDDEN and i < len(lacks[p]) and lacks[p][i]]
        # Most constrained slots first: they have the fewest cards to choose from.
        slots.sort(key=lambda x: -bin(x[0]).count("1"))
        placed: list[tuple[int, int, int]] = []
        for _attempt in range(8):
            rng.shuffle(unknown)
            pool = unknown[:]
            placed = []
            for m, p, i in slots:
                for j, c in enumerate(pool):
                    if not (m >> VALUE[c]) & 1:
                        placed.append((p, i, pool.pop(j)))
                        break
            if len(placed) == len(slots):
                break
        for p, i, c in placed:
            s.hands[p][i] = c
        used = {c for _p, _i, c in placed}
        it = iter([c for c in unknown if c not in used])
        for cards in (*s.hands, s.draw):
            for i, c in enumerate(cards):
                if c == HIDDEN:
                    cards[i] = next(it)
        s.viewer = None
        s.rng = rng.fork()
        return s

    # -- legal actions -------------------------------------------------------------------------
    def legal_mask(self) -> int:
        """Bit v set when value v may be played now (R8)."""
        top = VALUE[self.play[-1]] if self.play else 0
        wild = VALUE[self.wildcard[-1]] if self.wildcard else 0
        return LEGAL_MASK[self.direction + 1][top][wild]

    def can_take_grace(self) -> bool:
        return self.rules.grace_on and bool(self.draw or self.discard)

    def _legal(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase == PLAYING:
            return self._legal_plays()
        if phase == MINI_GAME:
            return (DRAW_CARD,)
        if phase == GRACE_PENDING:
            card = (self.hands[self.to_move][-1],)  # type: ignore[index]
            return (Action(PLAY, card, -1, AS_WILDCARD), Action(PLAY, card, -1, AS_PLAIN))
        return ()

    def _legal_plays(self) -> tuple[Action, ...]:
        hand = self.hands[self.to_move]  # type: ignore[index]
        play, ind = self.play, self.wildcard
        top = VALUE[play[-1]] if play else 0
        wild = VALUE[ind[-1]] if ind else 0
        fits = FITS[self.direction + 1][top][wild]
        cards = [c for c in hand if fits[c]]
        if not cards:
            # R13, A10: no legal play: take a grace card (if the table uses them and one is left)
            # or pass.
            if self.rules.grace_on and (self.draw or self.discard):
                return GRACE_OR_PASS
            return ONLY_PASS
        declare = self.rules.declare
        if not declare and len({VALUE[c] for c in cards}) == len(cards):
            return tuple([SINGLE[c] for c in cards])  # the usual case: no two cards of one value
        cards.sort(key=BY_VALUE)
        # A5 option: a wildcard-rank card is declared wild or plain; "plain" only where an ordinary
        # card of that value would be legal.
        wild_tag = UNDECLARED
        if declare:
            wild_tag = PLAIN_TOO if _plain_ok(self.direction, top, wild) else WILD_ONLY
        acts: list[Action] = []
        i, n = 0, len(cards)
        while i < n:
            c = cards[i]
            v = VALUE[c]
            j = i + 1
            while j < n and VALUE[cards[j]] == v:
                j += 1
            tag = wild_tag if v == wild else UNDECLARED
            if j == i + 1 and tag == UNDECLARED:
                acts.append(SINGLE[c])
            else:
                acts.extend(group_plays(tuple(cards[i:j]), tag))
            i = j
        return tuple(acts)

    def _not_in_hand(self, seat: int, c: int) -> str:
        """A card tapped that is the seat's own but not in its hand says what it is there for."""
        if not 0 <= c < len(VALUE):
            return "that card is not in your hand"
        if c in self.points[seat]:
            return f"{NAME[c]} is one of your points: only cards in your hand are played"
        if c in self.minigame[seat]:
            return f"{NAME[c]} was your draw for first player: only cards in your hand are played"
        return f"{NAME[c]} is not in your hand"

    def why_illegal(self, action: Action) -> str:
        if self.phase == OVER or self.to_move is None:
            return "the match is over"
        kind = action.kind
        legal = self.legal_actions()
        if self.phase == MINI_GAME:
            return "first the mini-game: draw a card to see who starts the round"
        seat = self.to_move
        hand = self.hands[seat]
        if self.phase == GRACE_PENDING:
            g = hand[-1]
            return (f"the grace card {NAME[g]} can be played, so it must be played "
                    f"(declared wild or plain)")
        if kind in (GRACE, PASS) and (action.cards or action.target != -1 or action.choice):
            return f"{self.describe(Action(kind))} takes no cards, target or choice"
        if kind == GRACE:
            if not self.rules.grace_on:
                return "grace cards are not used at this table"
            if any(a.kind == PLAY for a in legal):
                return "you can play, and a player who can play must play"
            return "the Draw Pile and the Discard Pile are empty: there is no grace card to take"
        if kind == PASS:
            return "you can play, and a player who can play must play"
        if kind != PLAY:
            return f"there is no move called {kind!r} in Takku-Sum"
        if action.target != -1:
            return "a play in Takku-Sum is not aimed at another player"
        cards = action.cards
        if not cards:
            return "choose at least one card to play"
        if len(set(cards)) != len(cards):
            return "each card can be played only once"
        for c in cards:
            if not 0 <= c < len(VALUE) or c not in hand:
                return self._not_in_hand(seat, c)
        values = {VALUE[c] for c in cards}
        if len(values) > 1:
            return "a group must be cards of one value"
        v = values.pop()
        if not (self.legal_mask() >> v) & 1:
            return self._direction_rule()
        if action.choice and not self.rules.declare:
            return "wildcards are not declared at this table: a wildcard-rank card is always wild"
        if action.choice == AS_PLAIN:
            if self.wildcard_value != v:
                return "only a card of the wildcard rank can be declared plain"
            if len(cards) >= 4:
                return "four or more of a kind always count as a wildcard"
            return (f"{VALUE_NAMES[v]} is not an ordinary legal play here: it can only be played as the "
                    "wildcard")
        if self.rules.declare and self.wildcard_value == v and not action.choice:
            return "declare the wildcard-rank card wild or plain"
        if action.choice and action.choice not in (AS_WILDCARD, AS_PLAIN):
            return f"{action.choice!r} is not a way to play a card"
        if action.choice == AS_WILDCARD and self.wildcard_value != v:
            w = self.wildcard_value
            return f"only {PLURAL_NAMES[w]} can be played as the wildcard" if w else "there is no wildcard"
        if sorted(cards) != list(cards):
            return "list the cards in id order (as the legal moves do)"
        return f"{self.describe(action)} is not allowed now"

    def _direction_rule(self) -> str:
        """The Direction rule a value breaks: "the Direction is Up: play higher than 9, a 9, or the
        wildcard 4"."""
        return f"the Direction is {self.direction_name}: {self._what_goes()}"

    def _what_goes(self) -> str:
        """"play higher than 9, a 9, or the wildcard 4" (with the Direction Up, a 9 on top)."""
        t = VALUE[self.play[-1]]
        w = self.wildcard_value
        beyond = "higher" if self.direction == UP else "lower"
        same = f"{_article(t)}{VALUE_NAMES[t]}"
        if w == t:  # "a 10, or the wildcard 10" would name one value twice as if two
            return f"play {beyond} than {VALUE_NAMES[t]}, or {same} (the wildcard)"
        wild = f", or the wildcard {VALUE_NAMES[w]}" if w else ""
        return f"play {beyond} than {VALUE_NAMES[t]}, {same}{wild}"

    def prompt(self) -> str:
        if self.to_move is None:
            return ""
        if self.phase == MINI_GAME:
            return "Draw a card: the highest starts the round"
        if self.phase == GRACE_PENDING:
            return "Your grace card fits: play it as the wildcard or as a plain card"
        legal = self.legal_actions()
        if legal[0].kind != PLAY:
            if legal[0].kind == GRACE:
                return "You cannot play: take a grace card or pass"
            return "You cannot play: pass"
        if self.direction == UNDECIDED or not self.play:
            return "The Direction is Undecided: play any value"
        return f"Direction {self.direction_name}: {self._what_goes()}"

    # -- applying ------------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        self._memo = LegalMemo()  # a new position
        ev: list[Event] = []
        seat = self.to_move
        assert seat is not None
        kind = action.kind
        if kind == PLAY:
            self._play(seat, action.cards, action.choice, ev, self.phase == GRACE_PENDING)
        elif kind == GRACE:
            self._take_grace(seat, ev)
        elif kind == PASS:
            self._fail(seat, ev, "passes" if self.can_take_grace() else "cannot play")
        else:
            self._mini_game_draw(seat, ev)
        if not self.draw and self.discard:
            self._reshuffle(ev)  # R3: cards reached the Discard Pile while the Draw Pile was empty
        return ev

    def _play(self, seat: int, cards: tuple[int, ...], choice: str, ev: list[Event],
              grace: bool = False) -> None:
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        if grace:
            # Everyone saw the grace card drawn: it is the newest slot.
            self.lacks[seat] = self.lacks[seat][:-1]
        else:
            self._forget_slots(seat, cards)
        play, ind = self.play, self.wildcard
        top = VALUE[play[-1]] if play else 0
        wild = VALUE[ind[-1]] if ind else 0
        v = VALUE[cards[0]]
        k = len(cards)
        play.extend(cards)
        narrate = self.narrate
        text = ""
        if narrate:
            shown = NAME[cards[0]] if k == 1 else " ".join(map(NAME.__getitem__, cards))
            text = self.names[seat] + " plays " + shown
            if choice == AS_PLAIN:
                text += " (declared plain)"
        ev.append(move_event(text, cards, self.rules.hand_zones[seat], "play", True, seat))
        # A5: a wildcard-rank card is wild unless the option lets its player declare it plain.
        wild_rank = v == wild and choice != AS_PLAIN
        # R9, A4, A6: at most one flip; from Undecided, compare with the card below.
        d = self.direction
        if d == UNDECIDED:
            if top and v != top:
                self.direction = d = UP if v > top else DOWN
                ev.append(fact_event(kinds.DIRECTION, DECIDE_TEXT[v][top] if narrate else "", data=d))
        elif v == top or wild_rank or k >= 4:
            self.direction = d = -d
            why = 0 if wild_rank else 1 if k >= 4 else 2
            ev.append(fact_event(kinds.DIRECTION, FLIP_TEXT[why][d] if narrate else "", data=d))
        # A7: one cycle for the wildcard rank, one for exactly three, one for four or more.
        cycles = wild_rank + (k == 3) + (k >= 4)
        if cycles:
            if cycles > 1 and self.rules.cycles_once:
                cycles = 1
            for _ in range(cycles):
                self._cycle(ev)
        self._refill(seat, ev)  # R12
        self.last_player = seat
        self.failures = 0
        self.phase = PLAYING
        self.to_move = (seat + 1) % len(self.names)

    def _take_grace(self, seat: int, ev: list[Event]) -> None:
        # Taking a grace card shows the hand had no legal value (A10): a public fact.
        self._record_lack(seat)
        card = self._draw_card(ev)
        hand = self.hands[seat]
        hand.append(card)
        self.lacks[seat] = [*self.lacks[seat], 0]
        name = self.names[seat]
        ev.append(Event(kinds.MOVE, text=f"{name} draws a grace card" if self.narrate else "", cards=(card,),
                        src="draw",
                        dst=f"hand/{seat}", face_up=False, seat=seat))
        v = VALUE[card]
        if (self.legal_mask() >> v) & 1:
            top = VALUE[self.play[-1]] if self.play else 0
            if self.rules.declare and v == self.wildcard_value and _plain_ok(self.direction, top, v):
                # A5 option: the one choice left is wild or plain.
                self.phase = GRACE_PENDING
                return
            ev.append(Event(kinds.GRACE, text=f"the grace card {NAME[card]} fits, so it must be played"
                            if self.narrate else "", cards=(card,), seat=seat))
            self._play(seat, (card,), "", ev, True)
            return
        hand.pop()
        self.lacks[seat] = self.lacks[seat][:-1]
        ev.append(Event(kinds.MOVE, text=f"the grace card {NAME[card]} does not fit: it is discarded"
                        if self.narrate else "", cards=(card,), src=f"hand/{seat}", dst="discard",
                        face_up=True, seat=seat))
        self.discard.append(card)
        self._fail(seat, ev, "cannot play")

    def _record_lack(self, seat: int) -> None:
        """Every card ``seat`` holds now lacks every value that was legal (A10: a player who can
        play must play)."""
        mask = self.legal_mask()
        self.lacks[seat] = [m | mask for m in self.lacks[seat]]

    def _forget_slots(self, seat: int, cards: tuple[int, ...]) -> None:
        """``seat`` played ``cards``: drop one hand slot per card. The table cannot see which slot a
        card came from, so drop a slot that could have held it with the most facts: each slot
        holds the facts of every pass since its card was drawn, so the masks are nested, and
        dropping the fullest fitting one keeps every remaining fact true whatever the real slot
        was, and tells nothing the table did not see."""
        # Rows of ``lacks`` are shared by clones and views: replace, never change in place.
        slots = self.lacks[seat]
        if not any(slots):
            self.lacks[seat] = slots[len(cards):]
            return
        self.lacks[seat] = slots = slots[:]
        for c in cards:
            bit = 1 << VALUE[c]
            best, at = -1, len(slots) - 1
            for i, m in enumerate(slots):
                if not m & bit and m > best:
                    best, at = m, i
            del slots[at]

    def _fail(self, seat: int, ev: list[Event], how: str) -> None:
        """R14, A11: count failures since the last play; the round ends when every other seat has
        failed in turn."""
        self._record_lack(seat)
        self.failures += 1
        n = len(self.names)
        ev.append(Event(kinds.FAIL, text=f"{self.names[seat]} {how}" if self.narrate else "", seat=seat,
                        data=self.failures))
        self.phase = PLAYING
        if self.last_player >= 0 and self.failures >= n - 1:
            self._end_round(ev)
        elif self.last_player < 0 and self.failures >= n:
            self._cap(ev)
        else:
            self.to_move = (seat + 1) % n

    def _end_round(self, ev: list[Event]) -> None:
        winner = self.last_player
        name = self.names[winner]
        point = self.play.pop()  # R15: the top card of the Play Pile, face down, out of play (A15)
        self.points = _with(self.points, winner, point)
        got = len(self.points[winner])
        ev.append(Event(kinds.MOVE,
                        text=f"{name} was the last to play and wins the round: {NAME[point]} is a "
                                     f"point ({got} of {self.rules.points_to_win})", cards=(point,),
                        src="play",
                        dst=f"points/{winner}", face_up=False, seat=winner))
        ev.append(Event(kinds.ROUND_OVER, text="", seat=winner, data=got))
        if self.play:
            ev.append(Event(kinds.MOVE,
                            text="", cards=tuple(self.play), src="play", dst="discard", face_up=True))
            self.discard.extend(self.play)
            self.play.clear()
        if self.wildcard:
            ev.append(Event(kinds.MOVE, text="", cards=tuple(self.wildcard), src="wildcard", dst="discard",
                            face_up=True))
            self.discard.extend(self.wildcard)
            self.wildcard.clear()
        if got >= self.rules.points_to_win:  # R16
            self.phase = OVER
            self.to_move = None
            ev.append(Event(kinds.GAME_OVER, text=f"{name} has {points_of(got)} and wins the match",
                            seat=winner))
            return
        rule = self.rules.starter_rule
        self._start_round(ev, winner if rule == "winner" else
                          (winner + 1) % len(self.names) if rule == "left_of_winner" else -1, winner)

    def _cap(self, ev: list[Event]) -> None:
        """Safety cap: nobody has played this round and nobody can (every card is in point piles or
        the indicator); the match ends with the most points ahead."""
        self.capped = "no one could play: the cards ran out, so the match ends on points"
        self.phase = OVER
        self.to_move = None
        ev.append(Event(kinds.GAME_OVER, text=self.capped))

    def _start_round(self, ev: list[Event], starter: int, after: int) -> None:
        """R17, A1: a new indicator, a new first card, Direction Undecided; hands carry over (A12).
        ``starter`` -1 runs the mini-game, starting from the seat after ``after``."""
        self.round_no += 1
        self.direction = UNDECIDED
        self.failures = 0
        self.last_player = -1
        ind = self._draw_card(ev)
        if ind >= 0:
            self.wildcard.append(ind)
            ev.append(Event(kinds.MOVE,
                            text=f"Round {self.round_no}: the Wildcard Indicator is {NAME[ind]}, so "
                                         f"{PLURAL_NAMES[VALUE[ind]]} are wild" if self.narrate else "",
                            cards=(ind,),
                            src="draw", dst="wildcard", face_up=True))
        first = self._draw_card(ev)
        if first >= 0:
            self.play.append(first)
            ev.append(Event(kinds.MOVE,
                            text=f"the first card in play is {NAME[first]}" if self.narrate else "",
                            cards=(first,), src="draw", dst="play", face_up=True))
        ev.append(Event(kinds.DIRECTION, text="the Direction is Undecided" if self.narrate else "",
                        data=UNDECIDED))
        n = len(self.names)
        if starter >= 0:
            self.phase = PLAYING
            self.to_move = starter
            ev.append(Event(kinds.TURN,
                            text=f"{self.names[starter]} starts the round" if self.narrate else "",
                            seat=starter))
        else:
            self.phase = MINI_GAME
            self.contenders = tuple((after + 1 + i) % n for i in range(n))
            self.mini_next = 0
            self.to_move = self.contenders[0]

    def _mini_game_draw(self, seat: int, ev: list[Event]) -> None:
        """R6, A17: every contender draws face up; the unique highest starts, ties draw again."""
        card = self._draw_card(ev)
        name = self.names[seat]
        if card < 0:
            # Not a card left anywhere (A14 territory): the tie is settled by lot, deterministically.
            winner = self.contenders[self.rng.below(len(self.contenders))]
            ev.append(Event(kinds.START, text=f"no card left to draw: {self.names[winner]} is chosen by lot",
                            seat=winner))
            self._finish_mini_game(winner, ev)
            return
        self.minigame = _with(self.minigame, seat, card)
        ev.append(Event(kinds.MOVE,
                        text=f"{name} draws {NAME[card]} for first player", cards=(card,), src="draw",
                        dst=f"minigame/{seat}", face_up=True, seat=seat))
        self.mini_next += 1
        if self.mini_next < len(self.contenders):
            self.to_move = self.contenders[self.mini_next]
            return
        best = max(VALUE[self.minigame[p][-1]] for p in self.contenders)
        tied = [p for p in self.contenders if VALUE[self.minigame[p][-1]] == best]
        if len(tied) == 1:
            winner = tied[0]
            ev.append(Event(kinds.START, text=f"{self.names[winner]} drew the highest card and starts",
                            seat=winner))
            self._finish_mini_game(winner, ev)
            return
        ev.append(Event(kinds.TIE, text=f"{' and '.join(self.names[p] for p in tied)} tie on "
                                    f"{VALUE_NAMES[best]}: they draw again", data=tuple(tied)))
        self.contenders = tuple(tied)
        self.mini_next = 0
        self.to_move = tied[0]

    def _finish_mini_game(self, winner: int, ev: list[Event]) -> None:
        for p, cards in enumerate(self.minigame):
            if cards:
                ev.append(Event(kinds.MOVE, text="", cards=cards, src=f"minigame/{p}", dst="discard",
                                face_up=True))
                self.discard.extend(cards)
        self.minigame = ((),) * len(self.names)
        self.contenders = ()
        self.mini_next = 0
        self.phase = PLAYING
        self.to_move = winner

    # -- the piles -----------------------------------------------------------------------------
    def _draw_card(self, ev: list[Event]) -> int:
        """The top card of the Draw Pile, or -1 when the Draw and Discard Piles are both empty."""
        draw = self.draw
        if not draw:
            if not self.discard:
                return -1
            self._reshuffle(ev)
        card = draw.pop()
        if not draw and self.discard:
            self._reshuffle(ev)  # R3: the moment the Draw Pile empties
        return card

    def _reshuffle(self, ev: list[Event]) -> None:
        cards = self.discard
        ev.append(Event(kinds.MOVE, text="the Draw Pile is empty: the Discard Pile is shuffled into it"
                        if self.narrate else "", cards=tuple(cards), src="discard", dst="draw",
                        face_up=False))
        self.rng.shuffle(cards)
        self.draw[:0] = cards
        self.discard = []

    def _cycle(self, ev: list[Event]) -> None:
        """R11: discard the indicator and draw a new one; with no card to draw, it stays (A14)."""
        if not self.wildcard:
            card = self._draw_card(ev)
            if card >= 0:
                self.wildcard.append(card)
                ev.append(Event(kinds.MOVE,
                                text=f"the new Wildcard Indicator is {NAME[card]}" if self.narrate else "",
                                cards=(card,), src="draw", dst="wildcard", face_up=True))
            return
        if not self.draw and not self.discard:
            ev.append(Event(kinds.CYCLE, text="no card to draw: the Wildcard Indicator stays"))
            return
        old = self.wildcard.pop()
        self.discard.append(old)
        ev.append(Event(kinds.MOVE, text="", cards=(old,), src="wildcard", dst="discard", face_up=True))
        card = self._draw_card(ev)
        self.wildcard.append(card)
        text = ""
        if self.narrate:
            text = f"the Wildcard Indicator cycles: {NAME[card]}, so {PLURAL_NAMES[VALUE[card]]} are wild"
        ev.append(Event(kinds.MOVE, text=text, cards=(card,), src="draw", dst="wildcard", face_up=True))

    def _refill(self, seat: int, ev: list[Event]) -> None:
        """R12: draw back up to the hand size."""
        hand = self.hands[seat]
        need = self.rules.hand_size - len(hand)
        if need <= 0:
            return
        self.lacks[seat] = slots = self.lacks[seat][:]  # a fresh row: rows are shared
        zone = self.rules.hand_zones[seat]
        while need > 0:
            draw = self.draw
            if not draw:
                if not self.discard:
                    break  # A14: keep the smaller hand
                self._reshuffle(ev)
                draw = self.draw
            take = need if need < len(draw) else len(draw)
            got = draw[-take:]
            del draw[-take:]
            got.reverse()
            slots.extend([0] * take)
            hand.extend(got)
            ev.append(move_event("", tuple(got), "draw", zone, False, seat))
            need -= take
            if not draw and self.discard:
                self._reshuffle(ev)

    # -- the end -------------------------------------------------------------------------------
    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        pts = [len(p) for p in self.points]
        places = tuple(1 + sum(1 for q in pts if q > p) for p in pts)
        names = self.names
        leader = min(range(len(pts)), key=lambda s: places[s])
        others = ", ".join(f"{names[s]} {pts[s]}" for s in range(len(pts)) if s != leader)
        if self.capped:
            text = f"{self.capped}. Points: " + ", ".join(f"{names[s]} {pts[s]}" for s in range(len(pts)))
        else:
            text = f"{names[leader]} wins the match with {points_of(pts[leader])} ({others})"
        return Result(places, (), rewards_from_places(places), text, bool(self.capped),
                      {"points": tuple(pts), "rounds": self.round_no})


class TakkuSumGame(Game):
    name = "takku-sum"
    title = "Takku-Sum"
    order = 5
    min_players = 2
    max_players = 4
    default_players = 3
    Options = TakkuSumOptions
    event_kinds = kinds.KINDS

    def _deal(self, names: tuple[str, ...], options: Any, rng: Rng, dealer: int | None) -> TakkuSumState:
        o: TakkuSumOptions = options
        n = len(names)
        s = TakkuSumState.__new__(TakkuSumState)
        s.names = names
        s.rng = rng
        s.viewer = None
        s.rules = rules = Rules(o, n)
        s.draw = list(rules.deck)
        rng.shuffle(s.draw)
        s.discard = []
        s.hands = [[] for _ in range(n)]
        for _ in range(rules.hand_size):  # R4: dealt one at a time
            for h in s.hands:
                h.append(s.draw.pop())
        s.points = ((),) * n
        s.minigame = ((),) * n
        s.wildcard = []
        s.play = []
        s.lacks = [[0] * rules.hand_size for _ in range(n)]
        s.contenders = ()
        s.mini_next = 0
        s.narrate = True
        s.round_no = 0
        s.capped = ""
        s.to_move = None
        s._memo = LegalMemo()
        # R5, R6, A1, A17: indicator, first card, then the mini-game (its draws are actions, so
        # the table can show every card drawn).
        s._start_round([], -1, n - 1 if dealer is None else dealer)
        return s

    def describe(self, action: Action, names: Sequence[str]) -> str:
        kind = action.kind
        if kind == PLAY:
            text = "play " + " ".join(NAME[c] if 0 <= c < len(NAME) else "a hidden card"
                                      for c in action.cards)
            if action.choice == AS_WILDCARD:
                text += " as the wildcard"
            elif action.choice == AS_PLAIN:
                text += " as a plain card"
            return text
        if kind == GRACE:
            return "take a grace card"
        if kind == PASS:
            return "pass"
        if kind == DRAW_FOR_FIRST:
            return "draw for first player"
        return action.words(names)


GAME = TakkuSumGame()
TakkuSumState.game = GAME
