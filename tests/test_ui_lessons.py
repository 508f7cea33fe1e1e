"""The lessons at the real table (issue 25): the coach over the table, its bubble never over what
it points at (every game's every step, at every Interface size and window size the layout tests
use), a wrong move refused with the coach's words and shown again, the summary at the end and
the lesson ticked; never saved, so never counted and never an unfinished match."""

from __future__ import annotations

import re

import pytest
from fit_checks import SCALES, SIZES
from ui_driver import Driver, sprite_of

from cardtable.engine import cards
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.lessons import PLAYER, LessonRun
from cardtable.engine.protocol import Action
from cardtable.games import games, get_game, layout_of, lessons_of, teller_of
from cardtable.ui.layout import compute
from cardtable.ui.lessons import SEVERAL, coach_refusal, start_lesson
from cardtable.ui.panels.draw import caption_band
from cardtable.ui.scenes.coach import WATCH
from cardtable.ui.table import notice as notices
from cardtable.ui.table.coach import lit_places, middle_words, place_bubble
from cardtable.ui.table.notice import notice_lines


def _steps(game):
    """Every step of every lesson of ``game``: (lesson, step, the position the learner sees)."""
    for lesson in lessons_of(game).lessons:
        run = LessonRun.start(game, lesson)
        while run.current is not None or run.script:
            while run.script:
                run.play_script()
            if run.current is not None:
                yield lesson, run.current, run.state.view(PLAYER)
                run.try_move(run.expected()[0])


@pytest.mark.parametrize("name", list(games()))
def test_the_coach_never_covers_what_it_points_at(name):
    """Every step of every lesson, at every window size and Interface size the layout tests use,
    the bubble is off what it lights and off every middle pile's label and meter:
    each (size, scale) pair checks every fourth step, turn about, so every step meets a quarter of
    the pairs and every pair a quarter of the steps (all of them would take minutes)."""
    game = get_game(name)
    spec = layout_of(game)
    steps = list(_steps(game))
    assert steps
    pairs = [(size, scale) for scale in SCALES for size in SIZES]
    for k, (size, scale) in enumerate(pairs):
        placements = {}
        watched: dict[tuple, tuple] = {}  # the "watch" bubble where the same things are kept clear
        for n, (lesson, step, view) in enumerate(steps):
            if (n + k) % 4:
                continue
            players = len(lesson.players)
            if players not in placements:
                placements[players] = compute(spec, size, players, PLAYER, scale)
            placement = placements[players]
            lit = lit_places(placement, view.zones(), step.light, view.all_cards())
            box, px = place_bubble(placement, lit, step.coach, 2)
            where = (lesson.key, step.coach[:30], size, scale)
            assert box.collidelist(list(lit.rects)) == -1, where
            clear = box.collidelist(list(lit.keep_clear)) == -1
            assert clear or box.colliderect(placement.log_rect), where
            # nor the middle's piles and words the player reads: each pile holding cards, every
            # place's label and meter, the direction marker (issue 25)
            assert box.collidelist(middle_words(placement, view.zones())) == -1, where
            if teller_of(game).captions:
                # while the others play, the "watch" bubble is off where the game's captions say
                # what they did (walking Fscking Ace's lesson, it hid "Play now goes
                # counter-clockwise"), in full-size text
                band = caption_band(placement)
                unlit = lit_places(placement, view.zones(), (), view.all_cards(), caption=band)
                # placed from the placement and what is kept clear alone: the same for many steps
                seen = (players, *(tuple(map(tuple, rs)) for rs in (unlit.rects, unlit.keep_clear)))
                if seen not in watched:
                    watched[seen] = place_bubble(placement, unlit, WATCH, 2)
                watch, _px = watched[seen]
                assert not watch.colliderect(band) or watch.colliderect(placement.log_rect), where
            assert box.clip(placement.log_rect) == box or box.clip(placement.table_rect) == box, where
            assert px >= 9, where
            if step.light:
                assert len(lit.rects) >= 1, where


