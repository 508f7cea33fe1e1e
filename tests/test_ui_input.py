"""The input layer, settings applied live, and bad input that must not break the table."""

from __future__ import annotations

import random
from collections import Counter

import pygame
from ui_driver import Driver, rig, seats, to_turn

from cardtable.engine.cards import HIDDEN, parse_cards
from cardtable.engine.fingerprint import fingerprint
from cardtable.runner.match import Match
from cardtable.ui import input as inp
from cardtable.ui.scenes.settings import SettingsScene


def events(*evs: pygame.event.Event) -> list[inp.InputEvent]:
    t = inp.InputTranslator(clock=lambda: 5.0)
    return [out for ev in evs for out in t.translate(ev)]


def mouse(kind: int, pos: tuple[int, int], **kw) -> pygame.event.Event:
    return pygame.event.Event(kind, pos=pos, button=1, rel=(0, 0), buttons=(1, 0, 0), **kw)


def test_a_drag_starts_only_after_the_pointer_moves_a_few_pixels():
    out = events(mouse(pygame.MOUSEBUTTONDOWN, (10, 10)), mouse(pygame.MOUSEMOTION, (12, 11)),
                 mouse(pygame.MOUSEMOTION, (20, 10)), mouse(pygame.MOUSEMOTION, (30, 10)),
                 mouse(pygame.MOUSEBUTTONUP, (30, 10)))
    kinds = [type(e).__name__ for e in out]
    assert kinds == ["Press", "PointerMove", "DragStart", "DragMove", "Drop"]
    assert out[-1] == inp.Drop((10, 10), (30, 10))


def test_two_quick_clicks_in_one_place_are_a_double_click():
    down, up = mouse(pygame.MOUSEBUTTONDOWN, (5, 5)), mouse(pygame.MOUSEBUTTONUP, (5, 5))
    clicks = [e for e in events(down, up, down, up, down, up) if isinstance(e, inp.Click)]
    assert [c.double for c in clicks] == [False, True, False]


def test_the_drop_target_is_the_zone_overlapped_most():
    dragged = pygame.Rect(0, 0, 100, 100)
    targets = {"a": pygame.Rect(80, 0, 100, 100), "b": pygame.Rect(-50, 50, 100, 100)}
    assert inp.best_drop(dragged, targets) == "b"
    assert inp.best_drop(dragged.move(500, 0), targets) is None


