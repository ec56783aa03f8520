"""Deterministic randomness for chance nodes.

A chance node's outcome is drawn from a 64-bit number that depends only on the game's seed and
the node's step number. So a game is reproducible from its seed and its player actions, replaying
a record that also lists chance outcomes gives the same state, and there is no generator state to
store, copy or leak: a view simply omits the seed.

Outcomes carry integer weights on the hot path; the pick compares integers exactly, so it is the
same on every machine and equals the pick by exact probabilities.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from fractions import Fraction
from math import lcm

_SPAN = 1 << 64


def draw(seed: int, step: int) -> int:
    """A number in [0, 2**64) determined by (seed, step)."""
    digest = hashlib.blake2b(f"{seed}:{step}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def uniform(seed: int, step: int) -> float:
    """A number in [0, 1) determined by (seed, step)."""
    return draw(seed, step) / _SPAN


def pick_weighted(weights: Sequence[tuple[int, int]], seed: int, step: int) -> int:
    """The outcome whose cumulative weight interval contains the draw of (seed, step).

    With total weight W, outcome i is picked when ``draw * W < cumulative_i * 2**64``: the
    exact comparison of draw / 2**64 with the cumulative probability, in integers."""
    total = 0
    for _, weight in weights:
        total += weight
    scaled = draw(seed, step) * total
    cumulative = 0
    for outcome, weight in weights:
        cumulative += weight
        if scaled < cumulative * _SPAN:
            return outcome
    raise ValueError("a chance node needs at least one outcome with a positive weight")


def weights_of(outcomes: Sequence[tuple[int, Fraction]]) -> list[tuple[int, int]]:
    """Integer weights with the same ratios as exact probabilities."""
    denominator = lcm(*(probability.denominator for _, probability in outcomes))
    return [
        (outcome, probability.numerator * (denominator // probability.denominator))
        for outcome, probability in outcomes
    ]


def derive_seed(seed: int, label: str) -> int:
    """A 63-bit seed derived from another, for independent streams (bots, resampling)."""
    digest = hashlib.blake2b(f"{seed}/{label}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1
