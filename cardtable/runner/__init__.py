"""Running a match, with no window: the ``Match`` (state, seats, autosave, the sitting), the seat
drivers every seat is asked through, and the one match loop every table and command uses."""
