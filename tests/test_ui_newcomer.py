"""Issue 23, part 2: what a newcomer tripped on, driven through the real table with synthetic
input (the numbered items of the issue are named in each test)."""

from __future__ import annotations

import pygame
from store_fakes import MemoryAutosaver
from test_ui_comforts import my_turn
from test_ui_cunt_soul import at as cunt_soul_at
from ui_driver import Driver, ask_hint, seats, sprite_of, to_turn

from cardtable.engine.protocol import Action
from cardtable.runner.match import Match
from cardtable.store.paths import app_paths
from cardtable.ui.scene import Scene
from cardtable.ui.scenes.passto import PassScene

# -- 1. numbered choices mean one thing at a time ------------------------------------------------


def test_item1_a_field_5_swap_numbers_the_face_down_cards_only_and_never_a_seat() -> None:
    d, table = cunt_soul_at(lambda s: any(a.kind == "swap_down" for a in s.legal_actions()))
    labels = [w.label for w in table.form.widgets]
    assert not any("face-down card 0" in label for label in labels), labels
    hand_card = next(a.cards[0] for a in table.match.legal() if a.kind == "swap_down")
    d.click(sprite_of(table, hand_card).rect.center)
    assert table.selection == {hand_card}
    labels = [w.label for w in table.form.widgets]
    assert any("face-down card 1" in label for label in labels), labels
    assert not any("face-down card 0" in label for label in labels), labels
    assert table.seat_hotkeys == {}, "the seats were numbered as well as the buttons"
    assert "choose a seat" not in table_prompt(table)
    d.key(pygame.K_2, "2")
    assert table.match.actions[-1] == Action("swap_down", (hand_card,), 1)


def table_prompt(table) -> str:
    from cardtable.ui.table.frame import prompt_line

    return prompt_line(table)


def test_item1_a_digit_pressed_while_a_bot_moves_does_nothing_when_the_turn_comes() -> None:
    d = Driver(animation_speed="normal", bot_think_ms=0)
    table = d.table(Match("shithead", seats("human", "bot"), seed=11))
    to_turn(d, table)
    mine = len(table.match.actions)
    table.apply(table.match.legal()[0])
    pressed = -1
    for _ in range(2000):
        d.frame()
        if len(table.match.actions) > mine + 1 and table.busy(d.now) and pressed < 0:
            assert table.match.state.to_move == 0
            pressed = len(table.match.actions)
            d.key(pygame.K_1, "1")  # while the bot's cards fly towards the person's turn ("1  Pick up")
        if pressed >= 0 and not table.busy(d.now):
            break
    assert pressed >= 0
    d.frames(30)
    assert table.match.movers[pressed:] == [], "a digit pressed before the buttons showed made a move"


# -- 2. hints -------------------------------------------------------------------------------------


def test_item2_the_same_position_gives_the_same_hint_and_asking_again_adds_no_log_line() -> None:
    d = Driver()
    table = d.table(Match("shithead", seats("human", "bot", "bot"), seed=8, dealer=0))
    my_turn(d, table)
    lines = list(table.log)
    first = ask_hint(d, table)
    for _ in range(3):
        table.comforts.hint = None
        assert ask_hint(d, table).action == first.action
    assert table.log == lines, "asking for a hint wrote in the log"
    assert table.shown_notice is not None and table.shown_notice[0].startswith("Hint:")
    played = len(table.match.actions)
    d.key(pygame.K_RETURN)
    assert table.match.actions[played:][:1] == [first.action], "Enter did not make the move the hint lit"
    # the hint's words go with the move: left up, they read as the hint for the next decision
    assert table.shown_notice is None or not table.shown_notice[0].startswith("Hint:")


def test_item2_enter_turns_over_the_face_down_card_a_hint_lit() -> None:
    d, table = cunt_soul_at(lambda s: any(a.kind == "play_down" for a in s.legal_actions())
                             and len(s.legal_actions()) >= 2)
    table.comforts.hinter.forget()
    down = next(a for a in table.legal() if a.kind == "play_down")
    # The hint as the worker would give it (the Hard bot's pick is its own business).
    from cardtable.runner.hint import Hint

    table.comforts._hint_arrived(Hint(0, len(table.match.actions), down, "turn it over", ""))
    assert table.focus is not None and table.shown_notice[0].startswith("Hint:")
    played = len(table.match.actions)
    d.key(pygame.K_RETURN)
    assert table.match.actions[played:][:1] == [down]


