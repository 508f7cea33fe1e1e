"""Shithead bots: the simple heuristic of the rulings' section 2.6 (the random bot is generic).

The bot reads only its view: its own hand, everyone's up cards, the pile, the burn pile, card counts
and the cards it saw go into other hands. It is built for speed, since simulations run it
thousands of times a second: most decisions answered from the view without the legal list (the
engine's apply then asks the state's ``_plainly_legal``), the rest in one pass over it, no cloning.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from cardtable.engine.bots import Bot
from cardtable.engine.cards import HIDDEN, RANK
from cardtable.engine.protocol import Action, State
from cardtable.games.shithead.game import (
    ACTIVE,
    ARRANGE,
    BACKFIRE,
    JOINS,
    PICKUP,
    PICKUP_ACTION,
    PLAY,
    PLAYABLE,
    PLAYS,
    POPCOUNT,
    PRESELECT,
    RESPOND,
    REVEAL,
    REVEAL_ACTIONS,
    SETUP,
    SHOWN_DOWN,
    SUIT_BIT,
    TAKE_UP,
    TAKE_UPS,
    TURN,
    WINDOW,
    ShitheadState,
)

# 2.6 setup strength: A > K > 2 > Q > J > 10 > 9 > … > 4, and a 3 never goes face up
STRENGTH = {14: 13, 13: 12, 2: 11, 12: 10, 11: 9, 10: 8, 9: 7, 8: 6, 7: 5, 6: 4, 5: 3, 4: 2, 3: 0}
SETUP_ORDER = tuple((13 - STRENGTH[RANK[c]]) * 64 + c for c in range(52))
"""Each card's place in the setup's order: the strongest first, then by card id (its low six bits)."""
_new_action = cast("Callable[..., Action]", tuple.__new__)
"""``Action(kind, cards)`` without the NamedTuple's keyword handling (``card_actions``' way)."""
BIG_PILE = 5
CLOSE_TO_OUT = 3
LONG_GAME = 400
"""Actions after which the bot sometimes plays a random card: deterministic play can cycle (four 7s
passed round a table of high hands), and a real player would break the pattern."""
SPARE, NO_PLAY = 60, 70


def _low_keys(row: tuple[bool, ...]) -> tuple[int, ...]:
    """Each card's key for the lowest play on a pile whose playable ranks are ``row``: its id if it
    may go on it and is not a 2 or a 10 (ids run rank-major), SPARE for a 2 or a 10 that may,
    NO_PLAY for a card that may not, and -1 for a 3, so the least key of a hand says what it holds."""
    return tuple(-1 if RANK[c] == 3 else NO_PLAY if not row[RANK[c]] else SPARE if RANK[c] in (2, 10) else c
                 for c in range(52))


LOW_KEY = tuple(tuple(_low_keys(row) for row in table) for table in PLAYABLE)
"""``LOW_KEY[ten_wild][top rank][card]``: the least key of a hand is its turn's play."""


