"""The Shithead heuristic bot (rulings 2.6): each habit in a hand-built position, its blindness to
hidden cards, and that it beats random play."""

from __future__ import annotations

import pytest

from cardtable.ai import bot_kinds, make_bot
from cardtable.ai.base import BotError, RandomBot
from cardtable.engine.protocol import Action
from cardtable.engine.rng import Rng
from cardtable.games.shithead.bots import HeuristicBot
from cardtable.games.shithead.game import GAME, PICKUP_ACTION, ShitheadState
from cardtable.games.shithead.positions import ANN, BEA, CAL, DEE, NAMES, cs, play, setup_table, show, table


def choose(state: ShitheadState, seed: int = 0) -> Action:
    seat = state.to_move
    assert seat is not None
    return HeuristicBot(seed).choose(state.view(seat))


def test_registered_for_shithead() -> None:
    assert set(bot_kinds("shithead")) >= {"random", "heuristic"}
    assert isinstance(make_bot("shithead", "heuristic", 3), HeuristicBot)


def test_bot_refuses_the_full_state() -> None:
    state = table(["5c 6c", "5d", "6d"])
    with pytest.raises(BotError):
        HeuristicBot(0).choose(state)


def test_puts_the_three_strongest_face_up_and_never_a_three() -> None:
    """2.6 setup: A > K > 2 > Q > …; 3s stay in hand."""
    state = setup_table(["3c 2s Qc", "5h 6h 7h"], ["Ac 4d 5d", "Qh Kh Ah"])
    assert choose(state) == Action("arrange", cs("Ac 2s Qc"))


def test_plays_the_lowest_playable_rank_all_copies() -> None:
    state = table(["9h 9c Kd 6c", "5d", "6d"], pile="8s")
    assert choose(state) == play("9c 9h")


def test_keeps_twos_and_tens_for_later() -> None:
    state = table(["2h 10c Kd", "5d", "6d"], pile="8s")
    assert choose(state) == play("Kd")


def test_plays_one_two_when_nothing_else_goes() -> None:
    state = table(["2h 2c 4d", "5d", "6d"], pile="As")
    assert choose(state) == play("2c")


def test_burns_a_big_pile_with_a_ten() -> None:
    """2.6: a 10 when the pile holds five or more cards."""
    state = table(["10h 4d", "5d", "6d"], pile="4s 5s 6s 8s 9s")
    assert choose(state) == play("10h")


def test_plays_a_seven_against_a_player_close_to_going_out() -> None:
    state = table(["4h 7c Qd", "5d", "6d"], down=["Jd", "", "Js"], pile="4s")
    assert choose(state) == play("7c")


def test_shows_a_three_at_a_big_pile_to_the_right_to_move_next() -> None:
    """2.6: a big pile, nobody close to out: show to the right-hand neighbour (Dee)."""
    state = table(["3h 3c 9d", "5d 6d Kd", "6h 7h Kh", "7d 8d Ks"], pile="4s 5s 6s 8s 9s", draw="Qc Jc")
    action = choose(state)
    assert action.kind == "show" and action.target == DEE
    assert len(action.cards) == 1, "one 3 is kept back for backfires while the draw pile lasts"


def test_shows_a_three_instead_of_picking_up() -> None:
    state = table(["3h 4d", "5d 6d Kd", "6h 7h Kh"], pile="As")
    assert choose(state).kind == "show"


def test_never_passes_voluntarily() -> None:
    state = table(["4d 5d", "5h", "6h"])
    assert choose(state) != PICKUP_ACTION


def test_backfires_when_the_pile_is_worth_it() -> None:
    """2.6: always backfire holding a 3 with two or more cards on the pile."""
    state = table(["3c 5c 6c", "5d", "3h 6d", "7d"], pile="9s Jc")
    state.apply(show("3c", CAL))
    assert choose(state) == Action("backfire", cs("3h"), ANN)
    state = table(["3c 5c 6c", "5d", "3h 6d", "7d"], pile="9s")
    state.apply(show("3c", CAL))
    assert choose(state) == Action("accept")


def test_takes_the_lowest_playable_up_card() -> None:
    """2.6 endgame: lowest playable up card, else the lowest."""
    state = table(["9h 4c", "", "6d"], up=["", "Jd 4d 9c", ""], pile="8s")
    state.apply(play("9h"))
    assert choose(state) == Action("take_up", cs("9c"))


def test_preselects_a_down_card_at_once() -> None:
    """2.6, A15, A20: preselect immediately."""
    state = table(["9h", "5d", "6d"], down=["4d 8d", "4h", "4s"], pile="8s")
    state.apply(play("9h"))
    assert choose(state).kind == "reveal_down"


def test_decisions_do_not_depend_on_hidden_cards() -> None:
    """A bot sees only its view: redealing what it cannot see never changes its move."""
    for seed in range(8):
        state = GAME.new_state(NAMES[:4], None, seed)
        bots = [HeuristicBot(seed + i) for i in range(4)]
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            other = view.determinize(Rng(seed * 977 + state.steps)).view(seat)  # type: ignore[attr-defined]
            assert HeuristicBot(5).choose(view) == HeuristicBot(5).choose(other)
            state.apply(bots[seat].choose(view))


def test_heuristic_is_the_shithead_less_often_than_random() -> None:
    shitheads = {"heuristic": 0, "random": 0}
    games = 60
    for seed in range(games):
        kinds = ["heuristic", "random"] if seed % 2 else ["random", "heuristic"]
        state = GAME.new_state(NAMES[:2], None, seed)
        bots = [HeuristicBot(seed) if k == "heuristic" else RandomBot(seed) for k in kinds]
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            state.apply(bots[seat].choose(state.view(seat)))
        result = state.result()
        assert result is not None
        shitheads[kinds[result.losers[0]]] += 1
    assert shitheads["heuristic"] < games * 0.25, shitheads


def test_shows_the_player_about_to_go_out() -> None:
    """2.6: with a pile worth giving, show the leader (fewest cards) when close to out."""
    state = table(["3h 3c 9d", "5d", "6h 7h Kh", "7d 8d Ks"], down=["Ad", "", "Ah", "As"],
                  pile="4s 5s 6s")
    action = choose(state)
    assert action.kind == "show" and action.target == BEA
