"""Position values for search: the arithmetic every game's ``Game.evaluate`` hook shares.

A value is a seat's estimated chance of winning, in [0, 1]; a shared win counts as a share, and
the values of all seats add up to about 1. ``generic_evaluate`` is the default hook: a softmax of
the running scores. Games refine it (``Game.evaluate``) and may use ``softmax_values`` to turn
their own estimates into win shares.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from grimoire.core.state import State


def terminal_rewards(state: State) -> list[float]:
    """The win share of every seat of a finished game: 1/k to each of k winners, 0 to the
    others (nothing to anyone if a game ends without a winner)."""
    n = state.game.players
    winners = state.winners()
    share = 1.0 / len(winners) if winners else 0.0
    rewards = [0.0] * n
    for seat in winners:
        rewards[seat] = share
    return rewards


def softmax_values(values: list[float], temperature: float) -> list[float]:
    """exp(v / t) normalised: equal values give each seat 1/n; a lead of t gives e:1 odds.

    >>> softmax_values([2.0, 2.0], 1.0)
    [0.5, 0.5]
    >>> [round(v, 3) for v in softmax_values([1.0, 0.0], 1.0)]
    [0.731, 0.269]
    """
    t = max(temperature, 1e-9)
    top = max(values)
    weights = [math.exp((v - top) / t) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def generic_evaluate(state: State, seat: int) -> float:
    """A game-blind estimate from the running scores: terminal positions give the win share;
    otherwise a softmax of ``scores()`` whose temperature grows with their size (1 + a quarter
    of the mean absolute score), so a lead of a few points early counts for little."""
    if state.is_terminal():
        return terminal_rewards(state)[seat]
    scores = [float(score) for score in state.scores()]
    mean = sum(abs(score) for score in scores) / len(scores)
    return softmax_values(scores, 1.0 + 0.25 * mean)[seat]