def test_a_cunt_soul_lesson_at_the_table_from_start_to_summary():
    d = Driver(how_to_play_seen=[])
    game = get_game("cunt-soul")
    lesson = lessons_of(game).lessons[0]
    start_lesson(d.app, "cunt-soul", lesson)
    coach = d.app.top
    assert coach.name == "coach"
    table = d.app.find("table")
    assert d.app.scenes[-2] is table  # no How to play pushed over the lesson
    match = table.match
    assert match.saver is None
    wrong_tried = False
    watched = 0
    for _ in range(4000):
        d.frame(0.05)
        if coach.over:
            break
        if coach.words == WATCH:  # while the others play, off where their captions show
            watched += 1
            assert not coach.box.colliderect(caption_band(table.placement))
        run = match.run
        if table.busy(d.now) or match.state.to_move != PLAYER or run.script or not table.my_turn():
            continue
        if coach.words and run.current is not None and coach.words == run.current.coach:
            assert coach.box.collidelist(list(coach.lit.rects)) == -1
        if run.current is not None:
            if not wrong_tried:
                wrong = next(a for a in match.legal() if a not in run.expected())
                before = fingerprint(match.state)
                assert table.apply(wrong) is False
                assert fingerprint(match.state) == before
                d.frame(0.05)
                assert coach.again_until > d.now  # the coach shows the step again
                # said by the cards (issue 23.3), as the coach's words: the rules allow the move
                assert table.shown_notice[0] == f"Coach: {run.current.wrong}"
                wrong_tried = True
            table.apply(run.expected()[0])
        else:
            table.apply(match.legal()[0])
    assert coach.over and wrong_tried and watched
    assert coach.words == lesson.summary
    # the learner is named You: the table's log says "You choose", never "You chooses" (issue 25)
    assert "You choose three face-up cards" in table.log
    assert not [line for line in table.log if re.search(r"\bYou (?:[a-z]+[^s']s|has|is)\b", line)]
    assert "cunt-soul/setup" in d.app.settings.lessons_done
    assert d.app.top is coach and table.paused  # the table stops under the summary
    assert any(b.label == "Next lesson" for b in coach.form.widgets)
    # stopped with a bot to move, no plate says it is thinking (a helper's walk saw "Ann thinking…"
    # under a finished lesson)
    assert match.is_bot(match.state.to_move), match.state.to_move
    from cardtable.ui.table.frame import built

    shown = built(table)
    assert shown is not None
    assert not [p.label for p in shown.plates.values() if "thinking" in p.label]


def test_learn_lists_a_bad_lesson_as_unavailable_and_the_game_stays_playable(monkeypatch):
    """A lesson whose scripted move is not legal: Learn names the game, the lesson and the step,
    the other lessons stay, and the game's tile still starts a game."""
    import copy

    import cardtable.games as registry
    from cardtable.engine.lessons import GameLessons, LessonBook, load_lessons

    game = get_game("cunt-soul")
    book = registry.lesson_book(game)
    bad = copy.deepcopy(book[0])
    bad["steps"][3]["then"] = ["play Kc"]
    loaded: GameLessons = load_lessons(game, LessonBook([bad, *book[1:]], book.coverage, book.required))
    monkeypatch.setattr("cardtable.ui.scenes.learn.lessons_of", lambda g: loaded)
    monkeypatch.setattr("cardtable.ui.lessons.lessons_of", lambda g: loaded)
    d = Driver()
    d.app.push("learn", game="cunt-soul")
    d.frame()
    scene = d.app.top
    lines = " ".join(line for line, _ in scene.lines)
    assert "unavailable" in lines and "Cunt-Soul lesson 'setup', step 4" in lines
    labels = [b.label for b in scene.form.widgets]
    assert not scene.form.widgets[labels.index("setup (unavailable)")].enabled
    assert sum(label[0].isdigit() for label in labels) == len(book) - 1
    d.app.reset("title")
    d.frame()
    d.app.top.new_game("cunt-soul")  # how_to_play_seen holds every game in tests: no offer
    d.frame()
    assert d.app.top.name == "setup"


def test_the_first_time_a_game_is_opened_learn_is_offered(tmp_path):
    from cardtable.store.paths import AppPaths

    paths = AppPaths(tmp_path / "config", tmp_path / "data", tmp_path / "log")
    d = Driver(paths=paths, how_to_play_seen=[])
    d.app.reset("title")
    d.frame()
    d.app.top.new_game("cunt-soul")
    d.frame()
    assert d.app.top.name == "learn_offer"
    d.app.top.learn()
    d.frame()
    assert d.app.top.name == "learn" and d.app.top.game == "cunt-soul"


def test_a_games_lessons_end_with_play_that_game(tmp_path):
    """Walking Takku-Sum's lessons to the end, the list said both were done and offered only Back:
    the learner's next step, a game, took Back, Back and the game's tile. "Play Takku-Sum" on the
    list opens the game as its tile does, from the first-time offer and from the title's Learn."""
    from cardtable.store.paths import AppPaths

    def press(label: str) -> None:
        widget = next(w for w in d.app.top.form.widgets if getattr(w, "label", "") == label)
        d.click(widget.rect.center)
        d.frame()

    paths = AppPaths(tmp_path / "config", tmp_path / "data", tmp_path / "log")
    d = Driver(paths=paths, how_to_play_seen=[])
    title = d.app.reset("title")
    d.frame()
    title.new_game("takku-sum")
    d.frame()
    press("Learn to play")
    assert d.app.top.name == "learn" and d.app.top.game == "takku-sum"
    labels = [getattr(w, "label", "") for w in d.app.top.form.widgets]
    assert labels[-2:] == ["Play Takku-Sum", "Back"], labels
    press("Play Takku-Sum")
    assert [sc.name for sc in d.app.scenes] == ["title", "setup"]
    assert d.app.top.game.name == "takku-sum"
    d.app.pop()
    d.frame()
    press("Learn")
    assert d.app.top.name == "learn" and d.app.top.game is None
    press(next(getattr(w, "label", "") for w in d.app.top.form.widgets
               if getattr(w, "label", "").startswith("Cunt-Soul")))
    press("Play Cunt-Soul")
    assert [sc.name for sc in d.app.scenes] == ["title", "setup"]
    assert d.app.top.game.name == "cunt-soul"


