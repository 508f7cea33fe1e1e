"""The Match controller: the authoritative state of one game at the table, who sits where, and
what happens between games of a sitting (losses, the dealer moving round).

It is the model of every table (the window, the self-test, a screenshot): seats are asked for their
actions through their drivers by the match loop (``cardtable.runner.loop``), each with its own view.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from pydantic import BaseModel

from cardtable.engine.position import position_check
from cardtable.engine.protocol import Action, Event, Game, IllegalAction, Result, State
from cardtable.games import get_game, parts_of
from cardtable.runner.drivers import BotService, SeatDriver
from cardtable.runner.history import History
from cardtable.store.autosaver import Autosaver
from cardtable.store.match_file import SavedMatch, SeatConfig
from cardtable.store.replay_pass import Replayed, replay_pass
from cardtable.store.unfinished import Unfinished

HOT_SEAT_UNDO = ("Undo is off when two or more people play at this table: it would take back "
                 "someone else's move.")
NO_PERSON_UNDO = "Undo is for a person playing against bots; nobody here plays by hand."
GAME_OVER_UNDO = "The game is over: it has been counted."
NOTHING_TO_UNDO = "Nothing to undo yet: you have not moved."
PRACTICE_START_UNDO = "This is where the practice began: there is no move of yours before it to undo."
PRACTICE = "practice"
"""What a review's Try it game is marked with (among the help a game had): never saved or counted."""


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = "human"
    """"human" (at this screen), "bot" or "phone" (a player holding this seat's cards on a phone)."""
    level: str = "heuristic"
    """The bot kind for a bot seat (a key of ``cardtable.ai.bot_kinds``)."""

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    @property
    def at_screen(self) -> bool:
        """A person who plays at this screen (whose hand the screen may show)."""
        return self.kind == "human"


@dataclass
class Sitting:
    """What carries from one game to the next at the same table."""

    losses: dict[str, int] = field(default_factory=dict)
    games: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    """Games won outright (first place, not a loser): what a game without losers counts."""

    def save_into(self, saved: SavedMatch) -> None:
        """Keep the sitting with the save, so Continue carries it on."""
        saved.sitting_losses, saved.sitting_games = dict(self.losses), self.games
        saved.sitting_wins = dict(self.wins)


