"""The engine's own pieces: card ids, the seeded stream, actions as data, fingerprints."""

from cardtable.engine.cards import (
    ACE,
    HEARTS,
    IS_RED,
    JOKER,
    NAME,
    RANK,
    SPADES,
    SUIT,
    card_name,
    deck_of,
    make_card,
    parse_card,
    parse_cards,
    standard_deck,
)
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import Action, rewards_from_places
from cardtable.engine.rng import Rng


def test_two_decks_give_distinct_ids_for_the_same_card():
    a, b = make_card(7, HEARTS, 0), make_card(7, HEARTS, 1)
    assert a != b
    assert (RANK[a], SUIT[a], NAME[a]) == (RANK[b], SUIT[b], NAME[b]) == (7, HEARTS, "7♥")
    assert (deck_of(a), deck_of(b)) == (0, 1)


def test_standard_deck_sizes_and_jokers():
    assert len(standard_deck()) == 52
    two = standard_deck(2, jokers=True)
    assert len(two) == 108 == len(set(two))
    jokers = [c for c in two if RANK[c] == JOKER]
    assert len(jokers) == 4
    assert sorted(IS_RED[c] for c in jokers) == [False, False, True, True]


def test_parse_and_name_round_trip():
    for c in standard_deck(jokers=True):
        assert parse_card(card_name(c)) == c
    assert parse_cards("10c Qs Ah") == [make_card(10, 0), make_card(12, SPADES), make_card(ACE, HEARTS)]


def test_rng_is_reproducible_and_independent_when_cloned():
    a = Rng(7)
    b = a.clone()
    xs = list(range(52))
    ys = list(range(52))
    a.shuffle(xs)
    b.shuffle(ys)
    assert xs == ys != list(range(52))
    assert Rng(7).next64() != Rng(8).next64()
    assert all(0 <= Rng(i).below(5) < 5 for i in range(200))


def test_rng_stream_is_fixed_forever():
    # A saved match replays only if the stream never changes: pin its first values.
    r = Rng(0)
    assert [r.next64() for _ in range(2)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]


def test_shuffle_draws_exactly_as_below_does():
    """The shuffle writes SplitMix64 out in its loop for speed: it must swap with exactly the
    places ``below`` would draw, and leave the stream where those draws leave it."""
    for seed in (0, 7, 2**63 + 5):
        for n in (0, 1, 2, 52, 108):
            fast, slow = Rng(seed), Rng(seed)
            xs, ys = list(range(n)), list(range(n))
            fast.shuffle(xs)
            for i in range(n - 1, 0, -1):
                j = slow.below(i + 1)
                ys[i], ys[j] = ys[j], ys[i]
            assert xs == ys and fast.state == slow.state


def test_actions_print_as_words_and_round_trip_json():
    a = Action("show", (parse_card("3s"),), 1)
    assert a.words(["Al", "Bea"]) == "show 3♠ to Bea"
    assert Action.from_json(a.to_json()) == a
    assert str(Action("play", tuple(parse_cards("7h 7c")))) == "play 7♥ 7♣"


def test_fingerprint_sees_every_change():
    assert fingerprint([1, 2]) != fingerprint([2, 1])
    assert fingerprint({"a": [1]}) == fingerprint({"a": [1]})


def test_rewards_from_places_orders_seats():
    assert rewards_from_places([1, 3, 2]) == (1.0, 0.0, 0.5)
