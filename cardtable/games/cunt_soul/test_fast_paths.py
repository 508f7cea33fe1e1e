"""Cunt-Soul's measured fast paths (issue 28, cheaper playouts) give what the plain code gives:
each is checked here against the plain version, written out, over every decision of seeded games."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from gamecheck import StepCheck, play_seated
from quiet_checks import loud_and_quiet

from cardtable.ai import make_bot
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import Action, IllegalAction, State
from cardtable.engine.rng import Rng
from cardtable.games.cunt_soul import kinds
from cardtable.games.cunt_soul.bots import HeuristicBot
from cardtable.games.cunt_soul.game import GAME, CuntSoulState
from cardtable.games.cunt_soul.links import Progress
from cardtable.games.cunt_soul.moves import FACE_UP, FIELD, PLAY, SETUP_FIELD, SETUP_UP
from cardtable.games.cunt_soul.state import CuntSoulFields


def plain_progress(state: CuntSoulFields) -> Progress | tuple[int, ...]:
    """The stalemate ruling's measure after a turn, every seat's fewest cards worked out each time
    (the code before the usual turn's shortcut)."""
    _turn, burned, low, gone, lows = state.progress
    held = tuple(min(fewest, state.cards_left(i)) for i, fewest in enumerate(lows))
    if (len(state.burn) > burned or len(state.source) < low or len(state.finished) > gone
            or held != lows):
        return Progress(state.turns, len(state.burn), min(low, len(state.source)), len(state.finished), held)
    return state.progress


def play_heuristic_games(count: int, seats: Callable[[int], int], seeds: Rng, check: StepCheck) -> None:
    """``count`` seeded games of heuristic bots (``seats(game_no)`` seats each), ``check`` looking
    at every position before its move (``gamecheck.play_seated``: cards kept, replays exact)."""
    for game_no in range(count):
        n = seats(game_no)
        bots = [make_bot("cunt-soul", "heuristic", seeds.next64()) for _ in range(n)]
        play_seated(GAME, [f"P{i}" for i in range(n)], None, seeds.next64(), bots, check)


def test_the_progress_noted_is_the_plain_one_at_every_decision() -> None:
    """At every decision of 60 heuristic games (2 to 6 seats), noting progress leaves the record
    the plain measure gives; records with a new fewest cards and records kept both met."""
    kept = renewed = 0

    def check(state: State, _step: int) -> None:
        nonlocal kept, renewed
        assert isinstance(state, CuntSoulFields)
        probe = state.clone()
        expected = plain_progress(probe)
        probe._note_progress()
        assert probe.progress == expected
        if expected is state.progress:
            kept += 1
        elif expected[4] != state.progress[4]:
            renewed += 1

    play_heuristic_games(60, lambda game_no: 2 + game_no % 5, Rng(28), check)
    assert kept > 6000 and renewed > 1000


def test_the_choice_over_runs_is_the_choice_over_every_candidate() -> None:
    """The heuristic scores a run of equal (rank, size) plays once (``_best_in_runs``): over random
    runs, ties and sizes it picks what ``_best_with_noise`` picks over every candidate written out,
    and leaves the bot's random stream in the same place; choices the noise turned and choices
    of the best score both met."""

    gen = Rng(2026)
    best_total_won = noise_won = 0
    for trial in range(4000):
        runs = 1 + gen.below(6)
        sizes = [1 + gen.below(4) if gen.below(3) == 0 else 1 for _ in range(runs)]
        run_scores = [float(gen.below(9)) - gen.below(3) * 0.5 for _ in range(runs)]
        run_burns = [10.0 + gen.below(20) * 0.3 if gen.below(6) == 0 else 0.0 for _ in range(runs)]
        starts = [sum(sizes[:j]) for j in range(runs)]
        scores = [s for s, k in zip(run_scores, sizes, strict=True) for _ in range(k)]
        burns = [b for b, k in zip(run_burns, sizes, strict=True) for _ in range(k)]
        spread = (2.0, 12.0)[trial % 2]
        plain, runs_bot = HeuristicBot(trial), HeuristicBot(trial)
        expected = plain._best_with_noise(scores, burns, spread)
        assert runs_bot._best_in_runs(starts, run_scores, run_burns, len(scores), spread) == expected
        assert runs_bot.rng.state == plain.rng.state
        if expected == max(range(len(scores)), key=lambda i: (scores[i] + burns[i], -i)):
            best_total_won += 1
        else:
            noise_won += 1
    assert noise_won > 300 and best_total_won > 300


def test_the_js_choice_written_out_is_the_plain_max() -> None:
    """R28/A36: the heuristic gives the J's turn to the seat holding the most cards, the lowest
    seat on a tie; ``_next_player`` (the loop) picks what ``max`` over (cards left, -seat) picks
    at every such decision of 40 seeded games, ties among the candidates met."""
    from cardtable.games.cunt_soul.moves import FIELD_JACK, JACK_CHOICE

    asked = ties = 0

    def check(state: State, _step: int) -> None:
        nonlocal asked, ties
        assert isinstance(state, CuntSoulFields) and state.to_move is not None
        if state.phase not in (JACK_CHOICE, FIELD_JACK):
            return
        view = state.view(state.to_move)
        legal = view.legal_actions()
        plain = max(legal, key=lambda a: (view.cards_left(a.target), -a.target))
        assert HeuristicBot._next_player(view, legal) == plain
        asked += 1
        lefts = [view.cards_left(a.target) for a in legal]
        ties += lefts.count(max(lefts)) > 1

    play_heuristic_games(40, lambda game_no: 3 + game_no % 4, Rng(2811), check)
    assert asked > 200 and ties > 20, (asked, ties)


def test_a_quiet_game_tells_nothing_but_its_end() -> None:
    """A playout's state (``narrate`` False) builds no event but the game's end, whatever the action
    (field changes, swaps, Jokers, burns, J choices and 7 declarations met), and plays the same
    game (``loud_and_quiet`` checks every card, seat and stream at each action)."""
    said_kinds: set[str] = set()
    told_kinds: set[str] = set()
    for seed in (5, 17, 29):
        loud = GAME.new_state(["Ann", "Bea", "Cal", "Dee", "Eve"], GAME.Options(), seed)
        for _action, said, told in loud_and_quiet("cunt-soul", loud, seed):
            said_kinds.update(e.kind for e in said)
            told_kinds.update(e.kind for e in told)
    assert told_kinds == {kinds.GAME_OVER}
    assert {kinds.BURN, kinds.CHOOSE, kinds.DECLARE, kinds.SKIP, kinds.DIRECTION, kinds.OUT} <= said_kinds


def setup_decisions(seeds: Rng, deals: int) -> Iterator[tuple[HeuristicBot, CuntSoulState, Any]]:
    """Every setup decision of ``deals`` deals of 2 to 6 seats, each with a heuristic bot: the bot,
    the state and the mover's view (the test applies the move before asking the next), then once
    per deal the bot and the state past the setup with no view (None)."""
    for deal in range(deals):
        n = 2 + deal % 5
        bot = HeuristicBot(seeds.next64())
        state = GAME.new_state([f"P{i}" for i in range(n)], None, seeds.next64())
        while state.phase in (SETUP_UP, SETUP_FIELD):
            s = state.to_move
            assert s is not None
            yield bot, state, state.view(s)
        yield bot, state, None


def test_the_quick_setup_choice_is_the_heuristics_choice_from_the_list() -> None:
    """R2/R3, 1.6: a playout's setup choices made from the hand (``quick_choice``) are the actions
    the heuristic picks from the legal list, at every setup decision of 120 deals of 2 to 6 seats
    (one and two packs); past the setup it declines."""
    asked = {SETUP_UP: 0, SETUP_FIELD: 0}
    for bot, state, view in setup_decisions(Rng(2812), 120):
        if view is None:
            assert state.phase == PLAY and bot.quick_choice(state) is None
            continue
        expected = bot.decide(view, view.legal_actions())
        assert bot.quick_choice(state) == expected
        asked[state.phase] += 1
        state.apply(expected)
    assert asked[SETUP_UP] == asked[SETUP_FIELD] == sum(2 + d % 5 for d in range(120))


def test_a_hand_changed_by_hand_is_noted_as_progress_at_the_next_turn() -> None:
    """The usual turn looks only at the last player's cards while the others' are known to be kept
    (``lows_kept``); a position edited by hand (``forget_legal``) has every seat looked at again:
    a seat left with fewer cards than ever, not the last to play, still counts as progress."""
    seeds = Rng(2813)
    noted = 0
    for game_no in range(20):
        n = 3 + game_no % 3
        bots = [make_bot("cunt-soul", "heuristic", seeds.next64()) for _ in range(n)]
        state = GAME.new_state([f"P{i}" for i in range(n)], None, seeds.next64())
        for _ in range(40 + game_no):
            if state.to_move is None:
                break
            state.apply(bots[state.to_move].choose(state.view(state.to_move)))
        if state.to_move is None:
            continue
        probe = state.clone()
        other = (probe.turn + 1) % n
        if len(probe.hands[other]) < 2 or probe.out[other]:
            continue
        probe.hands = [h[:] for h in probe.hands]
        probe.hands[other] = []  # (a probe: the cards may vanish)
        probe.up = [[] if i == other else u for i, u in enumerate(probe.up)]
        probe.forget_legal()
        assert not probe.lows_kept
        expected = plain_progress(probe)
        probe._note_progress()
        assert probe.progress == expected and expected[4][other] < state.progress[4][other]
        assert probe.lows_kept
        noted += 1
    assert noted >= 10


def _near_misses(action: Action, hand: list[int]) -> list[object]:
    """Setup choices close to ``action`` that its list may or may not hold: cards out of order, one
    not in the hand, too few, of another type, the other setup kind, a target or a choice added."""
    kind, cards, _target, _choice = action
    other = next(c for c in range(200) if c not in hand)
    return [action, Action(kind, cards[::-1]), Action(kind, (*cards[:-1], other)), Action(kind, cards[:-1]),
            Action(kind, (*cards, other)), Action(kind, tuple(float(c) for c in cards)),
            Action(kind, list(cards)),  # type: ignore[arg-type]
            Action(FACE_UP if kind == FIELD else FIELD, cards), Action(kind, cards, 0),
            Action(kind, cards, -1, "x"), tuple(action), Action(kind, (cards[0], cards[0], cards[-1]))]


def test_a_setup_choice_is_taken_without_its_list_only_where_the_list_holds_it() -> None:
    """R2/R3, 1.6: in the full game the heuristic answers the setup without the legal list (the
    view's memo stays empty) with the action it picks from the list, and ``apply`` takes an action
    without the list only where the list holds it; near misses and every listed action of 40
    deals checked, each applied both ways to the same position and events."""
    fast = listed = 0
    for bot, state, view in setup_decisions(Rng(2814), 40):
        if view is None:
            continue
        chosen = bot.choose(view)
        assert not view._memo and not state._memo  # no list was built
        legal = state.clone().legal_actions()
        assert chosen == bot.decide(view, legal)
        for a in legal[::7]:
            assert state._plainly_legal(a)
            listed += 1
        for miss in _near_misses(chosen, view.hands[view.viewer]):
            ok = state._plainly_legal(miss)
            assert not ok or (miss in legal and type(miss) is Action)
            fast += ok
        plain = state.clone()
        plain.legal_actions()  # the memo filled: the list's check
        said = plain.apply(chosen)
        assert state.apply(chosen) == said and fingerprint(state) == fingerprint(plain)
    # of the near misses, only the chosen action is taken (twice for a field card: backwards it is the same)
    assert listed > 1000 and fast == 3 * sum(2 + d % 5 for d in range(40))


def test_a_setup_choice_refused_without_the_list_is_refused_as_before() -> None:
    """An action the quick check does not take goes to the list: refused with the rule's words."""
    state = GAME.new_state(["A", "B", "C"], None, 5)
    s = state.to_move
    assert s is not None
    hand = sorted(state.hands[s])
    for wrong in (Action(FACE_UP, (hand[2], hand[1], hand[0])), Action(FIELD, (hand[0],)),
                  Action(FACE_UP, (hand[0], hand[1]))):
        probe = state.clone()
        with pytest.raises(IllegalAction) as raised:
            probe.apply(wrong)
        assert str(raised.value) == state.why_illegal(wrong)
        assert fingerprint(probe) == fingerprint(state)
    assert state._memo  # (the refusals built the list)


def test_the_shared_turn_events_are_the_events_built_for_each_turn() -> None:
    """Every turn's start tells the seat to move by an event shared per seat (``TURN_EVENTS``): each
    is the event built by field name, and a game's turn events name the seat then to move."""
    from cardtable.engine.protocol import Event
    from cardtable.games.cunt_soul.turn import TURN_EVENTS

    assert tuple(Event(kinds.TURN, seat=s) for s in range(len(TURN_EVENTS))) == TURN_EVENTS
    bots = [make_bot("cunt-soul", "heuristic", s) for s in range(5)]
    state = GAME.new_state([f"P{i}" for i in range(5)], None, 2815)
    told = 0
    while state.to_move is not None:
        for e in state.apply(bots[state.to_move].choose(state.view(state.to_move))):
            if e.kind == kinds.TURN:
                assert e == Event(kinds.TURN, seat=state.turn) and state.turn == state.to_move
                told += 1
    assert told > 50


def test_an_action_equal_to_the_lists_is_applied_as_its_own_and_a_plain_tuple_refused() -> None:
    """``apply`` finds a bot's action in the list by identity first; an equal action built elsewhere
    (a saved match, a phone: from JSON) is applied the same, and a plain tuple of its fields is
    refused, at every decision of a seeded game past the setup."""
    bots = [make_bot("cunt-soul", "heuristic", s) for s in range(4)]
    state = GAME.new_state([f"P{i}" for i in range(4)], None, 2816)
    rebuilt = 0
    while state.to_move is not None:
        action = bots[state.to_move].choose(state.view(state.to_move))
        if state.phase > SETUP_FIELD:
            probe = state.clone()
            with pytest.raises(IllegalAction):
                probe.apply(tuple(action))  # type: ignore[arg-type]
            copy = Action.from_json(action.to_json())
            assert copy is not action and probe.apply(copy) == state.clone().apply(action)
            rebuilt += 1
        state.apply(action)
    assert rebuilt > 100


def plain_play(bot: HeuristicBot, view: CuntSoulState, me: int, legal: Sequence[Action]) -> Action:
    """1.6's play decision as written before its shortcuts: each candidate scored one by one
    (``_rank_score`` called for its rank, the Q's terms worked out in full, the held cards counted
    card by card), the best with noise over every candidate (``_best_with_noise``)."""
    from cardtable.engine.cards import QUEEN, RANK
    from cardtable.games.cunt_soul.bots import (
        ESCAPES,
        LOOP_ROUNDS,
        LOOP_SHED,
        ON_A_QUEEN,
        QUEEN_FOLLOWS,
        SHED,
    )
    from cardtable.games.cunt_soul.moves import CHANGE_FIELD, PICKUP, PLAY_DOWN, PLAY_KIND

    if legal[0].kind == PLAY_DOWN:
        return bot.rng.choice([a for a in legal if a.kind == PLAY_DOWN])
    if legal[0].kind == PICKUP:
        return legal[0]
    if legal[-1].kind == CHANGE_FIELD:
        change = bot._field_change(view, me, legal)
        if change is not None:
            return change
    next_left = view.cards_left(view.next_seat(me))
    pile = len(view.discard)
    held = [RANK[c] for c in view.hands[me] or view.up[me]]
    follows = sum(r in QUEEN_FOLLOWS for r in held) if QUEEN in held else 0
    plays = [a for a in legal if a.kind == PLAY_KIND]
    only_escapes = all(RANK[a.cards[0]] in ESCAPES for a in plays)
    stalled = view.stall() // max(1, view.n_active)
    shed = SHED if stalled < LOOP_ROUNDS else LOOP_SHED
    scores: list[float] = []
    burns: list[float] = []
    for a in plays:
        r, k = RANK[a.cards[0]], len(a.cards)
        score = bot._rank_score(r, only_escapes, pile, next_left <= 3, next_left)
        if stalled >= LOOP_ROUNDS:
            score += bot._loop_breaker(view, r, pile)
        score = score + shed * k + (1.5 if k == held.count(r) else 0.0)
        if r == QUEEN:
            score += shed if follows else -8.0
        elif follows and r in ON_A_QUEEN and follows <= k:
            score += -4.0
        if r == 8 and view.n_active == 2:
            score += shed if bot._skips(view, k) % 2 else 0.0
        scores.append(score)
        on_top = RANK[view.discard[-1]] if view.discard else 0
        burns.append(10.0 + pile * 0.3 if r == on_top and k + view.top_same() >= 4 else 0.0)
    if not plays:
        return legal[0]
    spread = 2.0 if stalled < LOOP_ROUNDS else min(12.0, 2.0 * stalled)
    return legal[bot._best_with_noise(scores, burns, spread)]


def test_the_play_decision_is_the_plain_scoring_of_every_candidate() -> None:
    """1.6: at every play decision of 40 seeded games (2 to 6 seats) the heuristic's play (scores
    by run, a run's length from the held cards, each rank's score from a table, the Q's terms
    written out) is the action the plain scoring of every candidate picks, and leaves the bot's
    stream where it leaves it; a 10 on a big pile, far and near next players, Qs with and without
    follow-ups, loops and only escape cards all met. The same positions with a Field 4 laid (A38:
    singles only) and with Field 3 on a 3-lock (A46: no three 3s) agree too (the bots seldom lay
    either)."""
    from cardtable.engine.cards import QUEEN, RANK
    from cardtable.games.cunt_soul.moves import PLAY_KIND

    met = {"ten on a big pile": 0, "next far": 0, "next near": 0, "queen": 0, "loop": 0, "escapes": 0,
           "Field 4 with pairs": 0, "Field 3 on a 3-lock with 3s": 0}

    def agree(state: CuntSoulState, me: int) -> list[Action]:
        view = state.view(me)
        legal = view.legal_actions()
        if view.phase != PLAY or len(legal) < 2:
            return []
        bot = HeuristicBot(state.turns * 7919 + me)
        chosen = bot._play(view, me, legal)
        after = bot.rng.state
        bot = HeuristicBot(state.turns * 7919 + me)
        assert plain_play(bot, view, me, legal) == chosen
        assert bot.rng.state == after
        return legal

    def pairs_of(state: CuntSoulState, me: int, rank: int = 0) -> bool:
        held = [RANK[c] for c in state.hands[me] or state.up[me]]
        return any(held.count(r) > 1 and rank in (0, r) for r in held)

    def check(state: State, _step: int) -> None:
        assert isinstance(state, CuntSoulState) and state.to_move is not None
        me = state.to_move
        legal = agree(state, me)
        if not legal:
            return
        view = state.view(me)
        ranks = {RANK[a.cards[0]] for a in legal if a.kind == PLAY_KIND}
        left = view.cards_left(view.next_seat(me))
        met["ten on a big pile"] += 10 in ranks and len(view.discard) >= 6
        met["next far"] += left > 7
        met["next near"] += left <= 3
        met["queen"] += QUEEN in ranks
        met["loop"] += view.stall() >= 2 * view.n_active
        met["escapes"] += bool(ranks) and ranks <= {2, 7, 9, 10, 15}
        for field, lock, key in ((4, False, "Field 4 with pairs"), (3, True, "Field 3 on a 3-lock with 3s")):
            if lock and not state.discard:  # (a 3-lock is a 3 on the pile)
                continue
            probe = state.clone()
            probe.fc = tuple(n + (r == field) for r, n in enumerate(probe.fc))
            if lock:
                probe.top = probe.top._replace(lock3=True)
            probe.forget_legal()
            met[key] += bool(agree(probe, me)) and pairs_of(probe, me, 3 if lock else 0)

    play_heuristic_games(40, lambda game_no: 2 + game_no % 5, Rng(2813), check)
    assert min(met.values()) > 30, met


def test_the_links_and_swaps_made_without_the_constructor_are_the_constructors() -> None:
    """R7 multiples and A50's swaps: every link of a rank's cards (``_plays``, made in C) is
    ``Action(PLAY_KIND, cards)`` for every set of them, singles first, and each made Field 5 swap
    (``SWAP_DOWN_PLAY``) is ``Action(SWAP_DOWN, (card,), slot)``, field by field."""
    from itertools import combinations

    from cardtable.games.cunt_soul.links import _plays
    from cardtable.games.cunt_soul.moves import PLAY_KIND, SWAP_DOWN, SWAP_DOWN_PLAY

    for cards in ((5,), (3, 57), (12, 25, 38, 51), (0, 13, 26, 39, 54, 67, 80, 93)):
        plain = [Action(kind=PLAY_KIND, cards=combo) for k in range(1, len(cards) + 1)
                 for combo in combinations(cards, k)]
        made = _plays(cards)
        assert [tuple(a) for a in made] == [tuple(a) for a in plain] and all(type(a) is Action for a in made)
    for card in range(2 * 54):
        for slot in range(3):
            made = SWAP_DOWN_PLAY[card][slot]
            plain = Action(kind=SWAP_DOWN, cards=(card,), target=slot)
            assert type(made) is Action and tuple(made) == tuple(plain)


def test_the_calls_skipped_without_a_source_would_have_done_nothing() -> None:
    """R41/A43 and R10/A12: with the source empty, the field may not be changed and a refill draws
    nothing, so the legal list and the link's end skip those calls then: at every decision of 20
    seeded games with an empty source, ``can_change_field`` says no for the mover and ``_refill``
    leaves the position and the events as they were."""
    empty = 0

    def check(state: State, _step: int) -> None:
        nonlocal empty
        assert isinstance(state, CuntSoulState) and state.to_move is not None
        if state.source:
            return
        empty += 1
        s = state.to_move
        assert not state.can_change_field(s)
        probe = state.clone()
        ev: list[Any] = []
        probe._refill(s, ev)
        assert ev == [] and fingerprint(probe) == fingerprint(state)

    play_heuristic_games(20, lambda game_no: 2 + game_no % 5, Rng(2814), check)
    assert empty > 1200, empty


def test_the_js_choices_listed_once_and_the_pile_seen_at_once_are_the_plain_ones() -> None:
    """R28: with nobody out, the J's choices listed once (``OTHER_SEATS``) are the plain list of
    every other seat, at tables of 2 to 8 and at every J decision of 30 seeded games; R8: a pile
    picked up is seen by everyone, its bits added at once (``_pickup``) as card by card."""
    from cardtable.games.cunt_soul.moves import BIT, CHOICES, FIELD_JACK, JACK_CHOICE, OTHER_SEATS

    for n in range(2, 9):
        for s in range(n):
            assert list(OTHER_SEATS[n][s]) == [CHOICES[p] for p in range(n) if p != s]
    asked = 0

    def check(state: State, _step: int) -> None:
        nonlocal asked
        assert isinstance(state, CuntSoulState) and state.to_move is not None
        s = state.to_move
        if state.phase in (JACK_CHOICE, FIELD_JACK):
            plain = [CHOICES[p] for p in range(state.cfg.n) if p != s and not state.out[p]]
            assert state.legal_actions() == plain
            asked += 1
        elif state.phase == PLAY and state.discard:
            probe = state.clone()
            seen = probe.seen
            for c in probe.discard:
                seen |= BIT[c]
            probe._pickup(s, [])
            assert probe.seen == seen

    play_heuristic_games(30, lambda game_no: 3 + game_no % 4, Rng(2815), check)
    assert asked > 150, asked


def test_a_links_event_and_position_hold_its_cards_as_a_tuple() -> None:
    """R7: a link is played from the action's own cards (no list made of them): at every link of
    20 seeded games its move event holds those cards, a tuple, gone from where they were played
    from."""
    from cardtable.engine.protocol import MOVE
    from cardtable.games.cunt_soul.moves import PLAY_KIND

    links = 0

    def check(state: State, _step: int) -> None:
        nonlocal links
        assert isinstance(state, CuntSoulState) and state.to_move is not None
        s = state.to_move
        legal = state.legal_actions()
        for action in legal[:3]:
            if action.kind != PLAY_KIND:
                continue
            probe = state.clone()
            held = probe.hands[s] or probe.up[s]
            events = probe.apply(action)
            moved = next(e for e in events if e.kind == MOVE and e.dst == "discard")
            assert type(moved.cards) is tuple and moved.cards == action.cards
            assert set(action.cards) <= set(held)
            assert not set(action.cards) & set(probe.hands[s] + probe.up[s])
            links += 1

    play_heuristic_games(20, lambda game_no: 2 + game_no % 5, Rng(2816), check)
    assert links > 2000, links


def test_on_an_empty_pile_every_rank_may_go() -> None:
    """R50: with nothing to beat (an empty pile, a table card: value 0, no Field-3 triple) every
    rank may go on the pile whatever else is in force, which lets the legal list skip the filter
    and the table's look-up there; and at every decision of 20 seeded games the links listed are
    the plain filter's."""
    from itertools import product

    from cardtable.engine.cards import RANK
    from cardtable.games.cunt_soul.legal import _NOTHING_TO_BEAT
    from cardtable.games.cunt_soul.links import _ok_table
    from cardtable.games.cunt_soul.moves import HIGHER, LOWER

    declared = (0, HIGHER, LOWER)
    for lock3, seven, fseven, nine, f9, fk, f2, fj in product((False, True), declared, declared,
                                                               *[(False, True)] * 5):
        ok = _ok_table(0, lock3, seven, fseven, nine, f9, fk, f2, fj)
        assert all(ok[r] for r in range(2, 16))
        assert ok[2:] == _NOTHING_TO_BEAT[2:]  # (what the list then takes without asking)
    empty = 0

    def check(state: State, _step: int) -> None:
        nonlocal empty
        assert isinstance(state, CuntSoulState) and state.to_move is not None
        if state.phase != PLAY or not state.hands[state.to_move]:
            return
        ok = state.ok_ranks()
        hand = state.hands[state.to_move]
        plain = sorted((c for c in hand if ok[RANK[c]]), key=lambda c: (RANK[c], c))
        links = state._link_plays(hand)
        assert sorted({c for a in links for c in a.cards}, key=lambda c: (RANK[c], c)) == plain
        empty += not state.top.value

    play_heuristic_games(20, lambda game_no: 2 + game_no % 5, Rng(2817), check)
    assert empty > 300, empty


def test_the_field_js_choices_told_once_are_the_events_built_for_each() -> None:
    """R38/A36: a Field J's choice is told by an event made once per table, chooser and chosen:
    at every Field J choice of 30 seeded games (3 to 6 seats) it is the event built by field name,
    with the names of that table."""
    from cardtable.engine.protocol import Event
    from cardtable.games.cunt_soul.moves import FIELD_JACK

    told = 0

    def check(state: State, _step: int) -> None:
        nonlocal told
        assert isinstance(state, CuntSoulState) and state.to_move is not None
        if state.phase != FIELD_JACK:
            return
        s = state.to_move
        for action in state.legal_actions():
            t = action.target
            said = state.clone().apply(action)[0]
            assert said == Event(kinds.CHOOSE, text=f"Field J: {state.names[s]} chooses {state.names[t]} "
                                 "to play next", seat=s, data={"target": t})
            told += 1

    play_heuristic_games(30, lambda game_no: 3 + game_no % 4, Rng(2818), check)
    assert told > 300, told