def test_item2_h_on_someone_elses_turn_says_so_by_the_cards_not_in_the_log() -> None:
    d = Driver(animation_speed="normal")
    table = d.table(Match("shithead", seats("human", "bot"), seed=8, dealer=0))
    my_turn(d, table)
    while table.match.state.to_move == 0:
        table.apply(table.legal()[0])
        d.frames(2)
    lines = len(table.log)
    d.key(pygame.K_h, "h")
    assert table.shown_notice is not None and "your own turn" in table.shown_notice[0]
    assert not any("hint" in line.lower() for line in table.log[lines:])


# -- 3. the log is the game -----------------------------------------------------------------------


def test_item3_refusals_sorting_and_out_of_turn_clicks_are_toasts_and_undone_moves_leave_the_log() -> None:
    d = Driver()
    table = d.table(Match("shithead", seats("human", "bot", "bot"), seed=6, dealer=0))
    my_turn(d, table)
    d.key(pygame.K_o, "o")
    assert "arranged" in table.shown_notice[0]
    assert not any("arranged" in line for line in table.log)
    before = list(table.log)
    table.apply(table.legal()[-1])
    my_turn(d, table, choices=1)
    assert len(table.log) > len(before)
    d.post(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="")
    d.frame()
    assert table.log == before, "the undone moves are still in the log"
    assert table.shown_notice[0].startswith("Undone")


# -- 4. pass screens only when something is private -----------------------------------------------


def test_item4_two_people_at_cersei_get_no_pass_screen_but_at_shithead_they_do() -> None:
    d = Driver()
    table = d.table(Match("cersei", seats("human", "human"), seed=5))
    flips = 0
    for _ in range(400):
        d.frame()
        assert not isinstance(d.app.top, PassScene), "a pass screen although nothing is hidden"
        state = table.match.state
        if state.is_over or flips >= 6:
            break
        if state.to_move is not None and table.viewer == state.to_move and not table.busy(d.now):
            table.apply(state.legal_actions()[0])
            flips += 1
    assert flips >= 6
    d2 = Driver()
    shithead = d2.table(Match("shithead", seats("human", "human"), seed=5))
    for _ in range(200):
        d2.frame()
        if isinstance(d2.app.top, PassScene):
            break
        state = shithead.match.state
        if shithead.viewer == state.to_move and not shithead.busy(d2.now):
            shithead.apply(state.legal_actions()[0])
    assert isinstance(d2.app.top, PassScene)


# -- 5. moments -----------------------------------------------------------------------------------


def test_item5_going_out_gets_a_banner_and_a_sound_and_skip_finishes_the_bots_play_at_once() -> None:
    from cardtable.ai import make_bot
    from cardtable.ui.scenes.results import ResultsScene

    for seed in range(20):
        d = Driver()
        played: list[str] = []
        d.app.sound.play = played.append  # what the table asked to hear
        table = d.table(Match("shithead", seats("human", "bot", "bot", "bot"), seed=seed))
        me = make_bot("shithead", "heuristic", seed)
        banners: list[str] = []
        for _ in range(20000):
            d.frame()
            if table.choreo.banner is not None:
                banners.append(table.choreo.banner[0])
            state = table.match.state
            if state.is_over or table.people_out():
                break
            if table.my_turn() and not table.busy(d.now):
                table.apply(me.choose(state.view(0)))
        if not table.people_out():
            continue
        # From here at the speed a person sees: the three bots alone would take a minute or more.
        d.app.settings.animation_speed, d.app.settings.bot_think_ms = "normal", 600
        d.frames(2)
        assert any("You are out" in b for b in banners), banners
        assert "moment" in played
        labels = [w.label for w in table.form.widgets]
        assert labels == ["Skip to the results"], labels
        d.click(table.form.widgets[0].rect.center)
        for _ in range(600):  # ten seconds at most, where the bots alone took minutes at this speed
            d.frame()
            if isinstance(d.app.top, ResultsScene):
                break
        assert isinstance(d.app.top, ResultsScene)
        return
    raise AssertionError("the person never went out first")


