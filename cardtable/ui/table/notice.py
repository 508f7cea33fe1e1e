"""A notice on the table: a refused move's reason or a hint, by the cards it is about, in a box
that keeps off what the player must still see (the buttons, the prompt, the coach) and, where the
table has room, off every other card and name plate."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from cardtable.ui import text, theme
from cardtable.ui.layout import TablePlacement

Rect = pygame.Rect


def notice(surface: pygame.Surface, p: TablePlacement, line: str, near: Rect | None,
           keep: Sequence[Rect] = (), prompt_band: Rect | None = None, rather: Sequence[Rect] = (),
           read: Sequence[Rect] = ()) -> Rect:
    """A short line by the cards it is about (a refused move's reason), in a box that stays on
    the table and off ``keep`` (the decision buttons), the prompt's band and ``read`` (the words by
    the middle places), and off ``rather`` (the other cards and the name plates) where the table
    has room. The box drawn."""
    px = p.text_px
    lines = notice_lines(p, line)
    box = notice_box(p, _size(lines, px), near, keep, prompt_band, rather)
    if box.collidelist(list(read)) >= 0:
        key = (line, px, tuple(p.table_rect), *(tuple(map(tuple, rs)) for rs in (
            [box], [near] if near else [], keep, [prompt_band] if prompt_band else [], rather, read)))
        if _last_found[0] != key:  # drawn each frame while shown: found once
            found = _off_the_words(p, line, (lines, box), near, keep, prompt_band, rather, read)
            _last_found[:] = [key, found]
        lines, box = _last_found[1]
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=px // 2)
    pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=px // 2)
    for i, part in enumerate(lines):
        img = text.render(part, px, theme.TEXT, bold=True)
        surface.blit(img, img.get_rect(midtop=(box.centerx, box.y + px // 4 + i * round(px * 1.3))))
    return box


_last_found: list = [None, None]
"""The last notice moved off the words: its inputs and its lines and box."""


def _size(lines: list[str], px: int) -> tuple[int, int]:
    """A notice's widest line and its lines, as ``notice_box`` takes them."""
    return max(text.text_size(part, px, bold=True)[0] for part in lines), len(lines)


