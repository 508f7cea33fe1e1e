"""The Cunt-Soul Normal bot's play in the spots that kept two-player endgames going round (issue 14:
"bots that see a loop and break it"): it must not hand itself the pile."""

from __future__ import annotations

from cardtable.engine.cards import parse_cards
from cardtable.games.cunt_soul.bots import HeuristicBot
from cardtable.games.cunt_soul.game import CuntSoulState
from cardtable.games.cunt_soul.positions import position


def choices(st: CuntSoulState, seeds: int = 40) -> list[tuple[int, ...]]:
    """What Normal bots with ``seeds`` different seeds play from ``st`` (seat to move)."""
    seat = st.to_move
    assert seat is not None
    return [HeuristicBot(seed).choose(st.view(seat)).cards for seed in range(seeds)]


def test_normal_bot_keeps_queens_nothing_could_follow() -> None:
    """Seed: "Q: The player must play another card after playing a Q", which must be able to go on
    a Q. With three Qs and only a 5 besides, playing the Qs means picking up its own pile: the bot
    plays the 5 (it used to play the Qs whenever it held two or more)."""
    st = position(n=2, hands={0: "Qs Qh Qd 5c", 1: "6c 7h 8h Kd"}, up={0: "Jc"}, pile="4h")
    assert set(choices(st)) == {tuple(parse_cards("5c"))}


def test_normal_bot_plays_a_lone_eight_for_another_turn_head_to_head() -> None:
    """Seed: "8: Skips the turn of the following player." With two players a single 8 skips the
    other player and its player goes again, one more card shed: the bot mostly takes it (before,
    it mostly played the 5 and kept the 8 for a player about to go out)."""
    st = position(n=2, hands={0: "8c 5c", 1: "6c 7h 9h Kd"}, pile="4h")
    picks = choices(st, 50)
    assert picks.count(tuple(parse_cards("8c"))) >= 35
