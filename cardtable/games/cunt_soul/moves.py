"""Cunt-Soul's phases (what ``to_move`` is being asked), action kinds, the actions built once
and the zone names."""

from __future__ import annotations

from cardtable.engine.cards import HIDDEN
from cardtable.engine.protocol import (
    Action,
)

# Decision phases: what ``to_move`` is being asked.
SETUP_UP, SETUP_FIELD, PLAY, BURN_UP, RUN, SEVEN, JACK_CHOICE, FIVE, FIVE_LOOK, FIELD_SEVEN, \
    FIELD_JACK, OVER = range(12)
HIGHER, LOWER = 1, 2
# Where a seat may play from now (R11)
NO_ZONE, HAND, UP, DOWN = range(4)
SKIP, CHOSEN = 0, 1  # turn-order effects queued during a turn (A35)
FACE_UP, FIELD, PLAY_KIND, PLAY_DOWN, PICKUP, CHANGE_FIELD, BURN_UP_KIND, STOP, DECLARE, CHOOSE, \
    SWAP, SWAP_DOWN, LOOK, NO_SWAP = ("face_up", "field", "play", "play_down", "pickup", "change_field",
                                      "burn_up", "stop", "declare", "choose", "swap", "swap_down", "look",
                                      "no_swap")
PICKUP_ACTION = Action(PICKUP)
STOP_ACTION = Action(STOP)
NO_SWAP_ACTION = Action(NO_SWAP)
DECLARE_ACTIONS = (Action(DECLARE, choice="higher"), Action(DECLARE, choice="lower"))
MAX_SEATS = 8
DOWN_ACTIONS = tuple(Action(PLAY_DOWN, target=i) for i in range(3))
LOOK_ACTIONS = tuple(Action(LOOK, target=i) for i in range(3))
CHOICES = tuple(Action(CHOOSE, target=p) for p in range(MAX_SEATS))
OTHER_SEATS = tuple(tuple(tuple(CHOICES[p] for p in range(n) if p != s) for s in range(n))
                    for n in range(MAX_SEATS + 1))
"""``OTHER_SEATS[n][s]``: the J's choices of seat ``s`` at a table of ``n`` where nobody is out."""
HAND_ZONE = tuple(f"hand/{i}" for i in range(MAX_SEATS))
UP_ZONE = tuple(f"up/{i}" for i in range(MAX_SEATS))
DOWN_ZONE = tuple(f"down/{i}" for i in range(MAX_SEATS))
FIELD_ZONE = tuple(f"field/{i}" for i in range(MAX_SEATS))
BIT = tuple(1 << c for c in range(2 * 54))
HIDDEN_ROWS = tuple([HIDDEN] * k for k in range(2 * 54 + 1))
"""Shared rows of hidden cards for views: safe because the rows they stand for (face-down, face-up,
field) are copy-on-write, never changed in place."""
SINGLE_PLAY = tuple(Action(PLAY_KIND, (c,)) for c in range(2 * 54))
CHANGE_PLAY = tuple(Action(CHANGE_FIELD, (c,)) for c in range(2 * 54))
SWAP_DOWN_PLAY = tuple(tuple(Action(SWAP_DOWN, (c,), slot) for slot in range(3)) for c in range(2 * 54))
"""``SWAP_DOWN_PLAY[card][slot]``: a Field 5 swap of a hand card with a face-down card (A50), made
once: the swaps are listed at every 5 under Field 5, a hand's cards times the face-down ones."""
