"""Fscking Ace: push your luck, bank your cards, and pray someone else turns the A♠.

The state is a whole sitting of many rounds. A round is one shuffled pack: players take turns
flipping cards from it and banking them, until someone turns the A♠ and pays everyone (rulings
R1-R17, A1-A15 in ``shared/rulings/fscking-ace.md``). Between rounds the next opener either deals
the next round or ends the sitting, unless a round limit or a balance target is set, in which case
rounds follow one another until the limit.

Zones (bottom first):
  ``pack``      the face-down pack; the top card is the last one (the spare card the dealer puts
                under it, R5, is only drawn by the table: it is never part of the game);
  ``turn``      the cards flipped in the current turn, face up (the A♠ stays here when it ends the
                round, until the next deal);
  ``discard``   the cards of failed turns, spades included, face up;
  ``scored/i``  seat i's banked cards for this round, face up, with any kept 2♠ (R9).

Money is kept in integer cents of the stake unit (a dollar, a penny or a point, by the ``money``
option), so ties split exactly to the cent and the balances always sum to zero (R15).

Hot path: cards are classified once into a category table (``CAT``); the state keeps the public
count of each category still in the pack (``left``) and each seat's banked counts (``tallies``),
so settlement and the bot never rescan the piles.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal

from pydantic import BaseModel, Field

from cardtable.engine import words
from cardtable.engine.cards import (
    ACE,
    CARDS_PER_DECK,
    CLUBS,
    HIDDEN,
    IS_RED,
    JOKER,
    MAX_DECKS,
    NAME,
    RANK,
    SPADES,
    SUIT,
)
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
)
from cardtable.engine.rng import Rng
from cardtable.games.fscking_ace import kinds

# Card categories. The first six are what a scored pile can hold (its tally); spades other than
# the 2♠ never stay in a pile.
PLAIN, RED_TWO, CLUB_TWO, JOKER5, JOKER10, SPADE_TWO, SPADE_SEVEN, SPADE_OTHER, SPADE_ACE = range(9)
PILE_CATEGORIES = 6
CATEGORIES = 9
FIRST_SPADE = SPADE_TWO

CLOCKWISE = 1
TURN, BETWEEN, OVER = 0, 1, 2

FLIP = Action("flip")
STOP = Action("stop")
NEXT_ROUND = Action("next_round")
END_SITTING = Action("end_sitting")
_KINDS = ("flip", "stop", "next_round", "end_sitting")


def joker_value(card: int) -> int:
    """A joker's face value in dollars: the coloured (red) joker is the $10 one, the black one the
    $5 one (R1); 0 for any other card."""
    if RANK[card] != JOKER:
        return 0
    return 10 if IS_RED[card] else 5


def _category(card: int) -> int:
    r, s = RANK[card], SUIT[card]
    if r == JOKER:
        return JOKER10 if IS_RED[card] else JOKER5
    if s == SPADES:
        return {2: SPADE_TWO, 7: SPADE_SEVEN, ACE: SPADE_ACE}.get(r, SPADE_OTHER)
    if r == 2:
        return CLUB_TWO if s == CLUBS else RED_TWO
    return PLAIN


CAT: tuple[int, ...] = tuple(_category(c) for c in range(MAX_DECKS * CARDS_PER_DECK))
"""Category of every card id."""


def decks_for(players: int) -> int:
    """One deck per five players (R2)."""
    return (players + 4) // 5


def build_pack(players: int, remove_extra_twos: bool = False) -> list[int]:
    """The pack for ``players`` in id order: per deck all ♦ ♣ ♥, A♠ to 7♠ and both jokers (R1),
    with every A♠ but the first deck's removed (R2) and, optionally, every 2 but the first deck's
    (A9)."""
    cards = []
    for deck in range(decks_for(players)):
        for index in range(CARDS_PER_DECK):
            card = deck * CARDS_PER_DECK + index
            r, s = RANK[card], SUIT[card]
            if s == SPADES and 7 < r < ACE:
                continue
            if deck > 0 and (CAT[card] == SPADE_ACE or (remove_extra_twos and r == 2)):
                continue
            cards.append(card)
    return cards


def composition(cards: Iterable[int]) -> list[int]:
    """How many cards of each category are in ``cards`` (HIDDEN cards are not counted)."""
    counts = [0] * CATEGORIES
    for c in cards:
        if c != HIDDEN:
            counts[CAT[c]] += 1
    return counts


def tally_of(cards: Iterable[int]) -> tuple[int, ...]:
    """The scoring counts of a pile: plain, red 2s, 2♣s, $5 jokers, $10 jokers, 2♠s."""
    return tuple(composition(cards)[:PILE_CATEGORIES])


def value_of(regular: int, red_twos: int, club_twos: int, jokers: int,
             red_two_doubles_itself: bool = True) -> int:
    """R13 in dollars: ``regular`` $1 cards (every non-joker, 2s and kept 2♠s included, A6)
    doubled once per red 2 (A3-A5), plus the jokers' face value (``jokers`` dollars) doubled once
    per 2♣. With A3's option off a red 2 doubles every other regular card but not itself."""
    if red_two_doubles_itself or not red_twos:
        return (regular << red_twos) + (jokers << club_twos)
    return ((regular - red_twos) << red_twos) + (red_twos << (red_twos - 1)) + (jokers << club_twos)


