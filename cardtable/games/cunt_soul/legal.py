"""Cunt-Soul's legal actions: links from hand, face-up or face-down cards, run steps, swaps and
the setup choices (what may go on the pile at all is the state's ``ok_ranks``, R50)."""

from __future__ import annotations

from itertools import combinations

from cardtable.engine.cards import ACE, RANK
from cardtable.engine.protocol import (
    Action,
    card_actions,
)
from cardtable.games.cunt_soul.asks import ASK_FOLLOW
from cardtable.games.cunt_soul.field_abilities import (
    ONE_CARD_A_LINK,
    THREES_TRIPLE,
)
from cardtable.games.cunt_soul.links import (
    RANK_ORDER,
    _ok_table,
    _plays,
)
from cardtable.games.cunt_soul.moves import (
    BURN_UP,
    BURN_UP_KIND,
    CHANGE_PLAY,
    CHOICES,
    DECLARE_ACTIONS,
    DOWN,
    DOWN_ACTIONS,
    FACE_UP,
    FIELD,
    FIELD_JACK,
    FIELD_SEVEN,
    FIVE,
    FIVE_LOOK,
    HAND,
    JACK_CHOICE,
    LOOK_ACTIONS,
    NO_SWAP_ACTION,
    NO_ZONE,
    OTHER_SEATS,
    PICKUP_ACTION,
    PLAY,
    RUN,
    SETUP_FIELD,
    SETUP_UP,
    SEVEN,
    SINGLE_PLAY,
    STOP_ACTION,
    SWAP,
    SWAP_DOWN_PLAY,
    UP,
)
from cardtable.games.cunt_soul.state import CuntSoulFields

_rank_order = dict(enumerate(RANK_ORDER)).__getitem__
"""``RANK_ORDER[card]`` as a sort key: a dict's lookup is called straight from C, a tuple's
``__getitem__`` through its slot wrapper (about three times the instructions)."""


_NOTHING_TO_BEAT = _ok_table(0, False, 0, 0, False, False, False, False, False)
"""R50's table on an empty pile or a table card (value 0, no Field-3 triple): every rank, whatever
else is in force (a test checks every combination)."""


_change_play = dict(enumerate(CHANGE_PLAY)).__getitem__
"""``CHANGE_PLAY[card]`` for ``map`` (a dict's lookup is called straight from C)."""


class LegalMoves(CuntSoulFields):
    """The legal actions of the seat to move, in the order the table lists them."""

    __slots__ = ()

    def can_change_field(self, seat: int) -> bool:
        """R41/A43: fewer than 3 changes, a source card to draw, a hand card and an upright face-up card."""
        if self.changes[seat] >= 3 or not self.source or not self.hands[seat]:
            return False
        horizontal = self.horizontal
        up = self.up[seat]
        if not horizontal:  # (usually none lies horizontal: then any face-up card will do)
            return bool(up)
        return any(c not in horizontal for c in up)

    def _legal(self) -> list[Action]:
        s = self.to_move
        assert s is not None
        phase = self.phase
        if phase == PLAY:  # (most positions: written out here rather than in a method of its own)
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
            elif self.cfg.voluntary and self.discard and not self.asks & ASK_FOLLOW:  # (not a Q's follow-up)
                acts.append(PICKUP_ACTION)  # A4 (configurable)
            if self.fresh and self.source and self.can_change_field(s):  # R40-R42 (no call with no source)
                acts += map(_change_play, sorted(hand))
            return acts
        if phase == RUN:
            return self._run_actions(s)
        if phase in (SEVEN, FIELD_SEVEN):
            return list(DECLARE_ACTIONS)
        if phase in (JACK_CHOICE, FIELD_JACK):
            if True not in self.out:  # (nobody out: every other seat, listed once)
                return list(OTHER_SEATS[self.cfg.n][s])
            return [CHOICES[p] for p in range(self.cfg.n) if p != s and not self.out[p]]
        if phase == FIVE:
            return self._swap_actions(s)
        if phase == FIVE_LOOK:
            slot = self.look_slot
            return [*(SWAP_DOWN_PLAY[c][slot] for c in sorted(self.hands[s])), NO_SWAP_ACTION]
        if phase == BURN_UP:
            return card_actions(BURN_UP_KIND, [(c,) for c in self.up[s] if c not in self.horizontal])
        if phase == SETUP_UP:
            return card_actions(FACE_UP, combinations(sorted(self.hands[s]), 3))
        if phase == SETUP_FIELD:
            return card_actions(FIELD, [(c,) for c in sorted(self.hands[s])])
        return []

    def _link_plays(self, cards: list[int]) -> list[Action]:
        """Every link these cards allow on the pile now: per rank in rank order, every non-empty set
        of that rank's cards (R7 multiples), limited by Field 4 (A38) and Field 3 (A46)."""
        t = self.top
        if t[3] or t[4]:
            ok = self.ok_ranks()
            playable = [c for c in cards if ok[RANK[c]]]
        else:  # on an empty pile or a table card every rank may go (R50's table is all True): no filter
            ok = _NOTHING_TO_BEAT
            playable = cards[:]
        if not playable:
            return []
        fc = self.fc
        no_triple = -1
        if fc[THREES_TRIPLE] and self.top.lock3 and ok[3] and any(RANK[c] == 3 for c in playable):
            # A46: under Field 3 no link may make three 3s in a row on a 3-lock (four burns)
            no_triple = 3 - (self.top_same() if RANK[self.discard[-1]] == 3 else 0)
        if len(playable) == 1:
            c = playable[0]
            return [] if no_triple == 1 and RANK[c] == 3 else [SINGLE_PLAY[c]]
        single = fc[ONE_CARD_A_LINK] > 0  # A38: Field 4 allows one card per link
        playable.sort(key=_rank_order)
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
        run = self.run_record
        assert run is not None
        nxt, step, steps, _cards, _start = run
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
                    if self.field_one_card_a_link() and not self.cfg.run_multiples:
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
        if self.field_swaps_face_down():  # R38 Field 5 / A50
            n_down = len(self.down[s])
            if self.cfg.look_first:
                acts = list(LOOK_ACTIONS[:n_down])
            else:
                acts = [SWAP_DOWN_PLAY[c][i] for c in hand for i in range(n_down)]
        else:
            acts = card_actions(SWAP, [(c, u) for c in hand for u in self.up[s]])
        acts.append(NO_SWAP_ACTION)
        return acts
