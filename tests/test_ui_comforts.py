"""The comforts at the table, driven through the real input layer (issue 17): Ctrl+Z / Ctrl+Y and
the Undo button, H for a hint lit on the table, tooltips on hover, S and dragging to order the
hand, the Esc menu (Undo off in hot-seat, Restart), and How to play the first time."""

from __future__ import annotations

import pygame
from ui_driver import Driver, ask_hint, seats

from cardtable.engine.cards import RANK, RANK_NAMES, SUIT, cards_text
from cardtable.engine.fingerprint import fingerprint
from cardtable.games import parts_of
from cardtable.runner.match import HOT_SEAT_UNDO, Match
from cardtable.store.paths import app_paths
from cardtable.ui.scenes.how_to_play import HowToPlayScene
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.scenes.table import TableScene
from cardtable.ui.timings import TOOLTIP_DELAY


def ctrl(d: Driver, key: int) -> None:
    d.post(pygame.KEYDOWN, key=key, mod=pygame.KMOD_LCTRL, unicode="")
    d.frame()


def my_turn(d: Driver, table: TableScene, choices: int = 2) -> None:
    """Bots play (and the person the first legal move) until the person has a real choice."""
    for _ in range(300):
        d.settle()
        if table.my_turn() and len(table.legal()) >= choices:
            return
        if table.my_turn():
            table.apply(table.legal()[0])
        d.frame()
    raise AssertionError("the person never had a choice")


def hand_shown(table: TableScene) -> list[int]:
    zone = f"hand/{table.viewer}"
    drawn = sorted((r.x, face) for face, z, r in table.drawn if z == zone)
    return [face for _, face in drawn]


def test_ctrl_z_undoes_to_the_previous_decision_and_ctrl_y_redoes_it():
    d = Driver()
    table = d.table(Match("shithead", seats("human", "bot", "bot"), seed=6, dealer=0))
    my_turn(d, table)
    before, shown_before = fingerprint(table.match.state), sorted(hand_shown(table))
    table.apply(table.legal()[-1])
    my_turn(d, table, choices=1)
    after = fingerprint(table.match.state)
    assert after != before
    ctrl(d, pygame.K_z)
    d.frame()
    assert fingerprint(table.match.state) == before
    assert sorted(hand_shown(table)) == shown_before, "the table shows the position undone to"
    assert "undo" in table.match.assisted
    ctrl(d, pygame.K_y)
    d.settle()
    assert fingerprint(table.match.state) == after
    d.click(table.comforts.undo_button.rect.center)
    assert fingerprint(table.match.state) == before


def test_a_press_on_the_greyed_hint_says_why():
    """Session 18's walk: while a bot thought, Hint was greyed and a click on it did nothing and
    said nothing (H said why); the click now says it too."""
    d = Driver()
    table = d.table(Match("shithead", seats("human", "bot", "bot"), seed=8, dealer=0))
    my_turn(d, table)
    held = d.app.bots.poll
    d.app.bots.poll = lambda: []  # type: ignore[method-assign]  # the next bot thinks on and on
    while table.my_turn():  # (a 2 or a burn plays again)
        table.apply(table.legal()[0])
        d.frame()
    d.frames(3)
    d.app.draw()
    assert not table.comforts.hint_button.enabled
    d.click(table.comforts.hint_button.rect.center)
    assert table.shown_notice is not None and table.shown_notice[0] == "A hint is for your own turn."
    d.app.bots.poll = held  # type: ignore[method-assign]


def test_h_lights_the_hard_bots_move_from_the_persons_view():
    d = Driver()
    table = d.table(Match("shithead", seats("human", "bot", "bot"), seed=8, dealer=0))
    my_turn(d, table)
    hint = ask_hint(d, table)
    assert hint is not None and hint.action in table.legal()
    assert table.selection == set(hint.action.cards)
    assert table.shown_notice[0].startswith(f"Hint: {hint.says}.")
    assert "hint" in table.match.assisted


def test_hovering_a_card_shows_what_it_does():
    d = Driver()
    table = d.table(Match("cunt-soul", seats("human", "bot", "bot"), seed=3, dealer=0))
    d.settle()
    d.frame()
    face, rect = next((f, r) for f, z, r in table.drawn if z == "hand/0" and f >= 0)
    d.post(pygame.MOUSEMOTION, pos=(rect.x + 5, rect.centery), rel=(0, 0), buttons=(0, 0, 0))
    d.frames(5, TOOLTIP_DELAY / 3)  # the pointer rests past the delay, in five frames
    shown = table.comforts.tooltip
    assert shown.key == ("hand/0", face)
    assert shown.words == parts_of(table.match.game).tips.card_tip(table.board.view(), face, "hand/0")
    assert shown.words.startswith(("2:", "3:", "4:", "5:", "6:", "7:", "8:", "9:", "10:", "J:", "Q:", "K:",
                                   "A:", "Joker:"))
    d.app.draw()
    assert shown.words in " ".join(shown.words.split())  # drawn without raising, wrapped


