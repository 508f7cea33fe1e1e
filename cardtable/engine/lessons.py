"""Lessons: a game taught at the real table, one rule at a time, on a stacked deal.

A game's lessons are plain data in its folder (``lessons.py``: ``LESSONS``, a list of dicts) read
into the models here. A lesson is a deal (the cards that matter, by zone), the options, and steps:
what the coach says, what to light, the move or moves that pass, and the other seats' scripted
moves after it; then a short free stretch the player plays alone, and a one-line summary.

Everything here is game-independent and runs on the engine protocol only: ``LessonRun`` plays a
lesson (the table's lesson player drives one), ``check_lesson`` plays it headless by its expected
moves and tries a wrong move at every step. Moves are written in words ("play 7h 7s", "choose Ben",
"declare lower", "play_down @1") and matched against the legal actions, so a move that is not
legal at its step is caught when the lesson is loaded, never when a player meets it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, MutableSequence, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cardtable.engine.cards import HIDDEN, card_name, parse_card
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import Action, Event, Game, IllegalAction, State
from cardtable.engine.rng import Rng

PLAYER = 0
"""The learner's seat in every lesson."""


class Step(BaseModel):
    """One thing the learner does, with the coach's words for it."""

    model_config = ConfigDict(extra="forbid")

    coach: str = Field(min_length=1)
    """What to do and why, in players' words."""
    moves: list[str] = Field(min_length=1)
    """The moves that pass (the first is the one the coach shows)."""
    wrong: str = Field(min_length=1)
    """The coach's reason when any other move is tried at this step."""
    light: list[str] = []
    """What the coach points at: the learner's or public cards ("7h") and places ("discard")."""
    then: list[str] = []
    """The other seats' scripted moves after the learner's, in order."""


class Lesson(BaseModel):
    """A lesson: a stacked deal, steps, a free stretch and a summary."""

    model_config = ConfigDict(extra="forbid")

    key: str = Field(min_length=1, pattern=r"^[a-z0-9-]+$")
    title: str = Field(min_length=1)
    summary: str = Field(min_length=1)
    """The one line of what the learner learned, shown at the end."""
    players: list[str] = Field(min_length=2)
    """The seats' names; the learner sits first."""
    dealer: int = -1
    """The dealer's seat; -1: the last seat, so the learner starts."""
    options: dict[str, Any] = {}
    deal: dict[str, str] = {}
    """Zone to cards ("hand/0": "7h 5s 2c"), filling the zone from its first place; a zone name
    ending in "^" fills a pile from its top down ("source^": "Ah 9c": the A is drawn first).
    Cards not named are dealt to the other places in the pack's own order."""
    seed: int = 1
    """The random stream for anything after the stacked deal (later shuffles, free-stretch bots)."""
    opening: list[str] = []
    """Other seats' scripted moves before the first step."""
    steps: list[Step] = Field(min_length=1)
    free: int = Field(0, ge=0, le=20)
    """Decisions the learner makes alone at the end, against the table's bots."""
    free_coach: str = ""
    """What the coach says as the free stretch starts."""


class LessonError(ValueError):
    """A lesson that cannot be played: names the game, the lesson and the step."""


def _where(game: Game, lesson: str, step: int | None) -> str:
    at = f"{game.title} lesson {lesson!r}"
    return at if step is None else f"{at}, step {step + 1}"


# -- moves in words ------------------------------------------------------------------------------
def _card(token: str, pack: Sequence[int]) -> int | None:
    """A card named in a lesson ("7h", "10♣", "RJ", "7h#2" for the second pack's), or None."""
    name, _, copy = token.partition("#")
    try:
        card = parse_card(name, int(copy) - 1 if copy else 0)
    except ValueError:
        return None
    return card if card in pack else None


def card_of(token: str, pack: Sequence[int]) -> int | None:
    """The card a lesson names in ``token`` if it is one of ``pack``'s, else None (a place)."""
    return _card(token, pack)


def cards_of(text: str, pack: Sequence[int]) -> list[int]:
    """The cards a lesson names, each checked to be in the game's pack."""
    out = []
    for token in text.split():
        card = _card(token, pack)
        if card is None:
            raise ValueError(f"{token!r} is not a card of this game's pack")
        out.append(card)
    return out


