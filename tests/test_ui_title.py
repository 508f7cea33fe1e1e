"""The title never throws a match away without asking (issue 16 item 3), and lays out at every
Interface size and window size, three Continue rows included (items 5 and 6)."""

from __future__ import annotations

import pytest
from fit_checks import SCALES, SIZES, text_problems, widgets_apart
from ui_driver import Driver

from cardtable.runner.match import Match, Seat
from cardtable.store.matches import list_replays, load_unfinished, unfinished_path
from cardtable.store.paths import app_paths
from cardtable.store.stats import load_stats
from cardtable.ui.scenes.setup import SetupScene
from cardtable.ui.scenes.table import TableScene
from cardtable.ui.scenes.title import TitleScene, tile_grid
from cardtable.ui.scenes.unfinished import UnfinishedScene


def leave_unfinished(d: Driver, game: str, moves: int = 2) -> Match:
    match = Match(game, [Seat("Ash"), Seat("Bea", "bot"), Seat("Cal", "bot")], seed=11, saver=d.app.saver)
    for _ in range(moves):
        match.apply(match.legal()[0])
    d.app.saver.flush()
    return match


def widget(scene, label: str):
    return next(w for w in scene.form.widgets if getattr(w, "label", "").startswith(label))


def title_with_unfinished(tmp_path, game: str = "cunt-soul") -> tuple[Driver, Match]:
    d = Driver(paths=app_paths(tmp_path))
    match = leave_unfinished(d, game)
    d.app.push(TitleScene(d.app))
    d.frame()
    return d, match


def test_a_new_game_of_a_game_with_an_unfinished_match_asks_first(tmp_path):
    d, match = title_with_unfinished(tmp_path)
    d.click(widget(d.app.top, "Cunt-Soul").rect.center)
    assert isinstance(d.app.top, UnfinishedScene)
    labels = [w.label for w in d.app.top.form.widgets]
    assert labels == ["Continue it", "Abandon it and deal a new game", "Back"]
    d.click(widget(d.app.top, "Back").rect.center)
    assert isinstance(d.app.top, TitleScene)
    found = load_unfinished(d.app.paths)
    assert [u.saved.match_id for u in found] == [match.saved.match_id]  # nothing lost
    d.app.saver.close()


def test_continue_it_resumes_the_match_where_it_was(tmp_path):
    d, match = title_with_unfinished(tmp_path)
    d.click(widget(d.app.top, "Cunt-Soul").rect.center)
    d.click(widget(d.app.top, "Continue it").rect.center)
    table = d.app.top
    assert isinstance(table, TableScene)
    assert table.match.saved.match_id == match.saved.match_id and table.match.actions == match.actions
    d.app.saver.close()


def test_an_abandoned_match_is_kept_with_the_replays_and_counted_as_abandoned(tmp_path):
    d, match = title_with_unfinished(tmp_path)
    title = d.app.top
    d.click(widget(title, "Cunt-Soul").rect.center)
    d.click(widget(d.app.top, "Abandon it").rect.center)
    assert isinstance(d.app.top, SetupScene) and d.app.top.game.name == "cunt-soul"
    assert not any(getattr(w, "label", "").startswith("Continue") for w in title.form.widgets)
    assert not unfinished_path(d.app.paths, "cunt-soul").exists()
    replays = list_replays(d.app.paths)
    assert [r.match_id for r in replays] == [match.saved.match_id]
    assert replays[0].outcome.abandoned and len(replays[0].actions) == 2
    stats, _ = load_stats(d.app.paths)
    assert stats.games["cunt-soul"].abandoned == 1 and not stats.games["cunt-soul"].players
    d.click(widget(d.app.top, "Deal").rect.center)
    assert isinstance(d.app.top, TableScene)
    d.app.saver.close()


def test_a_game_without_an_unfinished_match_goes_straight_to_setup(tmp_path):
    d, _ = title_with_unfinished(tmp_path)
    d.click(widget(d.app.top, "Shithead").rect.center)
    assert isinstance(d.app.top, SetupScene)
    d.app.saver.close()


def test_the_continue_row_says_whose_turn_it_is_and_how_far_the_match_has_got(tmp_path):
    """Walks noticed a Continue row naming the players only: someone coming back wants to know if
    it is their turn and how far the match went. With one person at the screen it says "your
    turn" or who is to play, and the moves played; the question before a new game says the same."""
    d = Driver(paths=app_paths(tmp_path))
    match = leave_unfinished(d, "shithead", moves=0)
    while match.state.to_move == 0 or len(match.actions) < 2:
        match.apply(match.legal()[0])   # a few moves, until a bot is to play
    d.app.saver.flush()
    bot = match.names[match.state.to_move]
    moves = len(match.actions)
    title = TitleScene(d.app)
    d.app.push(title)
    d.frame()
    assert f"Continue Shithead (Ash, Bea, Cal): {bot} to play, {moves} moves played" in [
        w.label for w in title.form.widgets]
    d.click(widget(title, "Shithead").rect.center)
    assert d.app.top.lines[0][0] == f"Ash, Bea, Cal: {bot} to play, {moves} moves played."
    d.app.saver.close()

    d = Driver(paths=app_paths(tmp_path / "mine"))
    match = leave_unfinished(d, "cunt-soul", moves=0)
    while match.state.to_move != 0:
        match.apply(match.legal()[0])   # the bots' moves, until Ash is to play
    d.app.saver.flush()
    moves = len(match.actions)
    title = TitleScene(d.app)
    d.app.push(title)
    d.frame()
    assert f"Continue Cunt-Soul (Ash, Bea, Cal): your turn, {moves} move{'s' * (moves != 1)} played" in [
        w.label for w in title.form.widgets]
    d.app.saver.close()


