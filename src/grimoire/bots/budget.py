"""Search budgets: how long an anytime bot may think about one move.

A budget is a number of iterations (``2000``), a time (``1s``, ``0.5s``, ``250ms``), or both
(``2000/1s``: whichever runs out first). Under an iteration budget alone a seeded bot is
reproducible: the same seed and the same positions give the same moves on any machine. A time
budget is for play (the web, the terminal); its moves depend on the machine's speed.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass

from grimoire.core.errors import InvalidOptions

_TIME = re.compile(r"^(\d+(?:\.\d*)?|\.\d+)\s*(s|ms)$")
_COUNT = re.compile(r"^\d+$")


@dataclass(frozen=True)
class Budget:
    """At most ``iterations`` search iterations and at most ``seconds`` of wall time per move
    (``None``: no limit of that kind; at least one is set)."""

    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise InvalidOptions("a budget needs iterations, seconds or both")
        if self.iterations is not None and self.iterations < 1:
            raise InvalidOptions(f"a budget needs at least 1 iteration, not {self.iterations}")
        if self.seconds is not None and not self.seconds > 0:
            raise InvalidOptions(f"a time budget must be positive, not {self.seconds}")

    @classmethod
    def parse(cls, text: str | int | float | Budget) -> Budget:
        """``"1s"``, ``"0.5s"``, ``"250ms"``, ``"2000"``, ``"2000/1s"``; an int is iterations,
        a float seconds."""
        if isinstance(text, Budget):
            return text
        if isinstance(text, bool):
            raise InvalidOptions(f"not a budget: {text!r}")
        if isinstance(text, int):
            return cls(iterations=text)
        if isinstance(text, float):
            return cls(seconds=text)
        iterations: int | None = None
        seconds: float | None = None
        parts = [part.strip().lower() for part in str(text).split("/")]
        for part in parts:
            timed = _TIME.match(part)
            if timed and seconds is None:
                value = float(timed.group(1))
                seconds = value / 1000 if timed.group(2) == "ms" else value
            elif _COUNT.match(part) and iterations is None:
                iterations = int(part)
            else:
                raise InvalidOptions(
                    f"not a budget: {text!r} (use iterations like 2000, a time like 1s, 0.5s or "
                    "250ms, or both like 2000/1s)"
                )
        return cls(iterations=iterations, seconds=seconds)

    def __str__(self) -> str:
        parts = []
        if self.iterations is not None:
            parts.append(str(self.iterations))
        if self.seconds is not None:
            parts.append(f"{self.seconds:g}s")
        return "/".join(parts)

    def clock(self) -> Clock:
        return Clock(self)


class Clock:
    """Counts iterations and time against a budget, from its creation. ``now`` is the time
    source (seconds; a test may give one that counts work instead)."""

    def __init__(self, budget: Budget, now: Callable[[], float] = time.perf_counter) -> None:
        self.budget = budget
        self.now = now
        self.started = now()
        self.deadline = None if budget.seconds is None else self.started + budget.seconds
        self.iterations = 0

    def tick(self) -> None:
        self.iterations += 1

    def elapsed(self) -> float:
        return self.now() - self.started

    def done(self) -> bool:
        limit = self.budget.iterations
        if limit is not None and self.iterations >= limit:
            return True
        return self.deadline is not None and self.now() >= self.deadline

    def remaining_iterations(self) -> float:
        """An estimate of the iterations still allowed (the rate so far, for a time budget)."""
        left = float("inf")
        if self.budget.iterations is not None:
            left = float(self.budget.iterations - self.iterations)
        if self.deadline is not None and self.iterations > 0:
            now = self.now()
            rate = self.iterations / max(now - self.started, 1e-9)
            left = min(left, max(0.0, (self.deadline - now) * rate))
        return left