# -- 6. results as a table ------------------------------------------------------------------------


class _Review(Scene):
    def __init__(self, app, saved, seat=None) -> None:
        super().__init__(app)
        self.saved, self.seat = saved, seat

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))


def test_item6_results_are_a_table_with_review_and_watch_the_replay(tmp_path, monkeypatch) -> None:
    from cardtable.ui import scene as scenes
    from cardtable.ui.scenes.replay import ReplayScene
    from cardtable.ui.scenes.results import ResultsScene

    d = Driver(paths=app_paths(tmp_path))
    table = d.table(Match("takku-sum", seats("bot", "bot"), seed=2, saver=d.app.saver))
    for _ in range(5000):
        d.frame(0.05)
        if isinstance(d.app.top, ResultsScene):
            break
    results = d.app.top
    assert isinstance(results, ResultsScene)
    heads, *rows = [cells for cells, _ in results.grid]
    assert heads == ("Place", "Player", "Ended with", "Moves", "Time") and len(rows) == 2
    assert [place for place, *_ in rows] == ["1", "2"]
    for _place, name, held, moves, took in rows:
        seat = table.match.names.index(name.split("  ")[0])
        assert held.endswith(("point", "points")) and moves == str(table.match.movers.count(seat))
        assert took.count(":") == 1 and took != "0:00"  # the bots took a while at the table
    d.frame()
    # The table is drawn: every head lies inside the panel, on the screen.
    assert sum(results.columns) <= results.panel.w
    # Without a review scene (guarded), and with one: Review opens it on the game just played.
    monkeypatch.delitem(scenes._REGISTRY, "review", raising=False)
    monkeypatch.delitem(scenes.SCENE_MODULES, "review", raising=False)
    d.app.replace(ResultsScene(d.app, table.match))
    labels = [w.label for w in d.app.top.form.widgets]
    assert labels == ["Play again", "Watch the replay", "New game", "Title"]
    monkeypatch.setitem(scenes._REGISTRY, "review", _Review)
    d.app.replace(ResultsScene(d.app, table.match))
    labels = [w.label for w in d.app.top.form.widgets]
    assert labels == ["Play again", "Review", "Watch the replay", "New game", "Title"]
    d.click(d.app.top.form.widgets[1].rect.center)
    assert isinstance(d.app.top, _Review) and d.app.top.saved is table.match.saved
    d.app.pop()
    d.click(d.app.top.form.widgets[2].rect.center)
    assert isinstance(d.app.top, ReplayScene)


# -- 7. setup and keys ----------------------------------------------------------------------------


def test_item7_s_at_fscking_ace_before_a_flip_neither_stops_nor_sorts() -> None:
    d = Driver()
    table = d.table(Match("fscking-ace", seats("human", "bot", "bot"), seed=3, dealer=2))
    for _ in range(50):
        d.settle()
        if table.my_turn():
            break
        d.frame()
    assert table.my_turn() and not any(a.kind == "stop" for a in table.legal())
    d.key(pygame.K_s, "s")  # nothing to stop yet: S must not sort the hand instead
    assert d.app.settings.hand_order == "dealt"
    d.key(pygame.K_o, "o")
    assert d.app.settings.hand_order == "rank"


def test_item7_a_human_seat_shows_no_bot_level_and_hand_order_is_a_setting() -> None:
    from cardtable.ui.scenes.settings import SettingsScene
    from cardtable.ui.scenes.setup import SetupScene

    d = Driver()
    setup = d.app.push("setup", game="shithead")
    d.frame()
    assert isinstance(setup, SetupScene)
    kinds = [w.value for w in setup.form.widgets if getattr(w, "label", "") == "kind"]
    levels = [w for w in setup.form.widgets if getattr(w, "label", "") == "level"]
    assert len(levels) == kinds.count("bot") and "human" in kinds
    settings = d.app.push("settings")
    d.frame()
    assert isinstance(settings, SettingsScene)
    titles = [row.title for row in settings.page.rows]
    assert "Hand order" in titles
    order = next(w for w in settings.form.widgets if getattr(w, "label", "") == "hand_order")
    d.click(order.rect.center)
    assert d.app.settings.hand_order != "dealt"


