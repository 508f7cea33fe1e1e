"""Shithead's measured fast paths (issue 28, cheaper playouts) give what the plain code gives:
each is checked here against the plain version, written out, over every decision of seeded games."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from cardtable.ai import make_bot
from cardtable.engine.cards import HIDDEN, NAME, RANK
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import Action, Event
from cardtable.engine.rng import Rng
from cardtable.games.shithead.bots import BIG_PILE, CLOSE_TO_OUT, LONG_GAME, STRENGTH, HeuristicBot
from cardtable.games.shithead.game import (
    ACTIVE,
    GAME,
    JOINS,
    PICKUP_ACTION,
    PLAY_RANK,
    PLAYS,
    PLAYS_ON,
    POPCOUNT,
    PRESELECT,
    REVEAL,
    REVEAL_ACTIONS,
    SETUP,
    SHOWN_DOWN,
    SHOWS,
    SUIT_BIT,
    TAKE_UP,
    TAKE_UPS,
    TURN,
    WINDOW,
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


def _first_event_afresh(action: Action, s: int, name: str, hand: list[int], down: list[int]) -> Event | None:
    """The first event of ``action`` built from it by field name, where ``Told`` gives it."""
    cards = action.cards
    if action.kind == "play" and all(c in hand for c in cards):
        return Event(kind="move", text=f"{name} plays {' '.join(NAME[c] for c in cards)}", cards=cards,
                     src=f"hand/{s}", dst="play", face_up=True, seat=s)
    if action.kind == "take_up":
        return Event(kind="move", text=f"{name} takes the {NAME[cards[0]]} into hand", cards=cards,
                     src=f"up/{s}", dst=f"hand/{s}", face_up=True, seat=s)
    if action.kind == "reveal_down":
        return Event(kind="move", text=f"{name} turns over a down card", cards=(down[int(action.choice)],),
                     src=f"down/{s}", dst=f"hand/{s}", seat=s)
    return None


def test_told_events_are_the_ones_built_afresh() -> None:
    """The events ``Told`` gives again (plays from hand, a go again, an up card taken in, a down
    card turned over) and the draws' words are the events built from the action by field name,
    with the right seat's name, over 60 heuristic games at tables of different names (seats that
    share names at one table and not at another, more tables than the cache keeps)."""
    seeds = Rng(61)
    seen = {"play": 0, "take_up": 0, "reveal_down": 0, "again": 0, "draw": 0}
    for game_no in range(60):
        n = 2 + game_no % 4
        names = [f"{'Ann' if game_no % 2 else 'Bo'} {(game_no // 2) % 40 + i}" for i in range(n)]
        bots = [make_bot("shithead", "heuristic", seeds.next64()) for _ in range(n)]
        state = GAME.new_state(names, ShitheadOptions(), seeds.next64())
        while state.to_move is not None:
            s = state.to_move
            action = bots[s].choose(state.view(s))
            afresh = _first_event_afresh(action, s, names[s], state.hands[s][:], state.down[s][:])
            events = state.apply(action)
            if afresh is not None:
                assert events[0] == afresh and type(events[0]) is Event
                seen[action.kind] += 1
            for e in events:
                if e.kind == "again":
                    assert e == Event(kind="again", text=f"{names[s]} goes again", seat=s)
                    seen["again"] += 1
                elif e.kind == "move" and e.src == "draw":
                    assert e.text == f"{names[s]} draws {len(e.cards)}" and e.dst == f"hand/{s}"
                    seen["draw"] += 1
    assert min(seen.values()) > 100, seen


def plain_spare(view: ShitheadState, legal: Sequence[Action], i: int) -> Action:
    """Only 2s and 10s to play, as written before: the ranks gathered, each choice looked up."""
    ranks = {RANK[a.cards[0]] for a in legal[:i]}
    pile = view.pile
    strong = len(pile) >= BIG_PILE or any(RANK[c] >= 13 or RANK[c] == 2 for c in pile)
    rank = 10 if 10 in ranks and strong else 2 if 2 in ranks else 10
    return next(a for a in legal if a.kind == "play" and RANK[a.cards[0]] == rank)


def plain_show(view: ShitheadState, shows: list[Action]) -> Action:
    """The heuristic's show (2.6) as written before: the leader found by ``min`` over cards held."""
    s = view.to_move
    assert s is not None
    targets = sorted({a.target for a in shows})
    held = {t: view.cards_held(t) for t in targets}
    leader = min(targets, key=lambda t: (held[t], t))
    right = (s - 1) % view.cfg.n
    while view.status[right] not in (ACTIVE, WINDOW):
        right = (right - 1) % view.cfg.n
    if right not in held:
        right = targets[0]
    target = leader if held[leader] <= CLOSE_TO_OUT and len(view.pile) >= 3 else right
    if len(view.pile) >= BIG_PILE and HeuristicBot._backfire_risk(view, target) > 0.5:
        target = min(targets, key=lambda t: (HeuristicBot._backfire_risk(view, t), t))
    mine = [a for a in shows if a.target == target]
    return mine[-1] if not view.draw else mine[0]