class HeuristicBot(Bot):
    """Lowest playable rank first, 2s and 10s saved, 3s shown at big piles or near the end."""

    name = "heuristic"

    def choose(self, view: State) -> Action:
        """``Bot.choose`` without copying the legal list (``decide`` only reads it), and straight to
        the turn's choice on a turn (``choose_from_own_view`` and ``decide`` written out: every
        simulated action comes through here); anything unusual takes the generic checks."""
        if type(view) is ShitheadState:
            viewer = view.viewer
            if viewer is not None and viewer == view.to_move:
                memo = view._memo  # (``shared_legal`` written out: the mover's own view)
                if memo:
                    legal = memo[0]
                else:
                    # most decisions are answered without the list, which is left unmade:
                    # ``apply`` then asks the state's ``_plainly_legal`` instead
                    phase = view.phase
                    quick = self._quick_turn(view) if phase == TURN else self._quick_phase(view, phase)
                    if quick is not None:
                        return quick
                    legal = view._legal()
                    memo.append(legal)
                if legal:
                    if len(legal) == 1:
                        return legal[0]
                    if view.phase == TURN:
                        return self._turn(view, legal)
                    return self.decide(view, legal)
        return super().choose(view)

    @staticmethod
    def _quick_phase(view: ShitheadState, phase: int) -> Action | None:
        """``decide``'s choice in the other phases, without the list: the setup's three up cards
        (its list is every three of six cards), the up card to take in (``_take_up``), a down card
        at once (A15, A19, A20); None for a 3's answer, which the list decides."""
        s = view.to_move
        assert s is not None
        if phase == SETUP:
            return _new_action(Action, (ARRANGE, best_arrangement(view), -1, ""))
        if phase == TAKE_UP:
            pile = view.pile
            ok = view.cfg.table[RANK[pile[-1]] if pile else 0]
            low = best = 52
            for c in view.up[s]:  # the lowest that may go on the pile, else the lowest
                if c < low:
                    low = c
                if c < best and ok[RANK[c]]:
                    best = c
            return TAKE_UPS[best if best < 52 else low] if low < 52 else None
        if (phase == PRESELECT or phase == REVEAL or phase == SHOWN_DOWN) and view.down[s]:  # noqa: SIM109
            return REVEAL_ACTIONS[0]
        return None

    def _quick_turn(self, view: ShitheadState) -> Action | None:
        """``_turn``'s choice worked out from the hand, without the legal list, in the usual case:
        the lowest rank that may go on the pile, but 2s and 10s, with every copy of it (a 7 instead
        against a player about to go out), or the pickup when nothing but 2s and 10s can go on it
        (nothing at all); None for the rest (3s to show, only 2s and 10s, the opening, a long
        game's random draw), which the list decides. The play is the very object the list holds."""
        if view.opening >= 0 or view.steps > LONG_GAME:
            return None
        s = view.to_move
        assert s is not None
        hand = view.hands[s]
        pile = view.pile
        key = LOW_KEY[view.cfg.ten_wild][RANK[pile[-1]] if pile else 0]
        low = NO_PLAY
        for c in hand:  # (a loop: ``min`` with a key costs a call with keywords, about 1.3 K instructions)
            if key[c] < low:
                low = key[c]
        if low > 51:  # only 2s and 10s may go on the pile (``_spare``), or nothing may
            return PICKUP_ACTION if low == NO_PLAY and pile else None
        if low < 0:  # a 3 is held: the shows are the list's
            return None
        r = RANK[low]
        held = 0
        if r < 7:  # a 7 against a player about to go out (it may go wherever a lower rank may)
            sevens = 0
            for c in hand:
                if RANK[c] == r:
                    held |= SUIT_BIT[c]
                elif RANK[c] == 7:
                    sevens |= SUIT_BIT[c]
            if sevens and self._next_close_to_out(view):
                return PLAYS[7][sevens][-1]
        else:
            for c in hand:
                if RANK[c] == r:
                    held |= SUIT_BIT[c]
        if not view.draw and POPCOUNT[held] == len(hand):  # R21: up cards may join the last ones
            ups = 0
            for c in view.up[s]:
                if RANK[c] == r:
                    ups |= SUIT_BIT[c]
            if ups:
                return JOINS[r][held][ups][-1]
        return PLAYS[r][held][-1]

    def decide(self, view: State, legal: Sequence[Action]) -> Action:
        assert isinstance(view, ShitheadState)
        phase = view.phase
        if phase == TURN:
            return self._turn(view, legal)
        if phase == RESPOND:
            # 2.6: always backfire when holding a 3 and the pile has two cards or more
            if len(view.pile) >= 2 and legal[0].kind == BACKFIRE:
                return legal[0]
            return legal[-1]
        if phase == TAKE_UP:
            return self._take_up(view, legal)
        if phase == SETUP:
            return self._arrange(view, legal)
        return legal[0]  # down cards: preselect at once (A15, A19, A20)

    def _arrange(self, view: ShitheadState, legal: Sequence[Action]) -> Action:
        best = best_arrangement(view)
        for a in legal:
            if a.cards == best:
                return a
        return legal[0]

    def _take_up(self, view: ShitheadState, legal: Sequence[Action]) -> Action:
        """2.6: the lowest playable up card, otherwise the lowest."""
        pile = view.pile
        ok = view.cfg.table[RANK[pile[-1]] if pile else 0]
        for a in legal:  # (listed by card id, so by rank: card ids run rank-major)
            if ok[RANK[a.cards[0]]]:
                return a
        return legal[0]

    def _turn(self, view: ShitheadState, legal: Sequence[Action]) -> Action:
        """2.6: 3s shown at a big pile or near the end; else the lowest rank but 2s and 10s, with
        every copy of it (a 7 instead against a player about to go out; only 2s and 10s: ``_spare``);
        else the shows, else the pickup. (The play is chosen here, not in a method of its own: one
        call less on most decisions.)"""
        # The legal list is ordered: plays by rank (ascending, more cards later within a rank), then
        # any joins of up cards to the last hand cards (R21: a rank already among the plays), then
        # the pickup, then the shows. ``legal[:i]`` are the plays.
        i = len(legal)
        pickup: Action | None = legal[-1]
        if pickup is PICKUP_ACTION:  # the usual end: plays, then the pickup, no shows
            i -= 1
            shows: Sequence[Action] = ()
        else:
            while i and legal[i - 1][0] != PLAY:
                i -= 1
            shows = legal[i:]
            pickup = None
            if shows and shows[0][0] == PICKUP:
                pickup, shows = shows[0], shows[1:]
        if view.steps > LONG_GAME and i and self.rng.below(3) == 0:
            return self.rng.choice([a for a in legal if a.kind == PLAY])
        if shows and view.pile and (len(view.pile) >= BIG_PILE or not i or self._someone_close(view)):
            return self._show(view, shows)
        if not i:
            if shows:
                return self._show(view, shows)
            assert pickup is not None
            return pickup
        j = 0
        low = RANK[legal[0][1][0]]
        if low == 2 or low == 10:  # (seldom: the usual case is found without a loop)
            for j in range(1, i):
                low = RANK[legal[j][1][0]]
                if low != 2 and low != 10:
                    break
            else:
                return self._spare(view, legal, i)
        # a 7 blocks the high cards of a player about to go out. (It already beats a 9-K: when a 7
        # is playable it is lower than they are.) Ranks ascend, so a 7 can only follow a lower one.
        if low < 7:
            k = j + 1
            while k < i and RANK[legal[k][1][0]] < 7:
                k += 1
            if k < i and RANK[legal[k][1][0]] == 7 and self._next_close_to_out(view):
                return _last_play(legal, i, k, 7)
        # ``_last_play(legal, i, j, low)`` written out: most decisions end here. The plays of a rank
        # from hand are every set of its suits held (``PLAYS``): 1, 3, 7 or 15 of them from j, all
        # its copies last, so the last is found in at most three looks instead of a walk.
        if RANK[legal[i - 1][1][0]] == low:
            return legal[i - 1]
        if j + 2 < i and RANK[legal[j + 2][1][0]] == low:
            j += 2
            if j + 4 < i and RANK[legal[j + 4][1][0]] == low:
                j += 4
                if j + 8 < i and RANK[legal[j + 8][1][0]] == low:
                    j += 8
        return legal[j]

    def _spare(self, view: ShitheadState, legal: Sequence[Action], i: int) -> Action:
        """Only 2s and 10s to play (2.6): a 10 to burn a big or strong pile, else a single 2, else a 10."""
        # ranks ascend and singles come first: legal[0] is a single 2 if there are 2s, else a single
        # 10, and legal[i - 1] is a 10 if there are 10s
        if RANK[legal[0][1][0]] == 2 and RANK[legal[i - 1][1][0]] == 10:
            pile = view.pile
            if len(pile) >= BIG_PILE or any(RANK[c] >= 13 or RANK[c] == 2 for c in pile):
                return self._single(legal, 10)
        return legal[0]

    @staticmethod
    def _single(legal: Sequence[Action], rank: int) -> Action:
        """One 2 or one 10 is enough: the rest stay in hand."""
        for a in legal:
            if a.kind == PLAY and RANK[a.cards[0]] == rank:
                return a
        raise AssertionError("no play of that rank")

    def _show(self, view: ShitheadState, shows: Sequence[Action]) -> Action:
        s = view.to_move
        assert s is not None
        n = view.cfg.n
        pile_size = len(view.pile)
        targets = sorted({a.target for a in shows})
        hands, up, down = view.hands, view.up, view.down
        held = {t: len(hands[t]) + len(up[t]) + len(down[t]) for t in targets}  # (``cards_held``)
        leader = targets[0]  # the fewest cards held, the lowest seat among equals
        for t in targets:
            if held[t] < held[leader]:
                leader = t
        right = (s - 1) % n
        while view.status[right] != ACTIVE and view.status[right] != WINDOW:
            right = (right - 1) % n
        if right not in held:
            right = targets[0]
        target = leader if held[leader] <= CLOSE_TO_OUT and pile_size >= 3 else right
        if pile_size >= BIG_PILE and self._backfire_risk(view, target) > 0.5:
            target = min(targets, key=lambda t: (self._backfire_risk(view, t), t))
        # keep one 3 back for backfires unless the draw pile is gone and shedding matters
        mine = [a for a in shows if a.target == target]
        return mine[-1] if not view.draw else mine[0]

    @staticmethod
    def _backfire_risk(view: ShitheadState, target: int) -> float:
        """2.6: unseen 3s over unseen cards, times the target's hand size."""
        seen3 = 0
        unseen = len(view.draw)
        for cards in (view.burned, *view.hands, *view.up):
            for c in cards:
                if c == HIDDEN:
                    unseen += 1
                elif RANK[c] == 3:
                    seen3 += 1
        for d in view.down:
            unseen += len(d)
        if not unseen:
            return 0.0
        hand = view.hands[target]
        if any(c != HIDDEN and RANK[c] == 3 for c in hand):
            return 1.0
        return (4 - seen3) / unseen * sum(1 for c in hand if c == HIDDEN)

    @staticmethod
    def _someone_close(view: ShitheadState) -> bool:
        s = view.to_move
        hands, up, down = view.hands, view.up, view.down
        for t, status in enumerate(view.status):  # (``cards_held`` written out)
            if status == ACTIVE and t != s and len(hands[t]) + len(up[t]) + len(down[t]) <= CLOSE_TO_OUT:
                return True
        return False

    @staticmethod
    def _next_close_to_out(view: ShitheadState) -> bool:
        s = view.to_move
        assert s is not None
        n = view.cfg.n
        nxt = (s + 1) % n
        while view.status[nxt] != ACTIVE:
            nxt = (nxt + 1) % n
        if nxt == s:
            return False
        return len(view.hands[nxt]) + len(view.up[nxt]) + len(view.down[nxt]) <= CLOSE_TO_OUT  # (cards held)


