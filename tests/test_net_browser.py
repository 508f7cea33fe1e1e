"""The phone page in a real browser (issues 18 and 24): headless Chromium at real phone sizes plays
whole games of every game against bots, and on every turn the prompt and every offered move are on
the screen without scrolling and no card's label spills out of its card; a reload keeps the seat;
a phone back online never takes the seat from the one in its player's hand."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from phone_browser import (
    CHROMEDRIVER,
    CHROMIUM,
    LAYOUT_CHECK,
    SHOTS,
    TAPS_THEN_PRESS,
    browser,
    close_browser,
    layout_faults,
    page_state,
    page_wait,
    phone_size,
    tap_token,
    tokens_of,
    wait_for,
)

from cardtable.ai import make_bot
from cardtable.engine.cards import card_name, parse_card
from cardtable.engine.protocol import Action
from cardtable.games import games, get_game, layout_of, teller_of
from cardtable.net.seat import PhoneSeat
from cardtable.net.server import PhoneServer
from cardtable.runner.drivers import InProcessBot
from cardtable.runner.loop import Applied, Bare, MatchLoop

SIZES = [(360, 640), (390, 844)]
TURN_LIMIT = 400
"""Phone turns a game may take before the test calls it stuck."""
SEEDS = {"cersei": (44, 37), "cunt-soul": (1, 53), "fscking-ace": (46, 57), "shithead": (0, 45),
         "takku-sum": (9, 45)}
"""A deal per game and size (the phone's moves random from the same seed, today's bots beside it):
among the first 60 deals, short whole games (11-33 phone turns) in which the phone is offered every
kind of move in OFFERED, with move lists, hands, piles and banked cards as long as the longest of
the 25-50-turn games these replaced (Shithead's 35-card hand and 98 moves; Cersei's blind pick of
36 at the small size, where the old deals had none at the larger)."""
OFFERED = {"cersei": {"assassinate", "flip"},
           "cunt-soul": {"burn_up", "change_field", "choose", "declare", "face_up", "field", "no_swap",
                         "pickup", "play", "play_down", "swap_down"},
           "fscking-ace": {"end_sitting", "flip", "next_round", "stop"},
           "shithead": {"arrange", "pickup", "play"},
           "takku-sum": {"draw_for_first", "grace", "pass", "play"}}
"""Every kind of move each game offers a phone in its seeded games (checked: a change of bots that
leaves one out fails the test, rather than quietly testing less)."""


@pytest.fixture(scope="module")
def chromium():
    missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not Path(p).exists()]
    assert not missing, f"install Debian's chromium and chromium-driver (.ci/run does): missing {missing}"
    SHOTS.mkdir(parents=True, exist_ok=True)
    b = browser()
    yield b
    close_browser(b)


PICKS = 64
"""Moves offered at most for the page to choose by itself (more: the test chooses, in a second ask)."""

TURN = """
const [version, picks] = arguments, done = arguments[arguments.length - 1], start = performance.now();
// The taps that choose a move, from the move as the table offered it (not the page's own reading).
const tokens = (a) => a.cards.map((c) => "c:" + c).concat(a.slot ? ["s:" + a.slot] : [],
                                                          a.pick ? [`p:${a.pick.seat}:${a.pick.at}`] : []);
