"""How to play, the first thing a newcomer reads: every card of every game inside its panel at
every window size and Interface size the layout tests use, at the Interface size's own text where
the window has room for it."""

from __future__ import annotations

import pygame
from fit_checks import SCALES, SIZES
from ui_driver import Driver

from cardtable.games import games, get_game
from cardtable.ui import theme
from cardtable.ui.scenes.how_to_play import HowToPlayScene


def test_every_card_fits_its_panel_at_the_interface_sizes_text_where_the_window_has_room():
    """Shithead's and Takku-Sum's longest cards did not fit the panel at any text size (it shrank
    with the text), so How to play opened at the smallest type in a box a third of the table
    wide. The panel now grows to the longest card."""
    d = Driver()
    for name in games():
        game = get_game(name)
        for scale in SCALES:
            d.app.settings.ui_scale = scale
            for size in SIZES:
                scene = HowToPlayScene(d.app, game)
                scene.resize(size)
                where = (name, size, scale)
                window = pygame.Rect((0, 0), size)
                assert window.contains(scene.panel), where
                room = scene.panel.h - round(scene.px * 3.8)
                assert all(scene._body_bottom(body, scene.px, scene.panel.w) <= room
                           for _, body in scene.cards), where
                for b in (scene.button, scene.close):
                    assert scene.panel.contains(b.rect), where
                if scale == 1.0 and size[1] >= 800:
                    assert scene.px == theme.text_px(size, scale), where


def test_the_table_card_tells_the_moves_this_game_really_has():
    # Fscking Ace and Cersei are played with buttons (flip, stop): "Drag cards onto a pile" and
    # "O orders your hand" told a newcomer about a hand those games do not have.
    from cardtable.ui.scenes.how_to_play import cards_for

    for name in ("fscking-ace", "cersei"):
        title, body = cards_for(get_game(name))[-1]
        assert title == "The table"
        assert "buttons on the table" in body and "press the number" in body
        assert "Drag" not in body and "hand" not in body
    for name in ("shithead", "cunt-soul", "takku-sum"):
        body = cards_for(get_game(name))[-1][1]
        assert body.startswith("Drag cards onto a pile") and "O orders your hand" in body
        assert "buttons on the table" not in body


def test_the_button_enter_presses_is_ringed_as_the_keyboards_focus_is_elsewhere():
    """The walk (session 16), keyboard only: Enter turns the cards, but neither Skip nor Next
    wore the focus ring every other screen draws round the button Enter presses, so a keyboard
    player could not tell which one Enter would press."""
    d = Driver()
    scene = HowToPlayScene(d.app, get_game("takku-sum"))
    d.app.push(scene)
    d.app.draw()
    edge = lambda b: tuple(d.app.screen.get_at((b.rect.centerx, b.rect.y + 1)))[:3]  # noqa: E731
    assert edge(scene.button) == theme.BUTTON_FOCUS != edge(scene.close)
    page = scene.page
    d.key(pygame.K_RETURN)
    assert scene.page == page + 1


def test_a_group_at_one_screen_is_not_told_of_an_undo_it_does_not_have(tmp_path):
    """The walk (session 16), a group at one screen: How to play's last card said 'Ctrl+Z undoes
    your last move' to people for whom undo is off (it would take back someone else's move);
    one person against bots is still told of it."""
    from cardtable.runner.match import Match, Seat
    from cardtable.store.paths import app_paths
    from cardtable.ui.scenes.table import TableScene

    for seats, told in (((Seat("Ash"), Seat("Bea"), Seat("Cal", "bot")), False),
                        ((Seat("Ash"), Seat("Bea", "bot")), True)):
        d = Driver(paths=app_paths(tmp_path / str(told)), how_to_play_seen=[])
        table = TableScene(d.app, Match("shithead", list(seats), seed=1))
        d.app.push(table)
        scene = d.app.find(HowToPlayScene)   # opened over the table the first time
        assert scene is not None
        body = scene.cards[-1][1]
        assert ("Ctrl+Z" in body) == told and "H asks for a hint" in body and "Esc opens the menu" in body


def test_a_match_continued_with_moves_made_opens_without_how_to_play(tmp_path):
    """Version 0.1.0's player continues their unfinished Cersei match (the walk, session 17): How to
    play opened over it as if they had never played, since 0.1.0 had no How to play to note. A
    match with moves made is one the player knows: no lesson over it, and the game counts as met
    (a new game of it opens without one too). A new match of an unmet game still opens with it."""
    from cardtable.runner.match import Match, Seat
    from cardtable.store.paths import app_paths
    from cardtable.ui.scenes.table import TableScene

    d = Driver(paths=app_paths(tmp_path), how_to_play_seen=[])
    match = Match("cersei", [Seat("Ash"), Seat("Bea", "bot")], seed=1)
    while len(match.actions) < 3:
        match.apply(match.legal()[0])
    d.app.push(TableScene(d.app, match))
    assert d.app.find(HowToPlayScene) is None
    assert "cersei" in d.app.settings.how_to_play_seen
    d.app.push(TableScene(d.app, Match("shithead", [Seat("Ash"), Seat("Bea", "bot")], seed=1)))
    assert d.app.find(HowToPlayScene) is not None
