"""The review at the table: it runs off the frame loop with a progress bar and Cancel, is kept
beside the replay, jumps the table to a decision, lights the better move, and Try it plays on
from there as a practice game that is never saved or counted."""

from __future__ import annotations

import multiprocessing
import time
from datetime import UTC, datetime

import pygame
from test_ui_replay import play_and_file
from ui_driver import Driver

from cardtable.store.matches import list_replays
from cardtable.store.paths import app_paths
from cardtable.store.reviews import review_path
from cardtable.ui import review_chart, text, theme


def _wait(d: Driver, scene, limit: float = 240.0, children: set[str] | None = None) -> None:
    """Frames go on while the review runs; 20 a second show it as well as 100 did, and a busy
    machine (a longer wait) no longer draws five times as many frames as the review needs.
    ``children``: the kinds of process seen meanwhile."""
    end = time.monotonic() + limit
    while scene.review is None and time.monotonic() < end:
        if children is not None:
            children.update(p.name.split("-")[0] for p in multiprocessing.active_children())
        d.frame()
        time.sleep(0.05)
    assert scene.review is not None, "the review did not finish"


def test_review_runs_off_the_frame_loop_is_kept_and_jumps_the_table(tmp_path, monkeypatch):
    import cardtable.ai.review as reviewing

    # what the table does with a review, not its depth: the fewest deals a review deals
    monkeypatch.setattr(reviewing, "MAX_DEALS", reviewing.MIN_DEALS)
    paths = app_paths(tmp_path)
    play_and_file(paths, "takku-sum", 5, names=("You", "Bea"))
    saved = list_replays(paths)[0]
    d = Driver(paths=paths)
    # as the program runs with its bots in a process: the review's decisions weighed in two more
    d.app.bots.review_workers = 2
    scene = d.app.push("review", saved=saved)
    d.frame()
    assert scene.seat == 0 and scene.review is None  # running, and the window still draws
    assert "chart" not in scene.table.keys   # no chart to click yet (the walk, session 17)
    frames = 0
    while scene.review is None and frames < 5:
        d.frame()
        frames += 1
    assert frames == 5 or scene.review is not None
    children: set[str] = set()
    _wait(d, scene, children=children)
    assert "SpawnPoolWorker" in children
    d.frame()
    assert "a click on the chart picks a move" in scene.table.keys
    review = scene.review
    assert review.decisions and review_path(paths, saved.match_id, 0).exists()
    # what the chart measures, whole and at the panel's type (shrunk to one line it was tiny)
    inner_w = scene.panel.inflate(-scene.px, -scene.px).w
    # the one person at the table reviews their own play: "Your chance ...", not "Their chance ..."
    assert " ".join(scene.measure) == f"Your {review.measure}"
    scene.seat = 1  # a bot's play is named
    assert scene._whose() == "Bea's"
    scene.seat = 0
    assert all(text.text_size(line, scene.px)[0] <= inner_w for line in scene.measure)
    # a click on the chart picks the nearest decision and shows the table before it
    inner = scene.chart.inflate(-scene.px, -scene.px)
    pts = review_chart.points(review, inner)
    d.click(pts[-1])
    assert scene.selected == len(review.decisions) - 1
    assert scene.table.index == review.decisions[-1].index
    # Try it: the table from before that decision, the reviewed seat to play, nothing saved
    long_ago = datetime(2026, 1, 1, tzinfo=UTC)
    scene.saved.started = long_ago
    scene.try_it()
    table = d.app.top
    assert table.name == "table" and table.match.saver is None   # no autosave, nothing counted
    # timed from Try it: a practice's results read "75 moves in 59 min 34 s", the game's whole age
    assert table.match.started > long_ago
    before = scene.steps[review.decisions[-1].index]
    assert table.match.state.zones() == before.zones() and table.match.state.to_move == 0
    d.frames(3)
    assert not (paths.data_dir / "matches").exists() or not any((paths.data_dir / "matches").iterdir())
    d.app.pop()
    # opening it again is instant: the kept review is read back
    d.app.pop()
    again = d.app.push("review", saved=saved)
    assert again.review == review and again._thread is None
    # a clean game (nothing graded): Next and Previous step through every decision
    again.review = review.model_copy(update={"decisions": [x.model_copy(update={"grade": ""})
                                                           for x in review.decisions]})
    again.selected = None
    again._step_graded(1)
    assert again.selected == 0 and again.table.index == review.decisions[0].index
    again._step_graded(1)
    assert again.selected == min(1, len(review.decisions) - 1)
    again._step_graded(-1)
    assert again.selected == 0


