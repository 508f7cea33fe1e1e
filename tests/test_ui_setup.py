"""The new-game page: at most 15 seats, option values in words, and every part of it fitting its
box at every Interface size and window size (issue 16 items 5, 6 and 8; issue 14 item 4)."""

from __future__ import annotations

import pygame
import pytest
from fit_checks import SCALES, SIZES, text_problems, widgets_apart
from ui_driver import Driver

from cardtable.games import games, get_game
from cardtable.ui.scenes.setup import SetupScene
from cardtable.ui.seating import MAX_SEATS
from cardtable.ui.widgets import Choice


def setup(d: Driver, game: str, players: int | None = None) -> SetupScene:
    scene = SetupScene(d.app, game)
    d.app.push(scene)
    if players is not None:
        scene._set_players(players)
    d.frame()
    return scene


def seat_count_choice(scene: SetupScene) -> Choice:
    return next(w for w in scene.form.widgets if getattr(w, "label", "") == "players")


def test_seats_are_capped_at_fifteen_whatever_the_game_allows():
    assert get_game("fscking-ace").max_players == 20  # the engine's, for simulate and tournament
    scene = setup(Driver(), "fscking-ace")
    assert max(seat_count_choice(scene).options) == MAX_SEATS == 15


def test_fifteen_seats_each_get_a_name_of_their_own():
    d = Driver()
    scene = setup(d, "fscking-ace", 15)
    names = [s.name for s in scene.seats_in_play()]
    assert len(names) == 15 == len(set(names))
    assert text_problems(d.app) == [] and widgets_apart(scene.form.widgets, d.app.screen.get_rect()) == []


def test_choice_options_show_words_not_keys():
    scene = setup(Driver(), "cunt-soul")
    refill = next(w for w in scene.form.widgets if getattr(w, "label", "") == "refill_timing")
    assert refill.show(refill.value) == "After each play"


def test_changing_the_seat_count_keeps_the_focus_on_it():
    d = Driver()
    scene = setup(d, "shithead")
    count = seat_count_choice(scene)
    d.click((count.rect.right - 4, count.rect.centery))
    assert scene.players == get_game("shithead").default_players + 1
    assert scene.form.widgets[scene.form.focus].label == "players"


@pytest.mark.parametrize("scale", SCALES)
def test_every_setup_page_fits_at_every_size(scale):
    """The page opened with its most seats and an error line: laid out and drawn once, the same
    pixels as laid out for the game's usual seats, again for the most and drawn twice."""
    for game, g in games().items():
        for size in SIZES:
            d = Driver(size=size, ui_scale=scale)
            scene = SetupScene(d.app, game)
            scene.players = min(g.max_players, MAX_SEATS)
            scene.error = "Every seat needs a name of its own."
            d.app.push(scene)
            assert len(scene.seats_in_play()) == scene.players
            assert text_problems(d.app) == [], (game, size)
            assert widgets_apart(scene.form.widgets, d.app.screen.get_rect()) == [], (game, size)


def test_more_seats_clicked_again_and_again_stay_on_the_seat_count():
    """Issue 16 item 7: each click on › adds a seat, even when the page is laid out smaller for
    the new seats; the page moves once the pointer leaves."""
    d = Driver(size=(960, 600), ui_scale=1.5)
    scene = setup(d, "fscking-ace")
    count = seat_count_choice(scene)
    at = (count.rect.right - 6, count.rect.centery)
    for n in range(scene.players + 1, MAX_SEATS + 1):
        d.click(at)
        assert scene.players == n and seat_count_choice(scene).rect.collidepoint(at)
    d.post(pygame.MOUSEMOTION, pos=(3, 3), rel=(0, 0), buttons=(0, 0, 0))
    d.frame()
    assert len(scene.page.seats) == MAX_SEATS
    assert text_problems(d.app) == [] and widgets_apart(scene.form.widgets, d.app.screen.get_rect()) == []


