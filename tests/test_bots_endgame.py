"""The heads-up Shithead endgame search (issue 28 item 1): it agrees with a brute force that tries
every move and every down card one by one, it answers from the seat's own view alone (the unseen
cards shuffled give the same move), and Hard and Expert use it."""

from __future__ import annotations

from cardtable.ai import make_bot
from cardtable.ai.search import SearchBot
from cardtable.engine.cards import HIDDEN, parse_cards
from cardtable.engine.rng import Rng
from cardtable.games.shithead import endgame
from cardtable.games.shithead.game import GAME, REVEAL_DOWN, SETUP, ShitheadState
from cardtable.games.shithead.positions import table


def brute(state: ShitheadState, seat: int, depth: int, leaf: float | None = None) -> tuple[float, bool]:
    """Plain expectimax: every legal action on its own, every down card on its own (any unturned
    down card of either seat is as likely to lie in the slot turned over); the value for ``seat``
    and whether a line was cut ``depth`` plies deep (and scored by the static estimate, or
    ``leaf``)."""
    result = state.result()
    if result is not None:
        return result.rewards[seat], False
    if depth == 0:
        return (endgame.estimate(state, seat) if leaf is None else leaf), True
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


def brute_root(state: ShitheadState, depth: int) -> dict[object, float]:
    return brute_root_cut(state, depth)[0]


def brute_root_cut(state: ShitheadState, depth: int,
                   leaf: float | None = None) -> tuple[dict[object, float], bool]:
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
    the brute force gives it, four plies deep (no transposition table: both exactly four deep)."""
    for state in late_positions(6, 12):
        seat = state.to_move
        assert seat is not None
        solver = endgame.Solver(seat, 10**7, use_table=False)
        got = solver.root_values(state, 4)
        want = brute_root(state, 4)
        assert want, state
        for k, v in want.items():
            assert abs(got[k] - v) < 1e-9, (k, got[k], v)


def test_an_exact_search_agrees_with_brute_force():
    """Where the search (with its transposition table) finishes exactly, its values are the game's:
    the brute force, scoring every line it cuts as a certain loss and again as a certain win, gives
    those same values both times (the lines that never end, pickup after pickup, are ones neither
    seat chooses), and so the same best move. (The table may carry a position's exact value to where
    it recurs fewer plies from the end of the search, so the brute force may need a few more plies.)"""
    checked = 0
    for state in late_positions(12, 8):
        seat = state.to_move
        assert seat is not None
        values, depth, exact = endgame.deepest(state, seat, 200_000, max_depth=9)
        if not exact:
            continue
        for deeper in range(depth, depth + 4):
            want = brute_root_cut(state, deeper, 0.0)[0]
            if want == brute_root_cut(state, deeper, 1.0)[0]:
                break
        else:
            continue
        for k, v in want.items():
            assert abs(values[k] - v) < 1e-9, (k, values[k], v)
        assert max(values, key=lambda k: values[k]) in [k for k, v in want.items() if v == max(want.values())]
        checked += 1
    assert checked >= 4, checked


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
    """Heads-up, draw pile gone: Ann holds three cards, Bea three she drew unseen (hidden to Ann),
    and both have down cards."""
    return table(["5c 9d Js", "6s 8h Kh"], up=["", ""], down=["4d", "2h Qs"], pile="8c")


def test_the_search_reads_no_card_its_view_hides():
    state = endgame_position()
    view = state.view(0)
    assert HIDDEN in view.hands[1] and all(c == HIDDEN for d in view.down for c in d)
    move = endgame.solve(view, 20_000, Rng(3))
    assert move is not None
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
    values, depth, exact = endgame.deepest(state, 0, 10_000)
    assert exact and depth == 2
    assert values == brute_root(state, depth) == {k: 0.0 for k in values}


def test_hard_and_expert_answer_from_the_endgame_search():
    """Bea holds a 2 and an 8 she picked up in plain sight and one down card; Ann holds 9♦ A♦ K♣
    and one down card, on a 5♣: small enough for Hard's node budget, and the move is the
    search's best."""
    state = known_hands(table(["9d Ad Kc", "2h 8s"], up=["", ""], down=["4d", "6c"], pile="5c"), "2h 8s")
    for level in ("hard", "expert"):
        bot = make_bot("shithead", level, 1)
        assert isinstance(bot, SearchBot) and bot.solve_nodes > 0
        bot.ms = None
        move = bot.choose(state.view(0))
        assert bot.solved, level
        values = endgame.deepest(state, 0, bot.solve_nodes)[0]
        assert values[endgame._key(state, move)] == max(values.values()), (level, move, values)