def test_a_cancelled_review_writes_nothing_and_leaves_the_replay(tmp_path, monkeypatch):
    import cardtable.ai.review as reviewing

    monkeypatch.setattr(reviewing, "MAX_DEALS", reviewing.MIN_DEALS)   # the decision under way ends sooner
    paths = app_paths(tmp_path)
    play_and_file(paths, "shithead", 6, names=("You", "Bea"))
    saved = list_replays(paths)[0]
    files = sorted(p.name for p in paths.replays_dir.iterdir())
    before = (paths.replays_dir / files[0]).read_bytes()
    d = Driver(paths=paths)
    scene = d.app.push("review", saved=saved)
    d.frame()
    d.key(pygame.K_ESCAPE)
    assert scene not in d.app.scenes and scene._cancel
    if scene._thread is not None:
        scene._thread.join(60)
    assert not review_path(paths, saved.match_id, 0).exists()
    assert sorted(p.name for p in paths.replays_dir.iterdir()) == files
    assert (paths.replays_dir / files[0]).read_bytes() == before


def test_the_chart_puts_a_better_value_higher_and_a_click_means_the_nearest_point():
    from cardtable.store.reviews import DecisionReview, MatchReview

    def dec(i: int, value: float, grade: str = "") -> DecisionReview:
        a = ("play", [i], -1, "")
        return DecisionReview(index=i, made=a, made_words="x", best=a, best_words="x", made_value=value,
                              best_value=value, loss=0.0, se=0.0, grade=grade, deals=1)

    review = MatchReview(game="shithead", seat=0, name="You", seed=1, actions=10, measure="chance",
                         unit="chance", thresholds=(0.05, 0.1, 0.2),
                         decisions=[dec(0, 0.2), dec(3, 0.8, "blunder"), dec(6, 0.5)])
    rect = pygame.Rect(0, 0, 300, 100)
    pts = review_chart.points(review, rect)
    assert pts[0][0] < pts[1][0] < pts[2][0]
    assert pts[1][1] < pts[2][1] < pts[0][1]   # 80% above 50% above 20%
    assert review_chart.hit(review, rect, (pts[1][0] + 10, 50)) == 1
    assert review_chart.hit(review, rect, (400, 50)) is None
    places = review.model_copy(update={"unit": "place", "higher_is_better": False,
                                       "decisions": [dec(0, 1.2), dec(3, 2.8), dec(6, 2.0)]})
    p2 = review_chart.points(places, rect)
    assert p2[0][1] < p2[2][1] < p2[1][1]   # place 1.2 (the best) drawn highest
    # one decision (a short round of Fscking Ace): a point where two or more draw a line
    pygame.init()
    one = review.model_copy(update={"decisions": [dec(2, 0.6)]})
    surface = pygame.Surface((300, 100))
    review_chart.draw(surface, rect, one, None, 16)
    (x, y), = review_chart.points(one, rect.inflate(-16, -16))
    assert surface.get_at((x, y))[:3] == theme.TEXT[:3]


