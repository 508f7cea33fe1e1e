"""Cunt-Soul's options (the table's house rules) and the ``Config`` every clone shares."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from cardtable.engine.cards import standard_deck

STALEMATE_ROUNDS = 50
"""The stalemate ruling's default: rounds (one turn per player still in) without progress. Set so
that Normal bots reach it in at most 0.5% of games at 2 to 8 seats (scripts/cunt_soul_endings.py).
Two players left with the source gone pass the pile back and forth: a 3 can only be answered by a
3 or a Joker, and the 3s come back with every pickup. Stretches of twenty rounds and more with
nobody doing better than before are common, and they do break; Hard bots end them only somewhat
sooner than Normal ones (scripts/cunt_soul_stalls.py). So the call waits long enough to catch only a
game that never will."""


class CuntSoulOptions(BaseModel):
    refill_timing: Literal["after_link", "end_of_turn"] = Field(
        "after_link", title="When hands refill",
        description="After each play: draw back up to the hand size straight after every play, as "
                    "the rules are written. At the end of the turn: draw only when your turn ends, "
                    "as in a later version of the rules.",
        json_schema_extra={"values": {"after_link": "After each play",
                                      "end_of_turn": "At the end of the turn"}})
    ace_count: Literal["link", "consecutive"] = Field(
        "link", title="Ace penalty counts",
        description="The last Ace play: the extra cards equal the Aces played together in the last "
                    "Ace play. All Aces in a row: every Ace in a row on top of the pile counts.",
        json_schema_extra={"values": {"link": "The last Ace play", "consecutive": "All Aces in a row"}})
    field4_run_multiples: bool = Field(
        True, title="Field 4 allows multiples in runs",
        description="Under Field 4 a 4-run may still place several cards of one rank at each step. "
                    "Off: no multiples anywhere under Field 4, as in a later version of the rules.")
    finished_field: Literal["removed", "stays"] = Field(
        "removed", title="A finished player's field card",
        description="Burned: it is burned when its owner goes out and its effect ends. "
                    "Stays: it keeps acting until the game ends.",
        json_schema_extra={"values": {"removed": "Burned", "stays": "Stays"}})
    voluntary_pickup: bool = Field(
        False, title="Voluntary pickup",
        description="Allow picking up the pile even when you could play. Off: you must play if you can.")
    field5_look_first: bool = Field(
        False, title="Field 5: look before swapping",
        description="Under Field 5 a 5 lets you look at a face-down card first and then decide whether "
                    "to swap it. Off: you swap blind.")
    stalemate_rounds: int = Field(
        STALEMATE_ROUNDS, ge=0, le=1000, title="Call a stalemate after (rounds)",
        description="If this many rounds go by with no card leaving play, nobody going out, nobody "
                    "getting down to fewer cards than ever before and the source pile no smaller, the "
                    "table calls a stalemate: players still in are ranked by fewest cards left.",
        json_schema_extra={"values": {"0": "Never"}})
    turn_cap: int = Field(
        2000, ge=50, le=100000, title="Safety cap (turns)",
        description="The game stops after this many turns (Field 10 can recycle burned cards for a "
                    "long time); players still in are ranked by fewest cards left.")


class Config:
    """What never changes during a game; shared by every clone."""

    __slots__ = ("ace_consecutive", "cap", "dealer", "deck", "decks", "field_stays", "first",
                 "look_first", "n", "refill_end", "run_multiples", "stalemate", "voluntary")

    def __init__(self, n: int, dealer: int, opts: CuntSoulOptions) -> None:
        self.n = n
        self.dealer = dealer
        self.first = (dealer + 1) % n
        self.decks = 1 if n <= 4 else 2  # A1
        self.deck = tuple(standard_deck(self.decks, jokers=True))
        self.refill_end = opts.refill_timing == "end_of_turn"
        self.ace_consecutive = opts.ace_count == "consecutive"
        self.run_multiples = opts.field4_run_multiples
        self.field_stays = opts.finished_field == "stays"
        self.voluntary = opts.voluntary_pickup
        self.look_first = opts.field5_look_first
        self.cap = opts.turn_cap
        self.stalemate = opts.stalemate_rounds