def plain_play(bot: HeuristicBot, view: ShitheadState, legal: Sequence[Action], i: int) -> Action:
    """The heuristic's play (2.6) as it was written before the runs were jumped: every play
    walked in order."""
    for j in range(i):
        low = RANK[legal[j].cards[0]]
        if low != 2 and low != 10:
            break
    else:
        return plain_spare(view, legal, i)
    if low < 7:
        k = j + 1
        while k < i and RANK[legal[k].cards[0]] < 7:
            k += 1
        if k < i and RANK[legal[k].cards[0]] == 7 and bot._next_close_to_out(view):
            low, j = 7, k
    if RANK[legal[i - 1].cards[0]] == low:
        return legal[i - 1]
    while j + 1 < i and RANK[legal[j + 1].cards[0]] == low:
        j += 1
    return legal[j]


def plain_turn(bot: HeuristicBot, view: ShitheadState, legal: Sequence[Action]) -> Action:
    """The heuristic's turn (2.6) with its parts found by kind and the play in a function of its
    own, as before the play was chosen in ``_turn`` itself."""
    i = len(legal)
    while i and legal[i - 1].kind != "play":
        i -= 1
    shows = [a for a in legal[i:] if a.kind == "show"]
    pickup = next((a for a in legal[i:] if a.kind == "pickup"), None)
    if view.steps > LONG_GAME and i and bot.rng.below(3) == 0:
        return bot.rng.choice([a for a in legal if a.kind == "play"])
    close = any(view.status[t] == ACTIVE and t != view.to_move and view.cards_held(t) <= CLOSE_TO_OUT
                for t in range(view.cfg.n))
    if shows and view.pile and (len(view.pile) >= BIG_PILE or not i or close):
        return plain_show(view, shows)
    if i:
        return plain_play(bot, view, legal, i)
    assert shows or pickup is not None
    return plain_show(view, shows) if shows else pickup  # type: ignore[return-value]


def decisions(seeds: Rng, games: int, kind_of: Callable[[int], str]) -> Iterator[tuple[int, Any, Any, Any]]:
    """Every decision of ``games`` seeded games (2 to 5 seats, the 10s wild every other game, the
    bots of kind ``kind_of(game number)``): the seat, its view, the legal list and its bot; the
    bot's choice is played when the test asks for the next."""
    for game_no in range(games):
        n = 2 + game_no % 4
        bots = [make_bot("shithead", kind_of(game_no), seeds.next64()) for _ in range(n)]
        state = GAME.new_state([f"P{i}" for i in range(n)], ShitheadOptions(ten_wild=game_no % 2 == 0),
                               seeds.next64())
        while state.to_move is not None:
            s = state.to_move
            view = state.view(s)
            yield s, view, view.shared_legal(), bots[s]
            state.apply(bots[s].choose(view))


