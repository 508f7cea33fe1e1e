"""Continue replays a saved match once (issue 27 item 7): the loading pass feeds the position
check, the undo history, the moments and the log; before, load, ``Match.resume`` and the log each
replayed the whole match."""

from __future__ import annotations

import random
import shutil

from save_fixtures import fixture_folders

from cardtable.engine.position import position_record
from cardtable.engine.protocol import Action
from cardtable.games import get_game
from cardtable.runner.log_lines import log_lines
from cardtable.runner.match import Match, Seat
from cardtable.store.autosaver import Autosaver
from cardtable.store.paths import app_paths
from cardtable.store.unfinished import load_unfinished


def test_loading_and_continuing_applies_each_saved_action_once(tmp_path, monkeypatch):
    paths = app_paths(tmp_path)
    saver = Autosaver(paths)
    seats = [Seat("Ann"), Seat("Bea", "bot"), Seat("Cy", "bot"), Seat("Dot", "bot")]
    match = Match(get_game("shithead"), seats, seed=4, dealer=0, saver=saver)
    choose = random.Random(4)
    for _ in range(70):   # past two snapshots of the undo history
        match.apply(choose.choice(match.legal()))
    assert saver.close() == [] and not match.state.is_over
    applied: list[Action] = []
    state_class = type(match.state)
    real_apply = state_class._apply

    def counting(self, action):
        applied.append(action)
        return real_apply(self, action)

    monkeypatch.setattr(state_class, "_apply", counting)
    (found,) = load_unfinished(paths)
    resumed = Match.resume(found, None)
    lines = resumed.log_so_far(0)
    assert applied == match.actions   # one pass: every action once, in order
    assert resumed.actions == match.actions and resumed.movers == match.movers
    assert position_record(resumed.state) == position_record(match.state)
    assert lines == log_lines(match.game, match.names, match.options, 4, 0, match.actions, 0)[1:]
    # The undo history from the pass: going back replays at most a snapshot's worth of actions.
    applied.clear()
    assert resumed.undo() and len(applied) < 32
    assert resumed.actions == match.actions[: len(resumed.actions)]


def test_the_pass_gives_the_log_and_moments_a_replay_would_for_every_game(tmp_path):
    """On the 0.1.0 home: the log from the loading pass is the log replaying gives, line by line."""
    (fixture,) = [f for f in fixture_folders() if f.name == "saves-0.1.0"]
    shutil.copytree(fixture / "home", tmp_path / "home")
    for found in load_unfinished(app_paths(tmp_path / "home")):
        saved = found.saved
        resumed = Match.resume(found, None)
        reader = next((i for i, s in enumerate(saved.seats) if s.kind == "human"), None)
        game = get_game(saved.game)
        again = Match(game, resumed.seats, resumed.options, saved.seed, saved.dealer)
        for action in saved.action_list():
            again.apply(action)
        assert resumed.moments == again.moments, saved.game
        options = game.Options.model_validate(saved.options)
        assert resumed.log_so_far(reader) == log_lines(game, resumed.names, options, saved.seed,
                                                       saved.dealer, resumed.actions, reader)[1:]
        assert resumed.log_so_far(reader) is None   # taken once, by the table that continues it
