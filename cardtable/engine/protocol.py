"""The engine protocol: what every game offers the table, the bots and the command line.

A ``Game`` makes ``State`` objects. A state holds everything (hidden cards included) and answers
the same few verbs for every game: whose decision it is, the legal actions, apply, clone, a
per-seat view and the result. A view is a redacted clone of the state: every card the seat may
not know is replaced by ``HIDDEN`` and the random stream is cut, so a bot holding a view cannot
learn a hidden card even by mistake; ``determinize`` deals the unknown cards back at random.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, MutableSequence, Sequence
from dataclasses import dataclass, field
from itertools import repeat
from typing import Any, ClassVar, NamedTuple, Self

from pydantic import BaseModel

from cardtable.engine.cards import HIDDEN, cards_text
from cardtable.engine.fields import StateField
from cardtable.engine.rng import Rng


class Action(NamedTuple):
    """One decision of the seat to move. Plain data: compared, hashed, saved as a JSON list."""

    kind: str
    cards: tuple[int, ...] = ()
    target: int = -1
    choice: str = ""

    def words(self, names: Sequence[str] | None = None) -> str:
        parts = [self.kind.replace("_", " ")]
        if self.cards:
            parts.append(cards_text(self.cards))
        if self.target >= 0:
            who = names[self.target] if names and self.target < len(names) else f"seat {self.target + 1}"
            parts.append("to " + who)
        if self.choice:
            parts.append(self.choice)
        return " ".join(parts)

    def __str__(self) -> str:
        return self.words()

    def to_json(self) -> list[Any]:
        return [self.kind, list(self.cards), self.target, self.choice]

    @classmethod
    def from_json(cls, data: Sequence[Any]) -> Action:
        kind, cards, target, choice = data
        return cls(str(kind), tuple(int(c) for c in cards), int(target), str(choice))


MOVE = "move"
"""The event kind every game shares: ``cards`` went from zone ``src`` to zone ``dst``."""


class Event(NamedTuple):
    """Something that happened, for the table to animate and the log to tell.

    ``kind`` is ``MOVE`` when ``cards`` went from zone ``src`` to zone ``dst`` (face up to everyone
    while moving if ``face_up``), or a fact of the game, one of the kinds its ``kinds`` module names
    ("burn", "turn", "direction", "payment", "round_over", "paradox", ...; ``Game.event_kinds``
    lists them all). The facts are data: ``seat``, ``cards`` and ``data`` (values, amounts, seats
    by number); ``text`` is only the log line (empty for steps not worth a line), and nothing reads
    facts back out of it.
    """

    kind: str
    text: str = ""
    cards: tuple[int, ...] = ()
    src: str = ""
    dst: str = ""
    face_up: bool = False
    seat: int = -1
    data: Any = None


_tuple_new = tuple.__new__


def move_event(text: str, cards: tuple[int, ...], src: str, dst: str, face_up: bool, seat: int,
               data: Any = None) -> Event:
    """``Event(kind="move", text=text, cards=cards, src=src, dst=dst, face_up=face_up, seat=seat)``
    for the hot paths (a play, a draw): NamedTuple's keyword handling costs about 0.5 µs an event,
    a tenth of a simulated action. The one place an Event is built positionally; a test checks it
    agrees with the keyword form field by field."""
    return _tuple_new(Event, (MOVE, text, cards, src, dst, face_up, seat, data))  # type: ignore[arg-type]


def fact_event(kind: str, text: str, seat: int = -1, cards: tuple[int, ...] = (), data: Any = None) -> Event:
    """``Event(kind=kind, text=text, cards=cards, seat=seat, data=data)``, for the hot paths (the
    next turn, a burn); checked against the keyword form like ``move_event``."""
    return _tuple_new(Event, (kind, text, cards, "", "", False, seat, data))  # type: ignore[arg-type]


def card_actions(kind: str, choices: Iterable[tuple[int, ...]]) -> list[Action]:
    """``[Action(kind, cards) for cards in choices]`` for the long lists of a setup choice (every
    three of nine cards is 84 actions): NamedTuple's argument handling costs about 1 µs an action,
    about a game's worth of turns at each deal. Checked against the keyword form like
    ``move_event``."""
    # zip builds each action's fields and map each action, both in C: no bytecode per action
    fields = zip(repeat(kind), choices, repeat(-1), repeat(""))
    return list(map(_tuple_new, repeat(Action), fields))  # type: ignore[arg-type]


def is_action(value: object) -> bool:
    """An ``Action`` whose fields have their types (a kind, card ids, a seat number, a choice)."""
    return (type(value) is Action and type(value.kind) is str and type(value.cards) is tuple
            and all(type(c) is int for c in value.cards) and type(value.target) is int
            and type(value.choice) is str)


class IllegalAction(ValueError):
    """An action that is not legal now; the message names the rule that forbids it."""


@dataclass(frozen=True)
class Result:
    """How a finished game came out.

    ``places[seat]`` is 1 for the best; ties share a place. ``losers`` are the seats the game names
    (by the game's ``loser_title``). ``rewards[seat]`` in [0, 1] is what the search bots
    maximise. ``capped`` says a safety cap ended the game, with the reason in ``text``.
    """

    places: tuple[int, ...]
    losers: tuple[int, ...]
    rewards: tuple[float, ...]
    text: str
    capped: bool = False
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def ranking(self) -> tuple[int, ...]:
        return tuple(sorted(range(len(self.places)), key=lambda s: self.places[s]))


def place_reward(place: float, n: int) -> float:
    """The reward of ``place`` among ``n`` seats, 1.0 for the first down to 0.0 for the last (a
    shared or estimated place may be fractional): what a game ranking by places gives a seat."""
    return 1.0 if n < 2 else (n - place) / (n - 1)


def rewards_from_places(places: Sequence[int]) -> tuple[float, ...]:
    n = len(places)
    return tuple(place_reward(p, n) for p in places)


class LegalMemo(list):  # type: ignore[type-arg]
    """The legal actions of one position once asked (empty until then), shared by a state, its
    clones and its mover's view until one of them moves on: ``_apply`` starts a new memo, so a
    memo is never stale for the position it was made in. Derived data: fingerprints record a
    constant for a state's ``_memo``, never its content. (A list: every action makes one, and a
    list subclass costs about half what the deque subclass did. A plain empty list ``[]`` does as
    well and costs a quarter of this class, 186 instructions against 765 with its freeing: the
    engine's views and the hot games make that; the class stays for the states that make it.)"""

    __slots__ = ()

    def __repr__(self) -> str:
        return "LegalMemo"


class State:
    """Base of every game's state. A game's state class (a subclass of ``engine.declared``'s
    ``DeclaredState``, which adds the metaclass doing the work below) declares each of its fields
    once, with its type and copy policy::

        hands: list[list[int]] = copied(seen="_hands_seen_by")
        rules: Rules = shared()

    and gets from that its ``__slots__``, ``fields``, ``derived_fields``, a default
    ``fingerprint_fields``, and a ``clone``, ``view`` and ``_redact`` compiled from the table
    (``made_clone``, ``made_view``, ``made_redact``). Redaction stays the game's: a field's ``seen``
    names the game's method giving what a seat may know of it. A class that writes its own
    ``clone`` or ``view`` (a measured fast path) keeps it, and a test checks it against the made
    one. (Classes with hand-written ``__slots__`` and ``clone`` still work as before.)

    Every state has a ``_memo`` (a list; see LegalMemo): ``legal_actions`` and ``apply`` here work the list
    out once per position through the game's ``_legal``; the game's ``clone`` shares the memo, its
    deal and ``_apply`` start a new one (``_apply`` first thing: search calls it directly).
    ``tests/test_engine_conformance.py`` checks every game keeps to this and sets every slot."""

    __slots__ = ("_memo", "names", "rng", "to_move", "viewer")
    game: ClassVar[Game]
    fingerprint_fields: ClassVar[tuple[str, ...]] = ()
    """Every field, in the order a fingerprint digests them. The golden games record fingerprints
    (saves check ``engine.position`` instead), so the order and the labels stay put: a field that
    moves between classes or is renamed keeps its place and label here (``fingerprint_renamed``
    maps an old label to its attribute).
    A class that declares its fields gets the memo (unless ``fingerprint_memo`` is False), then
    its fields in their order (derived ones left out), then the engine's four; one that lists
    them is checked at class creation to name every field once. Empty: the ``__slots__`` of the
    class and its bases, the class's own first."""
    fingerprint_renamed: ClassVar[dict[str, str]] = {}
    fingerprint_through: ClassVar[dict[str, tuple[str, ...]]] = {}
    """A field digested through the old labels it replaced, each now a read-only property worked
    out from it (a field that holds what several did keeps their fingerprints)."""
    fingerprint_memo: ClassVar[bool] = True
    """Whether a made fingerprint list starts with the memo (a constant; games that shipped before
    the memo existed leave it out)."""
    fields: ClassVar[tuple[StateField, ...]] = ()
    """The declared fields, the bases' first (the engine's own five are not listed)."""
    derived_fields: ClassVar[tuple[str, ...]] = ()
    """Slots worked out from the others and kept up to date for speed (a view's ingredients):
    fingerprints leave them out, like the legal memo's content."""

    names: tuple[str, ...]
    rng: Rng
    to_move: int | None
    viewer: int | None
    _memo: list[Any]  # (a LegalMemo or a plain list: the one-time legal list, or nothing yet)

    # -- the verbs every game implements -------------------------------------------------------
    def _legal(self) -> Sequence[Action]:
        """The legal actions of ``to_move`` (not None) in this position, in the game's order.
        May return a shared tuple: callers never change it. A game may instead override
        ``legal_actions`` itself (and keep no memo): then this asks it."""
        if type(self).legal_actions is State.legal_actions:
            raise NotImplementedError(f"{type(self).__name__} defines neither _legal nor legal_actions")
        return self.legal_actions()

    def _apply(self, action: Action) -> list[Event]:
        """Carry out a legal action (already checked). Starts with ``self._memo = []`` (or a LegalMemo)."""
        raise NotImplementedError

    def clone(self) -> Self:
        raise NotImplementedError

    def __reduce__(self) -> tuple[Callable[..., State], tuple[type[State], dict[str, Any]]]:
        # A review sends views to its processes. Pickled by every slot of the class and its bases:
        # where the compiled core makes ``State`` native, its own pickling would carry only the
        # engine's five slots and lose those of a game's state written in Python.
        values = {name: getattr(self, name) for name in slot_names(type(self))
                  if name != "__dict__" and hasattr(self, name)}  # (a slot never set stays unset)
        return _remade, (type(self), values)

    def _redact(self, seat: int) -> None:
        """On a fresh clone: replace every card ``seat`` may not know by HIDDEN."""
        raise NotImplementedError

    def card_lists(self) -> list[list[int]]:
        """Every list of card ids in the state; together they hold each card exactly once."""
        raise NotImplementedError

    def zones(self) -> dict[str, list[int]]:
        """Zone name to cards (bottom first), for the table and the conservation checks."""
        raise NotImplementedError

    def result(self) -> Result | None:
        raise NotImplementedError

    def why_illegal(self, action: Action) -> str:
        """The rule an illegal ``action`` breaks, in the player's words."""
        return f"{self.describe(action)} is not allowed now"

    def prompt(self) -> str:
        """What the seat to move is being asked, for the table ("Play a card or pick up")."""
        return ""

    # -- shared behaviour ----------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.to_move is None

    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat to move (a new list each time); none in a view of
        another seat, whose options would be built from cards that view cannot see."""
        return list(self.shared_legal())

    def shared_legal(self) -> Sequence[Action]:
        """``legal_actions`` without the copy, for a bot's inner loop (every simulated action asks
        it once): the memo's own list, to be read and never changed."""
        memo = self._memo
        if memo:
            return memo[0]
        s = self.to_move
        viewer = self.viewer
        if s is None or (viewer is not None and viewer != s):
            return []
        legal = self._legal()
        memo.append(legal)
        return legal

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return what happened; an illegal one raises IllegalAction
        naming the rule, and leaves the state unchanged. The check runs against the memoised
        list itself: a bot's action is one of its objects, found by identity first (a loop of
        ``is``: ``in`` compares every action before it field by field); an equal action built
        elsewhere (a saved match, a phone) is then found by ``in``."""
        s = self.to_move
        viewer = self.viewer
        if viewer is not None and viewer != s:
            raise IllegalAction("this is a view of another seat: it cannot act")
        if s is None:
            raise IllegalAction("the game is over")
        try:
            memo = self._memo
        except AttributeError:  # a game that keeps no memo (its own legal_actions)
            legal: Sequence[Action] = self.legal_actions()
        else:
            if not memo:
                if self._plainly_legal(action):
                    return self._apply(action)
                memo.append(self._legal())
            legal = memo[0]
        for a in legal:
            if a is action:
                return self._apply(action)
        if action not in legal or type(action) is not Action:
            raise IllegalAction(self._refusal(action))
        return self._apply(action)

    def _plainly_legal(self, action: object) -> bool:
        """Whether ``action`` is surely in the legal list, told without working the list out (a
        game whose list can be long, like every three of nine cards, says so for the usual
        choice). False says only "ask the list": it may still hold the action. Asked only while
        the position's list has not been worked out, for the mover's own state or view."""
        return False

    def _refusal(self, action: object) -> str:
        """Why ``action`` is refused, whatever was passed: the game's rule for a well-formed
        action, plain words for anything else (None, a card that is not a number, a card id not
        in the pack), so ``apply`` raises only IllegalAction."""
        if not is_action(action):
            return f"that is not an action ({action!r:.80})"
        try:
            return self.why_illegal(action)  # type: ignore[arg-type]
        except (LookupError, TypeError, ValueError, AttributeError):
            return f"that is not one of the actions open now ({action!r:.80})"

    def forget_legal(self) -> None:
        """After changing a state's fields by hand (tests, position editors): the memoised legal
        actions were for the position before."""
        self._memo = LegalMemo()

    def view(self, seat: int) -> Self:
        """What ``seat`` may know: a redacted clone with no random stream left in it. The mover's
        view shares the state's legal memo (its options depend only on what it knows)."""
        if not 0 <= seat < len(self.names):
            raise ValueError(f"no seat {seat} at this table")
        v = self.clone()
        v.viewer = seat
        v.rng = Rng(0)
        if seat != self.to_move:
            v._memo = []
        v._redact(seat)
        return v

    def determinize(self, rng: Rng) -> Self:
        """A full state consistent with this view: unknown cards dealt at random into the hidden
        places. Games whose public history says more (a seat lacks a rank) override this."""
        s = self.clone()
        fill = hidden_filler(s, rng)
        for cards in s.card_lists():
            cards[:] = fill(cards)
        s.viewer = None
        s.rng = rng.fork()
        return s

    def all_cards(self) -> Sequence[int]:
        """Every card of the game's pack (the ids dealt at the start)."""
        raise NotImplementedError

    def describe(self, action: Action) -> str:
        return self.game.describe(action, self.names)


