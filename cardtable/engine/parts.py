"""A game's parts, declared once: the record each game's package gives as ``PARTS``.

The rest of the program reads a game's bots, search hooks, table, side panel, words for the
table's comforts, lessons and rule book from this record, never by looking a name up in a module
with a default: a missing or misspelt part is an error when the registry loads the game, naming
the game and the part, not a silent "none".

Every field is given by the game, with no default: where a game has no such part it says so (an
empty mapping, ``None``), so a reader of its ``__init__.py`` sees the whole contract.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.engine.bots import Bot
from cardtable.engine.protocol import Action, Event, Game
from cardtable.engine.review import ReviewSpec
from cardtable.engine.search_hooks import Hooks
from cardtable.engine.table import LayoutSpec, Teller

BotFactory = Callable[[int], Bot]

CardTip = Callable[[Any, int, str], str]
"""``card_tip(view, card, zone)``: what ``card`` (in ``zone``, as ``view``'s seat sees it) does in
this game and now."""
PileTip = Callable[[Any, str], str]
"""``pile_tip(view, zone)``: what may be played on that place now."""
HintReason = Callable[[Any, Action], str]
"""``hint_reason(view, action)``: why the suggested move is good, in one line."""
Moment = Callable[[Event, Sequence[str]], str]
"""``moment(event, names)``: the line an event leaves among the notable moments, "" for none."""
SeatSummary = Callable[[Any, int], str]
"""``seat_summary(state, seat)``: what a seat ends with ("3 cards left", "+$12")."""

HOW_TO_PLAY_CARDS = ("The goal", "A turn", "The special cards")
"""The sub-headings of a rule book's "How to play" section: the table's first-game overlay shows
one card for each."""


@dataclass(frozen=True)
class Tips:
    """The game's words for the table's comforts (tooltips, hints, the results' moments).
    ``None`` for a function the game does not offer: the table then shows nothing there."""

    card_tip: CardTip | None
    pile_tip: PileTip | None
    hint_reason: HintReason | None
    seat_summary: SeatSummary | None
    moment: Moment | None
    """The line an event leaves among the notable moments; ``None``: the text of the events whose
    kind is in ``notable``."""
    notable: frozenset[str]
    """Event kinds whose text is a notable moment (where ``moment`` is ``None``)."""
    counted: Mapping[str, str]
    """{event kind: its heading}: events the results count ("Burns: 7")."""

    def moment_line(self, event: Event, names: Sequence[str]) -> str:
        """The notable-moment line ``event`` leaves, "" for none."""
        if self.moment is not None:
            return self.moment(event, names)
        return event.text if event.kind in self.notable else ""


NO_TIPS = Tips(card_tip=None, pile_tip=None, hint_reason=None, seat_summary=None, moment=None,
               notable=frozenset(), counted={})
"""For a game with no words for the table's comforts."""


@dataclass(frozen=True)
class GameParts:
    """Everything a game brings, each part named once (see the module's docstring)."""

    game: Game
    bots: Mapping[str, BotFactory]
    """The game's own bots by name (a class or a function of a seed); "heuristic" at least: it
    plays the Normal level and drives the search's playouts."""
    hooks: Hooks[Any]
    """What the search bots may know about the game beyond the engine protocol."""
    levels: Mapping[str, BotFactory]
    """Another bot for a level ("hard": an exact solver), or for a kind of its own; empty: the
    four levels are built from the heuristic."""
    layout: LayoutSpec
    """The table description: which zones are drawn where, and what a gesture on them means."""
    teller: Callable[[], Teller]
    """Makes a new side panel for a table showing the game (``Teller`` itself shows nothing extra)."""
    tips: Tips
    lessons: tuple[Any, ...]
    """The game's lessons, in the order they are taught; empty for none."""
    rule_book: str
    """The rule book (Markdown): a ``# title``, and a "How to play" section with one sub-heading
    for each of ``HOW_TO_PLAY_CARDS``."""
    compiled: tuple[str, ...]
    """The game's modules the binary compiles to native code (``scripts/build_native.py``; its
    state's parts are folded into one class there, from the same declarations), by module name in
    the game's folder; empty: the game runs as Python in every build. Either way the same rules:
    the compiled copy passes the game's own tests, the golden games and the saves."""
    review: ReviewSpec | None
    """How the review weighs a decision (the game's measure and grading thresholds, written in its
    rule book's "How Card Table reviews" section too); ``None``: the game is not reviewed."""