# -- 9. statistics --------------------------------------------------------------------------------


def test_item9_helped_counts_people_only_and_shithead_counts_first_out(tmp_path) -> None:
    from cardtable.ai.base import RandomBot
    from cardtable.store.stats import load_stats
    from cardtable.ui.scenes.stats_rows import rows_for, win_word

    paths = app_paths(tmp_path)
    saver = MemoryAutosaver(paths)   # the statistics are filed for real; the autosaves kept in memory
    match = Match("shithead", seats("human", "bot", "bot"), seed=4, saver=saver)
    match.mark_help("hint")
    bot = RandomBot(2)
    while not match.state.is_over:
        match.apply(bot.choose(match.state.view(match.state.to_move)))
    saver.flush()
    stats, _ = load_stats(paths)
    helped = {r.name: r.assisted for r in rows_for(stats.games["shithead"])}
    assert helped == {"You": 1, "Bea": 0, "Cal": 0}
    assert win_word("shithead") == "First out" and win_word("cersei") == "Wins"


# -- 10. the window -------------------------------------------------------------------------------


def _window() -> pygame.Window:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def test_item10_the_window_fits_its_screen_and_remembers_its_size_place_and_full_screen(tmp_path) -> None:
    from cardtable.store.settings import load_settings
    from cardtable.ui.app import App
    from cardtable.ui.window import window_size

    # The first time: most of the screen it is on, at the table's shape; never larger than it.
    assert window_size(None, (1366, 768)) == (983, 614)
    assert window_size(None, (3840, 2160)) == (2765, 1728)
    assert window_size((1920, 1200), (1366, 768)) == (1326, 688)  # remembered on a bigger screen
    paths = app_paths(tmp_path)
    settings, _ = load_settings(paths)
    app = App(settings, paths)  # the dummy screen is 1024x768: not 1280x800
    assert app.size == (960, 600)  # the smallest the table takes
    app._resized((970, 640))
    _window().position = (33, 44)
    app.update_settings(fullscreen=True)
    app.update_settings(fullscreen=False)
    _window().position = (33, 44)
    app.remember_window()  # as App.close does, before it quits pygame (which the other tests need)
    app.save_settings()
    again, _ = load_settings(paths)
    assert again.window_size == (970, 640) and again.window_pos == (33, 44) and not again.fullscreen
    reopened = App(again, paths)
    assert reopened.size == (970, 640)
    assert tuple(_window().position) == (33, 44)
    reopened.update_settings(fullscreen=True)
    assert load_settings(paths)[0].fullscreen
    reopened.update_settings(fullscreen=False)


# -- 8. layout (tooltips) -------------------------------------------------------------------------


def test_item8_a_tooltip_never_covers_the_card_or_pile_it_describes() -> None:
    from cardtable.ui.timings import TOOLTIP_DELAY

    d = Driver()
    table = d.table(Match("shithead", seats("human", "bot", "bot"), seed=2, dealer=0))
    my_turn(d, table)
    d.frame()
    hand = [r for f, z, r in table.drawn if z == "hand/0" and f >= 0]
    piles = [table.placement.zones[z].rect for z in ("draw", "play", "burn") if z in table.placement.zones]
    assert hand and piles
    places = [(hand[-1], hand[-1].midleft), (hand[0], hand[0].center), *[(r, r.center) for r in piles]]
    for about, pos in places:
        table.comforts.tooltip.hide()
        pos = (pos[0] + 3, pos[1])
        d.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        d.frames(5, TOOLTIP_DELAY / 3)  # the pointer rests past the delay, in five frames
        tip = table.comforts.tooltip
        assert tip.words and tip.box is not None, pos
        assert not tip.box.colliderect(tip.about), (pos, tip.box, tip.about)
        assert tip.about.colliderect(about)  # the very card (risen a little under the pointer) or pile


