"""The stronger yardstick of issue 28: flat Monte Carlo with sequential halving over action classes,
with the baseline's determinization, playouts and scoring."""

from __future__ import annotations

import pytest
from test_bots_generic import decision_points, player_counts

import cardtable.tournament as tournament
from cardtable.ai import bot_kinds, make_bot
from cardtable.ai.halving import HalvingBot, halving_schedule
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import Action
from cardtable.engine.rng import Rng
from cardtable.games import games
from cardtable.games.shithead.positions import table
from cardtable.tournament import Budget, run_tournament

GAMES = sorted(games())


def test_schedule_halves_the_candidates_and_keeps_to_the_budget():
    # 5 candidates, 100 playouts: 3 rounds of 33, shared by 5, then 3, then 2 survivors
    assert halving_schedule(5, 100) == [6, 11, 16]
    assert 5 * 6 + 3 * 11 + 2 * 16 <= 100
    assert halving_schedule(2, 100) == [50]
    assert halving_schedule(1, 100) == []
    assert halving_schedule(40, 10) == [1] * 6  # a tiny budget still tries every candidate once


def test_halving_is_a_bot_kind_of_every_game_with_hards_playouts():
    for name in GAMES:
        bot = bot_kinds(name)["halving"](3)
        assert isinstance(bot, HalvingBot) and bot.iterations == 100 and bot.rollout is not None


def test_halving_spends_more_playouts_on_the_survivors():
    """5♣, 6♥, 9♠, K♦ and the pickup: 6 playouts each, then the best three get 11 more, then the
    best two 16 more; the move played is one of the two finalists."""
    state = table(["5c 6h 9s Kd", "4h 4s 7c"], pile="4d")
    counted: list[Action] = []

    class Counting(HalvingBot):
        def _score(self, view, action, hooks, seat):
            counted.append(action)
            return super()._score(view, action, hooks, seat)

    bot = Counting(1, iterations=100, rollout=make_bot("shithead", "normal", 2))
    move = bot.choose(state.view(0))
    assert move in state.legal_actions()
    per_move = sorted((counted.count(a) for a in set(counted)), reverse=True)
    assert len(per_move) == 5 and per_move == [33, 33, 17, 6, 6]
    assert counted.count(move) == 33 and bot.done == 95


@pytest.mark.parametrize("name", GAMES)
def test_halving_does_not_peek_for_any_player_count(name):
    """The issue 8 leak test: redeal what the seat cannot see, keep its view identical, and the
    move stays the same."""
    for players in player_counts(name):
        for state in decision_points(name, players, seed=players + 70, every=5, limit=2):
            seat = state.to_move
            view = state.view(seat)
            other = view.determinize(Rng(players + 3)).view(seat)
            assert fingerprint(other, with_rng=False) == fingerprint(view, with_rng=False)
            moves = []
            for v in (view, other):
                bot = make_bot(name, "halving", 5)
                bot.iterations = 20  # type: ignore[attr-defined]
                moves.append(bot.choose(v))
            assert moves[0] == moves[1] and moves[0] in state.legal_actions()


def test_a_tournament_plays_hard_against_halving_with_the_budget_given():
    # The tournament's bookkeeping, the same in any game: Takku-Sum's whole games cost a tenth of
    # Shithead's (whose heads-up endgame search alone costs seconds).
    standings, _, stuck, _ = run_tournament("takku-sum", ["hard", "halving"], 2, 3, 1, Budget.parse("8it"))
    assert [s.label for s in standings] == ["hard", "halving"]
    assert stuck == 0 and all(s.games == 2 for s in standings)
    assert sum(s.wins for s in standings) == 2


def test_a_budget_may_be_given_per_bot():
    """Expert at its 800 playouts against the yardstick at 100: one budget per bot in line-up order."""
    budgets = Budget.parse_each("8it,4it", 2)   # small: what is checked is who gets which
    assert [b.iterations for b in budgets] == [8, 4]
    assert Budget.parse_each("5it", 3) == (Budget(iterations=5),) * 3
    with pytest.raises(ValueError):
        Budget.parse_each("5it,6it", 3)
    counted: dict[str, list[int]] = {"hard": [], "halving": []}


    real = tournament._make

    def spying(game, kind, seed, budget):
        bot = real(game, kind, seed, budget)
        counted[kind].append(bot.iterations)  # type: ignore[attr-defined]
        return bot

    tournament._make = spying
    try:
        # Takku-Sum: which bot gets which budget is the same in any game, and two of its games
        # cost a twentieth of two of Shithead's
        _, _, stuck, _ = run_tournament("takku-sum", ["hard", "halving"], 2, 5, 1, budgets)
    finally:
        tournament._make = real
    assert stuck == 0 and counted == {"hard": [8, 8], "halving": [4, 4]}
