"""A lesson at the real table: a ``Match`` whose state is a lesson's stacked deal, whose learner's
moves pass the coach's step first, and whose other seats play the lesson's script (then, in the
free stretch, the table's bots).

A lesson is never autosaved (it has no saver): it does not replace an unfinished match, and it is
never filed, so statistics never count it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardtable.engine.lessons import PLAYER, CoachRefusal, Lesson, LessonRun, Refusal
from cardtable.engine.protocol import Action, Event, Game, IllegalAction, State
from cardtable.runner.drivers import BotSeat, BotService, SeatDriver
from cardtable.runner.history import History
from cardtable.runner.match import Match, Seat

LESSON_UNDO = "Undo is off in a lesson: the coach takes you through it one move at a time."
FREE_LEVEL = "normal"
"""The level of the other seats' bots in a lesson's free stretch."""


class LessonMatch(Match):
    """One lesson being played at the table. ``refusals`` counts the learner's moves the coach
    refused (the coach shows the step again each time)."""

    def __init__(self, game: Game, lesson: Lesson) -> None:
        names = lesson.players
        seats = [Seat(names[0], "human")] + [Seat(n, "bot", FREE_LEVEL) for n in names[1:]]
        self.lesson = lesson
        self.run = LessonRun.start(game, lesson)
        dealer = lesson.dealer if lesson.dealer >= 0 else len(names) - 1
        super().__init__(game, seats, game.Options(**lesson.options), lesson.seed, dealer, saver=None)
        self.state = self.run.state
        self.history = History(self._deal)
        self.refusals = 0

    def _deal(self) -> State:
        return LessonRun.start(self.game, self.lesson).state

    def seat_driver(self, seat: int, service: BotService, think: Callable[[], float],
                    clock: Callable[[], float]) -> SeatDriver | None:
        """The learner answers at the screen as usual; every other seat plays the script, then in
        the free stretch is a bot like any other."""
        if seat == PLAYER:
            return None
        bot = BotSeat(service, self.game.name, FREE_LEVEL, seat, self.seed + seat, self.names[seat],
                      think, clock)
        return ScriptSeat(self.run, bot, think, clock)

    def apply(self, action: Action, redoing: bool = False) -> list[Event]:
        """The learner's move passes the coach's step or is refused with the coach's reason (an
        IllegalAction, so the table says it and changes nothing); another seat's is the script's."""
        seat = self.state.to_move
        if seat == PLAYER:
            done = self.run.try_move(action)
            if isinstance(done, Refusal):
                self.refusals += 1
                raise (CoachRefusal if done.coach else IllegalAction)(done.reason)
            events = done
        elif self.run.script:
            due = self.run.due_script()
            if action != due:
                raise IllegalAction("the lesson's script plays this seat")
            events = self.run.play_script()
        else:
            events = self.run._apply(action)
        self.history.record(action, seat, self.state)
        self._note(events)
        return events

    def undo_blocked(self) -> str:
        return LESSON_UNDO

    def taught(self) -> tuple[Action, str] | None:
        """The step's move and the coach's short reason for it: a hint in a lesson must not
        contradict the coach (the hint bot's own move would be refused), and the coach's whole step
        is on screen already (repeated by the cards it was cut off after three lines)."""
        step, expected = self.run.current, self.run.expected()
        if step is None or not expected:
            return None
        return expected[0], step.wrong

    @property
    def skippable(self) -> bool:
        """Only once the learner has no step left: out before it, they are coming back in."""
        return self.run.current is None

    @property
    def finished(self) -> bool:
        """The lesson is over (the steps and the free stretch done, or the game ended)."""
        return self.run.finished

    @property
    def stopped(self) -> bool:
        return self.finished


class ScriptSeat(SeatDriver):
    """A seat the lesson plays: its scripted move, shown after the table's usual thinking time;
    in the free stretch it asks its bot."""

    is_bot = True

    def __init__(self, run: LessonRun, bot: BotSeat, think: Callable[[], float],
                 clock: Callable[[], float]) -> None:
        super().__init__()
        self.run, self.bot, self.think, self.clock = run, bot, think, clock
        self.due: Action | None = None
        self.asked_at = 0.0

    @property
    def request(self) -> int | None:
        return self.bot.request

    @property
    def thinking(self) -> bool:
        return self.bot.thinking

    def offer(self, view: State, legal: Sequence[Action]) -> None:
        self.due = self.run.due_script() if self.run.script else None
        self.asked_at = self.clock()
        if self.due is None:
            self.bot.offer(view, legal)

    def poll(self) -> Action | None:
        if self.due is None:
            return self.bot.poll()
        if self.clock() - self.asked_at < self.think():
            return None
        due, self.due = self.due, None
        return due

    def withdraw(self) -> None:
        self.due = None
        self.bot.withdraw()