def test_a_decisions_lines_name_their_measure_and_its_cost_is_the_difference_they_show():
    """Walking Cunt-Soul's review: "Inaccuracy: it cost 0.3 places. Better: play 9♥ (place 1.4
    against place 1.6)", a sum that does not add up; and Cersei's "As good as any move here (70%)"
    read as how good the move was, not the chance of winning."""
    from cardtable.store.reviews import DecisionReview, MatchReview

    def review(measure: str, unit: str, made: float, best: float, grade: str) -> MatchReview:
        d = DecisionReview(index=38, made=("play", [1, 2], -1, ""), made_words="play 3♥ 3♦",
                           best=("play", [3], -1, ""), best_words="play 9♥", made_value=made,
                           best_value=best, loss=abs(made - best), se=0.01, grade=grade, deals=64)
        return MatchReview(game="cunt-soul", seat=0, name="Ash", seed=1, actions=79, measure=measure,
                           unit=unit, thresholds=(0.1, 0.3, 0.6), higher_is_better=unit != "place",
                           decisions=[d])

    place = review("expected finishing place", "place", 1.6390625, 1.3875, "inaccuracy")
    lines = review_chart.detail(place, place.decisions[0])
    assert lines[1] == "Inaccuracy: it cost 0.25 places."
    assert lines[2] == "Better: play 9♥ (expected finishing place 1.39, against 1.64)."
    assert review_chart.grade_line(place, place.decisions[0]) == "Move 39: Inaccuracy, 0.25 places"
    chance = review("chance of winning", "chance", 0.7, 0.7, "")
    assert review_chart.detail(chance, chance.decisions[0])[1] == \
        "As good as any move here: chance of winning 70%."


def test_replays_on_the_title_open_their_list_and_play_themselves_at_the_chosen_speed(tmp_path):
    from test_ui_replay import open_replay

    paths = app_paths(tmp_path)
    d = Driver(paths=paths)
    title = d.app.push("title")
    assert "Replays" not in [label for label, _ in title.items()]   # nothing finished yet
    play_and_file(paths, "takku-sum", 5)
    d.app.pop()
    title = d.app.push("title")
    replays = dict(title.items())["Replays"]
    replays()
    stats = d.app.top
    assert stats.name == "statistics" and stats.tab == "replays"
    d.app.pop()
    _, scene = open_replay(d)
    scene.toggle_play()
    # 15 frames a second: the replay's steps go by the clock, not by frames (4x is 0.3 s a step)
    d.frames(round(15 * 3.7), 1 / 15)   # 1x: a step each 1.2 s (cards land at once here)
    at_1x = scene.index
    assert 3 <= at_1x <= 4
    scene.faster()
    scene.faster()                 # 4x
    d.frames(round(15 * 3.7), 1 / 15)
    assert scene.index - at_1x >= 2 * at_1x   # at least twice as many steps in the same time
    d.key(pygame.K_p)              # P pauses
    paused = scene.index
    d.frames(30, 1 / 15)
    assert scene.index == paused and not scene.playing
    d.key(pygame.K_r)              # R opens the review of this replay
    review = d.app.top
    assert review.name == "review"
    review._cancel = True
    if review._thread is not None:   # not left weighing a decision while the next tests run
        review._thread.join(60)


def test_statistics_show_each_players_losses_over_the_kept_games_as_lines(tmp_path):
    from cardtable.ui import stats_pictures

    paths = app_paths(tmp_path)
    for seed in (5, 6, 7):
        play_and_file(paths, "shithead", seed, names=("You", "Bea", "Cal"))
    replays = sorted(list_replays(paths), key=lambda s: s.started)
    data = stats_pictures.over_time(replays, "shithead", "Shithead")
    assert data is not None and data.names == ["You", "Bea", "Cal"]
    for p, name in enumerate(data.names):
        expected = [0.0]
        for saved in replays:
            expected.append(expected[-1] + (saved.names.index(name) in saved.outcome.losers))
        assert data.series[p] == expected
    assert sum(s[-1] for s in data.series) == 3   # one Shithead a game
    assert stats_pictures.over_time(replays[:1], "shithead", "Shithead") is None
    # drawn in the statistics, under the table and the bars: the players' line colours show
    d = Driver(paths=paths)
    stats = d.app.push("statistics")
    stats.show("shithead")
    stats.scroll = stats.content_h   # to the bottom, where the picture is
    stats._clamp()
    d.frame()
    shot = d.app.screen
    pygame.image.save(shot, str(tmp_path / "stats.png"))
    colours = {tuple(shot.get_at((x, y)))[:3] for x in range(0, shot.get_width(), 2)
               for y in range(0, shot.get_height(), 2)}
    assert all(c in colours for c in stats_pictures.LINE_COLOURS[:3])


