"""Shithead, Sainsbury's Winnersh rules (seed 001, rulings in shared/rulings/shithead.md).

The state keeps plain lists of card ids per seat and a precomputed playability table, because the
bots clone and replay it thousands of times a second. Every decision is an action of ``to_move``;
the few decisions that are not a turn (setup, backfire, up card, down card) are phases.

Actions (``cards`` always in ascending id order):

- ``arrange``: cards = the three cards to lie face up (setup, R3; secret until all have chosen);
- ``play``: cards of one rank from the hand, plus same-rank up cards with the last hand cards (R21);
- ``pickup``: take the pile (a pass when it is empty, A21);
- ``show``: cards = 3s, target = the recipient (R17); ``backfire`` (target = the shower) or
  ``accept`` answer a show (R19, A14);
- ``take_up``: cards = the up card that enters the hand at the start of the turn (R21, A16);
- ``reveal_down``: choice = the down slot "0", "1" or "2" (R22, A19, A20); ``wait`` declines.

Zones: ``hand/N``, ``up/N``, ``down/N``, ``draw`` (top last), ``play`` (the pile) and ``burn``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from cardtable.engine.cards import HIDDEN, NAME, RANK, RANK_NAMES
from cardtable.engine.declared import DeclaredState
from cardtable.engine.fields import BACKS, copied, own_row_else, seen_as, seen_when, shared
from cardtable.engine.protocol import (
    Action,
    Event,
    Game,
    Result,
    card_actions,
    fact_event,
    hidden_filler,
    move_event,
)
from cardtable.engine.rng import Rng
from cardtable.engine.words import a_or_an, count
from cardtable.games.shithead import kinds
from cardtable.games.shithead.options import ShitheadOptions

# Decision phases: whose decision ``to_move`` is, and what about.
SETUP, TURN, TAKE_UP, REVEAL, PRESELECT, RESPOND, SHOWN_DOWN, OVER = range(8)
# Seat status (R23): playing, out but inside the re-entry window, out for good.
ACTIVE, WINDOW, SAFE = 0, 1, 2

ARRANGE, PLAY, PICKUP, SHOW, BACKFIRE, ACCEPT = "arrange", "play", "pickup", "show", "backfire", "accept"
TAKE_UP_KIND, REVEAL_DOWN, WAIT = "take_up", "reveal_down", "wait"
PICKUP_ACTION = Action(PICKUP)
ACCEPT_ACTION = Action(ACCEPT)
WAIT_ACTION = Action(WAIT)
REVEAL_ACTIONS = tuple(Action(REVEAL_DOWN, choice=str(i)) for i in range(3))
TAKE_UPS = tuple(Action(TAKE_UP_KIND, (c,)) for c in range(52))
TAKE_UP_CARD = {id(a): c for c, a in enumerate(TAKE_UPS)}
"""The card of each of ``TAKE_UPS``' objects, by identity (the lists and the Normal bot hand them out)."""

DECK = tuple(range(52))
# R4/A8: 4♣ 4♠ 4♥ 4♦ 5♣ … A♦, then 2♣ … 2♦. Card ids run rank-major in exactly this suit order.
START_ORDER = tuple(range(8, 52)) + tuple(range(4))
MAX_SEATS = 5
HIDDEN_ROWS = tuple([HIDDEN] * k for k in range(53))
"""Shared rows of hidden cards for views; safe to share because down cards and the draw pile are
copy-on-write (never changed in place)."""
NOBODY_KNOWS = (HIDDEN,) * 52
HIDDEN_ROW = [HIDDEN] * 52
"""``state.public[card]`` is the card if everyone knows it is in its hand, else HIDDEN: a view
redacts a hand with one lookup per card."""
HAND_ZONE = tuple(f"hand/{i}" for i in range(MAX_SEATS))
UP_ZONE = tuple(f"up/{i}" for i in range(MAX_SEATS))
DOWN_ZONE = tuple(f"down/{i}" for i in range(MAX_SEATS))
SAFETY_CAP = 2500
"""Actions after which a game is stopped and scored by cards held (common.md 3); random play ends
long before this, so the cap only catches a loop the rules failed to prevent."""

# Index subsets of 1..4 same-rank cards, singles first: the multiples of R13.
SUBSETS = tuple(tuple(combo for k in range(1, n + 1) for combo in combinations(range(n), k))
                for n in range(5))


POPCOUNT = tuple(bin(m).count("1") for m in range(16))


def _subset_masks(mask: int) -> list[int]:
    """Non-empty sub-masks of a suit mask, singles first (the multiples of R13)."""
    subs = [m for m in range(1, 16) if m & mask == m]
    subs.sort(key=lambda m: (POPCOUNT[m], m))
    return subs


def _suit_cards(rank: int, mask: int) -> tuple[int, ...]:
    return tuple((rank - 2) * 4 + suit for suit in range(4) if mask >> suit & 1)


# Every play of one rank, per set of suits held: built once, so legal_actions only looks them up.
PLAYS = tuple(tuple(tuple(Action(PLAY, _suit_cards(r, sub)) for sub in _subset_masks(mask))
                    for mask in range(16)) for r in range(15))
# R21: the last hand cards (hand mask) with some of the same rank's up cards (up mask)
JOINS = tuple(tuple(tuple(tuple(Action(PLAY, _suit_cards(r, hand | sub)) for sub in _subset_masks(up))
                          if not hand & up else () for up in range(16))
                    for hand in range(16)) for r in range(15))
SHOWS = tuple(tuple(tuple(Action(SHOW, _suit_cards(3, sub), t) for sub in _subset_masks(mask))
                    for t in range(MAX_SEATS)) for mask in range(16))


def _playable_table(ten_wild: bool) -> tuple[tuple[bool, ...], ...]:
    """``table[top rank][rank]``: may a card of ``rank`` go on ``top`` (0 = empty pile)? R9-R12."""
    rows = []
    for top in range(15):
        row = [False] * 15
        for r in range(2, 15):
            if r == 3:
                continue  # R17: 3s are shown, never played
            if top == 0 or r == 2 or (ten_wild and r == 10):
                row[r] = True
            elif top == 7:
                row[r] = r <= 7
            else:
                row[r] = r >= top
        rows.append(tuple(row))
    return tuple(rows)


