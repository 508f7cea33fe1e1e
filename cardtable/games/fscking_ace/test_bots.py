"""The Fscking Ace bots: rulings section 4.6 (expected value with card counting), the risk
setting, and what they do between rounds."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cardtable.ai import bot_kinds, make_bot
from cardtable.ai.base import BotError
from cardtable.engine.cards import parse_card
from cardtable.engine.rng import Rng
from cardtable.games.fscking_ace.bots import RISK, flip_odds, should_flip
from cardtable.games.fscking_ace.game import (
    END_SITTING,
    FLIP,
    GAME,
    NEXT_ROUND,
    PLAIN,
    SPADE_OTHER,
    SPADE_SEVEN,
    SPADE_TWO,
    FsckingAceOptions,
    FsckingAceState,
    build_pack,
    composition,
    pile_value,
)

EMPTY = (0,) * 6
ACE_OF_SPADES = parse_card("As")


def plain(n: int) -> tuple[int, ...]:
    return (n, 0, 0, 0, 0, 0)


def fresh_pack_minus(plain_cards: int) -> list[int]:
    left = composition(build_pack(4))
    left[PLAIN] -= plain_cards
    return left


def stopping_point(piles: list[tuple[int, ...]], risk: float,
                   left_for: Callable[[int], list[int]] = fresh_pack_minus) -> int:
    """How many plain cards the seat 0 bot turns in this position before it stops."""
    turn = 1
    while should_flip(left_for(sum(map(sum, piles)) + turn), plain(turn), piles, 0, risk):
        turn += 1
    return turn


def test_the_worked_example_stops_at_about_three_dollars() -> None:
    """4.6: one fresh deck, E ≈ $1.3-1.8 and L ≈ $30: the normal bot stops at about T ≥ $3.3,
    the cautious one at 2 and the bold one at 5 (the fallback thresholds' ratio)."""
    piles = [EMPTY, plain(8), EMPTY, EMPTY]   # far behind in the bonus race: no bonus in T
    assert stopping_point(piles, RISK["normal"]) == 3
    assert stopping_point(piles, RISK["cautious"]) == 2
    assert stopping_point(piles, RISK["bold"]) == 5


def test_the_rule_is_the_inequality_of_4_6() -> None:
    """4.6: flip while (U−s)/U·E > (s−1)/U·T + 1/U·(L + T), all in public counts."""
    piles = [EMPTY, plain(8), EMPTY, EMPTY]
    left = fresh_pack_minus(8 + 2)
    gain, turn_risk, ace_cost = flip_odds(left, plain(2), piles, 0)
    unseen, spades = sum(left), 7
    # the next plain card adds $1 (no doublers yet), a red 2 doubles the three cards, a 2♣ is $1,
    # the jokers $5 and $10: E over the 31 non-spades
    expected = (left[PLAIN] * 1 + 2 * 4 + 1 * 1 + 5 + 10) / (unseen - spades)
    assert gain == pytest.approx((unseen - spades) * expected)
    assert turn_risk == spades * 2
    # L: the others' piles + $1 each + the $20 bonus, and the bot's own $1 receipt
    assert ace_cost == (8 + 1) + 1 + 1 + 20 + 1


def test_the_bot_counts_the_spades_left() -> None:
    """4.4, 4.6: with most spades already turned, the same turn is worth pushing further."""
    piles = [EMPTY, plain(8), EMPTY, EMPTY]

    def few_spades(gone: int) -> list[int]:
        left = fresh_pack_minus(gone)
        left[SPADE_TWO] = left[SPADE_SEVEN] = left[SPADE_OTHER] = 0
        return left

    assert stopping_point(piles, 1.0, few_spades) > stopping_point(piles, 1.0)


def test_holding_a_two_of_spades_makes_the_bot_careful() -> None:
    """A7 in 4.6's L: a held 2♠ doubles what turning the A♠ would cost."""
    left = fresh_pack_minus(12)
    piles = [(0, 0, 0, 0, 0, 1), plain(8), plain(1), EMPTY]
    _, _, doubled = flip_odds(left, plain(2), piles, 0)
    _, _, single = flip_odds(left, plain(2), [EMPTY, *piles[1:]], 0)
    # the others' (8 + 1) + (1 + 1) + (0 + 1) and the $20 bonus, doubled, plus the bot's own
    # receipt: its 2♠ as a $1 card and $1 (seat 1 leads the bonus race)
    assert doubled == (12 + 20) * 2 + (1 + 1)
    assert single == (12 + 20) + 1


def test_the_bot_banks_the_lead_in_the_bonus_race() -> None:
    """4.6's T includes the most-cards bonus: taking the lead is worth banking at once."""
    piles = [plain(3), plain(3), plain(3), plain(3)]
    left = fresh_pack_minus(13)
    assert not should_flip(left, plain(1), piles, 0)


def test_risk_settings_are_ordered() -> None:
    """Where a cautious bot flips, the normal one does, and where the normal one does, the bold
    one does too."""
    state = GAME.new_state(["A", "B", "C", "D"], FsckingAceOptions(round_limit=30), 4)
    bold = make_bot("fscking-ace", "bold", 1)
    checked = 0
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        if state.turn:
            choices = [make_bot("fscking-ace", k, 0).choose(view) for k in ("cautious", "heuristic", "bold")]
            flips = [c == FLIP for c in choices]
            assert flips == sorted(flips)
            checked += 1
        state.apply(bold.choose(view))
    assert checked > 300


def test_bots_see_only_a_view() -> None:
    state = GAME.new_state(["A", "B", "C"], None, 1)
    bot = make_bot("fscking-ace", "heuristic", 1)
    with pytest.raises(BotError, match="view"):
        bot.choose(state)
    assert bot.choose(state.view(state.to_move)) == FLIP  # the first flip is the only move


def test_the_bot_kinds_are_registered() -> None:
    kinds = bot_kinds("fscking-ace")
    assert {"random", "heuristic", "cautious", "bold"} <= set(kinds)


def between_rounds(rounds: int, balances: list[int]) -> FsckingAceState:
    state = GAME.new_state(["A", "B", "C", "D"], None, 2, dealer=3)
    assert isinstance(state, FsckingAceState)
    state.pack.remove(ACE_OF_SPADES)
    state.pack.append(ACE_OF_SPADES)
    state.apply(FLIP)
    state.round_no = rounds
    state.balances = balances
    return state


def test_bots_deal_on_and_leave_the_table_as_winners() -> None:
    """R17: with no limit, a bot deals the next round until its patience is spent, then ends the
    sitting when it is ahead."""
    bot = make_bot("fscking-ace", "heuristic", 1)
    early = between_rounds(3, [-2300, 767, 767, 766])
    assert early.to_move == 1 and early.legal_actions() == [NEXT_ROUND, END_SITTING]
    assert bot.choose(early.view(1)) == NEXT_ROUND
    assert bot.choose(between_rounds(10, [-2300, 767, 767, 766]).view(1)) == END_SITTING
    assert bot.choose(between_rounds(10, [-2300, 1000, 767, 533]).view(1)) == END_SITTING
    assert bot.choose(between_rounds(10, [-2300, 533, 1000, 767]).view(1)) == NEXT_ROUND


def test_the_heuristic_bot_beats_random_play() -> None:
    """The EV rule earns money from random flippers over 1,000 rounds (seats alternated)."""
    state = GAME.new_state(["H1", "R1", "H2", "R2"], FsckingAceOptions(round_limit=1000), 8)
    bots = [make_bot("fscking-ace", k, i) for i, k in enumerate(["heuristic", "random"] * 2)]
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        state.apply(bots[seat].choose(state.view(seat)))
    assert state.balances[0] + state.balances[2] > 0


def reference_odds(left: list[int], turn: tuple[int, ...], piles: list[tuple[int, ...]], seat: int,
                   red2: bool) -> tuple[float, float, float]:
    """4.6 written out plainly from R13's pile value, to check the bot's closed form."""
    bonus = 5 * len(piles)
    others = [sum(p) for i, p in enumerate(piles) if i != seat]

    def worth(tally: list[int]) -> float:
        best = max(others)
        share = bonus if sum(tally) > best else bonus / (1 + others.count(best)) if sum(tally) == best else 0
        return sum(pile_value(tally, red2)) + 1 + share

    mine = list(piles[seat])
    banked = [a + b for a, b in zip(mine, turn, strict=True)]
    gain = 0.0
    for cat in range(5):
        more = banked[:]
        more[cat] += 1
        gain += left[cat] * (worth(more) - worth(banked))
    spades = sum(left[5:])
    owed = sum(sum(pile_value(p, red2)) + 1 for i, p in enumerate(piles) if i != seat)
    return gain, spades * (worth(banked) - worth(mine)), (owed + bonus) * 2 ** mine[5] + worth(mine)


@pytest.mark.parametrize("red2", [True, False])
def test_the_bots_arithmetic_matches_the_plain_rule(red2: bool) -> None:
    """The bot's fast closed form equals 4.6 computed from R13 directly, on random positions."""
    rng = Rng(5)
    for _ in range(500):
        piles = [tuple(rng.below(k) for k in (6, 3, 3, 2, 2, 2)) for _ in range(rng.below(4) + 3)]
        turn = (*(rng.below(k) for k in (5, 2, 2, 2, 2)), 0)
        left = [*(rng.below(k) for k in (30, 3, 3, 2, 2, 2, 2, 5)), 1]
        seat = rng.below(len(piles))
        assert flip_odds(left, turn, piles, seat, red2) == pytest.approx(
            reference_odds(left, turn, piles, seat, red2))