def test_back_from_a_lesson_the_list_lights_the_next_lesson_then_play(tmp_path):
    """Walking Cunt-Soul's five lessons, "Back to lessons" after the last one lit lesson 1 (Enter
    played it again): the light goes to the first lesson not done, then to "Play Cunt-Soul"."""
    from cardtable.store.paths import AppPaths
    from cardtable.ui.lessons import mark_done

    d = Driver(paths=AppPaths(tmp_path / "config", tmp_path / "data", tmp_path / "log"))
    d.app.reset("title")
    d.frame()

    learn = d.app.push("learn", game="cunt-soul", play=lambda name: None)

    def lit() -> str:
        d.app.push("settings")  # a lesson, opened from the list and left
        d.app.pop()
        d.frame()
        return learn.form.widgets[learn.form.focus].label

    lessons = lessons_of(get_game("cunt-soul")).lessons
    assert lit().startswith("1. ")
    mark_done(d.app, "cunt-soul", lessons[0])
    assert lit().startswith("2. ")
    for lesson in lessons:
        mark_done(d.app, "cunt-soul", lesson)
    assert lit() == "Play Cunt-Soul"


def test_out_for_good_the_coach_says_so_and_skipping_ends_the_lesson_with_the_shithead():
    """Shithead's second lesson: the learner goes out, is shown back in (R23), goes out again;
    while the others play the game out the coach says the learner is out and the table offers to
    skip; skipping finishes the script at once and the summary names the Shithead (R25)."""
    from cardtable.ui.scenes.coach import OUT

    d = Driver(animation_speed="fast", bot_think_ms=0)
    game = get_game("shithead")
    lesson = next(le for le in lessons_of(game).lessons if le.key == "threes")
    start_lesson(d.app, "shithead", lesson)
    coach = d.app.top
    table = d.app.find("table")
    match = table.match
    run = match.run
    for _ in range(20000):
        d.frame(0.05)
        if table.skip_offered or coach.over:
            break
        if table.busy(d.now) or match.state.to_move != PLAYER or run.script or not table.my_turn():
            continue
        table.apply(run.expected()[0])
    assert table.skip_offered and not coach.over
    assert run.current is None and run.script  # the others' play-out is still to come
    assert any("You are shown back into the game" in line for line in table.log)
    d.frame(0.05)
    assert coach.words == OUT
    skip = next(b for b in table.form.widgets if b.label.startswith("Skip"))
    d.click(skip.rect.center)
    for _ in range(400):
        d.frame(0.05)
        if coach.over:
            break
    assert coach.over and not run.script and match.state.is_over
    assert match.state.result().text == "Dan is the Shithead"
    assert "Shithead" in coach.words and coach.words == lesson.summary


def _played_to_its_summary(d: Driver, frames: int):
    """The lesson just started, played by its expected moves (any legal one where it expects
    none) until its summary shows: the coach and the table."""
    coach, table = d.app.top, d.app.find("table")
    match = table.match
    for _ in range(frames):
        d.frame(0.05)
        if coach.over:
            break
        if table.busy(d.now) or match.state.to_move != PLAYER or match.run.script or not table.my_turn():
            continue
        table.apply(match.run.expected()[0] if match.run.current is not None else match.legal()[0])
    d.frames(3, 0.05)
    assert coach.over
    return coach, table


def test_the_summarys_buttons_show_their_words_whole_and_inside_the_bubble():
    """A narrow summary bubble (walking Cunt-Soul lesson 3 it read "Back to..."): the buttons
    stand one above the other, each wide enough for its words, inside the bubble, under its text."""
    from cardtable.ui.widgets import Button

    d = Driver(size=(1024, 640))
    game = get_game("cunt-soul")
    lesson = next(le for le in lessons_of(game).lessons if le.key == "royals")
    start_lesson(d.app, "cunt-soul", lesson)
    coach, table = _played_to_its_summary(d, frames=4000)
    buttons = coach.form.widgets
    assert [b.label for b in buttons] == ["Next lesson", "Back to lessons"]
    for b in buttons:
        assert coach.box.contains(b.rect), (b.rect, coach.box)
        assert b.rect.w >= Button.width_for(b.label, coach.px), b.label
    assert not buttons[0].rect.colliderect(buttons[1].rect)
    # the stopped table is dimmed under the summary: walking Fscking Ace's lesson, its Hint
    # button looked live under "Lesson done" and did nothing when clicked
    hint = table.comforts.hint_button.rect
    spot = (hint.x + 3, hint.centery)
    table.draw(d.app.screen)
    live = d.app.screen.get_at(spot)
    coach.draw(d.app.screen)
    dimmed = d.app.screen.get_at(spot)
    assert sum(dimmed[:3]) < sum(live[:3]) * 0.6, (live, dimmed)


