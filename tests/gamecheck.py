"""Checks every game must pass, shared by the per-game property tests.

``play_seated`` is the one seated-game loop: the mover's view, its bot's choice, the move applied,
every card still in exactly one zone, then an exact replay from (seed, actions); a game's own
checks go in its per-step callback. ``play_checked`` plays a whole game with a bot through it and
checks the protocol's promises: legal actions apply, an unlisted action is refused with the state
unchanged, clones are independent, views are consistent with determinize.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from contextlib import suppress
from itertools import chain

from pydantic import BaseModel

from cardtable.ai.base import Bot, RandomBot
from cardtable.engine.cards import HIDDEN
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import Action, Game, IllegalAction, State, replay
from cardtable.engine.rng import Rng


def assert_conserved(state: State) -> None:
    # Sorted lists are the same multisets as Counters, built in C: this runs after every action.
    held = sorted(chain.from_iterable(state.card_lists()))
    assert held == sorted(state.all_cards()), "a card was created or lost"
    zoned = sorted(chain.from_iterable(state.zones().values()))
    assert zoned == held, "zones() and card_lists() disagree"


def unlisted_actions(state: State, legal: Sequence[Action], rng: Rng) -> Iterable[Action]:
    """Plausible actions that are not in the legal list: other cards, other kinds, other targets."""
    kinds = sorted({a.kind for a in legal} | {"play", "pickup"})
    cards = list(state.all_cards())
    for _ in range(4):
        a = Action(rng.choice(kinds), (rng.choice(cards),), rng.below(len(state.names) + 1) - 1)
        if a not in legal:
            yield a
    for a in legal[:3]:
        if a.cards:
            b = a._replace(cards=(*a.cards, rng.choice(cards)))
            if b not in legal:
                yield b


def assert_view_consistent(state: State, seat: int, rng: Rng) -> None:
    view = state.view(seat)
    real = state.zones()
    for zone, cards in view.zones().items():
        assert len(cards) == len(real[zone]), f"{zone}: the view miscounts"
        for shown, true in zip(cards, real[zone], strict=True):
            assert shown in (HIDDEN, true), f"{zone}: the view shows a card that is not there"
    guess = view.determinize(rng)
    assert_conserved(guess)
    assert fingerprint(guess.view(seat), with_rng=False) == fingerprint(view, with_rng=False), \
        "determinize changed something the seat knows"


def assert_refused_and_untouched(state: State, legal: Sequence[Action], rng: Rng) -> None:
    """Unlisted actions are refused with a reason and leave the state as it was, and applying each
    legal action to a clone leaves the original as it was. The state is fingerprinted once after
    all the refusals and the clones' moves, not after each (the fingerprint is most of these
    checks' time); when it changed, each refusal is tried again on a copy of the state as it was,
    to name the one that changed it, and else the clones are to blame (a copy that changed with
    the original is named as such)."""
    before, kept = fingerprint(state), state.clone()
    bad_ones = list(unlisted_actions(state, legal, rng))
    for bad in bad_ones:
        try:
            state.apply(bad)
        except IllegalAction as e:
            assert str(e), "an illegal action was refused without a reason"
        else:
            raise AssertionError(f"unlisted action {bad} was accepted")
    for a in legal:
        state.clone().apply(a)
    if fingerprint(state) != before:
        # the copy made first changed with the original: they share what changed
        assert fingerprint(kept) == before, "a clone shares state with the original: both changed"
        copy = kept.clone()
        for bad in bad_ones:
            alone = kept.clone()
            with suppress(IllegalAction):
                alone.apply(bad)
            assert fingerprint(alone) == before, f"refusing {bad} changed the state"
            with suppress(IllegalAction):
                copy.apply(bad)
        assert fingerprint(copy) == before, f"refusing {bad_ones} changed the state"
        raise AssertionError("applying to a clone changed the original")


StepCheck = Callable[[State, int], None]
"""A game's own checks of a position in a seated game, before its mover moves: the state and the
number of actions played so far."""


def play_seated(game: Game, names: Sequence[str], options: BaseModel | None, seed: int,
                bots: Sequence[Bot], check: StepCheck | None = None, max_actions: int = 5000) -> State:
    """A whole seated game: each step ``check`` (if any) looks at the position, then the mover's
    bot chooses from the mover's view, the move is applied and every card must still be in exactly
    one zone. At the end, (seed, actions) must replay to the identical state. The final state."""
    state = game.new_state(names, options, seed)
    actions: list[Action] = []
    assert_conserved(state)
    while not state.is_over:
        assert len(actions) < max_actions, "the game did not end and no safety cap ended it"
        if check is not None:
            check(state, len(actions))
        seat = state.to_move
        assert seat is not None
        action = bots[seat].choose(state.view(seat))
        state.apply(action)
        actions.append(action)
        assert_conserved(state)
    again = replay(game, names, options, seed, actions)
    assert fingerprint(again) == fingerprint(state), "replaying (seed, actions) gave another state"
    return state


def play_checked(game: Game, players: int, seed: int, bot_factory: Callable[[int], Bot] = RandomBot,
                 max_actions: int = 5000, deep_every: int = 7) -> State:
    """``play_seated`` with the protocol's promises checked at every step (the legal list) and
    every ``deep_every`` steps (refusals, clones, a view and its determinize)."""
    rng = Rng(seed ^ 0x5EED)

    def check(state: State, step: int) -> None:
        legal = state.legal_actions()
        assert legal, "a seat is to move with no legal action"
        assert len(set(legal)) == len(legal), "the legal list repeats an action"
        if step % deep_every == 0:
            assert_refused_and_untouched(state, legal, rng)
            assert_view_consistent(state, rng.below(players), rng)

    state = play_seated(game, [f"P{i + 1}" for i in range(players)], None, seed,
                        [bot_factory(seed * 31 + i) for i in range(players)], check, max_actions)
    assert state.result() is not None
    return state
