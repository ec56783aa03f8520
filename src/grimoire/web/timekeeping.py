"""A table's clocks as play goes on: which of them run after a change, and when the clock
watcher must look at the table next."""

from __future__ import annotations

from collections.abc import Sequence

from grimoire.core.state import State
from grimoire.web.clock import Clocks
from grimoire.web.store import RUNNING, Seat


def clocks_after(
    clocks: Clocks | None, state: State, seats: Sequence[Seat], status: str, now: float
) -> Clocks | None:
    """The clocks once ``state``, ``seats`` and ``status`` are in place (a copy): the person
    seats asked to act run, the others stop."""
    if clocks is None:
        return None
    clocks = clocks.copy()
    active: set[int] = set()
    if status == RUNNING:
        active = {s for s in state.seats_to_act() if seats[s].kind == "person"}
    clocks.update(active, now)
    return clocks


def deadline(clocks: Clocks | None, now: float) -> float | None:
    """When the watcher must look at these clocks next (None: nothing runs)."""
    if clocks is None or clocks.paused:
        return None
    return clocks.deadline(now)


def out_of_time(clocks: Clocks, seats: Sequence[Seat], now: float) -> set[int]:
    """The person seats whose clock has run out."""
    return {n for n, seat in enumerate(seats) if seat.kind == "person" and clocks.ran_out(n, now)}
