"""Hints (issue 17 item 2): the Hard bot's move from the person's own view, legal, with the
game's reason; a redeal of what the seat cannot see gives the same hint (the leak test)."""

from __future__ import annotations

import pytest

from cardtable.ai import make_bot
from cardtable.ai.search import SearchBot
from cardtable.ai.worker import InlineBots, _BotPool
from cardtable.engine.fingerprint import fingerprint
from cardtable.engine.protocol import Action
from cardtable.engine.rng import Rng
from cardtable.games import games, get_game
from cardtable.runner import hint as hint_mod
from cardtable.runner.drivers import BotService
from cardtable.runner.hint import Hinter

GAMES = sorted(games())


@pytest.fixture(autouse=True)
def quick_hard(monkeypatch):
    """Hard with a small fixed number of playouts and no clock (the worker's guard slices the
    search by time, so its playouts vary with the machine's load): the same view must then give
    the same move."""

    def choose(self, game, level, seat, seed, view):
        bot = make_bot(game, level, seed)
        if isinstance(bot, SearchBot):
            bot.iterations, bot.ms = 24, None
        return bot.choose(view), ""

    monkeypatch.setattr(_BotPool, "choose", choose)


def positions(name: str, seed: int, limit: int = 3):
    game = get_game(name)
    state = game.new_state([f"P{i}" for i in range(game.default_players)], None, seed)
    bot = make_bot(name, "normal", seed)
    found, step = [], 0
    while state.to_move is not None and len(found) < limit and step < 3000:
        if step % 7 == 3 and len(state.legal_actions()) > 1:
            found.append(state.clone())
        state.apply(bot.choose(state.view(state.to_move)))
        step += 1
    return found


def hint_for(view, seat, game):
    hinter = Hinter(BotService(InlineBots()), game, seed=3)
    hinter.ask(view, seat, 0)
    got = hinter.poll()
    assert got is not None and not hinter.thinking
    return got


@pytest.mark.parametrize("name", GAMES)
def test_a_hint_is_legal_and_depends_only_on_the_seats_view(name):
    game = get_game(name)
    states = positions(name, seed=5)
    assert states
    for state in states:
        seat = state.to_move
        view = state.view(seat)
        other = view.determinize(Rng(99)).view(seat)  # every unseen card dealt differently
        assert fingerprint(other, with_rng=False) == fingerprint(view, with_rng=False)
        a, b = hint_for(view, seat, game), hint_for(other, seat, game)
        assert a.action in state.legal_actions()
        assert (a.action, a.reason) == (b.action, b.reason)
        assert a.says == state.describe(a.action)


def test_shithead_hint_reason_is_in_players_words():
    from cardtable.engine.cards import HEARTS, SPADES, make_card
    from cardtable.engine.protocol import Action

    view = positions("shithead", seed=8, limit=1)[0]
    seat = view.to_move
    v = view.view(seat)
    v.hands[seat] = [make_card(5, HEARTS), make_card(2, SPADES)]
    reason = hint_mod.hint_reason(get_game("shithead"), v, Action("play", (make_card(5, HEARTS),)))
    assert reason == "Plays a 5 and keeps your 2 for later."


def test_shithead_hint_reasons_say_an_8_an_a_and_no_pile_to_take_on_an_empty_pile():
    """Reading every hint reason the games give over a few bot games: "Plays a A and keeps your 10
    for later.", "Plays a 8 ...", and a pass on an empty pile (seed: any card may be played on an
    empty pile; ours lets the player pass there) said "take the pile now" with no pile to take."""
    from cardtable.games.shithead.positions import play, table

    game = get_game("shithead")
    on_a_6 = table(["Ah 8c 10d", "4c 5c 6c"], pile="6h")
    view = on_a_6.view(0)
    assert hint_mod.hint_reason(game, view, play("Ah")) == "Plays an A and keeps your 10 for later."
    assert hint_mod.hint_reason(game, view, play("8c")) == "Plays an 8 and keeps your 10 for later."
    taking = hint_mod.hint_reason(game, view, Action("pickup"))
    assert taking == "Nothing you can play helps: take the pile now."
    empty = table(["Ah 8c 10d", "4c 5c 6c"]).view(0)
    passing = next(a for a in empty.legal_actions() if a.kind == "pickup")
    assert empty.describe(passing) == "pass"
    assert hint_mod.hint_reason(game, empty, passing) == ""