def pile_value(tally: Sequence[int], red_two_doubles_itself: bool = True) -> tuple[int, int]:
    """A pile's settlement value in dollars (R13), as (regular part, joker part)."""
    plain, red, club, j5, j10, spade = tally[0], tally[1], tally[2], tally[3], tally[4], tally[5]
    total = value_of(plain + red + club + spade, red, club, 0, red_two_doubles_itself)
    return total, (5 * j5 + 10 * j10) << club


def tally_value(tally: Sequence[int], red_two_doubles_itself: bool = True) -> int:
    """A pile's whole settlement value in dollars (R13), from its tally."""
    red, club = tally[1], tally[2]
    if red_two_doubles_itself or not red:  # value_of's usual case, inline: the bots ask it often
        return ((tally[0] + red + club + tally[5]) << red) + ((5 * tally[3] + 10 * tally[4]) << club)
    return value_of(tally[0] + red + club + tally[5], red, club, 5 * tally[3] + 10 * tally[4], False)


def split_evenly(total: int, seats: Sequence[int]) -> dict[int, int]:
    """``total`` cents shared among ``seats``; leftover cents go one each in seat order (A8)."""
    share, extra = divmod(total, len(seats))
    return {seat: share + (1 if i < extra else 0) for i, seat in enumerate(sorted(seats))}


_UNIT = {"dollars": ("$", ""), "pennies": ("", "¢"), "points": ("", " pts")}


def money_unit(money: str) -> tuple[str, str]:
    """What goes before and after an amount shown in ``money`` (the option's value)."""
    return _UNIT[money]


def money_text(cents: int, money: str = "dollars") -> str:
    """An amount in cents of the stake, shown as "$8", "$6.67", "8¢" or "6.67 pts" (A14)."""
    sign = "−" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    number = f"{whole}" if part == 0 else f"{whole}.{part:02d}"
    prefix, suffix = _UNIT[money]
    if money == "points" and abs(cents) == 100:
        suffix = " pt"  # "1 pt", never "1 pts"
    return f"{sign}{prefix}{number}{suffix}"


