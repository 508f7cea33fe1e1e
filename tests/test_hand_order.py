"""Hand order (issue 17 item 4): by rank, by suit or as dealt, and dragged by hand; it survives
plays and pickups and changes nothing in the game (nobody else can learn from it)."""

from __future__ import annotations

from cardtable.ai import make_bot
from cardtable.engine.cards import RANK, SUIT
from cardtable.engine.fingerprint import fingerprint
from cardtable.games import get_game
from cardtable.ui.table.hand_order import HandOrder


def shithead_game(seed: int = 4):
    state = get_game("shithead").new_state(["You", "Bo"], None, seed)
    bots = [make_bot("shithead", "normal", seed + i) for i in range(2)]
    return state, bots


def step(state, bots) -> None:
    state.apply(bots[state.to_move].choose(state.view(state.to_move)))


def test_by_rank_and_by_suit_keep_sorted_through_plays_and_pickups():
    state, bots = shithead_game()
    for mode, key in (("rank", lambda c: (RANK[c], SUIT[c])), ("suit", lambda c: (SUIT[c], RANK[c]))):
        order = HandOrder(mode)
        sizes = set()
        for _ in range(60):
            if state.is_over:
                break
            hand = state.hands[0]
            shown = order.arrange(hand)
            assert sorted(shown) == sorted(hand)
            assert shown == sorted(shown, key=key)
            sizes.add(len(hand))
            step(state, bots)
        assert len(sizes) > 2, "the hand grew and shrank"


def test_a_dragged_order_survives_plays_and_pickups():
    state, bots = shithead_game(seed=9)
    while state.to_move != 0 or len(state.hands[0]) < 3:
        step(state, bots)
    order = HandOrder("rank")
    hand = state.hands[0]
    first = order.arrange(hand)
    before = [fingerprint(state)] + [fingerprint(state.view(s)) for s in range(2)]
    moved = order.move(hand, first[0], len(first) - 1)  # the lowest card to the right end
    assert moved == first[1:] + first[:1]
    after = [fingerprint(state)] + [fingerprint(state.view(s)) for s in range(2)]
    assert after == before, "arranging the hand changes nothing in the game or any view"
    grown = False
    for _ in range(80):
        if state.is_over:
            break
        previous = order.arrange(state.hands[0])
        step(state, bots)
        now = order.arrange(state.hands[0])
        kept = [c for c in previous if c in now]
        assert now[:len(kept)] == kept, "the cards still held keep the player's order"
        added = now[len(kept):]
        assert added == sorted(added, key=lambda c: (RANK[c], SUIT[c], c))
        grown |= bool(added)
    assert grown, "some cards were drawn or picked up"


def test_the_sort_key_cycles_and_forgets_the_dragged_order():
    order = HandOrder("dealt")
    hand = [40, 3, 17]
    assert order.arrange(hand) == [40, 3, 17]
    order.move(hand, 17, 0)
    assert order.arrange(hand) == [17, 40, 3]
    assert order.next_mode() == "rank"
    assert order.arrange(hand) == sorted(hand, key=lambda c: (RANK[c], SUIT[c], c))
    assert [order.next_mode(), order.next_mode()] == ["suit", "dealt"]
