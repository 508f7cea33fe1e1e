"""Cunt-Soul (seed 000, rulings in shared/rulings/cunt-soul.md, pile diagram 000_cs-layout.png).

A Shithead-family shedding game where every rank has a card ability and a field ability. The
state keeps plain lists of card ids per seat; everything the next play depends on sits in one
immutable ``Top`` record (the link on top of the pile), so a clone copies one reference for it and
a Joker can look back at exactly what it cancels. Every decision is an action of ``to_move``; the
choices inside a turn (run steps, 7, J, 5, the field change, Field 7 and Field J) are phases.

The state is put together from the parts in this folder, each module named for what it holds:
``state`` (the fields and copying), ``legal`` (what may be played), ``play`` (actions carried
out), ``abilities`` (what cards do), ``field_abilities`` (what field cards do), ``turn`` (the
pending decisions of a turn, queued in ``asks``), ``words`` (prompts, refusals, descriptions);
``moves``, ``links`` and ``options`` hold the constants, the pile's top record and the house
rules. This module deals and names the names others import.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.engine.protocol import Action, Game
from cardtable.engine.rng import Rng
from cardtable.games.cunt_soul import kinds
from cardtable.games.cunt_soul.abilities import CardAbilities
from cardtable.games.cunt_soul.asks import NO_ASKS
from cardtable.games.cunt_soul.legal import LegalMoves
from cardtable.games.cunt_soul.links import EMPTY, Progress, Top, _link_top
from cardtable.games.cunt_soul.moves import (
    BURN_UP,
    CHANGE_FIELD,
    FIELD_JACK,
    FIELD_SEVEN,
    FIVE,
    FIVE_LOOK,
    HIDDEN_ROWS,
    JACK_CHOICE,
    NO_SWAP,
    PICKUP,
    PLAY,
    PLAY_DOWN,
    PLAY_KIND,
    RUN,
    SETUP_FIELD,
    SETUP_UP,
    SEVEN,
    STOP,
    SWAP,
    SWAP_DOWN,
)
from cardtable.games.cunt_soul.options import Config, CuntSoulOptions
from cardtable.games.cunt_soul.play import Playing
from cardtable.games.cunt_soul.turn import TurnFlow
from cardtable.games.cunt_soul.words import RANK_WORD, Words, describe_action

__all__ = ["BURN_UP", "CHANGE_FIELD", "EMPTY", "FIELD_JACK", "FIELD_SEVEN", "FIVE", "FIVE_LOOK", "GAME",
           "JACK_CHOICE", "NO_SWAP", "PICKUP", "PLAY", "PLAY_DOWN", "PLAY_KIND", "RANK_WORD", "RUN",
           "SETUP_FIELD", "SETUP_UP", "SEVEN", "STOP", "SWAP", "SWAP_DOWN", "CuntSoulGame", "CuntSoulOptions",
           "CuntSoulState", "Top", "_link_top"]


class CuntSoulState(Playing, CardAbilities, TurnFlow, LegalMoves, Words):
    """Cunt-Soul's state, put together from its parts (one module of this folder each)."""

    __slots__ = ()


class CuntSoulGame(Game):
    name = "cunt-soul"
    title = "Cunt-Soul"
    order = 2
    loser_title = "the sole-cunt"
    min_players = 2
    max_players = 8
    default_players = 4
    Options = CuntSoulOptions
    event_kinds = kinds.KINDS

    def _deal(self, names: tuple[str, ...], options: Any, rng: Rng, dealer: int | None) -> CuntSoulState:
        n = len(names)
        if dealer is None:
            dealer = rng.below(n)  # A2
        cfg = Config(n, dealer, options)
        deck = list(cfg.deck)
        rng.shuffle(deck)
        s = CuntSoulState.__new__(CuntSoulState)
        s.names = names
        s.rng = rng
        s.viewer = None
        s.cfg = cfg
        s.down = [[deck.pop() for _ in range(3)] for _ in range(n)]  # R2
        s.hands = [[deck.pop() for _ in range(9)] for _ in range(n)]
        s.source = deck
        s.up = [[] for _ in range(n)]
        s.field = [[] for _ in range(n)]
        s.discard = []
        s.burn = []
        s.horizontal = []
        s.seen = 0
        s.known_hands = [HIDDEN_ROWS[len(h)] for h in s.hands]
        s.down_backs = [HIDDEN_ROWS[len(d)] for d in s.down]
        s.own_down = 0
        s.phase = SETUP_UP
        s.to_move = cfg.first  # A3: seat by seat from the dealer's left, revealed together
        s.turn = cfg.first
        s.direction = 1  # R5: clockwise
        s.out = [False] * n
        s.finished = []
        s.n_active = n
        s.top = EMPTY
        s.queue = ()
        s.fresh = False
        s.changes = [0] * n
        s.fc = (0,) * 16
        s.hand_size = 5
        s.asks = NO_ASKS
        s.run_record = None
        s.swaps_left = 0
        s.eff8j = False
        s.fseven_done = False
        s.look_slot = -1
        s.turns = 0
        s.capped = False
        s.narrate = True
        s.ace_due = 0
        s.progress = Progress(0, 0, len(deck), 0, (len(deck),) * n)
        s.lows_kept = False
        s.called = False
        s._memo = []
        return s

    def describe(self, action: Action, names: Sequence[str]) -> str:
        return describe_action(action, names)


CuntSoulState.game = GAME = CuntSoulGame()
