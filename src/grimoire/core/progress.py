"""No progress: a position met again within the same turn.

Each game declares its back-outs (``State.backs_out``) and every bot or agent chooses from
``State.progress_actions``, which leaves them out; so no choose / back-out cycle can form. With
finitely many positions, a turn in which no position comes back is a finite turn.
``Repetitions`` checks that from the outside: fed every position a seat decides in, it reports
one met before in the same run of decisions (the same ``State.turns``, the same seats to act,
one step after the last, so no chance between), as a test, a study or a tool may want to know.
Chance may bring a position back on its own (a Ciúb die re-rolling itself shows its re-roll
face again): that is a draw, not a choose / back-out cycle, so a draw starts a new run.
"""

from __future__ import annotations

from grimoire.core.state import Actor, State


class Repetitions:
    """The positions met so far in the current turn (see the module docstring)."""

    def __init__(self) -> None:
        self.turn: tuple[int | None, Actor] | None = None
        self.step = -2
        self.seen: set[str] = set()

    def repeated(self, state: State) -> bool:
        """Note ``state`` (a position where a seat decides); True if the same position was
        already noted in this run of decisions. A new run (another ``turns``, other seats to
        act, or a step not right after the last one noted: chance came between) forgets the
        last run's positions."""
        turn = (state.turns, state.current_player)
        if turn != self.turn or state.step != self.step + 1:
            self.turn = turn
            self.seen = set()
        self.step = state.step
        key = state.position_key()
        if key in self.seen:
            return True
        self.seen.add(key)
        return False