def test_a_replay_that_no_longer_replays_is_set_aside_with_a_message(tmp_path):
    paths = app_paths(tmp_path)
    play_and_file(paths, "takku-sum", 5, names=("You", "Bea"))
    saved = list_replays(paths)[0]
    broken = saved.model_copy(update={"actions": [["play", [999], -1, ""], *saved.actions[1:]]})
    d = Driver(paths=paths)
    scene = d.app.push("review", saved=broken)
    d.frame()
    assert scene not in d.app.scenes
    assert any("could not be used" in m and "reviewed" in m for m in d.app.messages)
    names = [p.name for p in paths.replays_dir.iterdir()]
    assert names and all(".bad-" in n for n in names)


def _file_sitting(paths, seed: int, rounds: int, names=("You", "Bea", "Cal")):
    """A Fscking Ace sitting of random moves that never ends the sitting early, filed as the
    table files it; with each round's balances in cents, read off the position as it is played."""
    import random

    from cardtable.games import get_game
    from cardtable.store.matches import SavedMatch, SeatConfig, file_result_or_keep_autosave

    game = get_game("fscking-ace")
    saved, state = SavedMatch.start(game, [SeatConfig(name=n) for n in names],
                                    game.Options(round_limit=rounds), seed=seed)
    rng = random.Random(seed)
    per_round = []
    while not state.is_over:
        before = state.round_no
        legal = state.legal_actions()
        action = rng.choice([a for a in legal if a.kind != "end_sitting"] or legal)
        state.apply(action)
        saved.record(action, state)
        if state.round_no != before:
            per_round.append(list(state.balances))
    assert file_result_or_keep_autosave(paths, saved, state.result()) == []
    return saved, per_round


def test_fscking_ace_money_is_drawn_round_by_round_across_the_last_sitting(tmp_path):
    from cardtable.ui import stats_pictures

    paths = app_paths(tmp_path)
    _file_sitting(paths, 3, 4)
    saved, per_round = _file_sitting(paths, 4, 7)
    replays = list_replays(paths)
    data = stats_pictures.sitting_money(replays, "fscking-ace")
    assert data is not None and data.names == ["You", "Bea", "Cal"] and data.money and data.steps == "round"
    assert len(per_round) == 7 and "7 rounds" in data.title
    for seat in range(3):   # 0 before the first round, then the balance after each round, in stakes
        assert data.series[seat] == [0.0] + [b[seat] / 100 for b in per_round]
        assert data.series[seat][-1] == saved.outcome.details["balances"][seat] / 100
    assert stats_pictures.sitting_money(replays, "shithead") is None   # no money: no sitting picture
    # in the statistics' Fscking Ace tab, above the money over the kept sittings
    d = Driver(paths=paths)
    stats = d.app.push("statistics")
    stats.show("fscking-ace")
    assert stats.sittings["fscking-ace"] == data
    stats.scroll = stats.content_h
    stats._clamp()
    d.frame()
    shot = d.app.screen
    colours = {tuple(shot.get_at((x, y)))[:3] for x in range(0, shot.get_width(), 2)
               for y in range(0, shot.get_height(), 2)}
    assert all(c in colours for c in stats_pictures.LINE_COLOURS[:3])


def test_the_pictures_scale_has_a_line_at_each_round_step():
    from cardtable.ui.stats_pictures import nice_step, scale_words

    assert [nice_step(s) for s in (1, 4, 5, 6, 11, 25, 218, 290)] == [1, 1, 1, 2, 5, 5, 50, 100]
    assert scale_words(-100.0, True) == "−$100" and scale_words(50.0, True) == "+$50"
    assert scale_words(3.0, False) == "3"


def _reviewed_by_hand(tmp_path, graded: dict[int, str]):
    """A Takku-Sum match's review scene with no review run (two people at the table: no seat is
    reviewed unasked), then given a review made here of the decisions at ``graded``'s indexes."""
    from cardtable.store.reviews import DecisionReview, MatchReview

    paths = app_paths(tmp_path)
    saved = play_and_file(paths, "takku-sum", 5, names=("You", "Bea"))
    saved = saved.model_copy(update={"seats": [s.model_copy(update={"kind": "human", "level": ""})
                                               for s in saved.seats]})
    d = Driver(paths=paths)
    scene = d.app.push("review", saved=saved)
    assert scene.seat is None and scene.review is None
    moves = saved.action_list()

    def decision(index: int, grade: str) -> DecisionReview:
        move = moves[index].to_json()
        return DecisionReview(index=index, made=move, made_words="a move", best=move, best_words="a move",
                              made_value=0.5, best_value=0.6 if grade else 0.5, loss=0.1 if grade else 0.0,
                              se=0.0, grade=grade, deals=1)

    scene.seat = 0
    scene.review = MatchReview(game="takku-sum", seat=0, name="You", seed=5, actions=len(saved.actions),
                               measure="chance", unit="%", thresholds=(1.0, 2.0, 3.0),
                               decisions=[decision(i, g) for i, g in graded.items()])
    return d, scene