class RolloutBot(HeuristicBot):
    """A second playout policy (issue 28: rollouts that play like a good player), the bot kind
    "forcing": Hard plays every other deal out with it (``search.HOOKS.alternate``; issue 28,
    session 8). As Hard's only playout policy (with the best-mean rule) Hard won 12 of 40 2-player
    games against the halving yardstick (docs/tournaments/issue28). The heuristic,
    except heads-up once the draw pile is gone, where the game is a duel of tempo. There it plays a
    single card of the lowest rank the opponent cannot answer, keeping the other copies to force
    again later (over 900 deals a position, the heuristic's "lowest rank, every copy" scored 0.2-0.5
    below such a play in most of the heads-up endgames of 60 games).

    It reads the opponent's cards from the state it is given: in a playout that is a sampled deal,
    where every card is dealt, so nothing is peeked; in a real view the hidden cards count as cards
    that could answer anything."""

    name = "forcing"

    def _turn(self, view: ShitheadState, legal: Sequence[Action]) -> Action:
        if view.n_active == 2 and not view.draw and legal[0][0] == PLAY and view.steps <= LONG_GAME:
            forcing = self._forcing_single(view, legal)
            if forcing is not None:
                return forcing
        return super()._turn(view, legal)

    def _quick_turn(self, view: ShitheadState) -> Action | None:
        if view.n_active == 2 and not view.draw:
            return None  # the heads-up endgame's forcing single is the list's
        return super()._quick_turn(view)

    @staticmethod
    def _forcing_single(view: ShitheadState, legal: Sequence[Action]) -> Action | None:
        s = view.to_move
        assert s is not None
        n = view.cfg.n
        o = (s + 1) % n
        while view.status[o] != ACTIVE and o != s:
            o = (o + 1) % n
        cards = view.hands[o] or view.up[o]
        if o == s or not cards:
            return None  # the opponent plays blind from its down cards: nothing to force
        ranks = set()
        for c in cards:
            if c == HIDDEN:
                return None
            r = RANK[c]
            if r == 3:
                return None  # a 3 is shown back at us whatever we play
            ranks.add(r)
        table = view.cfg.table
        for a in legal:
            if a[0] != PLAY:
                break
            r = RANK[a[1][0]]
            if r == 2 or r == 10 or len(a[1]) != 1:
                continue
            row = table[r]
            if not any(row[x] for x in ranks):
                return a
        return None


