"""Cunt-Soul shows which way play goes (issue 16 item 10): a played K reverses play (R38's
direction change), so the table has a direction marker in the middle, as Fscking Ace has."""

from __future__ import annotations

from cardtable.engine.table import Seen
from cardtable.games import get_game, layout_of, teller_of

NAMES = ["Ann", "Bea", "Cal"]


def marker_of(state):
    view = state.view(0)
    info = teller_of(state.game).describe(Seen(view, NAMES, 0, view.zones(), None))
    return info.markers


def test_the_marker_turns_with_the_direction_of_play():
    state = get_game("cunt-soul").new_state(NAMES, None, 1)
    (marker,) = marker_of(state)
    assert (marker.zone, marker.shape, marker.word) == ("direction", "clockwise", "clockwise")
    state.direction = -1  # as after a K (the log says "play now goes anticlockwise")
    (marker,) = marker_of(state)
    assert (marker.shape, marker.word) == ("counter-clockwise", "anticlockwise")


def test_the_marker_has_its_place_in_the_middle():
    names = [z.name for z in layout_of(get_game("cunt-soul")).centre_zones]
    assert names[-1] == "direction" and {"source", "discard", "burn"} <= set(names)
