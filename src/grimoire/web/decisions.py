"""The stale-version rule of simultaneous decisions.

At a simultaneous decision every seat decides on its own, so other seats' submissions (and
bots', and the chance they trigger) since the version a client saw do not make its choice stale.
This keeps what the rule needs: since which version each seat has been waiting to act, and the
seats of the simultaneous decision at each version a waiting seat may still name. It is not kept
across restarts: a room rebuilt from the database starts it at its current version.
"""

from __future__ import annotations

from typing import Any

from grimoire.core.errors import IllegalAction
from grimoire.core.state import State


class Decisions:
    def __init__(self) -> None:
        # ``waiting_since[s]``: the version since which seat s has been among the seats to act
        # without acting itself (a seat that acts, or stops being asked, starts again)
        self.waiting_since: dict[int, int] = {}
        # ``at[v]``: the seats of the simultaneous decision at version v
        self.at: dict[int, frozenset[int]] = {}

    def track(self, state: State, running: bool, version: int, mover: int | None) -> None:
        """After a change to ``state`` at ``version`` (``mover``: the seat that acted or undid,
        if any): who has been waiting to act since when, and the decision at the new version."""
        to_act = state.seats_to_act() if running else frozenset()
        since = {s: v for s, v in self.waiting_since.items() if s in to_act and s != mover}
        for seat in to_act:
            since.setdefault(seat, version)
        self.waiting_since = since
        current = state.current_player
        if isinstance(current, frozenset) and current:
            self.at[version] = current
        oldest = min(since.values(), default=version)
        self.at = {v: seats for v, seats in self.at.items() if v >= oldest}

    def still_stands(
        self,
        state: State,
        running: bool,
        current: int,
        seat: int,
        version: int | None,
        action_doc: Any,
    ) -> bool:
        """Whether ``seat``'s action chosen on the older ``version`` is taken all the same
        (``state`` is the game now, at version ``current``).

        It stands when the game was at a simultaneous decision of ``seat`` at ``version`` or is
        at one now, ``seat`` has been asked to act ever since and has not acted itself (so a
        double click acts once, and a choice made for an earlier decision never lands on a
        later one), and the action is legal now. Anything else on an old version is a real
        conflict: a 409 with the fresh state."""
        if version is None or not running or not 0 <= version < current:
            return False
        if seat not in state.seats_to_act():
            return False
        if version < self.waiting_since.get(seat, current):
            return False
        now = state.current_player
        simultaneous_now = isinstance(now, frozenset) and seat in now
        if not simultaneous_now and seat not in self.at.get(version, frozenset()):
            return False
        try:
            return state.action_from_json(action_doc) in state.legal_actions(seat)
        except IllegalAction:
            return False
