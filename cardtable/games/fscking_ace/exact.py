"""Fscking Ace: the best flip-or-stop decision, computed exactly by dynamic programming over the
pack's remaining composition (issue 8).

The objective is the one the expected-value rule of rulings 4.6 approximates one card ahead:
what this seat would collect if the round ended after this turn with someone else paying. With
``left`` the unseen cards per category and the piles banked so far:

* stop: the seat's receipt for its pile with this turn's cards banked, R(pile + turn): the pile's
  value (R13) + the $1 stake + its share of the $5·N most-cards bonus against the other piles;
* flip a non-spade: the same decision again, one card more in the turn and one fewer unseen;
* flip a 3♠-7♠: the turn is lost, R(pile); a 2♠: lost too, but the 2♠ stays, R(pile + 2♠) (R9);
* flip the A♠: this seat pays everyone, −(Σ others (V + $1) + $5·N) × 2^(its 2♠s) (R12-R14).

V(left) = max(stop, Σ over categories of P(category) × outcome); the first flip of a turn is
forced (A12). The states are the non-spade counts still unseen, a few hundred per turn, so a
decision costs about a millisecond. ``ExactBot`` plays it; ``policy_values`` scores any stopping
rule under the same model, which is how the expected-value rule was measured against it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardtable.engine.protocol import Action, State
from cardtable.games.fscking_ace.bots import HeuristicBot, should_flip, turn_tally
from cardtable.games.fscking_ace.game import (
    CLUB_TWO,
    JOKER5,
    JOKER10,
    NEXT_ROUND,
    PILE_CATEGORIES,
    PLAIN,
    RED_TWO,
    SPADE_ACE,
    SPADE_TWO,
    STOP,
    FsckingAceState,
    tally_value,
)

NON_SPADES = (PLAIN, RED_TWO, CLUB_TWO, JOKER5, JOKER10)
Policy = Callable[[Sequence[int], Sequence[int]], bool]
"""A stopping rule: (left, turn tally) -> flip?"""


class TurnModel:
    """The one-turn problem of a seat: its banked pile, the others' piles, and the spades unseen
    (they do not change during the turn: a spade ends it)."""

    def __init__(self, piles: Sequence[Sequence[int]], seat: int, left: Sequence[int],
                 red_two_doubles_itself: bool = True) -> None:
        self.x = red_two_doubles_itself
        self.mine = tuple(piles[seat][:PILE_CATEGORIES])
        self.bonus = 5 * len(piles)
        others = [sum(p[:PILE_CATEGORIES]) for i, p in enumerate(piles) if i != seat]
        self.best = max(others)
        self.tied = others.count(self.best)
        owed = sum(tally_value(p, self.x) + 1 for i, p in enumerate(piles) if i != seat)
        self.ace = -float((owed + self.bonus) << self.mine[SPADE_TWO])
        self.spades = left[SPADE_TWO] + left[6] + left[7] + left[SPADE_ACE]
        self.spade_two = left[SPADE_TWO]
        self.ace_left = left[SPADE_ACE]
        self.lost = self.receipt((0,) * PILE_CATEGORIES)
        with_two = [0] * PILE_CATEGORIES
        with_two[SPADE_TWO] = 1
        self.kept_two = self.receipt(with_two)
        self.memo: dict[tuple[int, ...], tuple[float, bool]] = {}

    def receipt(self, turn: Sequence[int]) -> float:
        """R13-R14: the pile's value + $1 + the bonus share, with ``turn`` banked into it."""
        pile = [m + t for m, t in zip(self.mine, turn, strict=False)]
        cards = sum(pile)
        best = self.best
        share = self.bonus if cards > best else self.bonus / (1 + self.tied) if cards == best else 0.0
        return tally_value(pile, self.x) + 1 + share

    def spade_outcome(self) -> float:
        """Σ P(spade category) × outcome, times U (the caller divides)."""
        others = self.spades - self.spade_two - self.ace_left
        return others * self.lost + self.spade_two * self.kept_two + self.ace_left * self.ace

    def value(self, left: tuple[int, ...], turn: tuple[int, ...]) -> tuple[float, bool]:
        """(V, flip?) for the non-spade counts ``left`` (5) and this turn's tally ``turn`` (6)."""
        hit = self.memo.get(left)
        if hit is not None:
            return hit
        stop = self.receipt(turn) if any(turn) else -float("inf")  # A12: flip at least once
        unseen = sum(left) + self.spades
        flip = self.spade_outcome()
        for i, cat in enumerate(NON_SPADES):
            k = left[i]
            if k:
                nl = (*left[:i], k - 1, *left[i + 1:])
                nt = (*turn[:cat], turn[cat] + 1, *turn[cat + 1:])
                flip += k * self.value(nl, nt)[0]
        flip = flip / unseen if unseen else stop
        out = (flip, True) if flip > stop else (stop, False)
        self.memo[left] = out
        return out

    def policy_value(self, policy: Policy, left: tuple[int, ...], turn: tuple[int, ...],
                     full_left: list[int], memo: dict[tuple[int, ...], float]) -> float:
        """The expected outcome of following ``policy`` from here, under the same model."""
        hit = memo.get(left)
        if hit is not None:
            return hit
        for i, cat in enumerate(NON_SPADES):
            full_left[cat] = left[i]
        flip = not any(turn) or policy(full_left, turn)
        if not flip:
            v = self.receipt(turn)
        else:
            unseen = sum(left) + self.spades
            v = self.spade_outcome()
            for i, cat in enumerate(NON_SPADES):
                k = left[i]
                if k:
                    nl = (*left[:i], k - 1, *left[i + 1:])
                    nt = (*turn[:cat], turn[cat] + 1, *turn[cat + 1:])
                    v += k * self.policy_value(policy, nl, nt, full_left, memo)
            v = v / unseen if unseen else self.receipt(turn)
        memo[left] = v
        return v


