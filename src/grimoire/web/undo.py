"""The undo policy: a seat may take back its last action during its own turn, while nothing
random happened and no other seat acted since, and unless the action revealed hidden
information to it."""

from __future__ import annotations

import random

from grimoire.core.errors import GrimoireError
from grimoire.core.rng import derive_seed
from grimoire.core.state import State
from grimoire.i18n import N_
from grimoire.web.history import replay_onto
from grimoire.web.store import RUNNING
from grimoire.web.table import Table


class UndoPolicy:
    """Undo at one table: why a seat may not undo now (cached until ``clear()``, after every
    change), and the state before the last action."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._refusals: dict[int, str | None] = {}

    def clear(self) -> None:
        self._refusals.clear()

    def refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not take back its last action now (None: it may)."""
        if seat not in self._refusals:
            self._refusals[seat] = self._refusal(seat)
        return self._refusals[seat]

    def _refusal(self, seat: int) -> str | None:
        t = self.table
        history = t.state.history
        if t.status != RUNNING:
            return N_("the game is not running")
        if seat not in t.state.seats_to_act():
            return N_("you can take back actions only during your own turn")
        if len(history) <= len(t.base.history) or history[-1][0] != seat:
            return N_("nothing to take back: something random happened or another seat acted since")
        if t.game.hidden_information and self._revealed(seat):
            return N_("your last action revealed hidden information")
        return None

    def previous_state(self) -> State:
        """The state before the last history entry (which is in the current run)."""
        t = self.table
        target = len(t.state.history) - 1
        if target == len(t.base.history):
            return t.base
        state = t.base.clone()
        return replay_onto(state, t.state.history[len(state.history) : target])

    def _revealed(self, seat: int) -> bool:
        """Whether ``seat``'s last action showed it something it could not know before.

        Hidden information the seat cannot see is re-dealt (``State.resample``) a few times;
        if the same action then leads to a different view for the seat, the action revealed it.
        """
        t = self.table
        before = self.previous_state()
        actor, action = t.state.history[-1]
        seen = t.state.view(seat)
        seen.pop("step", None)
        rng = random.Random(derive_seed(t.seed, f"reveal/{len(t.state.history)}"))
        for _ in range(3):
            other = before.resample(seat, rng)
            try:
                other.apply(action, actor)
            except GrimoireError:
                return True
            view = other.view(seat)
            view.pop("step", None)
            if view != seen:
                return True
        return False