(function look() {
  if (typeof state === "undefined" || state === null || !state.my_turn || state.v !== version) {
    if (performance.now() - start > 10000) done(null);
    else setTimeout(look, 5);
    return;
  }
  const actions = state.actions, faults = (() => {""" + LAYOUT_CHECK + """})();
  if (faults.length || actions.length > picks.length) { done({actions, faults}); return; }
  const action = actions[picks[actions.length - 1]], taps = tokens(action);
  const wrong = (function () {""" + TAPS_THEN_PRESS + """}).apply(null, [taps, action.i]);
  done({actions, faults, taps, chosen: action.i, wrong});
})();
"""
"""A phone's whole turn in one ask of the browser (arguments: the offer's version, the move to choose
for each number of moves offered): wait on the page for the offer, check what it shows, choose the
move, tap its cards and places, check again and press its button. Its answer: the moves offered,
the layout's faults, and, when it chose, the taps, the move and what went wrong (null when nothing).
Each ask costs the browser and its driver some 2.5 ms of CPU; a turn took two."""


def _join(b) -> None:
    """The one tap that joins (and lets the page make a sound on the player's turn)."""
    page_wait(b, "!$('overlay').hidden && !$('overlay-button').hidden && $('overlay-button')").click()
    # The tap unlocked the page's sound; a running AudioContext keeps the browser some 6% of a core
    # busy for the rest of the test, and no test here listens. Suspended, the page still plays it.
    page_wait(b, "$('overlay').hidden && (audio && audio.suspend(), true)")


def _play_turn(b, seat: PhoneSeat, rng: random.Random, where: str) -> dict:
    """Check the page as it offers a turn, then choose a move by tapping as a player would."""

    # The page waits for the offer itself and is checked the moment it has drawn it, and chooses
    # the move ``rng`` would choose (each of its answers for 1 to PICKS moves drawn from a copy of
    # ``rng``; then ``rng`` itself draws, so the games are the same as when this side chose).
    # (one copy, wound back to the stream's state for each count: a new Random seeds itself from
    # the system's entropy, some 40 µs each, 64 a turn)
    picks, copy, state = [], random.Random(0), rng.getstate()
    for n in range(1, PICKS + 1):
        copy.setstate(state)
        picks.append(copy.choice(range(n)))
    got = b.execute_async_script(TURN, seat.version, picks)
    assert got is not None, f"{where}: the page was never offered its turn"
    assert not got["faults"], f"{where}, offered: {got['faults']}"
    action = rng.choice(got["actions"])
    taps = tokens_of(action)
    if "chosen" in got:
        assert got["chosen"] == action["i"] and got["taps"] == taps
        wrong = got["wrong"]
    else:  # more moves than the page was told how to choose from
        wrong = b.execute_script(TAPS_THEN_PRESS, taps, action["i"])
    if wrong is not None and "picked" in wrong:
        raise AssertionError(f"{where}: tapping {taps} for {action['words']} chose {wrong['picked']}")
    assert wrong is None, f"{where}, chosen {action['words']} by tapping {taps}: {wrong}"
    return action


def _whole_game(b, name: str, seed: int, size: tuple[int, int], server: PhoneServer | None = None,
                games_before: int = 0) -> int:
    """One whole game with the phone at seat 0 beside bots; the phone's turns it took. ``server``:
    the table's phone server for seat 0 (else one of its own); ``games_before``: the games it has
    shown that phone already (the page is open: this is a Play again on the same phone)."""
    game = games()[name]
    n = min(game.max_players, 3)
    state = game.new_state([f"P{i + 1}" for i in range(n)], None, seed)
    own = server is None
    if server is None:
        server = PhoneServer([0], host="127.0.0.1", rate=10_000)
        server.start()
    phone = PhoneSeat(server, 0, layout_of(game), teller_of(game), games_before)
    drivers = [phone] + [InProcessBot(make_bot(name, "heuristic", s)) for s in range(1, n)]
    phone.see(state.view(0), [])
    loop = MatchLoop(Bare(state), drivers)
    rng = random.Random(seed)
    turns = 0
    offered: set[str] = set()
    try:
        if not games_before:  # its first game: the page is opened and joined
            b.get(server.url(0))
            _join(b)
        while not state.is_over:
            assert turns < TURN_LIMIT, f"{name} did not end"
            if state.to_move == 0:
                loop.step()  # the phone is offered its turn
                offered |= {a.kind for a in phone.legal}
                _play_turn(b, phone, rng, f"{name} at {size}, turn {turns}")
                turns += 1
                if turns == 3:
                    b.save_screenshot(str(SHOTS / f"{name}-{size[0]}x{size[1]}.png"))
            end = time.monotonic() + 10
            while not isinstance(loop.step(), Applied):
                assert time.monotonic() < end, f"{name}: seat {state.to_move} never moved"
                time.sleep(0.002)
        print(f"{name} at {size}: {turns} phone turns")
        assert offered >= OFFERED.get(name, set()), f"{name} never offered {OFFERED[name] - offered}"
        over = wait_for(lambda: b.execute_script(OVER, phone.version))
        assert over["results"] and over["turn"] == "Game over" and over["title"] == game.title, over
        assert not over["faults"], over["faults"]
        assert over["log"]["first"] == over["log"]["newest"], over["log"]  # newest first, at every end
        b.save_screenshot(str(SHOTS / f"{name}-{size[0]}x{size[1]}-over.png"))
    finally:
        if own:
            server.stop()
    return turns


OVER = """
if (typeof state === "undefined" || state === null || state.v !== arguments[0] || !state.result) return null;
const res = document.getElementById("results");
return {results: !res.hidden && res.getBoundingClientRect().height > 0,
        turn: document.getElementById("turn").textContent,
        title: document.getElementById("title").textContent,
        // the last moves newest first (their heading says so)
        log: {first: $("log").firstChild && $("log").firstChild.textContent,
              newest: state.log.length ? state.log[state.log.length - 1] : null},
        faults: (() => {""" + LAYOUT_CHECK + """})()};
"""
"""Once the page shows the last picture of a game (arguments: its version): the results shown, the
bar's words, the game's title, the layout's faults (one ask of the browser)."""


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_whole_games_of_every_game_played_from_a_phone_keep_every_move_in_view(chromium, size) -> None:
    """Every game on one page, one after the other, as Play again brings the next game to the same
    phones: the page is loaded and joined once a size."""
    b = chromium
    phone_size(b, *size)
    only = os.environ.get("CARDTABLE_PHONE_GAMES", "")  # a comma list, to look at a few games
    server = PhoneServer([0], host="127.0.0.1", rate=10_000)
    server.start()
    try:
        played = 0
        for name in sorted(games()):
            if not only or name in only.split(","):
                seed = SEEDS.get(name, (5, 6))[SIZES.index(size)]
                assert _whole_game(b, name, seed, size, server, played) > 0
                played += 1
    finally:
        server.stop()


def test_a_whole_game_held_sideways_keeps_every_move_in_view(chromium) -> None:
    phone_size(chromium, 640, 360)
    assert _whole_game(chromium, "shithead", 0, (640, 360)) > 0


def test_landscape_keeps_the_moves_in_view(chromium) -> None:
    b = chromium
    game = get_game("cunt-soul")
    state = game.new_state(["Ann", "Bea", "Cat"], None, 9)
    seat = state.to_move
    server = PhoneServer([seat], host="127.0.0.1")
    server.start()
    phone = PhoneSeat(server, seat, layout_of(game), teller_of(game))
    view = state.view(seat)
    phone.offer(view, view.legal_actions())
    try:
        for size in ((640, 360), (844, 390)):
            phone_size(b, *size)
            b.get(server.url(seat))
            _join(b)
            page_wait(b, "state && state.my_turn")
            b.save_screenshot(str(SHOTS / f"landscape-{size[0]}x{size[1]}.png"))  # to look at, faults or not
            assert not layout_faults(b), size
    finally:
        server.stop()


def test_a_reload_keeps_the_seat_and_a_phone_back_online_asks_before_taking_it(chromium) -> None:
    from selenium.webdriver.common.by import By

    b = chromium
    phone_size(b, 360, 640)
    game = get_game("shithead")
    state = game.new_state(["Ann", "Bea"], None, 3)
    server = PhoneServer([0], host="127.0.0.1")
    server.start()
    phone = PhoneSeat(server, 0, layout_of(game), teller_of(game))
    phone.see(state.view(0), [])
    from phone_client import Phone

    try:
        b.get(server.url(0))
        _join(b)
        wait_for(lambda: server.connected() == {0})
        b.refresh()  # a reload: the same device, reconnecting without a scan
        page_wait(b, "state")
        wait_for(lambda: server.connected() == {0})
        assert not b.find_element(By.ID, "overlay-button").text.startswith("Take")
        _join(b)
        # Asleep: the connection drops; the page comes back by itself as the same device.
        b.execute_script("socket.close()")
        page_wait(b, "socket !== null && socket.readyState === 1 && socket.url.endsWith('c=0')")
        wait_for(lambda: server.connected() == {0})
        assert not b.find_element(By.ID, "overlay").is_displayed()
        # Another device opens the address: this page is told, and waits for a tap.
        other = Phone(server.url(0) + "?d=another&c=1")
        text = page_wait(b, "$('overlay-text').textContent.includes('another device') && "
                            "$('overlay-text').textContent")
        assert "Take this seat back?" in text
        time.sleep(2.5)  # it does not come back on its own
        other.send({"t": "hello"})
        assert other.until(lambda m: m.get("t") == "state")["seat"] == 0
        assert server.connected() == {0}
        b.refresh()  # nor on a reload: it asks again
        page_wait(b, "$('overlay-text').textContent.includes('another device')")
        b.find_element(By.ID, "overlay-button").click()  # the tap takes it back
        assert other.until(lambda m: m.get("t") == "taken")
        wait_for(lambda: (page_state(b) or {}).get("seat") == 0 and server.connected() == {0})
        other.close()
        # The table closes: the page says so and stops trying.
        server.stop()
        page_wait(b, "$('overlay-text').textContent.includes('closed')")
    finally:
        server.stop()


def test_a_phone_browser_shows_the_hand_and_plays_a_whole_turn(chromium) -> None:
    from selenium.webdriver.common.by import By

    from cardtable.engine.fingerprint import fingerprint

    b = chromium
    phone_size(b, 390, 844)
    game = get_game("shithead")
    state = game.new_state(["Ann", "Bea"], None, 3)
    server = PhoneServer([state.to_move], host="127.0.0.1")
    server.start()
    seat = PhoneSeat(server, state.to_move, layout_of(game), teller_of(game))
    view = state.view(seat.seat)
    legal = view.legal_actions()
    seat.offer(view, legal)
    try:
        b.get(server.url(seat.seat))
        _join(b)
        page_wait(b, "document.querySelector('#hand .card')")
        hand = {int(e.get_attribute("data-id")) for e in b.find_elements(By.CSS_SELECTOR, "#hand .card")}
        assert hand == set(view.zones()[f"hand/{seat.seat}"])
        assert "Your turn" in b.find_element(By.ID, "turn").text
        SHOTS.mkdir(parents=True, exist_ok=True)
        b.save_screenshot(str(SHOTS / "phone-turn.png"))
        wanted = next(a for a in legal if a.cards)
        for c in wanted.cards:
            tap_token(b, f"c:{c}")
        button = wait_for(lambda: b.find_elements(
            By.CSS_SELECTOR, f'#actions button[data-action="{legal.index(wanted)}"]'))[0]
        b.save_screenshot(str(SHOTS / "phone-selected.png"))
        button.click()
        assert wait_for(seat.poll) == wanted
        # The table refuses it (as a lesson or a rule the offer missed would) and offers the turn
        # again: the reason stays on the bar, the chosen cards stay chosen, a second press sends it.
        seat.refused(wanted, "Not that one now.")
        page_wait(b, f"state.v === {seat.version} && state.my_turn")
        assert b.find_element(By.ID, "message").text == "Not that one now."
        b.find_element(By.CSS_SELECTOR, f'#actions button[data-action="{legal.index(wanted)}"]').click()
        action = wait_for(seat.poll)
        assert action == wanted
        before = fingerprint(state)
        state.apply(action)
        assert fingerprint(state) != before
        seat.see(state.view(seat.seat), [])
        page_wait(b, "!$('turn').textContent.includes('Your turn')")
        assert b.find_element(By.ID, "message").text == ""  # the turn is over: so is its reason
        b.save_screenshot(str(SHOTS / "phone-after.png"))
    finally:
        server.stop()


def test_a_retired_code_says_so_on_the_phone_and_stops_trying(chromium) -> None:
    from selenium.webdriver.common.by import By

    b = chromium
    phone_size(b, 360, 640)
    game = get_game("takku-sum")
    state = game.new_state(["Ann", "Bea"], None, 2)
    server = PhoneServer([1], host="127.0.0.1")
    server.start()
    phone = PhoneSeat(server, 1, layout_of(game), teller_of(game))
    phone.see(state.view(1), [])
    try:
        old = server.url(1)
        b.get(old)
        _join(b)
        wait_for(lambda: server.connected() == {1})
        server.renew(1)  # someone at the screen asked for Bea's code: a new one
        page_wait(b, "$('overlay-text').textContent.includes('new code')")
        assert not b.find_element(By.ID, "overlay-button").is_displayed(), "nothing to tap: scan again"
        b.refresh()  # the old address, reloaded: the table answers 403 with a word of what to do
        assert "opens no seat" in b.find_element(By.TAG_NAME, "body").text
        # A page that was away when its code changed finds out when it tries to come back.
        b.get(server.url(1))
        _join(b)
        wait_for(lambda: server.connected() == {1})
        b.execute_script("socket.onclose = null; socket.close();")
        wait_for(lambda: server.connected() == set())
        server.renew(1)
        b.execute_script("probe()")
        page_wait(b, "$('overlay-text').textContent.includes('no longer opens a seat')")
        time.sleep(2)
        assert server.connected() == set() and not b.execute_script("return socket.readyState === 1")
    finally:
        server.stop()


def _a_card_kept_through_a_turn(game, seed: int):
    """A 2-seat position (seat 0 to move, every seat playing its first move until then), a one-card
    play of seat 0 (``z``) and a card of its hand that it may play alone both before ``z`` and on its
    next turn after the other seat's reply: the position, ``z`` and that card."""
    state = game.new_state(["Ann", "Bea"], None, seed)

    def alone(view) -> set[int]:
        return {a.cards[0] for a in view.legal_actions() if len(a.cards) == 1 and a.kind == "play"}

    while not state.is_over:
        view = state.view(0)
        if state.to_move == 0:
            for z in (a for a in view.legal_actions() if len(a.cards) == 1):
                then = state.clone()
                then.apply(z)
                while not then.is_over and then.to_move != 0:
                    then.apply(then.view(then.to_move).legal_actions()[0])
                kept = (alone(view) & alone(then.view(0))) - set(z.cards) if not then.is_over else set()
                if kept:
                    return state, z, min(kept)
        state.apply(state.view(state.to_move).legal_actions()[0])
    raise AssertionError("no such position")


WATCH_HAND = """
for (const e of document.querySelectorAll('#hand .card')) e._before = true;
window._came = []; window._went = [];
new MutationObserver((records) => {
  for (const r of records) {
    for (const n of r.addedNodes) window._came.push(Number(n.dataset.id));
    for (const n of r.removedNodes) window._went.push(Number(n.dataset.id));
  }
}).observe(document.getElementById('hand'), {childList: true});
"""
"""Marks the hand's card nodes as they are now and notes every card node added to or removed from it."""


def test_a_choice_half_made_survives_the_tables_news_and_only_the_cards_that_came_or_went_change(
        chromium) -> None:
    """The table moving on while this phone has cards chosen (a move made for it at the screen, the
    other seat's reply, a new offer): the chosen card that is still in the hand stays chosen and is
    the same node on the screen; only the played card's node goes and only the drawn ones' come; a
    chosen card that left the hand is chosen no more."""
    from selenium.webdriver.common.by import By

    b = chromium
    phone_size(b, 390, 844)
    game = get_game("shithead")
    state, z, kept = _a_card_kept_through_a_turn(game, 4)
    server = PhoneServer([0], host="127.0.0.1")
    server.start()
    phone = PhoneSeat(server, 0, layout_of(game), teller_of(game))

    def table_moves(first) -> None:
        """``first`` played for seat 0 at the table, then the other seat's replies, then the offer."""
        phone.see(state.view(0), state.apply(first))
        while state.to_move != 0:
            phone.see(state.view(0), state.apply(state.view(state.to_move).legal_actions()[0]))
        view = state.view(0)
        phone.offer(view, view.legal_actions())
        page_wait(b, f"state && state.v === {phone.version}")

    def hand() -> set[int]:
        return set(state.zones()["hand/0"])

    view = state.view(0)
    phone.offer(view, view.legal_actions())
    try:
        b.get(server.url(0))
        _join(b)
        page_wait(b, "state && state.my_turn")
        tap_token(b, f"c:{kept}")
        assert b.find_elements(By.CSS_SELECTOR, f'#hand .card.selected[data-id="{kept}"]')
        b.execute_script(WATCH_HAND)
        before = hand()
        table_moves(z)
        after = hand()
        assert z.cards[0] not in after and kept in after
        card = b.find_element(By.CSS_SELECTOR, f'#hand .card[data-id="{kept}"]')
        assert b.execute_script("return arguments[0]._before === true", card), "the chosen card drawn anew"
        assert "selected" in card.get_attribute("class").split()
        assert b.execute_script("return [...selected]") == [f"c:{kept}"]
        alone = [a for a in page_state(b)["actions"] if a["cards"] == [kept]]
        assert alone and b.find_elements(By.CSS_SELECTOR, f'#actions button[data-action="{alone[0]["i"]}"]')
        assert sorted(b.execute_script("return window._came")) == sorted(after - before)
        assert sorted(b.execute_script("return window._went")) == sorted(before - after)
        b.save_screenshot(str(SHOTS / "phone-kept-choice.png"))
        # The chosen card played for this seat at the table: it left the hand, so nothing is chosen.
        table_moves(next(a for a in state.view(0).legal_actions() if a.cards == (kept,)))
        assert kept not in hand()
        assert b.execute_script("return [...selected]") == []
        assert not b.find_elements(By.CSS_SELECTOR, "#hand .card.selected")
        one = all(len(a.cards) == 1 for a in state.view(0).legal_actions() if a.cards)
        assert b.find_element(By.CSS_SELECTOR, "#actions .hint").text == (
            "Tap a card to choose it." if one else "Tap cards to choose them.")
    finally:
        server.stop()


def test_the_assassins_pick_asks_for_one_card(chromium) -> None:
    """Walking a Cersei seat at 360x640: the Assassin's blind pick said "Tap cards to choose them."
    for a move of one card, and the player looked for more to tap."""
    from selenium.webdriver.common.by import By

    b = chromium
    game = get_game("cersei")
    state = game.new_state(["Ash", "Bea"], None, 2)
    while not (state.to_move == 0 and state.legal_actions()[0].kind == "assassinate"):
        state.apply(state.legal_actions()[0])
    server = _on_a_phone(b, state, 0, game, offer=True)
    try:
        page_wait(b, "state && state.my_turn && document.querySelector('#actions .hint')")
        assert b.find_element(By.CSS_SELECTOR, "#actions .hint").text == "Tap a card to choose it."
    finally:
        server.stop()


def test_a_tap_on_a_greyed_card_says_why_nothing_happens(chromium) -> None:
    """A card of the hand that makes no move now is greyed, and a tap on it did nothing at all: the
    table says why beside its cards, so the phone says so on its bar, until a card that can move is
    tapped (seen walking a 2-player Shithead game at 360x640: the 5 tapped on a 9). A face-up card
    greyed while the hand lasts says so too."""
    from selenium.webdriver.common.by import By

    b = chromium
    phone_size(b, 360, 640)
    game = get_game("shithead")
    state = game.new_state(["Ann", "Bea"], None, 3)
    for _ in range(200):  # first moves until Ann holds a card that may not go on the pile
        if state.to_move == 0:
            legal = state.legal_actions()
            moving = {c for a in legal for c in a.cards}
            off = [c for c in state.zones()["hand/0"] if c not in moving]
            if off and any(a.kind == "play" for a in legal):
                break
        state.apply(state.legal_actions()[0])
    assert state.to_move == 0 and off
    server = PhoneServer([0], host="127.0.0.1")
    server.start()
    seat = PhoneSeat(server, 0, layout_of(game), teller_of(game))
    seat.offer(state.view(0), state.view(0).legal_actions())
    try:
        b.get(server.url(0))
        _join(b)
        page_wait(b, "document.querySelector('#hand .card')")
        assert b.find_element(By.ID, "message").text == ""
        b.find_element(By.CSS_SELECTOR, f'#hand .card[data-id="{off[0]}"]').click()
        said = page_wait(b, "$('message').textContent")
        view = state.view(0)  # the game's own reason, as the table gives it
        assert said == f"Not allowed: {view.why_illegal(Action('play', (off[0],)))}."
        playable = next(a for a in legal if a.kind == "play").cards[0]
        tap_token(b, f"c:{playable}")
        page_wait(b, "$('message').textContent === ''")
        # a face-up card, greyed while the hand lasts, said nothing either
        up = state.zones()["up/0"][0]
        b.find_element(By.CSS_SELECTOR, f'#rows .card.idle[data-id="{up}"]').click()
        said = page_wait(b, "$('message').textContent")
        assert said == f"Not allowed: {view.why_illegal(Action('play', (up,)))}."
        assert seat.poll() is None  # nothing was sent: a greyed card is no move
    finally:
        server.stop()


def _on_a_phone(b, state, seat: int, game, offer: bool) -> PhoneServer:
    """``state`` on a phone at ``seat`` (offered its turn, or seen), its page open and joined at
    360x640; the caller stops the server."""
    phone_size(b, 360, 640)
    server = PhoneServer([seat], host="127.0.0.1")
    server.start()
    try:
        phone = PhoneSeat(server, seat, layout_of(game), teller_of(game))
        if offer:
            phone.offer(state.view(seat), state.view(seat).legal_actions())
        else:
            phone.see(state.view(seat), [])
        b.get(server.url(seat))
        _join(b)
    except BaseException:
        server.stop()
        raise
    return server


def _offered_on_a_phone(b, state, seat: int, game) -> PhoneServer:
    """``state`` offered to a phone at ``seat``, its page open and joined at 360x640."""
    server = _on_a_phone(b, state, seat, game, offer=True)
    page_wait(b, "state && state.my_turn && document.querySelector('#hand .card')")
    return server


def test_a_tap_on_a_card_when_no_card_moves_points_to_the_buttons(chromium) -> None:
    """Every card greyed, the turn a button (Takku-Sum's draw for the first player, a grace card or
    a pass): the tap on a card said 'the cards you can play are not greyed', and a player looked
    for one (seen walking a 3-player Takku-Sum game at 360x640)."""
    from selenium.webdriver.common.by import By

    b = chromium
    game = get_game("takku-sum")
    state = game.new_state(["Ann", "Bea", "Cal"], None, 3)
    seat = state.to_move
    legal = state.view(seat).legal_actions()
    assert legal and not any(a.cards for a in legal)
    server = _offered_on_a_phone(b, state, seat, game)
    try:
        card = page_wait(b, "state && state.my_turn && document.querySelector('#hand .card[aria-disabled]')")
        card.click()
        said = page_wait(b, "$('message').textContent")
        assert said == "No card of yours makes a move now: choose one of the buttons below."
        assert b.find_elements(By.CSS_SELECTOR, "#actions button[data-action]")
    finally:
        server.stop()


SEAT_ROW = """
const row = document.querySelector(`#seats .seat:nth-child(${arguments[0]}) .row`);
return [...row.children].filter((e) => !e.classList.contains("card") && !e.classList.contains("what"))
  .map((e) => {
    const r = e.getBoundingClientRect();
    return [e.textContent, r.left, r.right, r.top, r.bottom];
  });
"""
"""The words after a seat's shown cards in its first row: each element's text and its box (left,
right, top, bottom)."""


def _banked_piles():
    """A 3-player Fscking Ace round, Ann to move, after bots' moves: Ann has banked 3 cards, Cal 7."""
    game = get_game("fscking-ace")
    state = game.new_state(["Ann", "Bea", "Cal"], None, 0)
    bots = [make_bot("fscking-ace", "heuristic", s) for s in range(3)]
    for _ in range(26):
        state.apply(bots[state.to_move].choose(state.view(state.to_move)))
    assert state.to_move == 0 and len(state.zones()["scored/0"]) == 3 and len(state.zones()["scored/2"]) == 7
    return game, state


@contextmanager
def _banked_on_a_phone(b, offer: bool, ready: str) -> Iterator[None]:
    """``_banked_piles``' position on Ann's phone (her turn offered or only seen), once ``ready``
    holds in the page; the server stops after the caller's checks."""
    game, state = _banked_piles()
    server = _on_a_phone(b, state, 0, game, offer=offer)
    try:
        page_wait(b, f"state && {ready}")
        yield
    finally:
        server.stop()


def test_a_seats_hidden_cards_and_its_pile_badge_read_apart(chromium) -> None:
    """Fscking Ace: a seat's banked pile longer than the six cards shown. Its count of the others and
    the game's badge (cards and worth) ran together as '+2 8 · $24' (seen walking a 4-player game at
    360x640); they are two things with a gap between."""
    b = chromium
    game, state = _banked_piles()
    server = _on_a_phone(b, state, 0, game, offer=False)
    try:
        page_wait(b, "state && document.querySelectorAll('#seats .seat').length === 2")
        (more, *more_box), (badge, *badge_box) = b.execute_script(SEAT_ROW, 2)
        assert more == "+1" and badge.startswith("7 · $")
        beside, below = badge_box[0] - more_box[1] >= 3, badge_box[2] >= more_box[3]
        assert beside or below, (more_box, badge_box)
    finally:
        server.stop()


def test_the_players_own_banked_pile_shows_its_worth(chromium) -> None:
    """Fscking Ace: every other seat's banked pile had its badge (cards and worth) on the phone, the
    player's own none: a newcomer deciding whether to stop and bank could not see what their pile
    was worth (seen walking a 4-player game at 360x640)."""
    b = chromium
    with _banked_on_a_phone(b, offer=False, ready="document.querySelector('#rows .zone')"):
        shown = b.execute_script("return [...document.querySelectorAll('#rows .badge')]"
                                 ".map((e) => e.textContent)")
        worth = page_state(b)["panel"]["badges"]["scored/0"]
        assert shown == [worth] and worth.startswith("3 · $")
        assert not layout_faults(b)


def test_banked_cards_are_not_greyed_on_the_players_own_turn(chromium) -> None:
    """Fscking Ace, Ann to flip with three cards banked: on her turn the banked cards were dimmed
    like unplayable ones and read as cards lost (seen walking the phone page); they keep their
    colours, while the pack's flip is offered."""
    b = chromium
    with _banked_on_a_phone(b, offer=True,
                            ready="state.my_turn && document.querySelectorAll('#rows .card').length === 3"):
        looks = b.execute_script("return [...document.querySelectorAll('#rows .card')]"
                                 ".map((e) => [e.className, getComputedStyle(e).filter])")
        assert len(looks) == 3
        for cls, bright in looks:
            assert "idle" not in cls.split() and bright == "none", (cls, bright)


LOG_SHOWN = """
const head = $("log-head");
return {head: head && !head.hidden ? head.textContent : "",
        lines: [...document.querySelectorAll("#log li")].map((li) => li.textContent),
        markers: [...document.querySelectorAll("#log li")].map((li) => getComputedStyle(li).listStyleType)};
"""


def test_the_last_moves_say_they_run_newest_first_and_are_not_counted(chromium) -> None:
    """Cersei's round told on the phone newest first but numbered 1 to 6 from the newest: read down,
    the round ended before its values were counted (seen walking a 3-player game at 360x640)."""
    b = chromium
    phone_size(b, 360, 640)
    game = get_game("cersei")
    state = game.new_state(["Ann", "Bea", "Cal"], None, 44)
    server = PhoneServer([0], host="127.0.0.1")
    server.start()
    phone = PhoneSeat(server, 0, layout_of(game), teller_of(game))
    told: list[str] = []
    while len(told) < 6:
        events = state.apply(state.legal_actions()[0])
        told += [e.text for e in events if e.text]
        phone.see(state.view(0), events)
    try:
        b.get(server.url(0))
        _join(b)
        shown = page_wait(b, f"state && state.v === {phone.version} && (() => {{{LOG_SHOWN}}})()")
        assert shown["lines"] == phone.log[::-1] and phone.log == told[-6:]
        assert shown["head"] == "Last moves, newest first"
        assert not {"decimal", "decimal-leading-zero"} & set(shown["markers"]), shown["markers"]
    finally:
        server.stop()


CONTRAST = """
// The WCAG contrast of each pile count's text with what lies behind it (its own background, else the
// nearest one under it that is not transparent).
const lum = (c) => {
  const [r, g, b] = c.match(/[\\d.]+/g).slice(0, 3).map((v) => {
    const x = Number(v) / 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const opaque = (c) => !/rgba\\(.*, 0\\)$/.test(c) && c !== "transparent";
return [...document.querySelectorAll(".stack-count")].map((e) => {
  let under = e;
  while (under && !opaque(getComputedStyle(under).backgroundColor)) under = under.parentElement;
  const [a, b] = [lum(getComputedStyle(e).color), lum(getComputedStyle(under).backgroundColor)];
  return [e.textContent, (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)];
});
"""


def test_a_piles_count_can_be_read_on_a_face_up_card(chromium) -> None:
    """Fscking Ace's discards: the pile's count was white on the top card's white face (seen walking
    Takku-Sum and Fscking Ace at 360x640: a '4' hardly there); every pile's count reads at WCAG's
    4.5:1 against what lies behind it, on a face-up card and on a card's back."""
    b = chromium
    game, state = _banked_piles()
    server = _on_a_phone(b, state, 0, game, offer=False)
    try:
        page_wait(b, "state && document.querySelector('.stack-count')")
        counts = dict(b.execute_script(CONTRAST))
        assert set(counts) == {str(len(state.zones()["pack"])), str(len(state.zones()["discard"]))}
        assert all(ratio >= 4.5 for ratio in counts.values()), counts
    finally:
        server.stop()


CHOSEN_AND_BAR = """
return {chosen: [...selected],
        buttons: [...document.querySelectorAll("#actions button")].map((e) => e.textContent),
        hint: (document.querySelector("#actions .hint") || {}).textContent || ""};
"""


def test_a_second_card_that_makes_no_move_with_the_first_is_chosen_instead(chromium) -> None:
    """Takku-Sum at 360x640: a player tapped the 2♦, changed their mind and tapped the 6♦; both were
    chosen and the bar said 'Those cards make no move now'. As at the table, a card that makes no
    move with those chosen starts a new choice; one that does (the other 3 of a pair) joins them."""
    game = get_game("takku-sum")
    state = game.new_state(["Ann", "Bea", "Cal"], None, 3)
    for _ in range(7):  # each seat's first move, until Ann may play 2♦, 3♠, 3♥, the 3s or 6♦
        state.apply(state.legal_actions()[0])
    words = [state.view(0).describe(a) for a in state.legal_actions()]
    assert state.to_move == 0 and words == ["play 2♦", "play 3♠", "play 3♥", "play 3♠ 3♥", "play 6♦"]
    by_name = {card_name(c): c for c in state.zones()["hand/0"]}
    server = _offered_on_a_phone(chromium, state, 0, game)
    try:
        tap_token(chromium, f"c:{by_name['2♦']}")
        tap_token(chromium, f"c:{by_name['6♦']}")
        bar = chromium.execute_script(CHOSEN_AND_BAR)
        assert bar["chosen"] == [f"c:{by_name['6♦']}"] and bar["buttons"] == ["Play 6♦"], bar
        tap_token(chromium, f"c:{by_name['3♠']}")
        tap_token(chromium, f"c:{by_name['3♥']}")
        bar = chromium.execute_script(CHOSEN_AND_BAR)
        assert bar["buttons"] == ["Play 3♠ 3♥"], bar
    finally:
        server.stop()


def test_part_of_a_setup_says_how_many_cards_are_left_to_tap(chromium) -> None:
    """Shithead's setup puts three cards face up: with one tapped the bar said 'Those cards make no
    move now', as if the card were wrong; it says how many are left to tap."""
    game = get_game("shithead")
    state = game.new_state(["Ann", "Bea"], None, 3)
    seat = state.to_move
    first = state.legal_actions()[0]
    assert first.kind == "arrange" and len(first.cards) == 3
    server = _offered_on_a_phone(chromium, state, seat, game)
    try:
        tap_token(chromium, f"c:{first.cards[0]}")
        assert chromium.execute_script(CHOSEN_AND_BAR)["hint"] == "Tap 2 more cards to make a move."
        tap_token(chromium, f"c:{first.cards[1]}")
        assert chromium.execute_script(CHOSEN_AND_BAR)["hint"] == "Tap 1 more card to make a move."
        tap_token(chromium, f"c:{first.cards[2]}")
        bar = chromium.execute_script(CHOSEN_AND_BAR)
        words = state.view(seat).describe(first)
        assert bar["hint"] == "" and bar["buttons"] == [words[0].upper() + words[1:]], bar
    finally:
        server.stop()


def test_between_rounds_a_waiting_phone_says_what_the_opener_decides(chromium) -> None:
    """Fscking Ace, a round settled and Cal to choose whether to deal the next one: Ann's phone said
    only 'Cal to play', while nobody plays (seen walking a sitting at 360x640). It says what Cal
    decides (rule book, Table rulings: "the next opener chooses between dealing the next round and
    ending the sitting")."""
    b = chromium
    game = get_game("fscking-ace")
    state = game.new_state(["Ann", "Bea", "Cal"], None, 0)
    bots = [make_bot("fscking-ace", "heuristic", s) for s in range(3)]
    for _ in range(3000):
        if state.between_rounds() and state.to_move != 0:
            break
        state.apply(bots[state.to_move].choose(state.view(state.to_move)))
    assert state.between_rounds() and state.to_move not in (None, 0)
    who = state.names[state.to_move]
    server = _on_a_phone(b, state, 0, game, offer=False)
    try:
        page_wait(b, "state && document.getElementById('turn').textContent.length > 0")
        assert b.find_element("id", "turn").text == f"{who} decides: another round, or end the sitting"
        assert not layout_faults(b)
    finally:
        server.stop()


def test_a_tap_on_a_greyed_card_says_the_games_reason(chromium) -> None:
    """Walking a phone seat, a tap on a greyed card said only "the cards you can play are not
    greyed"; the table says the game's reason beside its cards (Shithead R9: equal or higher, or a
    2; up cards wait for the draw pile to go). The phone says it too."""
    from cardtable.games.shithead.positions import table as shithead_table

    b = chromium
    state = shithead_table(["7c 9d 2h", "4c 5c 6c"], up=["Kh Qh Jh", "Ks Qs Js"], pile="8s", draw="3d 4d")
    server = _offered_on_a_phone(b, state, 0, state.game)
    try:
        seven, king = parse_card("7c"), parse_card("Kh")
        page_wait(b, f"document.querySelector('#hand .card[data-id=\"{seven}\"][aria-disabled]')").click()
        said = page_wait(b, "$('message').textContent")
        assert said == "Not allowed: a 7 cannot go on an 8: play equal or higher (or a 2)."
        b.find_element("css selector", f"#rows .card[data-id=\"{king}\"]").click()
        said = page_wait(b, "$('message').textContent.includes('draw pile') && $('message').textContent")
        assert said == "Not allowed: up cards come into play only once the draw pile is gone."
    finally:
        server.stop()


def test_the_players_own_turn_before_it_is_offered_does_not_name_them_as_someone_else(chromium) -> None:
    """Walking a phone seat at 360x640 (session 18): while the table had not yet offered Ann her turn
    (a bot's move still landing on the big screen, a Shithead 'goes again'), Ann's own phone said
    'Ann to play', as if Ann were another player; it says the turn is hers and is coming."""
    b = chromium
    game = get_game("takku-sum")
    state = game.new_state(["Ann", "Bea", "Cal"], None, 3)
    seat = state.to_move
    server = _on_a_phone(b, state, seat, game, offer=False)
    try:
        said = page_wait(b, "state && $('turn').textContent")
        assert said == "Your turn in a moment…"
        assert not b.find_elements("css selector", "#actions button")
    finally:
        server.stop()


HAND_CORNERS = """
// Each hand card's corner (its rank and suit) against the card laid on it next in its row: how far
// the corner runs under that card (more than a pixel hides part of the rank: a 10 read '1').
const cards = [...document.querySelectorAll("#hand .card")], out = [];
for (const c of cards) {
  const r = c.getBoundingClientRect();
  const next = cards.find((o) => {
    const q = o.getBoundingClientRect();
    return Math.abs(q.top - r.top) < 1 && q.left > r.left + 0.5 && q.left < r.right;
  });
  const lbl = c.querySelector(".lbl");
  if (!next || !lbl) continue;
  const under = lbl.getBoundingClientRect().right - next.getBoundingClientRect().left;
  if (under > 1) out.push([c.getAttribute("aria-label"), Math.round(under * 10) / 10]);
}
return out;
"""


def test_a_tens_corner_is_not_hidden_under_the_next_card_in_the_hand(chromium) -> None:
    """Walking Cunt-Soul on a phone at 360x640 (session 18): nine cards in the hand, the next card
    lay over the 10♥'s and the 10♦'s second digit and they read '1'. Every card's corner shows
    whole, for a hand of nine with two 10s and for Shithead's pile of thirty picked up."""
    b = chromium
    game = get_game("cunt-soul")
    state = game.new_state(["Ann", "Bea", "Cal"], None, 7)
    assert sum(card_name(c).startswith("10") for c in state.zones()["hand/0"]) == 2
    server = _on_a_phone(b, state, 0, game, offer=False)
    try:
        page_wait(b, "state && document.querySelectorAll('#hand .card').length === 9")
        b.save_screenshot(str(SHOTS / "hand-two-tens.png"))  # to look at
        assert b.execute_script(HAND_CORNERS) == []
    finally:
        server.stop()
    from cardtable.games.shithead.positions import table as shithead_table

    picked_up = " ".join(f"{r}{s}" for s in "cdh" for r in range(2, 11)) + " Qh Kh Ah"  # thirty, three 10s
    state = shithead_table([picked_up, "Ks"], up=["Kc Qc Jc", "Kd Qd Jd"], pile="As", draw="")
    server = _on_a_phone(b, state, 0, state.game, offer=False)
    try:
        page_wait(b, "state && document.querySelectorAll('#hand .card').length === 30")
        b.save_screenshot(str(SHOTS / "hand-thirty.png"))
        assert b.execute_script(HAND_CORNERS) == []
        assert not layout_faults(b)
    finally:
        server.stop()


def test_a_secret_setup_choice_is_shown_back_while_the_others_choose(chromium) -> None:
    """Walking Shithead with two phones at 360x640 (session 18): Ann chose her three face-up cards
    and pressed the button, and her phone went on showing the cards as dealt while the others
    chose (Shithead R3: the choices stay secret until everyone has chosen), as if the choice had
    been lost. While she waits, the bar says the move she made."""
    b = chromium
    phone_size(b, 360, 640)
    game = get_game("shithead")
    state = game.new_state(["Ann", "Bea"], None, 3)
    seat = state.to_move
    server = PhoneServer([seat], host="127.0.0.1")
    server.start()
    phone = PhoneSeat(server, seat, layout_of(game), teller_of(game))
    view = state.view(seat)
    legal = view.legal_actions()
    phone.offer(view, legal)
    try:
        b.get(server.url(seat))
        _join(b)
        page_wait(b, "state && state.my_turn")
        chosen = legal[-1]
        assert chosen.kind == "arrange"
        wrong = b.execute_script(TAPS_THEN_PRESS, [f"c:{c}" for c in chosen.cards], legal.index(chosen))
        assert wrong is None, wrong
        assert wait_for(phone.poll) == chosen
        up = state.zones()[f"up/{seat}"]
        events = state.apply(chosen)
        phone.see(state.view(seat), events)
        assert state.zones()[f"up/{seat}"] == up and state.to_move != seat  # secret: nothing moved yet
        said = page_wait(b, f"state.v === {phone.version} && $('prompt').textContent")
        assert said == f"Your move: {view.describe(chosen)}"
        assert b.find_element("id", "turn").text == f"{state.names[state.to_move]} to play"
        assert not layout_faults(b)
        while state.to_move != seat:  # the others choose; on its next turn, the question, not the old move
            events = state.apply(state.legal_actions()[0])
            phone.see(state.view(seat), events)
        view = state.view(seat)
        phone.offer(view, view.legal_actions())
        page_wait(b, f"state.v === {phone.version} && $('prompt').textContent === {view.prompt()!r}")
    finally:
        server.stop()


def test_a_phone_waiting_on_a_phone_seat_with_no_phone_says_so(chromium) -> None:
    """Walking a table with two phones at 360x640 (session 18): Bea to move and her phone not
    there (not joined yet, or dropped: asleep, out of the Wi-Fi), Ann's phone said only 'Bea to
    play', and Ann waited on a phone that was gone while the big screen said 'phone away'."""
    from phone_client import Phone

    b = chromium
    phone_size(b, 360, 640)
    game = get_game("takku-sum")
    state = game.new_state(["Ann", "Bea", "Cal"], None, 3)
    bea = state.to_move
    ann = (bea + 1) % 3
    server = PhoneServer([ann, bea], host="127.0.0.1")
    server.start()
    phones = {s: PhoneSeat(server, s, layout_of(game), teller_of(game)) for s in (ann, bea)}
    phones[ann].see(state.view(ann), [])
    phones[bea].offer(state.view(bea), state.view(bea).legal_actions())
    names = state.names
    turn = "$('turn').textContent"
    try:
        b.get(server.url(ann))
        _join(b)
        said = page_wait(b, f"{turn}.includes('join') && {turn}")
        assert said == f"Waiting for {names[bea]}'s phone to join"
        other = Phone(server.url(bea))
        assert page_wait(b, f"{turn}.endsWith('to play') && {turn}") == f"{names[bea]} to play"
        other.close()
        said = page_wait(b, f"{turn}.includes('come back') && {turn}")
        assert said == f"Waiting for {names[bea]}'s phone to come back"
        assert not layout_faults(b)
    finally:
        server.stop()
