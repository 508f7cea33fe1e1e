"""The search bots (issue 8): both searches legal for every game and player count, the flat
search's bookkeeping, the per-game hooks, the guard, the Fscking Ace DP and a tiny tournament."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_bots_generic import decision_points, player_counts

from cardtable.ai import bot_kinds, make_bot
from cardtable.ai.base import Bot, BotError
from cardtable.ai.guard import guarded_choose
from cardtable.ai.levels import ALTERNATE_SWITCH_Z
from cardtable.ai.search import RACE_MIN_DEALS, SearchBot, action_classes
from cardtable.ai.search_hooks import hooks_for
from cardtable.engine.cards import parse_card
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import Action, State
from cardtable.engine.rng import Rng
from cardtable.games import games, get_game
from cardtable.games.fscking_ace.exact import ExactBot, TurnModel, compare, exact_decision
from cardtable.games.shithead.game import NOBODY_KNOWS
from cardtable.games.takku_sum.search import race_win_chances
from cardtable.tournament import Budget, report_lines, run_tournament

GAMES = sorted(games())
ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("name", GAMES)
def test_ismcts_returns_a_legal_action_for_every_player_count(name):
    for players in player_counts(name):
        for state in decision_points(name, players, seed=players + 20, limit=2):
            bot = SearchBot(seed=3, ms=None, iterations=20, rollout=make_bot(name, "normal", 2),
                            mode="ismcts")
            assert bot.choose(state.view(state.to_move)) in state.legal_actions()


@pytest.mark.parametrize("name", GAMES)
def test_hard_level_does_not_peek_for_any_player_count(name):
    """issue 8 leak test with the level itself (heuristic playouts, the anchor move): redeal what
    the seat cannot see, keep its view identical, and the move stays the same."""
    for players in player_counts(name):
        for state in decision_points(name, players, seed=players + 40, every=5, limit=2):
            seat = state.to_move
            view = state.view(seat)
            other = view.determinize(Rng(players)).view(seat)
            assert fingerprint(other, with_rng=False) == fingerprint(view, with_rng=False)
            moves = []
            for v in (view, other):
                bot = make_bot(name, "hard", 5)
                if isinstance(bot, SearchBot):
                    bot.iterations, bot.ms = 30, None
                moves.append(bot.choose(v))
            assert moves[0] == moves[1]


@pytest.mark.parametrize("name", GAMES)
def test_hard_keeps_to_its_time_budget(name):
    """A time budget is kept to within one deal's playouts, whatever the iteration budget."""
    game = games()[name]
    state = decision_points(name, game.default_players, seed=5, every=1, limit=1)[0]
    bot = SearchBot(seed=1, ms=60.0, iterations=10**9, rollout=make_bot(name, "normal", 2))
    t0 = time.perf_counter()
    assert bot.choose(state.view(state.to_move)) in state.legal_actions()
    # Without the clock it would search for ever; the bound is loose so a busy machine passes.
    assert time.perf_counter() - t0 < 3.0


def shithead_turn(hand: list[str], pile: list[str]) -> State:
    """A two-player Shithead position after the opening, seat 0 to play ``hand`` on ``pile``."""
    game = get_game("shithead")
    state = game.new_state(["A", "B"], None, 1)
    bot = make_bot("shithead", "normal", 1)
    while state.phase != 1 or state.opening >= 0:  # TURN after the opening play
        state.apply(bot.choose(state.view(state.to_move)))
    cards = [parse_card(c) for c in hand + pile]
    for lst in (*state.hands, *state.up, *state.down, state.draw, state.pile, state.burned):
        for c in cards:
            if c in lst:
                lst.remove(c)
    rest = [c for c in state.hands[0]]
    state.hands[0] = [parse_card(c) for c in hand]
    state.draw = state.draw + rest
    state.pile = [parse_card(c) for c in pile]
    state.to_move = state.owner = 0
    state.public = NOBODY_KNOWS
    state.forget_legal()  # the engine's memo and its derived rows are for the position before
    return state