class FsckingAceOptions(BaseModel):
    red_two_doubles_itself: bool = Field(
        True, title="A red 2 doubles itself",
        description="A red 2 is a $1 card that doubles every regular card in your pile, itself included.")
    remove_extra_twos: bool = Field(
        False, title="Remove the extra 2s",
        description="With two or more decks (6+ players), keep only one 2 of each suit in the pack.")
    money: Literal["dollars", "pennies", "points"] = Field(
        "dollars", title="Money",
        description="Show the stakes as dollars, as pennies, or as points for bragging rights.",
        json_schema_extra={"values": {"dollars": "Dollars", "pennies": "Pennies", "points": "Points"}})
    round_limit: int = Field(
        0, ge=0, title="Round limit",
        description="End the sitting after this many rounds, or play until the players stop.",
        json_schema_extra={"values": {"0": "No limit"}, "unit": ["round", "rounds"]})
    balance_target: int = Field(
        0, ge=0, title="Balance target",
        description="End the sitting once anyone is up or down this much, or play until the players stop.",
        json_schema_extra={"values": {"0": "None"},
                           "unit_by": ["money", {k: [*v, " pt" if k == "points" else v[1]]
                                                 for k, v in _UNIT.items()}]})


class Rules:
    """The options as plain attributes, shared (never changed) by every clone of a sitting."""

    __slots__ = ("money", "red_two_doubles_itself", "remove_extra_twos", "round_limit", "target_cents")

    def __init__(self, options: FsckingAceOptions) -> None:
        self.red_two_doubles_itself = options.red_two_doubles_itself
        self.remove_extra_twos = options.remove_extra_twos
        self.money = options.money
        self.round_limit = options.round_limit
        self.target_cents = options.balance_target * 100

    @property
    def until_players_stop(self) -> bool:
        return not self.round_limit and not self.target_cents


_ZERO_TALLY = (0,) * PILE_CATEGORIES


