"""Whole games through the table scene, and the bot worker process."""

from __future__ import annotations

import time

from ui_driver import Driver, seats

from cardtable.ai import bot_kinds
from cardtable.ai.worker import WorkerBots
from cardtable.games import get_game
from cardtable.runner.match import Match, Seat, Sitting
from cardtable.ui.scenes.results import ResultsScene


def level() -> str:
    return "heuristic" if "heuristic" in bot_kinds("shithead") else "random"


def test_a_four_bot_game_at_instant_speed_reaches_the_results():
    d = Driver()
    names = ("Ann", "Bob", "Cy", "Di")
    sitting = Sitting(losses=dict.fromkeys(names, 2), games=8)  # whoever loses now loses a third time
    match = Match("shithead", [Seat(n, "bot", level()) for n in names], seed=7, sitting=sitting)
    table = d.table(match)
    for _ in range(3000):
        d.now += 1 / 60
        for scene in list(d.app.scenes):
            scene.update(d.now)  # no drawing: the game, not the pixels, is under test here
        if isinstance(d.app.top, ResultsScene):
            break
    assert isinstance(d.app.top, ResultsScene)
    res = match.result()
    assert res is not None and len(res.losers) == 1
    lines = [line for line, _ in d.app.top.lines]
    assert any(res.text in line for line in lines)
    assert any(line.startswith("Once, Twice, Three Times A Shithead") for line in lines)
    d.frame()  # and the results screen draws
    del table


def test_play_again_keeps_the_seats_and_passes_the_deal_left():
    match = Match("shithead", seats("human", "bot", "bot"), seed=1, dealer=0)
    nxt = match.rematch()
    assert nxt.seats == match.seats and nxt.dealer == 1 and nxt.sitting is match.sitting


def test_the_worker_process_answers_from_a_view():
    game = get_game("shithead")
    state = game.new_state(["a", "b", "c"], seed=3)
    seat = state.to_move
    bots = WorkerBots()
    try:
        bots.request(1, "shithead", level(), seat, 0, state.view(seat))
        answers = []
        # A spawned worker starts a fresh interpreter: on a loaded machine that alone can take
        # seconds, so the wait is a generous deadline, not a count of short polls.
        deadline = time.monotonic() + 30
        while not answers and time.monotonic() < deadline:
            answers = bots.poll()
            if not answers:
                bots.process.join(0.02)
        assert answers and answers[0][0] == 1 and answers[0][1] in state.legal_actions()
    finally:
        bots.close()
    assert not bots.process.is_alive()


def test_a_dead_worker_is_replaced_by_bots_in_process():
    state = get_game("shithead").new_state(["a", "b"], seed=4)
    seat = state.to_move
    bots = WorkerBots()
    try:
        bots.process.terminate()
        bots.process.join(2)
        bots.request(7, "shithead", level(), seat, 0, state.view(seat))
        answers = bots.poll()
        assert answers and answers[0][0] == 7 and answers[0][1] in state.legal_actions()
    finally:
        bots.close()
