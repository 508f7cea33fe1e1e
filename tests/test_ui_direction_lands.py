"""Takku-Sum's Direction marker turns when the card that flips it lands, not when it is played
(issue 16 item 10): while the cards fly the panel describes the position they left."""

from __future__ import annotations

from test_ui_takku_sum import UP, rig, start, to_play
from ui_driver import sprite_of

from cardtable.engine.cards import parse_card, parse_cards


def marker(d, table):
    return table.panel.info(table.panel_context(d.now)).markers[0]


def test_the_direction_marker_turns_when_the_card_lands():
    d, table = start(bot_think_ms=0)
    to_play(d, table)  # the bots' moves before the turn at instant speed: not what this looks at
    d.app.update_settings(animation_speed="normal")
    rig(table, parse_cards("7h 9c Kd"), parse_card("7s"), parse_card("2d"), UP)
    d.frame()
    before = marker(d, table)
    seven = parse_card("7h")
    d.drag(sprite_of(table, seven).rect.center, table.placement.zones["play"].rect.center)
    assert table.match.state.direction != UP  # the same value flips the Direction at once...
    assert table.busy(d.now) and marker(d, table) == before  # ...but the marker waits for the card
    for _ in range(300):
        if not table.busy(d.now):
            break
        d.frame()
    assert marker(d, table).shape != before.shape


def test_the_marker_turns_with_its_caption_while_the_wildcard_still_cycles():
    """Walking a match at 1280x800, "A wildcard: the Direction flips to Down" was up while the marker
    still showed Up: the panel kept the position the cards left until everything had landed, the
    wildcard's cycle too. The marker turns when the Direction's event is told, with its caption."""
    d, table = start(bot_think_ms=0)
    to_play(d, table)
    d.app.update_settings(animation_speed="normal")
    # Ks are wild: the K goes on the 7 as the wildcard, flips the Direction and cycles the indicator
    rig(table, parse_cards("Kh 9c 4d"), parse_card("7s"), parse_card("Kc"), UP, draw_top=parse_card("5d"))
    d.frame()
    assert marker(d, table).shape == "up"
    king = parse_card("Kh")
    d.drag(sprite_of(table, king).rect.center, table.placement.zones["play"].rect.center)
    seen_flip = False
    for _ in range(600):
        if not table.busy(d.now):
            break
        if "flips to Down" in table.panel.caption:
            seen_flip = True
            assert marker(d, table).shape == "down", "the caption says Down: so does the marker"
            if table.busy(d.now):  # the indicator's cycle is still to land
                break
        d.frame()
    assert seen_flip and table.busy(d.now)
    for _ in range(600):
        if not table.busy(d.now):
            break
        d.frame()
    assert marker(d, table).shape == "down"  # and at rest, from the position itself
