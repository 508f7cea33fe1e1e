"""Shithead's house-rule options (the setup page's switches; saved with a match by their names).
Apart from the rules so that the compiled core (scripts/build_native.py) never compiles a pydantic
model."""

from __future__ import annotations

from pydantic import BaseModel, Field


class ShitheadOptions(BaseModel):
    ten_wild: bool = Field(False, title="10s are wild",
                           description="A 10 may be played on anything. Off by the Winnersh rules: "
                                       "a 10 must follow the equal-or-higher rule like any card.")
    backfire_needs_count: bool = Field(False, title="Backfire needs as many 3s",
                                       description="A backfire must use at least as many 3s as were "
                                                   "shown. Off: a single 3 always backfires.")
