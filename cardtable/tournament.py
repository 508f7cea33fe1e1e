"""Honest tournaments: seeded deals, every bot in every seat of the same deal (in both seat orders
from three players), parallel jobs.

`cardtable tournament GAME --players 2 --bots hard,baseline --games 400 --jobs 2`
"""

from __future__ import annotations

import math
import multiprocessing
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from cardtable.ai import make_bot
from cardtable.ai.base import Bot
from cardtable.ai.baseline import BaselineBot
from cardtable.ai.halving import HalvingBot
from cardtable.ai.search import SearchBot
from cardtable.engine.rng import Rng
from cardtable.games import get_game
from cardtable.runner.drivers import InProcessBot
from cardtable.runner.loop import Bare, MatchLoop
from cardtable.simulate import ACTION_CAP, wilson

ELO_K = 16.0


@dataclass
class Budget:
    ms: float | None = None
    iterations: int | None = None

    @classmethod
    def parse(cls, text: str | None) -> Budget:
        if not text:
            return cls()
        t = text.strip().lower()
        if t.endswith("ms") and t[:-2].isdigit():
            return cls(ms=float(t[:-2]))
        if t.endswith("it") and t[:-2].isdigit():
            return cls(iterations=int(t[:-2]))
        raise ValueError(f"bad budget {text!r}: give it as e.g. 500ms or 200it")

    @classmethod
    def parse_each(cls, text: str | None, bots: int) -> tuple[Budget, ...]:
        """One budget for every bot ("100it"), or one per bot in line-up order ("800it,100it":
        Expert's playouts against the yardstick's)."""
        parts = (text or "").split(",")
        if len(parts) == 1:
            return (cls.parse(text),) * bots
        if len(parts) != bots:
            raise ValueError(f"{len(parts)} budgets for {bots} bots: give one, or one per bot")
        return tuple(cls.parse(p) for p in parts)


@dataclass
class GameRecord:
    """One finished game: for each bot (by its index in the line-up) its place and think times."""

    places: list[int]
    losers: list[int]
    think: list[list[float]]
    capped: bool
    stuck: bool


def _make(game: str, kind: str, seed: int, budget: Budget) -> Bot:
    bot = make_bot(game, kind, seed)
    if isinstance(bot, SearchBot | BaselineBot | HalvingBot):
        # A budget given replaces both of the level's limits: "200it" plays the same moves on
        # any machine under any load; "500ms" measures strength at equal thinking time.
        if budget.iterations is not None:
            bot.iterations, bot.ms = budget.iterations, None
        if budget.ms is not None:
            bot.ms, bot.iterations = budget.ms, None
    return bot


def play_one(job: tuple[str, Sequence[str], int, int, Budget | Sequence[Budget]]) -> GameRecord:
    """Play the deal ``deal_seed`` with the seats of ``seating`` (one budget for all, or one per bot)."""
    game_name, kinds, deal_seed, rotation, budget = job
    budgets = [budget] * len(kinds) if isinstance(budget, Budget) else list(budget)
    game = get_game(game_name)
    n = len(kinds)
    seat_of = seating(n, rotation)
    bots = [_make(game_name, k, deal_seed * 7 + i, budgets[i]) for i, k in enumerate(kinds)]
    state = game.new_state([f"Seat {s + 1}" for s in range(n)], None, deal_seed)
    think: list[list[float]] = [[] for _ in kinds]
    drivers: list[InProcessBot] = [InProcessBot(bots[0])] * n
    for i, bot in enumerate(bots):
        drivers[seat_of[i]] = InProcessBot(bot, think[i])
    MatchLoop(Bare(state), drivers).play_out(ACTION_CAP)
    result = state.result()
    if result is None:
        return GameRecord([0] * n, [], think, False, True)
    return GameRecord([result.places[seat_of[i]] for i in range(n)],
                      [i for i in range(n) if seat_of[i] in result.losers], think, result.capped, False)


def seatings(n: int) -> int:
    """Seatings a deal is played in: every rotation of the line-up, and with three or more players
    every rotation of it in reverse too. Rotations alone keep who sits after whom, and in a game
    where the seat after yours matters (a round won by the last to play) a line-up
    "hard, baseline, normal" would always hand the baseline the weak follower."""
    return n if n < 3 else 2 * n


def seating(n: int, rotation: int) -> list[int]:
    """The seat of bot i in seating ``rotation`` (0 <= rotation < seatings(n))."""
    if rotation < n:
        return [(i + rotation) % n for i in range(n)]
    return [(rotation - i) % n for i in range(n)]


