"""The replay viewer: the kept match at the table, every hand face up, stepped both ways."""

from __future__ import annotations

import random

import pygame
from ui_driver import Driver

from cardtable.engine.cards import HIDDEN
from cardtable.engine.fingerprint import fingerprint
from cardtable.games import get_game
from cardtable.store.matches import (
    SavedMatch,
    SeatConfig,
    file_result_or_keep_autosave,
    list_replays,
    positions,
)
from cardtable.store.paths import app_paths
from cardtable.ui.scenes.replay import ReplayScene
from cardtable.ui.scenes.statistics import REPLAYS, StatisticsScene


def play_and_file(paths, game: str, seed: int, names=("You", "Bea", "Cal")) -> SavedMatch:
    """A whole match of random legal moves, filed as the table files it."""
    seats = [SeatConfig(name=n, kind="human" if i == 0 else "bot", level="" if i == 0 else "random")
             for i, n in enumerate(names)]
    saved, state = SavedMatch.start(get_game(game), seats, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        saved.record(action, state)
    assert file_result_or_keep_autosave(paths, saved, state.result()) == []
    return saved


def open_replay(d: Driver, row: int = 0) -> tuple[StatisticsScene, ReplayScene]:
    stats = StatisticsScene(d.app)
    d.app.push(stats)
    d.frame()
    stats.show(REPLAYS)
    d.frame()
    for _ in range(row):
        d.key(pygame.K_DOWN)  # the list scrolls to keep the highlighted replay in view
    r = stats.replay_rects[row].move(0, -stats.scroll)
    assert stats.area.contains(r)
    d.click(r.center)
    assert isinstance(d.app.top, ReplayScene), stats.messages
    return stats, d.app.top


def hand_faces(scene: ReplayScene) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for face, zone, _ in scene.drawn:
        if zone.startswith("hand/"):
            out.setdefault(zone, []).append(face)
    return out


def test_replay_steps_both_ways_through_the_saved_positions_with_every_hand_face_up(tmp_path):
    paths = app_paths(tmp_path)
    play_and_file(paths, "takku-sum", 5)
    saved = list_replays(paths)[0]
    steps = positions(saved)
    prints = [fingerprint(s) for s in steps]
    d = Driver(paths=paths)
    stats, scene = open_replay(d)
    assert scene.last == len(steps) - 1 > 20
    assert fingerprint(scene.match.state) == prints[0]
    seen: list[str] = []
    for i in range(1, 12):
        d.key(pygame.K_RIGHT)
        assert scene.index == i and fingerprint(scene.match.state) == prints[i]
        seen.append(fingerprint(scene.match.state))
        faces = hand_faces(scene)
        assert len(faces) == 3  # every seat's hand is drawn...
        assert all(HIDDEN not in f for f in faces.values())  # ...face up
        truth = scene.match.state.zones()
        assert {z: sorted(f) for z, f in faces.items()} == {z: sorted(truth[z]) for z in faces}
    for i in range(10, -1, -1):
        d.key(pygame.K_LEFT)
        assert scene.index == i and fingerprint(scene.match.state) == prints[i]
    d.key(pygame.K_LEFT)  # nothing before the deal
    assert scene.index == 0
    d.key(pygame.K_END)
    assert scene.index == scene.last and fingerprint(scene.match.state) == prints[-1]
    assert saved.reaches(scene.match.state)
    assert scene.match.state.is_over and d.app.top is scene  # no results screen in a replay
    d.key(pygame.K_HOME)
    assert scene.index == 0 and fingerprint(scene.match.state) == prints[0]
    # The buttons step too, and the prompt names the action just shown.
    d.click(next(b for b in scene.form.widgets if b.label.startswith("Next")).rect.center)
    assert scene.index == 1 and fingerprint(scene.match.state) == prints[1]
    assert scene.words(0).split(": ")[-1] == steps[0].describe(saved.action_list()[0])
    assert scene.log[-1] in scene.lines_of(0)
    shot = tmp_path / "replay.png"
    pygame.image.save(d.app.screen, str(shot))
    img = pygame.image.load(str(shot))
    colours = {tuple(img.get_at((x, y)))[:3] for x in range(0, 1280, 5) for y in range(0, 800, 5)}
    assert len(colours) > 60  # cards, plates, log and buttons, not an empty felt
    d.key(pygame.K_ESCAPE)
    assert d.app.top is stats
    d.app.saver.close()


def test_animated_steps_land_on_the_same_positions(tmp_path):
    paths = app_paths(tmp_path)
    play_and_file(paths, "cunt-soul", 6)
    saved = list_replays(paths)[0]
    prints = [fingerprint(s) for s in positions(saved)]
    d = Driver(paths=paths, animation_speed="fast")
    _, scene = open_replay(d)
    for i in range(1, 6):
        d.key(pygame.K_RIGHT)  # pressed while the last step may still fly: it lands at once
        assert fingerprint(scene.match.state) == prints[i]
    d.frames(90)
    assert not scene.busy(d.now)
    faces = hand_faces(scene)
    assert len(faces) == 3 and all(HIDDEN not in f for f in faces.values())
    d.key(pygame.K_LEFT)
    assert scene.index == 4 and fingerprint(scene.match.state) == prints[4]
    d.app.saver.close()


def test_a_replay_that_does_not_replay_shows_the_reason(tmp_path):
    paths = app_paths(tmp_path)
    saved = play_and_file(paths, "cersei", 2)
    replay_file = next(paths.replays_dir.glob("*.json"))
    broken = saved.model_copy(update={"actions": [("no-such-move", [], -1, ""), *saved.actions]})
    replay_file.write_text(broken.model_dump_json())
    d = Driver(paths=paths)
    stats = StatisticsScene(d.app)
    d.app.push(stats)
    stats.show(REPLAYS)
    d.frame()
    d.click(stats.replay_rects[0].move(0, -stats.scroll).center)
    assert d.app.top is stats
    assert any("cannot be shown" in m and "no longer replay" in m for m in stats.messages)
    d.frame()
    d.app.saver.close()


def test_a_paused_replay_is_still_and_a_playing_one_moves(tmp_path):
    """A replay read at rest is drawn a few times a second, not 60 (``Scene.moving``); Play moves
    it until it is paused."""
    paths = app_paths(tmp_path)
    play_and_file(paths, "shithead", 3)
    d = Driver(paths=paths, animation_speed="fast")
    _, scene = open_replay(d)
    d.frames(30)
    assert not scene.moving(d.now)
    scene.toggle_play()
    assert scene.playing and scene.moving(d.now)
    scene.toggle_play()
    d.frames(90)
    assert not scene.moving(d.now)
    d.app.saver.close()


def test_the_replays_keys_mean_steps_close_play_and_review() -> None:
    """The replay's keys, without a window: arrows and Space step, Page Up/Down ten, Home and End
    to either end, Esc or Backspace close, P plays, R reviews only a match that may be reviewed, and
    anything else is the buttons'."""
    from cardtable.ui.table.replay_keys import replay_key

    assert replay_key(pygame.K_RIGHT, 5, 40, False) == ("go", 6)
    assert replay_key(pygame.K_SPACE, 5, 40, False) == ("go", 6)
    assert replay_key(pygame.K_LEFT, 5, 40, False) == ("go", 4)
    assert replay_key(pygame.K_PAGEDOWN, 5, 40, False) == ("go", 15)
    assert replay_key(pygame.K_PAGEUP, 5, 40, False) == ("go", -5)  # (the scene stops at the deal)
    assert replay_key(pygame.K_HOME, 5, 40, False) == ("go", 0)
    assert replay_key(pygame.K_END, 5, 40, False) == ("go", 40)
    assert replay_key(pygame.K_ESCAPE, 5, 40, False) == ("close", None)
    assert replay_key(pygame.K_BACKSPACE, 0, 1, True) == ("close", None)
    assert replay_key(pygame.K_p, 5, 40, False) == ("play", None)
    assert replay_key(pygame.K_r, 5, 40, True) == ("review", None)
    assert replay_key(pygame.K_r, 5, 40, False) is None
    assert replay_key(pygame.K_TAB, 5, 40, True) is None and replay_key(pygame.K_RETURN, 5, 40, True) is None


def test_a_long_hand_is_listed_on_two_lines_under_its_cards_clear_of_the_replays_words():
    """Walking a 4-player Cunt-Soul replay at 1024x640: Bea's 22 picked-up cards were spelled out in
    one line that ran across the middle of the table, over "Bea: play face-down card 1"."""
    from cardtable.store.replay_pass import positions
    from cardtable.ui.table import replay_frame

    seats = [SeatConfig(name=n, kind="human" if i == 0 else "bot", level="" if i == 0 else "random")
             for i, n in enumerate(("Ash", "Bea", "Cal", "Dot"))]
    saved, state = SavedMatch.start(get_game("cunt-soul"), seats, seed=1)
    rng = random.Random(1)
    while max(len(state.zones()[f"hand/{s}"]) for s in (1, 3)) < 20:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        saved.record(action, state)
    d = Driver(size=(1024, 640))
    steps = positions(saved)
    scene = d.app.push("replay", saved=saved, steps=steps)
    d.frames(2)
    scene.go(len(steps) - 1)
    d.frames(30)
    shown = scene.frame()
    surface = pygame.Surface(d.app.size)
    words = replay_frame.caption(surface, shown, *scene.caption())
    lists = scene.hand_lists(shown.placement)
    assert max(len(cards) for cards, _span in lists) >= 20
    boxes = replay_frame.hand_lists(surface, shown.placement, lists)
    for box, (_cards, span) in zip(boxes, lists, strict=True):
        assert not box.colliderect(words), (box, words)
        assert not box.colliderect(shown.placement.buttons_rect)
        assert box.w <= max(span.w, shown.placement.text_px * 12) + shown.placement.text_px


def test_the_replays_counter_keeps_below_the_meter_under_the_middle():
    """Walking Cersei's replay at 1240x720: "Replay of 75 moves" was drawn over "Cersei 0/3", the
    count under the pot."""
    from cardtable.store.replay_pass import positions
    from cardtable.ui.table import replay_frame

    seats = [SeatConfig(name="Ash", kind="human", level=""),
             SeatConfig(name="Bea", kind="bot", level="random")]
    saved, state = SavedMatch.start(get_game("cersei"), seats, seed=2)
    for _ in range(6):
        action = state.legal_actions()[0]
        state.apply(action)
        saved.record(action, state)
    d = Driver(size=(1240, 720))
    scene = d.app.push("replay", saved=saved, steps=positions(saved))
    d.frames(3)
    shown = scene.frame()
    p = shown.placement
    assert p.meters["pot"][0]  # the count is drawn
    meter_bottom = p.zones["pot"].rect.bottom + p.meters["pot"][0]
    said = replay_frame.caption(pygame.Surface(d.app.size), shown, *scene.caption())
    assert said.top >= meter_bottom, (said, meter_bottom)
    assert said.bottom <= p.buttons_rect.top