def test_the_heuristics_turn_is_the_plain_one() -> None:
    """Every turn of 150 games (heuristic and forcing bots, both rule sets, 2 to 5 seats): the
    heuristic's turn (the play's runs jumped, the play chosen in ``_turn``) is the plain one, the
    very object and the same stream; runs of one to fifteen plays, joins, shows and the
    long game's random plays among them."""
    runs: set[int] = set()
    kinds: set[str] = set()
    for s, view, legal, bot in decisions(Rng(62), 150, lambda g: "forcing" if g % 3 == 0 else "heuristic"):
        if view.phase == TURN and len(legal) > 1:
            assert isinstance(bot, HeuristicBot)
            stream = bot.rng.state
            fast = HeuristicBot._turn(bot, view, legal)
            after, bot.rng.state = bot.rng.state, stream
            assert fast is plain_turn(bot, view, legal) and bot.rng.state == after
            bot.rng.state = stream
            kinds.add(fast.kind + ("/long" if view.steps > LONG_GAME else ""))
            shows = [a for a in legal if a.kind == "show"]
            if shows:  # (whether or not the turn shows: every case of the choice of target)
                assert bot._show(view, shows) is plain_show(view, shows)
                tied = view.clone()  # every other seat down to one card: the leader's ties
                tied.hands = [h if t == s else [HIDDEN] for t, h in enumerate(view.hands)]
                tied.up = [u if t == s else [] for t, u in enumerate(view.up)]
                tied.down = [d if t == s else [] for t, d in enumerate(view.down)]
                assert bot._show(tied, shows) is plain_show(tied, shows)
                kinds.add("shown")
            i = sum(1 for a in legal if a.kind == "play")
            if i:
                runs.add(sum(1 for a in legal[:i] if RANK[a.cards[0]] == RANK[legal[i - 1].cards[0]]))
    assert {1, 3, 7, 15} <= runs, runs
    assert {"play", "show", "play/long", "show/long", "shown"} <= kinds, kinds


def test_the_heuristics_setup_and_take_up_are_the_plain_ones() -> None:
    """Every setup and take-up decision of 150 games: the three up cards chosen through the
    precomputed order are those of the plain sort by (strength, card), and the up card taken in is
    the plain one found by sorting the take-ups by rank."""
    counted = {"setup": 0, "take_up": 0}
    for s, view, legal, bot in decisions(Rng(63), 150, lambda g: "heuristic"):
        assert isinstance(bot, HeuristicBot)
        if view.phase == SETUP:
            six = view.hands[s] + view.up[s]
            best = tuple(sorted(sorted(six, key=lambda c: (-STRENGTH[RANK[c]], c))[:3]))
            assert bot._arrange(view, legal).cards == best
            counted["setup"] += 1
        elif view.phase == TAKE_UP:
            ok = view.cfg.table[RANK[view.pile[-1]] if view.pile else 0]
            by_rank = sorted(legal, key=lambda a: RANK[a.cards[0]])
            plain = next((a for a in by_rank if ok[RANK[a.cards[0]]]), by_rank[0])
            assert bot._take_up(view, legal) is plain
            counted["take_up"] += 1
    assert counted["setup"] == sum(2 + g % 4 for g in range(150)) and counted["take_up"] > 1000, counted


def turns(seeds: Rng, games: int, kind_of: Callable[[int], str]) -> Iterator[tuple[ShitheadState, int, Any]]:
    """Every decision of ``games`` seeded games as ``decisions`` plays them, but the state itself,
    its legal list not worked out, the seat and its bot; the bot's choice on a fresh view of the
    seat is played when the test asks for the next."""
    for game_no in range(games):
        n = 2 + game_no % 4
        bots = [make_bot("shithead", kind_of(game_no), seeds.next64()) for _ in range(n)]
        state = GAME.new_state([f"P{i}" for i in range(n)], ShitheadOptions(ten_wild=game_no % 2 == 0),
                               seeds.next64())
        while state.to_move is not None:
            s = state.to_move
            yield state, s, bots[s]
            state.apply(bots[s].choose(state.view(s)))


