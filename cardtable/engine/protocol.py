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
from cardtable.engine.rng import CUT, Rng


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


class Event(NamedTuple):
    """Something that happened, for the table to animate and the log to tell.

    ``kind`` is "move" when ``cards`` went from zone ``src`` to zone ``dst`` (face up to everyone
    while moving if ``face_up``), or a game-level fact ("burn", "turn", "direction", "payment",
    "round_over", "paradox", ...). ``text`` is the log line; empty for steps not worth a line.
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


def move_event(text: str, cards: tuple[int, ...], src: str, dst: str, face_up: bool, seat: int) -> Event:
    """``Event(kind="move", text=text, cards=cards, src=src, dst=dst, face_up=face_up, seat=seat)``
    for the hot paths (a play, a draw): NamedTuple's keyword handling costs about 0.5 µs an event,
    a tenth of a simulated action. The one place an Event is built positionally; a test checks it
    agrees with the keyword form field by field."""
    return _tuple_new(Event, ("move", text, cards, src, dst, face_up, seat, None))  # type: ignore[arg-type]


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


def rewards_from_places(places: Sequence[int]) -> tuple[float, ...]:
    n = len(places)
    if n < 2:
        return (1.0,) * n
    return tuple((n - p) / (n - 1) for p in places)


class LegalMemo(list):  # type: ignore[type-arg]
    """The legal actions of one position once asked (empty until then), shared by a state, its
    clones and its mover's view until one of them moves on: ``_apply`` starts a new memo, so a
    memo is never stale for the position it was made in. Derived data: fingerprints record a
    constant for it, never its content. (A list: every action makes one, and a list subclass costs
    about half what the deque subclass did.)"""

    __slots__ = ()

    def __repr__(self) -> str:
        return "LegalMemo"


SHARED = "shared"
"""Copy policy: clones and views hold the same object. Right for what never changes (a game's
rules) and for what is replaced, never changed in place (copy-on-write lists, tuples, ints)."""
COPIED = "copied"
"""Copy policy: each clone gets its own copy of the list (``x[:]``); the items are shared."""
ROWS = "rows"
"""Copy policy: each clone gets its own copy of the list of lists and of every row in it."""
POLICIES = (SHARED, COPIED, ROWS)


BACKS = "<backs>"
"""A field's ``seen`` when a view shows none of its cards: a list of as many backs (HIDDEN), or
for a ``ROWS`` field one such row per row. A ``SHARED`` list's backs are a row shared by every
view (copy-on-write fields are never changed in place)."""
SHARED_BACKS = tuple([HIDDEN] * k for k in range(1024))


def seen_as(other: str) -> str:
    """A field's ``seen`` when a view holds another field in its place (worked out when it
    changes, for speed): ``down = shared(seen=seen_as("down_backs"))``."""
    return "self." + other


def own_row_else(other: str) -> str:
    """A per-seat field's ``seen`` when a view holds the seat's own row, and each other seat's
    row as the field ``other`` has it (what everyone knows of it)."""
    return "own row else " + other


class StateField(NamedTuple):
    """One field of a game's state, as its class declares it (``hands: list[list[int]] =
    copied(seen="_hands_seen_by")``): the one place the field is named. ``__slots__``, ``clone``,
    ``view``, the derived-field list and the default fingerprint list are made from these."""

    name: str
    policy: str
    derived: bool = False
    """Worked out from the other fields and kept for speed: fingerprints leave it out."""
    seen: str = ""
    """What a view for ``seat`` holds (the game's redaction of this field): the name of the
    state's method ``(seat) -> value``, or ``BACKS``, ``seen_as(field)``, ``own_row_else(field)``;
    empty: a view copies the field as a clone does."""


class _Declared:
    """A field's declaration in a class body, until the class is made (then it is a slot)."""

    __slots__ = ("derived", "policy", "seen")

    def __init__(self, policy: str, derived: bool, seen: str) -> None:
        self.policy, self.derived, self.seen = policy, derived, seen


def shared(*, derived: bool = False, seen: str = "") -> Any:
    """Declare a state field that clones share (see ``SHARED``)."""
    return _Declared(SHARED, derived, seen)


def copied(*, derived: bool = False, seen: str = "") -> Any:
    """Declare a list field that each clone copies (see ``COPIED``)."""
    return _Declared(COPIED, derived, seen)


def rows(*, derived: bool = False, seen: str = "") -> Any:
    """Declare a list-of-lists field that each clone copies row by row (see ``ROWS``)."""
    return _Declared(ROWS, derived, seen)


BASE_FIELDS = ("names", "rng", "to_move", "viewer")
"""The fields every state has (``State.__slots__`` with the memo), copied by the engine itself."""
_COPY_EXPR = {SHARED: "self.{0}", COPIED: "self.{0}[:]", ROWS: "[r[:] for r in self.{0}]"}
_BACKS_EXPR = {SHARED: "_SHARED_BACKS[len(self.{0})]", COPIED: "[_HIDDEN] * len(self.{0})",
               ROWS: "[[_HIDDEN] * len(r) for r in self.{0}]"}


_OWN_ROW = "own row else "


def _seen_expr(f: StateField) -> str:
    """The expression for a view's value of ``f`` (``own_row_else`` is written out by the caller)."""
    if f.seen == BACKS:
        return _BACKS_EXPR[f.policy].format(f.name)
    if f.seen.startswith("self."):
        return f.seen
    return f"self.{f.seen}(seat)" if f.seen else _COPY_EXPR[f.policy].format(f.name)


def _seen_lines(f: StateField, target: str) -> str:
    if f.seen.startswith(_OWN_ROW):
        return (f"    _row = self.{f.seen[len(_OWN_ROW):]}[:]\n    _row[seat] = self.{f.name}[seat]\n"
                f"    {target} = _row\n")
    return f"    {target} = {_seen_expr(f)}\n"


def _check_seen(cls: type, f: StateField, names: set[str]) -> None:
    seen = f.seen
    if not seen or seen == BACKS:
        return
    other = seen[len(_OWN_ROW):] if seen.startswith(_OWN_ROW) else \
        seen[len("self."):] if seen.startswith("self.") else ""
    if other:
        if other not in names:
            raise TypeError(f"{cls.__name__}.{f.name}: a view holds {other}, which is no field of it")
    elif not callable(getattr(cls, seen, None)):
        raise TypeError(f"{cls.__name__}.{f.name}: its view is {seen}, which {cls.__name__} does not define")


def _make(cls: type, name: str, source: str, env: dict[str, Any]) -> Callable[..., Any]:
    """Compile one generated method of ``cls`` (straight-line code: as fast as written by hand)."""
    scope: dict[str, Any] = {}
    exec(compile(source, f"<{cls.__name__}.{name} made from its fields>", "exec"), env, scope)
    fn: Callable[..., Any] = scope[name]
    fn.__qualname__ = f"{cls.__qualname__}.{name}"
    fn.__module__ = cls.__module__
    fn.__doc__ = f"Made from the declared ``fields`` of {cls.__name__} (see ``State``)."
    return fn


_CLONE_HEAD = """def clone(self):
    c = _new(_cls)
    c.names = self.names
    c.rng = self.rng.clone()
    c.to_move = self.to_move
    c.viewer = self.viewer
    c._memo = self._memo
"""
_VIEW_HEAD = """def view(self, seat):
    names = self.names
    if not 0 <= seat < len(names):
        raise ValueError(f"no seat {seat} at this table")
    v = _new(_cls)
    v.names = names
    v.rng = _CUT
    v.to_move = to_move = self.to_move
    v.viewer = seat
    v._memo = self._memo if seat == to_move else _LegalMemo()
"""


def _clone_source(fields: Sequence[StateField]) -> str:
    body = "".join(f"    c.{f.name} = {_COPY_EXPR[f.policy].format(f.name)}\n" for f in fields)
    return _CLONE_HEAD + body + "    return c\n"


def _view_source(fields: Sequence[StateField]) -> str:
    body = "".join(_seen_lines(f, "v." + f.name) for f in fields)
    return _VIEW_HEAD + body + "    return v\n"


def _redact_source(fields: Sequence[StateField]) -> str:
    seen = [f for f in fields if f.seen]
    if not seen:
        return "def _redact(self, seat):\n    pass\n"
    # every redaction reads the unredacted fields: work them all out before replacing any
    lines = ["def _redact(self, seat):"]
    lines += [_seen_lines(f, f.name).rstrip("\n") for f in seen]
    lines += [f"    self.{f.name} = {f.name}" for f in seen]
    return "\n".join([*lines, ""])


class _StateMeta(type):
    """Turns a state class's field declarations into ``__slots__`` and its ``fields`` table, and
    makes ``clone``, ``view`` and ``_redact`` from the table (a class may still write its own: it
    is then checked against the made one, ``made_clone``/``made_view``)."""

    def __new__(mcs, name: str, bases: tuple[type, ...], ns: dict[str, Any]) -> _StateMeta:
        declared = [(k, v) for k, v in ns.items() if isinstance(v, _Declared)]
        if not declared:
            return super().__new__(mcs, name, bases, ns)
        if "__slots__" in ns:
            raise TypeError(f"{name} declares its fields: its __slots__ are made from them")
        for k, _ in declared:
            del ns[k]
        ns["__slots__"] = tuple(k for k, _ in declared)
        cls = super().__new__(mcs, name, bases, ns)
        inherited: tuple[StateField, ...] = getattr(cls, "fields", ())
        fields = (*inherited, *(StateField(k, d.policy, d.derived, d.seen) for k, d in declared))
        for f in fields:
            if f.policy not in POLICIES:
                raise TypeError(f"{name}.{f.name}: no copy policy {f.policy!r}")
            _check_seen(cls, f, {g.name for g in fields})
        cls.fields = fields  # type: ignore[attr-defined]
        cls.derived_fields = tuple(f.name for f in fields if f.derived)  # type: ignore[attr-defined]
        own = [f.name for f in fields if not f.derived]
        frozen = ns.get("fingerprint_fields")
        if not frozen:
            memo = ("_memo",) if getattr(cls, "fingerprint_memo", True) else ()
            cls.fingerprint_fields = (*memo, *own, *BASE_FIELDS)  # type: ignore[attr-defined]
        else:
            renamed = ns.get("fingerprint_renamed", {})
            listed = {renamed.get(n, n) for n in frozen} - {"_memo"}
            if len(set(frozen)) != len(frozen) or listed != {*own, *BASE_FIELDS}:
                raise TypeError(f"{name}.fingerprint_fields must list every field but the derived ones "
                                f"once: missing {sorted({*own, *BASE_FIELDS} - listed)}, "
                                f"unknown {sorted(listed - {*own, *BASE_FIELDS})}")
        env = {"_new": object.__new__, "_cls": cls, "_CUT": CUT, "_LegalMemo": LegalMemo, "_HIDDEN": HIDDEN,
               "_SHARED_BACKS": SHARED_BACKS}
        made = {"clone": _clone_source(fields), "view": _view_source(fields),
                "_redact": _redact_source(fields)}
        for method, source in made.items():
            fn = _make(cls, method, source, env)
            setattr(cls, "made_" + method.lstrip("_"), fn)
            if method not in ns:
                setattr(cls, method, fn)
        return cls


class State(metaclass=_StateMeta):
    """Base of every game's state. A game's state class declares each of its fields once, with its
    type and copy policy::

        hands: list[list[int]] = copied(seen="_hands_seen_by")
        rules: Rules = shared()

    and gets from that its ``__slots__``, ``fields``, ``derived_fields``, a default
    ``fingerprint_fields``, and a ``clone``, ``view`` and ``_redact`` compiled from the table
    (``made_clone``, ``made_view``, ``made_redact``). Redaction stays the game's: a field's ``seen``
    names the game's method giving what a seat may know of it. A class that writes its own
    ``clone`` or ``view`` (a measured fast path) keeps it, and a test checks it against the made
    one. (Classes with hand-written ``__slots__`` and ``clone`` still work as before.)

    Every state has a ``_memo`` (a LegalMemo): ``legal_actions`` and ``apply`` here work the list
    out once per position through the game's ``_legal``; the game's ``clone`` shares the memo, its
    deal and ``_apply`` start a new one (``_apply`` first thing: search calls it directly).
    ``tests/test_engine_conformance.py`` checks every game keeps to this and sets every slot."""

    __slots__ = ("_memo", "names", "rng", "to_move", "viewer")
    game: ClassVar[Game]
    fingerprint_fields: ClassVar[tuple[str, ...]] = ()
    """Every field, in the order a fingerprint digests them. Saves store fingerprints, so the order
    and the labels are frozen once a game ships: a field that moves between classes or is renamed
    keeps its place and label here (``fingerprint_renamed`` maps an old label to its attribute).
    A class that declares its fields gets the memo (unless ``fingerprint_memo`` is False), then
    its fields in their order (derived ones left out), then the engine's four; one that lists
    them is checked at class creation to name every field once. Empty: the ``__slots__`` of the
    class and its bases, the class's own first."""
    fingerprint_renamed: ClassVar[dict[str, str]] = {}
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
    _memo: LegalMemo

    # -- the verbs every game implements -------------------------------------------------------
    def _legal(self) -> Sequence[Action]:
        """The legal actions of ``to_move`` (not None) in this position, in the game's order.
        May return a shared tuple: callers never change it. A game may instead override
        ``legal_actions`` itself (and keep no memo): then this asks it."""
        if type(self).legal_actions is State.legal_actions:
            raise NotImplementedError(f"{type(self).__name__} defines neither _legal nor legal_actions")
        return self.legal_actions()

    def _apply(self, action: Action) -> list[Event]:
        """Carry out a legal action (already checked). Starts with ``self._memo = LegalMemo()``."""
        raise NotImplementedError

    def clone(self) -> Self:
        raise NotImplementedError

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

    def shared_legal(self) -> list[Action]:
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
        return legal  # type: ignore[return-value]  # a game may answer a shared tuple

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return what happened; an illegal one raises IllegalAction
        naming the rule, and leaves the state unchanged. The check runs against the memoised
        list itself: a bot's action is one of its objects, so ``in`` finds it by identity."""
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
                memo.append(self._legal())
            legal = memo[0]
        if action not in legal or type(action) is not Action:
            raise IllegalAction(self._refusal(action))
        return self._apply(action)

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
            v._memo = LegalMemo()
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
    Options: ClassVar[type[BaseModel]]

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
