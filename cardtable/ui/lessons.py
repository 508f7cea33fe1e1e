"""Lessons for the screens: which are done (remembered in the settings), and opening one at the
table with the coach over it. Shared by the Learn screen and the coach (scenes do not import
scenes)."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.engine.lessons import Lesson
from cardtable.engine.protocol import Action
from cardtable.games import get_game, lessons_of
from cardtable.runner.lesson import LessonMatch

SEVERAL = ("To play several cards, click each one to choose it, then drag one of them onto the pile "
           "(or press Enter).")


def coach_refusal(reason: str, tried: Action, taught: Action | None) -> str:
    """The coach's words for a refused move, and how to choose several cards when the learner
    played some of the cards the step asks for: "Play all three 8s together" does not say how, and
    a newcomer who drags one 8 is told the same words again (found walking Takku-Sum's first
    lesson)."""
    if (taught is not None and tried.kind == taught.kind and len(taught.cards) > 1
            and set(tried.cards) < set(taught.cards)):
        return f"{reason} {SEVERAL}"
    return reason


def refusal_words(reason: str, tried: Action, coach: bool, taught: tuple[Action, str] | None) -> str:
    """What the table says of a refused move: the rule that forbids it, or in a lesson the coach's
    words for the step (``taught``: the step's move and words)."""
    if not coach:
        return f"Not allowed: {reason}"
    return "Coach: " + coach_refusal(reason, tried, taught[0] if taught else None)


def lesson_id(game: str, lesson: Lesson) -> str:
    """How a finished lesson is remembered in the settings."""
    return f"{game}/{lesson.key}"


def done_count(app, game: str) -> tuple[int, int]:
    """(lessons done, lessons available) for ``game``."""
    lessons = lessons_of(get_game(game)).lessons
    done = set(app.settings.lessons_done)
    return sum(lesson_id(game, le) in done for le in lessons), len(lessons)


def has_lessons(game: str) -> bool:
    return bool(lessons_of(get_game(game)).lessons)


def start_lesson(app, game: str, lesson: Lesson, on_done: Callable[[], None] | None = None) -> None:
    """Open ``lesson`` at the table with the coach over it. The lesson is the game's introduction:
    the table's first-game How to play is not opened over it (it stays in the menu)."""
    seen = app.settings.how_to_play_seen
    if game not in seen and app.paths is not None:
        app.settings.how_to_play_seen = [*seen, game]
        app.save_settings()
    match = LessonMatch(get_game(game), lesson)
    app.push("table", match=match)
    app.push("coach", match=match, on_done=on_done)


def mark_done(app, game: str, lesson: Lesson) -> None:
    key = lesson_id(game, lesson)
    if key not in app.settings.lessons_done:
        app.settings.lessons_done = [*app.settings.lessons_done, key]
        app.save_settings()
