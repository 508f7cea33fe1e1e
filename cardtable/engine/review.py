"""What a game tells the review (its ``PARTS.review``, kept in its folder's ``review.py``): the
game's own measure of how a seat is doing, and how much of it a move may cost before it is graded.

The review (``cardtable.ai.review``) scores every candidate move with playouts that end as the
search's do (the game's search hooks), and reads the seat's playout reward through ``value``:
the game's measure in its own units (a chance from 0 to 1, a finishing place, dollars).
``thresholds`` are the losses, in those units, at which a move is an inaccuracy, a mistake and a
blunder; the game's rule book says the same in its "How Card Table reviews" section.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Literal

from cardtable.engine.protocol import Action, State

GRADES = ("inaccuracy", "mistake", "blunder")
REVIEW_HEADING = "How Card Table reviews"


@dataclass(frozen=True)
class ReviewSpec:
    measure: str
    """The measure in players' words, for the chart ("chance of not being the Shithead")."""
    unit: Literal["chance", "place", "money"]
    thresholds: tuple[float, float, float]
    """Inaccuracy, mistake, blunder: the least loss (in the measure's units) of each grade."""
    value: Callable[[float, State], float]
    """The reviewed seat's playout reward (the search's, in [0, 1]) as the measure, given the
    seat's view at the decision."""
    higher_is_better: bool = True
    reviewed: Callable[[State, Sequence[Action]], bool] | None = None
    """Which decisions are reviewed (the seat's view and its legal moves); None: every decision
    with a real choice."""
    key: Callable[[State, Action], Hashable] | None = None
    """Moves the review treats as one (None: the search hooks' classes)."""
    note: str = ""
    """A line for the summary where the game has few decisions to review."""
    max_deals: int = 0
    """The most deals a decision is weighed on (0: the review's default), for a measure as noisy
    as money."""
    money: tuple[str, str] = ("$", "")
    """How an amount of money is written: what goes before and after the number ("$", "") or
    ("", "¢"), as the match's own money is shown."""
    money_of: Callable[[State], tuple[str, str]] | None = None
    """The match's ``money`` from a position of it (a game whose money is an option)."""

    def grade(self, loss: float) -> str:
        """The grade of a move that cost ``loss`` (in the measure's units), "" below the first."""
        out = ""
        for name, least in zip(GRADES, self.thresholds, strict=True):
            if loss >= least:
                out = name
        return out

    def amount(self, value: float) -> str:
        """A value of the measure in words ("62%", "2.4th place", "+$3.10")."""
        if self.unit == "chance":
            return f"{100 * value:.0f}%"
        if self.unit == "place":
            return f"place {value:.1f}"
        sign = "-" if value < 0 else "+"
        return f"{sign}{self.money[0]}{abs(value):.2f}{self.money[1]}"

    def loss_words(self, loss: float) -> str:
        """A loss in words ("12 points of chance", "0.1 places", "0.25 places", "$2.10")."""
        if self.unit == "chance":
            points = round(100 * loss)
            return f"{points} point{'' if points == 1 else 's'} of chance"
        if self.unit == "place":
            places = round(loss, 2)
            return f"{places:g} place{'' if places == 1 else 's'}"
        return f"{self.money[0]}{loss:.2f}{self.money[1]}"

    def error_words(self, se: float) -> str:
        """A standard error in words, never "0.0 places": below what is shown, "less than" it."""
        # every unit is shown to the hundredth (a point of chance is a hundredth)
        return self.loss_words(se) if se >= 0.005 else "less than " + self.loss_words(0.01)

    def number(self, value: float) -> str:
        """A value of the measure as a decision's lines give it ("62%", "1.64", "+$3.10"): to the
        hundredth the loss beside it is given to."""
        shown = round(value, 2)
        if self.unit == "chance":
            return f"{100 * shown:.0f}%"
        if self.unit == "place":
            return f"{shown:.2f}"
        return self.amount(shown)

    def shown_loss(self, made: float, best: float) -> float:
        """What the move made cost, as ``number`` gives both values: "place 1.4 against place 1.6"
        beside "it cost 0.3 places" read as a sum that does not add up."""
        return abs(round(best, 2) - round(made, 2))
