"""The ``evaluate(state, seat)`` hook: how good a position is for a seat, in [0, 1].

Search bots cut their rollouts after a few decisions and score the position they reach with
this hook, one value per seat (max^n: every seat maximises its own value). A value is an
estimate of the seat's chance of winning, a shared win counting as a share; the values of all
seats should add up to about 1. A finished game is never passed to the hook: the bots score it
themselves with ``terminal_rewards`` (the win share).

A game provides its evaluation, optionally, in one of these places (looked up in this order):

1. a method on the game: ``Game.evaluate(self, state, seat) -> float``
   (one line in the game class: ``evaluate = staticmethod(my_evaluate)``, with
   ``my_evaluate(state, seat)``);
2. a method on the state: ``State.evaluate(self, seat) -> float``;
3. a module ``evaluation`` in the game's package with a function ``evaluate(state, seat)``
   (Ciúb, Five Seals and F.A.T.A.L. ship theirs there, so the game classes stay untouched);
4. otherwise ``generic_evaluate``: a softmax of the running scores.

The hook may cache facts about the position in ``state.memo`` (emptied after every action):
the bots ask it for every seat of the same position in turn.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable
from typing import Any

from grimoire.core.game import Game
from grimoire.core.state import State

Evaluator = Callable[[State, int], float]


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
    """exp(v / t) normalised: equal values give each seat 1/n; a lead of t gives e:1 odds."""
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


def _package_hook(game: Game) -> Evaluator | None:
    module_name = type(game).__module__
    package = module_name.rpartition(".")[0]
    if not package:
        return None
    try:
        module = importlib.import_module(f"{package}.evaluation")
    except ModuleNotFoundError as error:
        if error.name != f"{package}.evaluation":
            raise
        return None
    hook = getattr(module, "evaluate", None)
    return hook if callable(hook) else None


_CACHE: dict[tuple[type[Any], type[Any]], Evaluator] = {}


def _state_method(state: State, seat: int) -> float:
    return float(state.evaluate(seat))  # type: ignore[attr-defined]


def evaluator_for(game: Game, state: State | None = None) -> Evaluator:
    """The evaluation of ``game``'s positions (``state``: one of them, to find a state
    method): its own hook if it has one (see the module docstring), else ``generic_evaluate``."""
    method = getattr(game, "evaluate", None)
    if callable(method):
        return method  # type: ignore[no-any-return]
    key = (type(game), type(state))
    found = _CACHE.get(key)
    if found is None:
        if state is not None and callable(getattr(state, "evaluate", None)):
            found = _state_method
        else:
            found = _package_hook(game) or generic_evaluate
        _CACHE[key] = found
    return found


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
