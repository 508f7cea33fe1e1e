"""Headless matches between bots: the figures behind `cardtable simulate`."""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from cardtable.ai import make_bot
from cardtable.ai.base import Bot
from cardtable.engine.protocol import Game, Result
from cardtable.engine.rng import Rng
from cardtable.runner.drivers import InProcessBot
from cardtable.runner.loop import Bare, MatchLoop

ACTION_CAP = 20_000
"""Actions after which a simulated game is abandoned and counted as stuck (games have their own
safety caps well below this; reaching it means a bug, and it is reported, never hidden)."""


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class BotRecord:
    label: str
    games: int = 0
    losses: int = 0
    places: list[int] = field(default_factory=list)

    @property
    def mean_place(self) -> float:
        return sum(self.places) / len(self.places) if self.places else float("nan")


@dataclass
class SimulationReport:
    game: Game
    players: int
    records: list[BotRecord]
    games: int = 0
    actions: int = 0
    capped: int = 0
    called: int = 0
    stuck: int = 0
    seconds: float = 0.0

    def lines(self) -> list[str]:
        loser = self.game.loser_title or "the loser"
        out = [f"{self.game.title}, {self.players} players, {self.games} games",
               f"{'bot':<16}{'games':>7}  {'lost (' + loser + ')':<34}{'mean place':>11}"]
        for r in self.records:
            lo, hi = wilson(r.losses, r.games)
            rate = r.losses / r.games if r.games else 0.0
            out.append(f"{r.label:<16}{r.games:>7}  {rate:7.1%} [{lo:6.1%} – {hi:6.1%}]{'':<12}"
                       f"{r.mean_place:>11.2f}")
        per_game = self.actions / self.games if self.games else 0.0
        rate = self.games / self.seconds if self.seconds else float("inf")
        out.append(f"mean turns per game: {per_game:.1f}   games per second: {rate:,.0f}")
        out.append(f"games ended by a stalemate call: {self.called}")
        out.append(f"games ended by a safety cap: {self.capped}   games stuck (no end after "
                   f"{ACTION_CAP} actions): {self.stuck}")
        return out


def simulate(game: Game, bots: Sequence[str], games: int, seed: int) -> SimulationReport:
    """Play ``games`` games, rotating the bots round the seats so each sits everywhere equally."""
    n = len(bots)
    labels = [f"{b}#{i + 1}" if bots.count(b) > 1 else b for i, b in enumerate(bots)]
    report = SimulationReport(game, n, [BotRecord(label) for label in labels])
    names = [f"Seat {i + 1}" for i in range(n)]
    seeds = Rng(seed)
    players = [make_bot(game.name, kind, seeds.next64()) for kind in bots]
    start = time.perf_counter()
    for g in range(games):
        seat_of = [(i + g) % n for i in range(n)]
        bot_at: list[Bot] = [players[0]] * n
        for i, s in enumerate(seat_of):
            bot_at[s] = players[i]
        state = game.new_state(names, None, seeds.next64())
        steps = MatchLoop(Bare(state), [InProcessBot(b) for b in bot_at]).play_out(ACTION_CAP)
        report.games += 1
        report.actions += steps
        result: Result | None = state.result()
        if result is None:
            report.stuck += 1
            continue
        report.capped += result.capped
        report.called += bool(result.details.get("stalemate"))  # a table ruling ended it (issue 14)
        for i, s in enumerate(seat_of):
            rec = report.records[i]
            rec.games += 1
            rec.losses += s in result.losers
            rec.places.append(result.places[s])
    report.seconds = time.perf_counter() - start
    return report
