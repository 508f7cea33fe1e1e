"""issue 8, bad input: a bot that crashes in the worker is replaced by Normal for that move, the
log says so, and the game goes on."""

from ui_driver import Driver

from cardtable.ai import make_bot
from cardtable.ai import worker as worker_module
from cardtable.ai.base import Bot
from cardtable.ai.worker import InlineBots
from cardtable.games import get_game
from cardtable.runner.match import Match, Seat


class Crashing(Bot):
    name = "hard"

    def decide(self, view, legal):
        raise RuntimeError("boom")


def crashing_hard(game, kind, seed=0):
    return Crashing(seed) if kind == "hard" else make_bot(game, kind, seed)


def a_real_choice(game_name: str):
    state = get_game(game_name).new_state(["A", "B", "C"], seed=5)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state


def test_a_crashing_bot_is_replaced_by_normal_and_the_note_says_why(monkeypatch):
    monkeypatch.setattr(worker_module, "make_bot", crashing_hard)
    state = a_real_choice("shithead")
    bots = InlineBots()
    bots.request(1, "shithead", "hard", state.to_move, 7, state.view(state.to_move))
    [(req, action, note)] = bots.poll()
    assert req == 1 and action in state.legal_actions()
    assert "failed (RuntimeError: boom)" in note


def test_the_table_logs_the_stand_in_and_plays_on(monkeypatch):
    monkeypatch.setattr(worker_module, "make_bot", crashing_hard)
    d = Driver()
    match = Match("shithead", [Seat("Ann", "bot", "hard"), Seat("Bob", "bot", "normal")], seed=3)
    d.app.bots = InlineBots()
    table = d.table(match)
    d.frames(120)
    assert len(match.actions) > 3
    assert any("Ann" in line and "boom" in line for line in table.log)