PLAYABLE = (_playable_table(False), _playable_table(True))
PLAY_RANK = {a: r for r in range(2, 15) for a in PLAYS[r][15] if r != 3}
"""Every play of cards of one rank (ascending, no target or choice), to its rank: a play is
legal from the hand when its cards are held and its rank may go on the pile (3s are shown)."""
PLAY_RANK_BY_ID = {id(a): r for r in range(2, 15) if r != 3 for plays in PLAYS[r] for a in plays}
"""The same by identity, for each of ``PLAYS``' objects (the legal lists and the Normal bot hand
out these very objects, alive as long as the module): an equal play built elsewhere asks the list."""
SUIT_BIT = tuple(1 << (c & 3) for c in range(52))
"""Card ids run rank-major, four suits a rank: a hand's suits of rank r are the SUIT_BITs of its
cards of that rank, ``suits[r]`` (a small int per rank: one int of 52 bits would be a big int whose
every operation allocates)."""
# Per rule set and top rank: (rank, plays by suits held) of each rank that may go on it, lowest
# first. Module-level, not in the state: fingerprints walk the state.
PLAYS_ON = tuple(tuple(tuple((r, PLAYS[r]) for r in range(15) if row[r]) for row in table)
                 for table in PLAYABLE)


def _cards(cards: Sequence[int]) -> str:
    return " ".join([NAME[c] for c in cards])


def with_article(rank: int) -> str:
    """"a 9", "an 8", "an A"."""
    return a_or_an(RANK_NAMES[rank])


def _plural(rank: int) -> str:
    return RANK_NAMES[rank] + "s"


def _burn_events(s: int, r: int, burnt: tuple[int, ...]) -> tuple[Event, Event]:
    """R15: the pile goes to the burn pile, and why."""
    why = "A 10 burns the pile" if r == 10 else f"Four {_plural(r)} in a row burn the pile"
    return move_event("", burnt, "play", "burn", True, s), fact_event(kinds.BURN, why, s, burnt)


class Told:
    """The events of a table (its seats' names) that only a seat and its cards decide: a play, a go
    again, an up card taken in, a down card turned over, and the words of a draw. Each is built the
    first time it happens and given again after: an event is an immutable tuple, so sharing one
    changes nothing any reader sees, and building one with its log line costs about 3.4 K
    instructions (valgrind), a tenth of a heuristic game's in all."""

    __slots__ = ("again", "draws", "names", "plays", "reveals", "singles", "take_ups")

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names
        self.singles: list[list[Event | None]] = [[None] * 52 for _ in names]
        self.plays: list[dict[tuple[int, ...], Event]] = [{} for _ in names]
        self.take_ups: list[list[Event | None]] = [[None] * 52 for _ in names]
        self.reveals: list[list[Event | None]] = [[None] * 52 for _ in names]
        self.again = [fact_event(kinds.AGAIN, f"{name} goes again", s) for s, name in enumerate(names)]
        self.draws = [[f"{name} draws {k}" for k in range(4)] for name in names]

    def play(self, s: int, cards: tuple[int, ...]) -> Event:
        """A play from hand (``singles[s][card]`` holds those of one card, ``plays[s]`` the others)."""
        said = NAME[cards[0]] if len(cards) == 1 else _cards(cards)
        e = move_event(f"{self.names[s]} plays {said}", cards, HAND_ZONE[s], "play", True, s)
        if len(cards) == 1:
            self.singles[s][cards[0]] = e
        else:
            self.plays[s][cards] = e
        return e

    def take_up(self, s: int, card: int) -> Event:
        e = self.take_ups[s][card]
        if e is None:
            e = self.take_ups[s][card] = move_event(f"{self.names[s]} takes the {NAME[card]} into hand",
                                                    (card,), UP_ZONE[s], HAND_ZONE[s], True, s)
        return e

    def reveal(self, s: int, card: int) -> Event:
        e = self.reveals[s][card]
        if e is None:
            e = self.reveals[s][card] = move_event(f"{self.names[s]} turns over a down card", (card,),
                                                   DOWN_ZONE[s], HAND_ZONE[s], False, s)
        return e


_TOLD: dict[tuple[str, ...], Told] = {}
"""Each table's ``Told``, by its seats' names (a few tables a session: kept to 64)."""


def told(names: tuple[str, ...]) -> Told:
    """The table's ``Told``, made on first asking; kept as ``_LAST_TOLD`` for the next event."""
    global _LAST_TOLD
    t = _TOLD.get(names)
    if t is None:
        if len(_TOLD) >= 64:
            _TOLD.clear()
        t = _TOLD[names] = Told(names)
    t.names = names  # (an equal tuple: this game's own, for the hot paths' identity check)
    _LAST_TOLD = t
    return t


_LAST_TOLD = Told(())
"""The ``Told`` last asked for: a game's states share one names tuple, so the hot paths take it
when their names are that very tuple (``(t if (t := _LAST_TOLD).names is self.names else
told(self.names))``, the global read once) instead of hashing the names for ``_TOLD``."""


class Config:
    """What never changes during a game; shared by every clone."""

    __slots__ = ("dealer", "n", "need_count", "table", "ten_wild")

    def __init__(self, n: int, dealer: int, ten_wild: bool, need_count: bool) -> None:
        self.n = n
        self.dealer = dealer
        self.ten_wild = ten_wild
        self.need_count = need_count
        self.table = PLAYABLE[ten_wild]


def safe_reward(place: int, n: int) -> float:
    """The reward of a seat that is not the Shithead, by its place (R25: no winners, not being the
    Shithead is what counts; the exit order breaks ties, from 1.0 for the first out down to 0.9).
    The search's cut scores a seat safe early with the same function."""
    return 1.0 - 0.1 * (place - 1) / max(1, n - 2)


