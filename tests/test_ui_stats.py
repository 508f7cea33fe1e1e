"""The Statistics scene: exact figures after finished matches, reset behind a confirmation."""

from __future__ import annotations

import pygame
from ui_driver import Driver

from cardtable.engine.protocol import Result
from cardtable.games import get_game
from cardtable.store.matches import SavedMatch, SeatConfig, file_result_or_keep_autosave
from cardtable.store.paths import app_paths
from cardtable.store.stats import load_stats
from cardtable.ui.scenes.confirm import ConfirmScene
from cardtable.ui.scenes.statistics import LOSS_BAR, WIN_BAR, Row, StatisticsScene
from cardtable.ui.scenes.title import TitleScene

NAMES = ("Ann", "Bo", "Cy")


def finished(paths, game: str, places: tuple[int, ...], losers: tuple[int, ...], **details) -> None:
    """File one finished match with this outcome, as the table does when a game ends."""
    saved, _ = SavedMatch.start(get_game(game), [SeatConfig(name=n) for n in NAMES], seed=len(places))
    result = Result(places, losers, (0.0,) * len(places), "over", details=details)
    messages = file_result_or_keep_autosave(paths, saved, result)
    messages = file_result_or_keep_autosave(paths, saved, result)
    assert messages == []


def button(scene, label: str):
    return next(b for b in scene.form.widgets if b.label.startswith(label))


def open_statistics(d: Driver) -> StatisticsScene:
    d.app.push(TitleScene(d.app))
    d.frame()
    d.click(button(d.app.top, "Statistics").rect.center)
    scene = d.app.top
    assert isinstance(scene, StatisticsScene)
    return scene


def test_figures_after_a_sequence_of_matches_and_reset_with_confirmation(tmp_path):
    paths = app_paths(tmp_path)
    finished(paths, "cersei", (1, 2, 3), (2,))
    finished(paths, "cersei", (2, 1, 3), (2,))
    finished(paths, "cersei", (1, 3, 2), (1,))
    finished(paths, "fscking-ace", (1, 2, 3), (2,), balances=[500, -200, -300])
    finished(paths, "fscking-ace", (1, 3, 2), (1,), balances=[250, -400, 150])
    d = Driver(paths=paths)
    scene = open_statistics(d)
    assert scene.rows["cersei"] == [
        Row("Ann", 3, 2, 0, 1.33, 1, 1, None),
        Row("Bo", 3, 1, 1, 2.0, 0, 1, None),
        Row("Cy", 3, 0, 2, 2.67, 0, 0, None),
    ]
    assert scene.rows["fscking-ace"] == [
        Row("Ann", 2, 2, 0, 1.0, 2, 2, 750.0),
        Row("Cy", 2, 0, 1, 2.5, 0, 0, -150.0),
        Row("Bo", 2, 0, 1, 2.5, 0, 0, -600.0),
    ]
    assert [b.label for b in scene.tabs] == ["Cersei", "Fscking Ace", "Replays (5)"]
    d.frame()
    shot = tmp_path / "statistics.png"
    pygame.image.save(d.app.screen, str(shot))
    screen = pygame.image.load(str(shot))
    colours = {tuple(screen.get_at((x, y)))[:3] for x in range(0, 1280, 4) for y in range(0, 800, 4)}
    assert WIN_BAR in colours and LOSS_BAR in colours  # the chart is drawn
    # The Fscking Ace tab shows the balance column, in stakes.
    d.key(pygame.K_RIGHT)
    assert scene.tab == "fscking-ace"

    # Reset asks first; Cancel (the focused button, and Esc) keeps everything.
    d.click(button_at(scene, "Reset statistics").rect.center)
    assert isinstance(d.app.top, ConfirmScene)
    d.key(pygame.K_RETURN)  # Cancel has the focus
    assert d.app.top is scene and set(scene.rows) == {"cersei", "fscking-ace"}
    assert set(load_stats(paths)[0].games) == {"cersei", "fscking-ace"}
    d.key(pygame.K_r)
    assert isinstance(d.app.top, ConfirmScene)
    d.key(pygame.K_ESCAPE)
    assert d.app.top is scene and set(load_stats(paths)[0].games) == {"cersei", "fscking-ace"}

    # Reset clears them, on screen and on disk; the replays stay.
    d.click(button_at(scene, "Reset statistics").rect.center)
    d.click(button(d.app.top, "Reset").rect.center)
    assert d.app.top is scene
    assert scene.rows == {} and load_stats(paths)[0].games == {}
    assert scene.tab == "replays" and len(scene.replays) == 5
    assert "Statistics reset." in scene.messages
    assert not any(b.label.startswith("Reset") for b in scene.buttons)
    d.app.saver.close()