def hidden_filler(view: State, rng: Rng) -> Callable[[list[int]], list[int]]:
    """For determinizing ``view``: a function returning a card list with its HIDDEN places dealt
    from the cards the view does not show (shuffled by ``rng``, dealt in the order the lists are
    filled); a list with nothing hidden comes back as it is. Games whose clones share lists
    (copy-on-write) assign what it returns instead of filling their lists in place."""
    known = {c for cards in view.card_lists() for c in cards if c != HIDDEN}
    unknown = [c for c in view.all_cards() if c not in known]
    rng.shuffle(unknown)
    deal = iter(unknown)

    def fill(cards: list[int]) -> list[int]:
        return [next(deal) if c == HIDDEN else c for c in cards] if HIDDEN in cards else cards

    return fill


def slot_names(cls: type) -> list[str]:
    """Every ``__slots__`` name of ``cls`` and its bases, the class's own first."""
    names: list[str] = []
    for c in cls.__mro__:
        # (a class the compiled core makes native keeps no ``__slots__``: mypyc lists them instead)
        for name in vars(c).get("__slots__", vars(c).get("__mypyc_attrs__", ())):
            if name not in names:
                names.append(name)
    return names


def _remade(cls: type[State], values: dict[str, Any]) -> State:
    """A pickled state made again (``State.__reduce__``)."""
    state = cls.__new__(cls)
    for name, value in values.items():
        setattr(state, name, value)
    return state