def test_a_card_under_the_top_of_the_pile_is_named_with_what_goes_on_the_top():
    """Shithead: hovering a card under the top of the pile read "5: ... up to 5. May go on it now:
    4 to 7", its own rule beside the top's, two numbers about one card (the helper's walk)."""
    d = Driver()
    table = d.table(Match("shithead", seats("human", "bot", "bot"), seed=2, dealer=0))
    for _ in range(400):
        if len(table.match.state.pile) >= 2:
            break
        my_turn(d, table, 1)
        legal = table.match.state.legal_actions()
        table.match.apply(next((a for a in legal if a.kind == "play"), legal[0]))
        d.settle()
    pile = table.match.state.pile
    assert len(pile) >= 2
    under, top = pile[-2], pile[-1]
    pile_words = parts_of(table.match.game).tips.pile_tip(table.board.view(), "play")
    assert table.comforts._words("play", under) == f"{cards_text([under])}, under the top card. {pile_words}"
    assert table.comforts._words("play", top).endswith(pile_words)
    assert table.comforts._words("play", top).startswith(RANK_NAMES[RANK[top]] + ":")


def test_o_orders_the_hand_and_a_drag_rearranges_it():
    d = Driver()
    table = d.table(Match("shithead", seats("human", "bot", "bot"), seed=2, dealer=0))
    my_turn(d, table)
    d.key(pygame.K_o, "o")
    d.frame()
    assert d.app.settings.hand_order == "rank"
    shown = hand_shown(table)
    assert shown == sorted(shown, key=lambda c: (RANK[c], SUIT[c], c)) and len(shown) >= 3
    first = next(r for f, z, r in table.drawn if f == shown[0] and z == "hand/0")
    last = next(r for f, z, r in table.drawn if f == shown[-1] and z == "hand/0")
    before = fingerprint(table.match.state)
    d.drag(first.center, (last.right + 4, last.centery))
    d.frame()
    assert hand_shown(table) == shown[1:] + shown[:1]
    assert fingerprint(table.match.state) == before, "rearranging is no move"
    assert table.selection == set(), "the card put in its place stayed selected (issue 23.7)"


def test_the_menu_says_why_undo_is_off_in_hot_seat():
    d = Driver()
    table = d.table(Match("shithead", seats("human", "human", "bot"), seed=1, dealer=0))
    d.frames(5)
    table.open_menu()
    d.frame()
    menu = d.app.top
    assert isinstance(menu, MenuScene)
    assert (HOT_SEAT_UNDO, menu.lines[0][1]) == menu.lines[0]
    undo = next(w for w in menu.form.widgets if w.label == "Undo")
    assert not undo.enabled


def test_restart_from_the_menu_deals_the_same_cards_again():
    d = Driver()
    match = Match("takku-sum", seats("human", "bot"), seed=4, dealer=0)
    dealt = fingerprint(match.state)
    table = d.table(match)
    my_turn(d, table, choices=1)
    table.apply(table.legal()[0])
    table.open_menu()
    d.frame()
    d.click(next(w for w in d.app.top.form.widgets if w.label == "Restart").rect.center)
    again = d.app.top
    assert isinstance(again, TableScene) and again is not table
    assert fingerprint(again.match.history.position(0)) == dealt, "the same deal"
    assert 0 not in again.match.movers, "a new game: the person has not moved in it"
    assert again.match.assisted == {"restart"}


def test_how_to_play_shows_the_first_time_only(tmp_path):
    d = Driver(paths=app_paths(tmp_path), how_to_play_seen=[])
    d.table(Match("cersei", seats("human", "bot"), seed=1, dealer=0))
    overlay = d.app.top
    assert isinstance(overlay, HowToPlayScene)
    assert [t for t, _ in overlay.cards][:3] == ["The goal", "A turn", "The special cards"]
    for _ in overlay.cards:
        d.key(pygame.K_RETURN)
    assert isinstance(d.app.top, TableScene)
    assert d.app.settings.how_to_play_seen == ["cersei"]
    d.table(Match("cersei", seats("human", "bot"), seed=2, dealer=0))
    assert isinstance(d.app.top, TableScene)


def test_undo_while_cards_still_fly_lands_on_the_position_undone_to():
    d = Driver(animation_speed="normal", bot_think_ms=0)
    table = d.table(Match("shithead", seats("human", "bot", "bot"), seed=6, dealer=0))
    my_turn(d, table)
    before, shown_before = fingerprint(table.match.state), sorted(hand_shown(table))
    table.apply(table.legal()[-1])
    d.frames(3)
    assert table.busy(d.now), "the move is still being animated"
    ctrl(d, pygame.K_z)
    assert not table.busy(d.now)
    d.frames(2)
    assert fingerprint(table.match.state) == before and table.my_turn()
    assert sorted(hand_shown(table)) == shown_before


def test_restart_in_hot_seat_replaces_the_table_under_the_pass_screen():
    d = Driver()
    table = d.table(Match("shithead", seats("human", "human", "bot"), seed=3, dealer=0))
    d.frames(5)
    assert not isinstance(d.app.top, TableScene), "the pass screen is up"
    table.open_menu()
    d.frame()
    d.click(next(w for w in d.app.top.form.widgets if w.label == "Restart").rect.center)
    assert all(s is not table for s in d.app.scenes)
    assert sum(isinstance(s, TableScene) for s in d.app.scenes) == 1