def test_a_seat_switched_from_bot_shows_no_level_at_once_and_the_kind_stays_under_the_pointer():
    """Switching a bot seat to Phone (or Human) takes its level away in the same frame, not when
    the pointer moves (a tester saw "Normal" beside a phone seat), and a bot seat gets its level
    at once; the kind's control stays where it was, so clicking on cycles it."""
    d = Driver(size=(1280, 800))
    scene = setup(d, "shithead")

    def kinds_and_levels() -> tuple[list[str], int]:
        kinds = [w.value for w in scene.form.widgets if getattr(w, "label", "") == "kind"]
        return kinds, sum(getattr(w, "label", "") == "level" for w in scene.form.widgets)

    kind = [w for w in scene.form.widgets if getattr(w, "label", "") == "kind"][1]
    at = (kind.rect.right - 6, kind.rect.centery)
    assert kinds_and_levels() == (["human"] + ["bot"] * (scene.players - 1), scene.players - 1)
    d.click(at)
    d.frame()
    assert kinds_and_levels() == (["human", "phone"] + ["bot"] * (scene.players - 2), scene.players - 2)
    d.click(at)  # the same place: the same seat's kind, now Human
    d.click(at)  # and Bot again: its level is back
    d.frame()
    assert kinds_and_levels() == (["human"] + ["bot"] * (scene.players - 1), scene.players - 1)
    assert text_problems(d.app) == [] and widgets_apart(scene.form.widgets, d.app.screen.get_rect()) == []


def test_the_seats_kinds_are_explained_under_the_seats():
    """A newcomer choosing a seat's kind read "Bot", "Normal" or "Phone" with nothing saying what
    they mean: under the seats the page says what the kinds chosen mean (the levels, a shared
    screen, a phone), in a game of luck that no level is chosen, never over a control."""
    from cardtable.runner.match import Seat
    from cardtable.ui.scenes.setup import seat_notes

    bots = seat_notes([Seat("Ann"), Seat("Bea", "bot")], True)
    assert len(bots) == 1 and bots[0].startswith("Bots: Easy now and then") and "Expert" in bots[0]
    assert seat_notes([Seat("Ann"), Seat("Bea", "bot")], False) == [
        "Bots: this is a game of luck (even the Assassin picks blind), so every bot plays it alike: "
        "there is no level to choose."]
    every = seat_notes([Seat("Ann"), Seat("Bea", "phone"), Seat("Cal"), Seat("Dot", "bot")], True)
    assert [n.split(":")[0] for n in every] == ["Bots", "Humans share this screen", "Phone"]
    for size in ((1024, 640), (1280, 800)):
        d = Driver(size=size)
        scene = setup(d, "shithead")
        scene._set_seat(1, kind="phone")
        scene._set_seat(2, kind="human")
        scene.resize(size)
        d.frame()
        shown = " ".join(line for line, _ in scene.page.notes)
        assert shown == " ".join(every), size
        boxes = [box for _, box in scene.page.notes]
        assert all(d.app.screen.get_rect().contains(b) for b in boxes)
        assert not any(b.colliderect(w.rect) for b in boxes for w in scene.form.widgets), size
        assert not any(b.colliderect(scene.page.error) for b in boxes)
        assert text_problems(d.app) == [], size
    # Cersei is luck (rulings 3.7): its levels are not told apart
    d = Driver(size=(1024, 640))
    scene = setup(d, "cersei")
    assert scene.page.notes[0][0].startswith("Bots: this is a game of luck")


def test_a_game_of_luck_offers_no_bot_level():
    """Cersei's page offered Easy to Expert beside each bot though every level plays Cersei alike
    (rulings 3.7: luck only; the Assassin picks blind): a choice that changes nothing is not shown,
    the bot seat's name takes its room, and the page says why (a game with real decisions keeps it)."""
    from cardtable.games import parts_of

    assert not parts_of(get_game("cersei")).hooks.search_useful
    for size in ((1024, 640), (1280, 800)):
        d = Driver(size=size)
        scene = setup(d, "cersei", 4)
        labels = [getattr(w, "label", "") for w in scene.form.widgets]
        assert labels.count("kind") == 4 and "level" not in labels, size
        name, kind, _ = scene.page.seats[1]
        assert kind.x - name.right < scene.px, size  # no empty column where the level was
        assert "no level to choose" in " ".join(line for line, _ in scene.page.notes), size
        assert text_problems(d.app) == [] and widgets_apart(scene.form.widgets, d.app.screen.get_rect()) == []
        scene.deal()
        assert [s.level for s in d.app.top.match.seats[1:]] == ["normal"] * 3
    shithead = setup(Driver(), "shithead")
    assert [getattr(w, "label", "") for w in shithead.form.widgets].count("level") == shithead.players - 1
