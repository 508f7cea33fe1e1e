"""Headless Debian Chromium as a phone, for the browser tests and the screenshots: a page opened at
an exact phone viewport, a check of what a person would see on it, and taps where a thumb would."""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
SHOTS = Path(os.environ.get("CARDTABLE_SHOTS", "out/phone"))


def browser():
    """Chromium on its own throwaway profile; close it with ``close_browser``, which also removes
    the profile (some 2.5 MB left in the temp folder by every run otherwise)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    os.environ.setdefault("SE_OFFLINE", "true")  # never let selenium fetch a driver
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="cardtable-chromium-")
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--window-size=420,900",
                 f"--user-data-dir={profile}"):
        opts.add_argument(flag)
    try:
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
    except Exception:
        shutil.rmtree(profile, ignore_errors=True)
        raise
    driver.cardtable_profile = profile
    # CSS animations play out at once (they still start and end, as the page asks): the bar's flash
    # on every "Your turn" repainted it for 1.2 s, some 0.2 s of the renderer's CPU a turn and most
    # of what the whole games on a phone cost. It holds for every page this browser opens.
    driver.execute_cdp_cmd("Animation.setPlaybackRate", {"playbackRate": ANIMATION_RATE})
    return driver


def close_browser(driver) -> None:
    """Quit the browser and remove the profile it was started on."""
    try:
        driver.quit()
    finally:
        _remove_profile(getattr(driver, "cardtable_profile", None))


def _remove_profile(made: str | None) -> None:
    """Remove the throwaway profile ``browser`` made (nothing, where none was made)."""
    if not made:
        return
    profile = Path(made)
    # Chromium's last processes may still write to it after quit returns: a few tries
    for _ in range(10):
        shutil.rmtree(profile, ignore_errors=True)
        if not profile.exists():
            return
        time.sleep(0.1)


ANIMATION_RATE = 1000.0
"""How many times faster than real time the page's animations run in the tests."""


