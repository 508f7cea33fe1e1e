"""A markdown token stream turned into width-independent blocks (headings, paragraphs, list
items, tables, code, rules) made of styled spans, for ``markdown_view`` to lay out."""

from __future__ import annotations

from dataclasses import dataclass, field

from markdown_it.token import Token


@dataclass(frozen=True)
class Span:
    text: str
    bold: bool = False
    italic: bool = False
    code: bool = False
    link: bool = False


@dataclass
class Block:
    kind: str  # "heading", "para", "code", "hr", "table"
    spans: list[Span] = field(default_factory=list)
    level: int = 0  # heading level
    indent: int = 0  # list / quote depth
    quote: int = 0  # how many of the indent levels are block quotes
    marker: str = ""  # "•", "◦", "▪" or "3." on the first paragraph of a list item
    tight: bool = False  # inside a tight list: less space after
    code_text: str = ""
    rows: list[list[list[Span]]] = field(default_factory=list)  # table: header row first
    aligns: list[str] = field(default_factory=list)


# -- tokens to blocks ------------------------------------------------------------------------------


def _spans(inline: Token | None) -> list[Span]:
    """The styled runs of an inline token (bold, italic, code spans, links)."""
    spans: list[Span] = []
    bold = italic = link = False
    for t in (inline.children or []) if inline is not None else []:
        if t.type == "text":
            spans.append(Span(t.content, bold, italic, False, link))
        elif t.type == "code_inline":
            spans.append(Span(t.content, bold, italic, True, link))
        elif t.type in ("softbreak",):
            spans.append(Span(" ", bold, italic, False, link))
        elif t.type == "hardbreak":
            spans.append(Span("\n"))
        elif t.type in ("strong_open", "strong_close"):
            bold = t.type == "strong_open"
        elif t.type in ("em_open", "em_close"):
            italic = t.type == "em_open"
        elif t.type in ("link_open", "link_close"):
            link = t.type == "link_open"
        elif t.type == "image":
            spans.append(Span(t.content or "", bold, italic, False, link))
    return spans


def _blocks(tokens: list[Token]) -> list[Block]:
    blocks: list[Block] = []
    lists: list[dict[str, object]] = []  # open lists: ordered?, next number, marker pending
    quote = 0
    i = 0
    while i < len(tokens):
        t = tokens[i]
        kind = t.type
        if kind in ("bullet_list_open", "ordered_list_open"):
            start = int(str(t.attrs.get("start", 1))) if t.attrs else 1
            lists.append({"ordered": kind == "ordered_list_open", "n": start, "pending": ""})
        elif kind in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
            if not lists and blocks:
                blocks[-1].tight = False  # a full paragraph's space after the whole list
        elif kind == "list_item_open":
            current = lists[-1]
            if current["ordered"]:
                current["pending"] = f"{current['n']}."
                current["n"] = int(str(current["n"])) + 1
            else:
                current["pending"] = "•◦▪"[min(2, sum(1 for x in lists if not x["ordered"]) - 1)]
        elif kind == "blockquote_open":
            quote += 1
        elif kind == "blockquote_close":
            quote -= 1
        elif kind == "heading_open":
            blocks.append(Block("heading", _spans(tokens[i + 1]), level=int(t.tag[1:])))
            i += 2
        elif kind == "paragraph_open":
            marker = ""
            if lists and lists[-1]["pending"]:
                marker = str(lists[-1]["pending"])
                lists[-1]["pending"] = ""
            blocks.append(Block("para", _spans(tokens[i + 1]), indent=len(lists) + quote,
                                quote=quote, marker=marker, tight=t.hidden))
            i += 2
        elif kind in ("fence", "code_block"):
            blocks.append(Block("code", code_text=t.content.rstrip("\n"),
                                indent=len(lists) + quote, quote=quote))
        elif kind == "hr":
            blocks.append(Block("hr"))
        elif kind == "table_open":
            i = _table(tokens, i, blocks, len(lists) + quote)
        i += 1
    return blocks


def _table(tokens: list[Token], i: int, blocks: list[Block], indent: int) -> int:
    """Collect the table starting at ``tokens[i]``; return the index of its ``table_close``."""
    rows: list[list[list[Span]]] = []
    aligns: list[str] = []
    while tokens[i].type != "table_close":
        t = tokens[i]
        if t.type == "tr_open":
            rows.append([])
        elif t.type in ("th_open", "td_open"):
            style = str(t.attrs.get("style", "")) if t.attrs else ""
            if t.type == "th_open":
                aligns.append(style.removeprefix("text-align:") or "left")
            rows[-1].append(_spans(tokens[i + 1]))
        i += 1
    blocks.append(Block("table", rows=rows, aligns=aligns, indent=indent))
    return i
