"""A match on disk: its schema, its file names, writing and dropping its autosave.

A match on disk is its recipe, not its position: game, options, seats, seed, dealer and the list
of actions (``Action.to_json`` lists), plus a check of the position they lead to
(``engine.position``: zones, player to move, legal actions, result, random stream). The same
file, with the outcome added, is the replay. Older formats are brought up to date on reading by
``match_upgrades``.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from cardtable.engine.position import position_check
from cardtable.engine.protocol import Action, Game, Result, State, rewards_from_places
from cardtable.store.match_upgrades import NOT_YET_CHECKED, STEPS
from cardtable.store.paths import AppPaths
from cardtable.store.safe_file import FileKind, backup_path, encode, save_bytes, write_atomic

MATCH_VERSION = 2
"""1: version 0.1.0 (a digest of private fields); 2: the position check from the protocol."""


def _new_id() -> str:
    return secrets.token_hex(8)


def _now() -> datetime:
    return datetime.now(UTC)


class SeatConfig(BaseModel):
    """Who sits in a seat: a name, a human or a bot, and the bot's level."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=64)
    kind: Literal["human", "bot", "phone"] = "human"
    level: str = Field("", max_length=32)


class Outcome(BaseModel):
    """How a finished match came out (``Result`` without the bots' rewards)."""

    model_config = ConfigDict(extra="forbid")

    places: list[int]
    losers: list[int]
    text: str = ""
    capped: bool = False
    details: dict[str, Any] = Field(default_factory=dict)
    abandoned: bool = False
    """Left unfinished when the player started another match of the game (issue 16 item 3)."""

    @classmethod
    def from_result(cls, result: Result) -> Outcome:
        return cls(places=list(result.places), losers=list(result.losers), text=result.text,
                   capped=result.capped, details=_plain_json(result.details))

    def result(self) -> Result:
        """Enough of the ``Result`` back for the statistics (they read places, losers, details)."""
        return Result(tuple(self.places), tuple(self.losers), rewards_from_places(self.places),
                      self.text, self.capped, dict(self.details))


def _plain_json(value: Any) -> Any:
    """``value`` as JSON data: a game's details may hold tuples, fractions or its own types."""
    if isinstance(value, Mapping):
        return {str(k): _plain_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_plain_json(v) for v in value]
    if isinstance(value, Fraction):
        return float(value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


class SavedMatch(BaseModel):
    model_config = ConfigDict(extra="forbid")

    schema_version: int = MATCH_VERSION
    match_id: str = Field(default_factory=_new_id, pattern=r"^[0-9a-zA-Z_-]{1,64}$")
    game: str = Field(min_length=1, max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatConfig] = Field(min_length=1, max_length=32)
    seed: int
    dealer: int | None = None
    actions: list[tuple[str, list[int], int, str]] = Field(default_factory=list)
    position_check: str = Field(max_length=64)
    """``engine.position.position_check`` of where the actions lead; empty only in a save
    upgraded from format 1, until its first replay records it."""
    started: datetime = Field(default_factory=_now)
    updated: datetime = Field(default_factory=_now)
    outcome: Outcome | None = None
    assisted: list[str] = Field(default_factory=list, max_length=8)
    """The help the game had ("undo", "hint", "restart"); statistics count such games apart."""
    sitting_losses: dict[str, int] = Field(default_factory=dict)
    """Losses per player in the games of the sitting before this one, so Continue keeps them."""
    sitting_games: int = Field(0, ge=0)
    sitting_wins: dict[str, int] = Field(default_factory=dict)

    @classmethod
    def start(cls, game: Game, seats: Sequence[SeatConfig], options: BaseModel | None = None,
              seed: int = 0, dealer: int | None = None) -> tuple[SavedMatch, State]:
        """A new match and its dealt position; autosave it before the first action."""
        opts = options if options is not None else game.Options()
        state = game.new_state([s.name for s in seats], opts, seed, dealer)
        saved = cls(game=game.name, options=opts.model_dump(mode="json"), seats=list(seats),
                    seed=seed, dealer=dealer, position_check=position_check(state))
        return saved, state

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    def record(self, action: Action, state: State) -> None:
        """Note ``action``, just applied, and the position ``state`` it led to."""
        self.actions.append(tuple(action.to_json()))  # type: ignore[arg-type]
        self.position_check = position_check(state)
        self.updated = _now()

    def record_all(self, actions: list[Action], state: State) -> None:
        """Replace the actions (after an undo) and check the position ``state`` they lead to."""
        self.actions = [tuple(a.to_json()) for a in actions]  # type: ignore[misc]
        self.position_check = position_check(state)
        self.updated = _now()

    def reaches(self, state: State) -> bool:
        """Whether ``state`` is the position this save says its actions lead to (a save upgraded
        from format 1 says nothing yet: any position its actions reach)."""
        return self.position_check in (NOT_YET_CHECKED, position_check(state))

    def action_list(self) -> list[Action]:
        return [Action.from_json(a) for a in self.actions]


MATCH_FILE = FileKind(what="saved match", model=SavedMatch, version=MATCH_VERSION,
                      fallback="it cannot be continued", migrations=STEPS)
REPLAY_FILE = FileKind(what="replay", model=SavedMatch, version=MATCH_VERSION,
                       fallback="it is left out of the list", migrations=STEPS)


def safe_name(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "_", text)


def unfinished_path(paths: AppPaths, game: str) -> Path:
    return paths.unfinished_dir / f"{safe_name(game)}.json"


def replay_path(paths: AppPaths, saved: SavedMatch) -> Path:
    """``<start time>-<game>-<id>.json``: names sort by age, and a match refiled keeps its file."""
    stamp = saved.started.astimezone(UTC).strftime("%Y%m%dT%H%M%S")
    return paths.replays_dir / f"{stamp}-{safe_name(saved.game)}-{saved.match_id}.json"


def match_id_in(path: Path) -> str | None:
    """The match id in a saved match, so filing one match never removes another's."""
    try:
        data = json.loads(path.read_bytes())
        return data.get("match_id") if isinstance(data, dict) else None
    except (OSError, ValueError, RecursionError):
        return None


def autosave(paths: AppPaths, saved: SavedMatch) -> list[str]:
    """Save the unfinished match atomically (call after every action); messages on failure."""
    return save_bytes(unfinished_path(paths, saved.game), encode(saved, MATCH_VERSION), MATCH_FILE)


def discard_unfinished(paths: AppPaths, game: str) -> list[str]:
    """Forget the autosave of ``game`` (the player abandoned it)."""
    path = unfinished_path(paths, game)
    for p in (path, backup_path(path)):
        try:
            p.unlink(missing_ok=True)
        except OSError as err:
            return [f"Could not remove the saved match {p} ({err.strerror})."]
    if paths.home is not None and (home_id := match_id_in(unfinished_path(paths.home, game))):
        # The home is read-only: note that its copy is dealt with, so it is not offered again.
        try:
            write_atomic(left_path(paths, game), json.dumps({"match_id": home_id}).encode())
        except OSError as err:
            return [f"Could not note that the saved match was left ({err.strerror})."]
    return []


def left_path(paths: AppPaths, game: str) -> Path:
    return paths.unfinished_dir / f"{safe_name(game)}.left"


def left_ids(paths: AppPaths) -> set[str]:
    try:
        return {i for note in paths.unfinished_dir.glob("*.left") if (i := match_id_in(note))}
    except OSError:
        return set()
