"""Reviews kept beside the replays: ``reviews/<match id>-seat<N>.json`` in the data folder.

A review is written once, whole and atomically, when it is finished; a review cancelled or cut
short (the window closed, the program killed) writes nothing, and the replay itself is never
touched. A kept review that no longer fits its replay (another number of actions, an older
evaluator, another game) is ignored and made again; one that cannot be read is set aside with a
message, as the store does with any bad file.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from cardtable.engine.protocol import Action
from cardtable.engine.review import GRADES, ReviewSpec
from cardtable.store.match_file import SavedMatch, replay_path
from cardtable.store.paths import AppPaths
from cardtable.store.safe_file import FileKind, load_model, save_model, set_aside_message

REVIEW_VERSION = 1
"""The file's format; ``EVALUATOR`` below is the verdicts' own version."""
EVALUATOR = 1
"""Bumped whenever the evaluator changes its verdicts: a kept review of another one is made again."""


class MoveValue(BaseModel):
    model_config = ConfigDict(extra="forbid")

    words: str
    action: tuple[str, list[int], int, str]
    value: float
    deals: int


class DecisionReview(BaseModel):
    """One decision of the reviewed seat."""

    model_config = ConfigDict(extra="forbid")

    index: int
    """How many actions of the match came before it: the position is ``positions[index]``."""
    made: tuple[str, list[int], int, str]
    made_words: str
    best: tuple[str, list[int], int, str]
    best_words: str
    made_value: float
    best_value: float
    loss: float
    se: float
    grade: str
    deals: int
    reason: str = ""
    """Why the better move is better, in the game's words (its hint reason), where it has one."""
    moves: list[MoveValue] = Field(default_factory=list)

    @property
    def made_action(self) -> Action:
        return Action.from_json(self.made)

    @property
    def best_action(self) -> Action:
        return Action.from_json(self.best)


class MatchReview(BaseModel):
    """The review of one seat's play in one match."""

    model_config = ConfigDict(extra="forbid")

    evaluator: int = EVALUATOR
    game: str
    seat: int
    """0-based internally; shown as seat + 1 or by name."""
    name: str
    seed: int
    actions: int
    """How many actions the reviewed match has: a kept review of a different match is not used."""
    measure: str
    unit: str
    thresholds: tuple[float, float, float]
    higher_is_better: bool = True
    note: str = ""
    money: tuple[str, str] = ("$", "")
    """How the match's money is written (before and after the number): a review kept before this
    field reads as dollars, as every match then did."""
    decisions: list[DecisionReview] = Field(default_factory=list)

    # -- reading it --------------------------------------------------------------------------------
    def spec(self) -> ReviewSpec:
        return ReviewSpec(self.measure, self.unit, self.thresholds, lambda r, v: r,  # type: ignore[arg-type]
                          self.higher_is_better, money=self.money)

    def graded(self) -> list[DecisionReview]:
        return [d for d in self.decisions if d.grade]

    def counts(self) -> dict[str, int]:
        return {g: sum(1 for d in self.decisions if d.grade == g) for g in GRADES}

    def total_loss(self) -> float:
        """The graded decisions' losses added up (the measure's units)."""
        return sum(d.loss for d in self.graded())

    def costliest(self, n: int = 3) -> list[DecisionReview]:
        return sorted(self.graded(), key=lambda d: (-d.loss, d.index))[:n]

    def summary_line(self) -> str:
        c = self.counts()
        return (f"reviewed {len(self.decisions)} decisions: {c['blunder']} blunders, "
                f"{c['mistake']} mistakes, {c['inaccuracy']} inaccuracies")

    def decision_line(self, d: DecisionReview) -> str:
        spec = self.spec()
        # the numbers as the review screen gives them: the cost is the difference of the two shown
        cost = spec.loss_words(spec.shown_loss(d.made_value, d.best_value))
        line = (f"move {d.index + 1}, {self.name}: {d.made_words}: {d.grade}, cost {cost} (give or "
                f"take {spec.error_words(d.se)}); better: {d.best_words} ({self.measure} "
                f"{spec.number(d.best_value)}, against {spec.number(d.made_value)})")
        return line + (f". {d.reason}" if d.reason else "")

    def lines(self) -> list[str]:
        return [self.decision_line(d) for d in self.graded()] + [self.summary_line()]




REVIEW_FILE = FileKind(what="review", model=MatchReview, version=REVIEW_VERSION,
                       fallback="it will be made again")


def review_path(paths: AppPaths, match_id: str, seat: int) -> Path:
    return paths.data_dir / "reviews" / f"{match_id}-seat{seat + 1}.json"


def load_review(paths: AppPaths, match_id: str, game: str, seat: int, actions: int
                ) -> tuple[MatchReview | None, list[str]]:
    """The kept review of this match and seat, if there is one that fits it; messages about a
    file that had to be set aside."""
    path = review_path(paths, match_id, seat)
    if not path.exists():
        return None, []
    found, messages = load_model(path, REVIEW_FILE)
    if found is None or (found.game, found.seat, found.actions, found.evaluator) != (
            game, seat, actions, EVALUATOR):
        return None, messages
    return found, messages


def save_review(paths: AppPaths, match_id: str, review: MatchReview) -> list[str]:
    """Keep a finished review (atomically: the old copy stays until the new one is whole)."""
    path = review_path(paths, match_id, review.seat)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        return [f"Could not keep the review in {path.parent} ({err.strerror}); it is shown all the same."]
    return save_model(path, review, REVIEW_FILE)


def set_aside_replay(paths: AppPaths, saved: SavedMatch, reason: str) -> list[str]:
    """A kept replay that no longer replays is renamed out of the way (kept, never read again)
    with a message saying why, as the store does with any bad file."""
    path = replay_path(paths, saved)
    if not path.exists():
        return [f"This game cannot be reviewed: {reason}."]
    return [set_aside_message(path, "replay", reason, "it cannot be reviewed or watched")]
