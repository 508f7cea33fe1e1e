"""Cunt-Soul (seed 000, rulings in shared/rulings/cunt-soul.md, pile diagram 000_cs-layout.png).

A Shithead-family shedding game where every rank has a card ability and a field ability. The
state keeps plain lists of card ids per seat; everything the next play depends on sits in one
immutable ``Top`` record (the link on top of the pile), so a clone copies one reference for it and
a Joker can look back at exactly what it cancels. Every decision is an action of ``to_move``; the
choices inside a turn (run steps, 7, J, 5, the field change, Field 7 and Field J) are phases.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any, ClassVar, Literal, NamedTuple

from pydantic import BaseModel, Field

from cardtable.engine.cards import ACE, HIDDEN, JACK, JOKER, KING, NAME, QUEEN, RANK, standard_deck
from cardtable.engine.protocol import (
    Action,
    Event,
    Game,
    LegalMemo,
    Result,
    State,
    card_actions,
    copied,
    fact_event,
    hidden_filler,
    move_event,
    own_row_else,
    rewards_from_places,
    shared,
)
from cardtable.engine.rng import Rng
from cardtable.engine.words import count

# Decision phases: what ``to_move`` is being asked.
SETUP_UP, SETUP_FIELD, PLAY, BURN_UP, RUN, SEVEN, JACK_CHOICE, FIVE, FIVE_LOOK, FIELD_SEVEN, \
    FIELD_JACK, OVER = range(12)
HIGHER, LOWER = 1, 2
DIRECTION_WORDS = ("", "higher", "lower")
# Where a seat may play from now (R11)
NO_ZONE, HAND, UP, DOWN = range(4)
SKIP, CHOSEN = 0, 1  # turn-order effects queued during a turn (A35)

FACE_UP, FIELD, PLAY_KIND, PLAY_DOWN, PICKUP, CHANGE_FIELD, BURN_UP_KIND, STOP, DECLARE, CHOOSE, \
    SWAP, SWAP_DOWN, LOOK, NO_SWAP = ("face_up", "field", "play", "play_down", "pickup", "change_field",
                                      "burn_up", "stop", "declare", "choose", "swap", "swap_down", "look",
                                      "no_swap")
PICKUP_ACTION = Action(PICKUP)
STOP_ACTION = Action(STOP)
NO_SWAP_ACTION = Action(NO_SWAP)
DECLARE_ACTIONS = (Action(DECLARE, choice="higher"), Action(DECLARE, choice="lower"))
MAX_SEATS = 8
DOWN_ACTIONS = tuple(Action(PLAY_DOWN, target=i) for i in range(3))
LOOK_ACTIONS = tuple(Action(LOOK, target=i) for i in range(3))
CHOICES = tuple(Action(CHOOSE, target=p) for p in range(MAX_SEATS))
HAND_ZONE = tuple(f"hand/{i}" for i in range(MAX_SEATS))
UP_ZONE = tuple(f"up/{i}" for i in range(MAX_SEATS))
DOWN_ZONE = tuple(f"down/{i}" for i in range(MAX_SEATS))
FIELD_ZONE = tuple(f"field/{i}" for i in range(MAX_SEATS))
BIT = tuple(1 << c for c in range(2 * 54))
HIDDEN_ROWS = tuple([HIDDEN] * k for k in range(2 * 54 + 1))
"""Shared rows of hidden cards for views: safe because the rows they stand for (face-down, face-up,
field) are copy-on-write, never changed in place."""
RANK_WORD = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
             JACK: "J", QUEEN: "Q", KING: "K", ACE: "A", JOKER: "Joker"}
SINGLE_PLAY = tuple(Action(PLAY_KIND, (c,)) for c in range(2 * 54))
CHANGE_PLAY = tuple(Action(CHANGE_FIELD, (c,)) for c in range(2 * 54))
RANK_ORDER = tuple(RANK[c] * 1024 + c for c in range(2 * 54))  # sorts by rank, then card id
WILDCARDS = (6, 7, 10)  # "almost any" placement besides the 2 (R15, R20, R24, R27)


class Top(NamedTuple):
    """The link on top of the discard pile: what the next play must respect, and what a Joker
    played on it would cancel (A26). Immutable, so clones share it."""

    seat: int = -1
    face: int = 0  # face rank of the link (JOKER for Jokers, the last rank of a run)
    count: int = 0
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
    swaps: tuple[tuple[int, int, int, int, bool], ...] = ()  # (seat, to down?, out, in, was horizontal)
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
        acts = tuple(Action(PLAY_KIND, combo) for k in range(1, len(cards) + 1)
                     for combo in combinations(cards, k))
        _SUBSETS[cards] = acts
    return acts


def _rank_name(r: int) -> str:
    return RANK_WORD.get(r, "?")


CARD_WORD = (*NAME[:2 * 54], "a hidden card")
"""Card names for the log; HIDDEN (-1) indexes the last entry, "a hidden card"."""


def _names(cards: Sequence[int]) -> str:
    if len(cards) == 1:  # most links are one card
        return CARD_WORD[cards[0]]
    return " ".join([CARD_WORD[c] for c in cards])


STALEMATE_ROUNDS = 50
"""The stalemate ruling's default: rounds (one turn per player still in) without progress. Set so
that Normal bots reach it in at most 0.5% of games at 2 to 8 seats (scripts/cunt_soul_endings.py).
Two players left with the source gone pass the pile back and forth: a 3 can only be answered by a
3 or a Joker, and the 3s come back with every pickup. Stretches of twenty rounds and more with
nobody doing better than before are common, and they do break; Hard bots end them only somewhat
sooner than Normal ones (scripts/cunt_soul_stalls.py). So the call waits long enough to catch only a
game that never will."""


class CuntSoulOptions(BaseModel):
    refill_timing: Literal["after_link", "end_of_turn"] = Field(
        "after_link", title="When hands refill",
        description="After each play: draw back up to the hand size straight after every play, as "
                    "the rules are written. At the end of the turn: draw only when your turn ends, "
                    "as in a later version of the rules.",
        json_schema_extra={"values": {"after_link": "After each play",
                                      "end_of_turn": "At the end of the turn"}})
    ace_count: Literal["link", "consecutive"] = Field(
        "link", title="Ace penalty counts",
        description="The last Ace play: the extra cards equal the Aces played together in the last "
                    "Ace play. All Aces in a row: every Ace in a row on top of the pile counts.",
        json_schema_extra={"values": {"link": "The last Ace play", "consecutive": "All Aces in a row"}})
    field4_run_multiples: bool = Field(
        True, title="Field 4 allows multiples in runs",
        description="Under Field 4 a 4-run may still place several cards of one rank at each step. "
                    "Off: no multiples anywhere under Field 4, as in a later version of the rules.")
    finished_field: Literal["removed", "stays"] = Field(
        "removed", title="A finished player's field card",
        description="Burned: it is burned when its owner goes out and its effect ends. "
                    "Stays: it keeps acting until the game ends.",
        json_schema_extra={"values": {"removed": "Burned", "stays": "Stays"}})
    voluntary_pickup: bool = Field(
        False, title="Voluntary pickup",
        description="Allow picking up the pile even when you could play. Off: you must play if you can.")
    field5_look_first: bool = Field(
        False, title="Field 5: look before swapping",
        description="Under Field 5 a 5 lets you look at a face-down card first and then decide whether "
                    "to swap it. Off: you swap blind.")
    stalemate_rounds: int = Field(
        STALEMATE_ROUNDS, ge=0, le=1000, title="Call a stalemate after (rounds)",
        description="If this many rounds go by with no card leaving play, nobody going out, nobody "
                    "getting down to fewer cards than ever before and the source pile no smaller, the "
                    "table calls a stalemate: players still in are ranked by fewest cards left. "
                    "0: never.")
    turn_cap: int = Field(
        2000, ge=50, le=100000, title="Safety cap (turns)",
        description="The game stops after this many turns (Field 10 can recycle burned cards for a "
                    "long time); players still in are ranked by fewest cards left.")


class Config:
    """What never changes during a game; shared by every clone."""

    __slots__ = ("ace_consecutive", "cap", "dealer", "deck", "decks", "field_stays", "first",
                 "look_first", "n", "refill_end", "run_multiples", "stalemate", "voluntary")

    def __init__(self, n: int, dealer: int, opts: CuntSoulOptions) -> None:
        self.n = n
        self.dealer = dealer
        self.first = (dealer + 1) % n
        self.decks = 1 if n <= 4 else 2  # A1
        self.deck = tuple(standard_deck(self.decks, jokers=True))
        self.refill_end = opts.refill_timing == "end_of_turn"
        self.ace_consecutive = opts.ace_count == "consecutive"
        self.run_multiples = opts.field4_run_multiples
        self.field_stays = opts.finished_field == "stays"
        self.voluntary = opts.voluntary_pickup
        self.look_first = opts.field5_look_first
        self.cap = opts.turn_cap
        self.stalemate = opts.stalemate_rounds


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


class CuntSoulState(State):
    # the memo was once a slot of this class named "memo": saves' fingerprints keep its place and label
    fingerprint_fields = ("ace_due", "burn", "called", "capped", "cfg", "changes", "direction", "discard",
                          "down", "eff8j", "extra", "fc", "field", "finished", "follow", "fresh",
                          "fseven_done", "hand_size", "hands", "horizontal", "jack_due", "look_slot", "memo",
                          "n_active", "out", "own_down", "phase", "progress", "queue", "run", "seen",
                          "seven_due", "source", "swaps_due", "top", "turn", "turns", "up",
                          "names", "rng", "to_move", "viewer")
    fingerprint_renamed: ClassVar[dict[str, str]] = {"memo": "_memo"}

    # The source and the discard pile change on most actions and are copied; the rest (hands,
    # face-up, face-down and field rows, burn pile, horizontal cards, who is out, field changes) are
    # shared by clones and views, and every change replaces the list (copy-on-write). ``known_hands``
    # holds each hand as the other seats know it (1.4), and ``down_backs`` the face-down rows as
    # backs, worked out when they change rather than in every view: derived, so fingerprints leave
    # them out. (In alphabetical order.)
    ace_due: int = shared()
    burn: list[int] = shared()
    called: bool = shared()
    capped: bool = shared()
    cfg: Config = shared()
    changes: list[int] = shared()
    direction: int = shared()
    discard: list[int] = copied()
    down: list[list[int]] = shared(seen="_downs_seen_by")
    down_backs: list[list[int]] = shared(derived=True)
    eff8j: bool = shared()
    extra: bool = shared()
    fc: tuple[int, ...] = shared()
    field: list[list[int]] = shared(seen="_field_view")
    finished: list[int] = shared()
    follow: bool = shared()
    fresh: bool = shared()
    fseven_done: bool = shared()
    hand_size: int = shared()
    hands: list[list[int]] = copied(seen=own_row_else("known_hands"))  # 1.4
    horizontal: list[int] = shared()
    jack_due: bool = shared()
    known_hands: list[list[int]] = copied(derived=True)
    look_slot: int = shared()
    n_active: int = shared()
    out: list[bool] = shared()
    own_down: int = shared(seen="_own_down_seen")
    phase: int = shared()
    progress: tuple[int, int, int, int, tuple[int, ...]] = shared()
    queue: tuple[tuple[int, int], ...] = shared()
    run: tuple[int, int, int, tuple[int, ...], int] | None = shared()
    seen: int = shared()
    seven_due: bool = shared()
    source: list[int] = copied(seen="_source_seen")
    swaps_due: int = shared()
    top: Top = shared(seen="_top_view")
    turn: int = shared()
    turns: int = shared()
    up: list[list[int]] = shared(seen="_up_view")

    # -- what a view holds ----------------------------------------------------------------------
    def _up_view(self, seat: int) -> list[list[int]]:
        """A3: another seat's choices stay secret until the reveal."""
        return self._rows_seen_by(seat, self.up) if self.phase <= SETUP_FIELD else self.up

    def _field_view(self, seat: int) -> list[list[int]]:
        return self._rows_seen_by(seat, self.field) if self.phase <= SETUP_FIELD else self.field

    def _top_view(self, seat: int) -> Top:
        t = self.top
        return self._top_seen_by(seat, t) if t.swaps else t

    def _set_hand(self, s: int, hand: list[int], known: list[int] | None = None) -> None:
        """Seat ``s`` now holds ``hand`` (a new list: clones and views share the old one), and the
        others know of it what ``seen`` says (1.4; so change ``seen`` first), or ``known`` when the
        caller has it from the old row: a search's playouts change a hand on most moves and take
        no views, so working the row out card by card is kept to the rare moves."""
        self.hands[s] = hand
        if known is None:
            seen = self.seen
            # (in a view a hand may hold HIDDEN, which is no bit)
            known = [c if c != HIDDEN and seen >> c & 1 else HIDDEN for c in hand] if seen else \
                HIDDEN_ROWS[len(hand)]
        self.known_hands[s] = known

    def forget_legal(self) -> None:
        """After changing fields by hand: ``known_hands`` is worked out again too."""
        super().forget_legal()
        self.known_hands = [[]] * self.cfg.n
        for s, hand in enumerate(self.hands):
            self._set_hand(s, hand)
        self.down_backs = [HIDDEN_ROWS[len(d)] for d in self.down]

    def _downs_seen_by(self, seat: int) -> list[list[int]]:
        """Face-down cards are unknown, except the owner's own that a Field 5 showed it (A50)."""
        rows = self.down_backs
        own = self.own_down
        if own:
            rows = rows[:]
            rows[seat] = [c if own >> c & 1 else HIDDEN for c in self.down[seat]]
        return rows

    def _own_down_seen(self, seat: int) -> int:
        own = self.own_down
        if not own:
            return 0
        mine = 0
        for c in self.down[seat]:
            if own >> c & 1:
                mine |= BIT[c]
        return mine

    def _source_seen(self, seat: int) -> list[int]:
        src = self.source
        if not src:
            return []
        row = [HIDDEN] * len(src)
        if self.fc[6]:  # A51: Field 6 shows the source top
            row[-1] = src[-1]
        return row

    @staticmethod
    def _rows_seen_by(seat: int, rows: list[list[int]]) -> list[list[int]]:
        return [r if i == seat else HIDDEN_ROWS[len(r)] for i, r in enumerate(rows)]

    @staticmethod
    def _top_seen_by(seat: int, t: Top) -> Top:
        """A swap with a face-down card is known only to its owner (A50)."""
        if any(rec[1] and rec[0] != seat for rec in t.swaps):
            return t._replace(swaps=tuple((a, b, HIDDEN, HIDDEN, e) if b and a != seat
                                          else (a, b, c, d, e) for a, b, c, d, e in t.swaps))
        return t

    def determinize(self, rng: Rng) -> CuntSoulState:
        """As the generic one (same order, same draws), but building new lists: clones and views
        share some lists (copy-on-write), which must never be filled in place."""
        s = self.clone()
        fill = hidden_filler(s, rng)

        s.hands = [fill(h) for h in s.hands]
        s.up = [fill(u) for u in s.up]
        s.down = [fill(d) for d in s.down]
        s.field = [fill(f) for f in s.field]
        s.source = fill(s.source)
        s.discard = fill(s.discard)
        s.burn = fill(s.burn)
        s.viewer = None
        s.rng = rng.fork()
        return s

    # -- copy-on-write updates (clones and views share these lists; change only private copies) --
    def _own_up(self, s: int) -> list[int]:
        """Seat ``s``'s face-up row, copied (with the row list) so it may be changed in place."""
        up = self.up[:]
        row = up[s] = up[s][:]
        self.up = up
        return row

    def _own_down(self, s: int) -> list[int]:
        down = self.down[:]
        row = down[s] = down[s][:]
        self.down = down
        return row

    def _set_up_row(self, s: int, row: list[int]) -> None:
        up = self.up[:]
        up[s] = row
        self.up = up

    def _set_field_row(self, s: int, row: list[int]) -> None:
        field = self.field[:]
        field[s] = row
        self.field = field

    def _unhorizontal(self, cards: Sequence[int]) -> None:
        """These face-up cards left their place: they no longer lie horizontal (R42, A53)."""
        h = self.horizontal
        if any(c in h for c in cards):
            self.horizontal = [c for c in h if c not in cards]

    # -- zones ----------------------------------------------------------------------------------
    def card_lists(self) -> list[list[int]]:
        return [*self.hands, *self.up, *self.down, *self.field, self.source, self.discard, self.burn]

    def zones(self) -> dict[str, list[int]]:
        z: dict[str, list[int]] = {"source": self.source, "discard": self.discard, "burn": self.burn}
        for i in range(self.cfg.n):
            z[HAND_ZONE[i]] = self.hands[i]
            z[UP_ZONE[i]] = self.up[i]
            z[DOWN_ZONE[i]] = self.down[i]
            z[FIELD_ZONE[i]] = self.field[i]
        return z

    def all_cards(self) -> Sequence[int]:
        return self.cfg.deck

    # -- questions the table and the bots ask ---------------------------------------------------
    def cards_left(self, seat: int) -> int:
        return len(self.hands[seat]) + len(self.up[seat]) + len(self.down[seat])

    def zone_of(self, seat: int) -> int:
        """Where ``seat`` plays from now (R11): hand, then face-up once hand and source are empty,
        then face-down."""
        if self.hands[seat]:
            return HAND
        if self.source:
            return NO_ZONE
        if self.up[seat]:
            return UP
        if self.down[seat]:
            return DOWN
        return NO_ZONE

    def ok_ranks(self) -> tuple[bool, ...]:
        """Per face rank, whether a link of it may go on the pile now (R50, before count rules)."""
        t = self.top
        fc = self.fc
        f9 = fc[9] > 0
        tv = 3 if t.triple else (9 if f9 and 2 <= t.value <= 9 else t.value)
        if fc[JOKER]:  # A48: a Field Joker laid after the card switches its lock/7/9 off too
            return _ok_table(tv, False, 0, t.fseven, False, f9, bool(fc[KING] & 1), fc[2] > 0, True)
        return _ok_table(tv, t.lock3, t.seven, t.fseven, t.nine, f9, bool(fc[KING] & 1), fc[2] > 0,
                         False)

    def _beats_plainly(self, r: int) -> bool:
        """Whether rank ``r`` goes on the top by value alone, without "almost any" (A27's 6 test)."""
        return _ok_table(*self._key_no_wild())[r]

    def _key_no_wild(self) -> tuple[int, bool, int, int, bool, bool, bool, bool, bool]:
        t = self.top
        fc = self.fc
        f9 = fc[9] > 0
        tv = 3 if t.triple else (9 if f9 and 2 <= t.value <= 9 else t.value)
        return (tv, t.lock3, t.seven, t.fseven, t.nine, f9, bool(fc[KING] & 1), True, True)

    def top_same(self) -> int:
        """How many cards of the top card's face rank lie consecutively on top (A6; Jokers never count)."""
        d = self.discard
        if not d:
            return 0
        r = RANK[d[-1]]
        if r == JOKER:
            return 0
        k = 1
        i = len(d) - 2
        while i >= 0 and RANK[d[i]] == r:
            k += 1
            i -= 1
        return k

    def next_seat(self, seat: int) -> int:
        """The next seat still playing in the current direction (finished seats are skipped, A35)."""
        n = self.cfg.n
        d = self.direction
        q = (seat + d) % n
        if not self.out[q]:
            return q
        q = seat
        for _ in range(n):
            q = (q + d) % n
            if not self.out[q]:
                return q
        return seat

    def can_change_field(self, seat: int) -> bool:
        """R41/A43: fewer than 3 changes, a source card to draw, a hand card and an upright face-up card."""
        return (self.changes[seat] < 3 and bool(self.source) and bool(self.hands[seat])
                and any(c not in self.horizontal for c in self.up[seat]))

    # -- legal actions ----------------------------------------------------------------------------
    def _legal(self) -> list[Action]:
        s = self.to_move
        assert s is not None
        phase = self.phase
        if phase == PLAY:
            return self._play_actions(s)
        if phase == RUN:
            return self._run_actions(s)
        if phase in (SEVEN, FIELD_SEVEN):
            return list(DECLARE_ACTIONS)
        if phase in (JACK_CHOICE, FIELD_JACK):
            return [CHOICES[p] for p in range(self.cfg.n) if p != s and not self.out[p]]
        if phase == FIVE:
            return self._swap_actions(s)
        if phase == FIVE_LOOK:
            return [*(Action(SWAP_DOWN, (c,), self.look_slot) for c in sorted(self.hands[s])),
                    NO_SWAP_ACTION]
        if phase == BURN_UP:
            return card_actions(BURN_UP_KIND, [(c,) for c in self.up[s] if c not in self.horizontal])
        if phase == SETUP_UP:
            return card_actions(FACE_UP, combinations(sorted(self.hands[s]), 3))
        if phase == SETUP_FIELD:
            return card_actions(FIELD, [(c,) for c in sorted(self.hands[s])])
        return []

    def _play_actions(self, s: int) -> list[Action]:
        hand = self.hands[s]
        if hand:  # zone_of(s) == HAND, the usual case, without the call
            acts = self._link_plays(hand)  # a new list, ours to extend
        else:
            zone = self.zone_of(s)
            if zone == DOWN:
                acts = list(DOWN_ACTIONS[:len(self.down[s])])
            elif zone == UP:
                acts = self._link_plays(self.up[s])
            else:
                acts = []
        if not acts:
            acts.append(PICKUP_ACTION)  # R8
        elif self.cfg.voluntary and self.discard and not self.follow:
            acts.append(PICKUP_ACTION)  # A4 (configurable)
        if self.fresh and self.can_change_field(s):  # R40-R42
            acts += [CHANGE_PLAY[c] for c in sorted(self.hands[s])]
        return acts

    def _link_plays(self, cards: list[int]) -> list[Action]:
        """Every link these cards allow on the pile now: per rank in rank order, every non-empty set
        of that rank's cards (R7 multiples), limited by Field 4 (A38) and Field 3 (A46)."""
        ok = self.ok_ranks()
        playable = [c for c in cards if ok[RANK[c]]]
        if not playable:
            return []
        fc = self.fc
        no_triple = -1
        if fc[3] and self.top.lock3 and ok[3] and any(RANK[c] == 3 for c in playable):
            # A46: under Field 3 no link may make three 3s in a row on a 3-lock (four burns)
            no_triple = 3 - (self.top_same() if RANK[self.discard[-1]] == 3 else 0)
        if len(playable) == 1:
            c = playable[0]
            return [] if no_triple == 1 and RANK[c] == 3 else [SINGLE_PLAY[c]]
        single = fc[4] > 0  # A38: Field 4 allows one card per link
        playable.sort(key=RANK_ORDER.__getitem__)
        acts: list[Action] = []
        i = 0
        m = len(playable)
        while i < m:
            c = playable[i]
            r = RANK[c]
            j = i + 1
            while j < m and RANK[playable[j]] == r:
                j += 1
            if j == i + 1:
                if not (no_triple == 1 and r == 3):
                    acts.append(SINGLE_PLAY[c])
            else:
                plays = _plays(tuple(playable[i:j]))
                if single:
                    plays = plays[:j - i]
                if r == 3 and no_triple > 0:
                    plays = tuple(a for a in plays if len(a.cards) != no_triple)
                acts += plays
            i = j
        return acts

    def _run_actions(self, s: int) -> list[Action]:
        assert self.run is not None
        nxt, step, steps, _cards, _start = self.run
        zone = self.zone_of(s)
        acts: list[Action] = []
        if 2 <= nxt <= ACE:
            if zone == DOWN:
                if steps != 0 or len(self.down[s]) >= 2:  # A10/R21: blind, a miss picks up
                    acts += DOWN_ACTIONS[:len(self.down[s])]
            elif zone != NO_ZONE:
                cards = self.hands[s] if zone == HAND else self.up[s]
                g = tuple(sorted(c for c in cards if RANK[c] == nxt))
                if g:
                    plays = _plays(g)
                    if self.fc[4] and not self.cfg.run_multiples:
                        plays = plays[:len(g)]
                    if steps == 0:
                        plays = tuple(a for a in plays if self._run_can_finish(s, zone, a.cards, nxt + step))
                    acts += plays
        if steps != 1:
            acts.append(STOP_ACTION)
        return acts

    def _run_can_finish(self, s: int, zone: int, chosen: tuple[int, ...], need: int) -> bool:
        """R21: a run once started must reach 6 (2 when it descends): after ``chosen`` is the rank
        ``need`` still reachable, from the same zone or the next one?"""
        cards = self.hands[s] if zone == HAND else self.up[s]
        if len(cards) > len(chosen):
            return any(RANK[c] == need for c in cards)
        if zone == HAND:
            if self.source:
                return False
            if self.up[s]:
                return any(RANK[c] == need for c in self.up[s])
        return bool(self.down[s])

    def _swap_actions(self, s: int) -> list[Action]:
        hand = sorted(self.hands[s])
        if self.fc[5]:  # R38 Field 5 / A50
            n_down = len(self.down[s])
            if self.cfg.look_first:
                acts = list(LOOK_ACTIONS[:n_down])
            else:
                acts = [Action(SWAP_DOWN, (c,), i) for c in hand for i in range(n_down)]
        else:
            acts = card_actions(SWAP, [(c, u) for c in hand for u in self.up[s]])
        acts.append(NO_SWAP_ACTION)
        return acts

    # -- applying ---------------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        self._memo = LegalMemo()
        ev: list[Event] = []
        s = self.to_move
        assert s is not None
        kind = action.kind
        if kind == PLAY_KIND:
            self._play(s, list(action.cards), ev)
        elif kind == PLAY_DOWN:
            self._play_down(s, action.target, ev)
        elif kind == PICKUP:
            self._pickup(s, ev)
            self._end_turn_now(s, ev, passed=True)
        elif kind == STOP:
            self._finish_run(s, ev)
            self._continue(ev)
        elif kind == DECLARE:
            self._declare(s, action.choice, ev)
        elif kind == CHOOSE:
            self._choose_next(s, action.target, ev)
        elif kind == SWAP:
            self._swap_up(s, action.cards[0], action.cards[1], ev)
            self._continue(ev)
        elif kind == SWAP_DOWN:
            self._swap_down(s, action.cards[0], action.target, ev)
            self._continue(ev)
        elif kind == LOOK:
            self._look(s, action.target, ev)
        elif kind == NO_SWAP:
            self.swaps_due = 0
            ev.append(fact_event("swap", f"{self.names[s]} keeps the cards as they are", seat=s))
            self._continue(ev)
        elif kind == CHANGE_FIELD:
            self._change_field(s, action.cards[0], ev)
        elif kind == BURN_UP_KIND:
            self._burn_up(s, action.cards[0], ev)
        elif kind == FACE_UP:
            self._choose_face_up(s, action.cards, ev)
        elif kind == FIELD:
            self._choose_field(s, action.cards[0], ev)
        return ev

    def _declare(self, s: int, choice: str, ev: list[Event]) -> None:
        """A played 7 (or the field 7) sets whether the next card must be higher or lower."""
        d = HIGHER if choice == "higher" else LOWER
        if self.phase == SEVEN:
            self.seven_due = False
            self.top = self.top._replace(seven=d)
            ev.append(fact_event("declare", f"{self.names[s]}'s 7: the next card must be {choice} "
                                            "than 7 (or a 7)", seat=s, data={"direction": choice}))
        else:
            self.fseven_done = True
            self.top = self.top._replace(fseven=d)
            ev.append(fact_event("declare", f"Field 7: {self.names[s]} declares {choice} (equal "
                                            "is always allowed)", seat=s,
                                 data={"direction": choice}))
        self._continue(ev)

    def _choose_next(self, s: int, target: int, ev: list[Event]) -> None:
        """A played J (or the field J) names who plays next."""
        if self.phase == JACK_CHOICE:
            self.jack_due = False
            self.queue = (*self.queue, (CHOSEN, target))
            ev.append(fact_event("choose", f"{self.names[s]}'s J: {self.names[target]} plays next",
                                 seat=s, data={"target": target}))
            self._continue(ev)
        else:
            ev.append(fact_event("choose",
                                 f"Field J: {self.names[s]} chooses {self.names[target]} "
                                      "to play next", seat=s, data={"target": target}))
            self._start_turn(target, ev)

    def _look(self, s: int, slot: int, ev: list[Event]) -> None:
        """A played 5 lets its player look at one of their own face-down cards."""
        self.look_slot = slot
        self.own_down |= BIT[self.down[s][slot]]
        self.phase = FIVE_LOOK
        ev.append(fact_event("look", f"{self.names[s]} looks at face-down card {slot + 1}",
                             seat=s))

    # -- setup ------------------------------------------------------------------------------------
    def _choose_face_up(self, s: int, cards: tuple[int, ...], ev: list[Event]) -> None:
        self._set_hand(s, [c for c in self.hands[s] if c not in cards])
        self._set_up_row(s, list(cards))
        ev.append(move_event(f"{self.names[s]} chooses three face-up cards", cards, HAND_ZONE[s], UP_ZONE[s],
                             False, s))
        self.phase = SETUP_FIELD

    def _choose_field(self, s: int, card: int, ev: list[Event]) -> None:
        self._set_hand(s, [c for c in self.hands[s] if c != card])
        self._set_field_row(s, [card])
        ev.append(move_event(f"{self.names[s]} lays a field card face down", (card,), HAND_ZONE[s],
                             FIELD_ZONE[s], False, s))
        nxt = (s + 1) % self.cfg.n
        if nxt != self.cfg.first:
            self.phase = SETUP_UP
            self.to_move = nxt
            return
        self._reveal(ev)

    def _reveal(self, ev: list[Event]) -> None:
        """R3/A3: every field card and face-up card is turned over at once."""
        n = self.cfg.n
        for i in range(n):
            ev.append(Event("reveal", text="", cards=tuple(self.up[i]), src=UP_ZONE[i], dst=UP_ZONE[i],
                            face_up=True, seat=i))
            ev.append(Event("reveal", text="", cards=tuple(self.field[i]), src=FIELD_ZONE[i],
                            dst=FIELD_ZONE[i], face_up=True, seat=i))
        self._refresh_fields()
        fields = ", ".join(f"{self.names[i]} {NAME[self.field[i][0]]}" for i in range(n))
        ev.append(fact_event("reveal", f"Field cards revealed: {fields}"))
        # R4: with field Aces the hand size exceeds 5; everyone draws up, in turn order
        p = self.cfg.first
        for _ in range(n):
            self._refill(p, ev)
            p = (p + 1) % n
        self._start_turn(self.cfg.first, ev)

    def _refresh_fields(self) -> None:
        counts = [0] * 16
        for f in self.field:
            for c in f:
                counts[RANK[c]] += 1
        self.fc = tuple(counts)
        self.hand_size = 5 + counts[ACE]  # R4/R45

    # -- turns --------------------------------------------------------------------------------------
    def _start_turn(self, s: int, ev: list[Event]) -> None:
        self.turns += 1
        if self.turns > self.cfg.cap:
            self._cap(ev)
            return
        self._note_progress()
        if self.cfg.stalemate and self.stall() > self.cfg.stalemate * self.n_active:
            self._call_stalemate(ev)
            return
        self.turn = s
        self.to_move = s
        self.phase = PLAY
        self.fresh = True
        self.queue = ()
        self.extra = False
        self.follow = False
        self.eff8j = False
        self.fseven_done = False
        self.seven_due = False
        self.jack_due = False
        self.swaps_due = 0
        self.run = None
        if not self.hands[s] and self.source:
            self._refill(s, ev)  # A8: a new turn starts with a full hand
        ev.append(fact_event("turn", "", s))

    def _continue(self, ev: list[Event]) -> None:
        """Ask the next pending decision of the turn, or end the turn (the turn's state machine)."""
        if self.phase == OVER:
            return
        s = self.turn
        if self.extra:  # R12/A8: the burner plays again; if out, the next player
            if self.cfg.refill_end:
                self._draw_up(s, ev)
            self._start_turn(s if not self.out[s] else self.next_seat(s), ev)
            return
        self.to_move = s
        if self.run is not None:
            acts = self._run_actions(s)
            if acts and acts != [STOP_ACTION]:
                self.phase = RUN
                return
            self._finish_run(s, ev)  # nothing left to choose: the run ends by itself
            if self.phase == OVER:
                return
        if self.swaps_due:
            if self.hands[s] and (self.down[s] if self.fc[5] else self.up[s]):
                self.phase = FIVE
                return
            self.swaps_due = 0
        if self.seven_due:
            self.phase = SEVEN
            return
        if self.jack_due:
            self.phase = JACK_CHOICE
            return
        if self.follow:
            if not self.out[s]:  # R29: the Q's follow-up, from wherever the player plays now
                self.phase = PLAY
                self.fresh = False
                return
            self.follow = False  # A18: out of cards, the requirement lapses
            ev.append(fact_event("follow", f"{self.names[s]} is out: the Q's follow-up lapses", seat=s))
        self._end_turn_now(s, ev, passed=False)

    def _end_turn_now(self, s: int, ev: list[Event], passed: bool) -> None:
        if self.cfg.refill_end and not passed:
            self._draw_up(s, ev)
        elif self.ace_due:
            self._draw_up(s, ev, refill=False)
        if not passed:
            fc = self.fc
            t = self.top
            if fc[7] and not self.fseven_done and self.discard and not t.seven and not t.lock3:
                self.phase = FIELD_SEVEN
                self.to_move = s
                return
            if fc[JACK] and not self.eff8j and self.n_active > 2:  # A36
                self.phase = FIELD_JACK
                self.to_move = s
                return
        nxt = self.next_seat(s)  # A35: advance one, then the queued effects in order
        if passed:
            self._start_turn(nxt, ev)
            return
        natural = nxt
        skipped: list[int] = []
        for kind, x in self.queue:
            if kind == SKIP:
                for _ in range(x):
                    skipped.append(nxt)
                    nxt = self.next_seat(nxt)
                    natural = self.next_seat(natural)
            else:
                nxt = x
        if skipped:
            ev.append(fact_event("skip", "Skipped: " + ", ".join(self.names[p] for p in skipped), seat=s,
                                 data={"skipped": skipped}))
        if self.top.ability == JACK and any(k == CHOSEN for k, _ in self.queue):
            self.top = self.top._replace(natural=natural)
        self._start_turn(nxt, ev)

    def _note_progress(self) -> None:
        """The stalemate ruling's measure: progress is a card leaving play (the burn pile grows), a
        player going out, the source pile reaching a new low, or a player holding fewer cards than
        ever before (a step towards going out that a loop never makes: a pile passed round the
        table leaves everyone where they were). ``progress`` is (the turn it last happened, cards
        burned, the source's low, players out, each player's fewest cards held)."""
        _turn, burned, low, gone, lows = self.progress
        held = tuple(map(min, lows, map(self.cards_left, range(len(lows)))))
        if len(self.burn) > burned or len(self.source) < low or len(self.finished) > gone or held != lows:
            self.progress = (self.turns, len(self.burn), min(low, len(self.source)), len(self.finished),
                             held)

    def stall(self) -> int:
        """Turns since the last progress (``_note_progress``): public, so bots may see a loop. A
        stalemate is called when this exceeds ``stalemate`` rounds, one turn per player still in."""
        return self.turns - self.progress[0]

    def _call_stalemate(self, ev: list[Event]) -> None:
        self.called = True
        rounds = "1 round" if self.cfg.stalemate == 1 else f"{self.cfg.stalemate} rounds"
        ev.append(Event("stalemate", text=f"Stalemate: {rounds} without a card leaving play, anyone going "
                                          "out or anyone getting down to fewer cards than before. The "
                                          "table calls the game; players still in are ranked by fewest "
                                          "cards left"))
        self._over(ev)

    def _cap(self, ev: list[Event]) -> None:
        """A52: the safety cap ends the game; players still in are ranked by fewest cards."""
        self.capped = True
        why = " while Field 10 recycles burned cards" if self.fc[10] else ""
        ev.append(fact_event("capped", f"Safety cap: {self.cfg.cap} turns played{why}; the game stops and "
                                       "players still in are ranked by fewest cards left"))
        self._over(ev)

    def _over(self, ev: list[Event]) -> None:
        self.phase = OVER
        self.to_move = None
        r = self.result()
        assert r is not None
        ev.append(fact_event("game_over", r.text, data={"places": r.places}))

    # -- playing a link -------------------------------------------------------------------------------
    def _play(self, s: int, cards: list[int], ev: list[Event]) -> None:
        zone = self.zone_of(s)
        if zone == HAND:
            hand = self.hands[s][:]
            known = self.known_hands[s][:]
            for c in cards:
                i = hand.index(c)
                del hand[i]
                del known[i]  # the others knew the rest of the hand as before
            self._set_hand(s, hand, known)
        else:
            up = self._own_up(s)
            for c in cards:
                up.remove(c)
            self._unhorizontal(cards)
        self.discard.extend(cards)
        tup = tuple(cards)
        ev.append(move_event(f"{self.names[s]} plays {_names(cards)}", tup,
                             HAND_ZONE[s] if zone == HAND else UP_ZONE[s], "discard", True, s))
        if self.phase == RUN:
            self._run_step(s, tup, ev)
        else:
            self._link(s, tup, ev)

    def _play_down(self, s: int, slot: int, ev: list[Event]) -> None:
        """R11/A15: a face-down card is played blind; if it may not go on the pile, pick up."""
        c = self._own_down(s).pop(slot)
        backs = self.down_backs[:]
        backs[s] = HIDDEN_ROWS[len(self.down[s])]
        self.down_backs = backs
        self.own_down &= ~BIT[c]
        r = RANK[c]
        fits = self.ok_ranks()[r]
        if fits and r == 3 and self.fc[3] and self.top.lock3:  # A46: no triple of 3s on a 3-lock
            fits = (self.top_same() if RANK[self.discard[-1]] == 3 else 0) != 2
        self.discard.append(c)
        ev.append(move_event(f"{self.names[s]} turns over {NAME[c]}", (c,), DOWN_ZONE[s], "discard", True, s))
        if self.phase == RUN:
            assert self.run is not None
            if r == self.run[0]:
                self._run_step(s, (c,), ev)
                return
            ev.append(fact_event("miss", f"{NAME[c]} does not continue the run", seat=s))
        elif fits:
            self._link(s, (c,), ev)
            return
        else:
            ev.append(fact_event("miss", f"{NAME[c]} cannot go on the pile", seat=s))
        self.run = None
        self._pickup(s, ev)
        self._end_turn_now(s, ev, passed=True)

    def _pickup(self, s: int, ev: list[Event]) -> None:
        """R8: the whole pile goes into the hand, seen by everyone."""
        pile = self.discard
        self.discard = []
        self.top = EMPTY
        seen = self.seen
        for c in pile:
            seen |= BIT[c]
        self.seen = seen
        self._set_hand(s, self.hands[s] + pile, self.known_hands[s] + pile)  # seen going in
        if pile:
            ev.append(move_event(f"{self.names[s]} picks up the pile ({count(len(pile), 'card')})",
                                 tuple(pile), "discard", HAND_ZONE[s], True, s))
        else:
            ev.append(fact_event("pass", f"{self.names[s]} cannot play; the pile is empty", seat=s))

    def _link(self, s: int, cards: tuple[int, ...], ev: list[Event]) -> None:
        """Resolve a link just placed on the pile: ace penalty, Joker, burns, Field 3, abilities."""
        self.fresh = False
        self.follow = False
        t = self.top
        fc = self.fc
        r = RANK[cards[0]]
        n = len(cards)
        abil = not fc[JOKER]  # A48
        if t.ace and r != JOKER and abil:
            self._ace_penalty(s, t, n)
        if r == JOKER:
            self._joker(s, t, n, abil, ev)
        elif self.top_same() >= 4:  # R37/A6
            self._burn(s, f"four {_rank_name(r)}s in a row burn the pile", ev)
        elif fc[3] and self.top_same() == 3:  # A46: the triple becomes a 3 in value and power
            self.top = Top(s, r, n, 3, True, 3 if abil else 0, lock3=abil)
            ev.append(fact_event("triple", f"Field 3: three {_rank_name(r)}s become a 3"
                                           + (" — the next player must play a 3" if abil else ""), seat=s))
        elif not abil:
            self.top = Top(s, r, n, r)
        else:
            self._ability(s, r, n, t, ev)
        self._after_link(s, ev)

    def _after_link(self, s: int, ev: list[Event]) -> None:
        if self.run is None and not self.cfg.refill_end:
            self._draw_up(s, ev)  # A12
        self._check_out(s, ev)
        self._continue(ev)

    def _ability(self, s: int, r: int, n: int, t: Top, ev: list[Event]) -> None:
        """Card abilities (R15-R31), stacked per R36/A39/A40."""
        fc = self.fc
        name = self.names[s]
        value, ability, via6, wild6 = r, r, False, False
        if r == 6:  # R20/A20-A24: copy the previous link's value and ability
            wild6 = t.value != 0 and not self._beats_plainly(6)
            value, ability, via6 = t.value, t.ability, True
            if t.value:
                what = _rank_name(ability) + "'s ability" if ability else "value only"
                ev.append(fact_event("copy", f"{name}'s 6 copies the {_rank_name(t.face)} ({what})", seat=s))
        times = 1 if fc[QUEEN] else n * (1 + fc[8])
        # what the new top records besides value and ability (built once: _replace is slow)
        lock3 = nine = False
        ace = reversals = 0
        if ability == 3:
            lock3 = True
        elif ability == 4:
            # R21: the player may run on from here; under Field K the run descends (R23)
            step = -1 if fc[KING] & 1 else 1
            self.run = (4 + step, step, 0, (), r)
        elif ability == 5:
            self.swaps_due = times
        elif ability == 7:
            self.seven_due = True
        elif ability == 8:
            self.queue = (*self.queue, (SKIP, times))
            self.eff8j = True
            ev.append(fact_event("skip",
                                 f"{name}'s {_rank_name(r)}: {times} player{'s' if times > 1 else ''} "
                                    "skipped", seat=s, data={"count": times}))
        elif ability == 9:
            nine = True
        elif ability == 10:
            self.top = Top(s, r, n, value, False, ability, via6, wild6)
            self._burn(s, "a 10 burns the pile", ev)
            return
        elif ability == JACK:
            if self.n_active > 2:  # R28/R46: no effect with 2 players
                self.jack_due = True
                self.eff8j = True
            else:
                ev.append(fact_event("jack", "With two players a J has no effect", seat=s))
        elif ability == QUEEN:
            self.follow = True  # R29/A17: one follow-up whatever the count
        elif ability == KING:
            if self.n_active > 2:  # R30/A37
                reversals = times
                if times & 1:
                    self.direction = -self.direction
                word = "clockwise" if self.direction == 1 else "anticlockwise"
                ev.append(fact_event("direction", f"{name}'s {_rank_name(r)}: {times} reversal"
                                                  f"{'s' if times > 1 else ''} — play goes {word}", seat=s,
                                     data={"direction": self.direction, "reversals": times}))
            else:
                ev.append(fact_event("direction", "With two players a K has no effect", seat=s,
                                     data={"direction": self.direction, "reversals": 0}))
        elif ability == ACE:
            ace = n
        self.top = _link_top(s, r, n, value, ability, via6, wild6, lock3, nine, ace, reversals)

    def _ace_penalty(self, s: int, t: Top, n: int) -> None:
        """R31/A30: playing on an Ace costs extra cards, owed until the refill: the seed's "pick up
        additional cards" comes on top of the refill, never in place of it."""
        count = t.ace
        if self.cfg.ace_consecutive:
            d = self.discard
            i = len(d) - n - 1
            k = 0
            while i >= 0 and RANK[d[i]] == ACE:
                k += 1
                i -= 1
            count = max(k, count)
        fc = self.fc
        self.ace_due += 1 if fc[QUEEN] else count * (1 + fc[8])

    def _joker(self, s: int, t: Top, n: int, abil: bool, ev: list[Event]) -> None:
        """R32-R35/A25-A29: a Joker cancels the previous link retroactively; a paradox burns."""
        name = self.names[s]
        if abil and t.value:
            case = self._paradox(s, t)
            if case:
                what = {"8": "an 8", "Q": "a Q", "J": "a J", "K": "a K", "6": "a 6"}[case]
                via = " copied by a 6" if t.via6 and case != "6" else ""
                why = {"8": "cancelling the skip would mean another player should have played",
                       "Q": "it is the Q's own follow-up",
                       "J": "without the J someone else would have played",
                       "K": "without the reversal someone else would have played",
                       "6": "the 6 needed its 'almost any' placement"}[case]
                ev.append(fact_event("paradox", f"Joker on {what}{via}: paradox ({why}) — the pile burns",
                                     seat=s, data={"case": case, "via6": bool(via)}))
                self._burn(s, "the paradox burns the pile", ev)
                return
        value = t.value if t.face == JOKER else t.face
        if abil and t.start:  # R33/A29: the run's player takes the run back
            owner = t.seat
            d = self.discard
            keep = d[:len(d) - n - len(t.run)]
            self.discard = keep + d[len(d) - n:]
            for c in t.run:
                self.seen |= BIT[c]
            self._set_hand(owner, [*self.hands[owner], *t.run])
            value = t.start
            ev.append(move_event(f"Joker on a run: {self.names[owner]} takes back {_names(t.run)}", t.run,
                                 "discard", HAND_ZONE[owner], True, owner))
        elif abil and t.swaps:
            self._undo_swaps(t, ev)
        if abil and t.value and not t.start and t.ability:
            ev.append(fact_event("cancel", f"{name}'s Joker cancels the {_rank_name(t.face)}"
                                           f"{' (a copy)' if t.via6 else ''}", seat=s))
        self.top = Top(s, JOKER, n, value)

    def paradox_for(self, p: int | None) -> bool:
        """Whether a Joker ``p`` played now would make a paradox and burn the pile (A27)."""
        return p is not None and bool(self._paradox(p, self.top))

    def _paradox(self, p: int, t: Top) -> str:
        """A27: burn iff cancelling the link would change whether ``p`` should be placing a card."""
        a = t.ability
        if a == 8:
            return "8"
        if a == QUEEN and p == t.seat:
            return "Q"
        if a == JACK and t.natural >= 0 and p != t.natural:
            return "J"
        if a == KING and t.reversals & 1 and self.n_active > 2:
            return "K"
        if t.via6 and t.wild6:
            return "6"
        return ""

    def _undo_swaps(self, t: Top, ev: list[Event]) -> None:
        """R34/A54: a Joker on a 5 swaps back what can still be swapped back."""
        for seat, to_down, out_c, in_c, was_h in reversed(t.swaps):
            zone = self.down[seat] if to_down else self.up[seat]
            hand = self.hands[seat]
            if out_c not in zone or in_c not in hand:
                continue
            zone = self._own_down(seat) if to_down else self._own_up(seat)
            zone[zone.index(out_c)] = in_c
            hand = [*(c for c in hand if c != in_c), out_c]
            if to_down:
                self.own_down = (self.own_down | BIT[in_c]) & ~BIT[out_c]
                self.seen &= ~BIT[out_c]
                ev.append(move_event(f"Joker on a 5: {self.names[seat]} swaps back with a face-down card",
                                     (in_c,), HAND_ZONE[seat], DOWN_ZONE[seat], False, seat))
                ev.append(move_event("", (out_c,), DOWN_ZONE[seat], HAND_ZONE[seat], False, seat))
            else:
                self._unhorizontal((out_c,))
                if was_h:
                    self.horizontal = [*self.horizontal, in_c]
                self.seen |= BIT[out_c]
                ev.append(move_event(f"Joker on a 5: {self.names[seat]} swaps {NAME[out_c]} back for "
                                             f"{NAME[in_c]}", (in_c,), HAND_ZONE[seat], UP_ZONE[seat], True,
                                     seat))
                ev.append(move_event("", (out_c,), UP_ZONE[seat], HAND_ZONE[seat], True, seat))
            self._set_hand(seat, hand)

    def _burn(self, s: int, why: str, ev: list[Event]) -> None:
        """R12/R48: the pile leaves the game (under Field 10, under the source) and ``s`` plays again."""
        pile = self.discard
        self.discard = []
        self.top = EMPTY
        self.run = None
        self.follow = False
        self.seven_due = False
        self.jack_due = False
        self.swaps_due = 0
        self.queue = ()
        self.extra = True
        if self.fc[10] and self.source:
            self.source[0:0] = pile
            mask = 0
            for c in pile:
                mask |= BIT[c]
            self.seen &= ~mask
            ev.append(Event("burn",
                            text=f"{why[0].upper()}{why[1:]}; Field 10 puts it under the source pile. "
                                    f"{self.names[s]} plays again", cards=tuple(pile), src="discard",
                            dst="source",
                            face_up=False, seat=s))
        else:
            self.burn = self.burn + pile
            ev.append(Event("burn", text=f"{why[0].upper()}{why[1:]}. {self.names[s]} plays again",
                            cards=tuple(pile),
                            src="discard", dst="burn", face_up=True, seat=s))

    # -- runs ----------------------------------------------------------------------------------------
    def _run_step(self, s: int, cards: tuple[int, ...], ev: list[Event]) -> None:
        assert self.run is not None
        nxt, step, steps, played, start = self.run
        self.run = (nxt + step, step, steps + 1, played + cards, start)
        if self.top_same() >= 4:  # A10: the run ends in the burn
            self._burn(s, f"four {_rank_name(nxt)}s in a row burn the pile", ev)
            self._after_link(s, ev)
            return
        self._continue(ev)

    def _finish_run(self, s: int, ev: list[Event]) -> None:
        assert self.run is not None
        _nxt, _step, steps, played, start = self.run
        self.run = None
        if steps:
            last = RANK[played[-1]]
            k = 0
            for c in reversed(played):
                if RANK[c] != last:
                    break
                k += 1
            # R22/R23: run cards are ability-less; the top is the last card's face value
            self.top = Top(s, last, k, last, start=start, run=played)
            ev.append(fact_event("run", f"{self.names[s]}'s run ends at {_rank_name(last)}", seat=s))
            if self.fc[3] and self.top_same() == 3:
                self.top = Top(s, last, k, 3, True, 3 if not self.fc[JOKER] else 0,
                               lock3=not self.fc[JOKER], start=start, run=played)
                ev.append(fact_event("triple", f"Field 3: three {_rank_name(last)}s become a 3", seat=s))
        if not self.cfg.refill_end:
            self._draw_up(s, ev)
        self._check_out(s, ev)

    # -- the 5 ------------------------------------------------------------------------------------------
    def _swap_up(self, s: int, hand_card: int, up_card: int, ev: list[Event]) -> None:
        """R19/A53: a hand card and a face-up card change places; the new one lies horizontal."""
        hand = self.hands[s]
        up = self._own_up(s)
        i = up.index(up_card)
        was_h = up_card in self.horizontal
        if was_h:
            self._unhorizontal((up_card,))
        up[i] = hand_card
        self.horizontal = [*self.horizontal, hand_card]
        self.seen |= BIT[up_card]
        self._set_hand(s, [*(c for c in hand if c != hand_card), up_card])
        self.swaps_due -= 1
        self.top = self.top._replace(swaps=(*self.top.swaps, (s, 0, hand_card, up_card, was_h)))
        ev.append(move_event(f"{self.names[s]} swaps {NAME[hand_card]} for face-up {NAME[up_card]}",
                             (hand_card,), HAND_ZONE[s], UP_ZONE[s], True, s))
        ev.append(move_event("", (up_card,), UP_ZONE[s], HAND_ZONE[s], True, s))

    def _swap_down(self, s: int, hand_card: int, slot: int, ev: list[Event]) -> None:
        """Field 5/A50: a hand card and a face-down card change places; the owner knows both."""
        hand = self.hands[s]
        down = self._own_down(s)
        down_card = down[slot]
        down[slot] = hand_card
        self.own_down = (self.own_down | BIT[hand_card]) & ~BIT[down_card]
        self.seen &= ~BIT[hand_card]
        self._set_hand(s, [*(c for c in hand if c != hand_card), down_card])
        self.swaps_due -= 1
        if self.phase == FIVE_LOOK:
            self.phase = FIVE
        self.top = self.top._replace(swaps=(*self.top.swaps, (s, 1, hand_card, down_card, False)))
        ev.append(move_event(f"Field 5: {self.names[s]} swaps a hand card with face-down card {slot + 1}",
                             (hand_card,), HAND_ZONE[s], DOWN_ZONE[s], False, s))
        ev.append(move_event("", (down_card,), DOWN_ZONE[s], HAND_ZONE[s], False, s))

    # -- field changes ------------------------------------------------------------------------------------
    def _change_field(self, s: int, card: int, ev: list[Event]) -> None:
        """R42 step 1: the hand card becomes the field card; the old one joins the hand, seen by all."""
        old = self.field[s]
        self._set_field_row(s, [card])
        for c in old:
            self.seen |= BIT[c]
        self._set_hand(s, [*(c for c in self.hands[s] if c != card), *old])
        changes = self.changes[:]
        changes[s] += 1
        self.changes = changes
        self._refresh_fields()
        ev.append(move_event(f"{self.names[s]} changes field card: {NAME[card]} replaces "
                                     f"{_names(old)}", (card,), HAND_ZONE[s], FIELD_ZONE[s], True, s))
        ev.append(move_event("", tuple(old), FIELD_ZONE[s], HAND_ZONE[s], True, s))
        self.phase = BURN_UP
        self.fresh = False

    def _burn_up(self, s: int, card: int, ev: list[Event]) -> None:
        """R42 steps 2-3/A44: an upright face-up card leaves the game; the source top replaces it,
        face up and horizontal."""
        up = self._own_up(s)
        i = up.index(card)
        if self.fc[10] and self.source:
            self.source.insert(0, card)
            self.seen &= ~BIT[card]
            ev.append(move_event(f"{self.names[s]} burns face-up {NAME[card]} (Field 10: under the "
                                         "source)", (card,), UP_ZONE[s], "source", True, s))
        else:
            self.burn = [*self.burn, card]
            ev.append(move_event(f"{self.names[s]} burns face-up {NAME[card]}", (card,), UP_ZONE[s], "burn",
                                 True, s))
        new = self.source.pop()
        up[i] = new
        self.horizontal = [*self.horizontal, new]
        ev.append(move_event(f"{NAME[new]} is drawn to lie horizontal", (new,), "source", UP_ZONE[s], True,
                             s))
        self.phase = PLAY

    # -- drawing and going out ------------------------------------------------------------------------------
    def _draw_up(self, s: int, ev: list[Event], refill: bool = True) -> None:
        """The refill, then any Ace penalty owed on top of it (R10, R31/A30)."""
        if refill:
            self._refill(s, ev)
        owed = self.ace_due
        if owed:
            self.ace_due = 0
            got = min(owed, len(self.source))
            if not got:
                ev.append(Event("ace", text=f"Ace penalty for {self.names[s]}: the source is empty", seat=s))
                return
            short = f" of {owed} (the source is empty)" if got < owed else ""
            self._draw(s, got, ev, f"Ace penalty: {self.names[s]} draws {got}{short}")

    def _refill(self, s: int, ev: list[Event]) -> None:
        """R10: draw up to the hand size while the source lasts."""
        need = self.hand_size - len(self.hands[s])
        if need > 0 and self.source and not self.out[s]:
            self._draw(s, need, ev, "")

    def _draw(self, s: int, k: int, ev: list[Event], text: str) -> int:
        src = self.source
        k = min(k, len(src))
        if k <= 0:
            return 0
        cards = src[-k:]
        cards.reverse()
        del src[-k:]
        public = self.fc[6] > 0  # A51
        mask = 0
        for c in cards:
            mask |= BIT[c]
        self.seen = self.seen | mask if public else self.seen & ~mask
        self._set_hand(s, self.hands[s] + cards, self.known_hands[s] + (cards if public else HIDDEN_ROWS[k]))
        ev.append(move_event(text, tuple(cards), "source", HAND_ZONE[s], public, s))
        return k

    def _check_out(self, s: int, ev: list[Event]) -> None:
        """R14/A55: out when hand, face-up and face-down are all empty; A45 burns the field card."""
        if self.out[s] or self.hands[s] or self.up[s] or self.down[s]:
            return
        out = self.out[:]
        out[s] = True
        self.out = out
        self.n_active -= 1
        self.finished = [*self.finished, s]
        ev.append(fact_event("out", f"{self.names[s]} is out, in place {len(self.finished)}", seat=s,
                             data={"place": len(self.finished)}))
        if not self.cfg.field_stays and self.field[s]:
            f = self.field[s]
            self._set_field_row(s, [])
            self.burn = self.burn + f
            self._refresh_fields()
            ev.append(move_event(f"{self.names[s]}'s field {_names(f)} leaves play", tuple(f), FIELD_ZONE[s],
                                 "burn", True, s))
        if self.n_active <= 1:
            self._over(ev)

    # -- the end -------------------------------------------------------------------------------------------
    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        n = self.cfg.n
        order = list(self.finished)
        rest = [p for p in range(n) if not self.out[p]]
        rest.sort(key=lambda p: (self.cards_left(p), p))
        places = [0] * n
        for i, p in enumerate(order):
            places[p] = i + 1
        place = len(order)
        prev = -1
        for i, p in enumerate(rest):
            left = self.cards_left(p)
            if left != prev or not (self.capped or self.called):
                place = len(order) + i + 1
                prev = left
            places[p] = place
        last = max(places)
        losers = tuple(p for p in range(n) if places[p] == last)
        who = " and ".join(self.names[p] for p in losers)
        text = f"{who} {'is' if len(losers) == 1 else 'are'} the sole-cunt"
        if self.capped:
            text = f"Safety cap reached after {self.cfg.cap} turns: ranked by fewest cards left. " + text
        elif self.called:
            text = "Stalemate called: ranked by fewest cards left. " + text
        return Result(tuple(places), losers, rewards_from_places(places), text, self.capped,
                      {"finish_order": order, "turns": self.turns, "stalemate": self.called})

    # -- words ----------------------------------------------------------------------------------------------
    def prompt(self) -> str:
        s = self.to_move
        if s is None:
            return ""
        phase = self.phase
        if phase == SETUP_UP:
            return "Choose three hand cards to lay face up (secret until everyone is ready)"
        if phase == SETUP_FIELD:
            return "Choose your field card, laid face down until everyone is ready"
        if phase == BURN_UP:
            return "Field change: choose an upright face-up card to burn"
        if phase == RUN:
            assert self.run is not None
            nxt, _step, steps, _c, _s = self.run
            need = " (a run must reach 6)" if steps == 1 and nxt > 4 else (
                " (a run must reach 2)" if steps == 1 else " or stop")
            return f"Continue the run with {_rank_name(nxt)}s{need}"
        if phase == SEVEN:
            return "Your 7: must the next card be higher or lower than 7?"
        if phase == FIELD_SEVEN:
            return "Field 7: must the next card be higher or lower (equal is always allowed)?"
        if phase == JACK_CHOICE:
            return "Your J: choose who plays next"
        if phase == FIELD_JACK:
            return "Field J: choose who plays next"
        if phase == FIVE:
            where = "a face-down card" if self.fc[5] else "a face-up card"
            return f"Your 5: swap a hand card with {where}, or keep your cards"
        if phase == FIVE_LOOK:
            return (f"You looked at {NAME[self.down[s][self.look_slot]]}: swap it for a hand card, "
                    "or keep it")
        if phase == PLAY:
            legal = self.legal_actions()
            if legal == [PICKUP_ACTION]:
                return "No card may go on the pile: pick it up"
            if self.follow:
                return "Your Q needs a follow-up: play a card that goes on a Q"
            zone = self.zone_of(s)
            where = {HAND: "from your hand", UP: "from your face-up cards",
                     DOWN: "a face-down card, blind"}.get(zone, "")
            extra = " (or change your field card first)" if any(a.kind == CHANGE_FIELD for a in legal) else ""
            return f"Play {where}{extra}"
        return ""

    def why_illegal(self, action: Action) -> str:
        s = self.to_move
        if s is None:
            return "the game is over"
        kind = action.kind
        phase = self.phase
        ask = self.prompt()
        if phase != PLAY and kind in (PLAY_KIND, PLAY_DOWN, PICKUP, CHANGE_FIELD) and phase != RUN:
            return f"not now: {ask[0].lower()}{ask[1:]}"
        if kind == PICKUP:
            return "you can play, so you may not pick up the pile"
        if kind == CHANGE_FIELD:
            if not self.fresh:
                return "a field card may only be changed at the start of your turn"
            if self.changes[s] >= 3:
                return "you have already changed your field card three times"
            if not self.source:
                return "a field card may only be changed while the source pile lasts"
            return "a field change needs a hand card and an upright face-up card"
        if kind == PLAY_KIND:
            cards = action.cards
            if not cards or len({RANK[c] for c in cards if 0 <= c < len(RANK)}) != 1 \
                    or any(not 0 <= c < len(RANK) for c in cards):
                return "a play is one or more cards of the same rank"
            zone = self.zone_of(s)
            own = self.hands[s] if zone == HAND else (self.up[s] if zone == UP else [])
            if any(c not in own for c in cards):
                if zone == DOWN:
                    return "your hand and face-up cards are gone: play a face-down card, blind"
                if any(c in self.up[s] for c in cards):
                    return "face-up cards may be played only once your hand and the source pile are empty"
                return "you do not hold that card where you may play from"
            r = RANK[cards[0]]
            if phase == RUN and self.run is not None:
                if r == self.run[0]:
                    return "a run, once started, must reach 6 (2 when it descends): you could not " \
                           "go on after these"
                return f"the run continues with {_rank_name(self.run[0])}s"
            if not self.ok_ranks()[r]:
                return self._why_rank(r)
            if self.fc[4] and len(cards) > 1:
                return "Field 4: only one card at a time"
            return "Field 3: three 3s may not go on a 3"
        if kind == PLAY_DOWN:
            return "you may play face-down cards only once your hand and face-up cards are gone"
        if kind == STOP:
            return "a run, once started, must reach 6" if phase == RUN else "there is no run to stop"
        return f"not now: {ask[0].lower()}{ask[1:]}" if ask else "that is not allowed now"

    def _why_rank(self, r: int) -> str:
        t = self.top
        top = _rank_name(t.face)
        if t.lock3:
            return f"a {'triple' if t.triple else '3'} is on top: only a 3 or a Joker may follow"
        if t.seven:
            return f"a 7 declared {DIRECTION_WORDS[t.seven]} is on top: play {DIRECTION_WORDS[t.seven]} " \
                   "than 7, a 7 or a Joker"
        if t.fseven:
            return f"Field 7: {DIRECTION_WORDS[t.fseven]} was declared: play equal or " \
                   f"{DIRECTION_WORDS[t.fseven]}, or a Joker"
        word = "equal or lower (Field K)" if self.fc[KING] & 1 else "equal or higher"
        extra = (" (Field 2 takes away the 6, 7 and 10's 'almost any')"
                 if r in WILDCARDS and self.fc[2] else "")
        article = "an" if t.face in (8, ACE) else "a"
        return f"{article} {top} is on top: play {word}{extra}"

    # -- for the table's panel -------------------------------------------------------------------
    def field_in_force(self) -> dict[int, int]:
        """The face-up field cards by rank and how many of each (R38, R39): what is in force."""
        return {rank: n for rank, n in enumerate(self.fc) if n}

    def field_kings_reverse(self) -> bool:
        """A41: an odd number of Field Ks reverses the ordering; an even number plays as normal."""
        return bool(self.fc[KING] & 1)

    def turned_cards(self) -> frozenset[int]:
        """Face-up cards swapped in by a 5 lie horizontal (R42, A53): they cannot be burnt for a
        field change."""
        return frozenset(self.horizontal)


