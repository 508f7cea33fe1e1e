"""Cersei: War with renamed cards and special powers (seed 002, rulings ../shared/rulings/cersei.md).

Every seat flips the top card of its face-down deck; once all have flipped, the round resolves by
the seed's chart (R4-R13): modifier draws, values, the effective-Cersei, war and battle checks,
war and battle layers, the winner takes the pot, then Benedict, Assassin and Eunuch. The only real
decision is the Assassin's blind pick of one position in each opponent's deck.

Zones (bottom first; the top of a deck is its last card):

* ``deck/i``: seat i's face-down personal deck. Nobody knows its order, not even its owner.
* ``contest/i``: the face-up cards seat i has in play this round, in the order placed: its
  contesting card of each layer and the cards its Lieutenants and Captains drew.
* ``war/i``: the face-down stakes seat i put under its war and battle face-up cards.
* ``pot``: the round's cards gathered in the middle on their way to the winner.

Between actions only ``deck/i`` and the cards flipped so far this round are filled: the last flip
resolves the whole round (every step is an event), and an Assassin pick finishes it.

Actions: ``flip`` (each seat in turn, every round) and ``assassinate`` with ``target`` the
opponent and ``choice`` the picked position as a decimal index into ``deck/<target>`` (0 is the
bottom card), one per opponent with cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, Field

from cardtable.engine.cards import (
    ACE,
    DIAMONDS,
    HIDDEN,
    IS_RED,
    JACK,
    JOKER,
    KING,
    NAME,
    QUEEN,
    RANK,
    make_card,
    standard_deck,
)
from cardtable.engine.declared import DeclaredState
from cardtable.engine.fields import BACKS, copied, rows, shared
from cardtable.engine.protocol import (
    Action,
    Event,
    Game,
    LegalMemo,
    Result,
    rewards_from_places,
)
from cardtable.engine.rng import Rng
from cardtable.engine.words import count
from cardtable.games.cersei import kinds

# -- the cards ---------------------------------------------------------------------------------

(CANNONEER, SCOUT, PAWN, BENEDICT, LIEUTENANT, CAPTAIN, DIPLOMAT, ASSASSIN, CERSEI, KING_ROLE,
 EUNUCH, OUT) = range(12)

CERSEI_CARD = make_card(QUEEN, DIAMONDS)
ALL_CARDS: tuple[int, ...] = tuple(c for c in standard_deck(1, jokers=True)
                                   if RANK[c] != QUEEN or c == CERSEI_CARD)
"""R1: 52 cards less Q♥ Q♠ Q♣, plus the red and the black joker: 51 cards."""

_ROLE_OF_RANK = {ACE: CANNONEER, 2: SCOUT, 3: PAWN, 4: BENEDICT, 5: LIEUTENANT, 6: PAWN, 7: PAWN,
                 8: CAPTAIN, 9: DIPLOMAT, 10: PAWN, JACK: ASSASSIN, KING: KING_ROLE, JOKER: EUNUCH}
_STATIC_OF_RANK = {ACE: 0, JACK: 11, QUEEN: 2, KING: 10, JOKER: 15}
ROLE_TITLES = ("Cannoneer", "Scout", "Pawn", "Benedict", "Lieutenant", "Captain", "Diplomat",
               "Assassin", "Cersei", "King", "Eunuch", "Queen")
SEED_SPELLINGS = {"Assassin": "Assassain", "Eunuch": "Eunich"}
"""A20: the table shows the corrected names; these are the seed's spellings, for tooltips."""


def _role(card: int) -> int:
    r = RANK[card]
    if r == QUEEN:
        return CERSEI if card == CERSEI_CARD else OUT
    return _ROLE_OF_RANK[r]


ROLE: tuple[int, ...] = tuple(_role(c) for c in range(54))
VALUE: tuple[int, ...] = tuple(_STATIC_OF_RANK.get(RANK[c], RANK[c]) for c in range(54))
"""A8: the static value of every card (A 0, J 11, Q♦ 2, K 10, Joker 15); also a drawn card's value."""
RED: tuple[bool, ...] = IS_RED[:54]


def role_name(card: int) -> str:
    """The card's name at this table: "Cannoneer", "Pawn (7)", "Cersei" (A20 spellings)."""
    if card == HIDDEN:
        return "a face-down card"
    role = ROLE[card]
    if role == PAWN:
        return f"Pawn ({RANK[card]})"
    return ROLE_TITLES[role]