class Match:
    undo_floor = 0
    """The actions undo never takes back: those before a practice began (a review's Try it)."""

    def __init__(self, game: str | Game, seats: list[Seat], options: BaseModel | None = None,
                 seed: int | None = None, dealer: int | None = None, sitting: Sitting | None = None,
                 saver: Autosaver | None = None) -> None:
        """A new deal; with a ``saver`` the match is autosaved after every action."""
        self.game = get_game(game) if isinstance(game, str) else game
        self.seats = list(seats)
        self.options = options if options is not None else self.game.Options()
        self.seed = seed if seed is not None else random.randrange(2**31)
        self.dealer = dealer if dealer is not None else random.Random(self.seed).randrange(len(seats))
        self._dealt_by: int | None = self.dealer
        """The dealer the deal was made with (a save may leave it to the game's lot: None)."""
        self.sitting = sitting or Sitting()
        self.saver = saver
        self.messages: list[str] = []
        """What the store had to say (a file that could not be written), for the table's log."""
        self.history = History(self._deal)
        self.assisted: set[str] = set()
        """The help this game had ("undo", "hint", "restart"): statistics count it apart."""
        self.moments: list[tuple[int, str, str]] = []
        """The notable moments so far: (actions played by then, the event's kind, its line)."""
        self.started = datetime.now(UTC)
        self._passed: Replayed | None = None
        """The pass that loaded a continued match, until the table has taken its log."""
        self.ended: datetime | None = None
        self._result: Result | None = None
        configs = [SeatConfig(name=s.name, kind=s.kind, level=s.level if s.is_bot else "") for s in seats]
        saved, self.state = SavedMatch.start(self.game, configs, self.options, self.seed, self.dealer)
        self.sitting.save_into(saved)
        self.saved: SavedMatch | None = saved if saver is not None else None
        if saver is not None:
            self.messages += saver.save(saved)

    @classmethod
    def resume(cls, found: Unfinished, saver: Autosaver | None) -> Match:
        """Continue a match left unfinished, where its autosave left it. The undo history, the
        moments and the log come from the pass that replayed it on loading (one is made here
        if it came without one), never from replaying it again."""
        saved = found.saved
        passed = found.passed if found.passed is not None else replay_pass(saved, {saved.game: found.game})
        match = cls.__new__(cls)
        match.game = found.game
        match.seats = [Seat(c.name, c.kind, c.level or "heuristic") for c in saved.seats]
        match.options = found.game.Options(**saved.options)
        match.seed = saved.seed
        match.dealer = saved.dealer if saved.dealer is not None else 0
        match._dealt_by = saved.dealer
        match.sitting = Sitting(dict(saved.sitting_losses), saved.sitting_games, dict(saved.sitting_wins))
        match.saver, match.saved, match.messages = saver, saved, []
        match.assisted = set(saved.assisted)
        match.history = History.resumed(match._deal, [(s.action, s.seat) for s in passed.steps],
                                        passed.snapshots)
        match.moments, match.started, match.ended = [], saved.started, None
        for n, step in enumerate(passed.steps, 1):
            match._note(step.events, n)
        match._passed = passed
        # a review's Try it plays on from a move of a game: its undo stops where the practice began,
        # where it went back into the game reviewed, to moves the practice never made
        match.undo_floor = len(passed.steps) if PRACTICE in saved.assisted else 0
        match._result = None
        match.state = found.state
        return match

    def log_so_far(self, reader: int | None) -> list[str] | None:
        """The log lines after the deal's of a continued match as ``reader`` saw them, from the
        pass that loaded it; None when that pass kept no log for ``reader``."""
        passed, self._passed = self._passed, None   # asked once, by the table that continues it
        if passed is None or not passed.known or passed.reader != reader:
            return None
        return passed.log_lines()

    def _note(self, events: list[Event], played: int | None = None) -> None:
        """Keep the notable events, as the game's tips name them, and the ones they count."""
        tips = parts_of(self.game).tips
        counted = tips.counted
        for ev in events:
            line = tips.moment_line(ev, self.names)
            if line or ev.kind in counted:
                self.moments.append((len(self.actions) if played is None else played, ev.kind, line))

    def _deal(self) -> State:
        return self.game.new_state(self.names, self.options, self.seed, self._dealt_by)

    @property
    def actions(self) -> list[Action]:
        return self.history.actions

    @property
    def movers(self) -> list[int | None]:
        """The seat that took each action."""
        return self.history.movers

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def human_seats(self) -> list[int]:
        """The seats of the people at this screen (not bots, not phones)."""
        return [i for i, s in enumerate(self.seats) if s.at_screen]

    @property
    def phone_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "phone"]

    def is_bot(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat].is_bot

    @property
    def stopped(self) -> bool:
        """The table plays no further move though the game goes on (a lesson once its steps are
        done); a match plays on to its end."""
        return False

    def is_remote(self, seat: int | None) -> bool:
        """The seat answers through its driver with no input at this screen (a bot or a phone)."""
        return seat is not None and not self.seats[seat].at_screen

    def legal(self) -> list[Action]:
        return self.state.legal_actions()

    def seat_driver(self, seat: int, service: BotService, think: Callable[[], float],
                    clock: Callable[[], float]) -> SeatDriver | None:
        """A driver of the match's own for ``seat`` (a lesson's script); None: the seat's kind
        decides, as for every match."""
        return None

    def play_at_screen(self, seats: list[int]) -> None:
        """These phone seats' players play at this screen instead (no phone can join): the seats
        and the save change together, so Continue finds them where the table had them."""
        for seat in seats:
            s = self.seats[seat]
            self.seats[seat] = Seat(s.name, "human", s.level)
            if self.saved is not None:
                self.saved.seats[seat] = SeatConfig(name=s.name, kind="human", level="")
        if self.saver is not None and self.saved is not None:
            self.messages += self.saver.save(self.saved)

    def apply(self, action: Action, redoing: bool = False) -> list[Event]:
        """Apply a legal action (IllegalAction otherwise, state unchanged); keep its notable
        moments. A new move (not a redo) forgets what was undone."""
        seat = self.state.to_move
        events = self.state.apply(action)
        self.history.record(action, seat, self.state)
        if not redoing:
            self.history.redo.clear()
        if self.saved is not None:
            # kept up to date even with no autosave (a review's practice game): its results'
            # replay and review read it, and showed the game only up to where the practice began
            self.saved.record(action, self.state)
        if self.saver is not None and self.saved is not None:
            self.messages += self.saver.save(self.saved)
            result = self.state.result()
            if result is not None:
                self.messages += self.saver.file_result(self.saved, result)
        self._note(events)
        return events

    def taught(self) -> tuple[Action, str] | None:
        """The move a lesson's coach asks for now, with the coach's words; None outside lessons
        (a hint then asks the hint bot)."""
        return None

    @property
    def skippable(self) -> bool:
        """Whether the bots' play may be skipped once every person is out (a lesson says not yet
        while the learner may still be shown back in)."""
        return True

    # -- undo and redo (one person against bots) ---------------------------------------------------
    def undo_blocked(self) -> str:
        """Why undo cannot be used now, in the player's words; "" when it can."""
        humans = self.human_seats
        if len(humans) > 1 or self.phone_seats:  # a phone is a person too
            return HOT_SEAT_UNDO
        if not humans:
            return NO_PERSON_UNDO
        if self.state.is_over:
            return GAME_OVER_UNDO
        n = self.history.last_decision(set(humans))
        if n is None:
            return NOTHING_TO_UNDO
        if n < self.undo_floor:
            return PRACTICE_START_UNDO
        return ""

    def undo(self) -> bool:
        """Back to the person's previous decision, the bots' moves since undone with it."""
        if self.undo_blocked():
            return False
        n = self.history.last_decision(set(self.human_seats))
        assert n is not None
        try:
            self.state = self.history.cut(n)
        except IllegalAction as err:  # a position changed by hand (a test's rig): say so, keep it
            self.messages.append(f"Undo is not possible here: the moves do not replay ({err}).")
            return False
        self.moments = [m for m in self.moments if m[0] <= n]
        self._help("undo")
        return True

    def can_redo(self) -> bool:
        return bool(self.history.redo) and not self.state.is_over

    def redo(self) -> list[tuple[int | None, Action, list[Event]]]:
        """Carry out the last undone decision again, with the moves that followed it: each
        (seat, action, events), for the table to show."""
        done = []
        for action, seat in self.history.take_redo():
            done.append((seat, action, self.apply(action, redoing=True)))
        return done

    def mark_help(self, kind: str) -> None:
        """The person used a hint (or another help): the game is counted apart."""
        self._help(kind)

    def _help(self, kind: str) -> None:
        self.assisted.add(kind)
        if self.saved is not None:
            self.saved.assisted = sorted(self.assisted)
            self.saved.record_all(self.actions, self.state)
        if self.saved is not None and self.saver is not None:
            self.messages += self.saver.save(self.saved)

    def result(self) -> Result | None:
        """The result once over; the first call also counts the losses of the sitting."""
        if self._result is None and self.state.is_over:
            self._result = self.state.result()
            self.ended = datetime.now(UTC)
            if self._result is not None:
                self.sitting.games += 1
                for seat in self._result.losers:
                    name = self.names[seat]
                    self.sitting.losses[name] = self.sitting.losses.get(name, 0) + 1
                for seat, place in enumerate(self._result.places):
                    if place == 1 and seat not in self._result.losers:
                        name = self.names[seat]
                        self.sitting.wins[name] = self.sitting.wins.get(name, 0) + 1
        return self._result

    def loss_banners(self) -> list[str]:
        res = self.result()
        if res is None:
            return []
        lines = []
        for seat in res.losers:
            name = self.names[seat]
            line = self.game.loss_banner(name, self.sitting.losses.get(name, 0))
            if line:
                lines.append(line)
        return lines

    def rematch(self, saver: Autosaver | None = None) -> Match:
        """The next game of the sitting: same seats and options, the deal passing to the left.
        ``saver``: the next game's autosave when this game had none (a practice game: Play again
        after it began a real game that was never saved or counted)."""
        return Match(self.game, self.seats, self.options, random.randrange(2**31),
                     (self.dealer + 1) % len(self.seats), self.sitting, self.saver or saver)

    def restart(self) -> Match:
        """The same deal again from the start, as a new game. A person alone against bots now
        knows the cards, so the game counts with the helped ones. A practice starts again where
        it began (it dealt the reviewed game again from its first move, unsaved and unmarked)."""
        if self.undo_floor and self.saved is not None:
            state = self.history.position(self.undo_floor)
            again_file = self.saved.model_copy(deep=True, update={
                "match_id": secrets.token_hex(8), "actions": self.saved.actions[:self.undo_floor],
                "outcome": None, "position_check": position_check(state), "started": datetime.now(UTC)})
            again = Match.resume(Unfinished(again_file, self.game, state), None)
            again.messages.append(f"Practice from move {self.undo_floor + 1} again: this game is not "
                                  "saved or counted.")   # as the log said when the practice began
            return again
        again = Match(self.game, self.seats, self.options, self.seed, self.dealer, self.sitting,
                      self.saver)
        if len(self.human_seats) == 1:
            again.mark_help("restart")
        return again
