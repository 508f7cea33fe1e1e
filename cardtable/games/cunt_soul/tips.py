"""Cunt-Soul's words for the table's comforts: what a card does (its card ability, or on a field
its field ability, as the rule book's tables say), what may go on the pile now, why a hint is good,
and which events are worth remembering in the results."""

from __future__ import annotations

from cardtable.engine.cards import ACE, HIDDEN, JACK, JOKER, KING, QUEEN, RANK
from cardtable.engine.protocol import Action
from cardtable.engine.words import BLIND_PLAY
from cardtable.games import rule_book
from cardtable.games.cunt_soul import kinds
from cardtable.games.cunt_soul.bots import setup_choice
from cardtable.games.cunt_soul.field_abilities import NO_ABILITIES
from cardtable.games.cunt_soul.game import GAME, CuntSoulState
from cardtable.games.cunt_soul.moves import (
    CHANGE_FIELD,
    CHOOSE,
    DECLARE,
    FACE_UP,
    FIELD,
    PLAY,
    PLAY_DOWN,
    SETUP_FIELD,
)
from cardtable.games.cunt_soul.words import DIRECTION_WORDS, RANK_WORD
from cardtable.games.rulebook import ranks_phrase, table_rows

NOTABLE = frozenset({kinds.PARADOX, kinds.TRIPLE, kinds.STALEMATE, kinds.CAPPED})
"""Who went out when is the results' table of places: "Eve is out, in place 1" and six more lines
said it again under it and pushed the game's real moments into "… and 2 more" (8 players)."""
COUNTED = {kinds.BURN: "Burns", kinds.CANCEL: "Jokers that cancelled", kinds.ACE: "Ace draws"}

BURNT = "Burnt cards: out of the game."
"""What a burnt card and the burnt pile say: neither is in play any more."""

def _rows(heading: str) -> dict[str, str]:
    return table_rows(rule_book(GAME), heading)


FIELD_SLOT = ("While it lies here, a field card's field ability acts on the whole table (every "
              "card has one, as well as the ability it has when played).")


def field_words(word: str) -> str:
    return f"Field {word}: {_rows('Field abilities').get(word, '')}"


def choosing_field(view: CuntSoulState, zone: str) -> bool:
    """The viewer is choosing a field card, or may change theirs now, from ``zone``."""
    seat = view.viewer if view.viewer is not None else view.to_move
    if seat is None or zone != f"hand/{seat}" or view.to_move != seat:
        return False
    return view.phase == SETUP_FIELD or (view.phase == PLAY and view.fresh and view.can_change_field(seat))


def card_tip(view: CuntSoulState, card: int, zone: str) -> str:
    if zone == "burn":  # out of the game: what it would do in play is beside the point
        return BURNT
    if card == HIDDEN:
        if zone.startswith("field/"):
            return ("A field card, face down until every player has laid theirs; then all are turned "
                    "over together. " + FIELD_SLOT)
        return "A face-down card: nobody at the table knows it."
    r = RANK[card]
    word = RANK_WORD[r]
    if zone.startswith("field/"):
        return field_words(word)
    played = f"{word}: {_rows('Card abilities').get(word, '')}"
    if choosing_field(view, zone):  # what it would do as the field card comes first
        if view.phase == SETUP_FIELD:
            return f"As your field card: {field_words(word)} When played: {played}"
        return f"{played} As a new field card: {field_words(word)}"
    if view.run is not None and zone.startswith(("hand/", "up/")):
        # R22: a card laid in a run has no ability, so the card's own words would mislead here.
        need = RANK_WORD[view.run.next]
        return (f"{word}: while a run is under way a card laid in it has no ability. The run needs "
                f"{'a' if need not in ('A', '8') else 'an'} {need} next.")
    text = played
    if view.field_abilities_off() and r != JOKER:
        text += " A field Joker is out: card abilities are off."
    elif r in (JACK, KING) and view.n_active == 2:
        text += " With two players left it does nothing."
    return text


def _why(view: CuntSoulState) -> list[str]:
    """What decides the pile now, in words, most binding first."""
    t = view.top
    why: list[str] = []
    if view.follow:
        why.append("A Q was played: its player must follow it with a card that goes on a Q.")
    if t.lock3:
        why.append("Three of a kind became a 3 (field 3): only a 3 or a Joker may follow." if t.triple
                   else "A 3 was played: only a 3 or a Joker may follow.")
    elif t.seven:
        why.append(f"A 7 said {DIRECTION_WORDS[t.seven]}: the next card must be "
                   f"{DIRECTION_WORDS[t.seven]} than 7, or a 7.")
    elif t.fseven:
        why.append(f"Field 7: its player said {DIRECTION_WORDS[t.fseven]} (the same value always goes).")
    elif t.nine:
        why.append("A 9 was played: any card may follow.")
    elif t.value:
        lower = view.field_kings_reverse()
        face = RANK_WORD.get(t.face, "?")
        why.append(f"Field K turns it round: equal to or lower than the {face}." if lower
                   else f"Equal to or higher than the {face}.")
    if view.field_no_almost_any():
        why.append("Field 2: a 6, 7 or 10 may not go on a higher card.")
    if view.field_nines():
        why.append("Field 9: every card from 2 to 9 counts the same.")
    return why