class ShitheadState(DeclaredState):
    """The pile changes on most actions and is copied by ``clone``; every other list (hands, up,
    down, draw, burn pile, status...) is shared between clones and views and replaced, never
    changed in place. ``seen`` holds each hand as the other seats know it (2.4) and ``down_backs``
    the down cards as everyone sees them (2.4: backs, even to their owner), worked out when they
    change rather than in every view: derived, so fingerprints leave them out."""

    # (in alphabetical order, as fingerprints have always listed them)
    after: int = shared()
    arranged: list[tuple[int, ...] | None] = shared(seen=seen_when(f"self.phase == {SETUP}",
                                                                   "_arranged_view"))
    burned: list[int] = shared()
    capped: bool = shared()
    cfg: Config = shared()
    down: list[list[int]] = shared(seen=seen_as("down_backs"))  # 2.4: backs, even to their owner
    down_backs: list[list[int]] = shared(derived=True)
    draw: list[int] = shared(seen=BACKS)
    due: list[bool] = shared()
    exits: list[int] = shared()
    hands: list[list[int]] = copied(seen=own_row_else("seen"))  # 2.4
    n_active: int = shared()
    narrate: bool = shared(derived=True)
    """False on a search's playout states (clones inherit it): the everyday actions (plays, burns,
    draws, pickups, passes) then return no events, which nothing reads there; building them and
    their log text was a tenth of a playout (valgrind). The rare ones (3s, exits, the end) still come."""
    opening: int = shared()
    owner: int = shared()
    passes: int = shared()
    phase: int = shared()
    pile: list[int] = copied()
    public: tuple[int, ...] = shared()
    seen: list[list[int]] = copied(derived=True)
    shower: int = shared()
    shown: int = shared()
    status: list[int] = shared()
    steps: int = shared()
    up: list[list[int]] = shared()

    # -- what a view holds (2.4, R3) -----------------------------------------------------------
    def _arranged_view(self, seat: int) -> list[tuple[int, ...] | None]:
        return self._arranged_seen_by(seat) if self.phase == SETUP else self.arranged

    def _set_hand(self, s: int, hand: list[int], seen: list[int] | None = None) -> None:
        """Seat ``s`` now holds ``hand`` (a new list: clones and views share the old one), and the
        others know of it what ``public`` says (2.4; so change ``public`` first), or ``seen`` when
        the caller has it from the old row: a search's playouts change a hand on every move and
        take no views, so working the row out card by card is kept to the rare moves."""
        self.hands[s] = hand
        if seen is None:
            public = self.public
            # (in a view a hand may hold HIDDEN, which must not index public's last card)
            seen = HIDDEN_ROWS[len(hand)] if public is NOBODY_KNOWS else \
                [HIDDEN if c == HIDDEN else public[c] for c in hand]
        self.seen[s] = seen

    def forget_legal(self) -> None:
        """After changing fields by hand: ``seen`` is worked out again too."""
        super().forget_legal()
        self.seen = [[]] * self.cfg.n
        for s, hand in enumerate(self.hands):
            self._set_hand(s, hand)
        self.down_backs = [HIDDEN_ROWS[len(d)] for d in self.down]

    def _arranged_seen_by(self, seat: int) -> list[tuple[int, ...] | None]:
        """R3: a pending setup choice stays secret."""
        return [a if s == seat else None for s, a in enumerate(self.arranged)]

    def determinize(self, rng: Rng) -> ShitheadState:
        """As the generic one, but building new lists: clones share some lists (copy-on-write)."""
        s = self.clone()
        fill = hidden_filler(s, rng)

        s.hands = [fill(h) for h in s.hands]
        s.up = [fill(u) for u in s.up]
        s.down = [fill(d) for d in s.down]
        s.draw = fill(s.draw)
        s.pile = fill(s.pile)
        s.burned = fill(s.burned)
        s.viewer = None
        s.rng = rng.fork()
        return s

    def card_lists(self) -> list[list[int]]:
        return [*self.hands, *self.up, *self.down, self.draw, self.pile, self.burned]

    def zones(self) -> dict[str, list[int]]:
        z: dict[str, list[int]] = {"draw": self.draw, "play": self.pile, "burn": self.burned}
        for s in range(self.cfg.n):
            z[DOWN_ZONE[s]] = self.down[s]
            z[UP_ZONE[s]] = self.up[s]
            z[HAND_ZONE[s]] = self.hands[s]
        return z

    def all_cards(self) -> Sequence[int]:
        return DECK

    # -- copy-on-write updates -----------------------------------------------------------------
    def _set_due(self, seat: int, value: bool) -> None:
        """A20: ``due[seat]``: the seat's hand and up cards are gone and it has not yet been offered
        its down card."""
        if self.due[seat] != value:
            due = self.due[:]
            due[seat] = value
            self.due = due

    def _set_status(self, seat: int, value: int) -> None:
        status = self.status[:]
        status[seat] = value
        self.status = status

    def _make_public(self, cards: Sequence[int]) -> None:
        """2.4: these cards went into a hand in plain sight (a pickup, an up card)."""
        row = list(self.public)
        for c in cards:
            row[c] = c
        self.public = tuple(row)

    def _forget(self, cards: Sequence[int]) -> None:
        """Cards left a hand: they are on the table now, not secrets of the hand."""
        public = self.public
        for c in cards:
            if public[c] != HIDDEN:
                break
        else:
            return
        row = list(public)
        for c in cards:
            row[c] = HIDDEN
        # the shared all-hidden row again when nothing is known: views then skip the lookups
        self.public = NOBODY_KNOWS if row == HIDDEN_ROW else tuple(row)

    def known_in_hands(self) -> set[int]:
        """Cards in hands that everyone knows (picked up from the pile, up cards taken in)."""
        return {c for c in self.public if c != HIDDEN}

    def _set_up(self, seat: int, cards: list[int]) -> None:
        up = self.up[:]
        up[seat] = cards
        self.up = up

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        n = self.cfg.n
        order = list(self.exits)
        remaining = [s for s in range(n) if s not in order]
        capped = self.capped
        # A capped game ranks the players still in by cards held, the most cards last
        # (sorted pairs, not a key lambda over self: the binary's compiler cannot build that closure)
        remaining = [s for _, s in sorted([(self.cards_held(s), s) for s in remaining])]
        order += remaining
        places = [0] * n
        for place, s in enumerate(order, 1):
            places[s] = place
        shithead = order[-1]
        # No winners (R25): not being the Shithead is what counts, the exit order breaks ties
        rewards = tuple(0.0 if s == shithead else safe_reward(places[s], n) for s in range(n))
        name = self.names[shithead]
        if capped:
            text = (f"Safety cap: the game was stopped after {self.steps} actions; "
                    f"{name} holds the most cards and is the Shithead")
        else:
            text = f"{name} is the Shithead"
        details: dict[str, Any] = {"exit_order": list(self.exits), "ranking": order, "shithead": shithead,
                                   "dealer": self.cfg.dealer, "actions": self.steps,
                                   "cards_held": [self.cards_held(s) for s in range(n)]}
        return Result(tuple(places), (shithead,), rewards, text, capped, details)

    def describe(self, action: Action) -> str:
        """As the game says it; a pickup from an empty pile is a pass (the prompt says so too)."""
        if action.kind == PICKUP and not self.pile:
            return "pass"
        return super().describe(action)

    def prompt(self) -> str:
        s = self.to_move
        if s is None:
            return ""
        phase = self.phase
        if phase == SETUP:
            return "Choose the three cards to lie face up"
        if phase == TAKE_UP:
            return "Take one of your up cards into your hand"
        if phase == REVEAL:
            return "Turn over one of your down cards"
        if phase == PRESELECT:
            return "Turn over a down card now, or wait until your turn"
        if phase == RESPOND:
            return f"{self.names[self.shower]} showed you a 3: backfire with a 3, or pick up the pile"
        if phase == SHOWN_DOWN:
            return "You may take one of your down cards into your hand as well"
        if self.opening >= 0:
            return f"Open the game with the {NAME[self.opening]}"
        # "show a 3" only to a player who may: it was offered with no 3 in hand, and a newcomer
        # looked for a way to show one
        show = ", show a 3" if any(a.kind == SHOW for a in self.legal_actions()) else ""
        if not self.pile:
            return f"Play any card{show}, or pass"
        return f"Play on the {NAME[self.pile[-1]]}{show}, or pick up the pile"

    def why_illegal(self, action: Action) -> str:
        return _why_illegal(self, action)

    # -- queries -------------------------------------------------------------------------------
    def cards_held(self, seat: int) -> int:
        return len(self.hands[seat]) + len(self.up[seat]) + len(self.down[seat])

    def show_targets(self, seat: int) -> list[int]:
        """R17/R23/A23: active players, and exited players inside the window if the pile has cards."""
        pile = self.pile
        return [t for t, st in enumerate(self.status)
                if t != seat and (st == ACTIVE or (st == WINDOW and pile))]

    def backfire_need(self) -> int:
        return self.shown if self.cfg.need_count else 1  # A12

    # -- legal actions -------------------------------------------------------------------------
    def _legal(self) -> list[Action]:
        """A turn's actions (every other phase: ``_phase_actions``), worked out here rather than
        in a method of their own: one call less on every simulated turn."""
        s = self.to_move
        if s is None:
            return []
        if self.phase != TURN:
            return self._phase_actions(s)
        hand = self.hands[s]
        pile = self.pile
        top = RANK[pile[-1]] if pile else 0
        if self.opening >= 0:
            return self._opening_plays(hand)
        row = self.cfg.table[top]
        acts: list[Action] = []
        if len(hand) <= 4:
            # most turns hold a few cards (a third just one): their ranks in order, as card ids run
            # rank-major, instead of every rank that may go on the pile (PLAYS_ON, below)
            threes = held = r = 0
            for c in sorted(hand):
                if RANK[c] != r:
                    if held:
                        if row[r]:
                            acts += PLAYS[r][held]
                        elif r == 3:
                            threes = held  # (3s are never played: shown, R17)
                    r = RANK[c]
                    held = SUIT_BIT[c]
                else:
                    held |= SUIT_BIT[c]
            if row[r]:
                acts += PLAYS[r][held]
                if not self.draw and POPCOUNT[held] == len(hand):  # every hand card of one rank
                    acts += self._joins(s, r, held)
            elif r == 3:
                threes = held
        else:  # (five cards or more hold two ranks at least: no joins)
            suits = [0] * 15  # suits held per rank
            for c in hand:
                suits[RANK[c]] |= SUIT_BIT[c]
            for r, plays in PLAYS_ON[self.cfg.ten_wild][top]:
                held = suits[r]
                if held:
                    acts += plays[held]
            threes = suits[3]
        # A21: after a full rotation of passes on an empty pile, the next player must play
        if pile or self.passes < self.n_active:
            acts.append(PICKUP_ACTION)
        if threes:
            shows = SHOWS[threes]
            for t in self.show_targets(s):
                acts += shows[t]
        return acts

    def _plainly_legal(self, action: object) -> bool:
        """A turn's play of cards of one rank from the hand onto a pile that takes it, the pickup
        of a pile, a setup's three up cards, an up card taken in or the first down card turned
        over, told without the list (the Normal bot's usual choices, made from its view:
        ``HeuristicBot.choose``); the opening, joins of up cards, shows, a 3's answer and the
        other down cards ask the list."""
        phase = self.phase
        if phase != TURN:
            if phase == TAKE_UP:  # R21: one of the seat's own up cards
                c = TAKE_UP_CARD.get(id(action))
                return c is not None and c in self.up[self.to_move]  # type: ignore[index]
            if phase == REVEAL or phase == PRESELECT or phase == SHOWN_DOWN:  # noqa: SIM109 (the first down card)
                return action is REVEAL_ACTIONS[0] and bool(self.down[self.to_move])  # type: ignore[index]
            return phase == SETUP and self._plainly_arranged(action)
        if self.opening >= 0:
            return False
        if action is PICKUP_ACTION:
            return bool(self.pile)
        r = PLAY_RANK_BY_ID.get(id(action))  # (one of the lists' own plays: no hashing of its fields)
        if r is None:
            return False
        pile = self.pile
        if pile and not self.cfg.table[RANK[pile[-1]]][r]:
            return False
        hand = self.hands[self.to_move]  # type: ignore[index]
        for c in action[1]:  # type: ignore[index]  # noqa: SIM110 (a generator or a map costs more)
            if c not in hand:
                return False
        return True

    def _plainly_arranged(self, action: object) -> bool:
        """R3: three of the seat's own six cards, ascending (the list is every such three)."""
        if type(action) is not Action:
            return False
        # read as plain objects: a malformed action (a phone's, a save's) may hold anything, and the
        # binary's compiled core checks each declared type as it reads (a TypeError, not "no")
        items: tuple[object, ...] = action
        if items[0] != ARRANGE or items[2] != -1 or items[3] != "":
            return False
        cards = items[1]
        if type(cards) is not tuple or len(cards) != 3:
            return False
        a, b, c = cards
        if type(a) is not int or type(b) is not int or type(c) is not int or not a < b < c:
            return False
        six = self.hands[self.to_move] + self.up[self.to_move]  # type: ignore[index]
        return a in six and b in six and c in six

    def _opening_plays(self, hand: list[int]) -> list[Action]:
        """R4/A7: the opener must play the starting card, optionally with more of its rank."""
        opening = self.opening
        r = RANK[opening]
        held = 0
        for c in hand:
            if RANK[c] == r:
                held |= SUIT_BIT[c]
        return [a for a in PLAYS[r][held] if opening in a.cards]

    def _joins(self, s: int, r: int, held: int) -> tuple[Action, ...]:
        """R21/A17: up cards of the same rank may join the last hand cards (all of rank ``r``, its
        suits ``held``, which may go on the pile), once the draw pile is gone."""
        up_suits = 0
        for c in self.up[s]:
            if RANK[c] == r:
                up_suits |= SUIT_BIT[c]
        return JOINS[r][held][up_suits] if up_suits else ()

    def _phase_actions(self, s: int) -> list[Action]:
        """The legal actions of a decision that is not a turn (setup, up and down cards, a 3's answer)."""
        phase = self.phase
        if phase == TAKE_UP:
            up = sorted(self.up[s])
            return [TAKE_UPS[up[0]]] if len(up) == 1 else [TAKE_UPS[c] for c in up]
        if phase == REVEAL:
            return list(REVEAL_ACTIONS[:len(self.down[s])])
        if phase in (PRESELECT, SHOWN_DOWN):
            return [*REVEAL_ACTIONS[:len(self.down[s])], WAIT_ACTION]
        if phase == RESPOND:
            threes = sorted(c for c in self.hands[s] if RANK[c] == 3)
            need = self.backfire_need()
            acts = [Action(BACKFIRE, tuple(threes[i] for i in combo), self.shower)
                    for combo in SUBSETS[len(threes)] if len(combo) >= need]
            acts.append(ACCEPT_ACTION)
            return acts
        if phase == SETUP:
            six = sorted(self.hands[s] + self.up[s])
            return card_actions(ARRANGE, combinations(six, 3))
        return []

    # -- applying ------------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        self._memo = []  # (a plain list: LegalMemo's own class costs four times as much to make)
        self.steps += 1
        ev: list[Event] = []
        kind = action[0]
        s = self.to_move
        assert s is not None
        if kind == PLAY:
            self._play(s, action[1], ev)
        elif kind == PICKUP:
            if self.pile:  # (``_voluntary_pickup``'s usual case written out)
                self.passes = 0
                self._pickup(s, ev)
                self._pass_turn(s, ev)
            else:
                self._voluntary_pickup(s, ev)
        elif kind in (SHOW, BACKFIRE):
            self._show(s, action.target, action.cards, kind == BACKFIRE, ev)
        elif kind == ACCEPT:
            self._accept(s, ev)
        elif kind == TAKE_UP_KIND:
            self._take_up(s, action.cards[0], ev)
        elif kind == REVEAL_DOWN:
            self._reveal_down(s, int(action.choice), ev)
        elif kind == WAIT:
            self._after_down_choice(ev)
        elif kind == ARRANGE:
            self._arrange(s, action.cards, ev)
        if self.steps >= SAFETY_CAP and self.phase != OVER:
            self.capped = True
            self._end(ev)
        return ev

    def _play(self, s: int, cards: tuple[int, ...], ev: list[Event]) -> None:
        hand, seen = self.hands[s][:], None
        r = RANK[cards[0]]
        if len(cards) == 1:
            i = hand.index(cards[0])
            del hand[i]
            seen = self.seen[s][:]
            del seen[i]  # the others knew the rest of the hand as before
            if self.narrate:  # (``told`` written out: nearly every action is a play)
                told_ = t if (t := _LAST_TOLD).names is self.names else told(self.names)
                ev.append(told_.singles[s][cards[0]] or told_.play(s, cards))
        else:
            for c in cards:  # (a loop: ``map`` would call the list's ``__contains__`` through a wrapper)
                if c not in hand:
                    self._join(s, hand, cards, ev)
                    break
            else:
                seen = self.seen[s][:]
                for c in cards:
                    del seen[hand.index(c)]
                    hand.remove(c)
                if self.narrate:
                    told_ = t if (t := _LAST_TOLD).names is self.names else told(self.names)
                    ev.append(told_.plays[s].get(cards) or told_.play(s, cards))
        if self.public is not NOBODY_KNOWS:  # (nothing to forget when nobody knows a hand card)
            self._forget(cards)
        if seen is None:
            self._set_hand(s, hand)
        else:  # ``_set_hand`` with the row given, written out: nearly every action is a play
            self.hands[s], self.seen[s] = hand, seen
        pile = self.pile
        pile.extend(cards)
        self.opening, self.passes = -1, 0
        again = False
        if r == 10 or (len(pile) >= 4 and RANK[pile[-4]] == r and RANK[pile[-3]] == r
                       and RANK[pile[-2]] == r):
            # R15: a 10, or all four of a rank in a row, burns the pile; the burner goes again (A5)
            if self.narrate:
                ev += _burn_events(s, r, tuple(pile))
            self.burned = self.burned + pile
            pile.clear()
            again = True
        elif r == 2:
            again = True  # R14/A5: one extra go however many 2s
        if len(hand) < 3 and self.draw:
            self._refill(s, ev)  # R16/A11: before the second go
        if not self.hands[s] and not self.up[s]:
            if self.down[s]:
                self._set_due(s, True)  # A20
            else:
                self._exit(s, ev)
                if self.phase != OVER:
                    self._pass_turn(s, ev)  # R24: an exit forfeits the extra go
                return
        if again:
            if self.narrate:
                ev.append((t if (t := _LAST_TOLD).names is self.names else told(self.names)).again[s])
            self._offer_or_begin(s, ev)
        else:
            self._pass_turn(s, ev)

    def _join(self, s: int, hand: list[int], cards: tuple[int, ...], ev: list[Event]) -> None:
        """R21: the last hand cards (taken out of ``hand``) with up cards of the same rank."""
        from_hand = tuple([c for c in cards if c in hand])
        from_up = tuple([c for c in cards if c not in hand])
        for c in from_hand:
            hand.remove(c)
        self._set_up(s, [c for c in self.up[s] if c not in from_up])
        if self.narrate:
            text = f"{self.names[s]} plays {_cards(from_hand)} with {_cards(from_up)} from the table"
            ev.append(move_event(text, from_hand, HAND_ZONE[s], "play", True, s))
            ev.append(move_event("", from_up, UP_ZONE[s], "play", True, s))

    def _voluntary_pickup(self, s: int, ev: list[Event]) -> None:
        if self.pile:
            self.passes = 0
            self._pickup(s, ev)
        else:
            self.passes += 1  # A21
            if self.narrate:
                ev.append(fact_event(kinds.PASS, f"{self.names[s]} passes on the empty pile", s))
            if self.passes >= self.n_active:
                ev.append(Event(kinds.STALEMATE,
                                text="Everyone has passed on the empty pile: the next player "
                                                  "must play a card (stalemate rule)"))
        self._pass_turn(s, ev)

    def _pickup(self, s: int, ev: list[Event]) -> None:
        """R6b/R18: the whole pile into the hand; everyone saw those cards (2.4)."""
        pile = self.pile
        hand = self.hands[s]
        if self.due[s]:
            self._set_due(s, False)  # a pickup in the down stage is the A19 offer
        if not pile:
            ev.append(fact_event(kinds.PICKUP, f"{self.names[s]} has nothing to pick up: the pile is empty",
                                 s))
            return
        cards = tuple(pile)
        before = len(hand)
        hand = hand + pile
        public = list(self.public)  # (``_make_public``, written out)
        for c in cards:
            public[c] = c
        self.public = tuple(public)
        self.hands[s], self.seen[s] = hand, self.seen[s] + pile  # (``_set_hand``: everyone saw it go in)
        pile.clear()
        if not self.narrate:
            return
        name = self.names[s]
        n = len(cards)  # (``count(n, "card")`` written out)
        ev.append(move_event(f"{name} picks up the pile ({n} card{'' if n == 1 else 's'})", cards, "play",
                             HAND_ZONE[s], True, s))
        if before < 10 <= len(hand):  # R26
            ev.append(fact_event(kinds.LIBRARY, f"Library Boy! {name} holds {count(len(hand), 'card')}", s,
                                 data={"cards": len(hand)}))

    def _refill(self, s: int, ev: list[Event]) -> None:
        """R16: draw back up to three while the draw pile lasts."""
        hand = self.hands[s]
        draw = self.draw
        k = 3 - len(hand)
        if k > len(draw):
            k = len(draw)
        if k <= 0:
            return
        drawn = draw[-k:]
        self.draw = draw[:-k]
        drawn.reverse()
        # (``_set_hand`` with the row given, written out: drawn unseen)
        self.hands[s], self.seen[s] = hand + drawn, self.seen[s] + HIDDEN_ROWS[k]
        if self.narrate:
            text = (t if (t := _LAST_TOLD).names is self.names else told(self.names)).draws[s][k]
            ev.append(move_event(text, tuple(drawn), "draw", HAND_ZONE[s], False, s))

    def _show(self, s: int, t: int, cards: tuple[int, ...], backfire: bool, ev: list[Event]) -> None:
        """R17-R20 and A14: shown 3s go straight to the burn pile; the recipient may answer."""
        hand = self.hands[s][:]
        for c in cards:
            hand.remove(c)
        self._forget(cards)
        self._set_hand(s, hand)
        self.burned = self.burned + list(cards)
        names = self.names
        text = (f"{names[s]} backfires {_cards(cards)} at {names[t]}" if backfire
                else f"{names[s]} shows {_cards(cards)} to {names[t]}")
        ev.append(move_event(text, cards, HAND_ZONE[s], "burn", True, s, {"to": t, "backfire": backfire}))
        self.passes = 0
        if len(hand) < 3 and self.draw:
            self._refill(s, ev)  # A10: showing refills like playing
        shower_out = False
        if not self.hands[s] and not self.up[s]:
            if self.down[s]:
                self._set_due(s, True)  # A20
            else:
                shower_out = True
        if self.status[t] != ACTIVE:
            # R23: shown back in: the pile becomes their hand, no up or down cards. This happens
            # before a shower who used their last 3 leaves, so that exit cannot end the game (A25)
            self._set_status(t, ACTIVE)
            self.exits = [x for x in self.exits if x != t]
            self.n_active += 1
            ev.append(fact_event(kinds.REENTRY, f"{names[t]} is shown back into the game", t))
            self._pickup(t, ev)
            if shower_out:
                self._exit(s, ev)
            self._pass_turn(t, ev)
            return
        if shower_out:
            if self.n_active == 2:
                # A25: this exit ends the game, but the pickup the 3 forces is part of the same action
                self._pickup(t, ev)
            self._exit(s, ev)
            if self.phase == OVER:
                return
        threes = 0
        for c in self.hands[t]:
            if RANK[c] == 3:
                threes += 1
        need = len(cards) if self.cfg.need_count else 1
        if threes >= need and (self.status[s] == ACTIVE or self.pile):
            self.phase = RESPOND  # R19/A14: the recipient may backfire
            self.to_move = t
            self.shower = s
            self.shown = len(cards)
            return
        self._accept(t, ev)

    def _accept(self, t: int, ev: list[Event]) -> None:
        """R18: the recipient picks up; in the down-card stage they may add a down card (A19)."""
        down_stage = not self.hands[t] and not self.up[t] and self.down[t]
        self.shower = -1
        self._pickup(t, ev)
        if down_stage:
            self.phase = SHOWN_DOWN
            self.to_move = t
            self.after = t
        else:
            self._pass_turn(t, ev)

    def _take_up(self, s: int, card: int, ev: list[Event]) -> None:
        """R21/A16: one up card enters the hand at the start of the turn, seen by all."""
        up = self.up[s][:]
        up.remove(card)
        self._set_up(s, up)
        public = list(self.public)  # (``_make_public`` of one card, written out)
        public[card] = card
        self.public = tuple(public)
        # (``_set_hand`` with the row given, written out: everyone saw it go in)
        self.hands[s], self.seen[s] = [*self.hands[s], card], [*self.seen[s], card]
        ev.append((t if (t := _LAST_TOLD).names is self.names else told(self.names)).take_up(s, card))
        self.phase = TURN

    def _reveal_down(self, s: int, slot: int, ev: list[Event]) -> None:
        """R22/A20: a down card enters the hand; only its owner sees it."""
        down = self.down[:]
        card = down[s][slot]
        down[s] = down[s][:slot] + down[s][slot + 1:]
        self.down = down
        backs = self.down_backs[:]
        backs[s] = HIDDEN_ROWS[len(down[s])]
        self.down_backs = backs
        # (``_set_hand`` with the row given, written out: only its owner saw it)
        self.hands[s], self.seen[s] = [*self.hands[s], card], [*self.seen[s], HIDDEN]
        ev.append((t if (t := _LAST_TOLD).names is self.names else told(self.names)).reveal(s, card))
        if self.phase == REVEAL:
            self.phase = TURN
        else:
            self._after_down_choice(ev)

    def _after_down_choice(self, ev: list[Event]) -> None:
        if self.phase == SHOWN_DOWN:
            self._pass_turn(self.after, ev)
        else:
            self._offer_or_begin(self.after, ev)

    def _arrange(self, s: int, chosen_up: tuple[int, ...], ev: list[Event]) -> None:
        """R3: choices are taken seat by seat and revealed together."""
        arranged = self.arranged[:]
        arranged[s] = chosen_up
        self.arranged = arranged
        ev.append(fact_event(kinds.ARRANGED, f"{self.names[s]} has chosen their up cards", s))
        n = self.cfg.n
        nxt = (s + 1) % n
        if nxt != (self.cfg.dealer + 1) % n:
            self.to_move = nxt
            return
        self._swap_arranged(ev)
        self.arranged = [None] * n
        self._open(ev)

    def _swap_arranged(self, ev: list[Event]) -> None:
        """R3: every seat's chosen up cards change places with the rest, all seen (2.4). (The up
        rows and the known cards are rebuilt once for the table, not once a seat: a hand's seen
        row reads only its own cards' entries.)"""
        ups = self.up[:]
        public = list(self.public)
        for seat, chosen in enumerate(self.arranged):
            if chosen is None:
                continue  # a determinized view does not know another seat's choice: keep the deal
            hand, up = self.hands[seat][:], ups[seat][:]
            to_up = tuple([c for c in hand if c in chosen])
            if not to_up:
                continue
            to_hand = tuple([c for c in up if c not in chosen])
            for a, b in zip(to_hand, to_up, strict=True):  # swap in place: slots keep their places
                up[up.index(a)] = b
                hand[hand.index(b)] = a
                public[a] = a  # everyone saw those up cards go into the hand (2.4)
            ups[seat] = up
            self.hands[seat] = hand
            self.seen[seat] = [HIDDEN if c == HIDDEN else public[c] for c in hand]  # (``_set_hand``)
            ev.append(move_event(f"{self.names[seat]} puts {_cards(to_up)} face up instead of "
                                 f"{_cards(to_hand)}", to_up, HAND_ZONE[seat], UP_ZONE[seat], True, seat))
            ev.append(move_event("", to_hand, UP_ZONE[seat], HAND_ZONE[seat], True, seat))
        if ups != self.up:
            self.up = ups
            self.public = tuple(public)

    def _open(self, ev: list[Event]) -> None:
        """R4/A8/A9: the lowest starting card in any hand opens the game."""
        where = {c: s for s, hand in enumerate(self.hands) for c in hand}
        for card in START_ORDER:
            if card in where:
                s = where[card]
                self.opening = card
                text = f"{self.names[s]} holds the {NAME[card]} and opens"
                ev.append(fact_event(kinds.START, text, s, (card,)))
                self._begin_turn(s)
                return

    # -- turn order ----------------------------------------------------------------------------
    def _exit(self, s: int, ev: list[Event]) -> None:
        """R23/R25: out of cards; the last one holding cards is the Shithead."""
        self._set_status(s, WINDOW)
        self.exits = [*self.exits, s]
        self.n_active -= 1
        ev.append(fact_event(kinds.OUT, f"{self.names[s]} is out", s))
        if self.n_active == 1:
            self._end(ev)

    def _end(self, ev: list[Event]) -> None:
        self.phase = OVER
        self.to_move = None
        result = self.result()
        assert result is not None
        ev.append(Event(kinds.GAME_OVER, text=result.text, seat=result.losers[0], data=result.details))

    def _pass_turn(self, p: int, ev: list[Event]) -> None:
        """The next turn goes to the left of ``p`` (skipping players who are out, A24)."""
        n = self.cfg.n
        status = self.status
        nxt = (p + 1) % n
        while status[nxt] != ACTIVE:
            nxt = (nxt + 1) % n
        if self.n_active < n and WINDOW in status:  # (a window is open only until the turn passes)
            self._cross(self.owner, nxt, ev)
        if True not in self.due or not self._offer(nxt):
            if self.hands[nxt]:  # ``_begin_turn``'s usual case written out: once an action
                self.owner = nxt
                self.to_move = nxt
                self.phase = TURN
            else:
                self._begin_turn(nxt)

    def _cross(self, a: int, b: int, ev: list[Event]) -> None:
        """A23: the re-entry window closes when the turn passes the exited player's seat."""
        if a == b:
            return
        n = self.cfg.n
        status = self.status
        i = (a + 1) % n
        while i != b:
            if status[i] == WINDOW:
                self._set_status(i, SAFE)
                status = self.status
                ev.append(fact_event(kinds.SAFE,
                                     f"{self.names[i]} is safe: the re-entry window has closed", i))
            i = (i + 1) % n

    def _offer_or_begin(self, nxt: int, ev: list[Event]) -> None:
        """A20: a player whose hand and up cards are gone may preselect a down card before play goes on."""
        if True not in self.due or not self._offer(nxt):
            if self.hands[nxt]:  # ``_begin_turn``'s usual case written out (a 2 or a burn: again)
                self.owner = self.to_move = nxt
                self.phase = TURN
            else:
                self._begin_turn(nxt)

    def _offer(self, nxt: int) -> bool:
        due = self.due
        for s in range(self.cfg.n):
            if due[s] and s != nxt:
                self._set_due(s, False)
                self.phase = PRESELECT
                self.to_move = s
                self.after = nxt
                return True
        return False

    def _begin_turn(self, s: int) -> None:
        self.owner = s
        self.to_move = s
        if self.hands[s]:
            self.phase = TURN
        elif self.up[s]:
            self.phase = TAKE_UP  # R21
        else:
            self.phase = REVEAL  # A20: at the latest at the start of the turn
            self._set_due(s, False)


