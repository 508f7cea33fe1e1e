"""What a phone shows, as plain JSON-ready data: built from its seat's view only.

Every card id in a snapshot comes from the seat's own view (where the others' cards are already
HIDDEN), so a phone can never be sent a card its seat may not know; a test checks every message of
long games against the view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.engine.cards import HIDDEN, card_name, is_red, rank, suit
from cardtable.engine.protocol import Action, State
from cardtable.engine.table import LayoutSpec, TableInfo

LOG_LINES = 6


def card(c: int) -> dict[str, Any]:
    name = card_name(c)
    return {"id": c, "name": name, "red": is_red(c)}


def panel(info: TableInfo) -> dict[str, Any]:
    """The game's side panel as the table draws it (status lines, the way play goes, meters, the
    badges on zones, a settlement sheet): the same description, from the seat's own view."""
    out: dict[str, Any] = {"lines": list(info.status), "waiting": info.waiting}
    marker = next(iter(info.markers), None)
    if marker is not None:
        out["direction"] = {"shape": marker.shape, "word": marker.word}
    out["meters"] = [{"label": m.label, "lit": m.lit, "of": m.of} for m in info.meters]
    out["badges"] = {b.zone: b.text for b in info.badges if b.on_top is None and b.text}
    if info.sheet is not None:
        sheet = info.sheet
        out["sheet"] = {"title": sheet.title, "columns": list(sheet.columns),
                        "rows": [list(r) for r in sheet.rows], "notes": list(sheet.notes)}
    return out


def slot_of(layout: LayoutSpec, action: Action) -> str:
    """The place in the seat's own row an action names by position ("down:2"), or ""."""
    if action.kind in layout.slot_choices and action.choice.isdigit():
        return f"{layout.slot_choices[action.kind]}:{int(action.choice)}"
    if action.kind in layout.slot_kinds and action.target >= 0:
        return f"{layout.slot_kinds[action.kind]}:{action.target}"
    return ""


def pick_of(layout: LayoutSpec, action: Action) -> dict[str, Any] | None:
    """A card picked blind by position from a seat's zone (the Assassin's pick), or None."""
    if action.kind in layout.pick_kinds and action.choice.isdigit() and action.target >= 0:
        return {"zone": layout.pick_kinds[action.kind], "seat": action.target, "at": int(action.choice)}
    return None


def pick_words(layout: LayoutSpec, pick: dict[str, Any], names: Sequence[str]) -> str:
    """A blind pick's button on the phone: the card is chosen by tapping it, so the words say whose
    it is, not where it lies (the game's words count places from the deck's bottom, which a player
    tapping a row of backs does not count)."""
    label = next((z.label or z.name for z in layout.seat_zones if z.name == pick["zone"]), pick["zone"])
    return f"take the chosen card from {names[pick['seat']]}'s {label}"


def _cards(cards: Sequence[int]) -> list[dict[str, Any] | None]:
    """Known cards as faces, unknown ones as None (a card back)."""
    return [None if c == HIDDEN else card(c) for c in cards]


def _by_rank(c: int) -> tuple[bool, int, int]:
    return (c == HIDDEN, rank(c) if c != HIDDEN else 0, suit(c) if c != HIDDEN else 0)


def moves(view: State, layout: LayoutSpec, legal: Sequence[Action],
          visible: set[int]) -> list[dict[str, Any]]:
    """The offered actions as the phone sends them back: by index, with their words, the cards
    they name that the seat can see, and the place or blind pick a tap chooses."""
    out = []
    for i, a in enumerate(legal):
        move: dict[str, Any] = {"i": i, "words": view.describe(a),
                                "cards": [c for c in a.cards if c in visible]}
        slot = slot_of(layout, a)
        if slot:
            move["slot"] = slot
        pick = pick_of(layout, a)
        if pick is not None:
            move["pick"] = pick
            move["words"] = pick_words(layout, pick, view.names)
        out.append(move)
    return out


def why_not(view: State, layout: LayoutSpec, legal: Sequence[Action], own: Sequence[int]) -> dict[str, str]:
    """Why each of the seat's own known cards that no offered move names makes no move, in the
    game's words (a tap on it said only "the cards you can play are not greyed"; the table says the
    game's reason beside its cards). Only the seat's own cards: it knows them."""
    named = {c for a in legal for c in a.cards}
    kind = layout.main_kind
    # "not now: choose your field card" is the question over the bar said again, read as a rule:
    # such a card gets no reason, and the page says the cards that move are the ones not greyed.
    asked = view.prompt().strip().rstrip(".").lower()
    out = {}
    for c in own:
        if c != HIDDEN and c not in named:
            why = view.why_illegal(Action(kind, (c,)))
            if why and not (asked and why.strip().rstrip(".").lower().endswith(asked)):
                out[str(c)] = why
    return out


