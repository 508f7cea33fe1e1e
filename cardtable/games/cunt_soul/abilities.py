"""Cunt-Soul's card abilities (R15-R35): what a link does once it lies on the pile, the Joker,
burns, runs and the 5's swaps, and the choices a 7 and a J ask for."""

from __future__ import annotations

from cardtable.engine.cards import ACE, JACK, JOKER, KING, NAME, QUEEN, RANK
from cardtable.engine.protocol import (
    Event,
    fact_event,
    move_event,
)
from cardtable.games.cunt_soul import kinds
from cardtable.games.cunt_soul.asks import (
    ASK_AGAIN,
    ASK_FOLLOW,
    ASK_JACK,
    ASK_RUN,
    ASK_SEVEN,
    ASK_SWAPS,
    NOT_FOLLOW,
    NOT_JACK,
    NOT_RUN,
    NOT_SEVEN,
    NOT_SWAPS,
    TurnEffect,
)
from cardtable.games.cunt_soul.field_abilities import (
    ABILITIES_AGAIN,
    ABILITIES_ONCE,
    NO_ABILITIES,
    THREES_TRIPLE,
)
from cardtable.games.cunt_soul.links import (
    EMPTY,
    Run,
    Swap,
    Top,
    _link_top,
)
from cardtable.games.cunt_soul.moves import (
    BIT,
    CHOSEN,
    DOWN_ZONE,
    FIVE,
    FIVE_LOOK,
    HAND_ZONE,
    HIGHER,
    JACK_CHOICE,
    LOWER,
    OVER,
    SEVEN,
    SKIP,
    UP_ZONE,
)
from cardtable.games.cunt_soul.state import CuntSoulFields
from cardtable.games.cunt_soul.words import (
    _names,
    _rank_name,
)

_tuple_new = tuple.__new__  # a record without NamedTuple's argument handling (a call less)

_FIELD_J_TOLD: dict[tuple[str, ...], tuple[tuple[Event, ...], ...]] = {}
"""Each table's (its seats' names) Field J choices told, ``[chooser][chosen]``: with a Field J in
force every turn starts with one, and an event is an immutable tuple (its ``data`` is read, never
changed), so each is built once and given again (a few tables a session: kept to 64)."""


def _field_j_told(names: tuple[str, ...]) -> tuple[tuple[Event, ...], ...]:
    if len(_FIELD_J_TOLD) >= 64:
        _FIELD_J_TOLD.clear()
    told = _FIELD_J_TOLD[names] = tuple(
        tuple(fact_event(kinds.CHOOSE, f"Field J: {names[s]} chooses {names[t]} to play next", seat=s,
                         data={"target": t}) for t in range(len(names))) for s in range(len(names)))
    return told


