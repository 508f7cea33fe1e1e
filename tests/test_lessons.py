"""Lessons (issue 25): stacked deals through the protocol, every lesson played by its expected
moves with a wrong move refused at every step, the coverage read from the events, bad lesson data
set aside with a message naming the game, the lesson and the step, and ``cardtable lessons
--check``."""

from __future__ import annotations

import copy

import pytest

from cardtable.cli import main
from cardtable.engine.cards import parse_cards
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.lessons import (
    PLAYER,
    Lesson,
    LessonBook,
    LessonRun,
    Refusal,
    check_game_lessons,
    check_lesson,
    load_lessons,
)
from cardtable.engine.protocol import Action
from cardtable.games import games, get_game, lesson_book, lessons_of

GAMES = list(games())


@pytest.mark.parametrize("name", GAMES)
def test_a_given_deck_order_is_dealt_as_given_and_the_rest_of_the_match_replays(name):
    """The deal's one shuffle leaves the pack in the order given; the same order, seed and actions
    replay the same match; a plain deal is unchanged by the new argument (golden games)."""
    game = get_game(name)
    seats = ["A", "B", "C"] if game.min_players <= 3 <= game.max_players else ["A"] * game.min_players
    plain = game.new_state(seats, seed=5, dealer=0)
    pack = sorted(c for cards in plain.card_lists() for c in cards)
    reverse = pack[::-1]
    stacked = game.new_state(seats, seed=5, dealer=0, deck=reverse)
    again = game.new_state(seats, seed=5, dealer=0, deck=reverse)
    assert fingerprint(stacked) == fingerprint(again)
    assert fingerprint(stacked) != fingerprint(plain)
    assert sorted(c for cards in stacked.card_lists() for c in cards) == pack  # no card made or lost
    assert type(stacked.rng).__name__ == "Rng"  # the stacked stream never outlives the deal
    assert fingerprint(game.new_state(seats, seed=5, dealer=0)) == fingerprint(plain)


def test_a_deck_order_that_is_not_the_pack_is_refused():
    game = get_game("shithead")
    with pytest.raises(ValueError, match="does not hold the cards"):
        game.new_state(["A", "B"], deck=[0, 1, 2])


@pytest.mark.parametrize("name", GAMES)
def test_every_lesson_completes_and_refuses_a_wrong_move_at_every_step(name):
    """``check_lesson`` plays each lesson by its expected moves and, at every step, tries a wrong
    move: refused with the step's own coach text, the position unchanged."""
    game = get_game(name)
    line, problems = check_game_lessons(game, lesson_book(game))
    assert problems == [], line
    loaded = lessons_of(game)
    assert loaded.unavailable == {}
    assert loaded.lessons, f"{game.title} has no lessons"


def test_the_cunt_soul_lessons_put_every_ability_of_both_tables_in_play():
    """Seed 000's "Card Abilities" and "Field Abilities" tables, every row, read from the events of
    the lessons' expected and scripted moves (never from their words; the free stretch is not
    counted)."""
    game = get_game("cunt-soul")
    book = lesson_book(game)
    covered: set[str] = set()
    for raw in book:
        covered |= check_lesson(game, Lesson.model_validate(raw), book.coverage).covered
    for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "Joker"):
        assert f"card {rank}" in covered
        assert f"field {rank}" in covered
    assert {"setup", "stacking", "four burn", "paradox", "change field", "face-up", "face-down"} <= covered


def test_a_refused_move_changes_nothing_and_says_the_coachs_reason():
    game = get_game("cunt-soul")
    lesson = lessons_of(game).lessons[0]
    run = LessonRun.start(game, lesson)
    before = fingerprint(run.state)
    step = run.current
    assert step is not None
    wrong = next(a for a in run.state.legal_actions() if a not in run.expected())
    result = run.try_move(wrong)
    assert isinstance(result, Refusal) and result.reason == step.wrong
    assert fingerprint(run.state) == before and run.step == 0
    assert isinstance(run.try_move(run.expected()[0]), list)
    assert run.step == 1


def test_the_lesson_deal_puts_the_named_cards_where_the_lesson_says():
    game = get_game("cunt-soul")
    lesson = lessons_of(game).lessons[0]
    run = LessonRun.start(game, lesson)
    zones = run.state.zones()
    assert sorted(zones["hand/0"]) == sorted(parse_cards(lesson.deal["hand/0"]))
    assert zones["source"][-3:] == parse_cards(lesson.deal["source^"])[::-1]


def _bad(change) -> dict:
    raw = copy.deepcopy(lesson_book(get_game("cunt-soul"))[0])
    change(raw)
    return raw


@pytest.mark.parametrize("change, words", [
    (lambda r: r["deal"].update({"hand/0": "Ah Kd Qs Jh 4c 9s 9c 3c 1z"}), "'1z' is not a card"),
    (lambda r: r["steps"][3].update({"then": ["play Kc"]}), "step 4: scripted move: 'play Kc' is not"),
    (lambda r: r["steps"][2].pop("wrong"), "step 3"),
    (lambda r: r["steps"][1].update({"moves": ["field 7d"]}), "step 2: 'field 7d' is not a legal move"),
])
def test_bad_lesson_data_is_set_aside_naming_game_lesson_and_step(change, words):
    """The rest of the game's lessons stay available; nothing raises."""
    game = get_game("cunt-soul")
    good = lesson_book(game)[1]
    loaded = load_lessons(game, [_bad(change), good])
    assert [lesson.key for lesson in loaded.lessons] == [good["key"]]
    message = loaded.unavailable["setup"]
    assert message.startswith("Cunt-Soul lesson 'setup'")
    assert words in message