def test_suits_are_searched_once_in_shithead():
    state = shithead_turn(["5c", "5h", "9s"], ["4d"])
    legal = state.legal_actions()
    classes = action_classes(state, legal, hooks_for(state))
    # 5♣, 5♥, 5♣5♥, 9♠, pick up: the two single fives are one move
    assert len(legal) == 5 and len(classes) == 4
    assert [a.cards for a in classes if a.kind == "play"] == [(parse_card("5c"),), tuple(sorted(
        (parse_card("5c"), parse_card("5h")))), (parse_card("9s"),)]


class Rigged(SearchBot):
    """Playouts that always favour a move that leaves cards on the pile (a play over a pickup)."""

    def _playout(self, state, luck):
        return (1.0, 0.0) if state.pile else (0.0, 1.0)


def test_flat_search_settles_an_obvious_move_early():
    state = shithead_turn(["kc"], ["4d", "6c", "8s", "9d", "jc", "qh"])
    bot = Rigged(seed=2, ms=None, iterations=2000)
    bot.start(state.view(0))
    bot.step_iterations(2000)
    # the pickup loses every deal: it leaves the race after RACE_MIN_DEALS deals, and the search stops
    assert bot.decided and bot.done == 2 * RACE_MIN_DEALS and bot.alive == [0]
    assert bot.best().kind == "play"


class Counting(Bot):
    """A playout policy that plays the first legal move and counts the deals it played out."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.deals: set[int] = set()
        self.search: SearchBot | None = None

    def decide(self, view: State, legal: list[Action]) -> Action:
        assert self.search is not None
        self.deals.add(self.search.deals)
        return legal[0]


def test_an_alternate_policy_plays_out_every_other_deal():
    """Issue 28 (``Hooks.alternate``): the rollout policy plays deals 0, 2, 4..., the second policy
    1, 3, 5...; the move kept unless beaten is still the rollout policy's."""
    state = shithead_turn(["5c", "6h", "9s"], ["4d"])
    first, second = Counting(1), Counting(2)
    # 24 playouts: seven deals of the three moves (40 were twelve, for the CPU of twice as many)
    bot = SearchBot(seed=2, ms=None, iterations=24, rollout=first, alternate=second)
    first.search = second.search = bot
    bot.choose(state.view(0))
    assert bot.deals >= 6
    assert first.deals == set(range(0, bot.deals, 2))
    assert second.deals == set(range(1, bot.deals, 2))
    only = Counting(1)
    alone = SearchBot(seed=2, ms=None, iterations=24, rollout=only)
    only.search = alone
    alone.choose(state.view(0))
    assert only.deals == set(range(alone.deals))


def test_shitheads_hard_alternates_its_playouts_and_no_other_games_hard_does():
    """Issue 28, session 8: Shithead's Hard is the search measured as "hard-alternate" (every other
    deal played out by the forcing bot, the heuristic's move left at half a standard error), move
    for move; every other game's Hard plays out with its rollout policy alone, as before."""
    hard = make_bot("shithead", "hard", 5)
    assert isinstance(hard, SearchBot) and hard.name == "hard"
    assert hard.alternate is not None and hard.alternate.name == "forcing"
    assert hard.switch_z == ALTERNATE_SWITCH_Z
    state = shithead_turn(["5c", "6h", "9s", "Kd"], ["4d", "7h"])
    for seed in range(3):
        a, b = make_bot("shithead", "hard", seed), make_bot("shithead", "hard-alternate", seed)
        assert isinstance(a, SearchBot) and isinstance(b, SearchBot)
        a.ms = b.ms = None
        assert a.choose(state.view(0)) == b.choose(state.view(0))
        assert a.done == b.done
    for name in GAMES:
        if name == "shithead":
            continue
        bot = make_bot(name, "hard", 5)
        if isinstance(bot, SearchBot):
            assert bot.alternate is None and bot.switch_z is None, name
        assert "hard-alternate" not in bot_kinds(name), name


def test_flat_search_compares_moves_on_the_same_deals():
    state = shithead_turn(["5c", "6h", "9s"], ["4d"])
    bot = SearchBot(seed=2, ms=None, iterations=60, rollout=make_bot("shithead", "normal", 3))
    bot.start(state.view(0))
    bot.step_iterations(60)
    counts = [n for _mean, n in bot.means().values()]
    assert sum(counts) == bot.done and max(counts) == bot.deals


