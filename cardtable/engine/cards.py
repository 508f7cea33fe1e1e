"""Physical cards as small ints with stable ids.

A card id is ``deck * 54 + index``: indices 0-51 are the ranks 2..A in four suits, 52 is the black
joker and 53 the red joker. Two decks therefore give two distinct 7♥ (ids 22 and 76), so the table
can follow one physical card across zones. Lookups go through precomputed tuples because the rules
engines ask for ranks and suits in their inner loops.
"""

from __future__ import annotations

from collections.abc import Iterable

CLUBS, SPADES, HEARTS, DIAMONDS, JOKER_SUIT = 0, 1, 2, 3, 4
SUIT_SYMBOLS = ("♣", "♠", "♥", "♦", "")
SUIT_NAMES = ("clubs", "spades", "hearts", "diamonds", "joker")
JACK, QUEEN, KING, ACE, JOKER = 11, 12, 13, 14, 15
RANK_NAMES = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
              JACK: "J", QUEEN: "Q", KING: "K", ACE: "A", JOKER: "Joker"}
CARDS_PER_DECK = 54
MAX_DECKS = 8
HIDDEN = -1
"""Stands in a view for a card the viewer may not know."""

BLACK_JOKER_INDEX, RED_JOKER_INDEX = 52, 53


def _index(rank: int, suit: int) -> int:
    if rank == JOKER:
        return RED_JOKER_INDEX if suit in (HEARTS, DIAMONDS) else BLACK_JOKER_INDEX
    return (rank - 2) * 4 + suit


def make_card(rank: int, suit: int, deck: int = 0) -> int:
    """The id of the card of ``rank`` and ``suit`` from ``deck``; a joker's suit picks its colour."""
    return deck * CARDS_PER_DECK + _index(rank, suit)


def _tables() -> tuple[tuple[int, ...], tuple[int, ...], tuple[bool, ...], tuple[str, ...]]:
    ranks, suits, reds, names = [], [], [], []
    for _deck in range(MAX_DECKS):
        for i in range(CARDS_PER_DECK):
            if i < 52:
                rank, suit = i // 4 + 2, i % 4
                red = suit in (HEARTS, DIAMONDS)
                name = RANK_NAMES[rank] + SUIT_SYMBOLS[suit]
            else:
                rank, suit = JOKER, JOKER_SUIT
                red = i == RED_JOKER_INDEX
                name = "red Joker" if red else "black Joker"
            ranks.append(rank)
            suits.append(suit)
            reds.append(red)
            names.append(name)
    return tuple(ranks), tuple(suits), tuple(reds), tuple(names)


RANK, SUIT, IS_RED, NAME = _tables()


def rank(card: int) -> int:
    return RANK[card]


def suit(card: int) -> int:
    return SUIT[card]


def is_red(card: int) -> bool:
    return IS_RED[card]


def card_name(card: int) -> str:
    if card == HIDDEN:
        return "a hidden card"
    return NAME[card] if 0 <= card < len(NAME) else f"no such card ({card})"  # a corrupt or typed-in action


def cards_text(cards: Iterable[int]) -> str:
    return " ".join(card_name(c) for c in cards)


def deck_of(card: int) -> int:
    return card // CARDS_PER_DECK


def standard_deck(decks: int = 1, jokers: bool = False) -> list[int]:
    """All card ids of ``decks`` packs, in id order (shuffle with the state's Rng)."""
    per_deck = CARDS_PER_DECK if jokers else 52
    return [d * CARDS_PER_DECK + i for d in range(decks) for i in range(per_deck)]


_RANK_WORDS = {"J": JACK, "Q": QUEEN, "K": KING, "A": ACE, "T": 10}
_SUIT_LETTERS = {"c": CLUBS, "s": SPADES, "h": HEARTS, "d": DIAMONDS,
                 "♣": CLUBS, "♠": SPADES, "♥": HEARTS, "♦": DIAMONDS}


def parse_card(text: str, deck: int = 0) -> int:
    """Read "7h", "10♣", "Qs", "RJ"/"BJ" (red or black joker); for tests, the CLI and rule books."""
    t = text.strip()
    if t.upper() in ("RJ", "JR", "RED JOKER"):
        return make_card(JOKER, HEARTS, deck)
    if t.upper() in ("BJ", "JB", "BLACK JOKER", "JOKER"):
        return make_card(JOKER, SPADES, deck)
    head, tail = t[:-1], t[-1]
    if tail.lower() not in _SUIT_LETTERS or not head:
        raise ValueError(f"not a card: {text!r}")
    r = _RANK_WORDS.get(head.upper()) or (int(head) if head.isdigit() else 0)
    if not 2 <= r <= ACE:
        raise ValueError(f"not a card: {text!r}")
    return make_card(r, _SUIT_LETTERS[tail.lower()], deck)


def parse_cards(text: str, deck: int = 0) -> list[int]:
    return [parse_card(t, deck) for t in text.split()]
