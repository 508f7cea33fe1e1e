"""Reviewing a match: every decision of one seat, in order, from that seat's own view at the time
(``cardtable.ai.review.evaluate``), gathered into a ``MatchReview`` the table draws, the command
line prints and the store keeps beside the replay.

``review_positions`` walks the match once; it reports progress after each reviewed decision and
stops (returning None) when asked to, so a caller off the frame loop can show a bar and cancel.
The seed of each decision is made from the review's seed and the decision's place in the match:
the same replay reviews the same way every time, and a decision's verdict does not depend on
which decisions were reviewed before it, nor on which process weighed it. That is what lets
``workers`` processes weigh decisions side by side: a long match's review (some 200 decisions, a
second or more each) took minutes on one core, and a thread beside the frame loop never had more.
"""

from __future__ import annotations

import multiprocessing as mp
from collections.abc import Callable, Generator, Sequence
from dataclasses import replace
from typing import Any

from cardtable.ai import make_bot
from cardtable.ai import review as reviewing
from cardtable.ai.review import Evaluation, evaluate, is_reviewed, review_spec
from cardtable.ai.search import SearchBot
from cardtable.ai.search_hooks import hooks_for
from cardtable.engine.protocol import Action, Game, State
from cardtable.games import parts_of
from cardtable.store.reviews import DecisionReview, MatchReview, MoveValue

MATCH_CAP = 20_000
POLL = 0.1
"""Seconds between looks at ``cancelled`` while the processes weigh."""


class NoReview(ValueError):
    """The match cannot be reviewed for this seat; the message says why, in players' words."""


def decision_seed(seed: int, index: int) -> int:
    return (seed * 1_000_003 + index * 7919 + 12345) & ((1 << 63) - 1)


def _reason(game: Game, view: State, action: Action) -> str:
    reason = parts_of(game).tips.hint_reason
    return reason(view, action) if reason is not None else ""


def why_better(game: Game, view: State, made: Action, best: Action) -> str:
    """The game's reason for the better move, unless it says the same of the move made: "Better:
    play J♠ J♦ … Sheds 2 cards at once." under "Move 169: play Q♠ Q♦" told the player nothing."""
    said = _reason(game, view, best)
    return said if said != _reason(game, view, made) else ""


Task = tuple[State, Action, int, int]
"""A decision to weigh: the seat's own view, the move made, the decision's seed and the most deals
it is weighed on (as this process reads the game's and the review's limits: a process started
for the review reads only the code)."""


def _weigh(task: Task) -> Evaluation:
    view, action, seed, most = task
    spec = review_spec(view)
    assert spec is not None
    return evaluate(view, action, seed, replace(spec, max_deals=most))


def _evaluations(tasks: list[Task], workers: int,
                 cancelled: Callable[[], bool] | None) -> Generator[Evaluation | None, None, None]:
    """Each task's evaluation, in order; a None where ``cancelled()`` turned true (nothing after).
    With more than one task and ``workers`` > 1 they are weighed in that many processes (only
    views, moves and seeds are sent: no process sees more than the seat did)."""
    pool = None
    if workers > 1 and len(tasks) > 1:
        # spawn, as the bot worker and the tournament: a fork of a process with a window and
        # threads is not safe everywhere, and the frozen program starts its children this way
        try:
            pool = mp.get_context("spawn").Pool(min(workers, len(tasks)))
        except OSError:
            pool = None   # no processes to be had: the same review in this one, slower
    if pool is None:
        for task in tasks:
            if cancelled is not None and cancelled():
                yield None
                return
            yield _weigh(task)
        return
    with pool:  # leaving it (done, cancelled or failed) stops its processes
        results = pool.imap(_weigh, tasks)
        for _ in tasks:
            while True:
                if cancelled is not None and cancelled():
                    yield None
                    return
                try:
                    yield results.next(timeout=POLL)
                    break
                except mp.TimeoutError:
                    continue


