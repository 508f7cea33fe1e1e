"""Cunt-Soul's panel: the active field abilities in words ("Field K: play equal or lower"), the
swapped-in face-up cards turned 90°, and a caption for every rule that fires (a paradox, a burn, a
Joker's cancel, skips and reversals, a 7's declaration, a J's choice, the field reveal)."""

from __future__ import annotations

from typing import ClassVar

from cardtable.engine.cards import ACE, JACK, JOKER, KING, QUEEN
from cardtable.ui import timings
from cardtable.ui.panels import Panel, PanelContext

RANK_WORD = {JACK: "J", QUEEN: "Q", KING: "K", ACE: "A", JOKER: "Joker"}
FIELD_WORDS = {
    2: "6, 7 and 10 lose 'almost any'",
    3: "three of a rank in a row become a 3",
    4: "one card at a time",
    5: "5s swap with face-down cards",
    6: "the source pile's top card shows",
    7: "after each play: higher or lower",
    8: "card abilities act once more",
    9: "2 to 9 all count as 9",
    10: "burns go under the source pile",
    JACK: "after each play: choose who is next",
    QUEEN: "no card abilities stack",
    KING: "play equal or lower",
    ACE: "hand size +1 each",
    JOKER: "every card ability is off",
}
"""Rule R38's field effects in a few words each, by rank."""

STEP_KINDS = frozenset(
    {
        "paradox",
        "burn",
        "cancel",
        "copy",
        "skip",
        "direction",
        "declare",
        "choose",
        "reveal",
        "miss",
        "triple",
        "ace",
        "run",
        "out",
        "follow",
        "swap",
        "look",
        "capped",
        "game_over",
    }
)


class CuntSoulPanel(Panel):
    caption_kinds = STEP_KINDS
    hold_kinds: ClassVar[dict[str, float]] = {
        k: timings.STEP_HOLD for k in ("paradox", "burn", "cancel", "reveal", "miss", "out")
    }

    def status(self, ctx: PanelContext) -> list[str]:
        counts = getattr(ctx.view, "fc", ())
        lines = ["Field abilities"]
        for rank, words in FIELD_WORDS.items():
            n = counts[rank] if rank < len(counts) else 0
            if not n:
                continue
            name = RANK_WORD.get(rank, str(rank))
            times = f" ×{n}" if n > 1 else ""
            if rank == KING and n % 2 == 0:
                words = "an even number of Ks: equal or higher again"
            lines.append(f"Field {name}{times}: {words}")
        if len(lines) == 1:
            lines.append("none yet: field cards are face down" if not any(counts) else "none")
        return lines

    def rotated(self, ctx: PanelContext) -> set[int]:
        """Face-up cards swapped in by a 5 lie horizontal: they cannot be burnt for a field change."""
        return set(getattr(ctx.view, "horizontal", ()))
