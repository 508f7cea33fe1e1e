"""The heads-up Shithead endgame search (issue 28 item 1): it agrees with a brute force that tries
every move and every down card one by one, it answers from the seat's own view alone (the unseen
cards shuffled give the same move), and Hard and Expert use it."""

from __future__ import annotations

import time

from test_bots_hard import kept_two_position

from cardtable.ai import make_bot
from cardtable.ai.search import SearchBot
from cardtable.engine.cards import HIDDEN, parse_cards
from cardtable.engine.protocol import Action
from cardtable.engine.rng import Rng
from cardtable.games.shithead import endgame
from cardtable.games.shithead.game import GAME, PICKUP_ACTION, REVEAL_DOWN, SETUP, ShitheadState
from cardtable.games.shithead.positions import table


def play(text: str) -> Action:
    return Action("play", tuple(parse_cards(text)))


def brute(state: ShitheadState, seat: int, depth: int, leaf: float) -> tuple[float, bool]:
    """Plain expectimax: every legal action on its own, every down card on its own (any unturned
    down card of either seat is as likely to lie in the slot turned over); the value for ``seat``
    and whether a line was cut ``depth`` plies deep (and scored ``leaf``)."""
    result = state.result()
    if result is not None:
        return result.rewards[seat], False
    if depth == 0:
        return leaf, True
    s = state.to_move
    assert s is not None
    values = []
    cut = False
    for action in state.legal_actions():
        if action.kind == REVEAL_DOWN:
            pool = state.down[0] + state.down[1]
            total = 0.0
            for card in pool:
                child = state.clone()
                down = [list(d) for d in child.down]
                slot = int(action.choice)
                here = down[s][slot]
                for d in down:
                    if card in d:
                        d[d.index(card)] = here
                down[s][slot] = card
                child.down = down
                child._apply(action)
                v, c = brute(child, seat, depth - 1, leaf)
                total += v / len(pool)
                cut = cut or c
            values.append(total)
        else:
            child = state.clone()
            child._apply(action)
            v, c = brute(child, seat, depth - 1, leaf)
            values.append(v)
            cut = cut or c
    return (max(values) if s == seat else min(values)), cut


def brute_root(state: ShitheadState, depth: int, leaf: float) -> dict[object, float]:
    return brute_root_cut(state, depth, leaf)[0]


def brute_root_cut(state: ShitheadState, depth: int, leaf: float) -> tuple[dict[object, float], bool]:
    """Each root move's brute-force value (moves of a class must agree), and whether any needed
    the static estimate."""
    seat = state.to_move
    assert seat is not None
    out: dict[object, float] = {}
    cut = False
    for action in state.legal_actions():
        child = state.clone()
        if action.kind == REVEAL_DOWN:
            continue
        child._apply(action)
        v, c = brute(child, seat, depth - 1, leaf)
        k = endgame._key(state, action)
        assert abs(out.setdefault(k, v) - v) < 1e-9, "moves of one class differ"
        cut = cut or c
    return out, cut


def late_positions(count: int, most_cards: int) -> list[ShitheadState]:
    """Full states of Normal-bot heads-up games, draw pile gone, with at most ``most_cards`` cards
    left in hands, up and down cards and the pile together, at a decision with two moves or more."""
    out: list[ShitheadState] = []
    seed = 0
    while len(out) < count:
        state = GAME.new_state(["Ann", "Bea"], None, seed)
        assert isinstance(state, ShitheadState)
        bots = [make_bot("shithead", "normal", seed), make_bot("shithead", "normal", seed + 1)]
        seed += 1
        while state.to_move is not None:
            s = state.to_move
            left = state.cards_held(0) + state.cards_held(1) + len(state.pile)
            view = state.view(s)
            if (not state.draw and state.phase != SETUP and left <= most_cards
                    and len({endgame._key(view, a) for a in view.legal_actions()}) > 1):
                out.append(state.clone())
                break
            state._apply(bots[s].choose(view))
    return out


