"""Fscking Ace's table: the pack in the middle with the direction of play beside it, the current
turn's cards laid out in a row, the discards; each seat's scored pile. Flip (F or Space, or a click
on the pack) and Stop (S, once a card is turned) are buttons; between rounds, deal on (N) or end
the sitting (E).

The panel (``TELLER``): each seat's banked value beside its pile, the balance sheet in the side
box, the direction of play, and the settlement sheet after the A♠. Values and money come from the
game's own helpers, so no rule is written twice."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from cardtable.engine.protocol import Event
from cardtable.engine.table import (
    Badge,
    CentreZoneSpec,
    HoldKind,
    LayoutSpec,
    Marker,
    SeatZoneSpec,
    Seen,
    Sheet,
    TableInfo,
    Teller,
)
from cardtable.games.fscking_ace import kinds
from cardtable.games.fscking_ace.game import CLOCKWISE, FsckingAceState, money_text

LAYOUT = LayoutSpec(
    seat_zones=(SeatZoneSpec("scored", "fan", label="banked", width=2.4),),
    centre_zones=(
        CentreZoneSpec("direction", "panel", label="Play goes", spread=3),
        CentreZoneSpec("pack", "stack", label="Pack"),
        CentreZoneSpec("turn", "fan", label="This turn", spread=9),
        CentreZoneSpec("discard", "stack", label="Discards"),
    ),
    drag_kinds=frozenset(),
    hotkeys={"f": ("flip",), " ": ("flip",), "s": ("stop",), "n": ("next_round",), "e": ("end_sitting",)},
    deal_from="pack",
    out_when_empty=False,
    banner_kinds=frozenset({kinds.ACE, kinds.SITTING_OVER}),
    zone_clicks={"pack": ("flip",)},
)

SHEET_COLUMNS = ("", "cards", "pile", "doublers", "stake", "bonus", "paid")


class FsckingAceTeller(Teller):
    """Each seat's banked value beside its pile, the balance sheet, the direction of play beside the
    pack, and the settlement after the A♠: who pays whom, how much and why (R13-R15)."""

    captions = frozenset({kinds.SPADE, kinds.ACE, kinds.DIRECTION, kinds.ROUND_OVER, kinds.SITTING_OVER})
    holds: ClassVar[Mapping[str, HoldKind]] = {
        kinds.ROUND_OVER: "settlement",  # whoever opens next, the table reads it first
        kinds.SPADE: "step",
        kinds.ACE: "step",
        kinds.DIRECTION: "step",
    }

    def __init__(self) -> None:
        self.settlement: dict[str, Any] | None = None
        """The last round's settlement, shown from the A♠ until the next round is shuffled."""

    def hear(self, ev: Event, sizes: Mapping[str, int]) -> None:
        if ev.kind == kinds.ROUND_OVER and isinstance(ev.data, dict):
            self.settlement = ev.data
        elif ev.kind in (kinds.SHUFFLE, kinds.SITTING_OVER):
            self.settlement = None

    def describe(self, seen: Seen) -> TableInfo:
        view = cast(FsckingAceState, seen.view)
        between = view.between_rounds()
        data = view.last_round if between and view.last_round else self.settlement
        return TableInfo(
            status=balance_lines(view, seen.names),
            badges=tuple(self._banked(view, seen, s) for s in range(len(seen.names))),
            markers=(direction_marker(view.direction),),
            sheet=settlement_sheet(data, seen.names) if data is not None and data.get("rows") is not None
            else None,
            waiting=f"{seen.names[view.to_move]} decides: another round, or end the sitting"
            if between and view.to_move is not None else "",
        )

    @staticmethod
    def _banked(view: FsckingAceState, seen: Seen, seat: int) -> Badge:
        zone = f"scored/{seat}"
        cards = len(seen.zones.get(zone, ()))
        return Badge(zone, f"{cards} · {view.money(view.banked_cents(seat) if cards else 0)}", lit=cards > 0)


def balance_lines(view: FsckingAceState, names: Sequence[str]) -> tuple[str, ...]:
    """The side box: the round being played and every balance, highest first."""
    order = sorted(range(len(names)), key=lambda s: -view.balances[s])
    title = f"Balance sheet · round {view.round_no + (0 if view.between_rounds() else 1)}"
    rows = (f"{names[s]}: {'+' if view.balances[s] > 0 else ''}{view.money(view.balances[s])}" for s in order)
    return (title, *rows)


def direction_marker(direction: int) -> Marker:
    """A circular arrow: clockwise or, after a 7♠ (R10), counter-clockwise."""
    if direction == CLOCKWISE:
        return Marker("direction", "clockwise", "clockwise", "accent")
    return Marker("direction", "counter-clockwise", "counter-clockwise", "alert")


def settlement_sheet(data: Mapping[str, Any], names: Sequence[str]) -> Sheet:
    """A round's settlement (the "round_over" event's data) as a table: one row per seat, the
    loser's 2♠ and the bonus spelt out (A7, A8)."""
    money = data.get("money", "dollars")
    loser = data.get("loser")
    rows = tuple(_sheet_row(row, names, loser, money) for row in data["rows"])
    marked = frozenset(i for i, row in enumerate(data["rows"]) if row["seat"] == loser)
    if loser is None:
        return Sheet(f"Round {data['round']} settled", SHEET_COLUMNS, rows, marked,
                     ("The pack ran out without the A♠: nobody pays.",))
    total = money_text(data["total"], money)
    who = ", ".join(names[s] for s in data["bonus_seats"])
    bonus = money_text(data["bonus"], money)
    # with no card banked by anyone else the bonus is shared by all (the rule book's "The bonus"):
    # "Most cards (0)" read as a count nobody reached
    most = (f"Nobody banked a card: {who} share the bonus of {bonus}" if not data["most_cards"] else
            f"Most cards ({data['most_cards']}): {who} — bonus {bonus}"
            + (" shared" if len(data["bonus_seats"]) > 1 else ""))
    notes = ["Each other player gets their pile's value plus the stake.", most]
    if data["spade_twos"]:
        # "kept 1 2♠" read as one number: the count as the doublers column writes it
        kept = "a 2♠" if data["spade_twos"] == 1 else f"2♠ ×{data['spade_twos']}"
        notes.append(f"{names[loser]} kept {kept}: every payment ×{data['multiplier']}")
    title = f"Round {data['round']}: {names[loser]} turned the A♠ and pays {total}"
    return Sheet(title, SHEET_COLUMNS, rows, marked, tuple(notes))


def _sheet_row(row: Mapping[str, Any], names: Sequence[str], loser: int | None,
               money: str) -> tuple[str, ...]:
    s = row["seat"]
    doublers = []
    if row["red_twos"]:
        doublers.append(f"red 2 ×{row['red_twos']}")
    if row["club_twos"]:
        doublers.append(f"2♣ ×{row['club_twos']}")
    if row["spade_twos"] and s == loser:  # only the loser's 2♠ doubles (the payments)
        doublers.append(f"2♠ ×{row['spade_twos']}")
    paid = row["paid"]
    return (
        names[s],
        str(row["cards"]),
        money_text(row["value"], money),
        ", ".join(doublers) or "–",
        money_text(row["stake"], money) if s != loser else "–",
        money_text(row["bonus"], money) if row["bonus"] else "–",
        ("pays " if paid < 0 else "+") + money_text(abs(paid), money),
    )


TELLER = FsckingAceTeller
