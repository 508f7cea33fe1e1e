"""Cunt-Soul's state and its copying: the fields (declared once, with what clones share and
what a view holds), the copy-on-write updates and the questions asked of a position."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Self

from cardtable.engine.cards import HIDDEN, JOKER, RANK
from cardtable.engine.declared import DeclaredState
from cardtable.engine.fields import copied, own_row_else, seen_when, shared
from cardtable.engine.protocol import (
    Action,
    Event,
    hidden_filler,
)
from cardtable.engine.rng import Rng
from cardtable.games.cunt_soul.asks import (
    ASK_AGAIN,
    ASK_FOLLOW,
    ASK_JACK,
    ASK_RUN,
    ASK_SEVEN,
    ASK_SWAPS,
    TurnEffect,
)
from cardtable.games.cunt_soul.field_abilities import (
    KINGS_REVERSE,
    NINES,
    NO_ABILITIES,
    NO_ALMOST_ANY,
    SOURCE_OPEN,
    FieldAbilities,
)
from cardtable.games.cunt_soul.links import _OK_CACHE, Progress, Run, Top, _ok_table
from cardtable.games.cunt_soul.moves import (
    BIT,
    DOWN,
    DOWN_ZONE,
    FIELD_ZONE,
    HAND,
    HAND_ZONE,
    HIDDEN_ROWS,
    NO_ZONE,
    SETUP_FIELD,
    UP,
    UP_ZONE,
)
from cardtable.games.cunt_soul.options import Config


class CuntSoulFields(DeclaredState, FieldAbilities):
    """Cunt-Soul's state: its fields, what a view holds of each, the copy-on-write updates
    and the questions the table, the bots and the rules ask of a position. The rules themselves are
    the parts ``CuntSoulState`` is put together from (legal moves, card abilities, the turn, playing
    and words)."""

    # the memo was once a slot of this class named "memo": golden fingerprints keep its place and label
    fingerprint_fields = ("ace_due", "burn", "called", "capped", "cfg", "changes", "direction", "discard",
                          "down", "eff8j", "extra", "fc", "field", "finished", "follow", "fresh",
                          "fseven_done", "hand_size", "hands", "horizontal", "jack_due", "look_slot", "memo",
                          "n_active", "out", "own_down", "phase", "progress", "queue", "run", "seen",
                          "seven_due", "source", "swaps_due", "top", "turn", "turns", "up",
                          "names", "rng", "to_move", "viewer")
    fingerprint_renamed: ClassVar[dict[str, str]] = {"memo": "_memo"}
    # the turn's pending decisions were six fields before they became one queue (with what two of
    # its asks carry): fingerprints keep digesting them by those names, now properties of the queue
    fingerprint_through: ClassVar[dict[str, tuple[str, ...]]] = {
        "asks": ("extra", "follow", "jack_due", "seven_due"), "run_record": ("run",),
        "swaps_left": ("swaps_due",)}

    # The source and the discard pile change on most actions and are copied; the rest (hands,
    # face-up, face-down and field rows, burn pile, horizontal cards, who is out, field changes) are
    # shared by clones and views, and every change replaces the list (copy-on-write). ``known_hands``
    # holds each hand as the other seats know it (1.4), and ``down_backs`` the face-down rows as
    # backs, worked out when they change rather than in every view: derived, so fingerprints leave
    # them out. (In alphabetical order.)
    ace_due: int = shared()
    asks: int = shared()  # the turn's pending decisions, a bit each, in the order it asks them (module asks)
    burn: list[int] = shared()
    called: bool = shared()
    capped: bool = shared()
    cfg: Config = shared()
    changes: list[int] = shared()
    direction: int = shared()
    discard: list[int] = copied()
    down: list[list[int]] = shared(seen=seen_when("self.own_down", "_downs_seen_by", "down_backs"))
    down_backs: list[list[int]] = shared(derived=True)
    eff8j: bool = shared()
    fc: tuple[int, ...] = shared()
    field: list[list[int]] = shared(seen=seen_when(f"self.phase <= {SETUP_FIELD}", "_field_view"))
    finished: list[int] = shared()
    fresh: bool = shared()
    fseven_done: bool = shared()
    hand_size: int = shared()
    hands: list[list[int]] = copied(seen=own_row_else("known_hands"))  # 1.4
    horizontal: list[int] = shared()
    known_hands: list[list[int]] = copied(derived=True)
    look_slot: int = shared()
    lows_kept: bool = shared(derived=True)
    """Every seat held at least its fewest cards (``progress``) when the last turn started: then
    only the player whose turn it was can hold fewer now (every other seat's cards only come in
    or change places). False from the deal and after fields are changed by hand (``forget_legal``):
    the next turn's start looks at every seat."""
    n_active: int = shared()
    narrate: bool = shared(derived=True)
    """False on a search's playout states (clones inherit it): the actions then add no events (nor
    build their text), which nothing reads there, but the game's end."""
    out: list[bool] = shared()
    own_down: int = shared(seen=seen_when("self.own_down", "_own_down_seen"))
    phase: int = shared()
    progress: Progress = shared()
    run_record: Run | None = shared()  # the run under way, while a run is asked (ASK_RUN)
    queue: tuple[TurnEffect, ...] = shared()  # A35: the skips and J choices, applied as the turn ends
    seen: int = shared()
    source: list[int] = copied(seen=seen_when("self.source", "_source_seen"))  # (most views: none left)
    swaps_left: int = shared()  # the swaps the 5 still allows, while they are asked (ASK_SWAPS)
    top: Top = shared(seen=seen_when("self.top.swaps", "_top_view"))
    turn: int = shared()
    turns: int = shared()
    up: list[list[int]] = shared(seen=seen_when(f"self.phase <= {SETUP_FIELD}", "_up_view"))

    # -- the pending decisions by the names they had as fields (read-only: the turn sets and
    # clears the bits of ``asks``) -------------------------------------------------------------
    @property
    def extra(self) -> bool:
        """R12/A8: a burn; the burner plays again (it settled every other ask)."""
        return bool(self.asks & ASK_AGAIN)

    @property
    def run(self) -> Run | None:
        """The run under way (R21-R23), if its player may go on with it."""
        return self.run_record if self.asks & ASK_RUN else None

    @property
    def swaps_due(self) -> int:
        """How many swaps the 5 still allows (R19, A39)."""
        return self.swaps_left if self.asks & ASK_SWAPS else 0

    @property
    def seven_due(self) -> bool:
        """The 7's declaration is still to be made (R24)."""
        return bool(self.asks & ASK_SEVEN)

    @property
    def jack_due(self) -> bool:
        """The J's choice of who plays next is still to be made (R28)."""
        return bool(self.asks & ASK_JACK)

    @property
    def follow(self) -> bool:
        """The Q's follow-up is still to be played (R29)."""
        return bool(self.asks & ASK_FOLLOW)

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
        self.lows_kept = False
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
        if self.fc[SOURCE_OPEN]:  # A51: Field 6 shows the source top
            row[-1] = src[-1]
        return row

    @staticmethod
    def _rows_seen_by(seat: int, rows: list[list[int]]) -> list[list[int]]:
        return [r if i == seat else HIDDEN_ROWS[len(r)] for i, r in enumerate(rows)]

    @staticmethod
    def _top_seen_by(seat: int, t: Top) -> Top:
        """A swap with a face-down card is known only to its owner (A50)."""
        if any(sw.face_down and sw.seat != seat for sw in t.swaps):
            return t._replace(swaps=tuple(sw._replace(given=HIDDEN, taken=HIDDEN)
                                          if sw.face_down and sw.seat != seat else sw for sw in t.swaps))
        return t

    def determinize(self, rng: Rng) -> Self:
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
        if h and any(c in h for c in cards):  # (usually none lies horizontal: no generator then)
            self.horizontal = [c for c in h if c not in cards]

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

    def field_in_force(self) -> dict[int, int]:
        """The face-up field cards by rank and how many of each (R38, R39): what is in force."""
        return {rank: n for rank, n in enumerate(self.fc) if n}

    def turned_cards(self) -> frozenset[int]:
        """Face-up cards swapped in by a 5 lie horizontal (R42, A53): they cannot be burnt for a
        field change."""
        return frozenset(self.horizontal)


    def ok_ranks(self) -> tuple[bool, ...]:
        """Per face rank, whether a link of it may go on the pile now (R50, before count rules)."""
        t = self.top
        fc = self.fc
        f9 = fc[NINES] > 0
        tv = 3 if t.triple else (9 if f9 and 2 <= t.value <= 9 else t.value)
        if fc[NO_ABILITIES]:  # A48: a Field Joker laid after the card switches its lock/7/9 off too
            key = (tv, False, 0, t.fseven, False, f9, bool(fc[KINGS_REVERSE] & 1), fc[NO_ALMOST_ANY] > 0,
                   True)
        else:
            key = (tv, t.lock3, t.seven, t.fseven, t.nine, f9, bool(fc[KINGS_REVERSE] & 1),
                   fc[NO_ALMOST_ANY] > 0, False)
        return _OK_CACHE.get(key) or _ok_table(*key)  # (the table's cache asked first: a call less)

    def _beats_plainly(self, r: int) -> bool:
        """Whether rank ``r`` goes on the top by value alone, without "almost any" (A27's 6 test)."""
        return _ok_table(*self._key_no_wild())[r]

    def _key_no_wild(self) -> tuple[int, bool, int, int, bool, bool, bool, bool, bool]:
        t = self.top
        fc = self.fc
        f9 = fc[NINES] > 0
        tv = 3 if t.triple else (9 if f9 and 2 <= t.value <= 9 else t.value)
        return (tv, t.lock3, t.seven, t.fseven, t.nine, f9, bool(fc[KINGS_REVERSE] & 1), True, True)

    if TYPE_CHECKING:  # the parts call each other: each of these is defined in the part named
        def _run_actions(self, s: int) -> list[Action]: ...  # legal
        def _link(self, s: int, cards: tuple[int, ...], ev: list[Event]) -> None: ...  # abilities
        def _run_step(self, s: int, cards: tuple[int, ...], ev: list[Event]) -> None: ...  # abilities
        def _finish_run(self, s: int, ev: list[Event]) -> None: ...  # abilities
        def _swap_up(self, s: int, hand_card: int, up_card: int, ev: list[Event]) -> None: ...  # abilities
        def _swap_down(self, s: int, hand_card: int, slot: int, ev: list[Event]) -> None: ...  # abilities
        def _declare(self, s: int, choice: str, ev: list[Event]) -> None: ...  # abilities
        def _choose_next(self, s: int, target: int, ev: list[Event]) -> None: ...  # abilities
        def _look(self, s: int, slot: int, ev: list[Event]) -> None: ...  # abilities
        def _draw_up(self, s: int, ev: list[Event], refill: bool = True) -> None: ...  # play
        def _refill(self, s: int, ev: list[Event]) -> None: ...  # play
        def _check_out(self, s: int, ev: list[Event]) -> None: ...  # play
        def _start_turn(self, s: int, ev: list[Event]) -> None: ...  # turn
        def _continue(self, ev: list[Event]) -> None: ...  # turn
        def _end_turn_now(self, s: int, ev: list[Event], passed: bool) -> None: ...  # turn
        def _over(self, ev: list[Event]) -> None: ...  # turn