def test_a_hint_in_a_lesson_is_the_coachs_move_and_enter_makes_it():
    """Walking Cunt-Soul's fourth lesson, H lit three 9s (the hint bot's choice) while the coach asked
    for the three As, and Enter was then refused: in a lesson the hint is the step's own move."""
    import pygame

    d = Driver(how_to_play_seen=[])
    game = get_game("cunt-soul")
    lesson = lessons_of(game).lessons[3]  # field cards: its first step lays the three As
    start_lesson(d.app, "cunt-soul", lesson)
    table = d.app.find("table")
    match = table.match
    for _ in range(400):
        d.frame(0.05)
        if table.my_turn() and not table.busy(d.now) and not match.run.script:
            break
    step = match.run.current
    assert step is not None and table.my_turn()
    before = match.run.step
    d.key(pygame.K_h)
    d.frame(0.05)
    assert table.comforts.hinted() == match.run.expected()[0]
    assert step.wrong in table.shown_notice[0]
    d.key(pygame.K_RETURN)
    for _ in range(20):
        d.frame(0.05)
    assert match.run.step == before + 1  # taken, not refused
    assert match.refusals == 0


def test_a_hint_in_a_lesson_is_read_whole_by_the_cards():
    """Walking Cunt-Soul's first lesson, Hint at the field card step repeated the coach's whole step
    by the cards and stopped after three lines mid-sentence ("...while it lies in a"): the hint says
    the step's short reason, every word of it drawn."""
    import pygame

    d = Driver(how_to_play_seen=[])
    lesson = lessons_of(get_game("cunt-soul")).lessons[0]
    start_lesson(d.app, "cunt-soul", lesson)
    table = d.app.find("table")
    match = table.match
    for _ in range(800):
        d.frame(0.05)
        if match.run.step == 1 and table.my_turn() and not table.busy(d.now) and not match.run.script:
            break
        if match.run.step == 0 and table.my_turn() and not table.busy(d.now):
            d.key(pygame.K_h)
            d.frame(0.05)
            d.key(pygame.K_RETURN)
    assert match.run.step == 1 and table.my_turn()
    d.key(pygame.K_h)
    d.frame(0.05)
    words = table.shown_notice[0]
    assert "field card" in words
    assert " ".join(notice_lines(table.placement, words)).split() == words.split()


def _at_step(d: Driver, lesson_no: int, step_no: int, game: str = "cunt-soul"):
    """A lesson (Cunt-Soul's unless said) started and played by its hints up to ``step_no``, the
    learner to move."""
    import pygame

    start_lesson(d.app, game, lessons_of(get_game(game)).lessons[lesson_no])
    table = d.app.find("table")
    match = table.match
    for _ in range(1600):
        d.frame(0.05)
        if not table.my_turn() or table.busy(d.now) or match.run.script:
            continue
        if match.run.step == step_no:
            return table
        d.key(pygame.K_h)
        d.frame(0.05)
        d.key(pygame.K_RETURN)
    raise AssertionError(f"step {step_no} not reached")


def test_a_card_the_coach_refuses_on_a_drop_is_not_left_chosen():
    """Walking Cunt-Soul's first lesson, the 10 dragged onto the discard area where the coach asked
    for the 4 flew back with the coach's reason but stayed chosen, with 'Play 10' and 'Change the
    field card to 10' offered under it: a refused drop changes nothing, not even what was chosen."""
    d = Driver(how_to_play_seen=[])
    table = _at_step(d, 0, 2)
    match = table.match
    ten = cards.parse_card("10h")
    assert ten in match.state.zones()["hand/0"]
    made = len(match.actions)
    d.drag(sprite_of(table, ten).rect.center, table.placement.zones["discard"].rect.center)
    assert table.shown_notice is not None and table.shown_notice[0].startswith("Coach")
    assert len(match.actions) == made
    assert table.selection == set()
    assert not [w for w in table.form.widgets if "10" in getattr(w, "label", "")]


