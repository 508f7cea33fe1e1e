"""Cunt-Soul's actions carried out: the setup choices, playing from hand, face-up and face-down
cards, picking up, changing the field card, drawing and going out."""

from __future__ import annotations

from cardtable.engine.cards import ACE, NAME, RANK
from cardtable.engine.protocol import (
    Action,
    Event,
    fact_event,
    move_event,
)
from cardtable.engine.words import count
from cardtable.games.cunt_soul import kinds
from cardtable.games.cunt_soul.asks import NOT_RUN, NOT_SWAPS
from cardtable.games.cunt_soul.field_abilities import (
    SOURCE_OPEN,
)
from cardtable.games.cunt_soul.links import (
    EMPTY,
)
from cardtable.games.cunt_soul.moves import (
    BIT,
    BURN_UP,
    BURN_UP_KIND,
    CHANGE_FIELD,
    CHOOSE,
    DECLARE,
    DOWN_ZONE,
    FACE_UP,
    FIELD,
    FIELD_ZONE,
    HAND,
    HAND_ZONE,
    HIDDEN_ROWS,
    LOOK,
    NO_SWAP,
    PICKUP,
    PLAY,
    PLAY_DOWN,
    PLAY_KIND,
    RUN,
    SETUP_FIELD,
    SETUP_UP,
    STOP,
    SWAP,
    SWAP_DOWN,
    UP_ZONE,
)
from cardtable.games.cunt_soul.state import CuntSoulFields
from cardtable.games.cunt_soul.words import (
    _names,
)

_BIT_OF = dict(enumerate(BIT)).__getitem__
"""``BIT[card]`` for ``map`` (a dict's lookup is called straight from C)."""