def test_item8_a_tooltip_stays_on_the_table_not_over_the_log() -> None:
    """Walking Takku-Sum's first lesson at 1280x800, the A's tooltip ran off the table over the
    log beside it and hid its last line ("Ben plays 4♣"): the words stay on the table where they
    fit, on every card of the hand and every pile."""
    from cardtable.ui.timings import TOOLTIP_DELAY

    d = Driver(size=(1280, 800))
    table = d.table(Match("takku-sum", seats("human", "bot", "bot"), seed=3, dealer=0))
    my_turn(d, table)
    d.frame()
    hand = [r for f, z, r in table.drawn if z == "hand/0" and f >= 0]
    piles = [z.rect for name, z in table.placement.zones.items() if "/" not in name]
    assert len(hand) >= 4 and piles
    inside = table.placement.table_rect
    assert inside.right < 1280 - 100  # a log column beside the table
    checked = 0
    for about in [*hand, *piles]:
        table.comforts.tooltip.hide()
        d.post(pygame.MOUSEMOTION, pos=(about.centerx + 3, about.centery), rel=(0, 0), buttons=(0, 0, 0))
        d.frames(5, TOOLTIP_DELAY / 3)
        tip = table.comforts.tooltip
        if tip.box is None:
            continue
        checked += 1
        assert inside.contains(tip.box), (about, tip.box, inside)
        assert not tip.box.colliderect(tip.about)
    assert checked >= len(hand)


def test_item8_after_a_drag_the_tooltip_is_about_what_the_pointer_rests_on() -> None:
    """A card dragged from the hand onto the pile: the next card slid under where the drag began,
    and its tooltip came up there, over the hand, while the pointer rested on the pile (seen in a
    real window: the 7's words after the 4 was played)."""
    from cardtable.ui.timings import TOOLTIP_DELAY

    d = Driver()
    table = d.table(Match("shithead", seats("human", "bot"), seed=2, dealer=0))
    for _ in range(20):  # past the setup, to a turn with a card to play from the hand
        my_turn(d, table, choices=1)
        plays = [a for a in table.legal() if a.kind == "play" and len(a.cards) == 1
                 and a.cards[0] in table.match.state.zones()["hand/0"]]
        if plays:
            break
        table.apply(table.legal()[0])
    d.frame()
    assert plays
    card = sprite_of(table, plays[0].cards[0]).rect
    start = (card.x + 4, card.centery)  # its left edge: the cards after it overlap the rest
    drop = table.placement.zones["play"].rect.center
    made = len(table.match.actions)
    d.drag(start, drop)
    assert table.match.actions[made] == plays[0]
    for _ in range(40):
        d.frames(3, TOOLTIP_DELAY / 2)  # the bot answers; the pointer rests on the pile
        if table.my_turn() and not table.busy(d.now):
            break
    d.frames(5, TOOLTIP_DELAY / 3)
    tip = table.comforts.tooltip
    assert tip.key is None or tip.key[0] == "play", tip.key
    assert tip.about is None or tip.about.collidepoint(drop), (tip.about, drop)


def test_item8_a_refused_drops_reason_is_not_covered_by_the_piles_tooltip() -> None:
    """A card dragged onto a pile it may not go on: the reason is said by the pile, and the pointer
    rests there, so the pile's tooltip came up over the reason (seen in a real window in
    Takku-Sum). The tooltip waits until the reason has gone."""
    from cardtable.ui.timings import NOTICE, TOOLTIP_DELAY

    d = Driver()
    table = d.table(Match("shithead", seats("human", "bot"), seed=2, dealer=0))
    for _ in range(30):  # to a turn with a hand card that may not go on the pile
        my_turn(d, table, choices=1)
        hand = table.match.state.zones()["hand/0"]
        played = {c for a in table.legal() for c in a.cards}
        stuck = [c for c in hand if c not in played]
        if stuck and table.match.state.zones()["play"]:
            break
        table.apply(table.legal()[0])
    d.frame()
    card = sprite_of(table, stuck[0]).rect
    drop = table.placement.zones["play"].rect.center
    made = len(table.match.actions)
    d.drag((card.x + 4, card.centery), drop)
    assert len(table.match.actions) == made and table.shown_notice is not None
    d.frames(6, TOOLTIP_DELAY / 2)  # the pointer rests on the pile past the delay
    tip = table.comforts.tooltip
    assert tip.key is not None and tip.key[0] == "play" and tip.box is None
    d.frames(8, NOTICE / 4)  # the reason has gone: now the pile's words
    assert tip.box is not None and tip.about is not None and tip.about.collidepoint(drop)


