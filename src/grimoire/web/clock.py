"""Time controls of a table: a clock per person seat, chosen when the table is created.

Two profiles, one model:

- **real time**: a few seconds or minutes per move plus a reserve for the whole game;
- **turn-based**: hours or days per move (a reserve is allowed too, usually none).

A seat's clock runs while the seat is asked to act (it is in ``seats_to_act()``), the game is
running and not paused. A *move* lasts from the moment the seat is asked until it is no longer
asked, so a multi-step turn (Ciúb's use, target, face...) is one move. Each move first spends
the per-move time, then the reserve; a move that ends within its allowance does not touch the
reserve. When a move has used the allowance and the whole reserve, the seat has **run out**: the
others may hand it to a bot at once, and after ``grace`` more seconds the server does it by
itself. Bots have no clock.

All times are seconds since the epoch from the server's time source (injectable: the tests
move time by hand), so clocks are plain numbers that the database keeps (``games.clock``) and
that survive restarts. The clock keeps running while the server is down.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

REALTIME = "realtime"
TURN = "turn"
KINDS = (REALTIME, TURN)
MINUTE = 60.0
HOUR = 60 * MINUTE
DAY = 24 * HOUR
# (min, max) per move for each kind; reserve and grace bounds are shared.
MOVE_BOUNDS = {REALTIME: (1.0, 2 * HOUR), TURN: (MINUTE, 30 * DAY)}
MAX_RESERVE = 30 * DAY
MAX_GRACE = 30 * DAY


class ClockError(ValueError):
    """A time control out of bounds (the message says which)."""


@dataclasses.dataclass(frozen=True)
class TimeControl:
    kind: str  # REALTIME or TURN
    move: float  # seconds per move
    reserve: float  # seconds of reserve per seat for the whole game
    grace: float  # seconds after running out before a bot takes the seat by itself

    def doc(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "move_seconds": self.move,
            "reserve_seconds": self.reserve,
            "grace_seconds": self.grace,
        }


def time_control(
    kind: str, move: float, reserve: float | None = None, grace: float | None = None
) -> TimeControl:
    """A checked time control. Defaults: no reserve for turn-based play, five times the move
    for real time; a grace of one more move turn-based, of max(2 minutes, 2 moves) in real time."""
    if kind not in KINDS:
        raise ClockError(f"clock kind must be one of {list(KINDS)}, not {kind!r}")
    low, high = MOVE_BOUNDS[kind]
    if not low <= move <= high:
        raise ClockError(f"a {kind} clock gives {low:g} to {high:g} seconds per move, not {move}")
    if reserve is None:
        reserve = 5 * move if kind == REALTIME else 0.0
    if not 0 <= reserve <= MAX_RESERVE:
        raise ClockError(f"the reserve must be 0 to {MAX_RESERVE:g} seconds, not {reserve}")
    if grace is None:
        grace = max(2 * MINUTE, 2 * move) if kind == REALTIME else move
    if not 0 <= grace <= MAX_GRACE:
        raise ClockError(f"the grace must be 0 to {MAX_GRACE:g} seconds, not {grace}")
    return TimeControl(kind, float(move), float(reserve), float(grace))


@dataclasses.dataclass
class SeatClock:
    reserve: float  # reserve left, not counting the move under way
    spent: float = 0.0  # time the move under way used before ``since``
    since: float | None = None  # when the clock last started (None: stopped)
    active: bool = False  # the seat is asked to act (its move is under way)


@dataclasses.dataclass
class Clocks:
    """The clocks of one table. Methods never read the time themselves: ``now`` is passed in."""

    control: TimeControl
    seats: list[SeatClock]
    paused: bool = False
    paused_by: int | None = None

    @classmethod
    def new(cls, control: TimeControl, players: int) -> Clocks:
        return cls(control, [SeatClock(control.reserve) for _ in range(players)])

    def copy(self) -> Clocks:
        return dataclasses.replace(self, seats=[dataclasses.replace(s) for s in self.seats])

    # ------------------------------------------------------------------ reading
    def used(self, seat: int, now: float) -> float:
        """Time the move under way has used so far."""
        clock = self.seats[seat]
        if not clock.active:
            return 0.0
        return clock.spent + (max(0.0, now - clock.since) if clock.since is not None else 0.0)

    def left(self, seat: int, now: float) -> float:
        """Time left before the seat runs out (negative once it has)."""
        return self.control.move + self.seats[seat].reserve - self.used(seat, now)

    def ran_out(self, seat: int, now: float) -> bool:
        return self.seats[seat].active and self.left(seat, now) <= 0

    def bot_due(self, seat: int, now: float) -> bool:
        """The grace after running out is over too: a bot takes the seat."""
        return self.seats[seat].active and self.left(seat, now) <= -self.control.grace

    def deadline(self, now: float) -> float | None:
        """The next moment a running clock runs out or ends its grace (None: nothing runs)."""
        times = []
        for clock in self.seats:
            if not clock.active or clock.since is None:
                continue
            out = clock.since + self.control.move + clock.reserve - clock.spent
            times.append(out if out > now else out + self.control.grace)
        return min(times, default=None)

    # ------------------------------------------------------------------ changes
    def update(self, active: Iterable[int], now: float) -> None:
        """The seats asked to act are now ``active``: a seat no longer asked ends its move (the
        time beyond the per-move allowance comes off its reserve), a newly asked seat starts a
        move, a seat still asked carries on."""
        wanted = set(active)
        for seat, clock in enumerate(self.seats):
            if clock.active and seat not in wanted:
                over = self.used(seat, now) - self.control.move
                clock.reserve = max(0.0, clock.reserve - max(0.0, over))
                clock.spent, clock.since, clock.active = 0.0, None, False
            elif not clock.active and seat in wanted:
                clock.spent, clock.active = 0.0, True
                clock.since = None if self.paused else now

    def pause(self, now: float, by: int) -> None:
        for seat, clock in enumerate(self.seats):
            if clock.active and clock.since is not None:
                clock.spent = self.used(seat, now)
                clock.since = None
        self.paused, self.paused_by = True, by

    def resume(self, now: float) -> None:
        for clock in self.seats:
            if clock.active:
                clock.since = now
        self.paused, self.paused_by = False, None

    # ------------------------------------------------------------------ documents
    def to_json(self) -> dict[str, Any]:
        return {
            **self.control.doc(),
            "paused": self.paused,
            "paused_by": self.paused_by,
            "seats": [dataclasses.asdict(clock) for clock in self.seats],
        }

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Clocks:
        control = TimeControl(
            str(doc["kind"]),
            float(doc["move_seconds"]),
            float(doc["reserve_seconds"]),
            float(doc["grace_seconds"]),
        )
        seats = [
            SeatClock(
                float(s["reserve"]),
                float(s["spent"]),
                None if s["since"] is None else float(s["since"]),
                bool(s["active"]),
            )
            for s in doc["seats"]
        ]
        return cls(control, seats, bool(doc.get("paused")), doc.get("paused_by"))

    def payload(self, now: float) -> dict[str, Any]:
        """What everyone may know (clocks are public): per seat the time left as of ``now``,
        and for a running clock the server time it runs out (``deadline``) and the server time a
        bot takes over (``bot_at``), so a page can count down by itself."""
        seats = []
        for seat, clock in enumerate(self.seats):
            running = clock.active and clock.since is not None
            left = self.left(seat, now)
            out_at = now + left if running else None
            seats.append(
                {
                    "active": clock.active,
                    "running": running,
                    "left": round(max(0.0, left), 3),
                    "reserve": round(clock.reserve, 3),
                    "ran_out": self.ran_out(seat, now),
                    "deadline": None if out_at is None else round(out_at, 3),
                    "bot_at": None if out_at is None else round(out_at + self.control.grace, 3),
                }
            )
        return {
            **self.control.doc(),
            "paused": self.paused,
            "paused_by": self.paused_by,
            "now": round(now, 3),
            "seats": seats,
        }
