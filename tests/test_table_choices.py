"""The table's gestures as pure rules (cardtable.ui.table.choices), without a window.

Issue 16 item 1: a drop means exactly the move onto the place under the cards; a drop on a place
that does not take the cards is refused with the reason and changes nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cardtable.ai.base import RandomBot
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import Action, State
from cardtable.games import games, get_game, layout_of
from cardtable.ui.table.choices import Choices, Refusal, Select


def choices_for(state: State) -> Choices:
    seat = state.to_move
    view = state.view(seat)
    return Choices(layout_of(state.game), view, view.legal_actions(), state.zones(), seat)


def positions(name: str, seed: int = 3, limit: int = 400):
    """Every position of a random bot game, the seat to move's."""
    game = get_game(name)
    state = game.new_state([f"P{i}" for i in range(game.default_players)], None, seed)
    bots = [RandomBot(seed + i) for i in range(game.default_players)]
    for _ in range(limit):
        if state.is_over:
            return
        yield state
        state.apply(bots[state.to_move].choose(state.view(state.to_move)))


def first(name: str, wanted: Callable[[State, Choices], bool], seeds=range(1, 40)) -> tuple[State, Choices]:
    for seed in seeds:
        for state in positions(name, seed):
            ch = choices_for(state)
            if wanted(state, ch):
                return state, ch
    raise AssertionError("no such position found")


@pytest.mark.parametrize("name", sorted(games()))
def test_a_drop_means_only_the_move_onto_that_place(name: str) -> None:
    spec = layout_of(get_game(name))
    places = [z.name for z in spec.centre_zones]
    checked = 0
    for state in positions(name, 9, 250):
        ch = choices_for(state)
        seat = state.to_move
        hand = state.view(seat).zones().get(f"hand/{seat}", [])
        before = fingerprint(state)
        for card in hand[:4]:
            for zone in [*places, f"up/{seat}", f"field/{seat}"]:
                got = ch.drop([card], zone)
                if isinstance(got, Action):
                    assert ch.drop_zones()[got] == zone and got.cards == (card,)
                else:
                    assert isinstance(got, (Refusal, Select))
                checked += 1
        assert fingerprint(state) == before, "working out a gesture changed the match"
    assert checked or not spec.drag_kinds


def test_cunt_soul_a_card_dropped_on_the_discard_area_never_changes_the_field_card() -> None:
    """Issue 16.1: 4♣ dragged onto the discard area with 8♥ on top once changed the field card."""
    def field_change_only(state: State, ch: Choices) -> bool:
        return any(a.kind == "change_field" and len(a.cards) == 1
                   and not any(b.kind == "play" and b.cards == a.cards for b in ch.legal) for a in ch.legal)

    state, ch = first("cunt-soul", field_change_only)
    card = next(a.cards[0] for a in ch.legal if a.kind == "change_field" and len(a.cards) == 1
                and not any(b.kind == "play" and b.cards == a.cards for b in ch.legal))
    before = fingerprint(state)
    refused = ch.drop([card], "discard")
    assert isinstance(refused, Refusal) and refused.reason.startswith("Not allowed:")
    assert fingerprint(state) == before
    field = ch.drop([card], f"field/{state.to_move}")
    assert isinstance(field, Action) and field.kind == "change_field"
    entered = ch.enter([card])
    assert not (isinstance(entered, Action) and entered.kind == "change_field"), \
        "Enter made a move the prompt did not offer"


def test_cunt_soul_one_card_on_a_face_up_slot_is_told_how_many_go_there() -> None:
    """Issue 16.9: the setup lays three cards face up at once; one card dropped there is kept."""
    state, ch = first("cunt-soul", lambda s, c: any(a.kind == "face_up" for a in c.legal))
    seat = state.to_move
    card = state.zones()[f"hand/{seat}"][0]
    got = ch.drop([card], f"up/{seat}")
    assert isinstance(got, Select) and got.cards == {card}
    assert "Three cards go there together: choose two more" in got.reason
    assert ch.how(frozenset({card})) == "click three cards (1 of 3 chosen)"
    three = next(a for a in ch.legal if a.kind == "face_up").cards
    assert ch.how(frozenset(three)) == "then drag them onto your up cards or press Enter"
    assert ch.enter(three) == Action("face_up", three)


def test_shithead_setup_says_how_to_choose_the_three_face_up_cards() -> None:
    """Issue 16.9: say to click three cards, and how many are chosen (issue 23: one number, one meaning)."""
    state, ch = first("shithead", lambda s, c: len(c.legal) > 4 and all(len(a.cards) == 3 for a in c.legal))
    hand = state.zones()[f"hand/{state.to_move}"]
    assert ch.how(frozenset()) == "click three cards (0 of 3 chosen)"
    assert ch.how(frozenset(hand[:2])) == "click three cards (2 of 3 chosen)"
    assert ch.how(frozenset(ch.legal[0].cards)) == "then press the button or Enter"
    # Enter on two of the three says how many more, never the game's "not now" (issue 23.1)
    got = ch.enter(frozenset(ch.legal[0].cards[:2]))
    assert isinstance(got, Select) and got.reason == "Choose one more card, then press Enter."