def test_the_search_agrees_with_brute_force_move_by_move():
    """Alpha-beta over classes of moves and down cards grouped by rank give each root move the value
    the brute force gives it, four plies deep (no transposition table: both exactly four deep),
    with the lines cut short scored as lost and as won."""
    for state in late_positions(6, 12):
        seat = state.to_move
        assert seat is not None
        for leaf in (0.0, 1.0):
            solver = endgame.Solver(seat, 10**7, leaf, use_table=False)
            got = solver.root_values(state, 4)
            want = brute_root(state, 4, leaf)
            assert want, state
            for k, v in want.items():
                assert abs(got[k] - v) < 1e-9, (k, leaf, got[k], v)


def test_the_bounds_hold_and_a_proven_move_is_best():
    """With its transposition table, the search's two values of each move bound the brute force's
    value of it from below and above (searched as deep, and a few plies deeper: the table may carry
    a value found deeper to where a position recurs); where they prove a move best, the brute
    force finds no move surely better (no move's lower value above the proven move's upper one)."""
    proofs = 0
    for state in late_positions(8, 7):
        seat = state.to_move
        assert seat is not None
        bounds, depth, _ = endgame.deepest(state, seat, 100_000, max_depth=6)
        assert depth >= 1
        for deeper in (depth, depth + 1):
            lo, hi = brute_root(state, deeper, 0.0), brute_root(state, deeper, 1.0)
            for k, (low, high) in bounds.items():
                assert low - 1e-9 <= hi[k] and lo[k] <= high + 1e-9, (k, bounds[k], lo[k], hi[k])
        best = endgame.proven(bounds)
        if best is not None:
            proofs += 1
            assert all(lo[k] <= hi[best] + 1e-9 for k in lo), (best, lo, hi)
    assert proofs >= 2, proofs


def shuffled_unknowns(state: ShitheadState, seat: int, seed: int) -> ShitheadState:
    """The same table with every card ``seat`` cannot see (the opponent's unseen hand cards, every
    down card) dealt again at random among those places."""
    view = state.view(seat)
    other = state.clone()
    other.hands = [list(h) for h in other.hands]
    other.down = [list(d) for d in other.down]
    places = [(full, j) for full, seen in zip(other.card_lists(), view.card_lists(), strict=True)
              for j, c in enumerate(seen) if c == HIDDEN]
    cards = [full[j] for full, j in places]
    Rng(seed).shuffle(cards)
    for (full, j), card in zip(places, cards, strict=True):
        full[j] = card
    other.forget_legal()
    return other


def endgame_position() -> ShitheadState:
    """Heads-up, draw pile gone, an 8 on the pile: Ann holds 5♣ and 10♦ and has nothing on the table;
    Bea holds three cards she drew unseen (hidden to Ann) and two down cards. The 10 burns the pile
    and Ann goes again: the 5 on the empty pile and she is out, whatever Bea holds."""
    return table(["5c 10d", "6s 8h Kh"], up=["", ""], down=["", "2h Qs"], pile="8c")


def test_the_search_reads_no_card_its_view_hides():
    state = endgame_position()
    view = state.view(0)
    assert HIDDEN in view.hands[1] and all(c == HIDDEN for d in view.down for c in d)
    move = endgame.solve(view, 20_000, Rng(3))
    assert move == play("10d")
    for seed in range(4):
        other = shuffled_unknowns(state, 0, seed)
        assert other.hands[1] != state.hands[1] or other.down != state.down
        assert endgame.solve(other.view(0), 20_000, Rng(3)) == move


def test_the_search_answers_only_heads_up_once_the_draw_pile_is_gone():
    with_draw = table(["5c 9d", "6s 8h"], pile="8c", draw="2c 3d")
    assert endgame.solve(with_draw.view(0), 20_000, Rng(1)) is None
    three = table(["5c 9d", "6s 8h", "Kc"], pile="8c")
    assert endgame.solve(three.view(0), 20_000, Rng(1)) is None