def test_a_picked_decision_is_counted_on_the_table_as_the_review_counts_it(tmp_path):
    """Walking Shithead's review, 'Move 1: put 2♥ 5♣ 9♣ face up' showed under the replay's
    'Replay  0 / 139', and a 24th move under 'Replay  23 / 139' (the moves made so far): one
    decision under two numbers. From the review the counter says 'Before move 24 of 139'."""
    index = 3
    d, scene = _reviewed_by_hand(tmp_path, {index: ""})
    decision = scene.review.decisions[0]
    scene.pick(0)
    d.frame()
    assert review_chart.detail(scene.review, decision)[0].startswith(f"Move {index + 1}:")
    counter, line = scene.table.caption()
    assert counter == f"Before move {index + 1} of {scene.table.last}"
    # Takku-Sum's "Move 4: play 6♣" stood over "Cal: draw for first player", the move before it
    assert line == f"Last move: {scene.table.words(index - 1)}"
    scene.table.go(index + 1)  # stepped on, the replay counts as ever: that move is made
    # stepped on, the counter names the move the line tells, as the review numbers it
    assert scene.table.caption() == (f"Move {index + 1} of {scene.table.last}", scene.table.words(index))
    scene.table.go(0)
    # the walk (session 17): "every card face up" stood over a pack lying face down
    assert scene.table.caption() == (f"Replay of {scene.table.last} moves, every player's cards face up",
                                     "The deal")


def test_previous_and_next_are_grey_at_the_only_graded_decision_or_with_none(tmp_path):
    """Walking Shithead's review (one inaccuracy in 24 decisions), Next and Previous looked live at
    that decision and a click did nothing: with nowhere else to go they are greyed."""
    _d, scene = _reviewed_by_hand(tmp_path, {1: "", 3: "inaccuracy", 5: ""})
    scene.selected = None
    scene._arrange()
    steps = [w for w in scene.form.widgets if w.label in ("‹ Previous", "Next ›")]
    assert len(steps) == 2 and all(w.enabled for w in steps)  # Next goes to the inaccuracy
    scene._step_graded(1)
    assert scene.selected == 1
    steps = [w for w in scene.form.widgets if w.label in ("‹ Previous", "Next ›")]
    assert len(steps) == 2 and not any(w.enabled for w in steps)
    # no decision at all (walking a Cersei game in which the Assassin never won for the player):
    # Previous and Next looked live and did nothing
    _d, scene = _reviewed_by_hand(tmp_path / "none", {})
    scene._arrange()
    steps = [w for w in scene.form.widgets if w.label in ("‹ Previous", "Next ›")]
    assert len(steps) == 2 and not any(w.enabled for w in steps)


def test_the_better_moves_rings_lie_round_the_part_of_each_card_that_shows():
    """Walking a 4-player Cunt-Soul review: "Better: play J♠ J♦" ringed J♠, J♦ and the Q♠ beside
    them in the fanned hand (the J♦'s ring, round the whole card, ran over the Q♠ drawn on it)."""
    from cardtable.store.reviews import DecisionReview, MatchReview
    from cardtable.ui.review_panel import light_better_move

    pygame.init()
    best = ("play", [1, 2], -1, "")
    d = DecisionReview(index=0, made=("play", [3], -1, ""), made_words="play Q♠", best=best,
                       best_words="play J♠ J♦", made_value=3.45, best_value=3.25, loss=0.2, se=0.01,
                       grade="inaccuracy", deals=64)
    review = MatchReview(game="cunt-soul", seat=0, name="Ash", seed=1, actions=9, measure="place",
                         unit="place", thresholds=(0.1, 0.3, 0.6), higher_is_better=False, decisions=[d])
    fan = [(1, "hand/0", pygame.Rect(10, 10, 60, 84)), (2, "hand/0", pygame.Rect(40, 10, 60, 84)),
           (3, "hand/0", pygame.Rect(70, 10, 60, 84))]
    surface = pygame.Surface((200, 120))
    light_better_move(surface, review, 0, fan, d.index)
    lit = [x for x in range(200) if surface.get_at((x, 50))[:3] == theme.LEGAL]
    assert lit and max(lit) < 80, "a ring runs over the Q♠, which is not part of the better move"