def test_a_thin_time_slice_still_finishes_its_deal():
    """The worker may slice thinking finely: a slice never drops the deal in hand."""
    state = shithead_turn(["5c", "6h", "9s"], ["4d"])
    bot = SearchBot(seed=1, ms=None, rollout=make_bot("shithead", "normal", 2))
    bot.start(state.view(0))
    assert bot.step(0.001) == len(bot.candidates) and bot.deals == 1


def test_search_refuses_a_wrong_view():
    state = shithead_turn(["5c", "6h", "9s"], ["4d"])
    with pytest.raises(BotError, match="is to move"):
        SearchBot(ms=None, iterations=10).choose(state.view(1))
    with pytest.raises(ValueError, match="mode"):
        SearchBot(mode="minimax")


def test_race_model_is_a_distribution_and_favours_the_leader():
    p = race_win_chances((2, 5, 5))
    assert sum(p) == pytest.approx(1.0)
    assert p[0] > p[1] == pytest.approx(p[2])
    assert race_win_chances((0, 3, 1)) == (1.0, 0.0, 0.0)
    assert race_win_chances((1, 1)) == pytest.approx((0.5, 0.5))


def test_takku_sum_playouts_stop_at_the_round_end():
    name = "takku-sum"
    state = decision_points(name, 3, seed=8, limit=1)[0]
    view = state.view(state.to_move)
    bot = SearchBot(seed=1, ms=None, iterations=30, rollout=make_bot(name, "normal", 2))
    bot.start(view)
    deal = view.determinize(bot.rng)
    hooks_for(deal).prepare(deal)
    assert deal.narrate is False  # no log text in playouts
    rewards = bot._playout(deal, 5)
    assert len(rewards) == 3 and sum(rewards) == pytest.approx(1.0)


# -- Cersei: luck only, so Hard is the heuristic ----------------------------------------------------
def test_cersei_levels_do_not_search():
    kinds = bot_kinds("cersei")
    assert not isinstance(kinds["hard"](1), SearchBot)
    assert isinstance(bot_kinds("shithead")["hard"](1), SearchBot)


# -- the guard --------------------------------------------------------------------------------------
class Crashing(Bot):
    name = "crashing"

    def decide(self, view: State, legal: list[Action]) -> Action:
        raise RuntimeError("boom")


class Slow(Bot):
    name = "slow"

    def decide(self, view: State, legal: list[Action]) -> Action:
        time.sleep(0.3)
        return legal[-1]


class Illegal(Bot):
    name = "cheat"

    def decide(self, view: State, legal: list[Action]) -> Action:
        return Action("teleport")


@pytest.mark.parametrize("bad,words", [(Crashing(), "failed (RuntimeError: boom)"),
                                       (Slow(), "overran its 0.1 s budget"),
                                       (Illegal(), "chose an illegal move")])
def test_guard_replaces_a_failing_bot_by_normal_and_says_so(bad, words):
    state = shithead_turn(["5c", "6h", "9s"], ["4d"])
    view = state.view(0)
    normal = make_bot("shithead", "normal", 1)
    move = guarded_choose(bad, view, normal, budget_ms=100.0, grace_ms=50.0)
    assert move.replaced and move.action == make_bot("shithead", "normal", 1).choose(view)
    assert words in move.note and "Heuristic was played instead" in move.note


def test_guard_stops_a_search_at_its_deadline_with_its_best_move():
    state = shithead_turn(["5c", "6h", "9s", "kd"], ["4d"])
    bot = make_bot("shithead", "hard", 1)
    bot.iterations = 10**9  # only the clock stops it
    t0 = time.perf_counter()
    move = guarded_choose(bot, state.view(0), make_bot("shithead", "normal", 1), budget_ms=120.0)
    assert time.perf_counter() - t0 < 2.0  # a billion playouts otherwise; loose for busy machines
    assert not move.replaced and move.note == "" and move.action in state.legal_actions()


def test_guard_answers_a_single_legal_action_at_once_and_refuses_wrong_views():
    state = shithead_turn(["5c"], ["kd"])  # only pick up
    normal = make_bot("shithead", "normal", 1)
    assert guarded_choose(Crashing(), state.view(0), normal, 100.0).action.kind == "pickup"
    with pytest.raises(BotError):
        guarded_choose(Crashing(), state.view(1), normal, 100.0)


