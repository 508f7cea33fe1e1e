"""Takku-Sum at the table: the first-player draw, a play by drag, an illegal drop refused with the
Direction rule, the grace card button and a fitting grace card played wild or plain, the wildcard
rank starred in your hand, declaring a wildcard, every layout, a whole bot game and hot-seat."""

from __future__ import annotations

import pygame
import pytest
from table_checks import SIZES, bot_game_reaches_results, hot_seat_keeps_secrets, layout_problems
from ui_driver import Driver, seats, sprite_of

from cardtable.engine.cards import parse_card, parse_cards
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import Action
from cardtable.games.takku_sum.game import MINI_GAME, PLAYING, TakkuSumOptions
from cardtable.runner.match import Match

UP, DOWN = 1, -1


def start(options=None, **settings):
    d = Driver(**settings)
    table = d.table(Match("takku-sum", seats("human", "bot", "bot"), options, seed=2, dealer=2))
    d.settle()
    return d, table


def to_play(d: Driver, table) -> None:
    """Draw for first player as often as asked, until seat 0 has an ordinary turn."""
    for _ in range(200):
        d.settle()
        state = table.match.state
        if state.to_move == 0 and state.phase == PLAYING:
            return
        if state.to_move == 0:
            table.apply(state.legal_actions()[0])
        d.frame()
    raise AssertionError("seat 0 never got a turn")


def rig(table, hand: list[int], top: int, wildcard: int, direction: int, draw_top: int | None = None) -> None:
    """Seat 0's hand, the Play Pile's top card, the Wildcard Indicator and the Direction, swapping
    every card with the Draw Pile so that none is created or lost (a test knows the game)."""
    state = table.match.state
    wanted = [*hand, top, wildcard] + ([draw_top] if draw_top is not None else [])
    state.draw.extend(state.hands[0])
    state.hands[0].clear()
    spare = [c for c in state.draw if c not in wanted]
    for cards in (*state.hands, state.play, state.wildcard, state.discard):
        for i, c in enumerate(cards):
            if c in wanted:
                sub = spare.pop()
                state.draw.remove(sub)
                cards[i] = sub
    for c in wanted:
        if c in state.draw:
            state.draw.remove(c)
    state.hands[0].extend(hand)
    state.play.append(top)
    state.wildcard.append(wildcard)
    if draw_top is not None:
        state.draw.append(draw_top)
    state.direction = direction
    state.lacks[0] = [0] * len(hand)  # nothing known about the new hand
    state.forget_legal()  # the engine's memo of legal actions is stale now
    table.version += 1
    table._rebuild_buttons()


def mine(match: Match) -> list[Action]:
    return [a for a, s in zip(match.actions, match.movers, strict=True) if s == 0]


def test_the_first_player_draw_is_a_button_and_a_key():
    d, table = start()
    state = table.match.state
    assert state.phase == MINI_GAME and state.to_move == 0
    assert [w.label for w in table.form.widgets] == ["Draw for first player"]
    d.key(pygame.K_d, "d")
    assert mine(table.match) == [Action("draw_for_first")]


def test_dragging_a_legal_card_onto_the_play_pile_plays_it():
    d, table = start()
    to_play(d, table)
    nine = parse_card("9c")
    rig(table, parse_cards("4h 9c Kd"), parse_card("7s"), parse_card("2d"), UP)
    d.drag(sprite_of(table, nine).rect.center, table.placement.zones["play"].rect.center)
    assert mine(table.match)[-1] == Action("play", (nine,))


def test_a_drop_against_the_direction_is_refused_with_the_rule():
    d, table = start()
    to_play(d, table)  # the bots' moves before the turn at instant speed: not what this looks at
    d.app.update_settings(animation_speed="normal")
    four = parse_card("4h")
    rig(table, parse_cards("4h 9c Kd"), parse_card("7s"), parse_card("2d"), UP)
    before = fingerprint(table.match.state)
    d.drag(sprite_of(table, four).rect.center, table.placement.zones["play"].rect.center)
    assert fingerprint(table.match.state) == before
    assert "Direction is Up" in table.shown_notice[0]


def test_with_no_legal_play_the_grace_card_button_draws_one_that_must_be_played():
    d, table = start()
    to_play(d, table)
    grace = parse_card("Kh")
    rig(table, parse_cards("3c 4d 5h"), parse_card("Ks"), parse_card("9s"), UP, draw_top=grace)
    labels = [w.label for w in table.form.widgets]
    assert labels == ["Take a grace card", "Pass"]
    d.click(table.form.widgets[0].rect.center)
    assert mine(table.match)[-1] == Action("grace")
    assert any("K♥ fits, so it must be played" in line for line in table.log)  # R13


def test_a_fitting_wildcard_grace_card_is_played_wild_or_plain_by_button():
    d, table = start(options=TakkuSumOptions(declare_wildcard=True))
    to_play(d, table)
    grace = parse_card("9h")
    rig(table, parse_cards("3c 4d 5h"), parse_card("8s"), parse_card("9s"), UP, draw_top=grace)
    d.key(pygame.K_g, "g")
    assert mine(table.match)[-1] == Action("grace")
    labels = [w.label for w in table.form.widgets]
    assert labels == ["Play 9♥ as the wildcard", "Play 9♥ as a plain card"]  # shown without a selection
    d.key(pygame.K_1)
    assert mine(table.match)[-1] == Action("play", (grace,), -1, "wildcard")