def known_hands(state: ShitheadState, cards: str) -> ShitheadState:
    """``cards`` went into hands in plain sight (picked up from the pile): every seat knows them."""
    public = [HIDDEN] * 52
    for c in parse_cards(cards):
        public[c] = c
    state.public = tuple(public)
    state.forget_legal()
    return state


def test_a_lost_endgame_is_known_lost():
    """Ann holds 9♦ and A♦ on a 5♣; Bea's last card is a 2 she picked up in plain sight. Whatever
    Ann plays, Bea's 2 goes on it and Bea is out; picking up only delays it: the search proves
    every move loses (exactly, two plies deep), as the brute force does."""
    state = known_hands(table(["9d Ad", "2h"], up=["", ""], down=["", ""], pile="5c"), "2h")
    bounds, depth, exact = endgame.deepest(state, 0, 10_000)
    assert exact and depth == 2
    assert bounds == {k: (0.0, 0.0) for k in brute_root(state, depth, 0.0)}
    assert endgame.solve(state.view(0), 10_000, Rng(1)) is None  # lost anyway: the playouts may swindle


def test_hard_and_expert_answer_from_the_endgame_search():
    """Where the search proves a move, Hard and Expert play it without a playout."""
    state = endgame_position()
    for level in ("hard", "expert"):
        bot = make_bot("shithead", level, 1)
        assert isinstance(bot, SearchBot) and bot.solve_nodes > 0
        bot.ms = None
        assert bot.choose(state.view(0)) == play("10d")
        assert bot.solved and bot.done == 0, level


def aces_position() -> ShitheadState:
    """From a heads-up game of the Normal bots (bench_endgame's first position, seed 1): the draw
    pile is gone, an A♠ is on the pile; Ann holds 9♠ Q♠ A♣ A♦ (the last three picked up in plain
    sight), nothing on the table; Bea one unseen card and one down card. Normal plays its two aces;
    picking up the ace wins whatever Bea's two cards are (only the two Jacks are unaccounted for):
    Ann then holds three aces over Bea's last cards."""
    return known_hands(table(["9s Qs Ac Ad", "Jh"], up=["", ""], down=["", "Js"], pile="As"), "Qs Ac Ad")


def test_hard_and_expert_pick_up_the_ace_they_need():
    """Playouts alone (the Normal heuristic playing on) keep Normal's two aces, in all ten of ten
    searches when this was written; the endgame search proves the pickup."""
    state = aces_position()
    view = state.view(0)
    assert make_bot("shithead", "normal", 1).choose(view) == play("Ac Ad")
    bounds, _, _ = endgame.deepest(view.determinize(Rng(1)), 0, 3000)
    assert bounds["pickup"] == (1.0, 1.0)
    for level in ("hard", "expert"):
        for seed in range(3):
            bot = make_bot("shithead", level, seed)
            assert isinstance(bot, SearchBot)
            bot.ms = None
            assert bot.choose(view) == PICKUP_ACTION, (level, seed)
            assert bot.solved
    playouts_only = make_bot("shithead", "hard", 0)
    assert isinstance(playouts_only, SearchBot)
    playouts_only.ms, playouts_only.solve_nodes = None, 0
    assert playouts_only.choose(view) == play("Ac Ad")


def test_on_the_clock_the_search_stops_at_its_deadline():
    """Issue 15's long hand (eighteen cards against eight): ten million positions would take minutes;
    a deadline 50 ms away ends the search within a few hundred positions of it (the table's Expert
    gives it half its thinking time)."""
    state = kept_two_position()
    t0 = time.perf_counter()
    assert endgame.solve(state.view(0), 10**7, Rng(1), t0 + 0.05) is None
    assert time.perf_counter() - t0 < 1.0