def test_the_corner_button_over_a_review_says_it_closes_the_review(tmp_path):
    """The walk (session 16): over a review the replay's corner button read 'Close replay (Esc)'
    beside the review's own 'Close review', both closing the review; it names the review and,
    like Esc, stops a review still running."""
    paths = app_paths(tmp_path)
    play_and_file(paths, "takku-sum", 5, names=("Ash", "Bea"))
    saved = list_replays(paths)[0]
    d = Driver(paths=paths)
    scene = d.app.push("review", saved=saved, seat=None)   # asking whose play: nothing runs
    d.frame()
    corner = scene.table.menu_button
    assert corner.label == "Close review (Esc)" and corner.rect.w > 0
    d.click(corner.rect.center)
    assert scene not in d.app.scenes and scene._cancel


def test_a_finished_review_is_closed_by_its_corner_button_alone(tmp_path):
    """The walk (session 17): a finished review had two close buttons, the corner's 'Close review
    (Esc)' and a 'Close review' at the foot of the column, which took a row from the reason."""
    d, scene = _reviewed_by_hand(tmp_path, {1: "mistake", 3: "", 5: "blunder"})
    scene.pick(0)
    d.frame()
    labels = [w.label for w in scene.form.widgets]
    assert "Try it" in labels and not [label for label in labels if "Close" in label], labels
    d.key(pygame.K_ESCAPE)
    assert scene not in d.app.scenes


def test_the_keys_named_under_a_review_are_the_keys_that_work_there(tmp_path):
    """The walk (session 17): under a review the replay's hint said "P plays", but P went to the
    previous graded decision (and N to the next), keys no button named. The hint names only the
    replay's keys that still work, and Previous and Next show theirs."""
    d, scene = _reviewed_by_hand(tmp_path, {1: "mistake", 3: "", 5: "blunder"})
    scene.pick(2)
    d.frame()
    keys = {w.label: w.hotkey for w in scene.form.widgets}
    assert keys["‹ Previous"] == "P" and keys["Next ›"] == "N"
    assert "P" not in scene.table.keys.replace("Page", "")
    assert "a click on the chart picks a move" in scene.table.keys   # nothing said it could be clicked
    d.key(pygame.K_p)
    assert scene.selected == 0 and not scene.table.playing   # P: the previous graded decision
    d.key(pygame.K_n)
    assert scene.selected == 2
    d.key(pygame.K_RIGHT)   # the hint's keys step the replay
    assert scene.table.index == scene.review.decisions[2].index + 1


