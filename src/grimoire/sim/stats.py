"""Summary statistics that give the same floats for the same inputs, in any process, and the
Wilson interval of a rate."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Summary:
    """Mean, standard error of the mean, minimum and maximum of ``n`` observations.

    ``stderr`` is the sample standard deviation (n - 1 in the denominator) divided by
    ``sqrt(n)``; it is None with fewer than two observations, where it is undefined.
    """

    n: int
    mean: float
    stderr: float | None
    min: float
    max: float

    def to_json(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "mean": self.mean,
            "stderr": self.stderr,
            "min": self.min,
            "max": self.max,
        }


def summarize(values: Sequence[float]) -> Summary:
    """A ``Summary`` of ``values`` (at least one). Uses ``math.fsum``, so the result does not
    depend on how the values were produced or merged, only on the values and their order."""
    n = len(values)
    if n == 0:
        raise ValueError("cannot summarize no observations")
    mean = math.fsum(values) / n
    stderr: float | None = None
    if n >= 2:
        variance = math.fsum((value - mean) ** 2 for value in values) / (n - 1)
        stderr = math.sqrt(variance / n)
    return Summary(n=n, mean=mean, stderr=stderr, min=min(values), max=max(values))


Z95 = 1.959963984540054  # two-sided 95%


def wilson(successes: float, n: int) -> list[float] | None:
    """The 95% Wilson interval of a rate (successes may be fractional: shared wins)."""
    if n <= 0:
        return None
    p = successes / n
    centre = (p + Z95 * Z95 / (2 * n)) / (1 + Z95 * Z95 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) / (1 + Z95 * Z95 / n)
    low = 0.0 if p <= 0 else max(0.0, centre - half)  # exact at the ends, not 5e-17
    high = 1.0 if p >= 1 else min(1.0, centre + half)
    return [low, high]