def parse_move(text: str, state: State) -> Action:
    """The legal action a lesson's move names: "KIND [cards] [@N or a seat's name] [choice]".

    Cards match as a set; a seat's name or "@N" is the target; a remaining word is the choice.
    Raises ValueError (saying why) when no legal action of the seat to move matches."""
    words = text.split()
    if not words:
        raise ValueError("an empty move")
    kind, rest = words[0], words[1:]
    pack = state.all_cards()
    cards: list[int] = []
    target = -1
    choice: list[str] = []
    names = [n.lower() for n in state.names]
    for w in rest:
        card = _card(w, pack)
        if card is not None:
            cards.append(card)
        elif w.startswith("@") and w[1:].isdigit():
            target = int(w[1:])
        elif w.lower() in names:
            target = names.index(w.lower())
        else:
            choice.append(w)
    want = (kind, sorted(cards), target, " ".join(choice))
    legal = state.legal_actions()
    for a in legal:
        if (a.kind, sorted(a.cards), a.target, a.choice) == want:
            return a
    who = state.names[state.to_move] if state.to_move is not None else "nobody (the game is over)"
    raise ValueError(f"{text!r} is not a legal move for {who} here; legal: "
                     + "; ".join(state.describe(a) for a in legal[:12]) + ("…" if len(legal) > 12 else ""))


# -- the stacked deal ----------------------------------------------------------------------------
def deck_order(game: Game, lesson: Lesson) -> list[int]:
    """The pack order that deals ``lesson.deal``: dealt once with the pack left as the game hands
    it to its shuffle, to see which place of the pack lands where, then the named cards put in
    those places and the rest in the pack's own order."""
    options = game.Options(**lesson.options)
    probe_rng = _ProbeRng(lesson.seed)
    probe = game._deal(tuple(lesson.players), options, probe_rng, _dealer(lesson))
    pack = probe_rng.pack
    if pack is None:
        raise ValueError(f"{game.title}'s deal shuffles nothing: it cannot be stacked")
    place_of = {card: i for i, card in enumerate(pack)}
    zones = probe.zones()
    order: list[int | None] = [None] * len(pack)
    used: set[int] = set()
    for key, text in lesson.deal.items():
        top_down = key.endswith("^")
        zone = key.rstrip("^")
        if zone not in zones:
            raise ValueError(f"the deal names {zone!r}, which is no place of this game at the deal "
                             f"(places: {', '.join(zones)})")
        places = zones[zone][::-1] if top_down else zones[zone]
        cards = cards_of(text, pack)
        if len(cards) > len(places):
            raise ValueError(f"the deal puts {len(cards)} cards in {zone!r}, which holds {len(places)}")
        for card, dealt in zip(cards, places, strict=False):
            if card in used:
                raise ValueError(f"the deal names {card_name(card)} twice")
            used.add(card)
            order[place_of[dealt]] = card
    rest = iter(c for c in pack if c not in used)
    return [c if c is not None else next(rest) for c in order]


def _dealer(lesson: Lesson) -> int:
    return lesson.dealer if lesson.dealer >= 0 else len(lesson.players) - 1


class _ProbeRng(Rng):
    """A stream whose first shuffle records the pack and leaves it as it is."""

    __slots__ = ("pack",)

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.pack: list[int] | None = None

    def shuffle(self, items: MutableSequence[Any]) -> None:
        if self.pack is None:
            self.pack = list(items)
            return
        super().shuffle(items)


def lesson_state(game: Game, lesson: Lesson) -> State:
    """The lesson's deal, before any move."""
    options = game.Options(**lesson.options)
    deck = deck_order(game, lesson)
    return game.new_state(lesson.players, options, lesson.seed, _dealer(lesson), deck=deck)


# -- playing a lesson ----------------------------------------------------------------------------
@dataclass
class Refusal:
    """A move the lesson does not take at this step: the reason; nothing changed."""

    reason: str
    coach: bool = False
    """The reason is the coach's words for this step (the rules may allow the move), not a rule."""


