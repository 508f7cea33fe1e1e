"""Crazy Eights' search hooks: none beyond the defaults; search helps (there are choices)."""

from __future__ import annotations

from cardtable.engine.search_hooks import Hooks

HOOKS = Hooks()