class FsckingAceState(DeclaredState):
    # (in alphabetical order, as fingerprints have always listed them)
    fingerprint_memo = False  # the memo came later
    balances: list[int] = copied()
    dealer: int = shared()
    deck: tuple[int, ...] = shared()
    direction: int = shared()
    discard: list[int] = copied()
    full: tuple[int, ...] = shared()
    last_round: dict[str, Any] | None = shared()
    left: list[int] = copied()
    losses: list[int] = copied()
    opener: int = shared()
    pack: list[int] = copied(seen=BACKS)  # only the order of the pack is secret (4.4)
    phase: int = shared()
    round_no: int = shared()
    rules: Rules = shared()
    scored: list[list[int]] = rows()
    tallies: list[tuple[int, ...]] = copied()
    turn: list[int] = copied()

    # -- protocol ------------------------------------------------------------------------------
    def _legal(self) -> list[Action]:
        if self.phase == TURN:
            return [FLIP, STOP] if self.turn else [FLIP]
        if self.phase == BETWEEN:
            return [NEXT_ROUND, END_SITTING]
        return []

    def why_illegal(self, action: Action) -> str:
        kind = action.kind
        if kind not in _KINDS:
            return f"“{kind}” is not a move in Fscking Ace: flip a card, or stop and bank"
        if action.cards or action.target >= 0 or action.choice:
            return f"{self.describe(Action(kind))} takes no cards, seat or choice"
        if self.phase == BETWEEN:
            return "the round is over: deal the next round or end the sitting"
        if kind == "stop":
            return "you must turn over at least one card before you can stop"
        return "the round is still being played: the A♠ has not come up yet"

    def _apply(self, action: Action) -> list[Event]:
        self._memo = LegalMemo()
        kind = action.kind
        if kind == "flip":
            return self._flip()
        if kind == "stop":
            return self._bank()
        if kind == "next_round":
            return self._new_round()
        return self._end_sitting(f"{self.names[self.to_move]} ends the sitting")  # type: ignore[index]

    def card_lists(self) -> list[list[int]]:
        return [self.pack, self.turn, self.discard, *self.scored]

    def zones(self) -> dict[str, list[int]]:
        zones = {"pack": self.pack, "turn": self.turn, "discard": self.discard}
        for seat, pile in enumerate(self.scored):
            zones[f"scored/{seat}"] = pile
        return zones

    def all_cards(self) -> Sequence[int]:
        return self.deck

    def prompt(self) -> str:
        if self.phase == OVER:
            return ""
        if self.phase == BETWEEN:
            return f"Round {self.round_no} is settled: deal the next round, or end the sitting"
        if not self.turn:
            return "Flip the top card of the pack"
        count = len(self.turn)
        cards = "this card" if count == 1 else f"these {count} cards"
        return f"Flip again, or stop and bank {cards} (+{self.money(self.turn_value() * 100)} to your pile)"

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        balances = self.balances
        n = len(balances)
        places = tuple(1 + sum(1 for b in balances if b > mine) for mine in balances)
        low, high = min(balances), max(balances)
        losers = tuple(s for s in range(n) if balances[s] == low) if low < 0 else ()
        # what search bots maximise: the balance, scaled so the best is 1 and the worst 0
        rewards = tuple((b - low) / (high - low) for b in balances) if high > low else (0.5,) * n
        return Result(places, losers, rewards, self.standings_text(), False,
                      {"balances": balances[:], "rounds": self.round_no, "losses": self.losses[:],
                       "money": self.rules.money})

    # -- what the table shows ------------------------------------------------------------------
    def money(self, cents: int) -> str:
        return money_text(cents, self.rules.money)

    def between_rounds(self) -> bool:
        """The round is settled and its opener decides: deal the next one or end the sitting."""
        return self.phase == BETWEEN

    def banked_cents(self, seat: int) -> int:
        """What ``seat``'s scored pile is worth now (R13), in cents of the stake."""
        return tally_value(self.tallies[seat], self.rules.red_two_doubles_itself) * 100

    def turn_value(self) -> int:
        """What banking now would add to the pile's value, in dollars (the bonus race aside)."""
        seat = self.to_move if self.to_move is not None else 0
        before = self.tallies[seat]
        after = _add(before, self.turn)
        red2 = self.rules.red_two_doubles_itself
        return tally_value(after, red2) - tally_value(before, red2)

    def standings_text(self) -> str:
        order = sorted(range(len(self.names)), key=lambda s: -self.balances[s])
        parts = [f"{self.names[s]} {'+' if self.balances[s] > 0 else ''}{self.money(self.balances[s])}"
                 for s in order]
        rounds = "round" if self.round_no == 1 else "rounds"
        return f"After {self.round_no} {rounds}: " + ", ".join(parts)

    # -- the turn (R7-R12) ---------------------------------------------------------------------
    def _flip(self) -> list[Event]:
        seat: int = self.to_move  # type: ignore[assignment]
        card = self.pack.pop()
        cat = CAT[card]
        self.left[cat] -= 1
        self.turn.append(card)
        name = self.names[seat]
        # (the positional constructors: every simulated flip comes through here)
        events = [move_event(f"{name} turns {NAME[card]}", (card,), "pack", "turn", True, seat)]
        if cat == SPADE_ACE:
            return self._ace(seat, events)
        if cat >= FIRST_SPADE:
            self._spade(seat, card, cat, events)
        if not self.pack:
            self._pack_ran_out(seat, events)
        return events

    def _spade(self, seat: int, card: int, cat: int, events: list[Event]) -> None:
        """A spade ends the turn with nothing banked (R7); the 2♠ is kept (R9), the 7♠ reverses
        play before the turn passes (R10, A15), 3♠-6♠ just end it (R11)."""
        name = self.names[seat]
        lost = self.turn[:-1] if cat == SPADE_TWO else self.turn[:]
        if cat == SPADE_TWO:
            why = f"2♠ ends {name}'s turn: {name} keeps it, and would pay double as the loser"
        elif cat == SPADE_SEVEN:
            why = f"7♠ ends {name}'s turn and reverses the order of play"
        else:
            why = f"{NAME[card]} ends {name}'s turn: nothing banked"
        events.append(fact_event(kinds.SPADE, why, seat, (card,)))
        if lost:
            self.discard.extend(lost)
            events.append(move_event("", tuple(lost), "turn", "discard", True, seat))
        if cat == SPADE_TWO:
            self.scored[seat].append(card)
            self.tallies[seat] = _add(self.tallies[seat], (card,))
            events.append(move_event("", (card,), "turn", f"scored/{seat}", True, seat))
        elif cat == SPADE_SEVEN:
            self.direction = -self.direction
            way = "clockwise" if self.direction == CLOCKWISE else "counter-clockwise"
            events.append(Event(kinds.DIRECTION, text=f"Play now goes {way}", seat=seat, data=self.direction))
        self.turn.clear()
        self._pass_turn(seat, events)

    def _bank(self) -> list[Event]:
        """Stop: the turn's cards join the seat's scored pile for the rest of the round (R7, R8)."""
        seat: int = self.to_move  # type: ignore[assignment]
        cards = self.turn
        tally = _add(self.tallies[seat], cards)
        self.tallies[seat] = tally
        self.scored[seat].extend(cards)
        self.turn = []
        value = tally_value(tally, self.rules.red_two_doubles_itself)
        count = len(cards)
        events = [move_event(f"{self.names[seat]} stops and banks {words.count(count, 'card')}"
                             f" (pile worth {self.money(value * 100)})", tuple(cards), "turn",
                             f"scored/{seat}", True, seat)]
        self._pass_turn(seat, events)
        return events

    def _pass_turn(self, seat: int, events: list[Event]) -> None:
        nxt = (seat + self.direction) % len(self.names)
        self.to_move = nxt
        events.append(fact_event(kinds.TURN, f"{self.names[nxt]}'s turn", nxt))

    # -- the end of a round (R12-R17) ----------------------------------------------------------
    def _ace(self, seat: int, events: list[Event]) -> list[Event]:
        """The A♠ ends the round at once; whoever turned it is the loser and pays (R12-R14)."""
        lost = self.turn[:-1]
        del self.turn[:-1]
        name = self.names[seat]
        events.append(Event(kinds.ACE, text=f"{name} turns the A♠: the round is over and {name} pays",
                            cards=(self.turn[0],), seat=seat))
        if lost:
            self.discard.extend(lost)
            events.append(Event(kinds.MOVE,
                                text="", cards=tuple(lost), src="turn", dst="discard", face_up=True,
                                seat=seat))
        self._settle(seat, events)
        self.losses[seat] += 1
        self._after_round((seat + self.direction) % len(self.names), events)
        return events

    def _pack_ran_out(self, seat: int, events: list[Event]) -> None:
        """A2: cannot happen with exactly one A♠ in the pack; if it does, the round ends with no
        loser and no payments, and the next player opens after a reshuffle."""
        if self.turn:
            events.append(Event(kinds.MOVE, text="", cards=tuple(self.turn), src="turn", dst="discard",
                                face_up=True, seat=seat))
            self.discard.extend(self.turn)
            self.turn.clear()
        self.round_no += 1
        self.last_round = {"round": self.round_no, "loser": None, "rows": [],
                           "balances": self.balances[:], "money": self.rules.money}
        events.append(Event(kinds.ROUND_OVER, text=f"Round {self.round_no}: the pack ran out without the A♠:"
                            " no loser, no payments", data=self.last_round))
        self._after_round((seat + self.direction) % len(self.names), events)

    def _settle(self, loser: int, events: list[Event]) -> None:
        """R13-R14: the loser pays each other seat its pile's value + $1, and the $5·N bonus to
        whoever banked the most cards (ties split to the cent, A8); every payment is doubled once
        per 2♠ in the loser's pile (A7).

        The "round_over" event's data is the settlement screen: per seat (``rows``) the card counts
        and doublers, the regular and joker parts of the value, the $1 stake, the bonus share, the
        subtotal and what was paid (negative for the loser), all in cents; plus the loser, its 2♠
        multiplier, the bonus and who shared it, and the balances after the round.
        """
        n = len(self.names)
        red2 = self.rules.red_two_doubles_itself
        tallies = self.tallies
        others = [s for s in range(n) if s != loser]
        counts = [sum(tallies[s]) for s in range(n)]
        most = max(counts[s] for s in others)
        bonus_seats = [s for s in others if counts[s] == most]
        bonus = split_evenly(500 * n, bonus_seats)
        spade_twos = tallies[loser][SPADE_TWO]
        multiplier = 1 << spade_twos
        payer = self.names[loser]
        rows = []
        total = 0
        for s in range(n):
            regular, jokers = pile_value(tallies[s], red2)
            t = tallies[s]
            row = {"seat": s, "cards": counts[s], "regular_cards": t[PLAIN] + t[RED_TWO] + t[CLUB_TWO]
                   + t[SPADE_TWO], "red_twos": t[RED_TWO], "club_twos": t[CLUB_TWO],
                   "jokers5": t[JOKER5], "jokers10": t[JOKER10], "spade_twos": t[SPADE_TWO],
                   "regular": regular * 100, "jokers": jokers * 100, "value": (regular + jokers) * 100,
                   "stake": 0, "bonus": 0, "subtotal": 0, "paid": 0}
            rows.append(row)
            if s == loser:
                continue
            row["stake"] = 100
            row["bonus"] = bonus.get(s, 0)
            row["subtotal"] = row["value"] + 100 + row["bonus"]
            paid = row["subtotal"] * multiplier
            row["paid"] = paid
            total += paid
            self.balances[s] += paid
            events.append(Event(kinds.PAYMENT, text=f"{payer} pays {self.names[s]} {self.money(paid)}: "
                                + self._payment_breakdown(row, multiplier), seat=s,
                                data={"payer": loser, "payee": s, "amount": paid,
                                      "value": row["value"], "stake": 100, "bonus": row["bonus"],
                                      "multiplier": multiplier}))
        self.balances[loser] -= total
        rows[loser]["paid"] = -total
        self.round_no += 1
        self.last_round = {
            "round": self.round_no, "loser": loser, "players": n, "spade_twos": spade_twos,
            "multiplier": multiplier, "bonus": 500 * n, "bonus_seats": bonus_seats, "most_cards": most,
            "total": total, "rows": rows, "balances": self.balances[:], "money": self.rules.money}
        tied = "" if len(bonus_seats) == 1 else f" (split {len(bonus_seats)} ways)"
        leaders = ", ".join(self.names[s] for s in bonus_seats)
        doubled = f", ×{multiplier} for the 2♠" if spade_twos else ""
        events.append(Event(kinds.ROUND_OVER,
                            text=f"Round {self.round_no}: {payer} pays {self.money(total)} in all"
                                 f"{doubled}; most cards ({most}): {leaders}{tied}", seat=loser,
                            data=self.last_round))

    def _payment_breakdown(self, row: dict[str, Any], multiplier: int) -> str:
        parts = [f"cards {self.money(row['value'])}", f"{self.money(100)} stake"]
        if row["bonus"]:
            parts.append(f"most-cards bonus {self.money(row['bonus'])}")
        text = " + ".join(parts)
        return f"({text}) ×{multiplier} for the 2♠" if multiplier > 1 else text

    def _after_round(self, opener: int, events: list[Event]) -> None:
        """R16-R17: the next opener is the player after the one who ended the round, in the
        direction then in force; the sitting ends at a round limit or balance target, otherwise
        the opener deals on or ends the sitting."""
        self.opener = opener
        rules = self.rules
        if rules.until_players_stop:
            self.phase = BETWEEN
            self.to_move = opener
            events.append(Event(kinds.TURN,
                                text=f"{self.names[opener]} opens the next round, or ends the sitting",
                                seat=opener))
        elif rules.round_limit and self.round_no >= rules.round_limit:
            events.extend(self._end_sitting(f"The round limit ({rules.round_limit}) is reached"))
        elif rules.target_cents and any(abs(b) >= rules.target_cents for b in self.balances):
            seat = max(range(len(self.names)), key=lambda s: abs(self.balances[s]))
            balance = self.balances[seat]
            way = "up" if balance > 0 else "down"
            events.extend(self._end_sitting(f"{self.names[seat]} is {way} {self.money(abs(balance))}: the"
                                            f" balance target ({self.money(rules.target_cents)}) is reached"))
        else:
            events.extend(self._new_round())

    def _new_round(self) -> list[Event]:
        """R5, R6, R16: collect every card, shuffle, and start clockwise from the opener."""
        events = []
        for zone, cards in (("turn", self.turn), ("discard", self.discard)):
            if cards:
                events.append(Event(kinds.MOVE, text="", cards=tuple(cards), src=zone, dst="pack"))
        for seat, pile in enumerate(self.scored):
            if pile:
                events.append(Event(kinds.MOVE, text="", cards=tuple(pile), src=f"scored/{seat}", dst="pack"))
        self._start_round(self.opener)
        dealer = self.names[self.dealer]
        events.append(Event(kinds.SHUFFLE,
                            text=f"{dealer} shuffles the {len(self.pack)} cards (exactly one A♠)"
                            f" and slips a spare card under the pack", seat=self.dealer,
                            data={"cards": len(self.pack)}))
        events.append(Event(kinds.TURN, text=f"Round {self.round_no + 1}: {self.names[self.opener]} opens,"
                            " play goes clockwise", seat=self.opener))
        return events

    def _start_round(self, opener: int) -> None:
        pack = list(self.deck)
        self.rng.shuffle(pack)
        self.pack = pack
        self.turn = []
        self.discard = []
        self.scored = [[] for _ in self.names]
        self.tallies = [_ZERO_TALLY] * len(self.names)
        self.left = list(self.full)
        self.direction = CLOCKWISE
        self.opener = opener
        self.dealer = (opener - 1) % len(self.names)
        self.phase = TURN
        self.to_move = opener

    def _end_sitting(self, why: str) -> list[Event]:
        self.phase = OVER
        self.to_move = None
        return [Event(kinds.SITTING_OVER, text=f"{why}. {self.standings_text()}",
                      data={"balances": self.balances[:], "rounds": self.round_no})]


