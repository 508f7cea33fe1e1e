"""How long each game's lessons take a newcomer, estimated from the lessons themselves: the words
the coach says (read at 180 words a minute), a few seconds to find and make each move, and the
other seats' scripted moves at the table's default pace (a bot's least thinking time plus the
cards' flight). Prints one line per lesson and a total per game, against the issue's targets
(Cunt-Soul under 15 minutes, every other game under 5).

    .venv/bin/python scripts/lesson_lengths.py
"""

from __future__ import annotations

from cardtable.engine.lessons import LessonRun
from cardtable.games import games, lessons_of
from cardtable.store.settings import Settings

READ_WPM = 180
ACT_S = 4.0
"""Finding the card or button the coach lit and making the move."""
FLIGHT_S = 0.6
"""A scripted move's cards in flight, at the normal animation speed."""
FREE_DECISION_S = 10.0
TARGET_MIN = {"cunt-soul": 15.0}


def lesson_seconds(game, lesson) -> tuple[float, int, int]:
    """(seconds, the learner's moves, the other seats' scripted moves)."""
    think = Settings().bot_think_ms / 1000
    words = sum(len(s.coach.split()) for s in lesson.steps) + len(lesson.free_coach.split()) \
        + len(lesson.summary.split())
    run = LessonRun.start(game, lesson)
    scripted = len(lesson.opening) + sum(len(s.then) for s in lesson.steps)
    seconds = words / READ_WPM * 60 + len(lesson.steps) * ACT_S + scripted * (think + FLIGHT_S)
    others = len(lesson.players) - 1  # each free decision waits for the others' turns
    seconds += lesson.free * (FREE_DECISION_S + others * (think + FLIGHT_S))
    assert run.state is not None
    return seconds, len(lesson.steps), scripted


def main() -> None:
    for name, game in games().items():
        total = 0.0
        for lesson in lessons_of(game).lessons:
            s, moves, scripted = lesson_seconds(game, lesson)
            total += s
            print(f"  {game.title} / {lesson.title}: {s / 60:.1f} min ({moves} moves, {scripted} scripted, "
                  f"{lesson.free} free)")
        target = TARGET_MIN.get(name, 5.0)
        print(f"{game.title}: {total / 60:.1f} min in all (target under {target:g})")


if __name__ == "__main__":
    main()
