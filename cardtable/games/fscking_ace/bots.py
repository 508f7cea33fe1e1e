"""Fscking Ace bots: the expected-value rule of rulings section 4.6, counting public cards.

The decision is a pure function, ``flip_odds``, of what every seat can see: the composition of the
unseen pack (category counts, ``fscking_ace.CAT``), the counts of the cards flipped this turn, the
banked piles and the seat. So it can be checked against an exact search, and it cannot peek.

Let U be the unseen cards, s the spades among them (the A♠ included), E the expected marginal worth
of one more non-spade card, T the worth this turn would add if banked now, and L what turning the
A♠ now would cost beyond T. Flipping gains E with chance (U−s)/U, loses T with chance (s−1)/U and
loses L + T with chance 1/U. Multiplying by U: flip while (U−s)·E > risk·s·T + L.

"Worth" is a seat's receipt if the round ended now with someone else paying: its pile's value,
the $1 stake and its share of the $5·N most-cards bonus against the other piles (so taking the
lead in the bonus race counts). The risk setting weighs the turn at stake: cautious 1.5, normal 1,
bold 0.6, which scales the turn value where a bot stops by 2/3 and 5/3 (4.6's thresholds 2, 3
and 5).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.bots import Bot
from cardtable.engine.protocol import Action, State
from cardtable.games.fscking_ace.game import (
    CAT,
    CLUB_TWO,
    JOKER5,
    JOKER10,
    NEXT_ROUND,
    PILE_CATEGORIES,
    PLAIN,
    RED_TWO,
    SPADE_TWO,
    STOP,
    FsckingAceState,
    tally_value,
    value_of,
)

RISK = {"cautious": 1.5, "normal": 1.0, "bold": 0.6}


def flip_odds(left: Sequence[int], turn: Sequence[int], piles: Sequence[Sequence[int]], seat: int,
              red_two_doubles_itself: bool = True) -> tuple[float, float, float]:
    """What flipping once more stands to gain and lose, all multiplied by U, per 4.6:
    (gain (U−s)·E, turn risk s·T, ace cost L).

    ``left``: unseen cards per category (9 counts); ``turn``: this turn's cards per pile category
    (6 counts); ``piles``: each seat's banked pile per pile category; ``seat``: who decides.
    """
    x = red_two_doubles_itself
    bonus = 5 * len(piles)
    spades = left[5] + left[6] + left[7] + left[8]
    others: list[int] = []
    owed = 0
    for i, p in enumerate(piles):
        if i != seat:
            others.append(p[0] + p[1] + p[2] + p[3] + p[4] + p[5])
            owed += tally_value(p, x) + 1
    m = piles[seat]
    best = max(others)
    tie = bonus / (1 + others.count(best))
    mine_cards = m[0] + m[1] + m[2] + m[3] + m[4] + m[5]
    mine_worth = (tally_value(m, x) + 1 + (bonus if mine_cards > best else tie if mine_cards == best else 0))
    plain, red, club = m[0] + turn[0], m[1] + turn[1], m[2] + turn[2]
    j5, j10, spade = m[3] + turn[3], m[4] + turn[4], m[5] + turn[5]
    regular, jokers = plain + red + club + spade, 5 * j5 + 10 * j10
    cards = regular + j5 + j10
    value = value_of(regular, red, club, jokers, x)
    share = bonus if cards > best else tie if cards == best else 0
    at_risk = value + 1 + share - mine_worth
    # every non-spade card adds one card to the bonus race, and its own worth to the pile (a
    # doubler's worth includes what it doubles)
    race = (bonus if cards >= best else tie if cards + 1 == best else 0) - share
    gain: float
    if x:
        # R13's marginal values in closed form: a plain card adds 2^R, a red 2 doubles the
        # regular cards and adds itself, a 2♣ adds 2^R and doubles the jokers, a joker adds its
        # face value times 2^K
        unit, joker_unit = 1 << red, 1 << club
        gain = (left[PLAIN] * unit + left[RED_TWO] * (((regular + 1) << (red + 1)) - (regular << red))
                + left[CLUB_TWO] * (unit + jokers * joker_unit)
                + (left[JOKER5] * 5 + left[JOKER10] * 10) * joker_unit)
    else:
        gain = (left[PLAIN] * (value_of(regular + 1, red, club, jokers, x) - value)
                + left[RED_TWO] * (value_of(regular + 1, red + 1, club, jokers, x) - value)
                + left[CLUB_TWO] * (value_of(regular + 1, red, club + 1, jokers, x) - value)
                + left[JOKER5] * (value_of(regular, red, club, jokers + 5, x) - value)
                + left[JOKER10] * (value_of(regular, red, club, jokers + 10, x) - value))
    gain += (left[0] + left[1] + left[2] + left[3] + left[4]) * race
    # turning the A♠: pay every other pile its value + $1 and the bonus, doubled per 2♠ held, and
    # forgo this pile's own receipt
    ace_cost = ((owed + bonus) << m[SPADE_TWO]) + mine_worth
    return gain, spades * at_risk, ace_cost


def should_flip(left: Sequence[int], turn: Sequence[int], piles: Sequence[Sequence[int]], seat: int,
                risk: float = 1.0, red_two_doubles_itself: bool = True) -> bool:
    """4.6's rule: flip while (U−s)·E > risk·s·T + L."""
    gain, turn_risk, ace_cost = flip_odds(left, turn, piles, seat, red_two_doubles_itself)
    return gain > risk * turn_risk + ace_cost


def turn_tally(cards: Sequence[int]) -> list[int]:
    counts = [0] * PILE_CATEGORIES
    for c in cards:
        counts[CAT[c]] += 1
    return counts


class HeuristicBot(Bot):
    """Flips while 4.6's expected value says so; between rounds it deals on, except that after
    ``patience`` rounds it ends the sitting when it is (jointly) ahead: bots leave winners."""

    name = "heuristic"
    risk = RISK["normal"]
    patience = 10

    def decide(self, view: State, legal: Sequence[Action]) -> Action:
        assert isinstance(view, FsckingAceState)
        seat = view.viewer
        assert seat is not None
        if legal[0] == NEXT_ROUND:
            ahead = view.balances[seat] >= max(view.balances)
            return legal[1] if view.round_no >= self.patience and ahead else NEXT_ROUND
        if len(legal) == 1:
            return legal[0]
        flip = should_flip(view.left, turn_tally(view.turn), view.tallies, seat, self.risk,
                           view.rules.red_two_doubles_itself)
        return legal[0] if flip else STOP


class CautiousBot(HeuristicBot):
    name = "cautious"
    risk = RISK["cautious"]


class BoldBot(HeuristicBot):
    name = "bold"
    risk = RISK["bold"]


BOTS: dict[str, type[Bot]] = {"heuristic": HeuristicBot, "cautious": CautiousBot, "bold": BoldBot}