def test_shithead_hint_says_why_for_the_opening_card_and_a_2():
    """A sweep of the hints found "Hint: play 4♣." with no reason at the opening, the one play
    there is (seed: "whoever holds the 4♣ opens with it"), and none for a 2 (rule book: "A 2 goes
    on anything and gives you another go")."""
    from cardtable.engine.cards import parse_card
    from cardtable.games.shithead.positions import play, table

    game = get_game("shithead")
    opening = table(["4c 9d Kh", "5c 6c 8c"], opening=parse_card("4c")).view(0)
    assert hint_mod.hint_reason(game, opening, play("4c")) == (
        "The game opens with the 4♣: whoever holds it plays it first.")
    on_a_k = table(["2c 9d 5h", "5c 6c 8c"], pile="Kh").view(0)
    assert hint_mod.hint_reason(game, on_a_k, play("2c")) == "The 2 goes on anything, and you go again."


def test_shithead_hint_reason_counts_the_3s_shown():
    """A walk's hint read "show 3♣ 3♠ to Bea. Show your 3: ..." (seed: a player "may 'show' one or
    more" 3s): the reason says 3s when it shows more than one."""
    from cardtable.games.shithead.positions import table

    game = get_game("shithead")
    view = table(["3c 3s 9d", "4c 5c 6c"], pile="6h").view(0)
    shows = {len(a.cards): a for a in view.legal_actions() if a.kind == "show"}
    assert hint_mod.hint_reason(game, view, shows[2]) == "Show your 3s: they must pick up the pile."
    assert hint_mod.hint_reason(game, view, shows[1]) == "Show your 3: they must pick up the pile."



def test_shithead_setup_hint_is_the_searchs_known_set_and_says_why():
    """A newcomer who asks what to put face up (R3) is told Hard's set, its two strongest cards and
    a 3 where the six hold one (measured better than the three strongest; Hard's search chose sets
    like 4♦ 8♣ 9♥ by noise), and why."""
    from cardtable.engine.cards import RANK
    from cardtable.games.shithead.bots import search_arrangement

    game = get_game("shithead")
    said = {}
    for seed in range(4, 12):
        state = game.new_state(["P0", "P1"], None, seed)
        seat = state.to_move
        view = state.view(seat)
        hint = hint_for(view, seat, game)
        assert hint.action.kind == "arrange"
        assert tuple(sorted(hint.action.cards)) == search_arrangement(view)
        said[any(RANK[c] == 3 for c in hint.action.cards)] = hint.reason
    assert said[True].startswith("Your two strongest cards and a 3 lie face up: the 3 reaches")
    assert said[False].startswith("Your three strongest cards lie face up: you play them once")


def test_cunt_soul_hint_says_what_a_high_card_does_where_it_does_it():
    """A sweep of the hints found a Q, K, A, J or Joker hinted with no reason; it now says what the
    card does (rule book, "Card abilities"), but not with two players left, where a J or a K does
    nothing (R28, R30), nor under a Field Joker, which turns every card ability off (A48)."""
    from cardtable.engine.cards import parse_cards
    from cardtable.games.cunt_soul.positions import position

    def play(text: str) -> Action:
        return Action("play", tuple(parse_cards(text)))

    game = get_game("cunt-soul")
    three = position(hands={0: "Qc Kc Jc 5d", 1: "3c", 2: "4c"}, pile="9h")
    said = {c: hint_mod.hint_reason(game, three.view(0), play(c)) for c in ("Qc", "Kc", "Jc")}
    assert said == {"Qc": "A Q lets you play again at once.", "Kc": "A K turns the direction of play.",
                    "Jc": "With a J you choose who plays next."}
    two = position(n=2, hands={0: "Qc Kc Jc 5d", 1: "3c"}, pile="9h")
    assert hint_mod.hint_reason(game, two.view(0), play("Kc")) == ""
    assert hint_mod.hint_reason(game, two.view(0), play("Qc")) == "A Q lets you play again at once."
    no_abilities = position(hands={0: "Qc Kc 5d", 1: "3c", 2: "4c"}, fields={2: "RJ"}, pile="9h")
    assert hint_mod.hint_reason(game, no_abilities.view(0), play("Qc")) == ""


def test_cunt_soul_hint_says_why_a_declaration_or_a_j_choice_where_the_hand_shows_it():
    """The review and the hints gave "declare higher" and "choose Bea to play next" no reason. A
    7's declaration (R24) is explained where the player's hand favours that side, a J's choice
    (R28) where the chosen player holds the most cards; otherwise nothing is said."""
    from cardtable.games.cunt_soul.positions import position

    game = get_game("cunt-soul")
    view = position(hands={0: "8c 9d Kh 3s", 1: "3c 4c 5c 6c 9c", 2: "4d 5d"}, pile="7h").view(0)
    higher, lower = Action("declare", choice="higher"), Action("declare", choice="lower")
    assert hint_mod.hint_reason(game, view, higher) == (
        "You hold more cards above 7 than below it: the next player is likely to hold fewer there.")
    assert hint_mod.hint_reason(game, view, lower) == ""
    assert hint_mod.hint_reason(game, view, Action("choose", target=1)) == (
        "Bea holds the most cards (5): the turn goes to the player furthest from going out.")
    assert hint_mod.hint_reason(game, view, Action("choose", target=2)) == ""


