"""The words a phone is sent for its moves (walking the phone page as a newcomer at 360x640): what
a button says is what a player tapped, in the player's words."""

from __future__ import annotations

import re

from cardtable.games import get_game, layout_of
from cardtable.net.snapshot import snapshot


def _an_assassins_pick():
    """A 3-seat Cersei deal played by each seat's first move until a seat's Assassin has won."""
    state = get_game("cersei").new_state(["Ann", "Bea", "Cal"], None, 44)
    for _ in range(2000):
        legal = state.legal_actions()
        if any(a.kind == "assassinate" for a in legal):
            return state, legal
        state.apply(legal[0])
    raise AssertionError("no Assassin won in 2000 moves")


def test_an_assassins_pick_says_whose_card_is_taken_not_its_place_counted_from_0() -> None:
    """Cersei A15: the winner picks a face-down card by tapping it in a fanned view. The button
    said 'take the face-down card at position 7 (from the bottom) of Cal's deck' for the eighth
    back of the row a player had tapped."""
    state, legal = _an_assassins_pick()
    seat = state.to_move
    sent = snapshot(state.view(seat), seat, layout_of(state.game), legal, 1)
    picks = [m for m in sent["actions"] if "pick" in m]
    assert len(picks) == len(legal) > 1
    for move in picks:
        whose = state.names[move["pick"]["seat"]]
        assert move["words"] == f"take the chosen card from {whose}'s deck"
        assert not re.search(r"\d", move["words"])
