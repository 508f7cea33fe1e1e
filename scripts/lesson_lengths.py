"""How long each game's lessons take a newcomer: the time the real table takes (measured, headless,
at the default pace: the deal, each scripted move's thinking time and its cards in flight, burns,
pickups and banners) plus what the learner does (estimated): reading everything the coach says
at 180 words a minute, then finding and making each move (a few seconds, and more for each card
picked beyond the first), and thinking over each free decision. Prints one line per lesson and a
total per game, against the issue's targets (Cunt-Soul under 15 minutes, every other game under 5).

    .venv/bin/python scripts/lesson_lengths.py [GAME...]

The learner here makes each step's move at the first moment the table lets them and never makes a
wrong move: a newcomer who tries a wrong move also reads the coach's reason, so this is the least
a lesson takes, not the most.
"""

from __future__ import annotations

import os
import sys
import tempfile
from dataclasses import dataclass

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from cardtable.ai.worker import InlineBots
from cardtable.engine.lessons import PLAYER, Lesson
from cardtable.engine.protocol import Action
from cardtable.games import games, lessons_of
from cardtable.store.paths import app_paths
from cardtable.store.settings import Settings

READ_WPM = 180
ACT_S = 4.0
"""Finding the card or button the coach lit and making the move."""
PER_CARD_S = 1.5
"""Each card picked for a move beyond the first (a pair, a swap of three)."""
FREE_DECISION_S = 10.0
"""Deciding a free-stretch move alone (when there is more than one)."""
FRAME_S = 1 / 30
TARGET_MIN = {"cunt-soul": 15.0}


@dataclass
class Length:
    table_s: float = 0.0
    """The table's own time: the learner waits for it."""
    read_s: float = 0.0
    act_s: float = 0.0
    moves: int = 0
    scripted: int = 0
    free: int = 0

    @property
    def seconds(self) -> float:
        return self.table_s + self.read_s + self.act_s


def _reading(words: str) -> float:
    return len(words.split()) / READ_WPM * 60


def _acting(action: Action) -> float:
    return ACT_S + PER_CARD_S * max(0, len(action.cards) - 1)


def lesson_length(game_name: str, lesson: Lesson, home: str) -> Length:
    """Play ``lesson`` at the real table (headless, default pace, a virtual clock): the table's
    time from the deal to the summary, while the learner's own time is added, not waited."""
    from cardtable.ui.app import App
    from cardtable.ui.lessons import start_lesson
    from cardtable.ui.scenes.coach import OUT

    now = [1000.0]
    app = App(Settings(sound_on=False), paths=app_paths(home), bots=InlineBots(), size=(1280, 800))
    app.input.clock = lambda: now[0]
    app.now = now[0]
    start_lesson(app, game_name, lesson)
    coach = app.top
    table = app.find("table")
    match = table.match
    run = match.run
    out = Length(scripted=len(lesson.opening) + sum(len(s.then) for s in lesson.steps))
    out.read_s = _reading(lesson.summary)
    free_said = skipped = False
    for _ in range(200_000):
        now[0] += FRAME_S
        app.step(now[0])
        if coach.over:
            break
        if table.skip_offered and not skipped:
            # out for good while the others play the game out: the coach says to skip it
            out.read_s += _reading(OUT)
            out.act_s += ACT_S
            table.skip()
            skipped = True
            continue
        if table.busy(now[0]) or match.state.to_move != PLAYER or run.script or not table.my_turn():
            out.table_s += FRAME_S
            continue
        step = run.current
        if step is not None:
            out.read_s += _reading(step.coach)
            action = run.expected()[0]
            out.act_s += _acting(action)
            out.moves += 1
        else:
            if not free_said:
                out.read_s += _reading(run.coach_text())
                free_said = True
            legal = match.legal()
            action = legal[0]
            # a real choice takes thought; the only move there is (Cersei's flip) is just made
            out.act_s += FREE_DECISION_S if len(legal) > 1 else ACT_S
            out.free += 1
        table.apply(action)
    else:
        raise RuntimeError(f"{lesson.key} did not end")
    return out


def main(names: list[str]) -> None:
    with tempfile.TemporaryDirectory() as home:
        for name, game in games().items():
            if names and name not in names:
                continue
            total = 0.0
            for lesson in lessons_of(game).lessons:
                n = lesson_length(name, lesson, home)
                total += n.seconds
                print(f"  {game.title} / {lesson.title}: {n.seconds / 60:.1f} min (table {n.table_s:.0f} s, "
                      f"reading {n.read_s:.0f} s, moves {n.act_s:.0f} s; {n.moves} moves, {n.scripted} "
                      f"scripted, {n.free} free)")
            target = TARGET_MIN.get(name, 5.0)
            print(f"{game.title}: {total / 60:.1f} min in all (target under {target:g})", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