def pile_tip(view: CuntSoulState, zone: str) -> str:
    if zone == "burn":
        return BURNT
    if zone == "source":
        return f"The source: draw from it to keep {view.hand_size} cards in hand while it lasts."
    if zone.startswith("field/"):
        seat = int(zone.split("/")[1])
        return f"{view.names[seat]}'s field card lies here. {FIELD_SLOT}"
    if zone != "discard":
        return ""
    ok = view.ok_ranks()
    ranks = [r for r in range(2, 16) if ok[r]]
    if not view.discard:
        return "The pile is empty: any card may start it."
    why = " ".join(_why(view))
    if len(ranks) == 14:
        return f"{why} Anything may go on it now.".strip()
    return f"{why} May go on it now: {ranks_phrase(ranks, lambda r: RANK_WORD[r])}.".strip()


def _setup_reason(view: CuntSoulState, action: Action) -> str:
    """Why the setup's choice: what a field card will do (true of any), and why the heuristic's own
    choice (a search may choose otherwise for a reason these words would not give)."""
    seat = view.to_move
    if seat is None:
        return ""
    own = action == setup_choice(view.phase, view.hands[seat])
    if action.kind == FACE_UP:
        return ("Your three most useful cards lie face up: you play them once your hand is gone, "
                "when you most need cards that go on the pile." if own else "")
    word = RANK_WORD[RANK[action.cards[0]]]
    spare = f"The {word} is the card your hand can best spare. " if own else ""
    return f"{spare}As your field card: {field_words(word)}"


def hint_reason(view: CuntSoulState, action: Action) -> str:
    if action.kind in (FACE_UP, FIELD):
        return _setup_reason(view, action)
    if action.kind == "pickup":
        return "Nothing worth playing: take the pile now."
    if action.kind == CHANGE_FIELD and action.cards:
        # the hint's move a newcomer has not met yet (its lesson is the last): what it does, and
        # its price (rules.md, "Changing your field card")
        word = RANK_WORD[RANK[action.cards[0]]]
        does = _rows("Field abilities").get(word, "")
        # R42: a face-up card of the player's choosing is burned and the source's top card takes
        # its place: a swap for an unseen card, not a card lost (a walk read "costs" as a loss)
        return (f"A field {word}: {does[:1].lower()}{does[1:]} One of your face-up cards is burned "
                f"and the source's top card takes its place.")
    s = view.to_move
    if action.kind == PLAY_DOWN and s is not None and all(c == HIDDEN for c in view.down[s]):
        # (not where a Field 5 look has shown one of them)
        return BLIND_PLAY
    if action.kind == DECLARE:
        return _declare_reason(view, action.choice)
    if action.kind == CHOOSE:
        return _choose_reason(view, action.target)
    if action.kind != "play" or not action.cards:
        return ""
    r = RANK[action.cards[0]]
    word = RANK_WORD[r]
    if r == 10:
        return "The 10 burns the pile and you play again."
    if view.top_same() and RANK[view.discard[-1]] == r and view.top_same() + len(action.cards) >= 4:
        return f"Four {word}s in a row burn the pile."
    if len(action.cards) > 1:
        return f"Sheds {len(action.cards)} cards at once."
    if r <= 9:
        return f"Plays a low {word} and keeps your stronger cards."
    if view.fc[NO_ABILITIES] or (r in (JACK, KING) and view.n_active <= 2):
        return ""  # a Field Joker turns abilities off; with two players a J or a K does nothing
    return _ABILITY_REASONS.get(r, "")


def _declare_reason(view: CuntSoulState, choice: str) -> str:
    """The 7's declaration (R24), said only where it is the side the player's hand favours: the
    cards not in your hand are more likely on the other side."""
    s = view.to_move
    if s is None:
        return ""
    above = sum(1 for c in view.hands[s] if c != HIDDEN and 7 < RANK[c] <= ACE)
    below = sum(1 for c in view.hands[s] if c != HIDDEN and RANK[c] < 7)
    if (choice == "higher" and above > below) or (choice == "lower" and below > above):
        side, other = ("above", "below") if choice == "higher" else ("below", "above")
        return (f"You hold more cards {side} 7 than {other} it: the next player is likely to hold "
                f"fewer there.")
    return ""


def _choose_reason(view: CuntSoulState, target: int) -> str:
    """The J's choice (R28), said only where the chosen player holds the most cards left: the
    furthest from going out."""
    left = [len(view.hands[t]) + len(view.up[t]) + len(view.down[t]) for t in range(len(view.names))]
    others = [n for t, n in enumerate(left) if t not in (target, view.to_move) and not view.out[t]]
    if not others or left[target] <= max(others):
        return ""
    return (f"{view.names[target]} holds the most cards ({left[target]}): the turn goes to the player "
            f"furthest from going out.")


_ABILITY_REASONS = {
    JACK: "With a J you choose who plays next.",
    QUEEN: "A Q lets you play again at once.",
    KING: "A K turns the direction of play.",
    ACE: "Whoever plays next on your A draws an extra card.",
    JOKER: "A Joker goes on absolutely anything.",
}
"""Why a high card is worth its play: what it does (the rule book's "Card abilities")."""


def seat_summary(state: CuntSoulState, seat: int) -> str:
    """What a seat holds at the end, for the results."""
    left = len(state.hands[seat]) + len(state.up[seat]) + len(state.down[seat])
    return "no cards left" if not left else f"{left} card{'s' if left != 1 else ''} left"