LABEL: tuple[str, ...] = tuple(
    f"{ROLE_TITLES[ROLE[c]]} ({NAME[c]})" if ROLE[c] != PAWN else f"Pawn ({NAME[c]})"
    for c in range(54))
"""How the log names a card: "Lieutenant (5♥)", "Pawn (7♣)", "Eunuch (red Joker)"."""

MAX_SEATS = 4
DECK_ZONES = tuple(f"deck/{i}" for i in range(MAX_SEATS))
CONTEST_ZONES = tuple(f"contest/{i}" for i in range(MAX_SEATS))
WAR_ZONES = tuple(f"war/{i}" for i in range(MAX_SEATS))
POSITIONS = tuple(str(i) for i in range(len(ALL_CARDS)))
FLIP = Action("flip")
CERSEI_LIMIT = 3

# Outcomes of a layer's checks (R7).
WIN, WAR, BATTLE, ANNUL, FALLBACK = range(5)


class CerseiOptions(BaseModel):
    cannoneer_zero: bool = Field(
        True, title="Cannoneer's zero",
        description="A Cannoneer facing no clear colour (its best opponents tie in red and black, "
                    "or every opponent is a Cannoneer) is worth 0. Off: it is worth −14.")
    max_rounds: int = Field(
        2000, ge=1, le=100_000, title="Round cap",
        description="Wars can go round for ever: after this many rounds the game ends, and the "
                    "biggest deck wins.")
    max_layers: int = Field(
        50, ge=1, le=100, title="War cap per round",
        description="After this many wars and battles in one round, the round goes to whoever "
                    "gave the cards worth the most.")