class CardAbilities(CuntSoulFields):
    """What each card does when played (R15-R35), stacked per R36/A39/A40."""

    __slots__ = ()

    def _link(self, s: int, cards: tuple[int, ...], ev: list[Event]) -> None:
        """Resolve a link just placed on the pile: ace penalty, Joker, burns, Field 3, abilities."""
        self.fresh = False
        if self.asks:  # (in play only a follow-up: this link is the Q's follow-up, R29)
            self.asks &= NOT_FOLLOW
        t = self.top
        fc = self.fc
        r = RANK[cards[0]]
        n = len(cards)
        abil = not fc[NO_ABILITIES]  # A48
        if t.ace and r != JOKER and abil:
            self._ace_penalty(s, t, n)
        if r == JOKER:
            self._joker(s, t, n, abil, ev)
            self._after_link(s, ev)
            return
        d = self.discard  # (``top_same`` written out: the link lies on top, and it is no Joker)
        same = 1
        i = len(d) - 2
        while i >= 0 and RANK[d[i]] == r:
            same += 1
            i -= 1
        if same >= 4:  # R37/A6
            self._burn(s, f"four {_rank_name(r)}s in a row burn the pile", kinds.FOUR_IN_A_ROW, ev)
        elif fc[THREES_TRIPLE] and same == 3:  # A46: the triple becomes a 3 in value and power
            self.top = Top(s, r, n, 3, True, 3 if abil else 0, lock3=abil)
            if self.narrate:
                ev.append(fact_event(kinds.TRIPLE, f"Field 3: three {_rank_name(r)}s become a 3"
                                               + (" — the next player must play a 3" if abil else ""), seat=s,
                                     data={"rank": r, "locks": abil}))
        elif not abil:
            self.top = Top(s, r, n, r)
        else:
            self._ability(s, r, n, t, ev)
        self._after_link(s, ev)

    def _after_link(self, s: int, ev: list[Event]) -> None:
        # (``_draw_up`` written out, and ``_check_out`` asked only with no card left: a link is
        # most of a playout's actions, and a call costs about as much as these tests)
        if not self.cfg.refill_end and not self.asks & ASK_RUN:
            if self.source:  # (most links: the source is empty, nothing to draw, no call)
                self._refill(s, ev)  # A12: after each link, but not while its run goes on
            if self.ace_due:
                self._draw_up(s, ev, refill=False)
        if not (self.hands[s] or self.up[s] or self.down[s]):
            self._check_out(s, ev)
        if self.asks or self.phase == OVER:
            self._continue(ev)
        else:  # (``_continue`` with nothing asked: the turn ends)
            self.to_move = self.turn
            self._end_turn_now(self.turn, ev, passed=False)

    def _ability(self, s: int, r: int, n: int, t: Top, ev: list[Event]) -> None:
        """Card abilities (R15-R31), stacked per R36/A39/A40."""
        value = ability = r
        via6 = wild6 = False
        if r == 6:  # R20/A20-A24: copy the previous link's value and ability
            wild6 = t.value != 0 and not self._beats_plainly(6)
            value, ability, via6 = t.value, t.ability, True
            if t.value and self.narrate:
                what = _rank_name(ability) + "'s ability" if ability else "value only"
                ev.append(fact_event(kinds.COPY,
                                     f"{self.names[s]}'s 6 copies the {_rank_name(t.face)} ({what})", seat=s,
                                     data={"rank": t.face, "ability": ability}))
        fc = self.fc  # A39: once more per Field 8; Field Q: once whatever the count
        times = 1 if fc[ABILITIES_ONCE] else n * (1 + fc[ABILITIES_AGAIN])
        # what the new top records besides value and ability (built once: _replace is slow)
        lock3 = nine = False
        ace = reversals = 0
        if ability == 3:
            lock3 = True
        elif ability == 4:
            # R21: the player may run on from here; under Field K the run descends (R23)
            step = -1 if self.field_kings_reverse() else 1
            self.run_record = Run(4 + step, step, 0, (), r)
            self.asks |= ASK_RUN
        elif ability == 5:
            self.swaps_left = times
            self.asks |= ASK_SWAPS
        elif ability == 7:
            self.asks |= ASK_SEVEN
        elif ability == 8:
            self.queue = (*self.queue, _tuple_new(TurnEffect, (SKIP, times)))
            self.eff8j = True
            if self.narrate:
                ev.append(fact_event(kinds.SKIP,
                                     f"{self.names[s]}'s {_rank_name(r)}: {times} "
                                     f"turn{'s' if times > 1 else ''} skipped", seat=s,
                                     data={"count": times}))
        elif ability == 9:
            nine = True
        elif ability == 10:
            self.top = Top(s, r, n, value, False, ability, via6, wild6)
            self._burn(s, "a 10 burns the pile", kinds.TEN_BURNS, ev)
            return
        elif ability == JACK:
            if self.n_active > 2:  # R28/R46: no effect with 2 players
                self.asks |= ASK_JACK
                self.eff8j = True
            elif self.narrate:
                ev.append(fact_event(kinds.JACK, "With two players a J has no effect", seat=s))
        elif ability == QUEEN:
            self.asks |= ASK_FOLLOW  # R29/A17: one follow-up whatever the count
        elif ability == KING:
            reversals = self._reverse(s, r, times, ev)
        elif ability == ACE:
            ace = n
        self.top = _link_top(s, r, n, value, ability, via6, wild6, lock3, nine, ace, reversals)

    def _reverse(self, s: int, r: int, times: int, ev: list[Event]) -> int:
        """A K (or a 6 copying one) reverses the direction ``times`` times (R30/A37; none with two
        players); returns the reversals made."""
        if self.n_active <= 2:
            if self.narrate:
                ev.append(fact_event(kinds.DIRECTION, "With two players a K has no effect", seat=s,
                                     data={"direction": self.direction, "reversals": 0}))
            return 0
        if times & 1:
            self.direction = -self.direction
        if self.narrate:
            word = "clockwise" if self.direction == 1 else "anticlockwise"
            ev.append(fact_event(kinds.DIRECTION, f"{self.names[s]}'s {_rank_name(r)}: {times} reversal"
                                                  f"{'s' if times > 1 else ''} — play goes {word}", seat=s,
                                 data={"direction": self.direction, "reversals": times}))
        return times

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
        self.ace_due += self.field_times(count)

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
                if self.narrate:
                    ev.append(fact_event(kinds.PARADOX, f"Joker on {what}{via}: paradox ({why}) — the pile "
                                                         "burns", seat=s,
                                         data={"case": case, "via6": bool(via)}))
                self._burn(s, "the paradox burns the pile", kinds.PARADOX_BURNS, ev)
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
            if self.narrate:
                ev.append(move_event(f"Joker on a run: {self.names[owner]} takes back {_names(t.run)}",
                                     t.run, "discard", HAND_ZONE[owner], True, owner))
        elif abil and t.swaps:
            self._undo_swaps(t, ev)
        if abil and t.value and not t.start and t.ability and self.narrate:
            ev.append(fact_event(kinds.CANCEL, f"{name}'s Joker cancels the {_rank_name(t.face)}"
                                           f"{' (a copy)' if t.via6 else ''}", seat=s,
                                 data={"rank": t.face, "copy": t.via6}))
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
        for seat, to_down, out_c, in_c, was_h in reversed(t.swaps):  # out of the hand, into it
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
                if self.narrate:
                    ev.append(move_event(f"Joker on a 5: {self.names[seat]} swaps back with a face-down card",
                                         (in_c,), HAND_ZONE[seat], DOWN_ZONE[seat], False, seat))
                    ev.append(move_event("", (out_c,), DOWN_ZONE[seat], HAND_ZONE[seat], False, seat))
            else:
                self._unhorizontal((out_c,))
                if was_h:
                    self.horizontal = [*self.horizontal, in_c]
                self.seen |= BIT[out_c]
                if self.narrate:
                    ev.append(move_event(f"Joker on a 5: {self.names[seat]} swaps {NAME[out_c]} back for "
                                                 f"{NAME[in_c]}", (in_c,), HAND_ZONE[seat], UP_ZONE[seat],
                                         True, seat))
                    ev.append(move_event("", (out_c,), UP_ZONE[seat], HAND_ZONE[seat], True, seat))
            self._set_hand(seat, hand)

    def _burn(self, s: int, why: str, cause: str, ev: list[Event]) -> None:
        """R12/R48: the pile leaves the game (under Field 10, under the source) and ``s`` plays again.
        ``why`` is the log's words, ``cause`` the event's fact (one of the burn causes in ``kinds``)."""
        pile = self.discard
        self.discard = []
        self.top = EMPTY
        self.asks = ASK_AGAIN  # R12: every other pending decision is settled
        self.queue = ()
        if self.field_recycles_burns() and self.source:
            self.source[0:0] = pile
            mask = 0
            for c in pile:
                mask |= BIT[c]
            self.seen &= ~mask
            if self.narrate:
                ev.append(Event(kinds.BURN,
                                text=f"{why[0].upper()}{why[1:]}; Field 10 puts it under the source pile. "
                                        f"{self.names[s]} plays again", cards=tuple(pile), src="discard",
                                dst="source", face_up=False, seat=s, data={"cause": cause, "recycled": True}))
        else:
            self.burn = self.burn + pile
            if self.narrate:
                ev.append(Event(kinds.BURN, text=f"{why[0].upper()}{why[1:]}. {self.names[s]} plays again",
                                cards=tuple(pile), src="discard", dst="burn", face_up=True, seat=s,
                                data={"cause": cause, "recycled": False}))

    def _run_step(self, s: int, cards: tuple[int, ...], ev: list[Event]) -> None:
        run = self.run_record
        assert run is not None  # (a run is asked)
        nxt, step, steps, played, start = run
        self.run_record = Run(nxt + step, step, steps + 1, played + cards, start)
        if self.top_same() >= 4:  # A10: the run ends in the burn
            self._burn(s, f"four {_rank_name(nxt)}s in a row burn the pile", kinds.FOUR_IN_A_ROW, ev)
            self._after_link(s, ev)
            return
        self._continue(ev)

    def _finish_run(self, s: int, ev: list[Event]) -> None:
        run = self.run_record  # (the run is asked: answered by a stop, or ending by itself)
        assert run is not None  # (a run is asked)
        _nxt, _step, steps, played, start = run
        self.asks &= NOT_RUN
        if steps:
            last = RANK[played[-1]]
            k = 0
            for c in reversed(played):
                if RANK[c] != last:
                    break
                k += 1
            # R22/R23: run cards are ability-less; the top is the last card's face value
            self.top = Top(s, last, k, last, start=start, run=played)
            if self.narrate:
                ev.append(fact_event(kinds.RUN, f"{self.names[s]}'s run ends at {_rank_name(last)}", seat=s,
                                     data={"rank": last, "cards": played}))
            if self.field_threes_triple() and self.top_same() == 3:
                abil = not self.field_abilities_off()
                self.top = Top(s, last, k, 3, True, 3 if abil else 0, lock3=abil, start=start, run=played)
                if self.narrate:
                    ev.append(fact_event(kinds.TRIPLE, f"Field 3: three {_rank_name(last)}s become a 3",
                                         seat=s, data={"rank": last, "locks": abil}))
        if not self.cfg.refill_end:
            self._draw_up(s, ev)
        self._check_out(s, ev)

    def _one_swap_made(self) -> None:
        """The 5's swaps allow one fewer; the last settles their ask."""
        left = self.swaps_left - 1
        self.swaps_left = left
        if not left:
            self.asks &= NOT_SWAPS

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
        self._one_swap_made()
        self.top = self.top._replace(swaps=(*self.top.swaps, Swap(s, 0, hand_card, up_card, was_h)))
        if self.narrate:
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
        self._one_swap_made()
        if self.phase == FIVE_LOOK:
            self.phase = FIVE
        self.top = self.top._replace(swaps=(*self.top.swaps, Swap(s, 1, hand_card, down_card, False)))
        if self.narrate:
            ev.append(move_event(f"Field 5: {self.names[s]} swaps a hand card with face-down card {slot + 1}",
                                 (hand_card,), HAND_ZONE[s], DOWN_ZONE[s], False, s))
            ev.append(move_event("", (down_card,), DOWN_ZONE[s], HAND_ZONE[s], False, s))

    def _declare(self, s: int, choice: str, ev: list[Event]) -> None:
        """A played 7 (or the field 7) sets whether the next card must be higher or lower."""
        d = HIGHER if choice == "higher" else LOWER
        if self.phase == SEVEN:
            self.asks &= NOT_SEVEN  # answered
            self.top = self.top._replace(seven=d)
            if self.narrate:
                ev.append(fact_event(kinds.DECLARE, f"{self.names[s]}'s 7: the next card must be {choice} "
                                                "than 7 (or a 7)", seat=s, data={"direction": choice}))
        else:
            self.fseven_done = True
            self.top = self.top._replace(fseven=d)
            if self.narrate:
                ev.append(fact_event(kinds.DECLARE, f"Field 7: {self.names[s]} declares {choice} (equal "
                                                "is always allowed)", seat=s,
                                     data={"direction": choice}))
        self._continue(ev)

    def _choose_next(self, s: int, target: int, ev: list[Event]) -> None:
        """A played J (or the field J) names who plays next."""
        if self.phase == JACK_CHOICE:
            self.asks &= NOT_JACK  # answered
            self.queue = (*self.queue, _tuple_new(TurnEffect, (CHOSEN, target)))
            if self.narrate:
                ev.append(fact_event(kinds.CHOOSE, f"{self.names[s]}'s J: {self.names[target]} plays next",
                                     seat=s, data={"target": target}))
            self._continue(ev)
        else:
            if self.narrate:
                ev.append((_FIELD_J_TOLD.get(self.names) or _field_j_told(self.names))[s][target])
            self._start_turn(target, ev)

    def _look(self, s: int, slot: int, ev: list[Event]) -> None:
        """A played 5 lets its player look at one of their own face-down cards."""
        self.look_slot = slot
        self.own_down |= BIT[self.down[s][slot]]
        self.phase = FIVE_LOOK
        if self.narrate:
            ev.append(fact_event(kinds.LOOK, f"{self.names[s]} looks at face-down card {slot + 1}",
                                 seat=s))
