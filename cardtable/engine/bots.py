"""The bot protocol and the random bot (issue 27 item 5: in the engine, so a game's bots depend on
the engine only and ``cardtable.ai`` builds the levels on top of what the games declare)."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.protocol import Action, State
from cardtable.engine.rng import Rng


class BotError(RuntimeError):
    pass


class Bot:
    """Chooses an action for the seat to move, from that seat's view only."""

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: State) -> Action:
        legal = legal_for(view)
        return legal[0] if len(legal) == 1 else self.decide(view, legal)

    def decide(self, view: State, legal: Sequence[Action]) -> Action:
        raise NotImplementedError

    def quick_choice(self, state: State) -> Action | None:
        """The action ``decide`` would take in a search's playout, answered without the legal list
        (a deal's setup, say), or None to be asked the usual way: a playout asks it until it first
        declines. A bot that does not override it is never asked."""
        return None


def choose_from_own_view(bot: Bot, view: State) -> Action | None:
    """``Bot.choose`` without copying the legal list, when ``view`` is the seat's own view on its
    turn (``decide`` must only read the list); None where the generic checks must run."""
    if view.viewer is None or view.viewer != view.to_move:
        return None
    legal = view.shared_legal()
    if not legal:
        return None
    return legal[0] if len(legal) == 1 else bot.decide(view, legal)


def legal_for(view: State) -> list[Action]:
    """The legal actions of the view's seat, refusing anything but its own view on its turn."""
    if view.viewer is None:
        raise BotError("a bot is given a seat's view, never the full state")
    if view.to_move is None:
        raise BotError("the game is over: there is nothing to decide")
    if view.viewer != view.to_move:
        raise BotError(f"this view is of seat {view.viewer + 1}, but seat {view.to_move + 1} is to move")
    legal = view.legal_actions()
    if not legal:
        raise BotError("no legal action in this position")
    return legal


class RandomBot(Bot):
    name = "random"

    def decide(self, view: State, legal: Sequence[Action]) -> Action:
        return self.rng.choice(legal)
