"""A guard for bots at the table (issue 8, "Bad input"): a bot that crashes, answers with an
illegal action or overruns its thinking budget is replaced by the Normal level for that move,
and the table log says so; the game goes on.

The worker process calls, for each bot move::

    move = guarded_choose(bot, view, fallback=make_bot(game, "normal", seed), budget_ms=600)
    send(move.action)
    if move.note:
        log(move.note)          # e.g. "Hard overran its 0.6 s budget: Normal moved instead"

A search bot is driven through its anytime interface in slices, so it is stopped at its deadline
and answers with the best move found so far; a slice cannot be cut short, so the deadline can be
passed by one slice (one deal's playouts, a few milliseconds). Any other bot runs to the end; if
it took longer than the budget plus ``grace_ms`` its answer is dropped for the fallback's.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from cardtable.ai.base import Bot, BotError, legal_for
from cardtable.ai.search import SearchBot
from cardtable.engine.protocol import Action, State

SLICE_MS = 20.0
GRACE_MS = 150.0


@dataclass(frozen=True)
class GuardedMove:
    action: Action
    replaced: bool  # the fallback moved instead of the bot
    note: str  # a line for the table log when something went wrong, else ""
    seconds: float  # the bot's thinking time (before any fallback)


def _label(bot: Bot) -> str:
    return bot.name.capitalize() if bot.name else type(bot).__name__


def guarded_choose(bot: Bot, view: State, fallback: Bot, budget_ms: float,
                   grace_ms: float = GRACE_MS) -> GuardedMove:
    """The bot's move for ``view``, or the fallback's if the bot fails (see the module doc).

    A view that is not the seat to move's, or a finished game, is the caller's mistake: it raises
    BotError as any bot would, and no fallback is tried."""
    legal = legal_for(view)
    if len(legal) == 1:
        return GuardedMove(legal[0], False, "", 0.0)
    t0 = time.perf_counter()
    try:
        action = _think(bot, view, budget_ms)
        problem = "" if action in legal else f"chose an illegal move ({action})"
    except Exception as e:  # a bot bug must not end the game: the fallback moves instead
        action, problem = legal[0], f"failed ({type(e).__name__}: {e})"
    seconds = time.perf_counter() - t0
    if not problem and seconds * 1000.0 > budget_ms + grace_ms:
        problem = f"overran its {budget_ms / 1000:.1f} s budget ({seconds:.1f} s)"
    if not problem:
        return GuardedMove(action, False, "", seconds)
    try:
        action = fallback.choose(view)
        who = _label(fallback)
        if action not in legal:
            raise BotError(f"the fallback chose an illegal move ({action})")
    except Exception:
        action, who = legal[0], "the first legal move"
    return GuardedMove(action, True, f"{_label(bot)} {problem}: {who} was played instead", seconds)


def _think(bot: Bot, view: State, budget_ms: float) -> Action:
    if not isinstance(bot, SearchBot):
        return bot.choose(view)
    if bot.ms is not None:
        budget_ms = min(budget_ms, bot.ms)
    deadline = time.perf_counter() + budget_ms / 1000.0
    bot.start(view)
    bot.deadline = deadline
    limit = bot.iterations
    try:
        while not bot.decided and (limit is None or bot.done < limit):
            left = (deadline - time.perf_counter()) * 1000.0
            if left <= 0:
                break
            bot.step(min(SLICE_MS, left))
    finally:
        bot.deadline = None
    return bot.best()
