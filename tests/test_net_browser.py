"""The phone page in a real browser (issue 18): headless Chromium opens a seat's address, shows
the hand, and plays a whole turn by tapping cards and the move's button."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from cardtable.engine.fingerprint import fingerprint
from cardtable.games import get_game, layout_of
from cardtable.net.seat import PhoneSeat
from cardtable.net.server import PhoneServer

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
SHOTS = Path(os.environ.get("CARDTABLE_SHOTS", "out/phone"))


def _browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    os.environ.setdefault("SE_OFFLINE", "true")  # never let selenium fetch a driver
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--window-size=360,740"):
        opts.add_argument(flag)
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)


def _wait_for(pred, timeout: float = 10.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = pred()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("timed out")


def test_a_phone_browser_shows_the_hand_and_plays_a_whole_turn() -> None:
    from selenium.webdriver.common.by import By

    game = get_game("shithead")
    state = game.new_state(["Ann", "Bea"], None, 3)
    server = PhoneServer([state.to_move], host="127.0.0.1")
    server.start()
    seat = PhoneSeat(server, state.to_move, layout_of(game))
    view = state.view(seat.seat)
    legal = view.legal_actions()
    seat.offer(view, legal)
    browser = _browser()
    try:
        browser.get(server.url(seat.seat))
        _wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "#mine button.card"))
        hand = {int(b.get_attribute("data-id"))
                for b in browser.find_elements(By.CSS_SELECTOR, '#mine [data-zone="hand"] button.card')}
        assert hand == {c for c in view.zones()[f"hand/{seat.seat}"]}
        assert "Your turn" in browser.find_element(By.ID, "turn").text
        SHOTS.mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(SHOTS / "phone-turn.png"))
        wanted = next(a for a in legal if a.cards)
        for c in wanted.cards:
            browser.find_element(By.CSS_SELECTOR, f'#mine button.card[data-id="{c}"]').click()
        button = _wait_for(lambda: browser.find_elements(
            By.CSS_SELECTOR, f'#actions button[data-action="{legal.index(wanted)}"]'))[0]
        browser.save_screenshot(str(SHOTS / "phone-selected.png"))
        button.click()
        action = _wait_for(seat.poll)
        assert action == wanted
        before = fingerprint(state)
        state.apply(action)
        assert fingerprint(state) != before
        seat.see(state.view(seat.seat), [])
        _wait_for(lambda: "Your turn" not in browser.find_element(By.ID, "turn").text)
        browser.save_screenshot(str(SHOTS / "phone-after.png"))
    finally:
        browser.quit()
        server.stop()


@pytest.fixture(autouse=True)
def _needs_chromium() -> None:
    missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not Path(p).exists()]
    assert not missing, f"install Debian's chromium and chromium-driver (.ci/run does): missing {missing}"
