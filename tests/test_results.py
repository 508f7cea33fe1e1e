"""Results worth reading (issue 17 item 6): the finishing order with what each seat ended with, the
length of the game, its notable moments and the sitting so far, carried through Continue."""

from __future__ import annotations

import pygame
from store_fakes import MemoryAutosaver
from ui_driver import Driver

from cardtable.ai.base import RandomBot
from cardtable.engine.words import in_second_person
from cardtable.runner.match import Match, Seat
from cardtable.store.matches import load_unfinished, positions
from cardtable.store.paths import app_paths
from cardtable.store.unfinished import Unfinished
from cardtable.ui.scenes.results import HEADS, PRACTICE_WORDS, ResultsScene, results_lines, results_rows

SEATS = [Seat("You"), Seat("Bo", "bot"), Seat("Cy", "bot")]


def play_out(match: Match, cap: int = 5000) -> None:
    bot = RandomBot(1)
    while not match.state.is_over and len(match.actions) < cap:
        match.apply(bot.choose(match.state.view(match.state.to_move)))


def test_results_show_the_sitting_after_continue(tmp_path):
    paths = app_paths(tmp_path)
    saver = MemoryAutosaver(paths)   # the files once, not after each of thousands of actions
    first = Match("shithead", SEATS, seed=4, dealer=0, saver=saver)
    play_out(first)
    first_loser = first.names[first.result().losers[0]]
    second = first.rematch()
    play_out(second, cap=6)
    saver.flush()
    resumed = Match.resume(load_unfinished(paths)[0], saver)  # Continue, after a restart of the program
    play_out(resumed)
    second_loser = resumed.names[resumed.result().losers[0]]
    saver.close()
    text = [line for line, _ in results_lines(resumed)]
    expected = {first_loser: 0, second_loser: 0}
    expected[first_loser] += 1
    expected[second_loser] += 1
    losses = ", ".join(f"{n} lost {k}" for n, k in sorted(expected.items(), key=lambda x: -x[1]))
    assert text[-1] == f"This sitting, 2 games: {losses}"


def test_results_list_every_seat_with_what_it_ended_with_and_the_moments():
    match = Match("shithead", SEATS, seed=11, dealer=0)
    play_out(match)
    res = match.result()
    text = [line for line, _ in results_lines(match)]
    assert text[0] == in_second_person(res.text, match.names)  # "You are the Shithead", never "You is"
    rows = [cells for cells, _ in results_rows(match)]
    assert rows[0] == HEADS
    for i, seat in enumerate(res.ranking, start=1):
        place, name, held, moves, _took = rows[i]
        assert (place, name.split("  ")[0]) == (str(res.places[seat]), match.names[seat])
        assert "card" in held and (("the Shithead" in name) == (seat in res.losers))
        assert moves == str(match.movers.count(seat))
    assert any(line.endswith(" s") and " moves in " in line for line in text)
    burns = sum(1 for _, kind, _ in match.moments if kind == "burn")
    assert burns and any(f"Burns: {burns}" in line for line in text)


def test_the_results_screen_draws_and_its_buttons_lead_on():
    d = Driver()
    match = Match("takku-sum", SEATS, seed=2, dealer=0)
    play_out(match)
    d.app.push(ResultsScene(d.app, match))
    d.frame()
    labels = [w.label for w in d.app.top.form.widgets]
    assert labels == ["Play again", "New game", "Title"]
    rounds = [line for line, _ in d.app.top.lines if " wins a round" in line]
    assert rounds
    # each with the points its winner then had: three "Bea wins a round" read the same
    won: dict[str, int] = {}
    for line in rounds:
        name, _, got = line.partition(" wins a round: ")
        won[name] = won.get(name, 0) + 1
        assert got == f"{won[name]} point{'s' if won[name] != 1 else ''}", line
    d.key(pygame.K_ESCAPE)
    assert not isinstance(d.app.top, ResultsScene)


def test_a_sitting_of_a_game_without_losers_counts_wins():
    """Takku-Sum names no loser: the sitting counts who won each match instead, a verb between each
    name and its count (names that end in digits, as "Bot 1", read "Bot 1 won 1", not "Bot 1 1")."""
    match = Match("takku-sum", [Seat("Bot 1", "bot"), Seat("Bot 2", "bot"), Seat("Bot 3", "bot")],
                  seed=3, dealer=0)
    play_out(match)
    winner = match.names[match.result().ranking[0]]
    nxt = match.rematch()
    play_out(nxt)
    second = nxt.names[nxt.result().ranking[0]]
    counts = {winner: 0, second: 0}
    counts[winner] += 1
    counts[second] += 1
    tally = ", ".join(f"{n} won {k}" for n, k in sorted(counts.items(), key=lambda x: -x[1]))
    assert [line for line, _ in results_lines(nxt)][-1] == f"This sitting, 2 games: {tally}"


def test_an_enter_meant_for_the_last_move_does_not_deal_again():
    """A second Enter pressed as the results appear is swallowed; once they have been up a moment,
    Enter plays again (the focused button), as the screen shows."""
    d = Driver()
    match = Match("takku-sum", SEATS, seed=2, dealer=0)
    play_out(match)
    d.app.push(ResultsScene(d.app, match))
    d.frame()
    d.key(pygame.K_RETURN)
    d.key(pygame.K_SPACE)
    assert isinstance(d.app.top, ResultsScene)
    d.frames(70)
    d.key(pygame.K_RETURN)
    assert d.app.top.name == "table" and d.app.top.match is not match


