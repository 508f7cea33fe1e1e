"""Replaying a saved match: once, and everything Continue needs comes from that one pass.

Opening a saved match applies its actions to the deal one time (``replay_pass``) and keeps what
the later steps would otherwise replay again for: the position check, who took each action and
the events it made (the moments, the undo history), clones of the position every
``SNAPSHOT_EVERY`` actions (undo), and what the log's reader knew after each action (the log,
redacted for that seat as the table said it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from cardtable.engine.position import position_check
from cardtable.engine.protocol import Action, Event, Game, State
from cardtable.engine.seat_events import known_to, redact
from cardtable.store.match_file import SavedMatch

SNAPSHOT_EVERY = 32
"""Actions between kept positions: at most this many are replayed per undo; 2,000 actions keep
about 60 clones."""


class ReplayError(Exception):
    """A saved match that does not replay to its saved position; the message says why."""


@dataclass(frozen=True)
class Step:
    """One action of a replayed match: who took it and what it did (real ids: engine side only)."""

    seat: int | None
    action: Action
    events: list[Event]


@dataclass
class Replayed:
    """What one pass over a saved match's actions found."""

    game: Game
    state: State
    """The position the actions lead to (the live state: keep playing on it)."""
    steps: list[Step] = field(default_factory=list)
    snapshots: dict[int, State] = field(default_factory=dict)
    """Clones of the position after ``n`` actions, every ``SNAPSHOT_EVERY`` (0: the deal)."""
    reader: int | None = None
    """The seat whose log ``log_lines`` tells (None: what every seat knows)."""
    known: list[frozenset[int]] = field(default_factory=list)
    """The cards ``reader`` knew after ``n`` actions (0: after the deal)."""

    def log_lines(self) -> list[str]:
        """The log's lines after the deal line, as ``reader`` saw them while it was played."""
        lines: list[str] = []
        for n, step in enumerate(self.steps):
            known = self.known[n] | self.known[n + 1]
            lines += [ev.text for ev in redact(step.events, known) if ev.text]
        return lines


def table_reader(saved: SavedMatch) -> int | None:
    """The seat whose cards the table shows: the one person at the screen, else nobody's."""
    people = [i for i, seat in enumerate(saved.seats) if seat.kind == "human"]
    return people[0] if len(people) == 1 else None


def registered_games(games: Mapping[str, Game] | None) -> Mapping[str, Game]:
    if games is not None:
        return games
    from cardtable.games import games as registered  # the registry imports every game: lazily

    return registered()


def game_of(saved: SavedMatch, games: Mapping[str, Game] | None = None) -> Game:
    game = registered_games(games).get(saved.game)
    if game is None:
        raise ReplayError(f"the game {saved.game!r} is not part of this Card Table")
    return game


def replay_pass(saved: SavedMatch, games: Mapping[str, Game] | None = None, *, log: bool = True,
                snapshot_every: int = SNAPSHOT_EVERY) -> Replayed:
    """Replay ``saved`` once from its deal; ReplayError if it does not reach its saved position.

    A save upgraded from an older format has no check yet: its actions replaying legally is the
    proof, and the check of where they lead is recorded into ``saved`` (the caller writes it).
    ``log``: note what the table's reader knows after each action, for the log.
    """
    game = game_of(saved, games)
    try:
        options = game.Options.model_validate(saved.options)
        state = game.new_state(saved.names, options, saved.seed, saved.dealer)
        reader = table_reader(saved)
        done = Replayed(game, state, snapshots={0: state.clone()}, reader=reader)
        if log:
            done.known.append(known_to(state, reader))
        for n, action in enumerate(saved.action_list(), 1):
            seat = state.to_move
            done.steps.append(Step(seat, action, state.apply(action)))
            if n % snapshot_every == 0:
                done.snapshots[n] = state.clone()
            if log:
                done.known.append(known_to(state, reader))
        ended = state.is_over and state.result() is None
    except Exception as err:  # engines raise IllegalAction, ValueError, or worse on odd data
        raise ReplayError(f"its actions no longer replay ({type(err).__name__}: {err})") from err
    if not saved.reaches(state):
        raise ReplayError("replaying its actions does not reach the saved position")
    if ended:
        raise ReplayError("its game ended without a result")
    if not saved.position_check:
        saved.position_check = position_check(state)
    return done


def replay_saved(saved: SavedMatch, games: Mapping[str, Game] | None = None) -> tuple[Game, State]:
    """The game and the position the save leads to; ReplayError if it does not get there."""
    done = replay_pass(saved, games, log=False, snapshot_every=1 << 62)
    return done.game, done.state


def positions(saved: SavedMatch, games: Mapping[str, Game] | None = None) -> list[State]:
    """Every position of a match, from the deal to the end, for stepping a replay both ways;
    ReplayError if the actions do not replay or do not reach the saved position."""
    done = replay_pass(saved, games, log=False, snapshot_every=1)
    return [done.snapshots[n] for n in range(len(done.steps) + 1)]
