"""The base of a state that declares its fields: ``State`` with the metaclass that turns the
declarations into slots, a field table and made ``clone``/``view``/``_redact``.

Kept apart from ``engine.protocol`` so that ``State`` itself is a plain class: the binary's
compiled core (scripts/build_native.py) compiles ``State`` as a native class, and a class made by a
metaclass cannot be one. A game whose state is compiled has its declared parts folded into one
plain class at build time, from the same declarations and the same generators."""

from __future__ import annotations

from cardtable.engine.fields import _StateMeta
from cardtable.engine.protocol import State


class DeclaredState(State, metaclass=_StateMeta):
    __slots__ = ()
