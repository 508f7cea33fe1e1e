"""Undo and redo (issue 17 item 1): back to the person's previous decision with the bots' moves
since, exact (the same state and fingerprint), unlimited, redo until a new move; off in hot-seat;
the autosave and the statistics follow."""

from __future__ import annotations

import random

import pytest
from store_fakes import MemoryAutosaver

from cardtable.ai.base import RandomBot
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import replay
from cardtable.games import games
from cardtable.runner.match import HOT_SEAT_UNDO, NOTHING_TO_UNDO, Match, Seat
from cardtable.store.matches import load_unfinished
from cardtable.store.paths import app_paths
from cardtable.store.stats import load_stats

GAMES = list(games())


def solo(game: str, players: int = 3, seed: int = 5, saver=None) -> Match:
    seats = [Seat("You")] + [Seat(f"Bot {i}", "bot") for i in range(1, players)]
    return Match(game, seats, seed=seed, dealer=0, saver=saver)


def play(match: Match, actions: int, rng: random.Random) -> None:
    bot = RandomBot(rng.randrange(1000))
    for _ in range(actions):
        if match.state.is_over:
            return
        match.apply(bot.choose(match.state.view(match.state.to_move)))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_undo_k_decisions_then_redo_k_gives_the_identical_state(game, seed):
    rng = random.Random(seed)
    steps = rng.randrange(40, 160)
    match = solo(game, seed=seed)
    play(match, steps, random.Random(seed))
    while match.state.is_over:  # a short game: stop somewhere before its end
        steps //= 2
        match = solo(game, seed=seed)
        play(match, steps, random.Random(seed))
    assert not match.undo_blocked()
    marks = [(fingerprint(match.state), len(match.actions))]
    k = 0
    while k < rng.randrange(1, 6) and match.undo():
        k += 1
        assert match.state.to_move == 0, "undo stops where the person decides"
        marks.append((fingerprint(match.state), len(match.actions)))
    assert k >= 1
    for i in range(k):
        assert match.can_redo()
        match.redo()
        assert (fingerprint(match.state), len(match.actions)) == marks[k - 1 - i]
    assert not match.can_redo()


@pytest.mark.parametrize("game", GAMES)
def test_undo_reaches_the_deal_and_the_state_is_the_deal_again(game):
    match = solo(game, seed=11)
    dealt = fingerprint(match.state)
    play(match, 12, random.Random(4))
    assert not match.state.is_over
    while match.undo():
        pass
    assert match.undo_blocked() == NOTHING_TO_UNDO
    assert 0 not in match.movers, "only the bots' moves before the person's first decision stay"
    assert match.state.to_move == 0
    replayed = replay(match.game, match.names, match.options, match.seed, match.actions, match.dealer)
    assert fingerprint(match.state) == fingerprint(replayed)
    if not match.actions:
        assert fingerprint(match.state) == dealt


def test_a_new_move_after_undo_ends_redo():
    match = solo(GAMES[0], seed=3)
    play(match, 30, random.Random(2))
    assert match.undo()
    assert match.can_redo()
    match.apply(match.legal()[-1])
    assert not match.can_redo()


def test_hot_seat_has_no_undo_and_says_why():
    match = Match(GAMES[0], [Seat("Ann"), Seat("Bea"), Seat("Bot", "bot")], seed=1, dealer=0)
    play(match, 20, random.Random(1))
    assert match.undo_blocked() == HOT_SEAT_UNDO
    before = fingerprint(match.state)
    assert not match.undo()
    assert fingerprint(match.state) == before


def test_undo_is_autosaved_and_the_game_counts_apart_in_the_statistics(tmp_path):
    paths = app_paths(tmp_path)
    saver = MemoryAutosaver(paths)   # the files once, not after each of thousands of actions
    game = "shithead" if "shithead" in GAMES else GAMES[0]
    match = solo(game, seed=9, saver=saver)
    play(match, 50, random.Random(9))
    assert match.undo()
    saver.flush()
    found = load_unfinished(paths)
    assert len(found) == 1 and found[0].saved.assisted == ["undo"]
    assert fingerprint(found[0].state) == fingerprint(match.state)
    assert len(found[0].saved.actions) == len(match.actions)
    resumed = Match.resume(found[0], saver)
    assert resumed.assisted == {"undo"} and resumed.movers == match.movers
    play(resumed, 5000, random.Random(1))
    assert resumed.state.is_over
    saver.close()
    stats, _ = load_stats(paths)
    you = stats.games[game].players["You"]
    assert (you.games, you.assisted) == (1, 1)
    assert stats.games[game].players["Bot 1"].assisted == 0  # issue 23.9: a bot is never helped