def _join(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


class CerseiState(DeclaredState):
    # (in alphabetical order, as fingerprints have always listed them)
    fingerprint_memo = False  # the memo came later
    assassin: int = shared()
    cannoneer_zero: bool = shared()
    capped: bool = shared()
    cersei_count: int = shared()
    contest: list[list[int]] = rows()
    decks: list[list[int]] = rows(seen=BACKS)  # 3.5: every deck is unknown even to its owner
    end_text: str = shared()
    eunuch_seats: list[int] = copied()
    first: int = shared()
    flips: int = shared()
    max_layers: int = shared()
    max_rounds: int = shared()
    n: int = shared()
    pot: list[int] = copied()
    round_no: int = shared()
    targets: list[int] = copied()
    war: list[list[int]] = rows(seen=BACKS)  # 3.5: war stakes are face down

    # -- protocol ------------------------------------------------------------------------------
    def _legal(self) -> list[Action]:
        if self.assassin < 0:
            return [FLIP]
        return [Action("assassinate", (), t, POSITIONS[i])
                for t in self.targets for i in range(len(self.decks[t]))]

    def card_lists(self) -> list[list[int]]:
        return [*self.decks, *self.contest, *self.war, self.pot]

    def zones(self) -> dict[str, list[int]]:
        z: dict[str, list[int]] = {}
        for i in range(self.n):
            z[DECK_ZONES[i]] = self.decks[i]
            z[CONTEST_ZONES[i]] = self.contest[i]
            z[WAR_ZONES[i]] = self.war[i]
        z["pot"] = self.pot
        return z

    def all_cards(self) -> Sequence[int]:
        return ALL_CARDS

    def result(self) -> Result | None:
        if self.to_move is not None:
            return None
        sizes = [len(d) for d in self.decks]
        # R15: most cards wins; ties share a place. A seat that ran out has the fewest.
        places = tuple(1 + sum(1 for o in sizes if o > m) for m in sizes)
        fewest = min(sizes)
        losers = () if fewest == max(sizes) else tuple(s for s in range(self.n) if sizes[s] == fewest)
        best = [self.names[s] for s in range(self.n) if places[s] == 1]
        counts = ", ".join(f"{self.names[s]} {sizes[s]}" for s in range(self.n))
        verdict = f"{_join(best)} {'win' if len(best) > 1 else 'wins'}"
        return Result(places, losers, rewards_from_places(places),
                      f"{self.end_text}. {verdict} (cards: {counts}).", self.capped,
                      {"deck_sizes": sizes, "cersei_played": self.cersei_count,
                       "rounds": self.round_no})

    def why_illegal(self, action: Action) -> str:
        seat = self.to_move
        assert seat is not None
        who = self.names[seat]
        if self.assassin < 0:
            if action.kind == "assassinate":
                return "no Assassin has won this round: there is nothing to assassinate"
            if action.kind == "flip":
                return "a flip names no card, seat or choice: it turns over the top card of the deck"
            return f"{who} must flip the top card of their deck"
        if action.kind != "assassinate":
            return (f"{who}'s Assassin won the round: {who} must first take a card from each "
                    "opponent's deck")
        t = action.target
        if action.cards:
            return "the Assassin picks blind: name a position in the deck, not a card"
        if t == seat:
            return "the Assassin takes from the other players' decks, not from their own"
        if not 0 <= t < self.n:
            return f"there is no seat {t + 1} at this table"
        if t not in self.targets:
            if self.decks[t]:
                return f"the Assassin has already taken a card from {self.names[t]}"
            return f"{self.names[t]} has no card left to take"
        size = len(self.decks[t])
        return (f"the Assassin picks one of the {size} face-down cards of {self.names[t]}'s deck: "
                "there is no card at that place")

    def prompt(self) -> str:
        if self.to_move is None:
            return ""
        who = self.names[self.to_move]
        if self.assassin < 0:
            return f"{who}: flip the top card of your deck"
        targets = _join([self.names[t] for t in self.targets])
        return f"{who}'s Assassin won: pick a face-down card from {targets}"

    def waiting(self) -> str:
        """What the others wait for while an Assassin picks ("" otherwise): "Ash's Assassin won:
        Ash picks a face-down card from Bea and Cal"."""
        if self.to_move is None or self.assassin < 0:
            return ""
        who = self.names[self.to_move]
        targets = _join([self.names[t] for t in self.targets])
        return f"{who}'s Assassin won: {who} picks a face-down card from {targets}"

    # -- applying actions ----------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        self._memo = LegalMemo()
        ev: list[Event] = []
        if action.kind == "flip":
            self._flip(ev)
        else:
            self._assassinate(action.target, int(action.choice), ev)
        return ev

    def _flip(self, ev: list[Event]) -> None:
        """R4: the seat to move turns over the top card of its deck; the last flip resolves."""
        seat = self.to_move
        assert seat is not None
        card = self.decks[seat].pop()
        self.contest[seat].append(card)
        ev.append(Event(kinds.MOVE, text=f"{self.names[seat]} flips {LABEL[card]}", cards=(card,),
                        src=DECK_ZONES[seat],
                        dst=CONTEST_ZONES[seat], face_up=True, seat=seat))
        if card == CERSEI_CARD:
            self._count_cersei(ev)
        self.flips += 1
        if self.flips < self.n:
            self.to_move = (seat + 1) % self.n
        else:
            self._resolve_round(ev)

    def _count_cersei(self, ev: list[Event]) -> None:
        # R14 / A10: only a contesting Cersei counts, never a face-down stake or a modifier draw.
        self.cersei_count += 1
        ev.append(Event(kinds.CERSEI_COUNT, text=f"Cersei has been played {self.cersei_count} of "
                                             f"{CERSEI_LIMIT} times", data=self.cersei_count))

    def _assassinate(self, target: int, position: int, ev: list[Event]) -> None:
        """R13.2 / A15: the winner takes the picked face-down card to the bottom of their deck."""
        winner = self.assassin
        card = self.decks[target].pop(position)
        self.decks[winner].insert(0, card)
        self.targets.remove(target)
        ev.append(Event(kinds.MOVE,
                        text=f"{self.names[winner]}'s Assassin takes a card from {self.names[target]}",
                        cards=(card,), src=DECK_ZONES[target], dst=DECK_ZONES[winner], face_up=False,
                        seat=winner))
        if not self.targets:
            self.assassin = -1
            self._finish_round(ev)

    # -- the round (R5-R13) --------------------------------------------------------------------
    def _resolve_round(self, ev: list[Event]) -> None:
        n = self.n
        order = [(self.first + i) % n for i in range(n)]
        current = [c[-1] for c in self.contest]
        played = [[c] for c in current]
        participants = order
        in_war = False
        layers = 0
        while True:
            values = self._values(participants, current, in_war, ev)
            outcome, seats = self._check(participants, current, values, in_war, ev)
            if outcome in (WAR, BATTLE):
                if layers == self.max_layers:
                    ev.append(Event(kinds.CAP, text=f"{self.max_layers} wars and battles in one round: the "
                                                "sum of the cards decides it"))
                    outcome = FALLBACK
                else:
                    layers += 1
                    placed = self._place_layer(seats, outcome, current, played, ev)
                    if len(placed) > 1:
                        participants = placed
                        in_war = True
                        continue
                    if placed:
                        outcome, seats = WIN, placed
                        ev.append(Event(kinds.WIN, text=f"{self.names[placed[0]]} is the only one left in "
                                                    "the fight and wins the round", seat=placed[0],
                                        data={"winner": placed[0]}))
                    else:
                        outcome = FALLBACK
            if outcome == FALLBACK:
                outcome, seats = self._fallback(seats, ev)
            break
        self._eunuchs(played)
        if outcome == WIN:
            self._take_all(seats[0], current[seats[0]], played, ev)
        else:
            self._return_home(ev)
            self._finish_round(ev)

    def _values(self, participants: list[int], current: list[int], in_war: bool,
                ev: list[Event]) -> list[int]:
        """R5-R6 in the order of A6: base, Lieutenant additions, Cannoneer sign, Captain subtractions."""
        n = self.n
        names = self.names
        adds = [0] * n
        subs = [0] * n
        for s in participants:
            role = ROLE[current[s]]
            if role in (LIEUTENANT, CAPTAIN):
                drawn = self._modifier_draws(s, current[s], 5 if role == LIEUTENANT else 8, ev)
                if role == LIEUTENANT:
                    adds[s] = drawn
                else:
                    subs[s] = drawn
        values = [0] * n
        for s in participants:
            card = current[s]
            values[s] = VALUE[card] + adds[s]
            if adds[s]:
                ev.append(Event(kinds.VALUE, text=f"{names[s]}'s {LABEL[card]} is worth {values[s]}", seat=s,
                                data={"value": values[s]}))
        cannoneers = [s for s in participants if ROLE[current[s]] == CANNONEER]
        if cannoneers:
            self._cannoneers(cannoneers, participants, current, values, in_war, ev)
        total_sub = sum(subs)
        if total_sub:
            for s in participants:
                if subs[s]:
                    ev.append(Event(kinds.VALUE, text=f"{names[s]}'s Captain takes {subs[s]} off every "
                                                  "opponent's card", seat=s,
                                    data={"off_each_opponent": subs[s]}))
                values[s] -= total_sub - subs[s]
        if len(participants) > 1:
            cersei = self._effective_cersei(participants, current)
            # the facts as data (every seat's value, who is in this layer, whose Cersei is
            # unbeatable), for the table's badges and the tests; the text is only the log line
            ev.append(Event(kinds.VALUES, text="Values: " + ", ".join(
                f"{names[s]} {'unbeatable' if s == cersei else values[s]}" for s in participants),
                data={"by_seat": tuple(values), "in_play": tuple(participants), "unbeatable": cersei}))
        return values

    def _modifier_draws(self, seat: int, card: int, chain_rank: int, ev: list[Event]) -> int:
        """R5 / A7 / A8: draw from the owner's deck while the drawn card continues the chain;
        a drawn card counts its static value and its own power does not apply."""
        deck = self.decks[seat]
        total = 0
        while deck:
            drawn = deck.pop()
            self.contest[seat].append(drawn)
            total += VALUE[drawn]
            chains = RANK[drawn] == chain_rank
            ev.append(Event(kinds.MOVE, text=f"{self.names[seat]}'s {LABEL[card]} draws {NAME[drawn]} "
                                         f"({VALUE[drawn]})"
                                         + (": the chain goes on" if chains else ""),
                            cards=(drawn,), src=DECK_ZONES[seat], dst=CONTEST_ZONES[seat], face_up=True,
                            seat=seat))
            if not chains:
                break
        else:
            if not total:
                ev.append(Event(kinds.VALUE, text=f"{self.names[seat]} has no card left to draw for "
                                              f"{LABEL[card]}", seat=seat))
        return total

    def _cannoneers(self, cannoneers: list[int], participants: list[int], current: list[int],
                    values: list[int], in_war: bool, ev: list[Event]) -> None:
        """R6 / A5: +14 if the colour matches the highest opponent's, else −14; 0 when undefined.
        The opponents are the other cards, Cannoneers aside, so every Cannoneer sees the same ones."""
        highest, why_highest = self._highest_opponents(participants, current, values, in_war)
        colours = {RED[current[t]] for t in highest}
        for s in cannoneers:
            card = current[s]
            if len(colours) == 1:
                red = RED[current[highest[0]]]
                values[s] = 14 if RED[card] == red else -14
                why = (f"{'matches' if values[s] > 0 else 'does not match'} the "
                       f"{'red' if red else 'black'} of {self.names[highest[0]]}'s "
                       f"{LABEL[current[highest[0]]]}, the highest opponent {why_highest}")
            else:
                values[s] = 0 if self.cannoneer_zero else -14
                why = ("every opponent is a Cannoneer" if not highest
                       else f"the highest opponents differ in colour ({why_highest})")
            worth = f"{values[s]:+d}" if values[s] else "0"
            ev.append(Event(kinds.VALUE,
                            text=f"{self.names[s]}'s {LABEL[card]} is worth {worth}: {why}", seat=s,
                            data={"value": values[s]}))

    def _highest_opponents(self, participants: list[int], current: list[int], values: list[int],
                           in_war: bool) -> tuple[list[int], str]:
        """A5 with R8/R9/A11: the Cannoneer's highest opponents and why they are highest. By value
        (Lieutenants added), except that an effective Cersei beats all, and a King beats all only
        when active: face up in a war or battle, tied for the highest (a would-be war) or with a
        Scout in play (a would-be battle) — judged among the opponents, since the Cannoneer's own
        value is what is being decided. Elsewhere a King is 10."""
        others = [t for t in participants if ROLE[current[t]] != CANNONEER]
        if not others:
            return [], ""
        cersei = self._effective_cersei(participants, current)
        if cersei >= 0:
            return [cersei], "(Cersei beats every card: no Pawn is in play)"
        kings = [t for t in others if ROLE[current[t]] == KING_ROLE]
        cersei_in = any(current[t] == CERSEI_CARD for t in participants)
        top = max(values[t] for t in others)
        tied = [t for t in others if values[t] == top]
        if kings and not cersei_in:
            if in_war:
                return kings, "(a King face up in a war or battle beats every card)"
            if len(tied) > 1 and any(t in kings for t in tied):
                return [t for t in tied if t in kings], "(tied for the highest, a King wins the war)"
            if len(tied) == 1 and any(ROLE[current[t]] == SCOUT for t in participants):
                return kings, "(a Scout calls a battle, which a King wins)"
        why = f"at {top}"
        idle = [t for t in kings if t not in tied]
        if idle:
            why += (f"; {self.names[idle[0]]}'s {LABEL[current[idle[0]]]} is just 10 outside a war "
                    "or battle" if not cersei_in else "; a King is just 10 with Cersei in play")
        return tied, why

    @staticmethod
    def _effective_cersei(participants: list[int], current: list[int]) -> int:
        """R8 / A9: the seat of a contesting Cersei when no pawn contests, else -1."""
        seat = -1
        for s in participants:
            card = current[s]
            if ROLE[card] == PAWN:
                return -1
            if card == CERSEI_CARD:
                seat = s
        return seat

    def _check(self, participants: list[int], current: list[int], values: list[int], in_war: bool,
               ev: list[Event]) -> tuple[int, list[int]]:
        """R7: the chart's checks for one layer. Returns the outcome and the seats it concerns."""
        names = self.names
        cersei_in = False
        pawn_in = False
        for s in participants:
            card = current[s]
            if card == CERSEI_CARD:
                cersei_in = True
            elif ROLE[card] == PAWN:
                pawn_in = True
        if cersei_in:
            seat = next(s for s in participants if current[s] == CERSEI_CARD)
            if not pawn_in:
                ev.append(Event(kinds.CERSEI, text=f"{names[seat]}'s Cersei defeats every card: no Pawn is "
                                               "in play", seat=seat, data={"winner": seat}))
                return WIN, [seat]
            ev.append(Event(kinds.CERSEI, text="Cersei is worth 2: a Pawn is present", seat=seat))
        if in_war:
            # R9 / R10: a King or a Diplomat face up in a war or battle layer decides it.
            decided = self._king_or_diplomat(participants, current, cersei_in, WAR,
                                             "face up in the fight", ev)
            if decided is not None:
                return decided
        top = max(values[s] for s in participants)
        tied = [s for s in participants if values[s] == top]
        if len(tied) > 1:
            # R7.2 / A3: a tie for the highest value would start a war.
            ev.append(Event(kinds.WAR_CHECK, text="War check: " + _join([f"{names[s]}'s {LABEL[current[s]]}"
                                                                 for s in tied])
                                              + f" are {'both' if len(tied) == 2 else 'all'} worth {top}",
                            data=tuple(tied)))
            # In a fight the layer's Kings and Diplomats were checked above.
            decided = None if in_war else self._king_or_diplomat(tied, current, cersei_in, WAR,
                                                                 "in the tie", ev)
            if decided is not None:
                return decided
            ev.append(Event(kinds.WAR, text=f"War between {_join([names[s] for s in tied])}: three cards "
                                        "down and one up", data=tuple(tied)))
            return WAR, tied
        scouts = [s for s in participants if ROLE[current[s]] == SCOUT]
        if scouts:
            # R7.3: a Scout would start a battle among all participants.
            ev.append(Event(kinds.BATTLE_CHECK, text=f"Battle check: {names[scouts[0]]}'s "
                                                 f"{LABEL[current[scouts[0]]]} is in play",
                            data=tuple(scouts)))
            decided = None if in_war else self._king_or_diplomat(participants, current, cersei_in,
                                                                 BATTLE, "in the battle", ev)
            if decided is not None:
                return decided
            ev.append(Event(kinds.BATTLE, text=f"Battle between {_join([names[s] for s in participants])}: "
                                           "one card down and one up", data=tuple(participants)))
            return BATTLE, participants
        winner = tied[0]
        ev.append(Event(kinds.WIN, text=f"{names[winner]}'s {LABEL[current[winner]]} is the highest "
                                    f"({top}) and wins the round", seat=winner, data={"winner": winner}))
        return WIN, [winner]

    def _king_or_diplomat(self, seats: list[int], current: list[int], cersei_in: bool, fight: int,
                          where: str, ev: list[Event]) -> tuple[int, list[int]] | None:
        """R9-R10 / A11-A12: among ``seats``, a King wins (several Kings fight on alone) unless
        Cersei contests; else a Diplomat annuls the round."""
        names = self.names
        kings = [s for s in seats if ROLE[current[s]] == KING_ROLE]
        if kings and cersei_in:
            ev.append(Event(kinds.KING, text="The King is just 10: Cersei is in play"))
        elif len(kings) == 1:
            ev.append(Event(kinds.KING, text=f"{names[kings[0]]}'s {LABEL[current[kings[0]]]} is {where} and "
                                         "wins the round", seat=kings[0], data={"winner": kings[0]}))
            return WIN, kings
        elif kings:
            word = "war" if fight == WAR else "battle"
            fighters = _join([names[s] for s in kings])
            ev.append(Event(kinds.KING, text=f"Kings are {where}: the {word} is between {fighters}",
                            data=tuple(kings)))
            return fight, kings
        diplomats = [s for s in seats if ROLE[current[s]] == DIPLOMAT]
        if diplomats:
            ev.append(Event(kinds.DIPLOMAT, text=f"{names[diplomats[0]]}'s {LABEL[current[diplomats[0]]]} "
                                             f"is {where}: the round is annulled and every card goes back "
                                             "to its owner", seat=diplomats[0]))
            return ANNUL, []
        return None

    def _place_layer(self, seats: list[int], fight: int, current: list[int], played: list[list[int]],
                     ev: list[Event]) -> list[int]:
        """R11 / A17: each fighter puts 3 (war) or 1 (battle) down and one up; short of cards, all
        but the last down; with none left they have run out and lose the round."""
        stakes = 3 if fight == WAR else 1
        placed = []
        for s in seats:
            deck = self.decks[s]
            if not deck:
                ev.append(Event(kinds.RUN_OUT, text=f"{self.names[s]} has no card left for the fight and "
                                                "loses the round", seat=s))
                continue
            down = min(stakes, len(deck) - 1)
            if down:
                cards = deck[-down:]
                del deck[-down:]
                cards.reverse()
                self.war[s] += cards
                ev.append(Event(kinds.MOVE, text="", cards=tuple(cards), src=DECK_ZONES[s], dst=WAR_ZONES[s],
                                face_up=False, seat=s))
            card = deck.pop()
            self.contest[s].append(card)
            current[s] = card
            played[s].append(card)
            ev.append(Event(kinds.MOVE, text=f"{self.names[s]} turns up {LABEL[card]}", cards=(card,),
                            src=DECK_ZONES[s],
                            dst=CONTEST_ZONES[s], face_up=True, seat=s))
            if card == CERSEI_CARD:
                self._count_cersei(ev)
            placed.append(s)
        return placed

    def _fallback(self, seats: list[int], ev: list[Event]) -> tuple[int, list[int]]:
        """R16 / A18: the higher sum of all cards each fighter gave this round wins; still tied,
        the cards go home."""
        sums = {s: sum(VALUE[c] for c in self.contest[s]) + sum(VALUE[c] for c in self.war[s])
                for s in seats}
        top = max(sums.values())
        best = [s for s in seats if sums[s] == top]
        text = "Fallback: the cards add up to " + ", ".join(f"{self.names[s]} {sums[s]}" for s in seats)
        if len(best) == 1:
            ev.append(Event(kinds.FALLBACK,
                            text=f"{text}: {self.names[best[0]]} wins the round", seat=best[0],
                            data={"winner": best[0]}))
            return WIN, best
        ev.append(Event(kinds.FALLBACK, text=f"{text}: still tied, every card goes back to its owner"))
        return ANNUL, []

    def _eunuchs(self, played: list[list[int]]) -> None:
        # A16: only a contesting Eunuch counts; it acts at the very end of the round (R13.3).
        self.eunuch_seats = [s for s in range(self.n) if any(ROLE[c] == EUNUCH for c in played[s])]

    def _take_all(self, winner: int, winning_card: int, played: list[list[int]],
                  ev: list[Event]) -> None:
        """R12-R13: the pot goes to the bottom of the winner's deck in a random order (A14), after
        the losers' Benedicts are taken back; then the Assassin."""
        pot = self.pot
        for s in range(self.n):
            if self.contest[s]:
                ev.append(Event(kinds.MOVE, text="", cards=tuple(self.contest[s]), src=CONTEST_ZONES[s],
                                dst="pot", face_up=True, seat=s))
                pot += self.contest[s]
                self.contest[s] = []
            if self.war[s]:
                ev.append(Event(kinds.MOVE, text="", cards=tuple(self.war[s]), src=WAR_ZONES[s], dst="pot",
                                face_up=False, seat=s))
                pot += self.war[s]
                self.war[s] = []
        self._benedicts(winner, played, ev)
        self.rng.shuffle(pot)
        self.decks[winner][:0] = pot
        ev.append(Event(kinds.MOVE,
                        text=f"{self.names[winner]} takes the {count(len(pot), 'card')} to the bottom of "
                                     "their deck", cards=tuple(pot), src="pot", dst=DECK_ZONES[winner],
                        face_up=False, seat=winner))
        self.pot = []
        if ROLE[winning_card] == ASSASSIN:
            targets = [(winner + i) % self.n for i in range(1, self.n)]
            self.targets = [t for t in targets if self.decks[t]]
            if self.targets:
                self.assassin = winner
                self.to_move = winner
                ev.append(Event(kinds.ASSASSIN, text=f"{self.names[winner]}'s Assassin won: "
                                                 f"{self.names[winner]} picks a face-down card from "
                                                 f"{_join([self.names[t] for t in self.targets])}",
                                seat=winner))
                return
        self._finish_round(ev)

    def _benedicts(self, winner: int, played: list[list[int]], ev: list[Event]) -> None:
        """R13.1 / A13: a loser's contesting Benedict goes back to the bottom of its owner's deck,
        and the owner gives their top card instead (into the pot the winner takes)."""
        for s in range(self.n):
            if s == winner:
                continue
            for card in played[s]:
                if ROLE[card] != BENEDICT:
                    continue
                deck = self.decks[s]
                if not deck:
                    ev.append(Event(kinds.BENEDICT, text=f"{self.names[s]}'s {LABEL[card]} stays with the "
                                                     "pot: no card to give instead", seat=s))
                    continue
                given = deck.pop()
                self.pot.remove(card)
                deck.insert(0, card)
                self.pot.append(given)
                ev.append(Event(kinds.BENEDICT, text=f"{self.names[s]} takes back {LABEL[card]} and gives "
                                                 "their top card instead", seat=s))
                ev.append(Event(kinds.MOVE,
                                text="", cards=(card,), src="pot", dst=DECK_ZONES[s], face_up=True,
                                seat=s))
                ev.append(Event(kinds.MOVE,
                                text="", cards=(given,), src=DECK_ZONES[s], dst="pot", face_up=False,
                                seat=s))

    def _return_home(self, ev: list[Event]) -> None:
        """R10 / A12 / A18: every card of the round goes to the bottom of its owner's deck
        (shuffled, like a pot, so that returns cannot loop)."""
        for s in range(self.n):
            cards = self.war[s] + self.contest[s]
            if not cards:
                continue
            if self.contest[s]:
                ev.append(Event(kinds.MOVE, text="", cards=tuple(self.contest[s]), src=CONTEST_ZONES[s],
                                dst=DECK_ZONES[s],
                                face_up=True, seat=s))
            if self.war[s]:
                ev.append(Event(kinds.MOVE, text="", cards=tuple(self.war[s]), src=WAR_ZONES[s],
                                dst=DECK_ZONES[s], face_up=False, seat=s))
            self.rng.shuffle(cards)
            self.decks[s][:0] = cards
            self.contest[s] = []
            self.war[s] = []

    def _finish_round(self, ev: list[Event]) -> None:
        """R13.3 Eunuch, then R14-R15 and the round cap (A19)."""
        if self.eunuch_seats:
            ev.append(Event(kinds.EUNUCH, text="A Eunuch was played: every player shuffles their deck"))
            for s in range(self.n):
                self.rng.shuffle(self.decks[s])
                ev.append(Event(kinds.SHUFFLE, text="", src=DECK_ZONES[s], dst=DECK_ZONES[s], seat=s))
            for s in self.eunuch_seats:
                deck = self.decks[s]
                if CERSEI_CARD in deck:
                    deck.remove(CERSEI_CARD)
                    deck.insert(0, CERSEI_CARD)
                    ev.append(Event(kinds.MOVE, text=f"Cersei goes to the bottom of {self.names[s]}'s deck",
                                    cards=(CERSEI_CARD,), src=DECK_ZONES[s], dst=DECK_ZONES[s], face_up=False,
                                    seat=s))
            self.eunuch_seats = []
        self.round_no += 1
        self.flips = 0
        out = [self.names[s] for s in range(self.n) if not self.decks[s]]
        if self.cersei_count >= CERSEI_LIMIT:
            self.end_text = f"Cersei has been played {CERSEI_LIMIT} times"
        elif out:
            self.end_text = f"{_join(out)} ran out of cards"
        elif self.round_no >= self.max_rounds:
            self.end_text = f"Round cap: {self.max_rounds} rounds played, ranked by deck size"
            self.capped = True
        else:
            self.to_move = self.first
            ev.append(Event(kinds.ROUND_OVER, text=self._round_text(), data=self.round_no))
            return
        self.to_move = None
        result = self.result()
        assert result is not None
        ev.append(Event(kinds.GAME_OVER, text=result.text, data=result.places))


    def _round_text(self) -> str:
        counts = ", ".join(f"{self.names[s]} {len(self.decks[s])}" for s in range(self.n))
        return (f"End of round {self.round_no}, cards in each deck: {counts}; "
                f"Cersei played {self.cersei_count} of {CERSEI_LIMIT}")


class CerseiGame(Game):
    name = "cersei"
    title = "Cersei"
    order = 3
    min_players = 2
    max_players = 4
    default_players = 2
    Options = CerseiOptions
    event_kinds = kinds.KINDS

    def _deal(self, names: tuple[str, ...], options: Any, rng: Rng, dealer: int | None) -> CerseiState:
        """R3: shuffle and deal the whole pack one at a time, from the dealer's left."""
        n = len(names)
        first = 0 if dealer is None else (dealer + 1) % n
        cards = list(ALL_CARDS)
        rng.shuffle(cards)
        s = CerseiState.__new__(CerseiState)
        s.names = names
        s.rng = rng
        s.viewer = None
        s._memo = LegalMemo()
        s.n = n
        s.decks = [[] for _ in range(n)]
        for i, card in enumerate(cards):
            s.decks[(first + i) % n].append(card)
        s.contest = [[] for _ in range(n)]
        s.war = [[] for _ in range(n)]
        s.pot = []
        s.first = first
        s.to_move = first
        s.flips = 0
        s.round_no = 0
        s.cersei_count = 0
        s.assassin = -1
        s.targets = []
        s.eunuch_seats = []
        s.end_text = ""
        s.capped = False
        s.cannoneer_zero = options.cannoneer_zero
        s.max_rounds = options.max_rounds
        s.max_layers = options.max_layers
        return s

    def describe(self, action: Action, names: Sequence[str]) -> str:
        if action.kind == "flip":
            return "flip the top card"
        if action.kind == "assassinate" and 0 <= action.target < len(names):
            # the choice counts places from 0; a player counts cards from 1 ("the 4th from the bottom")
            place = int(action.choice) + 1 if action.choice.isdigit() else 0
            nth = f"{place}{_ORDINAL.get(place % 100 if place % 100 in (11, 12, 13) else place % 10, 'th')} "
            return (f"take the {nth if place else ''}face-down card from the bottom of "
                    f"{names[action.target]}'s deck")
        return action.words(names)


_ORDINAL = {1: "st", 2: "nd", 3: "rd", 11: "th", 12: "th", 13: "th"}

GAME = CerseiGame()
CerseiState.game = GAME