def _why_illegal(state: ShitheadState, action: Action) -> str:
    """The rule that forbids ``action``, in the player's words."""
    phase = state.phase
    kind = action.kind
    s = state.to_move
    if s is None:
        return "the game is over"
    expected = {SETUP: (ARRANGE,), TAKE_UP: (TAKE_UP_KIND,), REVEAL: (REVEAL_DOWN,),
                PRESELECT: (REVEAL_DOWN, WAIT), SHOWN_DOWN: (REVEAL_DOWN, WAIT),
                RESPOND: (BACKFIRE, ACCEPT), TURN: (PLAY, PICKUP, SHOW)}[phase]
    if kind == WAIT and phase == REVEAL:
        return "it is your turn: you must turn over a down card now"
    if kind not in expected:
        return f"{state.prompt()} (you cannot {state.describe(action)} now)"
    if kind in (PICKUP, ACCEPT, WAIT) and (action.cards or action.target != -1 or action.choice):
        return "picking up or waiting takes no cards, target or choice"
    if phase == SETUP:
        return _why_bad_arrangement(state, s, action)
    if phase == TAKE_UP:
        return "take one of your own up cards into your hand (one per turn)"
    if kind in (REVEAL_DOWN, WAIT):
        return f"choose one of your down cards, slot 1 to {len(state.down[s])}"
    if kind in (SHOW, BACKFIRE):
        return _why_bad_show(state, s, action)
    if kind == PICKUP:
        if state.opening >= 0:
            return f"the game opens with the {NAME[state.opening]}"
        return "everyone has passed on the empty pile: you must play a card (stalemate rule)"
    return _why_bad_play(state, s, action)