def test_a_blind_play_is_hinted_as_blind_unless_a_face_down_card_was_seen():
    """The hints' sweep: "turn over down card 1" and "play face-down card 1" came with no reason,
    and a newcomer wonders why that one. Shithead's seed: down cards "are unknown even to the player
    receiving them"; in Cunt-Soul a Field 5 look (A50) may have shown one, and then nothing is said."""
    from cardtable.engine.cards import parse_cards
    from cardtable.games.cunt_soul.positions import position
    from cardtable.games.shithead.game import REVEAL, REVEAL_ACTIONS
    from cardtable.games.shithead.positions import table

    blind = "Your face-down cards are played blind: any one is as good as another."
    sh = table(["", "4c 5c 6c"], pile="9h", phase=REVEAL)
    assert hint_mod.hint_reason(get_game("shithead"), sh.view(0), REVEAL_ACTIONS[1]) == blind
    cs = position(hands={1: "3c", 2: "4c"}, down={0: "8c 9d"}, pile="5h")
    down_play = next(a for a in cs.legal_actions() if a.kind == "play_down")
    game = get_game("cunt-soul")
    assert hint_mod.hint_reason(game, cs.view(0), down_play) == blind
    cs.own_down = 1 << parse_cards("8c")[0]  # the owner has looked at the 8♣ (a Field 5 look, A50)
    assert hint_mod.hint_reason(game, cs.view(0), down_play) == ""


def test_cunt_soul_setup_reasons_say_what_the_choice_is_for():
    """The heuristic's face-up three and field card come with why; another choice (a search's)
    gets no words that would not fit it (a field card, what it will do as the field card)."""
    from cardtable.games.cunt_soul.bots import setup_choice

    game = get_game("cunt-soul")
    state = game.new_state(["P0", "P1", "P2", "P3"], None, 4)
    said = {}
    while state.legal_actions()[0].kind in ("face_up", "field"):
        seat = state.to_move
        view = state.view(seat)
        mine = setup_choice(view.phase, view.hands[seat])
        said.setdefault(mine.kind, hint_mod.hint_reason(game, view, mine))
        other = next(a for a in state.legal_actions() if a != mine)
        if mine.kind == "field":  # what another field card would do is still true of it
            assert hint_mod.hint_reason(game, view, other).startswith("As your field card: Field ")
        else:
            assert hint_mod.hint_reason(game, view, other) == ""
        state.apply(mine)
    assert said["face_up"].startswith("Your three most useful cards lie face up")
    assert "the card your hand can best spare. As your field card: Field " in said["field"], said


def test_cunt_soul_field_change_hint_says_what_the_new_field_card_does_and_its_price():
    """rules.md "Changing your field card": the hint's "change the field card to K♣" came with no
    words, to a newcomer who meets the change only in the last lesson. Its price is a swap (R42: a
    face-up card burned, the source's top card in its place): "It costs one of your face-up cards"
    read as a card lost, and a player followed two changes in three turns wondering why."""
    from cardtable.engine.protocol import Action

    game = get_game("cunt-soul")
    state = next(s for s in positions("cunt-soul", seed=3, limit=40)
                 if any(a.kind == "change_field" for a in s.legal_actions()))
    view = state.view(state.to_move)
    change = next(a for a in state.legal_actions() if a.kind == "change_field")
    reason = hint_mod.hint_reason(game, view, Action("change_field", change.cards))
    assert reason.startswith("A field ") and reason.endswith(
        ". One of your face-up cards is burned and the source's top card takes its place.")


def test_takku_sum_hint_says_when_a_play_is_hard_to_follow():
    """A sweep of the hints found most Takku-Sum plays hinted with no reason. After a K with the
    Direction Up, only a K or the wildcard may follow (R8: higher than the top, the same value, or
    the wildcard); after a 10 too many follow to say so."""
    from cardtable.engine.cards import parse_card
    from cardtable.games.takku_sum.game import UP
    from cardtable.games.takku_sum.positions import position

    game = get_game("takku-sum")
    view = position(["Kc 10h 5d", "6d 7s"], play="9h", wildcard="4c", direction=UP).view(0)
    king, ten = (Action("play", (parse_card(c),)) for c in ("Kc", "10h"))
    said = hint_mod.hint_reason(game, view, king)
    assert said == "Hard to follow: only a K or the wildcard 4 may go on it."
    assert hint_mod.hint_reason(game, view, ten) == ""