def phone_size(driver, width: int, height: int) -> None:
    """The page's viewport exactly ``width`` x ``height`` CSS pixels, as on a phone (touch, mobile)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})


def wait_for(pred, timeout: float = 10.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = pred()
        if found:
            return found
        time.sleep(0.03)
    raise AssertionError("timed out")


PAGE_WAIT = """
const [timeout] = arguments, done = arguments[arguments.length - 1], start = performance.now();
(function look() {
  let got = null;
  try { got = (() => (%s))(); } catch (e) { got = null; }
  if (got) done(got);
  else if (performance.now() - start > timeout) done(null);
  else setTimeout(look, 10);
})();
"""


def page_wait(driver, expression: str, timeout: float = 10.0):
    """The value of the page's JavaScript ``expression`` once it is true (a node comes back as the
    driver's element), waited for in the page itself: one ask of the browser, where a poll from
    here asks it every 30 ms (some 2.5 ms of its CPU each)."""
    found = driver.execute_async_script(PAGE_WAIT % expression, timeout * 1000)
    if not found:
        raise AssertionError(f"timed out waiting for {expression}")
    return found


LAYOUT_CHECK = """
const vw = innerWidth, vh = innerHeight, out = [];
const inside = (r) => r.left >= -0.5 && r.top >= -0.5 && r.right <= vw + 0.5 && r.bottom <= vh + 0.5;
const doc = document.scrollingElement;
if (doc.scrollWidth > vw + 0.5) out.push(`the page scrolls sideways: ${doc.scrollWidth} > ${vw}`);
if (doc.scrollHeight > vh + 0.5) out.push(`the page scrolls: ${doc.scrollHeight} > ${vh}`);
for (const id of ["turn", "prompt"]) {
  const e = document.getElementById(id);
  if (e.textContent && !inside(e.getBoundingClientRect())) out.push(`#${id} is off the screen`);
}
for (const b of document.querySelectorAll("#actions button")) {
  if (!inside(b.getBoundingClientRect())) out.push(`the move "${b.textContent}" is off the screen`);
  if (b.scrollWidth > b.clientWidth + 1) out.push(`the move "${b.textContent}" overflows its button`);
}
for (const c of document.querySelectorAll(".card")) {
  const lbl = c.querySelector(".lbl");
  if (!lbl) continue;
  const r = c.getBoundingClientRect(), l = lbl.getBoundingClientRect();
  if (l.left < r.left - 0.5 || l.right > r.right + 0.5 || l.top < r.top - 0.5 || l.bottom > r.bottom + 0.5)
    out.push(`the label ${c.getAttribute("aria-label")} spills out of its card`);
}
for (const c of document.querySelectorAll(".card, .count, .seat, .zone")) {
  const r = c.getBoundingClientRect();
  if (r.width && (r.left < -0.5 || r.right > vw + 0.5))
    out.push(`${c.className} ${c.getAttribute("aria-label") || c.textContent} is past the screen's side`);
}
return out;
"""


def layout_faults(driver) -> list[str]:
    """What a person could not see or reach without scrolling, or a label spilling out of its card."""
    return list(driver.execute_script(LAYOUT_CHECK))


def page_state(driver) -> dict[str, Any] | None:
    return driver.execute_script("return typeof state === 'undefined' ? null : state")


def tap(driver, element, size: tuple[float, float] | None = None) -> None:
    """A tap near the element's top-left corner: where a card's corner shows in a fan (``size``, its
    width and height when the caller has them, spares asking the browser)."""
    from selenium.webdriver.common.action_chains import ActionChains

    w, h = size or (element.size["width"], element.size["height"])
    w, h = int(w), int(h)
    # duration 0: selenium's pointer otherwise glides for 250 ms, every step an event the page handles
    ActionChains(driver, duration=0).move_to_element_with_offset(element, -w // 2 + min(8, w // 4),
                                                     -h // 2 + min(10, h // 4)).click().perform()


FIND_SIZED = """
const e = document.querySelector(arguments[0]);
if (!e) return null;
const r = e.getBoundingClientRect();
return [e, r.width, r.height];
"""


def tap_token(driver, tok: str) -> None:
    """Tap the card, slot or pick that is ``tok`` on the page (found and measured in one ask: the
    page redraws what a tap changed, and may give a card a new node, so each tap looks it up again)."""
    found = driver.execute_script(FIND_SIZED, f'[data-tok="{tok}"]')
    if found is None:
        raise AssertionError(f"nothing on the page is {tok}")
    tap(driver, found[0], (found[1], found[2]))


TAPS_THEN_PRESS = """
const [taps, chosen] = arguments;
// A tap as a thumb makes it: on whatever is on top at that point of the screen (a covered or
// off-screen card or button is never reached), near a card's top-left corner where it shows in a
// fan, in the middle of a button. The page redraws what each changed.
const tapAt = (x, y) => {
  const hit = document.elementFromPoint(x, y);
  if (hit) hit.click();
  return hit;
};
for (const tok of taps) {
  const e = document.querySelector(`[data-tok="${tok}"]`);
  if (!e) return {missing: tok};
  const r = e.getBoundingClientRect(), w = Math.trunc(r.width), h = Math.trunc(r.height);
  const hit = tapAt(r.left + Math.min(8, Math.trunc(w / 4)), r.top + Math.min(10, Math.trunc(h / 4)));
  if (!hit || !e.contains(hit)) return {covered: tok, hit: hit && hit.outerHTML.slice(0, 80)};
}
const button = document.querySelector(`#actions button[data-action="${chosen}"]`);
if (!button) return {picked: [...selected]};
const faults = (() => {""" + LAYOUT_CHECK + """})();
if (faults.length) return {faults};
const r = button.getBoundingClientRect(), hit = tapAt(r.left + r.width / 2, r.top + r.height / 2);
if (hit !== button) return {covered: "the button", hit: hit && hit.outerHTML.slice(0, 80)};
return null;
"""
"""Tap the cards and places of a move, check the page, then press the move's button, all in one
ask of the browser (arguments: the taps, the move's number). Null when done, else what went wrong:
each ask costs the browser and its driver some 4 ms of CPU, and a tap through the driver's pointer
three or four of them (a whole turn of a whole game cost some 60 ms of Chromium's CPU that way)."""


def tokens_of(action: dict[str, Any]) -> list[str]:
    """The taps that choose ``action`` on the page (its cards, its place in a row, its blind pick)."""
    out = [f"c:{c}" for c in action["cards"]]
    if action.get("slot"):
        out.append(f"s:{action['slot']}")
    if action.get("pick"):
        out.append(f"p:{action['pick']['seat']}:{action['pick']['at']}")
    return out