def _why_bad_arrangement(state: ShitheadState, s: int, action: Action) -> str:
    """Setup: the three up cards must be three of the player's own six."""
    six = state.hands[s] + state.up[s]
    if len(action.cards) != 3 or len(set(action.cards)) != 3:
        return "choose exactly three cards to lie face up"
    return "the up cards must come from your own three hand and three up cards" \
        if any(c not in six for c in action.cards) else "list the three up cards in order"


def _why_bad_show(state: ShitheadState, s: int, action: Action) -> str:
    """Showing 3s, or backfiring them at whoever showed them."""
    kind = action.kind
    if any(c not in state.hands[s] for c in action.cards) or not action.cards:
        return "you can only show 3s from your hand (up and down 3s must enter the hand first)"
    if any(RANK[c] != 3 for c in action.cards):
        return "only 3s can be shown"
    if kind == BACKFIRE:
        if action.target != state.shower:
            return "a backfire goes back to whoever showed you the 3"
        if len(action.cards) < state.backfire_need():
            return f"a backfire needs at least {state.backfire_need()} 3s (as many as were shown)"
        return "that backfire is not allowed"
    if state.opening >= 0:
        return f"the game opens with the {NAME[state.opening]}"
    t = action.target
    if t == s:
        return "show your 3s to another player"
    if not 0 <= t < state.cfg.n:
        return "show your 3s to a player at the table"
    if state.status[t] == SAFE:
        return f"{state.names[t]} is safe: the re-entry window has closed"
    if state.status[t] == WINDOW:
        return f"{state.names[t]} has left the game, and an empty pile cannot show them back in"
    return "list each 3 once, lowest first"