def test_the_quick_turn_is_the_lists_choice() -> None:
    """Every turn of 150 games (heuristic and forcing bots, both rule sets, 2 to 5 seats): the turn
    answered from the hand (``_quick_turn``, no legal list), when it answers, is the very object
    the list's choice is, with the bot's stream as the list's choice leaves it; ``choose`` on a
    fresh view gives it and leaves the list unmade; and applied without the list (``apply`` asks
    ``_plainly_legal``) it gives the events and the position the list's way gives. Every copy of
    the lowest rank, the 7 against a player about to go out, joins of up cards and the pickup
    are among its answers, and it answers most turns."""
    counted: dict[str, int] = {"turns": 0, "answered": 0, "several": 0, "seven": 0, "join": 0, "pickup": 0}
    for state, s, bot in turns(Rng(64), 150, lambda g: "forcing" if g % 3 == 0 else "heuristic"):
        if state.phase != TURN:
            continue
        counted["turns"] += 1
        view = state.view(s)
        stream = bot.rng.state
        quick = bot._quick_turn(view)
        assert bot.rng.state == stream
        legal = state.legal_actions()
        listed = legal[0] if len(legal) == 1 else bot.decide(view, legal)
        after, bot.rng.state = bot.rng.state, stream
        if quick is None:
            continue
        assert quick is listed and after == stream, (quick, listed)
        fresh = state.view(s)
        fresh._memo = []  # (the view's memo is the state's: this test's list is worked out already)
        assert bot.choose(fresh) is quick and fresh._memo == []
        assert bot.rng.state == stream
        counted["answered"] += 1
        counted["pickup"] += quick.kind == "pickup"
        counted["several"] += len(quick.cards) > 1
        hand = state.hands[s]
        counted["join"] += any(c not in hand for c in quick.cards)
        counted["seven"] += quick.kind == "play" and RANK[quick.cards[0]] == 7 and any(
            a.kind == "play" and 2 < RANK[a.cards[0]] < 7 for a in legal)
        plain, fast = state.clone(), state.clone()
        plain._memo, fast._memo = [legal], []
        assert fast.apply(quick) == plain.apply(quick)
        assert fingerprint(fast) == fingerprint(plain)
    assert counted["answered"] > 0.6 * counted["turns"], counted
    assert min(counted.values()) >= 20, counted


def test_plainly_legal_only_for_listed_actions() -> None:
    """Every decision of 36 games (heuristic, forcing and random bots): ``_plainly_legal`` is
    True only for actions in the legal list, asked of every play of one rank with a card in hand
    or face up, the pickup, each listed action, each rebuilt from JSON and as a plain tuple, and
    given a target, every seat's up cards to take in, every down card to turn over, and near
    misses of the setup's three cards (reversed, another seat's card, two or four cards, a list,
    another kind or a choice); and it is True for most plays and pickups the list holds, every
    setup choice and the first of each take-up and down-card list (so the Normal bot's choice is
    taken without the list)."""
    told_ok = listed_plays = setups = others = 0
    kinds = ("heuristic", "forcing", "random")
    for state, s, _bot in turns(Rng(65), 36, lambda g: kinds[g % 3]):
        legal = state.legal_actions()
        mine = set(state.hands[s]) | set(state.up[s])
        asked = [a for a in PLAY_RANK if any(c in mine for c in a.cards)]
        asked += [PICKUP_ACTION, Action("pickup"), Action("pickup", target=s)]
        for a in legal:
            asked += [a, Action.from_json(a.to_json()), tuple(a), a._replace(target=(s + 1) % state.cfg.n)]
        asked += [TAKE_UPS[c] for t in range(state.cfg.n) for c in state.up[t]] + list(REVEAL_ACTIONS)
        if state.phase in (TAKE_UP, PRESELECT, REVEAL, SHOWN_DOWN):
            assert state._plainly_legal(legal[0]) or legal[0].kind == "wait"
            others += 1
        if state.phase == SETUP:  # near misses of the three up cards
            other = state.hands[(s + 1) % state.cfg.n][0]
            for a in legal[::4]:
                asked += [a._replace(cards=a.cards[::-1]), a._replace(cards=(other, *a.cards[1:])),
                          a._replace(cards=a.cards[:2]), a._replace(cards=(*a.cards, other)),
                          a._replace(cards=list(a.cards)),  # type: ignore[arg-type]
                          a._replace(kind="play"), a._replace(choice="0")]
            assert all(state._plainly_legal(a) for a in legal)
            setups += 1
        for a in asked:  # (asked of the state whose list is worked out: the hook never reads it)
            if state._plainly_legal(a):
                assert type(a) is Action and a in legal, (a, legal)
                told_ok += a in legal
        for a in legal:
            if a.kind in ("play", "pickup") and state.phase == TURN and state.opening < 0 and \
                    all(c in state.hands[s] for c in a.cards):
                listed_plays += 1
                if a.kind == "play" or state.pile:
                    assert state._plainly_legal(a), a
    assert told_ok > 20000 and listed_plays > 20000 and setups == sum(2 + g % 4 for g in range(36))
    assert others > 500, others