def review_positions(game: Game, positions: Sequence[State], actions: Sequence[Action], seat: int,
                     seed: int, progress: Callable[[int, int], None] | None = None,
                     cancelled: Callable[[], bool] | None = None, workers: int = 1,
                     most_deals: int = 0) -> MatchReview | None:
    """Review ``seat``'s decisions: ``positions[i]`` is the full position before ``actions[i]``
    (only its view for ``seat`` is ever read). ``progress(done, total)`` after each decision;
    None if ``cancelled()`` turned true. ``workers`` processes weigh the decisions (the same
    review, sooner). ``most_deals``: the most deals a decision is weighed on (0: the game's or the
    review's own), for a quick look that need not be sure of its grades (the self-test)."""
    if not 0 <= seat < len(positions[0].names):
        raise NoReview(f"there is no seat {seat + 1} at this table of {len(positions[0].names)}")
    spec = review_spec(positions[0])
    if spec is None:
        raise NoReview(f"{game.title} has no review")
    hooks = hooks_for(positions[0])
    todo = []
    for i, action in enumerate(actions):
        state = positions[i]
        if state.to_move != seat:
            continue
        view = state.view(seat)
        if is_reviewed(view, spec, hooks):
            todo.append((i, view, action))
    names = positions[0].names
    review = MatchReview(game=game.name, seat=seat, name=names[seat], seed=seed, actions=len(actions),
                         measure=spec.measure, unit=spec.unit, thresholds=spec.thresholds,
                         higher_is_better=spec.higher_is_better, note=spec.note,
                         money=spec.money_of(positions[0]) if spec.money_of is not None else spec.money)
    if progress is not None:
        progress(0, len(todo))
    most = most_deals or spec.max_deals or reviewing.MAX_DEALS
    tasks = [(view, action, decision_seed(seed, i), most) for i, view, action in todo]
    weighed = _evaluations(tasks, workers, cancelled)
    try:
        # strict=False: a cancelled review yields its None and stops short
        for done, ((i, view, action), e) in enumerate(zip(todo, weighed, strict=False), 1):
            if e is None:
                return None
            review.decisions.append(_decision(game, i, view, action, e))
            if progress is not None:
                progress(done, len(todo))
    finally:
        weighed.close()  # a cancelled review's processes stop now, not when collected
    return review


def _decision(game: Game, i: int, view: State, action: Action, e: Evaluation) -> DecisionReview:
    return DecisionReview(
        index=i, made=tuple(action.to_json()), made_words=view.describe(action),  # type: ignore[arg-type]
        best=tuple(e.best.to_json()), best_words=view.describe(e.best),  # type: ignore[arg-type]
        made_value=e.made_value, best_value=e.best_value, loss=e.loss, se=e.se, grade=e.grade,
        deals=e.deals, reason=why_better(game, view, action, e.best) if e.grade else "",
        moves=[MoveValue(words=view.describe(c.action), action=tuple(c.action.to_json()),  # type: ignore[arg-type]
                         value=c.value, deals=c.deals) for c in e.candidates])


def replay_positions(game: Game, names: Sequence[str], options: Any, seed: int, dealer: int | None,
                     actions: Sequence[Action]) -> list[State]:
    """Every position from the deal, the one before each action and the last."""
    state = game.new_state(list(names), options, seed, dealer)
    out = [state.clone()]
    for a in actions:
        state.apply(a)
        out.append(state.clone())
    return out


def play_bot_game(game: Game, bots: Sequence[str], seed: int) -> tuple[list[State], list[Action]]:
    """A seeded bot game, the same on any machine (search bots stop on playouts, not time)."""
    seats = [make_bot(game.name, kind, seed * 31 + i) for i, kind in enumerate(bots)]
    for bot in seats:
        if isinstance(bot, SearchBot):
            bot.ms = None
    names = [f"{kind.capitalize()} {i + 1}" for i, kind in enumerate(bots)]
    state = game.new_state(names, None, seed)
    positions: list[State] = [state.clone()]
    actions: list[Action] = []
    while state.to_move is not None and len(actions) < MATCH_CAP:
        action = seats[state.to_move].choose(state.view(state.to_move))
        state.apply(action)
        actions.append(action)
        positions.append(state.clone())
    return positions, actions
