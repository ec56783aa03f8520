"""Deterministic randomness for chance nodes.

A chance node's outcome is drawn from a uniform number that depends only on the game's seed and
the node's step number. So a game is reproducible from its seed and its player actions, replaying
a record that also lists chance outcomes gives the same state, and there is no generator state to
store, copy or leak: a view simply omits the seed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from fractions import Fraction


def uniform(seed: int, step: int) -> float:
    """A number in [0, 1) determined by (seed, step)."""
    digest = hashlib.blake2b(f"{seed}:{step}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") / 2**64


def pick(outcomes: Sequence[tuple[int, Fraction]], u: float) -> int:
    """The outcome whose cumulative probability interval contains ``u``."""
    total = 0.0
    for outcome, probability in outcomes:
        total += float(probability)
        if u < total:
            return outcome
    return outcomes[-1][0]  # guards against float rounding at the top end


def derive_seed(seed: int, label: str) -> int:
    """A 63-bit seed derived from another, for independent streams (bots, resampling)."""
    digest = hashlib.blake2b(f"{seed}/{label}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1