def test_settings_apply_at_once():
    d = Driver()
    scene = SettingsScene(d.app)
    d.app.push(scene)
    d.frame()
    back = next(w for w in scene.form.widgets if getattr(w, "label", "") == "card_back")
    d.click(back.rect.move(back.rect.w // 3, 0).center)
    assert d.app.settings.card_back != "blue"
    assert d.app.card_art.back_colour == d.app.settings.card_back
    speed = next(w for w in scene.form.widgets if getattr(w, "label", "") == "animation_speed")
    scene.form.set_focus(scene.form.widgets.index(speed))
    d.key(pygame.K_RIGHT)
    assert d.app.settings.animation_speed != "instant"


def test_resizing_to_the_minimum_and_beyond_keeps_the_table_whole():
    d = Driver(animation_speed="normal")
    table = d.table(Match("shithead", seats("human", "bot", "bot", "bot", "bot"), seed=9))
    for size in [(700, 400), (960, 600), (3840, 2160), (1000, 3000)]:
        d.post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
        d.frames(3)
        w, h = d.app.size
        assert w >= 960 and h >= 600
        window = pygame.Rect(0, 0, w, h)
        assert all(window.contains(s.rect) for s in table.compose(d.now) if not s.moving)


def test_random_clicks_keys_and_drags_never_lose_a_card_or_make_an_illegal_move():
    d = Driver(bot_think_ms=0)
    match = Match("shithead", seats("human", "bot", "bot"), seed=21, dealer=2)
    table = d.table(match)
    to_turn(d, table)  # the deal and the bots' moves before the turn at instant speed
    d.app.update_settings(animation_speed="fast")
    rig(table, 0, parse_cards("5c 5d 9h"), parse_cards("4s"))
    start, done = match.state.clone(), len(match.actions)
    rng = random.Random(4)
    w, h = d.app.size
    keys = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE, pygame.K_RETURN, pygame.K_p, pygame.K_1,
            pygame.K_2, pygame.K_TAB, pygame.K_DOWN, pygame.K_UP, pygame.K_a, pygame.K_ESCAPE]
    for _ in range(400):
        if d.app.top is not table:
            if match.state.is_over:
                break
            d.key(pygame.K_ESCAPE)  # close the menu the random Esc opened
            continue
        r = rng.random()
        if r < 0.4:
            d.click((rng.randrange(w), rng.randrange(h)))
        elif r < 0.7:
            d.key(rng.choice(keys), "p" if rng.random() < 0.1 else "")
        else:
            src, dst = (rng.randrange(w), rng.randrange(h)), (rng.randrange(-50, w + 50), rng.randrange(h))
            d.drag(src, dst, steps=3)
        d.frames(rng.randrange(1, 4))
        if d.app.top is table:
            faces = Counter(f for f, _, _ in table.drawn if f != HIDDEN)
            assert len(table.drawn) == 52 and all(n == 1 for n in faces.values())
    assert len(match.actions) > done + 10
    # Every change came through legal actions: replaying them from the start gives the same state.
    for action in match.actions[done:]:
        start.apply(action)
    assert fingerprint(start) == fingerprint(match.state)


def test_f11_toggles_fullscreen_and_back_to_the_remembered_size():
    d = Driver(size=(1100, 700))
    d.key(pygame.K_F11)
    assert d.app.settings.fullscreen
    d.key(pygame.K_F11)
    assert not d.app.settings.fullscreen and d.app.size == (1100, 700)


def test_a_bot_waits_the_minimum_thinking_time_unless_fast_play():
    for fast, expected in ((False, 0.6), (True, 0.0)):
        d = Driver(animation_speed="fast", bot_think_ms=600, fast_play=fast)
        match = Match("shithead", seats("bot", "human", "human"), seed=2, dealer=2)
        table = d.table(match)
        while not (table.turns.bot_asked() or match.actions):  # the deal lands, the bot is asked
            d.frame()
        start = d.now
        while not match.actions and d.now - start < 2:
            d.frame()
        waited = d.now - start
        assert expected <= waited <= expected + 0.1, (fast, waited)
        assert table.drawn  # the table kept drawing while the bot thought


def test_enter_before_any_card_is_chosen_says_how_the_keys_choose_one():
    """The walk (session 16), keyboard only: at a turn with no card chosen Enter did nothing and
    nothing on the screen says how the keys choose a card; now Enter says it (and How to play's
    last card says it too), and the keys it names play the card."""
    from cardtable.games import layout_of
    from cardtable.ui.scenes.how_to_play import controls_card

    d = Driver(bot_think_ms=0)
    match = Match("shithead", seats("human", "bot", "bot"), seed=21, dealer=2)
    table = d.table(match)
    to_turn(d, table)
    d.app.update_settings(animation_speed="fast")
    rig(table, 0, parse_cards("5c 9h"), parse_cards("4s"))
    table.controls.focus, table.controls.selection = None, frozenset()
    done = len(match.actions)
    d.key(pygame.K_RETURN)
    assert len(match.actions) == done
    said = table.shown_notice[0]
    assert said.startswith("Choose a card first") and "Left and Right" in said and "Space" in said
    assert "Left and Right move between your cards" in controls_card(layout_of(match.game))[1]
    d.key(pygame.K_RIGHT)
    d.key(pygame.K_SPACE)
    d.key(pygame.K_RETURN)
    assert len(match.actions) == done + 1 and match.actions[done].kind == "play"


def test_enter_when_the_moves_are_buttons_says_how_the_keys_press_one():
    """Takku-Sum's draw for the first player is a button, the hand's cards no move: Enter says
    how to press the button, not how to choose a card (the walk, session 16)."""
    d = Driver(bot_think_ms=0)
    match = Match("takku-sum", seats("human", "bot"), seed=3, dealer=1)
    table = d.table(match)
    d.settle()
    assert [a.kind for a in match.legal()] == ["draw_for_first"] and table.form.widgets
    done = len(match.actions)
    d.key(pygame.K_RETURN)
    assert table.shown_notice[0].startswith("Press the number on a button") and len(match.actions) == done
    d.key(pygame.K_1)
    assert len(match.actions) > done and match.movers[done] == 0
