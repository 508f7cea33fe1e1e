"""A seat named "You" (every lesson's learner) in the game's lines (issue 25): the games say
"Ann chooses" of every seat, so a seat called You reads "You choose", "You have", "your turn",
"to you", in the log, the banner and the results alike."""

from __future__ import annotations

import re

import pytest

from cardtable.engine.lessons import PLAYER, LessonRun
from cardtable.engine.words import in_second_person
from cardtable.games import get_game, lessons_of
from cardtable.runner.log_lines import deal_line, log_lines

NAMES = ["You", "Ann", "Ben"]


@pytest.mark.parametrize(("said", "read"), [
    ("You chooses three face-up cards", "You choose three face-up cards"),
    ("You plays 7♥", "You play 7♥"),
    ("You passes", "You pass"),
    ("You goes again", "You go again"),
    ("You has 12 points and wins the match", "You have 12 points and win the match"),
    ("You is the Shithead", "You are the Shithead"),
    ("Library Boy! You holds 12 cards", "Library Boy! You hold 12 cards"),
    ("Ann shows a 3 to You: You picks up the pile (9 cards)",
     "Ann shows a 3 to you: You pick up the pile (9 cards)"),
    ("2♠ ends You's turn: You keeps it", "2♠ ends your turn: You keep it"),
    ("You turns the A♠: the round is over and You pays", "You turn the A♠: the round is over and you pay"),
    ("Field J: You chooses Ann to play next", "Field J: You choose Ann to play next"),
    ("You drew a 5", "You drew a 5"),
    # walking Shithead's first lesson the log read "You hold the 4♣ and opens"
    ("You holds the 4♣ and opens", "You hold the 4♣ and open"),
    ("You stops and banks 4 cards", "You stop and bank 4 cards"),
    # walking Fscking Ace's lesson: "You open the next round, or ends the sitting"
    ("You opens the next round, or ends the sitting", "You open the next round, or end the sitting"),
    ("You takes back 9♠ and gives their top card instead", "You take back 9♠ and give your top card instead"),
    ("You has chosen their up cards", "You have chosen your up cards"),
    ("Ann has chosen their up cards", "Ann has chosen their up cards"),
    ("Ann chooses You", "Ann chooses you"),
    ("Ann plays 7♥", "Ann plays 7♥"),
])
def test_a_seat_named_you_reads_in_the_second_person(said, read):
    assert in_second_person(said, NAMES) == read


def test_lines_about_seats_not_named_you_are_left_as_the_game_says_them():
    assert in_second_person("Youssef plays 7♥", ["Youssef", "Ann"]) == "Youssef plays 7♥"
    line = "Ann chooses three face-up cards"
    assert in_second_person(line, ["Ann", "Ben"]) == line


THIRD = re.compile(r"\b[Yy]ou (?:[a-z]+[^s']s|has|is|was|does)\b")
"""A "you" with a "he" verb after it ("You chooses"); "You pass" and "You drew" are right."""


@pytest.mark.parametrize("name", ["cunt-soul", "shithead", "fscking-ace"])
def test_a_lesson_log_never_reads_you_chooses(name):
    """Every lesson of the game played by its moves, its log rebuilt as the learner's table says
    it: no line has the learner (named You) with a "he" verb."""
    game = get_game(name)
    seen_you = 0
    for lesson in lessons_of(game).lessons:
        run = LessonRun.start(game, lesson)
        actions = []
        while run.current is not None or run.script:
            while run.script:
                actions.append(run.due_script())
                run.play_script()
            if run.current is not None:
                actions.append(run.expected()[0])
                run.try_move(actions[-1])
        dealer = lesson.dealer if lesson.dealer >= 0 else len(lesson.players) - 1
        # (the lesson's own deck order: the log is rebuilt from its deal)
        lines = _lesson_log(game, lesson, actions, dealer)
        bad = [line for line in lines if THIRD.search(line)]
        assert not bad, bad
        seen_you += sum(line.startswith("You ") for line in lines)
    assert seen_you > 0  # the learner is the subject of some lines, and they read right


def _lesson_log(game, lesson, actions, dealer):
    from cardtable.engine.lessons import lesson_state
    from cardtable.engine.seat_events import events_for

    state = lesson_state(game, lesson)
    lines = [deal_line(lesson.players, dealer)]
    for action in actions:
        before = state.clone()
        events = state.apply(action)
        lines += [in_second_person(ev.text, lesson.players)
                  for ev in events_for(before, state, events, PLAYER) if ev.text]
    return lines


def test_the_rebuilt_log_and_the_deal_line_read_you_deal():
    assert deal_line(NAMES, 0) == "You deal."
    game = get_game("shithead")
    lines = log_lines(game, NAMES, game.Options(), 3, 2, [], 0)
    assert lines == ["Ben deals."]


def test_the_prompt_and_the_caption_say_your_not_yous():
    """Cersei's Assassin step at the table: the game says "You's Assassin won" of the learner;
    the prompt and the panel's caption read "Your Assassin won"."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from ui_driver import Driver

    from cardtable.ui.lessons import start_lesson
    from cardtable.ui.table.frame import prompt_line

    d = Driver()
    lesson = next(le for le in lessons_of(get_game("cersei")).lessons if le.key == "war")
    start_lesson(d.app, "cersei", lesson)
    table = d.app.find("table")
    run = table.match.run
    for _ in range(3000):
        d.frame(0.05)
        if table.busy(d.now) or table.match.state.to_move != PLAYER or run.script or not table.my_turn():
            continue
        if run.current is not None and run.current.moves[0].startswith("assassinate"):
            break
        table.apply(run.expected()[0])
    line = prompt_line(table)
    assert "Your Assassin won" in line and "You's" not in line, line
    panel = table.board.panel
    assert panel.caption  # the game's caption as it said it ...
    assert "You's" not in in_second_person(panel.caption, table.match.names)  # ... and as drawn