def test_the_quick_phases_are_the_lists_choice() -> None:
    """Every decision but a turn of 60 games (2 to 5 seats, both rule sets): ``choose`` on a fresh
    view gives what the list's choice (``decide``, or the only action) gives, the setup's three up
    cards equal to it, an up card taken in or a down card turned over the very object, leaving the
    list unmade when it answers so; applied without the list it gives the events and the position
    the list's way gives. Every setup, take-up and down-card decision is answered so."""
    counted = {"arrange": 0, "take_up": 0, "reveal_down": 0, "listed": 0}
    for state, s, bot in turns(Rng(66), 60, lambda g: "heuristic"):
        if state.phase == TURN:
            continue
        legal = state.legal_actions()
        listed = legal[0] if len(legal) == 1 else bot.decide(state.view(s), legal)
        fresh = state.view(s)
        fresh._memo = []
        quick = bot.choose(fresh)
        assert quick == listed and type(quick) is Action
        if fresh._memo:
            counted["listed"] += 1
            continue
        assert quick is listed or quick.kind == "arrange"
        plain, fast = state.clone(), state.clone()
        plain._memo, fast._memo = [legal], []
        assert fast.apply(quick) == plain.apply(listed)
        assert fingerprint(fast) == fingerprint(plain)
        counted[quick.kind] += 1
    assert counted["arrange"] == sum(2 + g % 4 for g in range(60)), counted
    assert counted["take_up"] > 300 and counted["reveal_down"] > 300 and counted["listed"] < 100, counted


def test_told_interleaved_tables_tell_their_own_names() -> None:
    """Three tables played a step each in turn (two of equal names in different tuples, one of
    other names), as one process may hold them (``_LAST_TOLD`` is the last table's): every event
    is the event of the same game played alone, names and all."""
    def events(names_of: list[tuple[str, ...]], seed: int) -> list[list[Event]]:
        bots = [[make_bot("shithead", "heuristic", seed + t * 10 + i) for i in range(3)] for t in range(3)]
        states = [GAME.new_state(names, None, seed + t) for t, names in enumerate(names_of)]
        told: list[list[Event]] = [[], [], []]
        while any(st.to_move is not None for st in states):
            for t, st in enumerate(states):
                if st.to_move is not None:
                    s = st.to_move
                    told[t] += st.apply(bots[t][s].choose(st.view(s)))
        return told

    together = events([("Ann", "Bo", "Cy"), ("Ann", "Bo", "Cy"), ("Di", "Ed", "Flo")], 70)
    for t, names in enumerate([("Ann", "Bo", "Cy"), ("Ann", "Bo", "Cy"), ("Di", "Ed", "Flo")]):
        alone = events([names if u == t else ("X", "Y", "Z") for u in range(3)], 70)[t]
        assert together[t] == alone
        assert any(names[0] in e.text for e in alone) and not any("Ann" in e.text for e in alone if t == 2)