class CoachRefusal(IllegalAction):
    """A move the rules may allow but the lesson's step does not take: the message is the coach's
    words, so the table says them as the coach's, not as a rule that forbids the move."""


@dataclass
class LessonRun:
    """A lesson being played: the state, the step the learner is at, and the other seats' moves
    due next. The table asks ``due_script`` for the next scripted move, animates it, then
    ``play_script``; the learner's move goes through ``try_move``."""

    game: Game
    lesson: Lesson
    state: State
    step: int = 0
    script: list[str] = field(default_factory=list)
    free_left: int = 0
    events: list[Event] = field(default_factory=list)

    @classmethod
    def start(cls, game: Game, lesson: Lesson) -> LessonRun:
        run = cls(game, lesson, lesson_state(game, lesson), script=list(lesson.opening))
        run.free_left = lesson.free
        return run

    @property
    def current(self) -> Step | None:
        """The step the learner is at; None in the free stretch or after."""
        return self.lesson.steps[self.step] if self.step < len(self.lesson.steps) else None

    @property
    def in_free_stretch(self) -> bool:
        return self.current is None and self.free_left > 0 and not self.state.is_over

    @property
    def finished(self) -> bool:
        return self.current is None and not self.script and (self.free_left <= 0 or self.state.is_over)

    def coach_text(self) -> str:
        step = self.current
        if step is not None:
            return step.coach
        if self.in_free_stretch:
            return self.lesson.free_coach or "Your turn to decide alone now."
        return self.lesson.summary

    def due_script(self) -> Action | None:
        """The next scripted move of another seat, if one is due now."""
        if not self.script:
            return None
        return parse_move(self.script[0], self.state)

    def play_script(self) -> list[Event]:
        action = self.due_script()
        assert action is not None
        if self.state.to_move == PLAYER:
            raise ValueError(f"the scripted move {self.script[0]!r} comes when it is the learner's turn")
        self.script.pop(0)
        return self._apply(action)

    def expected(self) -> list[Action]:
        """The moves that pass at this step (empty in the free stretch: any legal move passes)."""
        step = self.current
        return [] if step is None else [parse_move(m, self.state) for m in step.moves]

    def try_move(self, action: Action) -> Refusal | list[Event]:
        """The learner's move: taken if it passes this step (or is legal in the free stretch),
        otherwise refused with the coach's reason, changing nothing."""
        step = self.current
        if self.script or self.state.to_move != PLAYER:
            return Refusal("Wait a moment: the others are still playing.")
        if step is None:
            if not self.in_free_stretch or action not in self.state.legal_actions():
                over = self.state.is_over
                return Refusal(self.lesson.summary if over else self.state.why_illegal(action))
            self.free_left -= 1
            return self._apply(action)
        if action not in self.expected():
            return Refusal(step.wrong, coach=True)
        events = self._apply(action)
        self.script = list(step.then)
        self.step += 1
        return events

    def _apply(self, action: Action) -> list[Event]:
        events = self.state.apply(action)
        self.events.extend(events)
        return events


# -- checking a lesson ---------------------------------------------------------------------------
Coverage = Callable[[State, Action, list[Event], State], Iterable[str]]
"""A game's reading of one applied action: the rule-book items it put in play (from the events
and the positions before and after, never from a lesson's text)."""


@dataclass
class CheckReport:
    lessons: int = 0
    steps: int = 0
    covered: set[str] = field(default_factory=set)
    problems: list[str] = field(default_factory=list)


def _wrong_move(run: LessonRun) -> Action:
    """A move that should be refused at this step: another legal one if there is one, else a
    play of a card the learner does not hold."""
    expected = run.expected()
    for a in run.state.legal_actions():
        if a not in expected:
            return a
    return Action("play", (HIDDEN,))