def _why_bad_play(state: ShitheadState, s: int, action: Action) -> str:
    """A play: one rank, cards the player holds, that may go on the pile's top card."""
    cards = action.cards
    if not cards:
        return "play at least one card"
    if action.target != -1 or action.choice:
        return "a play is just cards: it has no target (show 3s to a player instead)"
    hand = state.hands[s]
    up = state.up[s]
    for c in cards:
        if not 0 <= c < 52 or (c not in hand and c not in up):
            return f"you do not hold the {NAME[c]}" if 0 <= c < 52 else "that is not a card"
    ranks = {RANK[c] for c in cards}
    if len(ranks) > 1:
        return "cards played together must share a rank"
    r = RANK[cards[0]]
    if r == 3:
        return "3s are never played: show them to a player instead"
    if state.opening >= 0 and state.opening not in cards:
        return f"the game opens with the {NAME[state.opening]}"
    pile = state.pile
    if pile and not state.cfg.table[RANK[pile[-1]]][r]:
        top = RANK[pile[-1]]
        if top == 7:
            return "after a 7, play a 7 or lower (or a 2)"
        if r == 10:
            return "a 10 is not wild: it needs a card of 10 or less on top"
        return f"{with_article(r)} cannot go on {with_article(top)}: play equal or higher (or a 2)"
    if any(c in up for c in cards):
        if state.draw:
            return "up cards come into play only once the draw pile is gone"
        return "up cards may join a play only with your last hand cards of the same rank"
    return "list each card once, lowest first"