def test_tiles_wrap_into_even_rows():
    assert tile_grid(5, 2000, 200, 20) == [5]
    assert tile_grid(5, 700, 200, 20) == [3, 2]
    assert tile_grid(5, 300, 200, 20) == [1, 1, 1, 1, 1]


@pytest.mark.parametrize("scale", SCALES)
def test_the_title_with_three_continue_rows_fits_every_size(tmp_path, scale):
    d = Driver(paths=app_paths(tmp_path), ui_scale=scale)
    for game in ("shithead", "cunt-soul", "takku-sum"):
        leave_unfinished(d, game)
    d.app.saver.close()
    for size in SIZES:
        d = Driver(paths=app_paths(tmp_path), size=size, ui_scale=scale)
        title = TitleScene(d.app)
        d.app.push(title)
        d.frame()
        assert sum(getattr(w, "label", "").startswith("Continue") for w in title.form.widgets) == 3
        assert text_problems(d.app) == [], size
        frame = d.app.screen.get_rect().inflate(-48, -48)
        assert widgets_apart(title.form.widgets, frame) == [], size
        assert frame.contains(title.panel), size
        if title.show_fan:
            assert title.panel.y - round(title.fan_w * 2.2) >= frame.y, size
        d.app.saver.close()


def fresh_title(tmp_path) -> tuple[Driver, TitleScene]:
    """The title as the program's start shows it: nothing saved in this process yet."""
    d = Driver(paths=app_paths(tmp_path))
    title = TitleScene(d.app)
    d.app.push(title)
    return d, title


def test_the_first_frame_lists_the_unfinished_matches_then_loads_them(tmp_path):
    """Issue 23 item 11: the first frame reads the autosaves plainly (no model, no replay); the
    matches are loaded after it, the rows in the same order with the focus kept, each now saying
    whose turn it is, and Continue resumes the match."""
    first = Driver(paths=app_paths(tmp_path))
    match = leave_unfinished(first, "cunt-soul")
    first.app.saver.close()
    d, title = fresh_title(tmp_path)
    assert title.read_later and title.unfinished == []
    assert [w.match_id for w in title.waiting] == [match.saved.match_id]
    d.frame()
    rows = [w.label for w in title.form.widgets]
    row = "Continue Cunt-Soul (Ash, Bea, Cal): 2 moves played"
    assert row in rows and title.form.focus == rows.index(row)
    d.frame()
    assert not title.read_later and title.waiting == []
    assert [u.saved.match_id for u in title.unfinished] == [match.saved.match_id]
    loaded = [w.label for w in title.form.widgets]
    turn = "your turn" if match.state.to_move == 0 else f"{match.names[match.state.to_move]} to play"
    assert loaded == [f"Continue Cunt-Soul (Ash, Bea, Cal): {turn}, 2 moves played" if r == row else r
                      for r in rows]
    assert title.form.focus == rows.index(row)
    d.click(widget(title, "Continue Cunt-Soul").rect.center)
    assert isinstance(d.app.top, TableScene) and d.app.top.match.actions == match.actions
    d.app.saver.close()


def test_continue_pressed_on_the_first_frame_loads_the_match_first(tmp_path):
    first = Driver(paths=app_paths(tmp_path))
    match = leave_unfinished(first, "takku-sum")
    first.app.saver.close()
    d, title = fresh_title(tmp_path)
    title.resize(d.app.size)
    widget(title, "Continue Takku-Sum").on_press()   # before any frame
    assert isinstance(d.app.top, TableScene) and d.app.top.match.saved.match_id == match.saved.match_id
    d.app.saver.close()