def exact_decision(left: Sequence[int], turn: Sequence[int], piles: Sequence[Sequence[int]], seat: int,
                   red_two_doubles_itself: bool = True) -> tuple[bool, float]:
    """(flip?, the turn's optimal expected value) for a seat whose turn holds ``turn`` (tally)."""
    model = TurnModel(piles, seat, left, red_two_doubles_itself)
    value, flip = model.value(tuple(left[c] for c in NON_SPADES), tuple(turn))
    return flip, value


def heuristic_policy(piles: Sequence[Sequence[int]], seat: int, red_two_doubles_itself: bool = True,
                     risk: float = 1.0) -> Policy:
    """Rulings 4.6's expected-value rule as a stopping rule for ``policy_value``."""
    def policy(left: Sequence[int], turn: Sequence[int]) -> bool:
        return should_flip(left, turn, piles, seat, risk, red_two_doubles_itself)
    return policy


def compare(left: Sequence[int], turn: Sequence[int], piles: Sequence[Sequence[int]], seat: int,
            red_two_doubles_itself: bool = True) -> tuple[float, float]:
    """(optimal value, the expected-value rule's value) of the rest of this turn, in dollars."""
    model = TurnModel(piles, seat, left, red_two_doubles_itself)
    key = tuple(left[c] for c in NON_SPADES)
    best = model.value(key, tuple(turn))[0]
    rule = model.policy_value(heuristic_policy(piles, seat, red_two_doubles_itself), key, tuple(turn),
                              list(left), {})
    return best, rule


class ExactBot(HeuristicBot):
    """Flips or stops by the exact turn DP; between rounds it behaves as the heuristic bot."""

    name = "exact"

    def decide(self, view: State, legal: Sequence[Action]) -> Action:
        assert isinstance(view, FsckingAceState)
        if legal[0] == NEXT_ROUND or len(legal) == 1:
            return super().decide(view, legal)
        seat = view.viewer
        assert seat is not None
        flip, _ = exact_decision(view.left, turn_tally(view.turn), view.tallies, seat,
                                 view.rules.red_two_doubles_itself)
        return legal[0] if flip else STOP