def test_a_part_of_the_cards_a_step_asks_for_is_refused_with_how_to_choose_several():
    """Walking Takku-Sum's first lesson, "Play all three 8s together" came back word for word when
    one 8 was dragged onto the pile, and nothing said how to choose three: the coach's refusal now
    adds how, and only when the learner played some of the cards the step asks for."""
    d = Driver(how_to_play_seen=[])
    table = _at_step(d, 0, 2, "takku-sum")
    match = table.match
    eight = cards.parse_card("8h")
    made = len(match.actions)
    d.drag(sprite_of(table, eight).rect.center, table.placement.zones["play"].rect.center)
    assert len(match.actions) == made
    assert table.shown_notice is not None
    assert table.shown_notice[0] == f"Coach: Play all three 8s together. {SEVERAL}"
    # another wrong move gets the coach's words alone
    three = cards.parse_card("3h")
    d.frame(0.5)
    d.drag(sprite_of(table, three).rect.center, table.placement.zones["play"].rect.center)
    assert table.shown_notice is not None and table.shown_notice[0] == "Coach: Play all three 8s together."
    # chosen one by one and dragged, the three go down together and the step passes
    for card in ("8h", "8d", "8s"):
        d.click(sprite_of(table, cards.parse_card(card)).rect.center)
    d.drag(sprite_of(table, eight).rect.center, table.placement.zones["play"].rect.center)
    eights = {cards.parse_card(c) for c in ("8h", "8d", "8s")}
    assert match.actions[made].kind == "play" and set(match.actions[made].cards) == eights
    assert match.run.step == 3


def test_a_refused_moves_reason_is_not_drawn_under_the_coach(monkeypatch):
    """Walking Takku-Sum's first lesson on its own stretch, a 3 dragged onto the pile under an Up
    Direction was refused, and the reason ("Not allowed: the Direction is Up ...") was drawn above
    the pile, under the coach's bubble, where it could not be read: it goes where the coach is not."""
    import pygame

    from cardtable.ui.table import notice

    drawn = []
    real = notice.notice_box

    def spy(*args, **kwargs):
        box = real(*args, **kwargs)
        drawn.append(box)
        return box

    monkeypatch.setattr(notice, "notice_box", spy)
    d = Driver(how_to_play_seen=[])
    start_lesson(d.app, "takku-sum", lessons_of(get_game("takku-sum")).lessons[0])
    table = d.app.find("table")
    match = table.match
    for _ in range(2000):
        d.frame(0.05)
        if not table.my_turn() or table.busy(d.now) or match.run.script:
            continue
        if match.run.current is None:
            break
        d.key(pygame.K_h)
        d.frame(0.05)
        d.key(pygame.K_RETURN)
    assert match.run.current is None and match.run.in_free_stretch
    state = match.state
    hand = state.zones()["hand/0"]
    refused = [c for c in hand if Action("play", (c,)) not in state.legal_actions()]
    assert refused, "the stretch starts with a card the pile does not take"
    d.frame(0.5)
    assert table.overlaid, "the coach's bubble is over the table"
    made = len(match.actions)
    d.drag(sprite_of(table, refused[0]).rect.center, table.placement.zones["play"].rect.center)
    assert len(match.actions) == made
    assert table.shown_notice is not None and table.shown_notice[0].startswith("Not allowed")
    drawn.clear()
    d.frame(0.05)
    assert drawn, "the reason is drawn"
    assert not drawn[-1].collidelist(list(table.overlaid)) >= 0, (drawn[-1], table.overlaid)
    assert table.placement.table_rect.contains(drawn[-1])


def test_a_refused_drop_on_the_pile_is_said_by_the_pile_not_over_the_opponents(monkeypatch):
    """Walking Takku-Sum's first lesson, a hand card dropped on the play pile before the draw for
    the first player was refused above the coach's bubble, over Ann's and Ben's cards, with the
    felt under the pile free: the reason goes the nearer way round the coach."""
    drawn = _recorded(monkeypatch, notices, "notice_box")
    d = Driver(how_to_play_seen=[])
    start_lesson(d.app, "takku-sum", lessons_of(get_game("takku-sum")).lessons[0])
    table = d.app.find("table")
    for _ in range(400):
        d.frame(0.05)
        if table.my_turn() and not table.busy(d.now) and table.overlaid:
            break
    pile = table.placement.zones["play"].rect
    d.drag(sprite_of(table, table.match.state.zones()["hand/0"][0]).rect.center, pile.center)
    assert table.shown_notice is not None and table.shown_notice[0].startswith("Not allowed")
    drawn.clear()
    d.frame(0.05)
    box = drawn[-1]
    assert box.top >= pile.bottom, (box, pile)
    assert box.collidelist(list(table.overlaid)) < 0 and not box.colliderect(table.placement.buttons_rect)


def test_coach_refusal_adds_the_gesture_only_for_part_of_the_taught_cards():
    taught = Action("play", (1, 2, 3))
    assert coach_refusal("Play all three.", Action("play", (2,)), taught) == f"Play all three. {SEVERAL}"
    assert coach_refusal("Play all three.", Action("play", (2, 3)), taught) == f"Play all three. {SEVERAL}"
    assert coach_refusal("Play all three.", Action("play", (4,)), taught) == "Play all three."
    assert coach_refusal("Play all three.", Action("play", (1, 2, 3)), taught) == "Play all three."
    assert coach_refusal("Play it.", Action("play", (1,)), Action("play", (1,))) == "Play it."
    assert coach_refusal("Pick up.", Action("pickup", (2,)), Action("play", (1, 2))) == "Pick up."
    assert coach_refusal("Draw.", Action("play", (2,)), None) == "Draw."