def button_at(scene: StatisticsScene, label: str):
    return next(b for b in scene.buttons if b.label.startswith(label))


def test_statistics_open_on_an_empty_home_and_say_so(tmp_path):
    d = Driver(paths=app_paths(tmp_path), size=(960, 600))
    scene = open_statistics(d)
    assert scene.rows == {} and scene.tab == "" and scene.replays == []
    d.frame()
    before = d.app.screen.copy()
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.app.top, TitleScene)
    # Something was drawn in the content panel: the "No games finished yet" line.
    area = scene.area
    ink = {tuple(before.get_at((x, area.y + scene.px * 2 + scene.px // 2)))[:3]
           for x in range(area.x, area.right, 2)}
    assert len(ink) > 3
    d.app.saver.close()


def test_a_store_message_is_shown_not_raised(tmp_path):
    paths = app_paths(tmp_path)
    paths.stats_file.parent.mkdir(parents=True, exist_ok=True)
    paths.stats_file.write_text("{ not json")
    d = Driver(paths=paths)
    scene = StatisticsScene(d.app)
    d.app.push(scene)
    d.frame()
    assert scene.messages and "statistics" in scene.messages[0].lower()
    assert scene.message_lines
    d.app.saver.close()


def test_a_replays_row_names_the_loser_in_the_games_own_word():
    """The replays list said "won by Bea; Dot lost" for Cunt-Soul while the statistics' column
    over it says "The sole-cunt": the row speaks the game's word; a game without one says "lost"."""
    from cardtable.store.match_file import Outcome, SavedMatch, SeatConfig
    from cardtable.ui.scenes.stats_rows import replay_row

    seats = [SeatConfig(name=n, kind="bot") for n in ("Ash", "Bea", "Cal", "Dot")]
    cs = SavedMatch(game="cunt-soul", seats=seats, seed=1, position_check="x",
                    outcome=Outcome(places=[3, 1, 2, 4], losers=[3]))
    assert replay_row(cs).outcome == "won by Bea; Dot is the sole-cunt"
    sh = SavedMatch(game="shithead", seats=seats[:3], seed=1, position_check="x",
                    outcome=Outcome(places=[1, 3, 3], losers=[1, 2]))
    assert replay_row(sh).outcome == "won by Ash; Bea and Cal are the Shithead"
    ta = SavedMatch(game="takku-sum", seats=seats[:3], seed=1, position_check="x",
                    outcome=Outcome(places=[2, 1, 3], losers=[2]))
    assert replay_row(ta).outcome == "won by Bea; Cal lost"


def test_the_short_column_heads_are_explained_under_the_table(tmp_path, monkeypatch):
    """Opening the statistics of an updated home, "Streak", "Best" and "Helped" stood over bare
    numbers: a line under each game's table says what they count, in the game's own word for a
    first place."""
    from cardtable.ui import stats_tables

    said: list[str] = []
    real = stats_tables.line
    monkeypatch.setattr(stats_tables, "line",
                        lambda surface, s, *a, **k: said.append(s) or real(surface, s, *a, **k))
    paths = app_paths(tmp_path)
    finished(paths, "shithead", (1, 2, 3), (2,))
    d = Driver(paths=paths)
    open_statistics(d)
    d.frame()
    key = " ".join(said)
    # one word for what is counted: the heading, the column and this line all say "games"
    assert "Shithead: 1 game finished" in said, said
    assert "Streak: first out in a row, up to now." in key, said
    assert "Helped: games played with undo, hints or a restart." in key, said
    d.app.saver.close()


def test_a_game_that_names_no_loser_has_no_column_of_losses(tmp_path, monkeypatch):
    """The walk (session 17): after two-player Takku-Sum matches, all lost by Bea, the table read
    "Lost 0" for her and the bars' key named a "Lost" colour no bar had: Takku-Sum names no loser
    (the first to the points wins). The column and the key are there once someone has lost."""
    from cardtable.ui import text

    said: list[str] = []
    real = text.render
    monkeypatch.setattr(text, "render", lambda s, *a, **k: said.append(s) or real(s, *a, **k))
    paths = app_paths(tmp_path)
    finished(paths, "takku-sum", (1, 2, 3), ())
    finished(paths, "takku-sum", (1, 3, 2), ())
    finished(paths, "shithead", (1, 2, 3), (2,))
    d = Driver(paths=paths)
    scene = open_statistics(d)
    scene.show("takku-sum")
    d.frame()
    assert "Wins" in said and "Other places" in said and "Lost" not in said
    said.clear()
    scene.show("shithead")
    d.frame()
    assert "The Shithead" in said   # a game that names its loser keeps the column
    d.app.saver.close()
