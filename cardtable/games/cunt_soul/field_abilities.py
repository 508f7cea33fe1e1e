"""Cunt-Soul's field abilities (R38-R48): what the face-up field cards in force do, each behind a
named question. ``fc[r]`` counts the field cards of rank ``r`` in force (R39: they stack; the count
matters for Field K's parity, Field A and Field 8); the constants name the ranks by what they do,
for the hot paths that read ``fc`` directly."""

from __future__ import annotations

from cardtable.engine.cards import ACE, JACK, JOKER, KING, QUEEN

NO_ALMOST_ANY = 2
"""Field 2: the 6, 7 and 10 lose their "almost any" placement (the 2 keeps it)."""
THREES_TRIPLE = 3
"""Field 3 (A46): three of a rank in a row become a 3 in value and power."""
ONE_CARD_A_LINK = 4
"""Field 4 (A38): one card per link."""
SWAP_FACE_DOWN = 5
"""Field 5 (R38, A50): a 5 swaps with a face-down card instead of a face-up one."""
SOURCE_OPEN = 6
"""Field 6 (A51): the source's top card and every card drawn are shown."""
DECLARE_AT_END = 7
"""Field 7 (A33): the player declares higher or lower at the end of the turn."""
ABILITIES_AGAIN = 8
"""Field 8 (A39): the stackable abilities apply once more per Field 8."""
NINES = 9
"""Field 9: every rank up to 9 compares as a 9."""
BURNS_RECYCLED = 10
"""Field 10 (R48): burned cards go under the source instead of out of the game."""
CHOOSE_NEXT = JACK
"""Field J (A36): the player names who plays next at the end of the turn."""
ABILITIES_ONCE = QUEEN
"""Field Q: a stackable ability acts once whatever the count."""
KINGS_REVERSE = KING
"""Field K (A41): an odd number of them reverses the ordering."""
BIGGER_HAND = ACE
"""Field A (R45): each one adds a card to the hand size."""
NO_ABILITIES = JOKER
"""Field Joker (A48): no card ability acts."""


class FieldAbilities:
    """The field abilities in force, as questions the rules ask of the position (a part of the
    state: ``fc`` is its field)."""

    __slots__ = ()
    fc: tuple[int, ...]

    def field_no_almost_any(self) -> bool:
        return self.fc[NO_ALMOST_ANY] > 0

    def field_threes_triple(self) -> bool:
        return self.fc[THREES_TRIPLE] > 0

    def field_one_card_a_link(self) -> bool:
        return self.fc[ONE_CARD_A_LINK] > 0

    def field_swaps_face_down(self) -> bool:
        return self.fc[SWAP_FACE_DOWN] > 0

    def field_source_open(self) -> bool:
        return self.fc[SOURCE_OPEN] > 0

    def field_declares_at_end(self) -> bool:
        return self.fc[DECLARE_AT_END] > 0

    def field_nines(self) -> bool:
        """Field 9: every rank up to 9 compares as a 9."""
        return self.fc[NINES] > 0

    def field_recycles_burns(self) -> bool:
        return self.fc[BURNS_RECYCLED] > 0

    def field_chooses_next(self) -> bool:
        return self.fc[CHOOSE_NEXT] > 0

    def field_abilities_once(self) -> bool:
        """Field Q: a stackable ability acts once whatever the count (it beats Field 8, A40)."""
        return self.fc[ABILITIES_ONCE] > 0

    def field_kings_reverse(self) -> bool:
        """A41: an odd number of Field Ks reverses the ordering; an even number plays as normal."""
        return bool(self.fc[KINGS_REVERSE] & 1)

    def field_abilities_off(self) -> bool:
        return self.fc[NO_ABILITIES] > 0

    def field_times(self, count: int) -> int:
        """How often a stackable ability of ``count`` cards acts (A39: once more per Field 8; Field Q:
        once whatever the count)."""
        fc = self.fc
        return 1 if fc[ABILITIES_ONCE] else count * (1 + fc[ABILITIES_AGAIN])