def _off_the_words(p: TablePlacement, line: str, placed: tuple[list[str], Rect], near: Rect | None,
                   keep: Sequence[Rect], prompt_band: Rect | None, rather: Sequence[Rect],
                   read: Sequence[Rect]) -> tuple[list[str], Rect]:
    """The notice's lines and box off the words by the middle places, nearest where it was put
    and covering the least of ``rather``, narrower where that finds room (beside a pile); as it
    was put if nowhere on the table is clear of them. Walking Cersei heads-up, the hint above the
    prompt hid "Cersei 0/3" under the pot while the felt beside the pot was bare."""
    px = p.text_px
    hard = [*keep, *([prompt_band] if prompt_band is not None else []), *read,
            *([near] if near is not None else [])]
    soft = [r for r in rather if near is None or not near.contains(r)]
    was = placed[1].center
    best: tuple[float, list[str], Rect] | None = None
    widest = _size(placed[0], px)[0]
    for width in (widest, widest * 2 // 3, widest // 2):
        lines = text.wrap(line, px, max(px * 10, width), bold=True)
        if len(lines) > NOTICE_LINES:
            break
        w, n = _size(lines, px)
        box = Rect(0, 0, w + px, n * round(px * 1.3) + px // 2)
        step = max(4, px)
        area = p.table_rect
        # a score is at least the distance from where the notice was put: walked outwards from
        # there, a row or column farther than the best so far cannot beat it
        rows = sorted((abs(y + box.h // 2 - was[1]), y)
                      for y in range(area.top, area.bottom - box.h + 1, step))
        columns = sorted((abs(x + box.w // 2 - was[0]), x)
                         for x in range(area.left, area.right - box.w + 1, step))
        for dy, y in rows:
            if best is not None and dy >= best[0]:
                break
            for dx, x in columns:
                if best is not None and dx + dy >= best[0]:
                    break
                box.topleft = (x, y)
                if box.collidelist(hard) >= 0:
                    continue
                cover = sum(c.w * c.h for c in (box.clip(soft[i]) for i in box.collidelistall(soft)))
                score = cover / max(1, box.w) + dx + dy
                if best is None or score < best[0]:
                    best = (score, lines, box.copy())
    return placed if best is None else (best[1], best[2])


def notice_box(p: TablePlacement, size: tuple[int, int], near: Rect | None,
               keep: Sequence[Rect] = (), prompt_band: Rect | None = None,
               rather: Sequence[Rect] = ()) -> Rect:
    """Where a notice of ``size`` goes (see ``_notice_place``), moved up off ``rather`` (cards it
    is not about, name plates) when it can be without meeting anything it must keep off: a hint
    at Shithead's setup lay over the left opponent's cards while the felt above the piles was
    bare."""
    box = _notice_place(p, size, near, keep, prompt_band)
    others = [r for r in rather if near is None or not near.contains(r)]
    if box.collidelist(others) < 0:
        return box
    hard = [*keep, *([prompt_band] if prompt_band is not None else [])]
    clear = _lifted(box, [*hard, *others], p.table_rect.top, p.text_px)
    if clear.top >= p.table_rect.top and clear.collidelist([*hard, *others]) < 0 \
            and (near is None or not clear.colliderect(near)):
        return clear
    return box


def _lifted(box: Rect, over: Sequence[Rect], top: int, px: int) -> Rect:
    """``box`` moved up above what it meets, and above what it meets there, until it meets
    nothing or reaches ``top``."""
    lifted = box.copy()
    while (met := [k for k in over if k.colliderect(lifted)]) and lifted.top > top:
        lifted.bottom = min(k.top for k in met) - px // 4
    return lifted


def _notice_place(p: TablePlacement, size: tuple[int, int], near: Rect | None,
                  keep: Sequence[Rect], prompt_band: Rect | None) -> Rect:
    """Where a notice of ``size`` (its widest line, its lines) goes: above what it is about, or
    above the prompt when about nothing; off ``keep`` and the prompt where there is room: above what
    it would cover (a hint's words lay over the very button that makes its move) or below what it is
    about, the nearer, else above the prompt; never on what it is about, once kept on the table."""
    px = p.text_px
    box = Rect(0, 0, size[0] + px, size[1] * round(px * 1.3) + px // 2)
    # About no card in particular: just above the prompt, where the eye already is.
    by_prompt = box.copy()
    by_prompt.midbottom = (p.prompt_pos[0], p.prompt_pos[1] - round(px * 1.5))
    if prompt_band is not None:  # over a prompt on two lines it hid the first
        by_prompt.bottom = min(by_prompt.bottom, prompt_band.top - px // 4)
    if near is not None:
        box.midbottom = (near.centerx, near.y - px // 2)
    else:
        box = by_prompt
    box.clamp_ip(p.table_rect)
    keep = [*keep, *([prompt_band] if prompt_band is not None else [])]
    if box.collidelist(keep) < 0:
        return box
    lifted = _lifted(box, keep, p.table_rect.top, px)  # over the coach, the buttons, the prompt
    below = box.copy()
    if near is not None:
        below.midtop = (near.centerx, near.bottom + px // 2)
    for place in (lifted, below, by_prompt):
        place.clamp_ip(p.table_rect)
    free = [r for r in (lifted, below, by_prompt)
            if r.collidelist(keep) < 0 and (near is None or not r.colliderect(near))]
    if near is not None and free[:2] == [lifted, below]:  # a refused drop on the pile: not far over
        return min(free[:2], key=lambda r: abs(r.centery - near.centery))  # the coach on the opponents
    return free[0] if free else box


def notice_lines(p: TablePlacement, line: str) -> list[str]:
    """The notice's lines as drawn: three at most, the last ending in "…" when words were left out
    (a cut that says so, never a sentence that simply stops)."""
    px = p.text_px
    width = max(px * 10, p.table_rect.w // 2)
    lines = text.wrap(line, px, width, bold=True)
    if len(lines) > NOTICE_LINES:  # the table's width before a cut: a coach's refusal says how to move
        width = max(width, p.table_rect.w - 3 * px)
        lines = text.wrap(line, px, width, bold=True)
    if len(lines) > NOTICE_LINES:
        lines = lines[:NOTICE_LINES]
        lines[-1] = text.shorten(lines[-1] + " …", px, width, True)
    return lines


NOTICE_LINES = 3
"""A notice is read at a glance by the cards, so it stays short: longer words belong to the coach."""
