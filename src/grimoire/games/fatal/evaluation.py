"""F.A.T.A.L.'s ``evaluate(state, seat)`` hook for the search bots (see
``Game.evaluate``).

A seat's standing is its running score (``facts.total``) plus a third of a point per card in
hand (cards win treasures, and count a point each at the end of round 2); the estimate is a
softmax of the standings, sharper in round 2. The ``ismcts`` bot calls it on determinisations
only, so the hidden cards it sees are guesses, never the truth.
"""

from __future__ import annotations

from grimoire.core.evaluation import softmax_values
from grimoire.core.state import State
from grimoire.games.fatal import facts
from grimoire.games.fatal.state import FatalState

CARD_VALUE = 1 / 3


def evaluate(state: State, seat: int) -> float:
    """``seat``'s estimated win chance in [0, 1] from the running scores and hands."""
    assert isinstance(state, FatalState)
    values = state.memo.get("evaluation")
    if values is None:
        standing = [
            facts.total(state, s) + CARD_VALUE * len(state.hands[s]) for s in range(state.n)
        ]
        temperature = 2.0 if state.round == 2 else 4.0
        values = state.memo["evaluation"] = softmax_values(standing, temperature)
    return float(values[seat])
