"""Where everything on the new-game page goes, as plain rectangles: the seats on the left (in two
columns when there are many), the options on the right with their whole help text, Back and Deal
at the bottom. The text is as large as the Interface size asks, or smaller until it all fits."""

from __future__ import annotations

from dataclasses import dataclass, field

from pygame import Rect

from cardtable.ui import text
from cardtable.ui.widgets import Choice


@dataclass
class OptionPlace:
    label: list[tuple[str, Rect]]
    """The option's name, a line a box (a long name wraps)."""
    control: Rect
    help: list[tuple[str, Rect]]


@dataclass
class SetupPage:
    px: int
    title: Rect
    seats_label: Rect
    players: Rect
    seats: list[tuple[Rect, Rect, Rect]]
    """Each seat's name field, human-or-bot choice and level choice."""
    options_head: Rect
    options: list[OptionPlace] = field(default_factory=list)
    notes: list[tuple[str, Rect]] = field(default_factory=list)
    """What the seats' kinds mean, a line a box, under the seats (left out where they do not fit)."""
    error: Rect = field(default_factory=Rect)
    back: Rect = field(default_factory=Rect)
    deal: Rect = field(default_factory=Rect)


def setup_page(size: tuple[int, int], wish: int, seats: int, options: list[tuple[str, str]],
               levels: list[str], notes: list[str] | tuple[str, ...] = ()) -> SetupPage:
    """The page for ``seats`` seats (bots of ``levels``) and ``options`` (name, help) in a window of
    ``size``, with ``notes`` (what the seats' kinds mean) under the seats where there is room."""
    for px in range(wish, 9, -1):
        for seat_columns in (1, 2):
            page = _try(size, px, seats, options, levels, seat_columns)
            if page is not None:
                _place_notes(page, notes)
                return page
    page = _try(size, 10, seats, options, levels, 2, force=True)
    assert page is not None
    _place_notes(page, notes)
    return page


def _place_notes(page: SetupPage, notes: list[str] | tuple[str, ...]) -> None:
    """``notes`` under the seats, in the options' help size, as many whole notes as fit above the
    error line (a note is never cut in the middle)."""
    px = page.px
    small = max(9, round(px * 0.75))
    line = text.line_box(small)
    left = page.seats_label.x
    width = page.players.right - left
    y = max((r[2].bottom for r in page.seats), default=page.players.bottom) + px
    for note in notes:
        lines = text.wrap(note, small, width)
        if y + line * len(lines) > page.error.y - px // 2:
            return
        page.notes += [(ln, Rect(left, y + i * line, width, line)) for i, ln in enumerate(lines)]
        y += line * len(lines) + px // 2


def _try(size: tuple[int, int], px: int, seats: int, options: list[tuple[str, str]], levels: list[str],
         seat_columns: int, force: bool = False) -> SetupPage | None:
    w, h = size
    row, gap, margin = round(px * 2.2), round(px * 0.5), px * 2
    big = round(px * 1.6)
    title = Rect(margin, round(px * 1.2), w - 2 * margin, text.line_box(big, True))
    top = title.bottom + px
    buttons_y = h - margin - row
    error = Rect(margin, buttons_y - text.line_box(px) - gap, w - 2 * margin, text.line_box(px))
    bottom = error.y - gap
    kind_w = Choice.width_for(["Human", "Bot"], px)
    # no level to choose (a game of luck): the name takes its room, and its gap
    level_w = Choice.width_for([v.capitalize() for v in levels], px) + gap if levels else 0
    # The seats take what their rows need (a name of about eight letters), at most half the page
    # (three fifths in two columns); the options, with their help, have the rest.
    inner_w = w - 2 * margin - px * 2
    row_w = px * 8 + kind_w + level_w + gap
    share = 0.5 if seat_columns == 1 else 0.6
    left_w = min(round(inner_w * share), max(px * 20, seat_columns * row_w + (seat_columns - 1) * px))
    right_w = inner_w - left_w
    if min(left_w // seat_columns, right_w) < px * 16 and not force:
        return None
    x1, x2 = margin, margin + left_w + px * 2
    label_w = round(left_w * 0.3)
    page = SetupPage(px, title, Rect(x1, top, label_w, row), Rect(x1 + label_w, top, left_w - label_w, row),
                     [], Rect(x2, top, right_w, row), error=error)
    per_column = -(-seats // seat_columns)
    sub_w = (left_w - (seat_columns - 1) * px) // seat_columns
    name_w = sub_w - kind_w - level_w - gap
    if name_w < px * 5 and not force:
        return None
    for i in range(seats):
        column, place = divmod(i, per_column)
        x = x1 + column * (sub_w + px)
        y = top + row + gap * 2 + place * (row + gap)
        page.seats.append((Rect(x, y, name_w, row), Rect(x + name_w + gap, y, kind_w, row),
                           Rect(x + name_w + kind_w + gap * 2, y, max(0, level_w - gap), row)))
    seats_bottom = max((r[0].bottom for r in page.seats), default=top + row)
    options_bottom = _place_options(page, options, x2, top + row + gap, right_w, px, row, gap)
    if max(seats_bottom, options_bottom) > bottom and not force:
        return None
    bw = min(round(px * 9), (w - 2 * margin - gap * 2) // 2)
    page.back = Rect(w // 2 - bw - gap, buttons_y, bw, row)
    page.deal = Rect(w // 2 + gap, buttons_y, bw, row)
    return page


def _place_options(page: SetupPage, options: list[tuple[str, str]], x: int, y: int, width: int, px: int,
                   row: int, gap: int) -> int:
    """Each option: its name (wrapped) left of its control, its help under both; the bottom."""
    small = max(9, round(px * 0.75))
    label_w, control_w = round(width * 0.58), round(width * 0.38)
    line, small_line = text.line_box(px), text.line_box(small)
    for name, help_text in options:
        names = text.wrap(name, px, label_w)
        label_y = y + max(0, (row - line * len(names)) // 2)
        label = [(n, Rect(x, label_y + i * line, label_w, line)) for i, n in enumerate(names)]
        hy = max(y + row, label_y + line * len(names)) + 2
        helps = [(ln, Rect(x, hy + i * small_line, width, small_line))
                 for i, ln in enumerate(text.wrap(help_text, small, width) if help_text else [])]
        page.options.append(OptionPlace(label, Rect(x + width - control_w, y, control_w, row), helps))
        y = (helps[-1][1].bottom if helps else hy) + gap * 2
    return y - gap * 2
