"""Cunt-Soul in words: card and rank names for the log, the prompt, why an action is refused,
and actions described."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.cards import ACE, JACK, JOKER, KING, NAME, QUEEN, RANK
from cardtable.engine.protocol import (
    Action,
)
from cardtable.engine.words import a_or_an
from cardtable.games.cunt_soul.links import (
    WILDCARDS,
)
from cardtable.games.cunt_soul.moves import (
    BURN_UP,
    BURN_UP_KIND,
    CHANGE_FIELD,
    CHOOSE,
    DECLARE,
    DOWN,
    FACE_UP,
    FIELD,
    FIELD_JACK,
    FIELD_SEVEN,
    FIVE,
    FIVE_LOOK,
    HAND,
    JACK_CHOICE,
    LOOK,
    NO_SWAP,
    PICKUP,
    PICKUP_ACTION,
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
    UP,
)
from cardtable.games.cunt_soul.state import CuntSoulFields
from cardtable.games.rulebook import ranks_phrase

DIRECTION_WORDS = ("", "higher", "lower")


RANK_WORD = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
             JACK: "J", QUEEN: "Q", KING: "K", ACE: "A", JOKER: "Joker"}


def _rank_name(r: int) -> str:
    return RANK_WORD.get(r, "?")


CARD_WORD = (*NAME[:2 * 54], "a hidden card")
"""Card names for the log; HIDDEN (-1) indexes the last entry, "a hidden card"."""


def _names(cards: Sequence[int]) -> str:
    if len(cards) == 1:  # most links are one card
        return CARD_WORD[cards[0]]
    return " ".join([CARD_WORD[c] for c in cards])


def describe_action(action: Action, names: Sequence[str]) -> str:
    """An action in words, for the log and the buttons ("play 7♥ 7♣", "choose Bea to play next")."""
    kind = action.kind
    cards = _names(action.cards)
    if kind == FACE_UP:
        return f"lay {cards} face up"
    if kind == FIELD:
        return f"lay {cards} as the field card"
    if kind == PLAY_KIND:
        return f"play {cards}"
    if kind == PLAY_DOWN:
        return f"play face-down card {action.target + 1}"
    if kind == PICKUP:
        return "pick up the pile"
    if kind == CHANGE_FIELD:
        return f"change the field card to {cards}"
    if kind == BURN_UP_KIND:
        return f"burn face-up {cards}"
    if kind == STOP:
        return "end the run"
    if kind == DECLARE:
        return f"declare {action.choice}"
    if kind == CHOOSE:
        who = names[action.target] if 0 <= action.target < len(names) else f"seat {action.target + 1}"
        return f"choose {who} to play next"
    if kind == SWAP:
        return f"swap {_names(action.cards[:1])} for face-up {_names(action.cards[1:])}"
    if kind == SWAP_DOWN:
        return f"swap {cards} with face-down card {action.target + 1}"
    if kind == LOOK:
        return f"look at face-down card {action.target + 1}"
    if kind == NO_SWAP:
        return "keep the cards as they are"
    return action.words(names)


class Words(CuntSoulFields):
    """The prompt and the refusals, in the players' words."""

    __slots__ = ()

    def prompt(self) -> str:
        s = self.to_move
        if s is None:
            return ""
        phase = self.phase
        if phase == SETUP_UP:
            return "Choose three hand cards to lay face up (secret until everyone is ready)"
        if phase == SETUP_FIELD:
            return "Choose your field card, laid face down until everyone is ready"
        if phase == BURN_UP:
            return "Field change: choose an upright face-up card to burn"
        if phase == RUN:
            assert self.run is not None
            nxt, _step, steps, _c, _s = self.run
            need = " (a run must reach 6)" if steps == 1 and nxt > 4 else (
                " (a run must reach 2)" if steps == 1 else " or stop")
            return f"Continue the run with {_rank_name(nxt)}s{need}"
        if phase == SEVEN:
            return "Your 7: must the next card be higher or lower than 7?"
        if phase == FIELD_SEVEN:
            return "Field 7: must the next card be higher or lower (equal is always allowed)?"
        if phase == JACK_CHOICE:
            return "Your J: choose who plays next"
        if phase == FIELD_JACK:
            return "Field J: choose who plays next"
        if phase == FIVE:
            where = "a face-down card" if self.field_swaps_face_down() else "a face-up card"
            return f"Your 5: swap a hand card with {where}, or keep your cards"
        if phase == FIVE_LOOK:
            return (f"You looked at {NAME[self.down[s][self.look_slot]]}: swap it for a hand card, "
                    "or keep it")
        if phase == PLAY:
            legal = self.legal_actions()
            extra = " (or change your field card first)" if any(a.kind == CHANGE_FIELD for a in legal) else ""
            if PICKUP_ACTION in legal and not any(a.kind in (PLAY_KIND, PLAY_DOWN) for a in legal):
                # a newcomer asked to pick up is told what would have gone on (a 3 lets only 3s
                # on); told "Play from your hand" while a field change was open, they looked for a
                # card to play
                ok = self.ok_ranks()
                ranks = [r for r in range(2, 16) if ok[r]]
                if not ranks or len(ranks) == 14:
                    return f"No card may go on the pile: pick it up{extra}"
                only = ranks_phrase(ranks, _rank_name) if len(ranks) > 2 else \
                    " or ".join(a_or_an(_rank_name(r)) for r in ranks)
                return f"Nothing you hold goes on the pile (only {only} may): pick it up{extra}"
            if self.follow:
                return "Your Q needs a follow-up: play a card that goes on a Q"
            zone = self.zone_of(s)
            where = {HAND: "from your hand", UP: "from your face-up cards",
                     DOWN: "a face-down card, blind"}.get(zone, "")
            return f"Play {where}{extra}"
        return ""

    def why_illegal(self, action: Action) -> str:
        s = self.to_move
        if s is None:
            return "the game is over"
        kind = action.kind
        phase = self.phase
        ask = self.prompt()
        if phase != PLAY and kind in (PLAY_KIND, PLAY_DOWN, PICKUP, CHANGE_FIELD) and phase != RUN:
            return f"not now: {ask[0].lower()}{ask[1:]}"
        if kind == PICKUP:
            if Action(PICKUP) in self.legal_actions():  # the plain pickup is open: this one is malformed
                return "picking up the pile takes no cards, seat or choice"
            return "you can play, so you may not pick up the pile"
        if kind == CHANGE_FIELD:
            if not self.fresh:
                return "a field card may only be changed at the start of your turn"
            if self.changes[s] >= 3:
                return "you have already changed your field card three times"
            if not self.source:
                return "a field card may only be changed while the source pile lasts"
            return "a field change needs a hand card and an upright face-up card"
        if kind == PLAY_KIND:
            cards = action.cards
            if not cards or len({RANK[c] for c in cards if 0 <= c < len(RANK)}) != 1 \
                    or any(not 0 <= c < len(RANK) for c in cards):
                return "a play is one or more cards of the same rank"
            zone = self.zone_of(s)
            own = self.hands[s] if zone == HAND else (self.up[s] if zone == UP else [])
            if any(c not in own for c in cards):
                if zone == DOWN:
                    return "your hand and face-up cards are gone: play a face-down card, blind"
                if any(c in self.up[s] for c in cards):
                    return "face-up cards may be played only once your hand and the source pile are empty"
                if any(c in self.field[s] for c in cards):
                    # a newcomer clicks the field card to change it, as the prompt offers
                    if any(a.kind == CHANGE_FIELD for a in self.legal_actions()):
                        return "your field card is not played; to change it, drop a hand card on it"
                    return "your field card stays in your field and is not played"
                return "you do not hold that card where you may play from"
            r = RANK[cards[0]]
            if phase == RUN and self.run is not None:
                if r == self.run.next:
                    return "a run, once started, must reach 6 (2 when it descends): you could not " \
                           "go on after these"
                return f"the run continues with {_rank_name(self.run.next)}s"
            if not self.ok_ranks()[r]:
                return self._why_rank(r)
            if self.field_one_card_a_link() and len(cards) > 1:
                return "Field 4: only one card at a time"
            return "Field 3: three 3s may not go on a 3"
        if kind == PLAY_DOWN:
            return "you may play face-down cards only once your hand and face-up cards are gone"
        if kind == STOP:
            return "a run, once started, must reach 6" if phase == RUN else "there is no run to stop"
        return f"not now: {ask[0].lower()}{ask[1:]}" if ask else "that is not allowed now"

    def _why_rank(self, r: int) -> str:
        t = self.top
        top = _rank_name(t.face)
        if t.lock3:
            return f"a {'triple' if t.triple else '3'} is on top: only a 3 or a Joker may follow"
        if t.seven:
            return f"a 7 declared {DIRECTION_WORDS[t.seven]} is on top: play {DIRECTION_WORDS[t.seven]} " \
                   "than 7, a 7 or a Joker"
        if t.fseven:
            # one colon: after "Not allowed:" it read "Field 7: higher was declared: play ..."
            return f"{DIRECTION_WORDS[t.fseven]} was declared under Field 7, so play equal or " \
                   f"{DIRECTION_WORDS[t.fseven]}, or a Joker"
        word = "equal or lower (Field K)" if self.field_kings_reverse() else "equal or higher"
        extra = (" (Field 2 takes away the 6, 7 and 10's 'almost any')"
                 if r in WILDCARDS and self.field_no_almost_any() else "")
        article = "an" if t.face in (8, ACE) else "a"
        return f"{article} {top} is on top: play {word}{extra}"
