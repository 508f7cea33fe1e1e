"""Cunt-Soul bots: the heuristic of rulings section 1.6, a scoring function over legal moves that
reads only the seat's view."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import comb
from operator import add

from cardtable.engine.bots import Bot
from cardtable.engine.cards import ACE, JACK, JOKER, KING, QUEEN, RANK
from cardtable.engine.protocol import Action, State
from cardtable.games.cunt_soul.game import (
    BURN_UP,
    CHANGE_FIELD,
    FIELD_JACK,
    FIELD_SEVEN,
    FIVE,
    FIVE_LOOK,
    JACK_CHOICE,
    NO_SWAP,
    PICKUP,
    PLAY,
    PLAY_DOWN,
    PLAY_KIND,
    RUN,
    SETUP_FIELD,
    SETUP_UP,
    SEVEN,
    STOP,
    SWAP,
    SWAP_DOWN,
    CuntSoulState,
)
from cardtable.games.cunt_soul.moves import FACE_UP, FIELD

# 1.6 "late-game utility": Joker > 10 > 2 > 9 > 7 > 6 > A > K > Q > J > 8 > 5 > 4 > 3
UTILITY = {JOKER: 14, 10: 13, 2: 12, 9: 11, 7: 10, 6: 9, ACE: 8, KING: 7, QUEEN: 6, JACK: 5, 8: 4, 5: 3,
           4: 2, 3: 1}
ESCAPES = frozenset((JOKER, 10, 2, 9, 7))
DISRUPTIVE_FIELDS = frozenset((KING, 7, 2, JOKER))
STALLING_FIELDS = frozenset((3, 4, 10))
"""Fields a bot never lays if it can help it: Field 3 and Field 4 together stop four-of-a-kind burns
and Field 10 recycles burned cards, so games under them loop (issue 14)."""
LOOP_ROUNDS = 2  # rounds without progress after which a bot plays to break the loop
SHED = 2.0  # a play's worth per card it sheds
LOOP_SHED = 4.0
"""In a loop, per card: getting down to fewer cards than ever is what the table counts as progress,
and playing more at once is how a player gets there (issue 14; 4 cut the long stalls at 40 rounds
by about a third in scripts/cunt_soul_endings.py, 8 made them longer)."""
LOOP_PILE = 5  # a pile smaller than this is not worth a forcing card in a loop
FORCING = frozenset((3, QUEEN, KING, ACE, JOKER))
"""Cards the next player often cannot answer: in a loop, kept back until the pile is worth it."""
# SplitMix64's step and mask (cardtable.engine.rng.Rng), to draw the noise of one candidate directly
_GAMMA = 0x9E3779B97F4A7C15
_MASK = (1 << 64) - 1
_SLACK = 1e-6  # rounding room when ruling a candidate out before drawing its noise
# what may follow a Q by default (A19): the Q is only worth playing with one of these left over
ON_A_QUEEN = frozenset((QUEEN, KING, ACE, 2, 6, 7, 10, JOKER))
"""A Q must be followed by a card that goes on a Q (never another Q: that one needs its own
follow-up). With one held, a Q sheds that card too (a card's worth more); without, we pick up our
own pile (-8). And the last card that could follow our Qs is worth keeping (-4): played alone, it
strands them, and a hand down to a lone Q can only play it and pick up."""
QUEEN_FOLLOWS = tuple(sorted(ON_A_QUEEN - {QUEEN}))
SKIPS_AND_TURNS = frozenset((8, KING, JACK))  # hurt a player about to go out
# 1.6 "play low, save the useful cards": each rank's score before the situation is weighed
PLAY_LOW = {r: -(u * 0.6 + min(r, 15) * 0.1) for r, u in UTILITY.items()}
_RANK_BYTES = bytes(RANK[c] for c in range(256))
"""``RANK[card]`` for ``bytes.translate``: a hand's ranks worked out in C, without a call per card."""
_WAYS = tuple(tuple(comb(m, k) for k in range(m + 1)) for m in range(2 * 4 + 1))
"""``_WAYS[m][k]``: the k-card links of a rank held m times (two packs: at most 8), all in the legal
list when one is (``_link_plays``: Field 4 keeps the singles, Field 3 drops a size whole)."""
_NOT_FOLLOWS = bytes(r for r in range(256) if r not in QUEEN_FOLLOWS)
"""Every byte but the ranks that may follow a Q: deleting them leaves the follow-ups held."""


def _only_escapes(legal: Sequence[Action]) -> bool:
    """Whether every play in ``legal`` is of escape cards. (A loop, not ``any`` over a generator:
    creating and resuming one cost 2.4 K instructions a decision more, valgrind.)"""
    for a in legal:  # noqa: SIM110 (the loop is the point: see above)
        if a[0] == PLAY_KIND and RANK[a[1][0]] not in ESCAPES:
            return False
    return True


def _face_up_cards(hand: list[int]) -> tuple[int, ...]:
    """1.6: the three most useful cards go face up (in id order, as the setup's actions hold them)."""
    return tuple(sorted(sorted(hand, key=lambda c: (-UTILITY[RANK[c]], c))[:3]))


def _field_cost(hand: list[int]) -> Callable[[int], tuple[int, int]]:
    """1.6: what laying each card of ``hand`` as the field card costs (the cheapest is laid)."""
    keeps_wild = any(RANK[c] in (10, 2, 6) for c in hand)

    def cost(card: int) -> tuple[int, int]:
        r = RANK[card]
        c = UTILITY[r]
        if r in (ACE, 6):
            c -= 3  # neutral fields
        if r in STALLING_FIELDS:
            c += 10
        if r in (JOKER, 2) and keeps_wild:
            c += 20  # never cancel our own escape cards
        return c, card

    return cost


def setup_choice(phase: int, hand: list[int]) -> Action:
    """The action ``decide`` takes in the setup (``phase``) from every three of ``hand``'s cards
    (SETUP_UP) or every card of it (SETUP_FIELD), worked out from the hand alone: no draw is made."""
    if phase == SETUP_UP:
        return Action(FACE_UP, _face_up_cards(hand))
    return Action(FIELD, (min(sorted(hand), key=_field_cost(hand)),))


class HeuristicBot(Bot):
    """Sheds low cards, saves escape cards, and uses skips and choices against the leader."""

    name = "heuristic"

    def choose(self, view: State) -> Action:
        """``Bot.choose`` without copying the legal list (``decide`` only reads it), and straight to
        the play on a plain turn (``choose_from_own_view`` and ``decide`` written out: every
        simulated action comes through here); anything unusual takes the generic checks."""
        if type(view) is CuntSoulState:
            me = view.to_move
            viewer = view.viewer
            if viewer is not None and viewer == me:
                if view.phase <= SETUP_FIELD and len(view.hands[viewer]) > 3 and not view._memo:
                    # the setup's choice without its list (84 actions a seat): ``apply`` takes it so
                    return setup_choice(view.phase, view.hands[viewer])
                memo = view._memo  # (``shared_legal`` written out: the view is the mover's)
                if memo:
                    legal = memo[0]
                else:
                    legal = view._legal()
                    memo.append(legal)
                if legal:
                    if len(legal) == 1:
                        return legal[0]
                    phase = view.phase
                    if phase == PLAY:
                        return self._play(view, viewer, legal)
                    if phase in (JACK_CHOICE, FIELD_JACK):  # (a Field J asks every turn)
                        return self._next_player(view, legal)
                    return self.decide(view, legal)
        return super().choose(view)

    def decide(self, view: State, legal: Sequence[Action]) -> Action:
        assert isinstance(view, CuntSoulState)
        phase = view.phase
        me = view.to_move
        assert me is not None
        if phase == PLAY:  # (most decisions: a search's playouts call this directly)
            return self._play(view, me, legal)
        if phase == SETUP_UP:
            return self._setup_up(view, me, legal)
        if phase == SETUP_FIELD:
            return self._setup_field(view, me, legal)
        if phase in (SEVEN, FIELD_SEVEN):
            return self._declare(view, me, legal)
        if phase in (JACK_CHOICE, FIELD_JACK):
            return self._next_player(view, legal)
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
    def _setup_up(self, view: CuntSoulState, me: int, legal: Sequence[Action]) -> Action:
        best = _face_up_cards(view.hands[me])
        for a in legal:
            if a.cards == best:
                return a
        return legal[0]

    def _setup_field(self, view: CuntSoulState, me: int, legal: Sequence[Action]) -> Action:
        cost = _field_cost(view.hands[me])
        return min(legal, key=lambda a: cost(a.cards[0]))

    def quick_choice(self, state: State) -> Action | None:
        """A search's playout asks this before working out the legal list, until it first answers
        None: the deal's setup choices straight from the hand, each the action ``decide`` picks from
        the list (every three hand cards, every hand card; no draw is made), without building the
        list (84 actions for each seat's face-up cards: 5% of a playout game, valgrind)."""
        if type(state) is not CuntSoulState or state.to_move is None:
            return None
        if state.phase <= SETUP_FIELD:
            return setup_choice(state.phase, state.hands[state.to_move])
        return None

    # -- choices ----------------------------------------------------------------------------------
    def _declare(self, view: CuntSoulState, me: int, legal: Sequence[Action]) -> Action:
        """Declare the side where we hold more cards (so the next player likely holds fewer)."""
        hand = view.hands[me]
        above = sum(1 for c in hand if 7 < RANK[c] <= ACE)
        below = sum(1 for c in hand if RANK[c] < 7)
        if above == below:
            high = view.top.value >= 9
            return legal[1] if high else legal[0]
        return legal[0] if above > below else legal[1]

    @staticmethod
    def _next_player(view: CuntSoulState, legal: Sequence[Action]) -> Action:
        """The J's choice: the seat holding the most cards, the lowest seat on a tie (``max`` over
        (cards left, -seat) written out: with a Field J in force this is asked every turn)."""
        hands, up, down = view.hands, view.up, view.down
        best = legal[0]
        t = best[2]
        most = len(hands[t]) + len(up[t]) + len(down[t])
        for a in legal:
            t = a[2]
            left = len(hands[t]) + len(up[t]) + len(down[t])
            if left > most or (left == most and t < best[2]):
                best, most = a, left
        return best

    def _five(self, view: CuntSoulState, me: int, legal: Sequence[Action]) -> Action:
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
    def _play(self, view: CuntSoulState, me: int, legal: Sequence[Action]) -> Action:
        """1.6's play, from the position's own legal list (``_link_plays``'s: a run is that long)."""
        first = legal[0][0]
        if first == PLAY_DOWN:
            return self.rng.choice([a for a in legal if a.kind == PLAY_DOWN])
        if first == PICKUP:
            return legal[0]
        if legal[-1][0] == CHANGE_FIELD:
            change = self._field_change(view, me, legal)
            if change is not None:
                return change
        q = (me + view.direction) % view.cfg.n  # (``next_seat`` and ``cards_left`` written out)
        q = view.next_seat(me) if view.out[q] else q
        next_left = len(view.hands[q]) + len(view.up[q]) + len(view.down[q])
        pile = len(view.discard)
        # the held cards' ranks as bytes (card ids are below 108): counted in C without a call a card
        ranks = bytes(view.hands[me] or view.up[me]).translate(_RANK_BYTES)
        follows = len(ranks.translate(None, _NOT_FOLLOWS)) if QUEEN in ranks else 0
        duel = view.n_active == 2
        only_escapes = _only_escapes(legal)
        table = _RANK_TABLES[only_escapes][next_left if next_left < _NEAR else _NEAR]  # (``_rank_score``)
        # in a loop: burn, keep forcing cards for a pile worth it, more noise (a fixed policy can cycle)
        stalled = (view.turns - view.progress[0]) // max(1, view.n_active)  # (``stall``)
        spread = 2.0 if stalled < LOOP_ROUNDS else min(12.0, 2.0 * stalled)
        shed = SHED if stalled < LOOP_ROUNDS else LOOP_SHED
        top_rank = RANK[view.discard[-1]] if view.discard else 0
        # the links come first, each rank's by size: a run of equal (rank, size) is scored once
        starts: list[int] = []
        scores: list[float] = []  # before noise
        burns: list[float] = []  # the four-of-a-kind bonus (the pile burns, we play again), after noise
        last_r = i = 0  # (no rank is 0: the first link sets base, held and ways)
        n = len(legal)
        while i < n:  # a run a step: a rank's k-card links are every k of its held cards (R7)
            cards = legal[i][1]
            if legal[i][0] != PLAY_KIND:
                break
            k = len(cards)
            r = RANK[cards[0]]
            if r != last_r:
                base = table[r] if r != 10 or pile < 6 else \
                    self._rank_score(r, only_escapes, pile, next_left <= 3, next_left)
                if stalled >= LOOP_ROUNDS:
                    base += self._loop_breaker(view, r, pile)
                held = ranks.count(r)
                ways = _WAYS[held]
                last_r = r
            score = base + shed * k + (1.5 if k == held else 0.0)  # per card, more for every copy
            if r == QUEEN:  # the Qs' terms (see ON_A_QUEEN)
                score += shed if follows else -8.0
            elif follows and follows <= k and r in ON_A_QUEEN:
                score -= 4.0
            if r == 8 and duel:
                score += shed if self._skips(view, k) % 2 else 0.0  # we play again
            starts.append(i)
            scores.append(score)
            burns.append(10.0 + pile * 0.3 if r == top_rank and k + view.top_same() >= 4 else 0.0)
            i += ways[k]
        if not i:
            return legal[0]
        return legal[self._best_in_runs(starts, scores, burns, i, spread)]

    def _best_in_runs(self, starts: list[int], scores: list[float], burns: list[float], n: int,
                      spread: float) -> int:
        """``_best_with_noise`` over ``n`` candidates given as runs of equal score: run j covers the
        candidates from ``starts[j]`` to the next start, each scoring ``scores[j]`` and ``burns[j]``.
        The same candidates are drawn in the same order (runs by total, the best first, a run's
        candidates in order), so the same one wins and the stream ends where it would."""
        rng = self.rng
        start = rng.state
        rng.state = (start + n * _GAMMA) & _MASK
        if n == 1:
            return 0
        # (a burn is seldom in reach: without one the totals are the scores, no floats added; and a
        # run's end is the next one's start, looked up for the few runs drawn)
        totals = list(map(add, scores, burns)) if any(burns) else scores
        runs = len(totals)
        order = sorted(range(runs), key=totals.__getitem__, reverse=True) if runs > 1 else [0]
        first = order[0]
        if runs > 1 and (starts[first + 1] if first + 1 < runs else n) - starts[first] == 1 and \
                totals[order[1]] + spread + _SLACK < totals[first]:
            return starts[first]  # no other candidate can catch up: no noise needs drawing
        best = -1
        best_score = -1e9
        for j in order:
            if totals[j] + spread + _SLACK < best_score:
                break
            run_score = scores[j]
            burn = burns[j]
            for i in range(starts[j], starts[j + 1] if j + 1 < runs else n):
                z = (start + (i + 1) * _GAMMA) & _MASK
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                score = run_score + ((z ^ (z >> 31)) >> 11) * (1.0 / 9007199254740992.0) * spread
                score += burn
                if score > best_score or (score == best_score and i < best):
                    best, best_score = i, score
        return best

    def _best_with_noise(self, scores: list[float], burns: list[float], spread: float) -> int:
        """The index of the best ``scores[i] + noise_i * spread + burns[i]``, the first on a tie,
        where noise_i is the i-th ``self.rng.random()`` and every candidate consumes one draw.

        SplitMix64 (the Rng) steps its state by a constant, so draw i is a pure function of the
        starting state and i: only candidates that could still win are drawn, the rest are skipped,
        and the stream ends where drawing every one would have left it."""
        rng = self.rng
        start = rng.state
        n = len(scores)
        rng.state = (start + n * _GAMMA) & _MASK
        # a candidate whose score is below the best even with the largest noise cannot win
        totals = list(map(add, scores, burns))
        order = sorted(range(n), key=totals.__getitem__, reverse=True)
        if n == 1 or totals[order[1]] + spread + _SLACK < totals[order[0]]:
            return order[0]  # no other candidate can catch up: no noise needs drawing
        best = -1
        best_score = -1e9
        for i in order:
            if totals[i] + spread + _SLACK < best_score:
                break
            z = (start + (i + 1) * _GAMMA) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            noise = ((z ^ (z >> 31)) >> 11) * (1.0 / 9007199254740992.0)
            score = scores[i] + noise * spread
            score += burns[i]
            if score > best_score or (score == best_score and i < best):
                best, best_score = i, score
        return best

    @staticmethod
    def _rank_score(r: int, only_escapes: bool, pile: int, danger: bool, next_left: int) -> float:
        """1.6 move scoring for one rank: play low, save escape cards, hurt the player next."""
        score = PLAY_LOW[r]
        if r in ESCAPES:
            if not only_escapes:
                score -= 3.0
                if r == 10 and pile >= 6:  # 1.6: burn a big pile
                    score += 6.0 + pile * 0.2
                if danger:
                    score += 4.0
        elif r in SKIPS_AND_TURNS:
            if danger:
                score += 5.0
        elif r == ACE:
            if next_left > 6:
                score += 1.0
        elif r == 3 and next_left <= 5:
            score += 1.0
        return score

    @staticmethod
    def _skips(view: CuntSoulState, k: int) -> int:
        """How many turns ``k`` 8s skip under the fields in force (A39/A40, A48)."""
        fc = view.fc
        if fc[JOKER]:
            return 0
        return 1 if fc[QUEEN] else k * (1 + fc[8])

    @staticmethod
    def _loop_breaker(view: CuntSoulState, r: int, pile: int) -> float:
        """In a loop: a burn is progress whatever the pile (cards leave play: a 10, or a Joker that
        makes a paradox), and a forcing card played on a small pile only hands the cards back to be
        played again."""
        if view.fc[JOKER]:
            return 0.0
        if r == 10 or (r == JOKER and view.top.value and view.paradox_for(view.to_move)):
            return 12.0
        if r in FORCING and pile < LOOP_PILE:
            return -1.5 * (LOOP_PILE - pile)
        return 0.0

    @staticmethod
    def _field_change(view: CuntSoulState, me: int, legal: Sequence[Action]) -> Action | None:
        """1.6: change field only against a player about to go out, to a disruptive field."""
        threat = min(view.cards_left(p) for p in range(len(view.names)) if p != me and not view.out[p])
        if threat > 3:
            return None
        held = {RANK[f] for f in view.field[me]}
        for a in legal:
            if a.kind == CHANGE_FIELD:
                r = RANK[a.cards[0]]
                if r in DISRUPTIVE_FIELDS and r not in held:
                    return a
        return None


BOTS: dict[str, type[Bot]] = {"heuristic": HeuristicBot}


_NEAR = 7
"""``_rank_score`` tells next players' cards left apart up to 7 (danger at 3 or fewer, a 3 at 5
or fewer, an A above 6): ``_RANK_TABLES`` holds a table for each up to this many."""
_RANK_TABLES = tuple(tuple(tuple(HeuristicBot._rank_score(r, escapes, 0, left <= 3, left) if r in PLAY_LOW
                                 else 0.0 for r in range(16))
                           for left in range(_NEAR + 1)) for escapes in (False, True))
"""``_RANK_TABLES[only_escapes][min(next_left, 7)][r]``: ``_rank_score`` on a pile below 6 (only a
10's score counts the pile, from 6 cards), looked up instead of a call a rank each decision."""