def test_stepped_off_a_decision_the_better_move_is_not_lit_and_the_column_says_where_the_table_is(
        tmp_path, monkeypatch):
    """The walk (session 17): picked in a Shithead review, "Move 62: pick up the pile. Better: play
    A♣ A♠ A♥" kept the aces ringed when the replay was stepped on to move 63 (the pile picked up,
    Bea to play), and the column did not say the table had left the decision."""
    from cardtable.store.reviews import DecisionReview, MatchReview
    from cardtable.ui import review_panel
    from cardtable.ui.review_panel import light_better_move

    pygame.init()
    d = DecisionReview(index=61, made=("pickup", [], -1, ""), made_words="pick up the pile",
                       best=("play", [1, 2], -1, ""), best_words="play A♣ A♠", made_value=0.29,
                       best_value=0.51, loss=0.22, se=0.01, grade="blunder", deals=64)
    review = MatchReview(game="shithead", seat=0, name="Ash", seed=1, actions=81, measure="chance",
                         unit="chance", thresholds=(0.05, 0.1, 0.2), decisions=[d])
    hand = [(1, "hand/0", pygame.Rect(10, 10, 60, 84)), (2, "hand/0", pygame.Rect(80, 10, 60, 84))]

    def lit(shown: int) -> bool:
        surface = pygame.Surface((200, 120))
        light_better_move(surface, review, 0, hand, shown)
        return any(surface.get_at((x, 50))[:3] == theme.LEGAL for x in range(200))

    assert lit(61) and not lit(63) and not lit(60)
    assert review_chart.elsewhere(d, 61) == ""
    assert review_chart.elsewhere(d, 63) == \
        "The table shows move 63: Left goes back to before move 62."
    assert review_chart.elsewhere(d, 0) == "The table shows the deal: Right goes on to before move 62."
    # the review scene tells the column where its table is
    seen = []
    driver, scene = _reviewed_by_hand(tmp_path, {3: "blunder"})
    scene.pick(0)
    scene.table.go(scene.table.index + 2)
    monkeypatch.setattr(review_panel, "draw", lambda surface, panel: seen.append(panel))
    scene.draw(pygame.Surface(driver.app.size))
    assert seen[-1].shown == 5


def test_a_practice_from_try_it_goes_back_to_the_review_from_its_menu_and_its_results(tmp_path):
    """The walk (session 17): Try it from a Shithead review played on from move 62, but neither the
    Esc menu nor the practice's results led back to the review: Quit to title and Title (and Esc
    on the results) closed it, and a newcomer lost the list of their costly moves."""
    d, scene = _reviewed_by_hand(tmp_path, {1: "", 3: "blunder"})
    scene.pick(1)
    scene.try_it()
    table = d.app.top
    assert table.name == "table"
    menu = d.app.push("menu")
    back = dict(menu.items())["Back to the review"]
    back()
    assert d.app.top is scene and table not in d.app.scenes
    scene.try_it()
    results = d.app.push("results", match=d.app.top.match)
    assert results.items()[0][0] == "Back to the review"
    d.key(pygame.K_ESCAPE)
    assert d.app.top is scene
    # a game not started from a review has no way back to one: its menu is as it was
    d.app.reset("table", match=table.match)
    labels = [label for label, _ in d.app.push("menu").items()]
    assert labels[:2] == ["Resume", "Undo"] and "Back to the review" not in labels


def test_the_summary_says_the_grades_are_judged_on_what_the_player_could_see(tmp_path, monkeypatch):
    """The walk (session 17): Takku-Sum's review graded "play 10♦" a blunder while the replay under
    it, every hand face up, showed Bea could not follow it and Ash won the match on the next move;
    nothing on the finished review said the grades come from what Ash could see then."""
    from cardtable.ui import review_panel

    d, scene = _reviewed_by_hand(tmp_path, {1: "", 3: "blunder"})
    assert review_chart.summary(scene.review) == \
        "2 decisions, judged on what you could see: 1 blunder, 0 mistakes, 0 inaccuracies."
    seen = []
    monkeypatch.setattr(review_panel, "draw", lambda surface, panel: seen.append(panel))
    scene.seat = 1
    scene.draw(pygame.Surface(d.app.size))
    assert seen[-1].who == "Bea"   # two people at the table: the one reviewed, by name


def test_a_review_opened_from_the_replay_leaves_it_where_the_review_was(tmp_path):
    """The walk (session 17): from the replay at the deal, R opened the review at its costliest
    decision (move 103 of a Fscking Ace sitting); closed, the replay was back at the deal, the
    moment found in the review lost. It now shows where the review's table was."""
    from test_ui_replay import open_replay

    paths = app_paths(tmp_path)
    play_and_file(paths, "takku-sum", 5, names=("You", "Bea"))
    d = Driver(paths=paths)
    _, replay = open_replay(d)
    d.key(pygame.K_r)
    review = d.app.top
    assert review.name == "review" and replay.index == 0
    review.table.go(5)
    d.key(pygame.K_ESCAPE)
    assert d.app.top is replay and replay.index == 5
    assert replay.caption()[0] == f"Move 5 of {replay.last}"
    if review._thread is not None:   # not left weighing a decision while the next tests run
        review._thread.join(60)