def test_the_sitting_is_kept_through_continue(tmp_path):
    paths = app_paths(tmp_path)
    saver = MemoryAutosaver(paths)   # the files once, not after each of thousands of actions
    match = solo(GAMES[0], seed=2, saver=saver)
    play(match, 5000, random.Random(3))
    result = match.result()
    assert result is not None
    losers = {match.names[s] for s in result.losers}
    nxt = match.rematch()
    play(nxt, 3, random.Random(3))
    saver.flush()
    resumed = Match.resume(load_unfinished(paths)[0], saver)
    saver.close()
    assert resumed.sitting.games == 1
    assert {n for n, k in resumed.sitting.losses.items() if k} == losers


def test_restart_deals_the_same_cards_as_a_new_game():
    match = solo(GAMES[0], seed=21)
    dealt = fingerprint(match.state)
    play(match, 20, random.Random(5))
    again = match.restart()
    assert fingerprint(again.state) == dealt and not again.actions
    assert again.assisted == {"restart"}


def test_undo_in_a_practice_game_stops_where_the_practice_began(tmp_path):
    """A review's Try it plays on from a move of a finished game; Undo there went back past that
    move into the game reviewed, to moves the practice never made. It stops at the practice's
    first position, and pressed there says why (the table's notice)."""
    from ui_driver import Driver

    from cardtable.runner.match import PRACTICE, PRACTICE_START_UNDO
    from cardtable.store.matches import Unfinished

    original = solo("shithead", players=2, seed=3, saver=MemoryAutosaver(app_paths(tmp_path)))
    play(original, 12, random.Random(3))
    while original.state.to_move != 0:
        play(original, 1, random.Random(4))
    assert original.saved is not None and 0 in original.history.movers  # the person moved before it
    practice_file = original.saved.model_copy(update={"assisted": [PRACTICE]})
    start = original.state.clone()
    practice = Match.resume(Unfinished(practice_file, original.game, start.clone()), None)  # as Try it
    assert practice.undo_blocked() == PRACTICE_START_UNDO
    d = Driver()
    table = d.table(practice)
    d.settle()
    table.apply(practice.legal()[0])
    d.settle()
    assert table.comforts.undo()
    assert fingerprint(practice.state) == fingerprint(start)   # back at the practice's first position
    d.app.draw()
    assert not table.comforts.undo_button.enabled   # greyed there, and a press says why
    d.click(table.comforts.undo_button.rect.center)
    assert fingerprint(practice.state) == fingerprint(start)
    assert table.shown_notice is not None and table.shown_notice[0] == PRACTICE_START_UNDO


def test_restart_in_a_practice_game_starts_the_practice_again(tmp_path):
    """Restart in a review's Try it dealt the reviewed game again from its first move, unsaved and
    no longer a practice; it starts the practice again, at the move it began from."""
    from cardtable.runner.match import PRACTICE, PRACTICE_START_UNDO
    from cardtable.store.matches import Unfinished

    original = solo("shithead", players=2, seed=3, saver=MemoryAutosaver(app_paths(tmp_path)))
    play(original, 12, random.Random(3))
    assert original.saved is not None
    begun = len(original.actions)
    start = original.state.clone()
    practice_file = original.saved.model_copy(update={"assisted": [PRACTICE]})
    practice = Match.resume(Unfinished(practice_file, original.game, start.clone()), None)
    play(practice, 6, random.Random(5))
    again = practice.restart()
    assert fingerprint(again.state) == fingerprint(start) and len(again.actions) == begun
    assert PRACTICE in again.assisted and again.saver is None
    assert again.saved is not None and again.saved.match_id != practice.saved.match_id
    assert again.undo_blocked() == PRACTICE_START_UNDO
    assert again.messages == [f"Practice from move {begun + 1} again: this game is not saved or counted."]