class CuntSoulGame(Game):
    name = "cunt-soul"
    title = "Cunt-Soul"
    order = 2
    loser_title = "the sole-cunt"
    min_players = 2
    max_players = 8
    default_players = 4
    Options = CuntSoulOptions

    def _deal(self, names: tuple[str, ...], options: Any, rng: Rng, dealer: int | None) -> CuntSoulState:
        n = len(names)
        if dealer is None:
            dealer = rng.below(n)  # A2
        cfg = Config(n, dealer, options)
        deck = list(cfg.deck)
        rng.shuffle(deck)
        s = CuntSoulState.__new__(CuntSoulState)
        s.names = names
        s.rng = rng
        s.viewer = None
        s.cfg = cfg
        s.down = [[deck.pop() for _ in range(3)] for _ in range(n)]  # R2
        s.hands = [[deck.pop() for _ in range(9)] for _ in range(n)]
        s.source = deck
        s.up = [[] for _ in range(n)]
        s.field = [[] for _ in range(n)]
        s.discard = []
        s.burn = []
        s.horizontal = []
        s.seen = 0
        s.known_hands = [HIDDEN_ROWS[len(h)] for h in s.hands]
        s.down_backs = [HIDDEN_ROWS[len(d)] for d in s.down]
        s.own_down = 0
        s.phase = SETUP_UP
        s.to_move = cfg.first  # A3: seat by seat from the dealer's left, revealed together
        s.turn = cfg.first
        s.direction = 1  # R5: clockwise
        s.out = [False] * n
        s.finished = []
        s.n_active = n
        s.top = EMPTY
        s.queue = ()
        s.fresh = False
        s.changes = [0] * n
        s.fc = (0,) * 16
        s.hand_size = 5
        s.follow = False
        s.seven_due = False
        s.jack_due = False
        s.swaps_due = 0
        s.extra = False
        s.eff8j = False
        s.fseven_done = False
        s.run = None
        s.look_slot = -1
        s.turns = 0
        s.capped = False
        s.ace_due = 0
        s.progress = (0, 0, len(deck), 0, (len(deck),) * n)
        s.called = False
        s._memo = LegalMemo()
        return s

    def describe(self, action: Action, names: Sequence[str]) -> str:
        kind = action.kind
        cards = _names(action.cards)
        if kind == FACE_UP:
            return f"lay {cards} face up"
        if kind == FIELD:
            return f"lay {cards} as the field card"
        if kind == PLAY_KIND:
            return f"play {cards}"
        if kind == PLAY_DOWN:
            return f"play face-down card {action.target + 1}"
        if kind == PICKUP:
            return "pick up the pile"
        if kind == CHANGE_FIELD:
            return f"change the field card to {cards}"
        if kind == BURN_UP_KIND:
            return f"burn face-up {cards}"
        if kind == STOP:
            return "end the run"
        if kind == DECLARE:
            return f"declare {action.choice}"
        if kind == CHOOSE:
            who = names[action.target] if 0 <= action.target < len(names) else f"seat {action.target + 1}"
            return f"choose {who} to play next"
        if kind == SWAP:
            return f"swap {_names(action.cards[:1])} for face-up {_names(action.cards[1:])}"
        if kind == SWAP_DOWN:
            return f"swap {cards} with face-down card {action.target + 1}"
        if kind == LOOK:
            return f"look at face-down card {action.target + 1}"
        if kind == NO_SWAP:
            return "keep the cards as they are"
        return action.words(names)


CuntSoulState.game = GAME = CuntSoulGame()
