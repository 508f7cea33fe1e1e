"""The bot protocol lives in the engine (``cardtable.engine.bots``); these names stay importable
from here for the code built on ``cardtable.ai``."""

from __future__ import annotations

from cardtable.engine.bots import Bot, BotError, RandomBot, choose_from_own_view, legal_for

__all__ = ["Bot", "BotError", "RandomBot", "choose_from_own_view", "legal_for"]
