"""Wrapping styled spans at a width: words kept whole, runs of one style merged, code cut between
characters, and a table's columns shared out, for ``markdown_view`` to lay out."""

from __future__ import annotations

import re

from cardtable.ui import text
from cardtable.ui.markdown_blocks import Span

_WORD = re.compile(r"\S+|\s+")


def _wrap_code(line: str, px: int, width: int) -> list[str]:
    """A line of code cut between characters where it overflows, keeping its indentation."""
    pieces = [""]
    for ch in line:
        if pieces[-1] and text.text_size(pieces[-1] + ch, px)[0] > width:
            pieces.append("")
        pieces[-1] += ch
    return pieces


def _words(spans: list[Span]) -> list[list[Span] | None]:
    """Spans cut into words (each a list of styled pieces); ``None`` marks a break between words
    and an empty list a forced line break."""
    out: list[list[Span] | None] = []
    word: list[Span] = []
    for span in spans:
        if span.text == "\n":
            if word:
                out.append(word)
            out += [None, [], None]
            word = []
            continue
        for piece in _WORD.findall(span.text):
            if piece.isspace():
                if word:
                    out.append(word)
                    word = []
                out.append(None)
            else:
                word.append(Span(piece, span.bold, span.italic, span.code, span.link))
    if word:
        out.append(word)
    return out


def _width(span: Span, px: int, bold: bool) -> int:
    return text.text_size(span.text, px, bold or span.bold, span.italic)[0]


def _same_style(a: Span, b: Span) -> bool:
    return (a.bold, a.italic, a.code, a.link) == (b.bold, b.italic, b.code, b.link)


class _Line:
    """A line being filled: merged same-style runs and their measured widths."""

    def __init__(self, px: int, bold: bool) -> None:
        self.px, self.bold = px, bold
        self.runs: list[Span] = []
        self.widths: list[int] = []

    def width(self) -> int:
        return sum(self.widths)

    def extended(self, pieces: list[Span]) -> _Line:
        """A copy with ``pieces`` appended; only the runs that change are measured again, and
        they are measured whole, exactly as they will be rendered."""
        out = _Line(self.px, self.bold)
        out.runs, out.widths = self.runs[:], self.widths[:]
        for piece in pieces:
            if out.runs and _same_style(out.runs[-1], piece):
                last = out.runs[-1]
                out.runs[-1] = Span(last.text + piece.text, last.bold, last.italic, last.code,
                                    last.link)
                out.widths[-1] = _width(out.runs[-1], self.px, self.bold)
            else:
                out.runs.append(piece)
                out.widths.append(_width(piece, self.px, self.bold))
        return out

    def done(self) -> list[tuple[Span, int]]:
        return list(zip(self.runs, self.widths, strict=True))


def _wrap_spans(spans: list[Span], px: int, width: int,
                bold: bool = False) -> list[list[tuple[Span, int]]]:
    """Greedy word wrap of styled spans: lines of (run, width) with same-style neighbours merged
    (spaces included) so a line is a few text surfaces, not one per word. Widths are measured on
    the merged runs, exactly as they will be rendered, so no line ever overhangs."""
    lines: list[list[tuple[Span, int]]] = []
    empty = _Line(px, bold)
    line = empty
    pending_space = False
    for word in _words(spans):
        if word is None:
            pending_space = bool(line.runs)
            continue
        if not word:  # a hard break
            lines.append(line.done())
            line, pending_space = empty, False
            continue
        gap: list[Span] = []
        if pending_space and line.runs:
            # A space takes a style only when both neighbours share it: a bold phrase or a code
            # span stays one run, and a link's underline does not reach into the space before it.
            prev, nxt = line.runs[-1], word[0]
            gap = [Span(" ", prev.bold and nxt.bold, prev.italic and nxt.italic,
                        prev.code and nxt.code, prev.link and nxt.link)]
        pending_space = False
        candidate = line.extended(gap + word)
        if candidate.width() <= width:
            line = candidate
            continue
        if line.runs:
            lines.append(line.done())
        line = empty.extended(word)
        if line.width() <= width:
            continue
        # A word longer than the line: cut it between characters.
        line = empty
        for span in word:
            for ch in span.text:
                part = Span(ch, span.bold, span.italic, span.code, span.link)
                candidate = line.extended([part])
                if line.runs and candidate.width() > width:
                    lines.append(line.done())
                    candidate = empty.extended([part])
                line = candidate
    if line.runs or not lines:
        lines.append(line.done())
    return lines


def _line_width(line: list[Span], px: int, bold: bool) -> int:
    return _Line(px, bold).extended(line).width()


def _column_widths(rows: list[list[list[Span]]], px: int, available: int,
                   pad: int) -> list[int]:
    """Natural widths when they fit; otherwise each column gets its longest word and shares the
    rest in proportion to how much more it would like."""
    ncols = len(rows[0])
    natural = [0] * ncols
    minimum = [0] * ncols
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            bold = r == 0
            words = [w for w in _words(cell) if w]
            widths = [_line_width(w, px, bold) for w in words]
            full = _line_width([s for s in cell if s.text != "\n"], px, bold)
            natural[c] = max(natural[c], full + 2 * pad)
            minimum[c] = max(minimum[c], max(widths, default=0) + 2 * pad)
    if sum(natural) <= available:
        return natural
    if sum(minimum) >= available:
        # Even the longest words do not fit: share the width out; words get cut.
        total = sum(minimum)
        return [max(2 * pad + 1, m * available // total) for m in minimum]
    # Columns narrower than a fair share keep their natural width (short labels stay on one
    # line); the wide ones share what is left in proportion to their length.
    widths = [0] * ncols
    open_cols = set(range(ncols))
    remaining = available
    while open_cols:
        fair = remaining / len(open_cols)
        small = [c for c in open_cols if natural[c] <= fair]
        if not small:
            break
        for c in small:
            widths[c] = natural[c]
            remaining -= natural[c]
            open_cols.discard(c)
    total = sum(natural[c] for c in open_cols)
    for c in open_cols:
        widths[c] = max(minimum[c], natural[c] * remaining // total)
    overflow = sum(widths) - available
    for c in sorted(open_cols, key=lambda c: widths[c] - minimum[c], reverse=True):
        if overflow <= 0:
            break
        give = min(overflow, widths[c] - minimum[c])
        widths[c] -= give
        overflow -= give
    return widths