def test_a_tooltip_is_not_drawn_under_the_coach():
    """Walking Cunt-Soul's first lesson, the pile's tooltip came up under the coach's bubble, its
    first line hidden ("...he next player is skipped"): a tooltip keeps off the coach."""
    import pygame

    d = Driver(how_to_play_seen=[])
    table = _at_step(d, 0, 4)
    coach = d.app.find("coach")
    shown = 0
    for zone in ("source", "discard", "burn"):
        spot = table.placement.zones[zone].rect.center
        d.post(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(0, 0, 0))
        for _ in range(40):
            d.frame(0.05)
        box = table.comforts.tooltip.box
        if box is not None and table.comforts.tooltip.words:
            shown += 1
            assert not box.colliderect(coach.box), (zone, box, coach.box)
    assert shown


def _recorded(monkeypatch, module, name: str) -> list:
    """What ``module.name`` returns from now on, call by call (the function itself still runs)."""
    made: list = []
    real = getattr(module, name)
    monkeypatch.setattr(module, name, lambda *a, **k: made.append(real(*a, **k)) or made[-1])
    return made


def test_a_hint_leaves_the_button_that_makes_its_move_uncovered(monkeypatch):
    """Walking Cunt-Soul's second lesson, the hint's words ('Hint: play 5♥. Stopping now would
    leave your 4 alone...') lay by the lit card, right over 'Play 5♥' and 'Stop': the notice goes
    above the decision buttons it would cover."""
    import pygame

    from cardtable.ui.table import notice

    drawn = _recorded(monkeypatch, notice, "notice_box")
    d = Driver(how_to_play_seen=[])
    table = _at_step(d, 1, 3)
    d.key(pygame.K_h)
    d.frame(0.05)
    assert table.shown_notice is not None and table.shown_notice[0].startswith("Hint")
    buttons = [w.rect for w in table.form.widgets]
    assert buttons and drawn
    assert all(box.collidelist(buttons) < 0 for box in drawn[-2:]), (drawn[-1], buttons)


def test_a_hint_about_no_card_leaves_the_question_readable(monkeypatch):
    """Walking Cunt-Soul's fourth lesson, 'Hint: declare higher. Say higher this time.' sat on the
    first line of the two-line question ('...must the next card be higher or lower...'), so only
    its second line showed: a notice about no card goes above the whole prompt."""
    import pygame

    from cardtable.ui.table import notice, render

    boxes = _recorded(monkeypatch, notice, "notice_box")
    tops = _recorded(monkeypatch, render, "prompt")
    d = Driver(how_to_play_seen=[])
    table = _at_step(d, 3, 4)
    d.key(pygame.K_h)
    d.frame(0.05)
    assert table.shown_notice is not None and table.shown_notice[0].startswith("Hint: declare")
    boxes.clear()
    tops.clear()
    d.frame(0.05)
    assert boxes and tops
    assert boxes[-1].bottom <= tops[-1].top, (boxes[-1], tops[-1])


def test_the_coach_does_not_promise_a_3_that_never_comes():
    """Walking Cunt-Soul's first lesson, the coach's last step said 'lead with your 3, and Ann must
    answer with a 3', and Ann (with none) picked up the pile: the words say what a player without a
    3 does (seed: after a 3 the next player must play a 3 or a Joker, or picks up the pile)."""
    step = lessons_of(get_game("cunt-soul")).lessons[0].steps[-1]
    assert step.moves == ["play 3c"]
    assert "Joker" in step.coach and "pick up the pile" in step.coach, step.coach


def _badges_under_a_lit_place(game_name: str, lesson_no: int, light: str) -> None:
    """Play ``game_name``'s lesson to the step that lights ``light``: every badge its ring reaches
    (a stack's count or the panel's) is as the table drew it without the coach over it."""
    import pygame

    d = Driver(how_to_play_seen=[])
    start_lesson(d.app, game_name, lessons_of(get_game(game_name)).lessons[lesson_no])
    coach, table = d.app.top, d.app.find("table")
    for _ in range(400):
        d.frame(0.05)
        run = table.match.run
        if table.busy(d.now) or run.script or not table.my_turn() or run.current is None:
            continue
        if light in run.current.light:
            break
        table.apply(run.expected()[0])
    assert light in run.current.light and coach.lit_zones
    d.frame(0.05)
    d.frame(0.05)
    screen = d.app.screen
    alone = pygame.Surface(screen.get_size())
    table.draw(alone)  # the same frame without the coach over it
    rings = [r.inflate(12, 12) for r in coach.lit_zones]
    near = [b for b in table.badges if b.collidelist(rings) >= 0]
    assert near, (table.badges, rings)  # the ring does reach a badge
    for b in near:
        assert all(screen.get_at((x, y)) == alone.get_at((x, y))
                   for x in range(b.x, b.right) for y in range(b.y, b.bottom)), b


