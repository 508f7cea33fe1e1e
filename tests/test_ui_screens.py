"""Screens rendered headless and checked for content: not blank, the expected regions coloured."""

from __future__ import annotations

from pathlib import Path

import pygame
from ui_driver import Driver, seats

from cardtable.runner.match import Match, Seat
from cardtable.ui import theme
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.scenes.results import ResultsScene
from cardtable.ui.scenes.rules import RulesScene
from cardtable.ui.scenes.settings import SettingsScene
from cardtable.ui.scenes.setup import SetupScene
from cardtable.ui.scenes.table import TableScene
from cardtable.ui.scenes.title import TitleScene
from cardtable.ui.screenshot import take_screenshot


def colours(surface: pygame.Surface, rect: pygame.Rect | None = None, step: int = 7) -> set[tuple[int, ...]]:
    rect = rect or surface.get_rect()
    return {tuple(surface.get_at((x, y)))[:3] for x in range(rect.x, rect.right, step)
            for y in range(rect.y, rect.bottom, step)}


def near(c: tuple[int, ...], target: tuple[int, int, int], tol: int = 12) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(c, target, strict=False))


def shot(d: Driver, name: str, tmp_path: Path) -> pygame.Surface:
    d.frame()
    d.app.draw()
    pygame.image.save(d.app.screen, str(tmp_path / f"{name}.png"))
    return d.app.screen


def test_title_setup_rules_and_settings_have_content(tmp_path):
    d = Driver()
    d.app.push(TitleScene(d.app))
    screen = shot(d, "title", tmp_path)
    assert len(colours(screen)) > 20
    assert any(near(c, theme.ACCENT) for c in colours(screen, d.app.top.panel, 2))  # the title text
    first = d.app.top.form.widgets[0]
    assert first.label == "Shithead"
    d.click(first.rect.center)
    assert isinstance(d.app.top, SetupScene)
    screen = shot(d, "setup", tmp_path)
    assert len(colours(screen)) > 20
    for scene in (RulesScene(d.app, "shithead"), SettingsScene(d.app)):
        d.app.push(scene)
        assert len(colours(shot(d, type(scene).__name__, tmp_path))) > 10
        d.key(pygame.K_ESCAPE)
        assert d.app.top is not scene


def test_the_table_shows_felt_cards_and_the_log(tmp_path):
    d = Driver(size=(1920, 1080))
    table = d.table(Match("shithead", seats("human", "bot", "bot", "bot"), seed=3, dealer=0))
    screen = shot(d, "table", tmp_path)
    p = table.placement
    assert screen.get_at((p.table_rect.centerx, 8))[:3] == theme.FELT
    hand = p.zones["hand/0"].rect
    card = table.rest_rects()[table.match.state.zones()["hand/0"][0]][2]
    assert hand.contains(card)
    inside = colours(screen, card.inflate(-card.w // 3, -card.h // 3), 3)
    assert any(min(c) > 200 for c in inside)  # a face-up card: white paper
    assert screen.get_at((p.log_rect.x + 2, p.log_rect.bottom - 2))[:3] == theme.FELT_DARK
    assert len(colours(screen)) > 50


def test_results_and_menu_screens(tmp_path):
    d = Driver()
    match = Match("shithead", [Seat(n, "bot") for n in ("Ann", "Bob", "Cy")], seed=5)
    d.table(match)
    for _ in range(3000):
        d.now += 1 / 60
        for scene in list(d.app.scenes):
            scene.update(d.now)
        if isinstance(d.app.top, ResultsScene):
            break
    results = d.app.top
    assert isinstance(results, ResultsScene)
    screen = shot(d, "results", tmp_path)
    assert any(near(c, theme.ILLEGAL) for c in colours(screen, results.panel, 2))  # the Shithead's line
    labels = [w.label for w in results.form.widgets]
    assert labels == ["Play again", "New game", "Title"]
    d.click(results.form.widgets[0].rect.center)
    table = d.app.top
    assert table.match.dealer == (match.dealer + 1) % 3 and table.match.sitting.games == 1
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.app.top, MenuScene)
    screen = shot(d, "menu", tmp_path)
    assert len(colours(screen)) > 20


def test_the_screenshot_command_draws_the_table(tmp_path):
    out = tmp_path / "table.png"
    take_screenshot(out, "shithead", 4, 3, 20, (1280, 800))
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 800)
    assert len(colours(image)) > 50


