"""The words a phone is sent for its moves (walking the phone page as a newcomer at 360x640): what
a button says is what a player tapped, in the player's words."""

from __future__ import annotations

import re

from cardtable.engine.cards import parse_card
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


def test_the_seats_greyed_cards_carry_the_games_reason_and_no_one_elses_cards() -> None:
    """Walking a phone seat, a tap on a greyed card said only "the cards you can play are not
    greyed" where the table gives the game's reason (Shithead R9: equal or higher, or a 2). The
    snapshot sends the reason for each of the seat's own cards no move names, and nothing else."""
    from cardtable.games.shithead.positions import table as shithead_table

    state = shithead_table(["7c 9d 2h", "4c 5c 6c"], up=["Kh Qh Jh", "Ks Qs Js"], pile="8s", draw="3d 4d")
    view = state.view(0)
    sent = snapshot(view, 0, layout_of(state.game), view.legal_actions(), 1)
    seven, nine, two = (parse_card(c) for c in ("7c", "9d", "2h"))
    assert sent["why"][str(seven)] == "a 7 cannot go on an 8: play equal or higher (or a 2)"
    assert str(nine) not in sent["why"] and str(two) not in sent["why"]  # they make moves
    assert sent["why"][str(parse_card("Kh"))] == "up cards come into play only once the draw pile is gone"
    others = {str(c) for z in ("hand/1", "up/1", "down/0", "down/1") for c in state.zones()[z]}
    assert not others & set(sent["why"]), "another seat's card (or a face-down one) has a reason"
    waiting = state.view(1)
    assert snapshot(waiting, 1, layout_of(state.game), [], 1)["why"] == {}  # not its turn


def _cunt_soul_until(kind: str):
    """A 3-seat Cunt-Soul deal played by each seat's first move until Ann is offered ``kind``."""
    state = get_game("cunt-soul").new_state(["Ann", "Bea", "Cal"], None, 7)
    for _ in range(500):
        if state.to_move == 0 and any(a.kind == kind for a in state.legal_actions()):
            return state
        state.apply(state.legal_actions()[0])
    raise AssertionError(f"Ann was never offered {kind}")


def test_a_greyed_cards_reason_is_not_the_prompt_said_again() -> None:
    """Walking Cunt-Soul on a phone at 360x640 (session 18): choosing the field card, a tap on a
    greyed face-up card said "Not allowed: not now: choose your field card, laid face down until
    everyone is ready.", the question over it said again as if it were a rule. Such a card has no
    reason of its own (the page then says the cards that move are the ones not greyed); a real
    reason still comes, as in play (Cunt-Soul: face-up cards wait for the hand and the source pile)."""
    state = _cunt_soul_until("field")
    view = state.view(0)
    sent = snapshot(view, 0, layout_of(state.game), view.legal_actions(), 1)
    up = [c for c in state.zones()["up/0"]]
    assert up and not {str(c) for c in up} & set(sent["why"]), sent["why"]
    assert not any(view.prompt().lower() in why.lower() for why in sent["why"].values())
    state = _cunt_soul_until("play")
    view = state.view(0)
    sent = snapshot(view, 0, layout_of(state.game), view.legal_actions(), 1)
    assert sent["why"][str(state.zones()["up/0"][0])] == (
        "face-up cards may be played only once your hand and the source pile are empty")
