"""A stable digest of a whole state, private fields included: tests compare states with it and the
golden games record it. Saves do not: their check is made from what the protocol shows
(``engine.position``), so a renamed field never sets a player's match aside."""

from __future__ import annotations

import hashlib
from typing import Any

from cardtable.engine.protocol import LegalMemo, slot_names
from cardtable.engine.rng import Rng


def _fields(obj: object) -> list[tuple[str, str]]:
    """(label, attribute) of each field in digest order: a state's declared canonical list when it
    has one (``State.fingerprint_fields``), else its slots."""
    cls = type(obj)
    declared = getattr(cls, "fingerprint_fields", ())
    if declared:
        renamed = getattr(cls, "fingerprint_renamed", {})
        return [(n, renamed.get(n, n)) for n in declared]
    return [(n, n) for n in slot_names(cls)]


MEMO = repr(LegalMemo())
"""What a state's legal memo digests as (what it always has: a memo's content is derived)."""
_LEAVES = frozenset({int, float, str, bool, type(None)})
"""Types ``plain`` gives back as they are (exact types: a subclass takes the long way below)."""


def plain(value: Any, *, with_rng: bool = True) -> Any:
    """``value`` as nested tuples of builtins, in a fixed order."""
    # Fast paths giving exactly what the checks below give: most of a state is card ids in plain
    # lists, and the property tests fingerprint a state after every few actions.
    t = type(value)
    if t in _LEAVES:
        return value
    if (t is list or t is tuple) and set(map(type, value)) <= _LEAVES:
        return tuple(value)
    if isinstance(value, Rng):
        return ("rng", value.state if with_rng else None)
    if isinstance(value, LegalMemo):
        return MEMO  # derived: a constant, whatever it holds
    if isinstance(value, (list, tuple)):
        return tuple(plain(v, with_rng=with_rng) for v in value)
    if isinstance(value, (set, frozenset)):
        return ("set", *sorted(repr(plain(v, with_rng=with_rng)) for v in value))
    if isinstance(value, dict):
        return ("dict", *sorted((repr(k), repr(plain(v, with_rng=with_rng))) for k, v in value.items()))
    if isinstance(value, (int, float, str, bool, type(None))):
        return value
    fields = _fields(value)
    if fields:
        # the legal memo is derived: a constant, whatever it holds (a plain list or a LegalMemo)
        return (type(value).__name__, *((n, MEMO if a == "_memo" else plain(getattr(value, a, None),
                                                                           with_rng=with_rng))
                                         for n, a in fields))
    if hasattr(value, "__dict__"):
        return (type(value).__name__, plain(vars(value), with_rng=with_rng))
    return repr(value)


def fingerprint(state: object, *, with_rng: bool = True) -> str:
    return hashlib.sha256(repr(plain(state, with_rng=with_rng)).encode()).hexdigest()[:32]