# -- Fscking Ace: the exact flip-or-stop DP ---------------------------------------------------------
def brute(model: TurnModel, left: list[int], turn: list[int]) -> float:
    """The DP's recursion written out plainly over every card category (9), for a tiny pack."""
    stop = model.receipt(turn) if any(turn) else float("-inf")
    unseen = sum(left)
    if not unseen:
        return stop
    flip = 0.0
    for cat, k in enumerate(left):
        if not k:
            continue
        if cat == 8:
            out = model.ace
        elif cat == 5:
            out = model.kept_two
        elif cat >= 6:
            out = model.lost
        else:
            nl, nt = left[:], turn[:]
            nl[cat] -= 1
            nt[cat] += 1
            out = brute(model, nl, nt)
        flip += k * out
    return max(stop, flip / unseen)


@pytest.mark.parametrize("left,turn,piles", [
    ([6, 1, 1, 0, 1, 1, 1, 1, 1], [0] * 6, [(0,) * 6, (3, 0, 0, 0, 0, 0), (1, 0, 0, 1, 0, 0)]),
    ([4, 0, 1, 1, 0, 0, 0, 3, 1], [2, 1, 0, 0, 0, 0], [(2, 0, 0, 0, 0, 1), (5, 1, 0, 0, 0, 0), (0,) * 6]),
    ([9, 2, 0, 1, 1, 1, 1, 2, 1], [1, 0, 0, 0, 0, 0], [(0,) * 6] * 4),
])
def test_fscking_ace_dp_matches_a_plain_recursion(left, turn, piles):
    model = TurnModel(piles, 0, left)
    flip, value = exact_decision(left, turn, piles, 0)
    assert value == pytest.approx(brute(model, left, turn))
    best, rule = compare(left, turn, piles, 0)
    assert best == pytest.approx(value) and rule <= best + 1e-9
    assert flip == (value > model.receipt(turn) if any(turn) else True)


def test_fscking_ace_dp_agrees_with_the_rule_on_the_clear_cases():
    fresh = [32, 2, 1, 1, 1, 1, 1, 4, 1]
    piles = [(0,) * 6] * 4
    assert exact_decision(fresh, [0] * 6, piles, 0)[0]  # A12: the first flip is forced
    assert not exact_decision([3, 0, 0, 0, 0, 0, 0, 4, 1], [6, 1, 1, 0, 1, 0], piles, 0)[0]  # $30 at stake


def test_exact_bot_plays_fscking_ace_and_is_its_hard_level():
    state = decision_points("fscking-ace", 4, seed=3, limit=1)[0]
    assert ExactBot(1).choose(state.view(state.to_move)) in state.legal_actions()
    kinds = bot_kinds("fscking-ace")
    assert kinds["exact"] is kinds["hard"] is kinds["expert"] is ExactBot


# -- the tournament ---------------------------------------------------------------------------------
def test_a_tiny_tournament_reports_figures_that_add_up(tmp_path):
    # Two playouts a move: the figures add up at any budget, and Hard still thinks (a third of
    # the CPU of 8).
    standings, capped, stuck, seconds = run_tournament("shithead", ["hard", "normal", "normal"], 6, 1, 1,
                                                       Budget.parse("2it"))
    lines = report_lines("Shithead", 3, standings, capped, stuck, seconds)
    rows = lines[2:5]
    total_wins = total_good = 0
    for row, label in zip(rows, ("hard", "normal#2", "normal#3"), strict=True):
        rate = r"([\d.]+)% \[\s*([\d.]+)% – \s*([\d.]+)%\]\s+"
        tail = r"([\d.]+)\s+(\d+)\s+([\d.]+)ms\s+([\d.]+)ms\s+(\d+)"
        m = re.match(r"(\S+)\s+(\d+)\s+" + rate + rate + tail, row)
        assert m, row
        assert m[1] == label and int(m[2]) == 6
        won, lo, hi = float(m[3]), float(m[4]), float(m[5])
        assert lo <= won <= hi
        total_wins += round(won * 6 / 100)
        total_good += round(float(m[6]) * 6 / 100)
        assert 1.0 <= float(m[9]) <= 3.0
    assert total_wins >= 6  # a first place in every game (ties share it)
    assert total_good == 6 * 2  # one Shithead a game
    assert lines[-1] == f"games ended by a safety cap: {capped}   games stuck: {stuck}" and stuck == 0
    assert sum(s.games for s in standings) == 18
    hard = standings[0]
    assert hard.think and all(t >= 0 for t in hard.think)
    # two chunks pooled by scripts/pool_tournaments.py: every count doubles
    chunk = tmp_path / "chunk.txt"
    chunk.write_text("\n".join(lines), encoding="utf-8")
    pooled = subprocess.run([sys.executable, "scripts/pool_tournaments.py", str(chunk), str(chunk)],
                            capture_output=True, text=True, check=True, cwd=ROOT).stdout.splitlines()
    assert pooled[1].split()[:2] == ["hard", "12"] and len(pooled) == 4


