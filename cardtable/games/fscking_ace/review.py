"""How Card Table reviews Fscking Ace: by the balance the round is expected to leave you with."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.protocol import Action, State
from cardtable.engine.review import ReviewSpec
from cardtable.games.fscking_ace.game import money_unit
from cardtable.games.fscking_ace.search import MONEY_SCALE


def _money(reward: float, view: State) -> float:
    """The search's reward is 0.5 plus the cents gained from the decision to the end of the round
    over ``MONEY_SCALE``: the seat's balance now plus that gain, in stake units (dollars)."""
    seat = view.viewer
    assert seat is not None
    now = view.balances[seat]  # type: ignore[attr-defined]
    return (now + (reward - 0.5) * MONEY_SCALE) / 100.0


def _flip_or_stop(view: State, legal: Sequence[Action]) -> bool:
    """Only flip-or-stop is reviewed: dealing the next round or ending the sitting moves no money."""
    return any(a.kind in ("flip", "stop") for a in legal)


def _money_shown(state: State) -> tuple[str, str]:
    """As the sitting shows its money: "$3.10", "3.10¢" or "3.10 pts"."""
    return money_unit(state.rules.money)  # type: ignore[attr-defined]


# "balance", the balance sheet's word: "expected money ... +$53.99" stood beside a pile worth $18
# and a balance of +$78, and read as either
REVIEW = ReviewSpec(measure="expected balance at the end of the round", unit="money",
                    thresholds=(1.0, 3.0, 6.0), value=_money, reviewed=_flip_or_stop,
                    max_deals=1600, money_of=_money_shown)
