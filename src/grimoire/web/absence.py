"""The absence rule of every table, clock or not: nobody's closed browser freezes a table.

A person seat is **away** while no page of its person is open (no live connection with its
token) and it has done nothing (an action, an undo, a pause) since: ``seen`` is the last moment
it was connected or acted. Once it has been away for ``others_after`` seconds, any other seated
person may hand it to a bot; once for ``server_after`` seconds, and while the table waits for it
(it is to act) and another seat is a person's, the server does it by itself. A seat whose
person is gone and nobody else waits for is left alone: no bot game is made for nobody.

On a turn-based table being away is how one plays (a move a day): there the clock is the rule.

A bot that takes a person's seat holds it for that person (``Seat.held_for``, the hash of their
token): their rejoin link or cookie takes it back, at once if the seat is not in the middle of a
turn, else when the turn is over (``mid_turn``), so nobody finds a half-played turn.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterable, Sequence
from typing import Any

from grimoire.core.state import CHANCE, State
from grimoire.web.clock import TURN, Clocks
from grimoire.web.store import Seat

DEFAULT_OTHERS_AFTER = 120.0
DEFAULT_SERVER_AFTER = 300.0


@dataclasses.dataclass(frozen=True)
class AbsenceRule:
    """Seconds away before the others may hand a seat to a bot, and before the server does."""

    others_after: float = DEFAULT_OTHERS_AFTER
    server_after: float = DEFAULT_SERVER_AFTER

    def __post_init__(self) -> None:
        # (a limit of 0 would make everyone away, even with a page open)
        if not 0 < self.others_after <= self.server_after:
            raise ValueError(
                "the absence limits must be 0 < others_after <= server_after, not "
                f"{self.others_after} and {self.server_after}"
            )

    @classmethod
    def from_env(cls) -> AbsenceRule:
        """The defaults, or ``$GRIMOIRE_AWAY_OTHERS_AFTER`` and ``$GRIMOIRE_AWAY_SERVER_AFTER``
        (seconds)."""
        others = os.environ.get("GRIMOIRE_AWAY_OTHERS_AFTER")
        server = os.environ.get("GRIMOIRE_AWAY_SERVER_AFTER")
        return cls(
            DEFAULT_OTHERS_AFTER if others is None else float(others),
            DEFAULT_SERVER_AFTER if server is None else float(server),
        )

    def applies(self, clocks: Clocks | None) -> bool:
        """Whether the rule holds at a table with these clocks (not on a turn-based one)."""
        return clocks is None or clocks.control.kind != TURN

    def doc(self) -> dict[str, float]:
        return {
            "others_after_seconds": self.others_after,
            "server_after_seconds": self.server_after,
        }


class Presence:
    """When each seat of one table was last seen (connected or acting); who is connected is
    worked out from the table's listeners by the room."""

    def __init__(self, players: int, now: float) -> None:
        self.seen = [now] * players

    def saw(self, seat: int | None, now: float) -> None:
        if seat is not None and 0 <= seat < len(self.seen):
            self.seen[seat] = max(self.seen[seat], now)

    def away_for(self, seat: int, present: Iterable[int], now: float) -> float:
        """Seconds the seat has been away (0 while a page of it is open)."""
        if seat in set(present):
            return 0.0
        return max(0.0, now - self.seen[seat])

    def payload(
        self,
        rule: AbsenceRule | None,
        seats: Sequence[Seat],
        present: set[int],
        handable: set[int],
    ) -> dict[str, Any]:
        """What everyone may know (presence is public): the limits (None where the rule does
        not hold), and per seat whether a page of it is open, since when (server time) its
        person is away, whether the others may now hand it to a bot for that (``handable``),
        whether a bot holds it for its person (``held``) and whether they asked for it back
        (``returning``)."""
        rows = []
        for seat in seats:
            here = seat.seat in present
            person = seat.kind == "person" and seat.taken
            away = rule is not None and person and not here
            rows.append(
                {
                    "present": here,
                    "away_since": round(self.seen[seat.seat], 3) if away else None,
                    "handable": seat.seat in handable,
                    "held": seat.held_for is not None,
                    "returning": seat.returning,
                }
            )
        limits = rule.doc() if rule is not None else dict.fromkeys(AbsenceRule().doc())
        return {**limits, "seats": rows}


def mid_turn(state: State) -> set[int]:
    """The seats in the middle of a turn, read from the history (after a restart or an undo):
    the last seat to act, if it is still asked to act."""
    for actor, _action in reversed(state.history):
        if actor != CHANCE:
            return {actor} & set(state.seats_to_act())
    return set()


def still_mid(mid: set[int], state: State, actor: int) -> set[int]:
    """The seats in the middle of a turn once ``actor`` has moved to ``state``: those that were
    and are still asked to act, and ``actor`` if it is still asked (its turn goes on)."""
    to_act = set(state.seats_to_act())
    return {seat for seat in mid | {actor} if seat in to_act}