def _strongest_first(view: ShitheadState) -> list[int]:
    """The mover's six setup cards in the setup's order, the strongest first (ties by card id)."""
    s = view.to_move
    assert s is not None
    return [k & 63 for k in sorted(SETUP_ORDER[c] for c in view.hands[s] + view.up[s])]


def search_arrangement(view: ShitheadState) -> tuple[int, ...]:
    """Hard's and Expert's three up cards: the heuristic's three strongest (2.6), but one 3, where
    the six hold one, in place of the weakest of them (measured better: the search's hook says by
    how much). The ruling's heuristic keeps its 3s in hand, as 2.6 says."""
    order = _strongest_first(view)
    threes = [c for c in order if RANK[c] == 3]
    if not threes:
        return tuple(sorted(order[:3]))
    return tuple(sorted([*[c for c in order if RANK[c] != 3][:2], threes[0]]))


def best_arrangement(view: ShitheadState) -> tuple[int, ...]:
    """2.6: the three strongest of the six cards face up (ties by card id), in ascending order."""
    s = view.to_move
    assert s is not None
    keys = sorted([SETUP_ORDER[c] for c in view.hands[s] + view.up[s]])  # (the order's key holds the card)
    return tuple(sorted([keys[0] & 63, keys[1] & 63, keys[2] & 63]))


def _last_play(legal: Sequence[Action], i: int, j: int, rank: int) -> Action:
    """The last play of ``rank`` (all its copies, up cards included): the joins at the end of the
    plays if they are of this rank, else the end of the rank's run of plays from ``j``."""
    if RANK[legal[i - 1][1][0]] == rank:
        return legal[i - 1]
    while j + 1 < i and RANK[legal[j + 1][1][0]] == rank:
        j += 1
    return legal[j]


BOTS = {"heuristic": HeuristicBot, "forcing": RolloutBot}
