"""The table's log is the match's history (issue 16, item 4): it scrolls with the wheel, its
scrollbar, PgUp/PgDn/Home/End; new lines keep it at the newest unless the player scrolled up
("newest ↓" jumps back); Continue and the replay viewer rebuild it from the saved actions."""

from __future__ import annotations

import re

import pygame
from test_ui_replay import open_replay, play_and_file
from test_ui_store import button
from ui_driver import Driver, seats

from cardtable.ai.base import RandomBot
from cardtable.engine.seat_events import events_for
from cardtable.games import games, parts_of
from cardtable.runner.log_lines import deal_line
from cardtable.runner.match import Match
from cardtable.store.paths import app_paths
from cardtable.ui.input import Click, Key, Wheel
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.scenes.table import TableScene
from cardtable.ui.scenes.title import TitleScene
from cardtable.ui.table.log import LogView


def shown(view: LogView, surface: pygame.Surface) -> list[str]:
    view.draw(surface, pygame.Rect(0, 0, 200, 100), 14)
    return view.rows_in_sight()


def test_new_lines_keep_the_log_at_the_newest_unless_scrolled_up():
    surface = pygame.Surface((200, 100))
    view = LogView([f"line {i}" for i in range(40)])
    assert shown(view, surface)[-1] == "line 39" and view.newest_button() is None
    view.lines.append("line 40")
    assert shown(view, surface)[-1] == "line 40"  # pinned to the bottom
    assert view.handle(Wheel(1, (50, 50)))  # one notch up, over the log
    before = shown(view, surface)
    assert "line 40" not in before and view.newest_button() is not None
    view.lines += ["line 41", "line 42"]
    assert shown(view, surface) == before  # the rows being read stay put
    assert view.handle(Click(view.newest_button().center))
    assert shown(view, surface)[-1] == "line 42" and view.newest_button() is None
    assert not view.handle(Wheel(1, (150 + 200, 50)))  # the wheel elsewhere is not the log's
    assert view.handle(Key(pygame.K_HOME)) and shown(view, surface)[0] == "line 0"
    assert view.handle(Key(pygame.K_END)) and shown(view, surface)[-1] == "line 42"


def play_then_continue(tmp_path) -> tuple[Driver, list[str], TableScene]:
    """A Shithead match played a few turns at the table, left for the title and continued."""
    d = Driver(paths=app_paths(tmp_path))
    d.app.push(TitleScene(d.app))
    d.frame()
    match = Match("shithead", seats("human", "bot", "bot"), seed=11, saver=d.app.saver)
    table = TableScene(d.app, match)
    d.app.push(table)
    d.frame()
    for _ in range(25):
        d.settle()
        if table.match.state.is_over:
            break
        table.apply(table.legal()[0])
    d.settle()
    said = list(table.log)
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.app.top, MenuScene)
    d.click(button(d.app.top, "Quit to title").rect.center)
    d.click(button(d.app.top, "Continue Shithead").rect.center)
    resumed = d.app.top
    assert isinstance(resumed, TableScene) and resumed is not table
    d.frame()
    return d, said, resumed


def test_continue_shows_the_log_the_player_saw_from_the_deal_on(tmp_path):
    d, said, resumed = play_then_continue(tmp_path)
    match = resumed.match
    assert resumed.log[0] == deal_line(match.names, match.dealer)  # ("You deal.")
    assert len(resumed.log) > 20 and resumed.log == said  # the very lines the table said
    d.app.saver.close()


def test_the_wheel_pgup_and_the_scrollbar_scroll_the_log_through_the_real_input_layer(tmp_path):
    d, said, table = play_then_continue(tmp_path)
    view = table.logview
    newest = view.rows_in_sight()
    assert view.thumb() is not None, "a long match's log overflows its column: a scrollbar shows"
    assert view.max_offset() > view.visible_rows() + 3, "long enough for a notch and a page"
    assert said[-1].endswith(newest[-1])
    d.post(pygame.MOUSEMOTION, pos=view.area.center, rel=(0, 0), buttons=(0, 0, 0))
    d.post(pygame.MOUSEWHEEL, x=0, y=1)
    d.frame()
    up = view.rows_in_sight()
    assert up != newest and up[-1] == newest[-4]  # three rows a notch
    d.key(pygame.K_PAGEUP)
    assert view.rows_in_sight()[-1] == up[-1 - (len(up) - 1)]  # a page, one row kept in sight
    assert view.newest_button() is not None
    d.click(view.newest_button().center)
    assert view.rows_in_sight() == newest
    # The scrollbar's thumb dragged to the top shows the deal's line.
    thumb = view.thumb()
    d.drag(thumb.center, (thumb.centerx, view.area.y - 50))
    assert view.rows_in_sight()[0] == said[0] and isinstance(d.app.top, TableScene)
    d.key(pygame.K_END)
    assert view.rows_in_sight() == newest
    d.app.saver.close()


def test_the_replay_viewers_log_holds_the_match_up_to_the_step_and_scrolls(tmp_path):
    paths = app_paths(tmp_path)
    saved = play_and_file(paths, "shithead", 5)
    d = Driver(paths=paths)
    _, scene = open_replay(d)
    d.key(pygame.K_END)
    d.frame()
    view = scene.logview
    assert scene.log == scene._log_upto(scene.last) and len(scene.log) > 3 * view.visible_rows()
    d.post(pygame.MOUSEMOTION, pos=view.area.center, rel=(0, 0), buttons=(0, 0, 0))
    d.post(pygame.MOUSEWHEEL, x=0, y=5)
    d.frame()
    assert scene.index == scene.last, "the wheel over the log scrolls the log, not the replay"
    assert view.offset == 15 and view.newest_button() is not None
    thumb = view.thumb()
    d.drag(thumb.center, (thumb.centerx, view.area.y - 50))
    assert view.rows_in_sight()[0] == scene.log[0] == deal_line(saved.names, scene.match.dealer)
    d.key(pygame.K_LEFT)  # a step back: the log ends at that step again, at the newest
    assert scene.index == scene.last - 1 and scene.log == scene._log_upto(scene.last - 1)
    assert view.offset == 0
    d.app.saver.close()


COUNT_WITH_PLURAL = re.compile(r"\b1 (cards|players|points|turns|rounds|times|changes|seats)\b")


def test_no_count_of_one_has_a_plural_noun_in_long_bot_games_of_every_game():
    assert len(games()) >= 5
    for name, game in games().items():
        bots = parts_of(game).bots
        lines = 0
        for seed in range(4):
            players = max(game.min_players, min(4, game.max_players))
            state = game.new_state([f"P{i}" for i in range(players)], None, seed)
            kinds = [*bots.values(), RandomBot]  # the house bots and random play, seated in turn
            seats = [kinds[i % len(kinds)](seed * 7 + i) for i in range(players)]
            while not state.is_over:
                before = state.clone()
                events = state.apply(seats[state.to_move].choose(state.view(state.to_move)))
                for ev in events_for(before, state, events, 0):
                    assert not COUNT_WITH_PLURAL.search(ev.text), (name, ev.text)
                    lines += bool(ev.text)
        assert lines > 200, name