def test_with_several_people_at_the_screen_the_review_asks_whose_play(tmp_path, monkeypatch):
    """The walk (session 16), a group at one screen: Review reviewed the first person's decisions,
    whoever pressed it, so Bea could not review her own. With several people it opens asking
    whose play to review (the review's own "Review NAME" buttons, by mouse or number key); one
    person's opens on theirs."""
    from cardtable.ui.scenes.review import ReviewScene

    paths = app_paths(tmp_path)
    saver = MemoryAutosaver(paths)
    for people, seat in (((Seat("Ash"), Seat("Bea")), None), ((Seat("Ash"), Seat("Bea", "bot")), 0)):
        match = Match("shithead", [*people, Seat("Cy", "bot")], seed=4, dealer=0, saver=saver)
        play_out(match)
        d = Driver()
        monkeypatch.setattr(ReviewScene, "_start", lambda self: None)  # its search is not tested here
        results = ResultsScene(d.app, match)
        d.app.push(results)
        next(w for w in results.form.widgets if w.label == "Review").activate()
        review = d.app.top
        assert isinstance(review, ReviewScene) and review.seat == seat
        if seat is None:
            review.resize(d.app.size)
            labels = [w.label for w in review.form.widgets]
            assert {"Review Ash", "Review Bea"} <= set(labels)
            # by the keyboard too: the number each shows (Tab and Enter are the replay's under it)
            assert {w.label: w.hotkey for w in review.form.widgets}["Review Bea"] == "2"
            d.key(pygame.K_2)
            assert review.seat == 1
    saver.close()

def test_a_practice_game_says_it_is_not_counted_shows_its_own_moves_and_play_again_is_saved(tmp_path):
    """Walking Cersei's review: Try it, played out, ended on "Played with practice: counted apart
    in the statistics" (Try it had said the game is not saved or counted), its Watch the replay
    stopped where the practice began, and Play again began a game that was never saved."""
    paths = app_paths(tmp_path)
    original = Match("shithead", SEATS, seed=4, dealer=0, saver=MemoryAutosaver(paths))
    play_out(original, cap=8)
    assert original.saved is not None
    practice_file = original.saved.model_copy(update={"actions": list(original.saved.actions),
                                                      "assisted": ["practice"]})
    state = original.state.clone()
    practice = Match.resume(Unfinished(practice_file, original.game, state), None)  # as Try it makes it
    play_out(practice)
    assert practice.state.is_over
    assert len(positions(practice.saved)) == len(practice.actions) + 1  # the practice's own moves too
    text = [line for line, _ in results_lines(practice)]
    assert text[-1] == PRACTICE_WORDS
    assert text[1].startswith(f"{len(practice.actions)} moves; this practice took ")
    assert not any("counted apart" in line or line.startswith("This sitting") for line in text)
    d = Driver(paths=paths)
    d.app.push(ResultsScene(d.app, practice))
    d.frame()
    d.app.top.again()
    assert d.app.top.match.saver is not None  # the next game is a real one: saved and counted


def test_a_moment_that_happens_again_is_listed_once_with_how_often():
    """Walking Cersei's end: the results listed "A Eunuch was played: every player shuffles their
    deck" twice and an Assassin's steal three times, word for word, as if the screen had stuttered."""
    match = Match("cersei", [Seat("Ash"), Seat("Bo", "bot")], seed=0, dealer=0)
    while not match.state.is_over:
        match.apply(match.state.legal_actions()[0])
    lines = [line for line, _ in results_lines(match)]
    assert len(lines) == len(set(lines))
    eunuchs = sum(1 for _, kind, _ in match.moments if kind == "eunuch")
    assert eunuchs >= 3
    assert f"A Eunuch was played: every player shuffles their deck ({eunuchs} times)" in lines


def test_the_moments_do_not_repeat_the_table_of_places():
    """Walking Cunt-Soul's end: "Eve is out, in place 1" and a line like it for every player who
    went out stood under the table that lists the places already, and with 8 players pushed the
    game's own moments into "… and 2 more"."""
    names = ["Ash", "Bea", "Cal", "Dot", "Eve", "Fay", "Gus", "Hal"]
    match = Match("cunt-soul", [Seat(names[0])] + [Seat(n, "bot") for n in names[1:]], seed=5, dealer=0)
    play_out(match)
    lines = [line for line, _ in results_lines(match)]
    assert not [line for line in lines if ", in place " in line]
    assert any("paradox" in line for line in lines)
    assert not any(line.startswith("… and") for line in lines)


def test_the_moments_say_you_to_a_seat_called_you():
    """A walk of Cersei's results read "You's Assassin won: You picks a card": the moments are the
    game's lines, said of every seat alike, and a seat called You reads them in the second person."""
    match = Match("takku-sum", SEATS, seed=2, dealer=0)
    play_out(match)
    match.moments.insert(0, (1, "assassin", "You's Assassin won: You picks a card from Bo"))
    text = [line for line, _ in results_lines(match)]
    assert "Your Assassin won: You pick a card from Bo" in text
    assert not any("You's" in line or "You picks" in line for line in text)


def test_a_library_is_listed_as_the_hand_it_held_then():
    """Shithead R26. Session 16's walk: the results said "Library Boy! Ash holds 10 cards" beside
    "Ash: 44 cards left", two counts of one hand in the present tense; the moment is past."""
    match = Match("shithead", [Seat("Ash"), Seat("Bo", "bot"), Seat("Cy", "bot")], seed=0, dealer=0)
    play_out(match)
    lines = [line for line, _ in results_lines(match)]
    libraries = [line for line in lines if line.startswith("Library Boy!")]
    assert libraries and all(" held " in line and " holds " not in line for line in libraries), libraries
    assert "Library Boy! Ash held 10 cards (6 times)" in lines