def snapshot(view: State, seat: int, layout: LayoutSpec, legal: Sequence[Action], version: int,
             log: Sequence[str] = (), prompt: str = "", info: TableInfo | None = None,
             game: int = 0, made: str = "") -> dict[str, Any]:
    """The phone's picture of the table for ``seat``: its own zones face up where it may know them,
    the middle of the table, every seat's cards as the seat may see them, the game's panel, and,
    on its turn, the legal actions it may send back by index (``version`` tells a stale answer from
    a fresh one; ``game`` counts the games the phone has been shown, for a Play again; ``made``:
    the words of the seat's last move, shown while it waits)."""
    zones = view.zones()
    names = list(view.names)
    mine = []
    for spec in layout.seat_zones:
        cards = zones.get(f"{spec.name}/{seat}", [])
        # A hand is sorted for the eye; a row keeps its order (an action may name a place in it).
        shown = sorted(cards, key=_by_rank) if spec.style == "hand" else cards
        mine.append({"zone": spec.name, "label": spec.label or spec.name, "style": spec.style,
                     "cards": _cards(shown)})
    centre = []
    for place in layout.centre_zones:
        if place.style == "panel":
            continue
        pile = zones.get(place.name, [])
        on_top = 1 if place.style == "stack" else max(1, min(place.spread, 5))
        centre.append({"zone": place.name, "label": place.label or place.name, "count": len(pile),
                       "top": _cards(pile[-on_top:])})
    seats = []
    for s, name in enumerate(names):
        counts = {spec.label or spec.name: len(zones.get(f"{spec.name}/{s}", []))
                  for spec in layout.seat_zones}
        rows = []
        for spec in layout.seat_zones:
            cards = zones.get(f"{spec.name}/{s}", [])
            # What lies face up in front of a seat shows as cards; what nobody may see, as a count.
            faces = [c for c in cards if c != HIDDEN]
            rows.append({"zone": spec.name, "label": spec.label or spec.name, "count": len(cards),
                         "cards": _cards(faces[-8:]) if spec.style != "hand" or faces else []})
        seats.append({"seat": s, "name": name, "counts": counts, "rows": rows, "to_move": view.to_move == s})
    my_turn = view.to_move == seat and bool(legal)
    visible = {c for cards in zones.values() for c in cards if c != HIDDEN}
    actions = moves(view, layout, legal, visible) if my_turn else []
    own = [c for spec in layout.seat_zones for c in zones.get(f"{spec.name}/{seat}", [])]
    why = why_not(view, layout, legal, own) if my_turn and any(a.cards for a in legal) else {}
    turn = names[view.to_move] if view.to_move is not None else ""
    out = {
        "t": "state", "v": version, "game": game, "seat": seat, "name": names[seat], "title": view.game.title,
        "mine": mine, "centre": centre, "seats": seats, "turn": turn, "my_turn": my_turn,
        "over": view.to_move is None, "prompt": prompt if my_turn else "",
        "actions": actions, "why": why, "made": made if not my_turn and not view.is_over else "",
        "log": list(log)[-LOG_LINES:], "panel": panel(info or TableInfo()),
    }
    if view.is_over:
        out["result"] = result(view)
    return out


def result(view: State) -> dict[str, Any]:
    """How the game came out, for every phone: the game's words and the finishing order."""
    res = view.result()
    if res is None:
        return {"text": "The game is over.", "rows": []}
    loser = view.game.loser_title or "loses"
    rows = [{"place": res.places[s], "name": view.names[s], "lost": s in res.losers,
             "mark": loser if s in res.losers else ""}
            for s in sorted(range(len(res.places)), key=lambda s: res.places[s])]
    return {"text": res.text, "rows": rows}


def card_ids(message: Any) -> set[int]:
    """Every card id a message carries (for the privacy checks)."""
    found: set[int] = set()
    if isinstance(message, dict):
        if isinstance(message.get("id"), int) and "name" in message:
            found.add(message["id"])
        if "cards" in message and isinstance(message["cards"], list):
            found.update(c for c in message["cards"] if isinstance(c, int))
        for value in message.values():
            found |= card_ids(value)
    elif isinstance(message, list):
        for value in message:
            found |= card_ids(value)
    return found
