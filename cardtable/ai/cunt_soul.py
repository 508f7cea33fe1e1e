"""Cunt-Soul bots: the heuristic of rulings section 1.6, a scoring function over legal moves that
reads only the seat's view."""

from __future__ import annotations

from cardtable.ai.base import Bot
from cardtable.engine.cards import ACE, JACK, JOKER, KING, QUEEN, RANK
from cardtable.engine.protocol import Action, State
from cardtable.games.cunt_soul import (
    BURN_UP,
    CHANGE_FIELD,
    FIELD_JACK,
    FIELD_SEVEN,
    FIVE,
    FIVE_LOOK,
    JACK_CHOICE,
    NO_SWAP,
    PICKUP,
    PLAY_DOWN,
    RUN,
    SETUP_FIELD,
    SETUP_UP,
    SEVEN,
    STOP,
    SWAP,
    SWAP_DOWN,
    CuntSoulState,
)

# 1.6 "late-game utility": Joker > 10 > 2 > 9 > 7 > 6 > A > K > Q > J > 8 > 5 > 4 > 3
UTILITY = {JOKER: 14, 10: 13, 2: 12, 9: 11, 7: 10, 6: 9, ACE: 8, KING: 7, QUEEN: 6, JACK: 5, 8: 4, 5: 3,
           4: 2, 3: 1}
ESCAPES = frozenset((JOKER, 10, 2, 9, 7))
DISRUPTIVE_FIELDS = frozenset((KING, 7, 2, JOKER))
# what may follow a Q by default (A19): the Q is only worth playing with one of these left over
ON_A_QUEEN = frozenset((QUEEN, KING, ACE, 2, 6, 7, 10, JOKER))