def test_a_money_chart_marks_where_the_player_breaks_even():
    """The walk (session 17): a Fscking Ace sitting's chart ran from "-$144.37" to "+$104.11" with
    no line where the player went from up to down, as a chance's chart has at even chances."""
    from cardtable.store.reviews import DecisionReview, MatchReview

    def dec(i: int, value: float) -> DecisionReview:
        a = ("flip", [], -1, "")
        return DecisionReview(index=i, made=a, made_words="flip the top card", best=a, best_words="x",
                              made_value=value, best_value=value, loss=0.0, se=0.0, grade="", deals=1)

    pygame.init()
    review = MatchReview(game="fscking-ace", seat=0, name="Ash", seed=1, actions=10,
                         measure="expected money at the end of the round", unit="money",
                         thresholds=(1.0, 3.0, 6.0), decisions=[dec(0, 40.0), dec(3, -120.0), dec(6, 90.0)])
    assert review_chart.even_line(review) == (0.0, "$0")
    rect = pygame.Rect(0, 0, 300, 120)
    surface = pygame.Surface((300, 120))
    review_chart.draw(surface, rect, review, None, 16)
    y = review_chart.height_of(review, rect.inflate(-16, -16), 0.0)
    assert 8 < y < 112
    assert surface.get_at((20, y))[:3] == theme.FELT_LINE[:3]   # the break-even line
    assert surface.get_at((20, y + 6))[:3] != theme.FELT_LINE[:3]
    ahead = review.model_copy(update={"decisions": [dec(0, 40.0), dec(3, 90.0)]})
    assert review_chart.even_line(ahead) is None   # never down: no line to mark


def test_a_picked_decisions_grade_is_written_in_its_marks_colour(tmp_path):
    """The walk (session 17): the chart's yellow, orange and red marks had no key; the picked
    decision's grade line is written in its mark's colour, so the colours read as the words."""
    d, scene = _reviewed_by_hand(tmp_path, {1: "", 3: "blunder"})
    red = review_chart.GRADE_COLOURS["blunder"]

    def reds_under_the_chart() -> int:
        surface = pygame.Surface(d.app.size)
        scene.draw(surface)
        near = [(x, y) for x in range(scene.panel.x, scene.panel.right)
                for y in range(scene.chart.bottom + 1, scene.buttons_top)]
        # the words' pixels come out a shade off the colour (their edges blend into the panel)
        return sum(1 for x, y in near
                   if all(abs(a - b) <= 8 for a, b in zip(surface.get_at((x, y))[:3], red, strict=True)))

    scene.pick(1)
    assert reds_under_the_chart() > 50, "no line in the blunder's colour"
    scene.pick(0)   # a decision as good as any: no grade, no colour
    assert reds_under_the_chart() == 0


def test_a_running_review_says_how_long_it_has_left_in_the_players_words():
    """A long match's review runs for minutes: the column says about how long is left once the
    pace is known, and a seat named You reads "what you could see" ("what You could see")."""
    from cardtable.ui.review_panel import ReviewPanel, draw, time_left

    assert time_left(2, 220, 10.0) == ""            # two decisions in: the pace is not known yet
    assert time_left(10, 220, 2.0) == ""            # nor two seconds in
    assert time_left(10, 220, 20.0) == "About 7 minutes left"   # 2 s a decision, 210 to go: 420 s
    assert time_left(50, 200, 30.0) == "About 2 minutes left"   # 90 s, rounded up
    assert time_left(100, 200, 40.0) == "Less than a minute left"
    assert time_left(200, 200, 99.0) == ""
    pygame.init()
    surface = pygame.Surface((420, 700))
    panel = pygame.Rect(0, 0, 420, 700)
    with text.recording() as got:
        draw(surface, ReviewPanel(panel, pygame.Rect(0, 0, 0, 0), 16, 650, "You", [], None, None,
                                  (10, 220), 20.0))
    words = [w for _, _, w in got]
    said = " ".join(words)
    assert "what you could see" in said and "You could" not in said
    assert "10 of 220 decisions" in words and "About 7 minutes left" in words