def test_the_rule_book_scrolls_and_stops_at_its_end():
    d = Driver(size=(960, 600))
    rules = RulesScene(d.app, "shithead")
    d.app.push(rules)
    d.frame()
    assert rules.height > rules.area.h  # the whole book does not fit: it scrolls
    d.key(pygame.K_PAGEDOWN)
    assert rules.scroll > 0
    d.key(pygame.K_END)
    assert rules.scroll == rules.height - rules.area.h
    d.post(pygame.MOUSEWHEEL, x=0, y=3)
    d.frame()
    assert rules.scroll < rules.height - rules.area.h


def test_the_setup_form_deals_the_seats_and_options_chosen():
    d = Driver()
    setup = SetupScene(d.app, "shithead")
    d.app.push(setup)
    d.frame()
    players = setup.form.widgets[0]
    d.click(players.rect.move(-players.rect.w // 3, 0).center)  # the left part steps down
    assert setup.players == 3
    kind = next(w for w in setup.form.widgets if getattr(w, "label", "") == "kind" and w.value == "bot")
    d.click(kind.rect.move(-kind.rect.w // 3, 0).center)  # the left part steps back: seat 2 becomes a human
    name = [w for w in setup.form.widgets if type(w).__name__ == "TextField"][1]
    d.click(name.rect.center)
    for _ in range(3):
        d.key(pygame.K_BACKSPACE)
    for ch in "Zed":
        d.key(ord(ch.lower()), ch)
    toggle = next(w for w in setup.form.widgets if getattr(w, "label", "") == "ten_wild")
    d.click(toggle.rect.center)
    d.click(next(w for w in setup.form.widgets if getattr(w, "label", "") == "Deal").rect.center)
    table = d.app.find(TableScene)  # perhaps under a hot-seat pass screen already
    dealt = [(s.name, s.kind) for s in table.match.seats]
    assert dealt == [("Ash", "human"), ("Zed", "human"), ("Cal", "bot")]
    assert table.match.options.ten_wild is True


def test_the_setup_offers_only_the_seats_the_table_lays_out():
    """Fscking Ace's engine takes 3–20 players (for simulate and tournament); the table seats
    fifteen (issue 14 item 4), so the setup and the title offer 3–15 and never a seat without a
    name."""
    d = Driver()
    setup = SetupScene(d.app, "fscking-ace")
    d.app.push(setup)
    d.frame()
    players = setup.form.widgets[0]
    assert players.options == list(range(3, 16))
    while players.value != 15:
        players.step(1)
    assert setup.players == 15 and len(setup.seats) >= 15
    d.frame()
    title = TitleScene(d.app)
    d.app.push(title)
    d.frame()
    tile = next(w for w in title.form.widgets if w.label == "Fscking Ace")
    assert tile.subtitle == "3–15 players: new game"


def test_a_seat_can_be_a_phone_and_the_table_then_offers_its_join_card():
    d = Driver()
    d.app.phone_host = "127.0.0.1"
    setup = SetupScene(d.app, "shithead")
    d.app.push(setup)
    d.frame()
    kind = next(w for w in setup.form.widgets if getattr(w, "label", "") == "kind" and w.value == "bot")
    d.click(kind.rect.move(kind.rect.w // 3, 0).center)  # the right part steps forward: Bot -> Phone
    assert [s.kind for s in setup.seats[:2]] == ["human", "phone"]
    d.click(next(w for w in setup.form.widgets if getattr(w, "label", "") == "Deal").rect.center)
    table = d.app.find(TableScene)
    assert [s.kind for s in table.match.seats][:2] == ["human", "phone"]
    assert table.turns.phones.missing() == [1]
    assert table.turns.phones.server is not None and "/s/" in table.turns.phones.server.url(1)
    d.app.reset(TitleScene(d.app))
    assert table.turns.phones.server is None
