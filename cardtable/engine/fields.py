"""A game state's fields, declared once.

A state class names each field once, with its type and copy policy (``hands: list[list[int]] =
copied(seen=own_row_else("seen"))``); the metaclass of ``State`` turns the declarations into
``__slots__`` and a ``fields`` table, and compiles ``clone``, ``view`` and ``_redact`` from the
table as straight-line code (as fast as written by hand). Redaction stays each game's: a field's
``seen`` says what a view holds of it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, NamedTuple

from cardtable.engine.cards import HIDDEN
from cardtable.engine.rng import CUT

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


_WHEN = "when "
_CALL = " call "
_ELSE = " else "


def seen_when(when: str, method: str, otherwise: str = "") -> str:
    """A field's ``seen`` when a view needs the game's method ``method(seat)`` only while the
    expression ``when`` (over ``self``: ``"self.own_down"``) holds, and otherwise holds the field
    ``otherwise`` (default: the field itself, as a clone holds it). The view is made before every
    simulated decision: this skips a method call where nothing is secret. The method must give the
    same value as the otherwise case whenever ``when`` is false (a test compares views)."""
    return f"{_WHEN}{when}{_CALL}{method}{_ELSE}{otherwise}"


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
    state's method ``(seat) -> value``, or ``BACKS``, ``seen_as(field)``, ``own_row_else(field)``,
    ``seen_when(condition, method)``;
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
    if f.seen.startswith(_WHEN):
        when, rest = f.seen[len(_WHEN):].split(_CALL, 1)
        method, otherwise = rest.split(_ELSE, 1)
        other = f"self.{otherwise}" if otherwise else _COPY_EXPR[f.policy].format(f.name)
        return f"(self.{method}(seat) if {when} else {other})"
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
    if seen.startswith(_WHEN):
        method, otherwise = seen.split(_CALL, 1)[1].split(_ELSE, 1)
        if otherwise and otherwise not in names:
            raise TypeError(f"{cls.__name__}.{f.name}: a view holds {otherwise}, which is no field of it")
        if not callable(getattr(cls, method, None)):
            raise TypeError(f"{cls.__name__}.{f.name}: its view is {method}, which {cls.__name__} "
                            "does not define")
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
    fn.made_from_fields = True  # type: ignore[attr-defined]
    return fn


_CLONE_HEAD = """def clone(self):
    c = _blank()
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
    v = _blank()
    v.names = names
    v.rng = _CUT
    v.to_move = to_move = self.to_move
    v.viewer = seat
    v._memo = self._memo if seat == to_move else []
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


def _blank_maker(cls: type) -> Callable[[], Any]:
    """What the made ``clone`` and ``view`` call for an empty instance: ``cls`` itself, about 400
    instructions cheaper than ``object.__new__(cls)`` (no argument checks in tp_new_wrapper; a view
    is made before every decision), unless the class has a constructor of its own to skip."""
    bare = vars(object)
    if all(getattr(cls, name, None) is bare[name] for name in ("__init__", "__new__")):
        return cls
    # (``cls.__new__`` is ``object.__new__`` for a plain class; the compiled core's native ``State``
    # has its own, which ``object.__new__`` refuses to bypass)
    return partial(cls.__new__, cls)


class _StateMeta(type):
    """Turns a state class's field declarations into ``__slots__`` and its ``fields`` table, and
    makes ``clone``, ``view`` and ``_redact`` from the table (a class may still write its own: it
    is then checked against the made one, ``made_clone``/``made_view``). A subclass of a declared
    class (a game's state put together from parts) gets no ``__dict__`` and its own made methods,
    which build instances of itself."""

    root: type | None = None
    """The engine's ``State`` (the first class made by this metaclass): its ``clone`` and ``view``
    are placeholders a made method replaces."""

    def __new__(mcs, name: str, bases: tuple[type, ...], ns: dict[str, Any]) -> _StateMeta:
        declared = [(k, v) for k, v in ns.items() if isinstance(v, _Declared)]
        inherited: tuple[StateField, ...] = ()
        for base in bases:
            inherited = inherited or getattr(base, "fields", ())
        if not declared and not inherited:
            plain = super().__new__(mcs, name, bases, ns)
            if _StateMeta.root is None:
                _StateMeta.root = plain
            return plain
        if "__slots__" in ns and declared:
            raise TypeError(f"{name} declares its fields: its __slots__ are made from them")
        for k, _ in declared:
            del ns[k]
        if declared or "__slots__" not in ns:
            ns["__slots__"] = tuple(k for k, _ in declared)
        cls = super().__new__(mcs, name, bases, ns)
        fields = (*inherited, *(StateField(k, d.policy, d.derived, d.seen) for k, d in declared))
        for f in fields:
            if f.policy not in POLICIES:
                raise TypeError(f"{name}.{f.name}: no copy policy {f.policy!r}")
            _check_seen(cls, f, {g.name for g in fields})
        cls.fields = fields  # type: ignore[attr-defined]
        cls.derived_fields = tuple(f.name for f in fields if f.derived)  # type: ignore[attr-defined]
        own = [f.name for f in fields if not f.derived]
        frozen = cls.fingerprint_fields  # type: ignore[attr-defined]
        if not frozen:
            memo = ("_memo",) if getattr(cls, "fingerprint_memo", True) else ()
            cls.fingerprint_fields = (*memo, *own, *BASE_FIELDS)  # type: ignore[attr-defined]
        else:
            renamed = getattr(cls, "fingerprint_renamed", {})
            through = getattr(cls, "fingerprint_through", {})
            stand_ins = {label for labels in through.values() for label in labels}
            for label in stand_ins:
                if label not in frozen or not isinstance(getattr(cls, label, None), property):
                    raise TypeError(f"{name}.fingerprint_through: {label} must be listed in "
                                    "fingerprint_fields and be a property")
            listed = {renamed.get(n, n) for n in frozen if n not in stand_ins} - {"_memo"} | set(through)
            if len(set(frozen)) != len(frozen) or listed != {*own, *BASE_FIELDS}:
                raise TypeError(f"{name}.fingerprint_fields must list every field but the derived ones "
                                f"once: missing {sorted({*own, *BASE_FIELDS} - listed)}, "
                                f"unknown {sorted(listed - {*own, *BASE_FIELDS})}")
        env = {"_blank": _blank_maker(cls), "_cls": cls, "_CUT": CUT,
               "_HIDDEN": HIDDEN, "_SHARED_BACKS": SHARED_BACKS}
        made = {"clone": _clone_source(fields), "view": _view_source(fields),
                "_redact": _redact_source(fields)}
        for method, source in made.items():
            fn = _make(cls, method, source, env)
            setattr(cls, "made_" + method.lstrip("_"), fn)
            current = getattr(cls, method, None)
            if method not in ns and (current is None or getattr(current, "made_from_fields", False)
                                     or current is getattr(mcs.root, method, None)):
                setattr(cls, method, fn)
        return cls