def test_a_lit_place_beside_a_stack_leaves_the_stacks_count_readable():
    """Fscking Ace's first lesson lights "This turn" beside the pack: the ring round it was drawn
    over the pack's count badge, so 46 cards read "6". The badges stay as the table drew them."""
    _badges_under_a_lit_place("fscking-ace", 0, "turn")


def test_a_lit_place_keeps_its_own_badge_readable():
    """Takku-Sum's second lesson lights the learner's points when the K is won: the ring round the
    place was drawn over the place's own "1/5 pts" badge, which read "1/i pts". The panel's badges,
    like the stacks' counts, stay as the table drew them."""
    _badges_under_a_lit_place("takku-sum", 1, "points/0")



def test_the_lesson_menu_opens_the_rule_book_and_goes_back_to_the_step():
    """Esc in a lesson offered only go on, start again and leave: a learner checking a rule had to
    leave the lesson. It opens the game's rule book (and the settings) as the table's menu does."""
    import pygame

    d = Driver(how_to_play_seen=[])
    start_lesson(d.app, "takku-sum", lessons_of(get_game("takku-sum")).lessons[0])
    d.frames(3)
    coach = d.app.top
    d.key(pygame.K_ESCAPE)
    menu = d.app.top
    assert menu.name == "lesson_menu"
    labels = [getattr(w, "label", "") for w in menu.form.widgets]
    assert labels == ["Go on", "Start this lesson again", "Rules", "Settings", "Leave the lesson"]
    rules = next(w for w in menu.form.widgets if getattr(w, "label", "") == "Rules")
    d.click(rules.rect.center)
    assert d.app.top.name == "rules" and d.app.top.game == "takku-sum"
    d.key(pygame.K_ESCAPE)
    assert d.app.top is menu
    go_on = next(w for w in menu.form.widgets if getattr(w, "label", "") == "Go on")
    d.click(go_on.rect.center)
    assert d.app.top is coach


