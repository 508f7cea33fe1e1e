"""Shithead's measured fast paths (issue 28, cheaper playouts) give what the plain code gives:
each is checked here against the plain version, written out, over every decision of seeded games."""

from __future__ import annotations

from cardtable.ai import make_bot
from cardtable.engine.cards import RANK
from cardtable.engine.protocol import Action
from cardtable.engine.rng import Rng
from cardtable.games.shithead.game import (
    GAME,
    JOINS,
    PICKUP_ACTION,
    PLAYS,
    PLAYS_ON,
    POPCOUNT,
    SHOWS,
    SUIT_BIT,
    TURN,
    ShitheadOptions,
    ShitheadState,
)


def plain_turn_actions(state: ShitheadState, s: int) -> list[Action]:
    """A turn's legal actions with the suits held counted card by card and every rank that may go
    on the pile looked at in turn (the code before the small hands' path)."""
    hand = state.hands[s]
    pile = state.pile
    top = RANK[pile[-1]] if pile else 0
    suits = [0] * 15
    for c in hand:
        suits[RANK[c]] |= SUIT_BIT[c]
    if state.opening >= 0:
        r = RANK[state.opening]
        return [a for a in PLAYS[r][suits[r]] if state.opening in a.cards]
    acts: list[Action] = []
    for r, plays in PLAYS_ON[state.cfg.ten_wild][top]:
        if suits[r]:
            acts += plays[suits[r]]
    if not state.draw:
        r = RANK[hand[0]]
        held = suits[r]
        if state.cfg.table[top][r] and POPCOUNT[held] == len(hand):
            up_suits = 0
            for c in state.up[s]:
                if RANK[c] == r:
                    up_suits |= SUIT_BIT[c]
            if up_suits:
                acts += JOINS[r][held][up_suits]
    if pile or state.passes < state.n_active:
        acts.append(PICKUP_ACTION)
    if suits[3]:
        for t in state.show_targets(s):
            acts += SHOWS[suits[3]][t]
    return acts


def test_a_turns_legal_actions_are_the_plain_ones_object_for_object() -> None:
    """Every turn of 120 heuristic and random games (both rule sets, 2 to 5 seats): the same
    actions, in the same order, the very same objects (a bot's choice is found by identity);
    small hands and big ones, 3s, joins of up cards and openings among them."""
    seen = {"small": 0, "big": 0, "threes": 0, "joins": 0, "openings": 0}
    seeds = Rng(28)
    for game_no in range(120):
        n = 2 + game_no % 4
        options = ShitheadOptions(ten_wild=game_no % 3 == 0)
        kind = "heuristic" if game_no % 2 else "random"
        bots = [make_bot("shithead", kind, seeds.next64()) for _ in range(n)]
        state = GAME.new_state([f"P{i}" for i in range(n)], options, seeds.next64())
        while state.to_move is not None:
            s = state.to_move
            if state.phase == TURN:
                fast = state._legal()
                plain = plain_turn_actions(state, s)
                assert fast == plain
                assert all(a is b for a, b in zip(fast, plain, strict=True))
                seen["small" if len(state.hands[s]) <= 4 else "big"] += 1
                seen["threes"] += any(a.kind == "show" for a in plain)
                seen["joins"] += any(a.kind == "play" and set(a.cards) - set(state.hands[s]) for a in plain)
                seen["openings"] += state.opening >= 0
            state.apply(bots[s].choose(state.view(s)))
    assert seen["small"] > 20000 and seen["big"] > 50000
    assert seen["threes"] > 300 and seen["joins"] > 30 and seen["openings"] == 120
