"""The ``evaluate(state, seat)`` of the search bots: how good a position is for a seat, in [0, 1].

Search bots cut their rollouts after a few decisions and score the position they reach with
the game's ``Game.evaluate`` hook, one value per seat (max^n: every seat maximises its own
value). A finished game is never passed to the hook: the bots score it themselves with
``terminal_rewards`` (the win share). The arithmetic lives in ``grimoire.core.evaluation``.
"""

from __future__ import annotations

from collections.abc import Callable

from grimoire.core.evaluation import generic_evaluate, softmax_values, terminal_rewards
from grimoire.core.game import Game
from grimoire.core.state import State

__all__ = [
    "Evaluator",
    "evaluate",
    "evaluate_all",
    "evaluator_for",
    "generic_evaluate",
    "softmax_values",
    "terminal_rewards",
]

Evaluator = Callable[[State, int], float]


def evaluator_for(game: Game, state: State | None = None) -> Evaluator:
    """The evaluation of ``game``'s positions: its ``Game.evaluate`` hook (``state`` is
    accepted for callers that have one at hand; it changes nothing)."""
    return game.evaluate


def evaluate(state: State, seat: int) -> float:
    """The value of ``state`` for ``seat`` in [0, 1] (the game's hook, or the generic one);
    a finished game gives the win share."""
    if state.is_terminal():
        return terminal_rewards(state)[seat]
    return min(1.0, max(0.0, float(evaluator_for(state.game, state)(state, seat))))


def evaluate_all(state: State, evaluator: Evaluator | None = None) -> list[float]:
    """``evaluate`` for every seat (a finished game: the win shares)."""
    if state.is_terminal():
        return terminal_rewards(state)
    hook = evaluator or evaluator_for(state.game, state)
    return [min(1.0, max(0.0, float(hook(state, seat)))) for seat in range(state.game.players)]