class Game:
    """A game's definition and its traits, each declared once here in the game's folder: name,
    title, seats, place on the title screen, options, loser title and the banner for repeated
    losses; and how to deal a new state. The rest of a game's parts (its bots, search hooks,
    table, side panel, words for the table's comforts, lessons and rule book) are declared beside
    it, once, in its package's ``PARTS`` (``cardtable.engine.parts.GameParts``)."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int] = 4
    order: ClassVar[int] = 100
    """Where the game's tile stands on the title screen (lowest first; then by title)."""
    loser_title: ClassVar[str] = ""
    """The game's own name for the seat it names as loser, for reports; empty: "loses"."""
    first_title: ClassVar[str] = ""
    """What first place is called in reports when the game has no winners ("First out"); empty:
    "Wins"."""
    Options: ClassVar[type[BaseModel]]
    event_kinds: ClassVar[frozenset[str]] = frozenset({MOVE})
    """Every kind of event the game's states emit (its ``kinds`` module's ``KINDS``): the table's
    captions, holds and banners name only these."""

    def new_state(self, seats: Sequence[str], options: BaseModel | None = None, seed: int = 0,
                  dealer: int | None = None, deck: Sequence[int] | None = None) -> State:
        """A new deal. ``deck``, for a stacked deal (a lesson): the pack in the order the deal's
        shuffle would have left it, in place of that first shuffle; the game deals from it by its
        own rules. Later shuffles (a new round, a reshuffled pile) are random from ``seed``."""
        self.check_seats(seats)
        opts = options if options is not None else self.Options()
        if not isinstance(opts, self.Options):
            raise TypeError(f"{self.title} needs {self.Options.__name__}, not {type(opts).__name__}")
        if deck is None:
            return self._deal(tuple(seats), opts, Rng(seed), dealer)
        stacked = StackedRng(seed, deck)
        state = self._deal(tuple(seats), opts, stacked, dealer)
        if not stacked.used:
            raise ValueError(f"{self.title}'s deal shuffled nothing: a deck order cannot be given")
        # the state keeps a plain stream: clones, views and saves never meet the stacked one
        if state.rng is stacked:
            state.rng = stacked.clone()
        return state

    def _deal(self, names: tuple[str, ...], options: Any, rng: Rng, dealer: int | None) -> State:
        raise NotImplementedError

    def check_seats(self, seats: Sequence[str]) -> None:
        n = len(seats)
        if not self.min_players <= n <= self.max_players:
            raise ValueError(f"{self.title} takes {self.min_players}–{self.max_players} players, not {n}")

    def describe(self, action: Action, names: Sequence[str]) -> str:
        """An action in words ("play 7♥ 7♣", "show 3♠ to Bea", "pick up the pile")."""
        return action.words(names)

    def loss_banner(self, name: str, losses: int) -> str | None:
        """A line for the table when ``name`` has lost ``losses`` games in this sitting."""
        return None


class StackedRng(Rng):
    """The stream of a stacked deal: its first shuffle leaves the pack in the order given (which
    must hold exactly the cards being shuffled); everything else is the plain seeded stream. Every
    game's deal shuffles its pack once through the stream it is handed, so a game needs no code of
    its own to be dealt a chosen hand."""

    __slots__ = ("order", "used")

    def __init__(self, seed: int, order: Sequence[int]) -> None:
        super().__init__(seed)
        self.order: tuple[int, ...] | None = tuple(order)
        self.used = False

    def shuffle(self, items: MutableSequence[Any]) -> None:
        order = self.order
        if order is None:
            super().shuffle(items)
            return
        if sorted(order) != sorted(items):
            raise ValueError(f"the deck order given does not hold the cards of the pack: {len(order)} cards "
                             f"given for a pack of {len(items)}")
        items[:] = order
        self.order = None
        self.used = True


def replay(game: Game, seats: Sequence[str], options: BaseModel | None, seed: int,
           actions: Sequence[Action], dealer: int | None = None) -> State:
    """The state after ``actions`` from the deal: the core of saves and replays."""
    state = game.new_state(seats, options, seed, dealer)
    for a in actions:
        state.apply(a)
    return state
