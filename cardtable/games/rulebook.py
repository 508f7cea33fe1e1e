"""Reading a game's rule book for the table's comforts: the tooltips quote its tables and the
"How to play" overlay its own section, so the words live once, in the book.

A game's words for those comforts are declared in its parts (``cardtable.engine.parts.Tips``,
one field each: card and pile tooltips, a hint's reason, a seat's summary, the notable moments
and the counted ones); its ``tips.py`` holds the functions and reads the book through here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

HOW_TO_PLAY = "How to play"


def section(book: str, heading: str) -> str:
    """The text under the heading named ``heading`` (any level), up to the next heading of the
    same or a higher level; "" if the book has no such heading."""
    lines = book.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"^(#+)\s+(.*?)\s*$", line)
        if m and m.group(2).lower() == heading.lower():
            level = len(m.group(1))
            out = []
            for rest in lines[i + 1:]:
                n = re.match(r"^(#+)\s", rest)
                if n and len(n.group(1)) <= level:
                    break
                out.append(rest)
            return "\n".join(out).strip()
    return ""


@cache
def table_cells(book: str, heading: str) -> tuple[tuple[str, ...], ...]:
    """The rows of a section's table (its header row first), Markdown emphasis removed."""
    rows = []
    for line in section(book, heading).splitlines():
        cells = tuple(plain(c.strip()) for c in line.strip().strip("|").split("|"))
        if line.lstrip().startswith("|") and not set(cells[0]) <= set("-: "):
            rows.append(cells)
    return tuple(rows)


def table_rows(book: str, heading: str) -> dict[str, str]:
    """A section's table as {first cell: second cell}."""
    return {row[0]: row[1] for row in table_cells(book, heading) if len(row) >= 2}


def plain(text: str) -> str:
    """Markdown emphasis and code marks taken out of a line."""
    return re.sub(r"[*_`]{1,2}([^*_`]+)[*_`]{1,2}", r"\1", text)


def how_to_play(book: str) -> list[tuple[str, str]]:
    """The "How to play" section's cards: (title, text) for each of its sub-headings."""
    cards: list[tuple[str, str]] = []
    body = section(book, HOW_TO_PLAY)
    for part in re.split(r"^#+\s+", body, flags=re.MULTILINE)[1:]:
        title, _, text = part.partition("\n")
        cards.append((title.strip(), text.strip()))
    return cards


def ranks_phrase(ranks: list[int], word: Callable[[int], str]) -> str:
    """Ranks in players' words, runs joined: [2, 3, 4, 5, 6, 7, 10] -> "2 to 7 or a 10"."""
    runs: list[list[int]] = []
    for r in sorted(ranks):
        if runs and r == runs[-1][-1] + 1:
            runs[-1].append(r)
        else:
            runs.append([r])
    # a run of two is two items of the list ("2, 6, 7, 10 or K to Joker", not "2, 6 or 7, 10 or ...")
    parts = [p for run in runs for p in ([f"{word(run[0])} to {word(run[-1])}"] if len(run) > 2
                                         else [word(r) for r in run])]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]
