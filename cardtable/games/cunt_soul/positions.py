"""Cunt-Soul positions for tests and lessons: a game in play with exactly the cards asked for,
dealt through the game's own constructor and then laid out, so every field a deal sets is set."""

from __future__ import annotations

from cardtable.engine.cards import RANK, parse_cards
from cardtable.games.cunt_soul.game import EMPTY, GAME, PLAY, CuntSoulOptions, CuntSoulState, Top

NAMES = ("Ann", "Bea", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal")


def position(n: int = 3, hands: dict[int, str] | None = None, up: dict[int, str] | None = None,
             down: dict[int, str] | None = None, fields: dict[int, str] | None = None, pile: str = "",
             source: str = "", turn: int = 0, top: Top | None = None,
             options: CuntSoulOptions | None = None) -> CuntSoulState:
    """A state in play with exactly these cards; every other card sits in the burn pile. ``source``
    is listed bottom first (its last card is drawn first). The pile's top card has no ability
    unless ``top`` says otherwise."""
    st = GAME.new_state(NAMES[:n], options, seed=1, dealer=n - 1)
    assert isinstance(st, CuntSoulState)
    used: set[int] = set()

    def take(text: str) -> list[int]:
        got = parse_cards(text) if text else []
        if used & set(got):
            raise ValueError(f"a card is used twice in {text!r}")
        used.update(got)
        return got

    hands, up, down, fields = hands or {}, up or {}, down or {}, fields or {}
    st.hands = [take(hands.get(i, "")) for i in range(n)]
    st.up = [take(up.get(i, "")) for i in range(n)]
    st.down = [take(down.get(i, "")) for i in range(n)]
    st.field = [take(fields.get(i, "")) for i in range(n)]
    st.discard = take(pile)
    st.source = take(source)
    st.burn = [c for c in st.cfg.deck if c not in used]
    st._refresh_fields()
    st.phase = PLAY
    st.to_move = st.turn = turn
    st.fresh = True
    if top is not None:
        st.top = top
    elif st.discard:
        r = RANK[st.discard[-1]]
        st.top = Top(seat=(turn - 1) % n, face=r, count=1, value=r)
    else:
        st.top = EMPTY
    st.forget_legal()
    return st
