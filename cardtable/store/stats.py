"""Statistics per game and per player name: games, wins, losses, places, streaks, balance.

A win is first place; a loss is being one of the seats the game names as losers (its
``loser_title``, or the payer of a round). A middle place is neither and ends both
streaks. Games that settle money report each seat's net in ``Result.details`` (see
``BALANCE_KEYS``); those amounts add up to a running balance per player.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from numbers import Real
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from cardtable.engine.protocol import Result
from cardtable.store.paths import AppPaths, read_from
from cardtable.store.safe_file import FileKind, clear_the_way, encode, load_model, save_model, write_atomic

STATS_VERSION = 1
# How many finished match ids are remembered so a match recorded twice (a crash between saving
# the statistics and removing the autosave) is counted once.
REMEMBERED_MATCHES = 500
# Where a game puts each seat's money for the match, as a list by seat or a dict by seat or name.
BALANCE_KEYS = ("balance", "balances", "payments")


class PlayerStats(BaseModel):
    model_config = ConfigDict(extra="forbid")

    games: int = Field(0, ge=0)
    wins: int = Field(0, ge=0)
    losses: int = Field(0, ge=0)
    places: dict[int, int] = Field(default_factory=dict, description="finishing place -> times")
    current_streak: int = Field(0, ge=0, description="wins in a row, up to now")
    best_streak: int = Field(0, ge=0)
    losing_streak: int = Field(0, ge=0, description="losses in a row, up to now")
    worst_losing_streak: int = Field(0, ge=0)
    balance: float | None = Field(None, description="running money balance, for games that pay")
    assisted: int = Field(0, ge=0, description="games played with undo, hints or a restart")


class GameStats(BaseModel):
    model_config = ConfigDict(extra="forbid")

    matches: int = Field(0, ge=0)
    players: dict[str, PlayerStats] = Field(default_factory=dict)
    abandoned: int = Field(0, ge=0, description="matches left unfinished for a new one")


class Stats(BaseModel):
    model_config = ConfigDict(extra="forbid")

    games: dict[str, GameStats] = Field(default_factory=dict)
    recorded: list[str] = Field(default_factory=list, description="ids of the last matches counted")


STATS_FILE = FileKind(what="statistics file", model=Stats, version=STATS_VERSION,
                      fallback="starting with empty statistics")


def seat_balances(result: Result, names: Sequence[str]) -> list[float] | None:
    """Each seat's money for this match, if the game reports it; None otherwise."""
    for key in BALANCE_KEYS:
        raw = result.details.get(key)
        if raw is None:
            continue
        try:
            if isinstance(raw, Mapping):
                return [_money(raw.get(seat, raw.get(str(seat), raw.get(name, 0))))
                        for seat, name in enumerate(names)]
            if isinstance(raw, Sequence) and not isinstance(raw, str) and len(raw) == len(names):
                return [_money(v) for v in raw]
        except (TypeError, ValueError):
            return None
    return None


def _money(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, Real):
        raise TypeError(f"not an amount: {value!r}")
    return round(float(value), 6)


def record_result(stats: Stats, game: str, names: Sequence[str], result: Result,
                  match_id: str = "", assisted: bool = False, people: Collection[int] | None = None) -> bool:
    """Count one finished match; False (and nothing changed) if ``match_id`` was counted before.
    A game played with undo or hints counts as any other and, in its own column, as ``assisted``
    for the seats of ``people`` (those who could have had the help: never a bot; None: all)."""
    if match_id and match_id in stats.recorded:
        return False
    table = stats.games.setdefault(game, GameStats())
    table.matches += 1
    balances = seat_balances(result, names)
    for seat, name in enumerate(names):
        player = table.players.setdefault(name, PlayerStats())
        place = result.places[seat] if seat < len(result.places) else len(names)
        won = place == 1 and seat not in result.losers
        lost = seat in result.losers
        player.games += 1
        player.assisted += assisted and (people is None or seat in people)
        player.places[place] = player.places.get(place, 0) + 1
        player.wins += won
        player.losses += lost
        player.current_streak = player.current_streak + 1 if won else 0
        player.best_streak = max(player.best_streak, player.current_streak)
        player.losing_streak = player.losing_streak + 1 if lost else 0
        player.worst_losing_streak = max(player.worst_losing_streak, player.losing_streak)
        if balances is not None:
            player.balance = round((player.balance or 0.0) + balances[seat], 6)
    if match_id:
        stats.recorded = [*stats.recorded, match_id][-REMEMBERED_MATCHES:]
    return True


def load_stats(paths: AppPaths) -> tuple[Stats, list[str]]:
    # In a fallback folder the home's figures are read until the first save copies them over.
    stats, messages = load_model(read_from(paths, lambda p: p.stats_file), STATS_FILE)
    return (stats if stats is not None else Stats()), messages


def save_stats(paths: AppPaths, stats: Stats) -> list[str]:
    return save_model(paths.stats_file, stats, STATS_FILE)


def record_finished(paths: AppPaths, game: str, names: Sequence[str], result: Result,
                    match_id: str = "", assisted: bool = False, people: Collection[int] | None = None,
                    ) -> list[str]:
    """Load, count one match, save; the messages say what went wrong on disk, if anything."""
    stats, messages = load_stats(paths)
    if record_result(stats, game, names, result, match_id, assisted, people):
        messages += save_stats(paths, stats)
    return messages


def record_abandoned(paths: AppPaths, game: str, match_id: str) -> list[str]:
    """Count one abandoned match of ``game`` (once per match id): no places, no streaks."""
    stats, messages = load_stats(paths)
    if match_id in stats.recorded:
        return messages
    stats.games.setdefault(game, GameStats()).abandoned += 1
    stats.recorded = [*stats.recorded, match_id][-REMEMBERED_MATCHES:]
    return messages + save_stats(paths, stats)


def count_finished(paths: AppPaths, game: str, names: Sequence[str], result: Result,
                   match_id: str, assisted: bool = False, people: Collection[int] | None = None) -> list[str]:
    """``record_finished`` for a caller that keeps the match to try again: raises OSError when
    the statistics could not be saved."""
    stats, messages = load_stats(paths)
    if record_result(stats, game, names, result, match_id, assisted, people):
        messages += clear_the_way(paths.stats_file, STATS_FILE.what)
        write_atomic(paths.stats_file, encode(stats, STATS_VERSION))
    return messages


def reset_stats(paths: AppPaths, game: str | None = None) -> list[str]:
    """Forget the statistics of ``game`` (or of every game). The scene asks for confirmation
    first; the previous figures stay in the ``.bak`` until the next save."""
    stats, messages = load_stats(paths)
    if game is None:
        stats.games.clear()
    else:
        stats.games.pop(game, None)
    return messages + save_stats(paths, stats)