def test_a_pile_tooltip_with_no_clear_side_slides_off_the_coach():
    """Walking Shithead's first lesson in a 1024x640 window, the pile's tooltip ('9: goes on the
    empty pile, a 2, or any card up to A but a 7...') came up under the coach's bubble beside the
    pile, its lines cut at 'up to': every side of the pile met the bubble, so the first was taken.
    The words now slide along that side until they are off the bubble."""
    import pygame

    d = Driver(size=(1024, 640), how_to_play_seen=[])
    table = _at_step(d, 0, 3, game="shithead")
    coach = d.app.find("coach")
    d.frame(0.05)
    spot = table.placement.zones["play"].rect.center
    d.post(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(40):
        d.frame(0.05)
    tooltip = table.comforts.tooltip
    assert tooltip.words and tooltip.box is not None
    assert not tooltip.box.colliderect(coach.box), (tooltip.box, coach.box)
    assert not tooltip.box.colliderect(tooltip.about), (tooltip.box, tooltip.about)


@pytest.mark.parametrize("size", [(960, 600), (1024, 640), (1280, 800), (1000, 1600)])
def test_how_to_choose_several_is_read_whole_by_the_cards(size):
    """Walking Shithead's first lesson in a 1024x640 window, one 6 dragged where the coach asked
    for both gave 'Coach: Play both 6s together: ... then drag one of them onto the pile (or…', the
    way to make the move cut off: a notice too long for three lines takes the table's width."""
    d = Driver(size=size, how_to_play_seen=[])
    table = _at_step(d, 0, 2, "shithead")
    six = cards.parse_card("6s")
    d.drag(sprite_of(table, six).rect.center, table.placement.zones["play"].rect.center)
    assert table.shown_notice is not None
    words = table.shown_notice[0]
    assert words.endswith(SEVERAL)
    lines = notice_lines(table.placement, words)
    assert " ".join(lines).split() == words.split(), lines


def test_a_hint_is_not_pushed_onto_the_card_it_is_about(monkeypatch):
    """Walking Shithead's second lesson in a 1024x640 window, 'Hint: turn over down card 1...' lay
    over the bottom of the very down cards it spoke of: above them it met the coach's bubble, lifted
    over the bubble it met the buttons, so it went below the cards and was pushed back up onto
    them. A notice is lifted over everything it meets, and never placed on what it is about."""
    import pygame

    from cardtable.ui.table import notice, render

    drawn = _recorded(monkeypatch, notice, "notice_box")
    prompt = _recorded(monkeypatch, render, "prompt")
    d = Driver(size=(1024, 640), how_to_play_seen=[])
    table = _at_step(d, 1, 9, "shithead")
    d.key(pygame.K_h)
    d.frame(0.05)
    assert table.shown_notice is not None and table.shown_notice[0].startswith("Hint: turn over")
    about = table.shown_notice[1]
    assert about is not None
    for _ in range(60):  # until a banner over the prompt ("Library Boy! ...") has gone
        drawn.clear()
        prompt.clear()
        d.frame(0.05)
        if prompt:
            break
    assert drawn and prompt
    keep = [*(w.rect for w in table.form.widgets), *table.overlaid]
    assert not drawn[-1].colliderect(about), (drawn[-1], about)
    assert drawn[-1].collidelist(keep) < 0, (drawn[-1], keep)
    assert not drawn[-1].colliderect(prompt[-1]), (drawn[-1], prompt[-1])  # the prompt is read too


def test_the_learners_own_pile_tooltip_says_your_pile():
    """Walking Fscking Ace's lesson, the tooltip of the learner's banked pile read "You's pile:
    worth $0 now." (the game says "Ann's pile" of every seat): the tooltip speaks to the learner
    as the log does, "Your pile"; another seat's pile keeps its name."""
    import pygame

    d = Driver(how_to_play_seen=[])
    start_lesson(d.app, "fscking-ace", lessons_of(get_game("fscking-ace")).lessons[0])
    table = d.app.find("table")
    d.frames(20, 0.05)
    said = {}
    for zone in ("scored/0", "scored/1"):
        spot = table.placement.zones[zone].rect.center
        d.post(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(0, 0, 0))
        d.frames(40, 0.05)
        said[zone] = table.comforts.tooltip.words
    assert said["scored/0"].startswith("Your pile: worth"), said
    assert said["scored/1"].startswith("Ann's pile: worth"), said


def test_a_hint_does_not_say_its_move_twice():
    """Walking Fscking Ace's lesson, Hint at step 4 said 'Hint: flip the top card. Flip the top
    card.': the step's reason was the move itself. The move is said once."""
    import pygame

    d = Driver(how_to_play_seen=[])
    table = _at_step(d, 0, 3, "fscking-ace")
    d.key(pygame.K_h)
    d.frame(0.05)
    assert table.shown_notice is not None
    assert table.shown_notice[0] == "Hint: flip the top card.", table.shown_notice[0]


def test_a_games_last_lesson_ends_with_play_that_game():
    """Walking Cersei's second (last) lesson, "Lesson done" offered only "Back to lessons": the
    learner's next step, the game, is a button on the summary too."""
    d = Driver()
    opened: list[str] = []
    d.app.push("learn", game="cersei", play=opened.append)
    game = get_game("cersei")
    start_lesson(d.app, "cersei", lessons_of(game).lessons[-1])
    coach, table = _played_to_its_summary(d, frames=2000)
    assert [b.label for b in coach.form.widgets] == ["Play Cersei", "Back to lessons"]
    d.click(coach.form.widgets[0].rect.center)
    assert opened == ["cersei"] and coach not in d.app.scenes and table not in d.app.scenes


def test_a_steps_bubble_keeps_off_the_captions_where_the_felt_has_room():
    """Walking Cersei's second lesson at 1024x640, step 3's bubble ("Ann's Cersei won: that is
    once…") hid the left of "End of round 2, cards in each deck: You 48, Ann 3; Cersei played 1
    of 3" while the felt right of the table lay empty."""
    d = Driver(size=(1024, 640))
    game = get_game("cersei")
    start_lesson(d.app, "cersei", lessons_of(game).lessons[-1])
    coach, table = d.app.top, d.app.find("table")
    match = table.match
    for _ in range(2000):
        d.frame(0.05)
        if match.run.step == 2 and not table.busy(d.now) and table.my_turn() and not match.run.script:
            break
        if table.busy(d.now) or match.state.to_move != PLAYER or match.run.script or not table.my_turn():
            continue
        table.apply(match.run.expected()[0])
    d.frames(3, 0.05)
    assert match.run.step == 2 and coach.words == match.run.current.coach
    band = caption_band(table.placement)
    assert not coach.box.colliderect(band), (coach.box, band)


def test_with_one_other_player_the_coach_names_them_while_they_play():
    """Walking Cersei's second lesson: "Watch the others play…" with Ann alone across the table."""
    d = Driver(animation_speed="normal")  # the cards fly a while: the coach says to watch them
    start_lesson(d.app, "cersei", lessons_of(get_game("cersei")).lessons[-1])
    coach, table = d.app.top, d.app.find("table")
    said = set()
    for _ in range(400):
        d.frame(0.05)
        said.add(coach.words)
        if not table.busy(d.now) and table.my_turn() and not table.match.run.script:
            table.apply(table.match.run.expected()[0])
        if len(table.match.actions) >= 4:
            break
    assert "Watch Ann play…" in said and WATCH not in said