def _add(tally: tuple[int, ...], cards: Iterable[int]) -> tuple[int, ...]:
    counts = list(tally)
    for c in cards:
        counts[CAT[c]] += 1
    return tuple(counts)


class FsckingAceGame(Game):
    name = "fscking-ace"
    title = "Fscking Ace"
    order = 4
    min_players = 3
    max_players = 20
    default_players = 4
    Options = FsckingAceOptions
    event_kinds = kinds.KINDS

    def _deal(self, names: tuple[str, ...], options: Any, rng: Rng, dealer: int | None) -> FsckingAceState:
        n = len(names)
        deck = tuple(build_pack(n, options.remove_extra_twos))
        full = tuple(composition(deck))
        assert full[SPADE_ACE] == 1, "the pack must hold exactly one A♠ (R2)"
        s = FsckingAceState.__new__(FsckingAceState)
        s.names = names
        s.rng = rng
        s.viewer = None
        s._memo = LegalMemo()
        s.rules = Rules(options)
        s.deck = deck
        s.full = full
        s.balances = [0] * n
        s.losses = [0] * n
        s.round_no = 0
        s.last_round = None
        first_dealer = rng.below(n) if dealer is None else dealer % n  # R4: draw lots
        s._start_round((first_dealer + 1) % n)  # R6: the dealer's left opens
        return s

    def describe(self, action: Action, names: Sequence[str]) -> str:
        return {"flip": "flip the top card", "stop": "stop and bank", "next_round": "deal the next round",
                "end_sitting": "end the sitting"}.get(action.kind, action.words(names))


GAME = FsckingAceGame()
FsckingAceState.game = GAME
