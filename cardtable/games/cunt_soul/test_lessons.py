"""Cunt-Soul's lessons against the game's own advice: a lesson may need other cards face up than
a player would choose, but it must not teach a reason the setup hint contradicts."""

from __future__ import annotations

from cardtable.engine.cards import parse_cards
from cardtable.games import get_game, lessons_of
from cardtable.games.cunt_soul.bots import setup_choice
from cardtable.games.cunt_soul.moves import SETUP_UP

PRAISE = ("strong", "help", "good", "better", "best", "useful")


def test_a_lessons_face_up_cards_are_not_praised_where_the_hint_would_choose_others() -> None:
    """Walking the lessons: lesson 1 laid up K, Q and J "because high cards are strong at the end",
    lesson 5 a 3 and two 4s as "low cards, which will help at the end", and the setup hint (ruling
    1.6's late-game utility: Joker, 10, 2, 9, 7 first) chose neither. Where a lesson's cards are
    not the ones the hint would choose, any word of their worth says the lesson needs them."""
    checked = 0
    for lesson in lessons_of(get_game("cunt-soul")).lessons:
        hand = parse_cards(lesson.deal.get("hand/0", ""))
        for step in lesson.steps:
            kind, *cards = step.moves[0].split()
            if kind != "face_up":
                continue
            checked += 1
            if sorted(parse_cards(" ".join(cards))) == sorted(setup_choice(SETUP_UP, hand).cards):
                continue
            words = f"{step.coach} {step.wrong}".lower()
            if any(w in words for w in PRAISE):
                assert "this lesson" in words, (lesson.key, step.coach)
    assert checked == len(lessons_of(get_game("cunt-soul")).lessons)