def test_item8_a_tooltip_keeps_off_the_decision_buttons_where_there_is_room() -> None:
    """Walking Cunt-Soul's fifth lesson, the K's tooltip covered "Change the field card", the very
    button the coach asked for: the words go to another side of the card when one is clear."""
    from cardtable.ui.timings import TOOLTIP_DELAY

    d, table = cunt_soul_at(lambda s: any(a.kind == "change_field" for a in s.legal_actions()))
    d.frame()
    hand = [(f, r) for f, z, r in table.drawn if z == "hand/0" and f >= 0]
    assert len(hand) >= 3
    checked = 0
    for face, card in hand:
        table.select(frozenset({face}))  # a card taken up: its decisions show under the prompt
        d.frames(3)
        buttons = [w.rect for w in table.form.widgets]
        card = next(r for f, z, r in table.drawn if f == face)  # risen, now it is taken up
        table.comforts.tooltip.hide()
        d.post(pygame.MOUSEMOTION, pos=(card.centerx, card.centery), rel=(0, 0), buttons=(0, 0, 0))
        d.frames(5, TOOLTIP_DELAY / 3)  # the pointer rests past the delay, in five frames
        tip = table.comforts.tooltip
        if tip.box is None or not buttons:
            continue
        checked += 1
        assert not tip.box.colliderect(tip.about), (face, tip.box, tip.about)
        assert tip.box.collidelist(buttons) < 0, (face, tip.box, buttons)
    assert checked >= 3


def test_item2_a_setup_hint_lies_on_bare_felt_not_on_an_opponents_cards(monkeypatch) -> None:
    """Asking for a hint at Shithead's setup in a 1024x640 window, 'Hint: put 2♠ Q♣ A♦ face up...'
    was lifted off the prompt onto Bea's face-up and face-down cards while the felt above the
    piles was bare: a notice keeps off cards it is not about and off the name plates where the
    table has room."""
    from cardtable.ui.table import frame, notice

    boxes: list = []
    real_box = notice.notice_box
    monkeypatch.setattr(notice, "notice_box", lambda *a, **k: boxes.append(real_box(*a, **k)) or boxes[-1])
    tables: list = []
    real_table = frame.draw_table
    monkeypatch.setattr(frame, "draw_table", lambda *a, **k: tables.append(real_table(*a, **k)) or tables[-1])
    for seed in (3, 4, 5):
        d = Driver(size=(1024, 640))
        table = d.table(Match("shithead", seats("human", "bot", "bot", "bot"), seed=seed, dealer=0))
        for _ in range(200):
            if table.my_turn() and not table.busy(d.now):
                break
            d.frame()
        ask_hint(d, table)
        assert table.shown_notice is not None and table.shown_notice[0].startswith("Hint: put")
        about = table.shown_notice[1]
        assert about is not None
        boxes.clear()
        tables.clear()
        d.frame(0.05)
        assert boxes and tables
        others = [r for _card, _zone, r in tables[-1] if not about.contains(r)]
        assert boxes[-1].collidelist(others) < 0, (seed, boxes[-1], others[boxes[-1].collidelist(others)])
        assert boxes[-1].collidelist(list(table.placement.plates.values())) < 0, seed
        assert not boxes[-1].colliderect(about)


def test_item1_a_choice_of_seat_says_how_to_make_it_not_what_it_is_again() -> None:
    """Continuing a Cunt-Soul match under a Field J, the prompt read "Ash: Field J: choose who plays
    next — choose a seat": the words after the dash say how (the plates are numbered as the buttons)."""
    _d, table = cunt_soul_at(lambda s: any(a.target >= 0 and not a.cards for a in s.legal_actions()))
    line = table_prompt(table)
    assert line.endswith(" — click a name or press its number"), line
    assert "choose a seat" not in line
    assert table.seat_hotkeys, "the plates are numbered"
