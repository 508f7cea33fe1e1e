"""The review's chart: the reviewed seat's chances (the game's own measure) after each of its
decisions, with a mark on every graded one. Where a point goes and which point a click means
are plain functions of the review and the rectangle (tested without a window); ``draw`` only
paints them with the table's own colours and text. The words beside it are here too."""

from __future__ import annotations

import pygame

from cardtable.engine.words import count
from cardtable.store.reviews import DecisionReview, MatchReview
from cardtable.ui import text, theme

GRADE_COLOURS: dict[str, theme.Colour] = {
    "inaccuracy": (240, 210, 90),
    "mistake": (245, 150, 60),
    "blunder": (230, 80, 70),
}
GRADE_WORDS = {"inaccuracy": "Inaccuracy", "mistake": "Mistake", "blunder": "Blunder"}


def value_range(review: MatchReview) -> tuple[float, float]:
    """The chart's bottom and top: 0-100% for a chance, places 1 to the last, the money seen."""
    if review.unit == "chance":
        return 0.0, 1.0
    values = [d.made_value for d in review.decisions] + [d.best_value for d in review.decisions]
    if review.unit == "place":
        return 1.0, max(2.0, max(values, default=2.0))
    low, high = min(values, default=0.0), max(values, default=1.0)
    pad = max(1.0, (high - low) * 0.1)
    return low - pad, high + pad


def points(review: MatchReview, rect: pygame.Rect) -> list[tuple[int, int]]:
    """Where each decision's point goes: left to right in the order played, a better value
    higher (a lower place is better)."""
    n = len(review.decisions)
    return [(rect.x + round(rect.w * (i + 0.5) / max(1, n)), height_of(review, rect, d.made_value))
            for i, d in enumerate(review.decisions)]


def height_of(review: MatchReview, rect: pygame.Rect, value: float) -> int:
    """Where ``value`` of the measure lies up the chart: a better value higher."""
    low, high = value_range(review)
    frac = (value - low) / ((high - low) or 1.0)
    if not review.higher_is_better:
        frac = 1.0 - frac
    return rect.bottom - round(max(0.0, min(1.0, frac)) * rect.h)


def even_line(review: MatchReview) -> tuple[float, str] | None:
    """The value a line across the chart marks, and its label: even chances, or no money won or
    lost (the labels at the top and bottom, "+$104.11" and "-$144.37", did not say where a
    Fscking Ace player went from up to down); None for places."""
    if review.unit == "chance":
        return 0.5, "50%"
    low, high = value_range(review)
    before, after = review.money
    return (0.0, f"{before}0{after}") if review.unit == "money" and low < 0.0 < high else None


def hit(review: MatchReview, rect: pygame.Rect, pos: tuple[int, int]) -> int | None:
    """The decision (its place in ``review.decisions``) a click at ``pos`` means: the nearest
    point left to right, anywhere over the chart; None outside it."""
    if not rect.inflate(4, 4).collidepoint(pos) or not review.decisions:   # a point may sit on the edge
        return None
    pts = points(review, rect)
    return min(range(len(pts)), key=lambda i: abs(pts[i][0] - pos[0]))


def draw(surface: pygame.Surface, rect: pygame.Rect, review: MatchReview, selected: int | None,
         px: int) -> None:
    pygame.draw.rect(surface, theme.PLATE, rect, border_radius=max(2, px // 3))
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=max(2, px // 3))
    inner = rect.inflate(-px, -px)
    even = even_line(review)
    small = max(10, round(px * 0.7))
    if even is not None:
        y = height_of(review, inner, even[0])
        pygame.draw.line(surface, theme.FELT_LINE, (inner.x, y), (inner.right, y), 1)
        img = text.render(even[1], small, theme.TEXT_DIM)
        surface.blit(img, img.get_rect(bottomright=(rect.right - 3, y - 1)))
    pts = points(review, inner)
    if selected is not None and 0 <= selected < len(pts):
        x = pts[selected][0]
        pygame.draw.line(surface, theme.SELECTED, (x, inner.y), (x, inner.bottom), 2)
    if len(pts) > 1:
        pygame.draw.lines(surface, theme.TEXT, False, pts, 2)
    elif pts:  # one decision draws no line: a point, so the chart is not empty
        pygame.draw.circle(surface, theme.TEXT, pts[0], max(2, px // 5))
    radius = max(3, px // 3)
    for (x, y), d in zip(pts, review.decisions, strict=True):
        if d.grade:
            pygame.draw.circle(surface, GRADE_COLOURS[d.grade], (x, y), radius)
            pygame.draw.circle(surface, theme.TEXT_DARK, (x, y), radius, 1)
    low, high = value_range(review)
    spec = review.spec()
    top, bottom = (high, low) if review.higher_is_better else (low, high)
    for value, where in ((top, "topleft"), (bottom, "bottomleft")):
        img = text.render(spec.amount(value), small, theme.TEXT_DIM)
        box = img.get_rect(**{where: (rect.x + 3, rect.y + 2 if where == "topleft" else rect.bottom - 2)})
        surface.blit(img, box)


def grade_line(review: MatchReview, d: DecisionReview) -> str:
    """A graded decision in a line: "Move 23: Blunder, 31 points of chance"."""
    if not d.grade:
        return f"Move {d.index + 1}: {d.made_words}, as good as any"
    return f"Move {d.index + 1}: {GRADE_WORDS[d.grade]}, {_cost(review, d)}"


def _cost(review: MatchReview, d: DecisionReview) -> str:
    """What ``d`` cost, as the difference of the two values its lines give."""
    spec = review.spec()
    return spec.loss_words(spec.shown_loss(d.made_value, d.best_value))


def elsewhere(d: DecisionReview, shown: int) -> str:
    """Where the table is when the replay has been stepped off decision ``d`` (``shown``, the
    replay's index, counted as its caption counts), and the key that steps back; "" at ``d``."""
    if shown < 0 or shown == d.index:
        return ""
    where = "the deal" if shown == 0 else f"move {shown}"
    way = "Left goes back" if shown > d.index else "Right goes on"
    return f"The table shows {where}: {way} to before move {d.index + 1}."


def summary(review: MatchReview, who: str = "you") -> str:
    """"47 decisions, judged on what you could see: 1 blunder, 4 mistakes, 6 inaccuracies.". The
    replay under it shows every hand: Takku-Sum's "play 10♦" was a blunder beside Bea's hand that
    could not follow it, a hand Ash never saw."""
    c = review.counts()
    return (f"{count(len(review.decisions), 'decision')}, judged on what {who} could see: "
            f"{count(c['blunder'], 'blunder')}, {count(c['mistake'], 'mistake')}, "
            f"{count(c['inaccuracy'], 'inaccuracy', 'inaccuracies')}.")


def detail(review: MatchReview, d: DecisionReview) -> list[str]:
    """What was played, its grade and cost, the better move and the game's reason for it."""
    spec = review.spec()
    out = [f"Move {d.index + 1}: {d.made_words}."]
    if not d.grade:
        # "(70%)" alone read as how good the move was: the line names what the number measures
        return [*out, f"As good as any move here: {review.measure} {spec.number(d.made_value)}."]
    out.append(f"{GRADE_WORDS[d.grade]}: it cost {_cost(review, d)}.")
    out.append(f"Better: {d.best_words} ({review.measure} {spec.number(d.best_value)}, "
               f"against {spec.number(d.made_value)}).")
    return out + ([d.reason] if d.reason else [])