def test_budget_parsing():
    assert Budget.parse("500ms") == Budget(ms=500.0)
    assert Budget.parse("200it") == Budget(iterations=200)
    assert Budget.parse(None) == Budget()
    with pytest.raises(ValueError, match="500ms or 200it"):
        Budget.parse("fast")


def test_per_deal_wins_add_up_and_pool_paired_by_deal(tmp_path):
    """--per-deal prints each deal's wins per bot; they add up to the standings, and
    pool_tournaments.py --paired turns them into the difference in games won per game."""
    standings, capped, stuck, seconds = run_tournament("takku-sum", ["normal", "random", "normal"], 12, 5, 1,
                                                       Budget())
    lines = report_lines("Takku-Sum", 3, standings, capped, stuck, seconds, per_deal=True)
    deals = [line for line in lines if line.startswith("deal ")]
    assert len(deals) == 2  # 12 games: two deals in six seatings each
    for i, s in enumerate(standings):
        assert sum(int(line.split()[2 + i].split("=")[1]) for line in deals) == s.wins
    chunk = tmp_path / "chunk.txt"
    chunk.write_text("\n".join(lines), encoding="utf-8")
    out = subprocess.run([sys.executable, "scripts/pool_tournaments.py", "--paired", "normal#1,random",
                          str(chunk)], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    diff = (standings[0].wins - standings[1].wins) / 12
    assert f"paired normal#1 - random over 2 deals x 6 seatings: {diff:+.1%} games won" in out


# -- Cunt-Soul's classes of moves (issue 28) ---------------------------------------------------------
def _cunt_soul_signature(state: State) -> tuple:
    """Everything the rules read, by printed rank (Cunt-Soul has no suits): two moves that leave
    the same signature leave the same game."""
    from cardtable.engine.cards import RANK

    def ranks(cards: list[int]) -> tuple[int, ...]:
        return tuple(sorted(RANK[c] for c in cards))

    s = state
    return (s.phase, s.to_move, s.asks, tuple(RANK[c] for c in s.discard), ranks(s.burn), len(s.source),
            tuple(ranks(h) for h in s.hands), tuple(ranks(u) for u in s.up),
            tuple(ranks(f) for f in s.field), tuple(len(d) for d in s.down),
            tuple(sum(1 for c in u if c in s.horizontal) for u in s.up), tuple(s.changes))


def test_cunt_soul_classes_merge_only_copies_of_one_move():
    """No suits in Cunt-Soul (rules: every card's ability is its rank's): a pair in hand is two
    moves (one 9, two 9s), not three, and every merged move leaves the same game as its class's
    representative."""
    from cardtable.games.cunt_soul.positions import position

    pair = position(4, hands={0: "9s 9h 5c"}, pile="4d").view(0)
    legal = pair.legal_actions()
    assert len(legal) == 4  # 5, 9s, 9h, 9s 9h
    assert len(action_classes(pair, legal, hooks_for(pair))) == 3
    merged = 0
    for seed in (5, 6):
        for state in decision_points("cunt-soul", 4, seed=seed, every=3, limit=40):
            view = state.view(state.to_move)
            hooks = hooks_for(view)
            assert hooks.key is not None
            groups: dict[object, list[Action]] = {}
            for a in view.legal_actions():
                groups.setdefault(hooks.key(view, a), []).append(a)
            for actions in groups.values():
                seen = set()
                for a in actions:
                    after = state.clone()
                    after.apply(a)
                    seen.add(_cunt_soul_signature(after))
                assert len(seen) == 1, actions
                merged += len(actions) - 1
    assert merged > 10