def check_lesson(game: Game, lesson: Lesson, coverage: Coverage | None = None,
                 free_player: Callable[[State], Action] | None = None) -> CheckReport:
    """Play ``lesson`` by its expected moves, try a wrong move at every step (refused with that
    step's reason, the position unchanged), try every other passing move, then the free stretch
    (``free_player`` choosing the learner's moves and the scripted seats' alike; the first legal
    move without one). Lit cards must be ones the learner may see."""
    report = CheckReport(lessons=1, steps=len(lesson.steps))
    try:
        run = LessonRun.start(game, lesson)
    except (ValueError, TypeError, ValidationError) as e:
        report.problems.append(f"{_where(game, lesson.key, None)}: the deal: {e}")
        return report

    def apply_tracked(act: Callable[[], list[Event]], action: Action) -> None:
        before = run.state.clone()
        events = act()
        if coverage is not None:
            report.covered.update(coverage(before, action, events, run.state))

    def play_scripts(at: int | None) -> bool:
        while run.script:
            try:
                action = run.due_script()
                assert action is not None
                apply_tracked(run.play_script, action)
            except ValueError as e:
                report.problems.append(f"{_where(game, lesson.key, at)}: scripted move: {e}")
                return False
        return True

    if not play_scripts(None):
        return report
    for i, step in enumerate(lesson.steps):
        where = _where(game, lesson.key, i)
        expected = _check_step(run, step, i, where, report.problems)
        if expected is None:
            return report
        for alt in expected[1:]:  # every other passing move must leave the script legal
            problem = _try_branch(game, run, alt)
            if problem:
                report.problems.append(f"{where}: after {run.state.describe(alt)}: {problem}")
        apply_tracked(partial(_move_taken, run, expected[0]), expected[0])
        if not play_scripts(i):
            return report
    _free_stretch(run, free_player)
    return report


def _check_step(run: LessonRun, step: Step, i: int, where: str, problems: list[str]) -> list[Action] | None:
    """The learner's turn at step ``i``: the moves that pass (None, with the problem noted, when
    the step cannot go on), its lights the learner may see, a wrong move refused with the step's
    reason and the position unchanged."""
    if run.state.to_move != PLAYER:
        who = run.state.to_move
        mover = "the game is over" if who is None else run.state.names[who] + " moves"
        problems.append(f"{where}: it is not the learner's turn here ({mover})")
        return None
    try:
        expected = run.expected()
    except ValueError as e:
        problems.append(f"{where}: {e}")
        return None
    view = run.state.view(PLAYER)
    visible = {c for cards in view.card_lists() for c in cards if c != HIDDEN}
    for thing in step.light:
        card = _card(thing, run.state.all_cards())
        if card is not None and card not in visible:
            problems.append(f"{where}: lights {thing}, a card the learner cannot see")
        elif card is None and thing not in run.state.zones():
            problems.append(f"{where}: lights {thing!r}, neither a card nor a place")
    mark = fingerprint(run.state)
    wrong = _wrong_move(run)
    refused = run.try_move(wrong)
    if not isinstance(refused, Refusal) or refused.reason != step.wrong:
        problems.append(f"{where}: the wrong move {run.state.describe(wrong)} was not refused with the "
                        "step's reason")
        return None
    if fingerprint(run.state) != mark or run.step != i:
        problems.append(f"{where}: a refused move changed the position")
        return None
    return expected


def _free_stretch(run: LessonRun, free_player: Callable[[State], Action] | None) -> None:
    """The free stretch, ``free_player`` choosing every seat's moves (the first legal move without
    one). Its moves are the learner's own: they count for nothing in the coverage."""
    while run.in_free_stretch or (run.free_left > 0 and not run.state.is_over
                                  and run.state.to_move != PLAYER):
        state = run.state
        assert state.to_move is not None
        action = free_player(state) if free_player else state.legal_actions()[0]
        if state.to_move == PLAYER:
            _move_taken(run, action)
        else:
            run._apply(action)


def _move_taken(run: LessonRun, action: Action) -> list[Event]:
    """The lesson's expected move, made: its events (a refusal is a fault in the lesson)."""
    result = run.try_move(action)
    if isinstance(result, Refusal):
        raise ValueError(f"the expected move was refused: {result.reason}")
    return result