@dataclass
class Standing:
    label: str
    games: int = 0
    wins: int = 0  # first place (shared or not): a match won, the first out
    good: int = 0  # games not lost: not among the losers the game names (wins, for two players)
    places: list[int] = field(default_factory=list)
    think: list[float] = field(default_factory=list)
    rating: float = 1500.0
    by_deal: dict[int, int] = field(default_factory=dict)  # deal seed -> games won on that deal


def _update_ratings(standings: list[Standing], places: Sequence[int]) -> None:
    """Elo for two players; for more, pairwise Elo over every pair's finishing order."""
    n = len(standings)
    deltas = [0.0] * n
    for i in range(n):
        for j in range(i + 1, n):
            expected = 1 / (1 + 10 ** ((standings[j].rating - standings[i].rating) / 400))
            score = 1.0 if places[i] < places[j] else 0.0 if places[i] > places[j] else 0.5
            k = ELO_K / (n - 1)
            deltas[i] += k * (score - expected)
            deltas[j] -= k * (score - expected)
    for s, d in zip(standings, deltas, strict=True):
        s.rating += d


def run_tournament(game_name: str, kinds: Sequence[str], games: int, seed: int, jobs: int,
                   budget: Budget | Sequence[Budget]) -> tuple[list[Standing], int, int, float]:
    n = len(kinds)
    deals = Rng(seed)
    work: list[tuple[str, Sequence[str], int, int, Budget | Sequence[Budget]]] = []
    while len(work) < games:
        deal_seed = deals.next64() >> 1
        work.extend((game_name, tuple(kinds), deal_seed, r, budget) for r in range(seatings(n)))
    work = work[:games]
    labels = [f"{k}#{i + 1}" if list(kinds).count(k) > 1 else k for i, k in enumerate(kinds)]
    standings = [Standing(label) for label in labels]
    start = time.perf_counter()
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            records = pool.map(play_one, work, chunksize=max(1, len(work) // (jobs * 8)))
    else:
        records = [play_one(w) for w in work]
    capped = stuck = 0
    for (_g, _k, deal_seed, _r, _b), rec in zip(work, records, strict=True):
        if rec.stuck:
            stuck += 1
            continue
        capped += rec.capped
        _update_ratings(standings, rec.places)
        for i, s in enumerate(standings):
            s.games += 1
            s.places.append(rec.places[i])
            s.wins += rec.places[i] == 1
            s.by_deal[deal_seed] = s.by_deal.get(deal_seed, 0) + (rec.places[i] == 1)
            # a game that names no loser is "not lost" by everyone but the last place
            lost = i in rec.losers if rec.losers else rec.places[i] == max(rec.places) > 1
            s.good += (rec.places[i] == 1) if n == 2 else not lost
            s.think.extend(rec.think[i])
    return standings, capped, stuck, time.perf_counter() - start


def report_lines(game_title: str, n: int, standings: list[Standing], capped: int, stuck: int,
                 seconds: float, per_deal: bool = False) -> list[str]:
    rating = "Elo" if n == 2 else "pairwise Elo"
    out = [f"{game_title}, {n} players, {standings[0].games} games, {seconds:.0f} s",
           f"{'bot':<14}{'games':>6}  {'won [95% Wilson]':<26}{'not lost [95% Wilson]':<26}"
           f"{'mean place':>10}{rating:>14}{'think mean':>12}{'think p95':>11}{'decisions':>11}"]
    for s in standings:
        think = sorted(s.think)
        mean = sum(think) / len(think) if think else 0.0
        p95 = think[min(len(think) - 1, math.ceil(0.95 * len(think)) - 1)] if think else 0.0
        mean_place = sum(s.places) / len(s.places) if s.places else float("nan")
        out.append(f"{s.label:<14}{s.games:>6}  {_rate(s.wins, s.games)}{_rate(s.good, s.games)}"
                   f"{mean_place:>10.2f}{s.rating:>14.0f}{mean * 1000:>10.1f}ms{p95 * 1000:>9.1f}ms"
                   f"{len(think):>11}")
    out.append(f"games ended by a safety cap: {capped}   games stuck: {stuck}")
    if per_deal:
        out.extend(deal_lines(standings))
    return out


def deal_lines(standings: list[Standing]) -> list[str]:
    """One line per deal: how many of its seatings each bot won ("deal 123: hard=3 baseline=2"),
    for a comparison paired by deal (``scripts/pool_tournaments.py --paired``)."""
    return [f"deal {seed}: " + " ".join(f"{s.label}={s.by_deal.get(seed, 0)}" for s in standings)
            for seed in standings[0].by_deal]


def _rate(k: int, n: int) -> str:
    """ "71.5% [66.9% – 75.7%]" padded to a column: a rate and its 95% Wilson interval."""
    lo, hi = wilson(k, n)
    return f"{k / n if n else 0.0:6.1%} [{lo:6.1%} – {hi:6.1%}]  "