def test_lessons_check_prints_a_line_per_game_and_fails_on_a_bad_lesson(capsys, monkeypatch):
    assert main(["lessons", "--check"]) == 0
    out = capsys.readouterr().out.splitlines()
    for game in games().values():
        assert any(line.startswith(f"{game.title}: ") and " steps; in play: " in line for line in out)
    assert not any(": 1 lessons," in line for line in out)   # a game with one lesson says "1 lesson"
    cs = next(line for line in out if line.startswith("Cunt-Soul: "))
    assert "field Joker" in cs and "paradox" in cs
    import cardtable.games as registry

    bad = LessonBook([_bad(lambda r: r["steps"][0].update({"moves": ["pickup"]}))])
    monkeypatch.setattr(registry, "lesson_book", lambda game: bad)
    assert main(["lessons", "--check", "--game", "cunt-soul"]) == 1
    out = capsys.readouterr().out
    assert "step 1" in out


def test_a_lesson_is_a_real_match_its_moves_replay_from_the_stacked_deal():
    """The lesson's actions replayed from the same deck order give the same position."""
    from cardtable.engine.lessons import deck_order

    game = get_game("cunt-soul")
    lesson = lessons_of(game).lessons[1]
    run = LessonRun.start(game, lesson)
    actions: list[Action] = []
    while run.current is not None or run.script:
        while run.script:
            actions.append(run.due_script())  # type: ignore[arg-type]
            run.play_script()
        if run.current is not None:
            a = run.expected()[0]
            actions.append(a)
            run.try_move(a)
    state = game.new_state(lesson.players, game.Options(**lesson.options), lesson.seed,
                           len(lesson.players) - 1, deck=deck_order(game, lesson))
    for a in actions:
        state.apply(a)
    assert fingerprint(state) == fingerprint(run.state)
    assert run.state.to_move == PLAYER or run.state.is_over or run.lesson.free == 0


def _lesson_loop(game_name: str, key: str):
    from cardtable.ai.worker import InlineBots
    from cardtable.runner.drivers import BotService, LocalSeat
    from cardtable.runner.lesson import LessonMatch
    from cardtable.runner.loop import MatchLoop

    game = get_game(game_name)
    lesson = next(le for le in lessons_of(game).lessons if le.key == key)
    match = LessonMatch(game, lesson)
    service = BotService(InlineBots())
    me = LocalSeat()
    drivers = [match.seat_driver(s, service, lambda: 0.0, lambda: 0.0) or me for s in range(len(match.seats))]
    return match, MatchLoop(match, drivers), me


def test_a_lesson_plays_at_the_table_loop_script_then_bots_never_saved():
    """Through the table's own loop: the other seats play the script, the learner's wrong move is
    refused with the coach's words and changes nothing, the free stretch ends the lesson; the
    match has no saver, so it is never filed (statistics) and never left as unfinished."""
    from cardtable.runner.loop import Applied, Refused

    match, loop, me = _lesson_loop("cunt-soul", "setup")
    assert match.saver is None and match.saved is None
    assert match.undo_blocked()
    run = match.run
    for _ in range(500):
        if match.finished:
            break
        if match.state.to_move == PLAYER:
            step = run.current
            loop.step()  # offered
            if step is not None:
                wrong = next((a for a in match.legal() if a not in run.expected()), None)
                if wrong is not None:
                    before = fingerprint(match.state)
                    me.submit(wrong)
                    refused = loop.step()
                    assert isinstance(refused, Refused) and refused.reason == step.wrong
                    assert fingerprint(match.state) == before
                me.submit(run.expected()[0])
            else:
                me.submit(match.legal()[0])
            assert isinstance(loop.step(), Applied)
        else:
            loop.step()
    assert match.finished and match.refusals > 0
    assert run.step == len(run.lesson.steps) and run.free_left == 0


def test_lessons_check_fails_when_the_registry_left_a_game_out(capsys, monkeypatch):
    import cardtable.games as registry

    monkeypatch.setattr(registry, "faults", lambda: {"broken": "game broken: part 'tips' is missing"})
    assert main(["lessons", "--check"]) == 1
    assert "game broken: part 'tips' is missing: its lessons cannot be checked" in capsys.readouterr().out


@pytest.mark.parametrize("name", GAMES)
def test_a_step_that_takes_one_of_several_alike_cards_names_which(name):
    """A newcomer told "lay your 6" while holding two 6s picks either: when only one of them
    passes the step, the coach names it by its suit ("your 6♣"); otherwise either passes."""
    from cardtable.engine.cards import RANK, card_name

    game = get_game(name)
    for lesson in lessons_of(game).lessons:
        run = LessonRun.start(game, lesson)
        while run.current is not None or run.script:
            while run.script:
                run.play_script()
            step = run.current
            if step is None:
                break
            passing = run.expected()
            for a in passing:
                ranks = sorted(RANK[c] for c in a.cards)
                alike = [b for b in run.state.legal_actions() if b not in passing and b.kind == a.kind
                         and (b.target, b.choice) == (a.target, a.choice) and a.cards
                         and sorted(RANK[c] for c in b.cards) == ranks]
                named = any(card_name(c) in step.coach for c in a.cards)
                assert not alike or named, (lesson.key, run.step + 1, step.coach,
                                            [run.state.describe(b) for b in alike])
            run.try_move(passing[0])
