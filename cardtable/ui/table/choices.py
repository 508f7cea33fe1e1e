"""What a gesture at the table means: pure rules, no pygame, testable without a window.

Given the mover's view, its legal actions, the table description and the cards as the table shows
them, a gesture (these cards dropped onto that place or card, a click, Enter, a key) means one
action, or is refused with the reason in the player's words. A drop means exactly the move onto
the place under the cards, never another move with the same cards; Enter or a double-click with
cards means the move onto the middle of the table (or, while nothing goes to the middle, such as
the setup, the one move with those cards).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardtable.engine.cards import RANK
from cardtable.engine.protocol import Action, State
from cardtable.engine.rng import Rng
from cardtable.engine.table import LayoutSpec
from cardtable.ui.table.choice_kinds import NUMBERS, Choice, Decision, Refusal, Select, capital


class Choices:
    """The meaning of gestures for the seat ``viewer`` in one position (build one per position).

    ``zones`` are the cards as the table shows them: ids the viewer knows, and stand-in keys for
    cards it does not (a face-down card's place); ``view`` is the viewer's view."""

    def __init__(self, spec: LayoutSpec, view: State, legal: Sequence[Action], zones: dict[str, list[int]],
                 viewer: int, picked: tuple[str, ...] = ()) -> None:
        self.spec, self.view, self.legal = spec, view, list(legal)
        self.zones, self.viewer, self.picked = zones, viewer, picked
        self._drops: dict[Action, str] | None = None

    # -- where card moves go -------------------------------------------------------------------
    def drop_zones(self) -> dict[Action, str]:
        """Where each card move would send its cards (found by trying it on a copy of the view with
        its unknown cards dealt at random: the table needs no knowledge of the rules)."""
        if self._drops is None:
            self._drops = {}
            moves = [a for a in self.legal if a.kind in self.spec.drag_kinds and a.cards]
            trial = self.view.determinize(Rng(0)) if moves else self.view
            for a in moves:
                events = trial.clone().apply(a)
                dst = next((e.dst for e in events if e.kind == "move" and set(e.cards) & set(a.cards)), "")
                if dst:
                    self._drops[a] = dst
        return self._drops

    def legal_targets(self, cards: set[int] | frozenset[int]) -> set[str]:
        return {z for a, z in self.drop_zones().items() if set(a.cards) == cards}

    def centre_moves(self) -> bool:
        """Some card may go to the middle of the table now (a play, not a setup choice)."""
        centre = {z.name for z in self.spec.centre_zones}
        return any(z in centre for z in self.drop_zones().values())

    # -- the viewer's own places ---------------------------------------------------------------
    def _row(self, kind_rows: dict[str, str], kind: str) -> list[int]:
        return self.zones.get(f"{kind_rows[kind]}/{self.viewer}", [])

    def slot_actions(self) -> dict[int, Action]:
        """Cards that stand for a slot choice (a face-down card to turn over): card -> action."""
        out: dict[int, Action] = {}
        for a in self.legal:
            if a.kind in self.spec.slot_choices and a.choice.isdigit():
                row = self._row(self.spec.slot_choices, a.kind)
                if int(a.choice) < len(row):
                    out[row[int(a.choice)]] = a
        return out

    def card_of(self, action: Action) -> int | None:
        """The viewer's card that stands for ``action`` by its place (a face-down card to turn
        over, a card of a fanned deck to take blind), if any."""
        hit = next((c for c, a in self.slot_actions().items() if a == action), None)
        if hit is None and action.kind in self.spec.slot_kinds and not action.cards:
            row = self._row(self.spec.slot_kinds, action.kind)
            hit = row[action.target] if 0 <= action.target < len(row) else None
        if hit is None and action.kind in self.spec.pick_kinds and action.choice.isdigit():
            # the hint for the Assassin's pick named "the 10th card from the bottom" and lit none
            fanned = self.zones.get(self.pick_zone(action), [])
            hit = fanned[int(action.choice)] if int(action.choice) < len(fanned) else None
        return hit

    def slot_cards(self, cards: set[int] | frozenset[int]) -> set[int]:
        """The viewer's cards that a slot action with ``cards`` takes by position."""
        out: set[int] = set()
        for a in self.legal:
            if a.kind in self.spec.slot_kinds and set(a.cards) == cards:
                row = self._row(self.spec.slot_kinds, a.kind)
                if 0 <= a.target < len(row):
                    out.add(row[a.target])
        return out

    def slot_action(self, card: int, cards: set[int] | frozenset[int]) -> Action | None:
        """The slot action (a face-down card played blind, a hand card swapped with one) that
        ``card``, by its place in the viewer's own row, makes together with ``cards``."""
        for a in self.legal:
            if a.kind in self.spec.slot_kinds and set(a.cards) == cards:
                row = self._row(self.spec.slot_kinds, a.kind)
                if 0 <= a.target < len(row) and row[a.target] == card:
                    return a
        return None

    def onto_card(self, cards: set[int] | frozenset[int], card: int) -> Action | None:
        """What dropping ``cards`` onto ``card`` does: a move with both (a hand card swapped for a
        face-up card), or a slot action aimed at ``card``'s place."""
        if card in cards:
            return None
        both = set(cards) | {card}
        hit = next((a for a in self.legal if a.kind in self.spec.drag_kinds and set(a.cards) == both), None)
        hit = hit or self.slot_action(card, cards)
        beneath = self.beneath(card)
        # A Field 5 swap with face-down card 1 dropped where the player sees that card: on the
        # face-up card lying on it, which covers all but its top edge.
        return hit or (self.slot_action(beneath, cards) if beneath is not None else None)

    def beneath(self, card: int) -> int | None:
        """The viewer's card that ``card`` lies on, in the same place of the row beneath (a
        face-down card under a face-up one), if any."""
        for z in self.spec.seat_zones:
            top = self.zones.get(f"{z.name}/{self.viewer}", []) if z.on else []
            if card in top:
                under = self.zones.get(f"{z.on}/{self.viewer}", [])
                i = top.index(card)
                return under[i] if i < len(under) else None
        return None

    def onto_targets(self, cards: set[int] | frozenset[int]) -> set[int]:
        """Cards the dragged ``cards`` may be dropped onto, lit while dragging."""
        out = self.slot_cards(cards)
        for a in self.legal:
            one_more = len(a.cards) == len(cards) + 1
            if a.kind in self.spec.drag_kinds and one_more and set(cards) < set(a.cards):
                out |= set(a.cards) - set(cards)
        return out

    # -- blind picks and seats -----------------------------------------------------------------
    def pick_actions(self) -> list[Action]:
        return [a for a in self.legal if a.kind in self.spec.pick_kinds]

    def pick_zone(self, a: Action) -> str:
        return f"{self.spec.pick_kinds[a.kind]}/{a.target}"

    def pick_of(self, card: int) -> Action | None:
        """The pick that taking ``card`` (by its place in a fanned deck) makes."""
        for a in self.pick_actions():
            cards = self.zones.get(self.pick_zone(a), [])
            if card in cards and a.choice == str(cards.index(card)):
                return a
        return None

    def pick_refused(self, zone: str) -> str:
        """Why a click on ``zone``, a pile of the kind a blind pick takes from but not one it may
        (Cersei's Assassin and the player's own deck), takes nothing: the game's reason."""
        picks = self.pick_actions()
        kind, _, seat = zone.partition("/")
        if not picks or not seat.isdigit() or zone in {self.pick_zone(a) for a in picks}:
            return ""
        if kind != self.spec.pick_kinds[picks[0].kind]:
            return ""
        why = self.view.why_illegal(Action(picks[0].kind, (), int(seat), "0"))
        return f"Not allowed: {why}." if why else ""

    def seat_actions(self) -> list[Action]:
        """Choices of a seat that move no card (a J: who plays next). Picks and slots aim at cards."""
        return [a for a in self.legal if not a.cards and a.target >= 0
                and a.kind not in self.spec.pick_kinds and a.kind not in self.spec.slot_kinds]

    def target_actions(self, selection: set[int] | frozenset[int]) -> list[Action]:
        """Actions waiting for a seat: the selected cards shown (given...) to someone, or a choice
        of seat with no cards (who plays next)."""
        seated = self.seat_actions()
        if seated or not selection:
            return seated
        aimed = [a for a in self.legal if a.cards and a.target >= 0 and set(a.cards) == selection
                 and not self._at_place(a)]
        return aimed if len({a.target for a in aimed}) >= 2 else []

    def _at_place(self, a: Action) -> bool:
        """The action's target is a card's place (a face-down card, a deck to pick from), not a seat."""
        return a.kind in self.spec.slot_kinds or a.kind in self.spec.pick_kinds

    def selectable(self, selection: set[int] | frozenset[int]) -> set[int]:
        """Cards of the seat to move that take part in some legal action, or stand for one."""
        picks = {c for z in self.picked for c in self.zones.get(z, [])}
        moved = {c for a in self.legal for c in a.cards if c >= 0}
        return picks | self.slot_cards(selection) | moved | set(self.slot_actions())

    def fits(self, cards: set[int] | frozenset[int]) -> bool:
        return any(set(cards) <= set(a.cards) for a in self.legal)

    def toggled(self, selection: frozenset[int], card: int) -> frozenset[int]:
        """The selection after clicking ``card``: out if in; in beside the others if some action
        takes them all, else alone."""
        if card in selection:
            return selection - {card}
        more = selection | {card}
        return more if self.fits(more) else frozenset({card})

    # -- gestures ------------------------------------------------------------------------------
    def drop(self, cards: Sequence[int], zone: str | None, onto: int | None = None) -> Choice:
        """Cards dropped onto ``zone`` (the place they overlap most, if any) or onto the card
        ``onto`` (the card under the pointer): exactly the move there, or why not."""
        picked = frozenset(cards)
        if onto is not None:
            hit = self.onto_card(picked, onto)
            if hit is not None:
                return hit
        if zone is None:
            return Refusal("")
        moves = [a for a, z in self.drop_zones().items() if set(a.cards) == picked and z == zone]
        return self._one_way(picked, moves) or self._not_there(picked, zone)

    def enter(self, cards: Sequence[int] | frozenset[int]) -> Choice:
        """Enter or a double-click with ``cards``: the move onto the middle of the table; while
        nothing goes to the middle (a setup), the one move these cards make."""
        picked = frozenset(cards)
        centre = {z.name for z in self.spec.centre_zones}
        drops = self.drop_zones()
        moves = [a for a, z in drops.items() if set(a.cards) == picked]
        if self.centre_moves():
            moves = [a for a in moves if drops[a] in centre]
        one = self._one_way(picked, moves)
        if one is not None:
            return one
        decided = [a for a in self.legal if set(a.cards) == picked and a.kind not in self.spec.drag_kinds
                   and len({b.target for b in self.legal if b.kind == a.kind and b.cards == a.cards}) == 1]
        if len(decided) == 1:
            return decided[0]  # take this up card, put these three face up, backfire this 3
        if self.target_actions(picked):
            return Select(picked, "Now choose a seat: click a name or press its number.")
        short = self._short_of(picked)
        if short:
            return Select(picked, short)
        zone = next((z for z in self.spec.centre_zones if z.style != "panel"), None)
        return self._not_there(picked, zone.name if zone else "")

    def _short_of(self, picked: frozenset[int]) -> str:
        """Enter on part of a few cards chosen together (a setup's three face-up cards): how many
        more, in place of the game's "not now" (the cards are right, there are just too few)."""
        need = {len(a.cards) for a in self.legal if picked < set(a.cards)}
        if len(need) != 1 or len(self.legal) <= 4:
            return ""
        more = need.pop() - len(picked)
        word = NUMBERS[more] if more < len(NUMBERS) else str(more)
        return f"Choose {word} more {'card' if more == 1 else 'cards'}, then press Enter."

    def click(self, card: int, selection: frozenset[int], double: bool, takeable: bool) -> Choice | None:
        """A click on ``card`` (``takeable``: a face-up card of the viewer's hand, which may be
        picked up and tried even when no move takes it): the decision the card stands for (a slot,
        a pick, the whole of one decision), a double-click's move, or the new selection."""
        made = self.slot_actions().get(card) or self.pick_of(card) or self.slot_action(card, selection)
        if made is None:
            uses = [a for a in self.legal if card in a.cards]
            sole = uses[0] if len(uses) == 1 else None
            if sole is not None and sole.cards == (card,) and sole.kind not in self.spec.drag_kinds:
                made = sole  # a card that is the whole of exactly one decision: take this up card
        if made is not None:
            return made
        if not (takeable or card in self.selectable(selection)):
            return None
        if double:
            return self.enter([card])
        chosen = self.toggled(selection, card)
        return Select(chosen, self.apart(selection, card) if chosen == {card} and selection else "")

    def apart(self, selection: frozenset[int], card: int) -> str:
        """Why ``card`` did not join ``selection`` of its rank (a second 5 under Cunt-Soul's Field 4
        took the first one's place without a word); other ranks just start a new choice."""
        together = tuple(sorted(selection | {card}))
        if len({RANK[c] for c in together if 0 <= c < len(RANK)}) != 1:
            return ""
        why = self.view.why_illegal(Action(self.spec.main_kind, together))
        return f"Not together: {why.rstrip('.')}." if why else ""

    def why_not(self, card: int) -> str:
        """Why a card of the viewer's that no move takes cannot be played now."""
        zone = next((z.name for z in self.spec.centre_zones if z.style != "panel"), "")
        refused = self._not_there(frozenset({card}), zone)
        return "" if isinstance(refused, Action) else refused.reason

    def key(self, letter: str) -> Choice | None:
        """A letter key: the one legal action of the kinds it stands for; none legal while others
        are, the game's reason (Space, to flip, at Cersei's Assassin pick did nothing)."""
        kinds = self.spec.hotkeys.get(letter, ())
        acts = [a for a in self.legal if a.kind in kinds]
        why = self.view.why_illegal(Action(kinds[0])) if kinds and self.legal and not acts else ""
        return Refusal(f"Not allowed: {why}.") if why else acts[0] if len(acts) == 1 else None

    def zone_click(self, zone: str) -> Action | None:
        """A click on a place (``pack``, or one of the viewer's own as ``deck/2``): the one legal
        action of the kinds the layout gives that place."""
        kinds = self.spec.zone_clicks.get(zone.split("/")[0], ())
        acts = [a for a in self.legal if a.kind in kinds]
        return acts[0] if len(acts) == 1 else None

    def _one_way(self, cards: frozenset[int], moves: list[Action]) -> Choice | None:
        if len({a.choice for a in moves}) > 1:
            ways = " or ".join(self.view.describe(a) for a in moves)
            return Select(cards, f"Choose how to play them: {ways}.")
        return moves[0] if moves else None

    def _not_there(self, cards: frozenset[int], zone: str) -> Choice:
        """Why ``cards`` cannot go onto ``zone``: the game's own reason for a move there, or what
        the place still needs (a few cards that go together)."""
        drops = self.drop_zones()
        partial = [a for a, z in drops.items() if z == zone and cards < set(a.cards)]
        if partial:
            need = len(partial[0].cards)
            more = need - len(cards)
            return Select(cards, f"{capital(NUMBERS[need] if need < len(NUMBERS) else str(need))} cards go "
                                 f"there together: choose {NUMBERS[more] if more < len(NUMBERS) else more} "
                                 f"more, then drop them together.")
        kinds = sorted({a.kind for a, z in drops.items() if z == zone})
        elsewhere = [a for a, z in drops.items() if set(a.cards) == cards and z != zone]
        if not kinds and elsewhere:
            # Nothing goes here now, but these cards have a place: say where.
            move = elsewhere[0]
            return Refusal(f"{capital(self.view.describe(move))}: drop {'it' if len(cards) == 1 else 'them'} "
                           f"on {self.place_name(drops[move])}.")
        kind = kinds[0] if kinds else self.spec.main_kind
        return Refusal(f"Not allowed: {self.view.why_illegal(Action(kind, tuple(sorted(cards))))}")


    def place_name(self, zone: str) -> str:
        """A place in the player's words: "the Source pile", "your field"."""
        base = zone.split("/")[0]
        for z in self.spec.centre_zones:
            if z.name == zone:  # without a diagram's letter: "the B · Play pile" read as a code
                return f"the {z.label.split(' · ')[-1]}" if z.label else "the table"
        label = next((z.label for z in self.spec.seat_zones if z.name == base and z.label), base)
        return f"your {label} cards" if zone.endswith(f"/{self.viewer}") else label

    # -- buttons and words ---------------------------------------------------------------------
    def decisions(self, selection: frozenset[int]) -> list[Decision]:
        """The decisions shown as buttons: each action without cards; a card move whose cards are
        selected; a kind with few actions a button each; a seat choice once its cards are chosen."""
        out: list[Decision] = []
        kinds: dict[str, list[Action]] = {}
        for a in self.legal:
            kinds.setdefault(a.kind, []).append(a)
        for kind, acts in kinds.items():
            out += self._kind_decisions(kind, acts, selection)
        return out

    def _kind_decisions(self, kind: str, acts: list[Action], sel: frozenset[int]) -> list[Decision]:
        says: Callable[[Action], str] = lambda a: capital(self.view.describe(a))  # noqa: E731
        if kind in self.spec.drag_kinds:
            # One set of cards that must be played, only the way is open (a grace card that fits,
            # declared wild or plain): the ways are buttons without selecting first.
            forced = len({a.cards for a in acts}) == 1 and len(acts) > 1
            return [Decision(says(a), a) for a in acts
                    if (forced or (sel and set(a.cards) == sel)) and a.target < 0]
        if kind in self.spec.slot_kinds:
            # Aimed at the viewer's own cards by place (a hand card swapped with face-down card
            # 2): a button for each place once the cards are chosen, no seat asked for.
            return [Decision(says(a), a) for a in acts if a.cards and set(a.cards) == sel]
        out: list[Decision] = []
        # A kind aimed at several seats asks for the seat; aimed at one (a backfire) it is plain.
        aimed = [a for a in acts if a.cards and a.target >= 0]
        if len({a.target for a in aimed}) < 2:
            aimed = []
        if aimed:
            matched = [a for a in aimed if set(a.cards) == sel]
            if matched:
                out += [Decision(says(a), a, seat=a.target) for a in matched]
            else:
                first = aimed[0]
                label = says(Action(kind, first.cards)).split(" to ")[0] + " to …"  # seat chosen next
                out.append(Decision(label, None, frozenset(first.cards)))
        if kind in self.spec.pick_kinds or kind in self.spec.slot_kinds:
            return out  # made by clicking the card itself
        seated = [a for a in acts if not a.cards and a.target >= 0]
        out += [Decision(says(a), a, seat=a.target) for a in seated]
        plain = [a for a in acts if a not in aimed and a not in seated]
        if len(plain) > 4:
            plain = [a for a in plain if a.cards and set(a.cards) == sel]
        return out + [Decision(says(a), a) for a in plain]

    def how(self, selection: frozenset[int]) -> str:
        """A hint after the prompt when the decision is a few cards clicked one by one (a setup's
        three face-up cards): how many, how far along, and how to finish."""
        sizes = {len(a.cards) for a in self.legal}
        if len(self.legal) <= 4 or len(sizes) != 1 or any(a.target >= 0 for a in self.legal):
            return ""
        need = sizes.pop()
        if need < 2:
            return ""
        done = next((a for a in self.legal if set(a.cards) == selection), None)
        if done is not None:
            where = self.drop_zones().get(done)
            return f"then drag them onto {self.place_name(where)} or press Enter" if where else \
                "then press the button or Enter"
        word = NUMBERS[need] if need < len(NUMBERS) else str(need)
        # how many are chosen so far, not which click this is: "(3 of 3)" with two chosen read as done
        return f"click {word} cards ({min(len(selection), need)} of {need} chosen)"