def test_a_match_listed_on_the_first_frame_that_fails_its_check_goes_with_a_message(tmp_path):
    import json

    first = Driver(paths=app_paths(tmp_path))
    match = leave_unfinished(first, "cunt-soul")
    first.app.saver.close()
    path = unfinished_path(first.app.paths, "cunt-soul")
    for copy in (path, path.with_name(path.name + ".bak")):
        if copy.exists():
            data = json.loads(copy.read_text(encoding="utf-8"))
            data["position_check"] = "0" * 16   # a hand-edit: it no longer replays to its position
            copy.write_text(json.dumps(data), encoding="utf-8")
    d, title = fresh_title(tmp_path)
    assert [w.match_id for w in title.waiting] == [match.saved.match_id]
    d.frames(2)
    assert not any(w.label.startswith("Continue") for w in title.form.widgets)
    [(said, _)] = title.lines
    assert said.startswith("The saved Cunt-Soul match could not be used: replaying its actions does not "
                           "reach the saved position.")


def test_an_autosave_not_plainly_current_is_loaded_before_the_first_frame(tmp_path):
    first = Driver(paths=app_paths(tmp_path))
    match = leave_unfinished(first, "cersei")
    first.app.saver.close()
    (first.app.paths.unfinished_dir / "stray.tmp").write_text("?", encoding="utf-8")
    _, title = fresh_title(tmp_path)
    assert not title.read_later and [u.saved.match_id for u in title.unfinished] == [match.saved.match_id]


def test_the_fan_stays_once_replays_adds_a_button_at_the_smallest_window(tmp_path):
    """At 1024x640 the title lost its fan of cards and its line "house-rule card games" as soon as
    a finished match added "Replays", and the panel stood alone on bare felt: the fan is drawn
    smaller before it is dropped."""
    d = Driver(paths=app_paths(tmp_path), size=(1024, 640))
    title = TitleScene(d.app)
    d.app.push(title)
    d.frame()
    assert title.show_fan and not title.has_replays
    full = title.fan_w
    title.has_replays = True
    title.resize((1024, 640))
    d.frame()
    assert widget(title, "Replays") is not None
    assert title.show_fan and title.fan_w < full
    frame = d.app.screen.get_rect().inflate(-24, -24)
    assert title.panel.y - round(title.fan_w * 1.6) >= frame.y  # the fan's cards stay on the felt
    assert text_problems(d.app) == []


def test_the_arrow_keys_walk_the_row_of_games_as_they_point(tmp_path):
    """The walk (session 16), keyboard only: the games stand in a row, but Right and Left left
    the focus on Shithead (only Tab and Up/Down moved it), so Right four times and Enter opened
    Shithead, not Takku-Sum. On a button the arrows move the focus as they point; on a choice
    they still change its value."""
    import pygame

    d, title = fresh_title(tmp_path)
    d.frame()
    titles = [getattr(w, "label", "") for w in title.form.widgets]
    assert titles[title.form.focus] == "Shithead"
    for _ in range(4):
        d.key(pygame.K_RIGHT)
    assert titles[title.form.focus] == "Takku-Sum"
    d.key(pygame.K_LEFT)
    assert titles[title.form.focus] == "Fscking Ace"
    title.form.set_focus(0)
    d.key(pygame.K_LEFT)   # the row's end: it stays, where wrapping round put the focus on Quit
    assert titles[title.form.focus] == "Shithead"
    title.form.set_focus(3)
    d.key(pygame.K_RETURN)
    d.frames(2)
    d.key(pygame.K_DOWN)   # "Just play"
    d.key(pygame.K_RETURN)
    d.frames(2)
    setup = d.app.top
    assert isinstance(setup, SetupScene) and setup.game.title == "Fscking Ace"
    seats_choice = setup.form.widgets[0]
    setup.form.set_focus(0)
    before = seats_choice.value
    d.key(pygame.K_LEFT)
    assert setup.form.widgets[0].value == before - 1 and setup.form.focus == 0  # a value, not the focus


def test_new_game_from_the_tables_menu_files_the_match_it_ends_as_abandoned(tmp_path):
    """The walk (session 16), coming back: New game from the Esc menu, then Deal, overwrote the
    match in progress without a trace (no Continue, no replay, not counted), where the title's
    New game asks and files it as abandoned. Dealt from the menu, it is filed the same way; Back
    from the setup leaves it to continue."""
    import pygame

    d = Driver(paths=app_paths(tmp_path))
    match = leave_unfinished(d, "shithead", moves=4)
    table = d.table(match)
    for back_first in (True, False):
        d.key(pygame.K_ESCAPE)
        widget(d.app.top, "New game").activate()
        d.frame()
        setup = d.app.top
        assert isinstance(setup, SetupScene)
        if back_first:
            widget(setup, "Back").activate()
            d.app.saver.flush()
            assert [u.saved.match_id for u in load_unfinished(app_paths(tmp_path))] == [match.saved.match_id]
            d.app.push(table)
            continue
        widget(setup, "Deal").activate()
        d.frames(3)
    d.app.saver.flush()
    paths = app_paths(tmp_path)
    assert match.saved.match_id not in [u.saved.match_id for u in load_unfinished(paths)]
    assert [r.match_id for r in list_replays(paths)] == [match.saved.match_id]
    assert load_stats(paths)[0].games["shithead"].abandoned == 1
    d.app.saver.close()
