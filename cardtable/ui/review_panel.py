"""The review's side column drawn from plain data: whose review it is, the chart of their chances
with the decision picked, what it was and the better move, or the progress while the review runs;
and the better move's cards ringed on the table underneath."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pygame

from cardtable.engine.words import in_second_person
from cardtable.store.reviews import MatchReview
from cardtable.ui import review_chart, text, theme

Rect = pygame.Rect


@dataclass(frozen=True)
class ReviewPanel:
    """What the column shows, and where."""

    panel: Rect
    chart: Rect
    px: int
    buttons_top: int
    """The column's words stop above the buttons."""
    name: str
    """Whose decisions are reviewed ("": the player is still to be chosen)."""
    measure: list[str]
    """What the chart measures, in lines as the column holds them."""
    review: MatchReview | None
    """None while the review runs."""
    selected: int | None
    progress: tuple[int, int]
    """Decisions weighed so far, and of how many (0: not known yet)."""
    seconds: float = 0.0
    """How long the review has been weighing (for the time it has left)."""
    shown: int = -1
    """The position the table shows (the replay's index; -1: the decision's own)."""
    who: str = ""
    """Who was reviewed, in a sentence: "you" for the one person at the table ("": ``name``)."""


def draw(surface: pygame.Surface, d: ReviewPanel) -> None:
    px = d.px
    pygame.draw.rect(surface, theme.PANEL, d.panel)
    inner = d.panel.inflate(-px, -px)
    y = inner.y
    title = f"Review: {d.name}" if d.name else "Review: whose play?"
    text.draw_in(surface, title, round(px * 1.2), theme.ACCENT, Rect(inner.x, y, inner.w, px * 2), "top",
                 bold=True)
    y += round(px * 1.7)
    review = d.review
    if not d.name:
        _lines(surface, d, ["Choose the player whose decisions to review."], y)
    elif review is None:
        _progress(surface, d, y)
    else:
        for i, line in enumerate(d.measure):
            text.draw_in(surface, line, px, theme.TEXT_DIM,
                         Rect(inner.x, y + i * round(px * 1.4), inner.w, round(px * 1.4)), "top")
        review_chart.draw(surface, d.chart, review, d.selected, px)
        picked = review.decisions[d.selected] if d.selected is not None else None
        # stepped off the decision, where the table is takes the summary's place: beside it, the
        # better move's reason ran under the buttons
        away = review_chart.elsewhere(picked, d.shown) if picked is not None else ""
        lines: list[str | tuple[str, theme.Colour]] = [away or review_chart.summary(review, d.who or d.name)]
        lines += [review.note] if review.note else []
        if picked is not None:
            made, *rest = review_chart.detail(review, picked)
            lines.append(made)
            if picked.grade:  # in its mark's colour: the chart's dots had no key
                lines.append((rest.pop(0), review_chart.GRADE_COLOURS[picked.grade]))
            lines += rest
        elif not review.decisions:
            lines.append("There was no decision to review.")
        _lines(surface, d, lines, d.chart.bottom + px // 2)


def _lines(surface: pygame.Surface, d: ReviewPanel, lines: Sequence[str | tuple[str, theme.Colour]],
           y: int) -> None:
    """``lines`` wrapped to the column from ``y``, as many as fit above the buttons; a line given
    with a colour is drawn in it."""
    px = d.px
    inner = d.panel.inflate(-px, -px)
    for given in lines:
        raw, colour = (given, theme.TEXT) if isinstance(given, str) else given
        for line in text.wrap(raw, px, inner.w):
            if y + px * 1.4 > d.buttons_top - px // 2:
                return
            text.draw_in(surface, line, px, colour, Rect(inner.x, y, inner.w, round(px * 1.4)), "top")
            y += round(px * 1.4)


def _progress(surface: pygame.Surface, d: ReviewPanel, y: int) -> None:
    px = d.px
    inner = d.panel.inflate(-px, -px)
    done, total = d.progress
    who = d.who or d.name   # as the finished review's summary says it
    _lines(surface, d, [in_second_person(f"Weighing every decision from what {who} could see…", [d.name]),
                        f"{done} of {total or '?'} decisions"], y)
    bar = Rect(inner.x, y + px * 5, inner.w, px)
    pygame.draw.rect(surface, theme.PLATE, bar, border_radius=px // 2)
    if total:
        fill = bar.copy()
        fill.w = max(px // 2, bar.w * done // total)
        pygame.draw.rect(surface, theme.LEGAL, fill, border_radius=px // 2)
    _lines(surface, d, [time_left(done, total, d.seconds)], bar.bottom + px // 2)


def time_left(done: int, total: int, seconds: float) -> str:
    """The time a running review has left, in words, from its pace so far ("" until the pace is
    known: a few decisions and a few seconds in). Rounded up: a wait that ends early is welcome."""
    if done < 3 or seconds < 3 or total <= done:
        return ""
    left = seconds / done * (total - done)
    if left < 60:
        return "Less than a minute left"
    minutes = math.ceil(left / 60)
    return f"About {minutes} minute{'s' if minutes > 1 else ''} left"


def light_better_move(surface: pygame.Surface, review: MatchReview | None, selected: int | None,
                      drawn: Iterable[tuple[int, str, Rect]], shown: int) -> None:
    """The better move's cards ringed on the table (for a graded decision), while the table shows
    the position it was made from (``shown``, the replay's index): stepped on, the aces of "Better:
    play A♣ A♠ A♥" stayed ringed in a hand that had just picked up the pile. ``drawn``: each card
    face the table drew, its place and where."""
    if review is None or selected is None:
        return
    d = review.decisions[selected]
    if not d.grade or d.index != shown:
        return
    cards = set(d.best_action.cards)
    laid = list(drawn)
    for i, (face, _zone, rect) in enumerate(laid):
        if face in cards:
            shows = _showing(rect, [r for _f, _z, r in laid[i + 1:]])
            pygame.draw.rect(surface, theme.LEGAL, shows.inflate(6, 6), 3, border_radius=6)


def _showing(rect: Rect, later: Iterable[Rect]) -> Rect:
    """The part of a card left showing at its left where cards drawn after it lie over the rest (a
    fanned hand): a ring round the whole card ran over the next one, and "Better: play J♠ J♦" lit
    J♠, J♦ and the Q♠ beside them."""
    out = Rect(rect)
    for r in later:
        if r.colliderect(out) and r.x > out.x and r.top <= out.centery <= r.bottom:
            out.w = min(out.w, r.x - out.x)
    return out