class Playing(CuntSoulFields):
    """Carrying out each action of the seat to move."""

    __slots__ = ()

    def _plainly_legal(self, action: object) -> bool:
        """A setup choice (every three hand cards face up: 84 actions a seat) plainly in the list:
        the phase's kind, plain ints in ascending order (the list's cards are combinations of the
        sorted hand), every one in the mover's hand. ``State.apply`` then takes it without
        building the list; anything else takes the list, and its refusals, as before."""
        if self.phase > SETUP_FIELD or type(action) is not Action:
            return False
        s = self.to_move
        assert s is not None  # (``State.apply`` asks only for the mover's own position)
        # read as plain objects: a malformed action (a phone's, a save's) may hold anything, and the
        # binary's compiled core checks each declared type as it unpacks (a TypeError, not "no")
        items: tuple[object, ...] = action
        kind, cards, target, choice = items
        if kind != (FACE_UP if self.phase == SETUP_UP else FIELD) or type(cards) is not tuple or \
                type(target) is not int or target != -1 or choice != "" or \
                len(cards) != (3 if kind == FACE_UP else 1):
            return False
        hand = self.hands[s]
        last = -1
        raw: tuple[object, ...] = cards
        for c in raw:
            if type(c) is not int or c <= last or c not in hand:
                return False
            last = c
        return True

    def _apply(self, action: Action) -> list[Event]:
        self._memo = []  # (a plain list: LegalMemo's own class costs four times as much to make)
        ev: list[Event] = []
        s = self.to_move
        assert s is not None
        kind = action[0]  # (by index: a tuple's item is read faster than a NamedTuple's field)
        if kind == PLAY_KIND:
            self._play(s, action[1], ev)
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
            self.asks &= NOT_SWAPS  # answered
            if self.narrate:
                ev.append(fact_event(kinds.SWAP, f"{self.names[s]} keeps the cards as they are", seat=s))
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

    def _choose_face_up(self, s: int, cards: tuple[int, ...], ev: list[Event]) -> None:
        self._set_hand(s, [c for c in self.hands[s] if c not in cards])
        self._set_up_row(s, list(cards))
        if self.narrate:
            ev.append(move_event(f"{self.names[s]} chooses three face-up cards", cards, HAND_ZONE[s],
                                 UP_ZONE[s], False, s))
        self.phase = SETUP_FIELD

    def _choose_field(self, s: int, card: int, ev: list[Event]) -> None:
        self._set_hand(s, [c for c in self.hands[s] if c != card])
        self._set_field_row(s, [card])
        if self.narrate:
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
        narrate = self.narrate
        for i in range(n if narrate else 0):
            ev.append(Event(kinds.REVEAL, text="", cards=tuple(self.up[i]), src=UP_ZONE[i], dst=UP_ZONE[i],
                            face_up=True, seat=i))
            ev.append(Event(kinds.REVEAL, text="", cards=tuple(self.field[i]), src=FIELD_ZONE[i],
                            dst=FIELD_ZONE[i], face_up=True, seat=i))
        self._refresh_fields()
        if narrate:
            fields = ", ".join(f"{self.names[i]} {NAME[self.field[i][0]]}" for i in range(n))
            ev.append(fact_event(kinds.REVEAL, f"Field cards revealed: {fields}"))
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

    def _play(self, s: int, cards: tuple[int, ...], ev: list[Event]) -> None:
        """A link from hand or face-up cards (``cards``: the action's own tuple, which the event and
        the top then hold too: it is immutable)."""
        zone = HAND if self.hands[s] else self.zone_of(s)  # (the usual answer without the call)
        if zone == HAND:
            hand = self.hands[s][:]
            known = self.known_hands[s][:]
            for c in cards:
                i = hand.index(c)
                del hand[i]
                del known[i]  # the others knew the rest of the hand as before
            self.hands[s] = hand  # (``_set_hand`` with the known row written out)
            self.known_hands[s] = known
        else:
            up = self._own_up(s)
            for c in cards:
                up.remove(c)
            self._unhorizontal(cards)
        self.discard.extend(cards)
        if self.narrate:
            ev.append(move_event(f"{self.names[s]} plays {_names(cards)}", cards,
                                 HAND_ZONE[s] if zone == HAND else UP_ZONE[s], "discard", True, s))
        if self.phase == RUN:
            self._run_step(s, cards, ev)
        else:
            self._link(s, cards, ev)

    def _play_down(self, s: int, slot: int, ev: list[Event]) -> None:
        """R11/A15: a face-down card is played blind; if it may not go on the pile, pick up."""
        c = self._own_down(s).pop(slot)
        backs = self.down_backs[:]
        backs[s] = HIDDEN_ROWS[len(self.down[s])]
        self.down_backs = backs
        self.own_down &= ~BIT[c]
        r = RANK[c]
        fits = self.ok_ranks()[r]
        if fits and r == 3 and self.field_threes_triple() and self.top.lock3:  # A46: no three 3s on a lock
            fits = (self.top_same() if RANK[self.discard[-1]] == 3 else 0) != 2
        self.discard.append(c)
        if self.narrate:
            ev.append(move_event(f"{self.names[s]} turns over {NAME[c]}", (c,), DOWN_ZONE[s], "discard",
                                 True, s))
        if self.phase == RUN:
            assert self.run is not None
            if r == self.run.next:
                self._run_step(s, (c,), ev)
                return
            if self.narrate:
                ev.append(fact_event(kinds.MISS, f"{NAME[c]} does not continue the run", seat=s))
        elif fits:
            self._link(s, (c,), ev)
            return
        elif self.narrate:
            ev.append(fact_event(kinds.MISS, f"{NAME[c]} cannot go on the pile", seat=s))
        if self.asks:  # a miss ends a run (and picks up)
            self.asks &= NOT_RUN
        self._pickup(s, ev)
        self._end_turn_now(s, ev, passed=True)

    def _pickup(self, s: int, ev: list[Event]) -> None:
        """R8: the whole pile goes into the hand, seen by everyone."""
        pile = self.discard
        self.discard = []
        self.top = EMPTY
        self.seen |= sum(map(_BIT_OF, pile))  # (each card once: the sum of their bits is their union)
        self._set_hand(s, self.hands[s] + pile, self.known_hands[s] + pile)  # seen going in
        if not self.narrate:
            return
        if pile:
            ev.append(move_event(f"{self.names[s]} picks up the pile ({count(len(pile), 'card')})",
                                 tuple(pile), "discard", HAND_ZONE[s], True, s))
        else:
            ev.append(fact_event(kinds.PASS, f"{self.names[s]} cannot play; the pile is empty", seat=s))

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
        if self.narrate:
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
        if self.field_recycles_burns() and self.source:
            self.source.insert(0, card)
            self.seen &= ~BIT[card]
            if self.narrate:
                ev.append(move_event(f"{self.names[s]} burns face-up {NAME[card]} (Field 10: under the "
                                             "source)", (card,), UP_ZONE[s], "source", True, s))
        else:
            self.burn = [*self.burn, card]
            if self.narrate:
                ev.append(move_event(f"{self.names[s]} burns face-up {NAME[card]}", (card,), UP_ZONE[s],
                                     "burn", True, s))
        new = self.source.pop()
        up[i] = new
        self.horizontal = [*self.horizontal, new]
        if self.narrate:
            ev.append(move_event(f"{NAME[new]} is drawn to lie horizontal", (new,), "source", UP_ZONE[s],
                                 True, s))
        self.phase = PLAY

    def _draw_up(self, s: int, ev: list[Event], refill: bool = True) -> None:
        """The refill, then any Ace penalty owed on top of it (R10, R31/A30)."""
        if refill:
            self._refill(s, ev)
        owed = self.ace_due
        if owed:
            self.ace_due = 0
            got = min(owed, len(self.source))
            if not got:
                if self.narrate:
                    ev.append(Event(kinds.ACE,
                                    text=f"Ace penalty for {self.names[s]}: the source is empty", seat=s,
                                    data={"owed": owed, "drawn": 0}))
                return
            short = f" of {owed} (the source is empty)" if got < owed else ""
            self._draw(s, got, ev, f"Ace penalty: {self.names[s]} draws {got}{short}" if self.narrate else "")

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
        public = self.fc[SOURCE_OPEN] > 0  # A51
        mask = 0
        for c in cards:
            mask |= BIT[c]
        self.seen = self.seen | mask if public else self.seen & ~mask
        self._set_hand(s, self.hands[s] + cards, self.known_hands[s] + (cards if public else HIDDEN_ROWS[k]))
        if self.narrate:
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
        if self.narrate:
            ev.append(fact_event(kinds.OUT, f"{self.names[s]} is out, in place {len(self.finished)}",
                                 seat=s, data={"place": len(self.finished)}))
        if not self.cfg.field_stays and self.field[s]:
            f = self.field[s]
            self._set_field_row(s, [])
            self.burn = self.burn + f
            self._refresh_fields()
            if self.narrate:
                ev.append(move_event(f"{self.names[s]}'s field {_names(f)} leaves play", tuple(f),
                                     FIELD_ZONE[s], "burn", True, s))
        if self.n_active <= 1:
            self._over(ev)