def test_shithead_an_illegal_card_dropped_on_the_pile_says_the_rule() -> None:
    def stuck_card(state: State, ch: Choices) -> bool:
        seat = state.to_move
        played = {c for a in ch.legal for c in a.cards}
        return bool(state.pile) and any(c not in played for c in state.hands[seat]) and ch.centre_moves()

    state, ch = first("shithead", stuck_card)
    played = {c for a in ch.legal for c in a.cards}
    card = next(c for c in state.hands[state.to_move] if c not in played)
    got = ch.drop([card], "play")
    assert isinstance(got, Refusal) and "cannot go on" in got.reason
    assert ch.drop([card], "burn") == Refusal(f"Not allowed: {state.why_illegal(Action('play', (card,)))}")
    assert ch.drop([card], None) == Refusal("")


def test_shithead_on_an_empty_pile_the_pickup_button_says_pass() -> None:
    """Issue 16.9: the prompt says "pass"; so does the button (the game's own words)."""
    _, ch = first("shithead", lambda s, c: not s.pile and Action("pickup") in c.legal)
    labels = [d.label for d in ch.decisions(frozenset())]
    assert "Pass" in labels and "Pick up the pile" not in labels


@pytest.mark.parametrize("name", ["fscking-ace", "cersei"])
def test_a_click_on_the_pack_flips_it_as_the_button_does(name: str) -> None:
    # A newcomer clicks the face-down pack (Fscking Ace) or their own deck (Cersei) to turn its top
    # card; that click only showed the pack's tooltip.
    state, ch = first(name, lambda st, c: any(a.kind == "flip" for a in c.legal))
    seat = state.to_move
    place = "pack" if name == "fscking-ace" else f"deck/{seat}"
    made = ch.zone_click(place)
    assert made is not None and made.kind == "flip" and made in ch.legal
    before = {z: list(cards) for z, cards in state.zones().items()}
    state.apply(made)
    assert state.zones() != before  # a card was turned
    # Somewhere else, or when flipping is not the move, a click on the place does nothing.
    other = first(name, lambda st, c: c.legal and not any(a.kind == "flip" for a in c.legal))[1]
    assert other.zone_click(place.replace(str(seat), str(other.viewer))) is None
    assert ch.zone_click("discard") is None


@pytest.mark.parametrize("name", sorted(games()))
def test_every_clickable_place_is_a_place_of_the_table(name: str) -> None:
    spec = layout_of(get_game(name))
    names = {z.name for z in spec.centre_zones} | {z.name for z in spec.seat_zones}
    assert set(spec.zone_clicks) <= names


def test_a_place_is_named_without_its_diagrams_letter() -> None:
    """Walking Takku-Sum, a card's way was said "then drag them onto the B · Play pile": the letter is
    the seed's diagram's, kept on the table's label, and read as a code in a sentence."""
    ch = first("takku-sum", lambda s, c: True)[1]
    assert ch.place_name("play") == "the Play pile" and ch.place_name("draw") == "the Draw pile"
    shithead = first("shithead", lambda s, c: True)[1]
    assert shithead.place_name("burn") == "the Burn pile"


def test_a_card_that_cannot_join_its_rank_says_why_it_is_chosen_alone() -> None:
    """Cunt-Soul R (Field 4: one card per play): walking a match, a second 5 clicked silently took
    the first one's place and Enter played one card with no word why. Cards of the same rank that
    may not go together say the game's reason; another rank just starts a new choice."""
    from cardtable.engine.cards import parse_card
    from cardtable.games.cunt_soul.positions import position

    five, other_five, nine = parse_card("5c"), parse_card("5d"), parse_card("9h")

    def clicked(state, card: int, chosen: int):
        view = state.view(0)
        return Choices(layout_of(state.game), view, view.legal_actions(), state.zones(), 0).click(
            card, frozenset({chosen}), False, False)

    field_4 = position(3, hands={0: "5c 5d 9h"}, fields={1: "4c"}, pile="4s")
    assert clicked(field_4, other_five, five) == Select(frozenset({other_five}),
                                                        "Not together: Field 4: only one card at a time.")
    plain = position(3, hands={0: "5c 5d 9h"}, pile="4s")
    assert clicked(plain, other_five, five) == Select(frozenset({five, other_five}), "")
    assert clicked(plain, nine, five) == Select(frozenset({nine}), "")