def _try_branch(game: Game, run: LessonRun, action: Action) -> str:
    """The rest of the lesson after another passing move at this step, on a copy: "" if every
    later scripted and expected move is still legal."""
    branch = LessonRun(game, run.lesson, run.state.clone(), run.step, list(run.script), run.free_left)
    try:
        _move_taken(branch, action)
        while branch.current is not None or branch.script:
            while branch.script:
                branch.play_script()
            if branch.current is not None:
                _move_taken(branch, branch.expected()[0])
    except ValueError as e:
        return str(e)
    return ""


# -- loading a game's lessons --------------------------------------------------------------------
class LessonBook(tuple):  # type: ignore[type-arg]
    """A game's lessons as its ``PARTS`` declares them: the lesson records (plain dicts, read into
    ``Lesson`` when loaded), with what the checker needs: the game's ``coverage`` reader and the
    rule-book items the lessons must put in play (``required``). A tuple, so a game with none
    declares ``()``."""

    coverage: Coverage | None
    required: tuple[str, ...]

    def __new__(cls, lessons: Iterable[dict[str, Any]] = (), coverage: Coverage | None = None,
                required: Iterable[str] = ()) -> LessonBook:
        book = super().__new__(cls, tuple(lessons))
        book.coverage = coverage
        book.required = tuple(required)
        return book

@dataclass
class GameLessons:
    """A game's lessons as loaded: the good ones, and for each bad one what is wrong with it (the
    game and the rest of its lessons stay playable)."""

    lessons: list[Lesson] = field(default_factory=list)
    unavailable: dict[str, str] = field(default_factory=dict)


def load_lessons(game: Game, book: Sequence[dict[str, Any]]) -> GameLessons:
    """Validate a game's lesson data: each lesson read into the model and played through by its
    expected moves. A bad one is set aside with a message naming the game, lesson and step."""
    raw = book
    coverage = book.coverage if isinstance(book, LessonBook) else None
    out = GameLessons()
    for n, data in enumerate(raw):
        key = str(data.get("key", f"number {n + 1}")) if isinstance(data, dict) else f"number {n + 1}"
        try:
            lesson = Lesson.model_validate(data)
        except ValidationError as e:
            first = e.errors()[0]
            loc = ".".join(str(p) for p in first["loc"])
            step = first["loc"][1] if len(first["loc"]) > 1 and first["loc"][0] == "steps" else None
            where = _where(game, key, step if isinstance(step, int) else None)
            out.unavailable[key] = f"{where}: {loc}: {first['msg']}"
            continue
        report = check_lesson(game, lesson, coverage)
        if report.problems:
            out.unavailable[key] = report.problems[0]
        else:
            out.lessons.append(lesson)
    return out


def check_game_lessons(game: Game, book: LessonBook) -> tuple[str, list[str]]:
    """Every lesson of a game checked: one line saying how many lessons and steps and what they
    put in play, and every problem (a lesson that fails, a bad record, an item of the book's
    ``required`` that no lesson puts in play, a game with no lessons at all)."""
    raw = book
    coverage = book.coverage
    required = book.required
    total = CheckReport(lessons=0)
    for n, data in enumerate(raw):
        try:
            lesson = Lesson.model_validate(data)
        except ValidationError as e:
            key = data.get("key", f"number {n + 1}") if isinstance(data, dict) else f"number {n + 1}"
            first = e.errors()[0]
            total.problems.append(f"{_where(game, str(key), None)}: {first['loc']}: {first['msg']}")
            continue
        report = check_lesson(game, lesson, coverage)
        total.lessons += 1
        total.steps += report.steps
        total.covered |= report.covered
        total.problems += report.problems
    if not raw:
        total.problems.append(f"{game.title}: no lessons")
    missing = [item for item in required if item not in total.covered]
    if missing:
        total.problems.append(f"{game.title}: no lesson puts in play: {', '.join(missing)}")
    shown = [item for item in required if item in total.covered] or sorted(total.covered)
    lessons = f"{total.lessons} lesson{'' if total.lessons == 1 else 's'}"
    line = (f"{game.title}: {lessons}, {total.steps} steps; in play: "
            f"{', '.join(shown) if shown else 'nothing checked'}")
    return line, total.problems