def test_the_wildcard_rank_is_starred_in_your_hand():
    d, table = start()
    to_play(d, table)
    rig(table, parse_cards("9h 4d 5h"), parse_card("3s"), parse_card("9s"), UP)
    assert table.panel.marks(table.panel_context(d.now)) == {parse_card("9h")}
    d.app.draw()
    # the mark keeps off the corner index on the right (across the middle it read a 10 as "1")
    from cardtable.ui import theme

    card = sprite_of(table, parse_card("9h")).rect
    corner = [d.app.screen.get_at((x, y))[:3] for x in range(card.right - card.w // 5, card.right - 2)
              for y in range(card.bottom - card.h // 4, card.bottom - 2)]
    assert theme.ACCENT[:3] not in corner
    marked = [d.app.screen.get_at((x, card.bottom - round(table.placement.text_px * 0.75)))[:3]
              for x in range(card.x, card.centerx)]
    assert theme.ACCENT[:3] in marked  # the mark is there, on the card's left


def test_a_declared_wildcard_asks_wild_or_plain():
    d, table = start(options=TakkuSumOptions(declare_wildcard=True))
    to_play(d, table)
    nine = parse_card("9h")
    rig(table, parse_cards("9h 4d 5h"), parse_card("3s"), parse_card("9s"), UP)
    d.drag(sprite_of(table, nine).rect.center, table.placement.zones["play"].rect.center)
    assert "wild" in table.shown_notice[0] and table.selection == {nine}
    ways = [w for w in table.form.widgets if "as the wildcard" in w.label]
    d.click(ways[0].rect.center)
    assert mine(table.match)[-1] == Action("play", (nine,), -1, "wildcard")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_layout_fits_every_size(players, size):
    for viewer in range(players):
        assert layout_problems("takku-sum", players, size, viewer) == []


def test_a_bot_game_plays_to_the_results():
    match = bot_game_reaches_results("takku-sum", 3, TakkuSumOptions(points_to_win=2))
    assert max(len(p) for p in match.state.points) == 2


def test_hot_seat_never_shows_another_humans_hand():
    run = hot_seat_keeps_secrets("takku-sum", ("human", "bot", "human"), turns=40)
    assert run.passes >= 3 and run.open_turns >= 1


def test_the_draw_for_first_at_a_shared_screen_passes_the_screen_only_once_a_hand_shows():
    """Three people at one screen: each draw for first player (R6, A17: a blind draw, face up)
    came behind a pass screen though nothing hidden was shown. The draws are made with every hand
    face down and no pass screen; the screen is passed to the starter, whose hand then shows."""
    from cardtable.ui.scenes.passto import PassScene

    d = Driver()
    match = Match("takku-sum", seats("human", "human", "human"), seed=4, dealer=2)
    table = d.table(match)
    assert match.state.phase == MINI_GAME
    draws = 0
    while match.state.phase == MINI_GAME:
        d.settle(limit=50)
        assert d.app.top is table, "a pass screen before a draw for first"
        assert table.viewer is None and table.my_turn()
        d.app.draw()
        hands = {c for s in range(3) for c in match.state.zones()[f"hand/{s}"]}
        assert not {face for face, _zone, _rect in table.drawn} & hands, "a hand face up during the draw"
        d.key(pygame.K_d, "d")   # the draw's key, as the button's
        draws += 1
    assert draws >= 3 and match.state.phase == PLAYING
    d.settle(limit=50)
    assert isinstance(d.app.top, PassScene) and d.app.top.player == match.names[match.state.to_move]
    d.take_screen()
    assert table.viewer == match.state.to_move
    d.app.draw()
    assert set(match.state.zones()[f"hand/{table.viewer}"]) <= {face for face, _zone, _rect in table.drawn}


def test_a_caption_goes_under_a_seats_badge_that_hangs_into_the_middle():
    """Walking a match at 1280x800, "Ash cannot play" was drawn over Cal's "1/2 pts": with a point
    card in its place, a seat's badge hangs below it into the middle, where captions stand. The
    caption goes under it, and stays inside the band the coach's bubble keeps off."""
    from cardtable.ui.panels.draw import caption_band, draw_caption

    _d, table = start()
    p = table.placement
    surface = pygame.Surface(p.size)
    alone = draw_caption(surface, p, "Ash cannot play")
    badge = pygame.Rect(alone.centerx + 20, alone.y - 12, 48, 18)  # as Cal's hung over it
    moved = draw_caption(surface, p, "Ash cannot play", [badge])
    assert alone.colliderect(badge) and not moved.colliderect(badge)
    assert moved.top == badge.bottom + 2 and moved.size == alone.size
    assert caption_band(p).contains(moved)
    far = pygame.Rect(p.table_rect.x, p.table_rect.bottom - 20, 40, 18)
    assert draw_caption(surface, p, "Ash cannot play", [far]) == alone