class HeuristicBot(Bot):
    """Sheds low cards, saves escape cards, and uses skips and choices against the leader."""

    name = "heuristic"

    def decide(self, view: State, legal: list[Action]) -> Action:
        assert isinstance(view, CuntSoulState)
        phase = view.phase
        me = view.to_move
        assert me is not None
        if phase == SETUP_UP:
            return self._setup_up(view, me, legal)
        if phase == SETUP_FIELD:
            return self._setup_field(view, me, legal)
        if phase in (SEVEN, FIELD_SEVEN):
            return self._declare(view, me, legal)
        if phase in (JACK_CHOICE, FIELD_JACK):
            return max(legal, key=lambda a: (view.cards_left(a.target), -a.target))
        if phase in (FIVE, FIVE_LOOK):
            return self._five(view, me, legal)
        if phase == BURN_UP:
            return min(legal, key=lambda a: (UTILITY[RANK[a.cards[0]]], a.cards[0]))
        if phase == RUN:
            plays = [a for a in legal if a.kind != STOP]
            if not plays:
                return legal[0]
            return max(plays, key=lambda a: (len(a.cards), a.kind != PLAY_DOWN))
        return self._play(view, me, legal)

    # -- setup (1.6) ----------------------------------------------------------------------------
    def _setup_up(self, view: CuntSoulState, me: int, legal: list[Action]) -> Action:
        best = tuple(sorted(sorted(view.hands[me], key=lambda c: (-UTILITY[RANK[c]], c))[:3]))
        for a in legal:
            if a.cards == best:
                return a
        return legal[0]

    def _setup_field(self, view: CuntSoulState, me: int, legal: list[Action]) -> Action:
        hand = view.hands[me]
        keeps_wild = any(RANK[c] in (10, 2, 6) for c in hand)

        def cost(a: Action) -> tuple[int, int]:
            r = RANK[a.cards[0]]
            c = UTILITY[r]
            if r in (ACE, 6):
                c -= 3  # neutral fields
            if r in (JOKER, 2) and keeps_wild:
                c += 20  # never cancel our own escape cards
            return c, a.cards[0]

        return min(legal, key=cost)

    # -- choices ----------------------------------------------------------------------------------
    def _declare(self, view: CuntSoulState, me: int, legal: list[Action]) -> Action:
        """Declare the side where we hold more cards (so the next player likely holds fewer)."""
        hand = view.hands[me]
        above = sum(1 for c in hand if 7 < RANK[c] <= ACE)
        below = sum(1 for c in hand if RANK[c] < 7)
        if above == below:
            high = view.top.value >= 9
            return legal[1] if high else legal[0]
        return legal[0] if above > below else legal[1]

    def _five(self, view: CuntSoulState, me: int, legal: list[Action]) -> Action:
        hand = view.hands[me]
        if view.phase == FIVE_LOOK:
            seen = view.down[me][view.look_slot]
            weakest = min(hand, key=lambda c: UTILITY[RANK[c]])
            if seen >= 0 and UTILITY[RANK[seen]] > UTILITY[RANK[weakest]]:
                for a in legal:
                    if a.kind == SWAP_DOWN and a.cards[0] == weakest:
                        return a
            return legal[-1]
        swaps = [a for a in legal if a.kind == SWAP]
        if swaps:
            # move an escape card from face-up into the hand, giving up the weakest hand card
            best = max(swaps, key=lambda a: (UTILITY[RANK[a.cards[1]]] - UTILITY[RANK[a.cards[0]]],
                                             -a.cards[0]))
            gain = UTILITY[RANK[best.cards[1]]] - UTILITY[RANK[best.cards[0]]]
            if RANK[best.cards[1]] in (JOKER, 10, 2) and gain > 0:
                return best
        for a in legal:
            if a.kind == NO_SWAP:
                return a
        return legal[-1]

    # -- the play -----------------------------------------------------------------------------------
    def _play(self, view: CuntSoulState, me: int, legal: list[Action]) -> Action:
        downs = [a for a in legal if a.kind == PLAY_DOWN]
        if downs:
            return self.rng.choice(downs)
        plays = [a for a in legal if a.kind not in (PICKUP, CHANGE_FIELD)]
        changes = [a for a in legal if a.kind == CHANGE_FIELD]
        if changes:
            threat = min(view.cards_left(p) for p in range(len(view.names)) if p != me and not view.out[p])
            if threat <= 3:
                for a in changes:
                    r = RANK[a.cards[0]]
                    if r in DISRUPTIVE_FIELDS and not any(RANK[f] == r for f in view.field[me]):
                        return a
        if not plays:
            for a in legal:
                if a.kind == PICKUP:
                    return a
            return legal[0]
        nxt = view.next_seat(me)
        danger = view.cards_left(nxt) <= 3
        pile = len(view.discard)
        hand = view.hands[me] if view.hands[me] else view.up[me]
        counts: dict[int, int] = {}
        for c in hand:
            r = RANK[c]
            counts[r] = counts.get(r, 0) + 1
        only_escapes = all(RANK[a.cards[0]] in ESCAPES for a in plays)
        best = plays[0]
        best_score = -1e9
        noise = self.rng.random
        spread = 2.0 if view.turns < 300 else 12.0
        for a in plays:
            r = RANK[a.cards[0]]
            k = len(a.cards)
            score = 2.0 * k + (1.5 if k == counts.get(r, k) else 0.0)
            score -= UTILITY[r] * 0.6 + (r if r <= ACE else 15) * 0.1
            if r in ESCAPES and not only_escapes:
                score -= 3.0
                if r == 10 and pile >= 4:
                    score += 6.0 + pile * 0.2
                if danger:
                    score += 4.0
            if r in (8, KING, JACK) and danger:
                score += 5.0
            if r == QUEEN and not any(RANK[c] in ON_A_QUEEN for c in hand if c not in a.cards):
                score -= 8.0
            if r == ACE and view.cards_left(nxt) > 6:
                score += 1.0
            if r == 3 and view.cards_left(nxt) <= 5:
                score += 1.0
            # noise, growing in a long game: a fixed policy can cycle forever (Field 3 + Field 4)
            score += noise() * spread
            if score > best_score:
                best, best_score = a, score
        return best


BOTS: dict[str, type[Bot]] = {"heuristic": HeuristicBot}