class ShitheadGame(Game):
    name = "shithead"
    title = "Shithead"
    order = 1
    loser_title = "the Shithead"
    first_title = "First out"
    min_players = 2
    max_players = 5
    default_players = 4
    Options = ShitheadOptions
    event_kinds = kinds.KINDS

    def _deal(self, names: tuple[str, ...], options: Any, rng: Rng, dealer: int | None) -> ShitheadState:
        n = len(names)
        if dealer is None:
            dealer = rng.below(n)  # R2: random for the first game
        deck = list(DECK)
        rng.shuffle(deck)
        st = ShitheadState.__new__(ShitheadState)
        st.names = names
        st.rng = rng
        st.viewer = None
        st.cfg = Config(n, dealer % n, options.ten_wild, options.backfire_needs_count)
        st.hands = [[] for _ in range(n)]
        st.up = [[] for _ in range(n)]
        st.down = [[] for _ in range(n)]
        # R2/A26: one card at a time from the dealer's left: three down, three up, three in hand
        for row in (st.down, st.up, st.hands):
            for _ in range(3):
                for i in range(1, n + 1):
                    row[(dealer + i) % n].append(deck.pop())
        st.draw = deck
        st.pile = []
        st.burned = []
        st.public = NOBODY_KNOWS
        st.seen = [HIDDEN_ROWS[len(h)] for h in st.hands]
        st.down_backs = [HIDDEN_ROWS[len(d)] for d in st.down]
        st.status = [ACTIVE] * n
        st.due = [False] * n
        st.exits = []
        st.arranged = [None] * n
        st.phase = SETUP
        st.owner = (dealer + 1) % n
        st.to_move = st.owner
        st.shower = -1
        st.shown = 0
        st.after = -1
        st.opening = -1
        st.passes = 0
        st.n_active = n
        st.steps = 0
        st.capped = False
        st.narrate = True
        st._memo = []
        return st

    def describe(self, action: Action, names: Sequence[str]) -> str:
        kind = action.kind
        if kind == PLAY:
            return f"play {_cards(action.cards)}"
        if kind == PICKUP:
            return "pick up the pile"
        if kind == SHOW:
            return f"show {_cards(action.cards)} to {_seat(names, action.target)}"
        if kind == BACKFIRE:
            return f"backfire {_cards(action.cards)} at {_seat(names, action.target)}"
        if kind == ACCEPT:
            return "pick up the pile (no backfire)"
        if kind == TAKE_UP_KIND:
            return f"take the up {_cards(action.cards)} into hand"
        if kind == REVEAL_DOWN:
            return f"turn over down card {int(action.choice) + 1}" if action.choice.isdigit() \
                else "turn over a down card"
        if kind == WAIT:
            return "leave the down cards for now"
        if kind == ARRANGE:
            return f"put {_cards(action.cards)} face up"
        return action.words(names)

    def loss_banner(self, name: str, losses: int) -> str | None:
        if losses == 3:  # R26
            return f"Once, Twice, Three Times A Shithead: {name}!"
        return None


def _seat(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"


GAME = ShitheadGame()
ShitheadState.game = GAME
