"""Five Seals' ``evaluate(state, seat)`` hook for the search bots (see
``Game.evaluate``).

A seat's standing is the score of the scrolls it holds; the estimate is a softmax of the
standings whose temperature grows with their size, so a lead of a few points early in a game
counts for less than the same lead late. It reads only the state it is given.
"""

from __future__ import annotations

from grimoire.core.evaluation import softmax_values
from grimoire.core.state import State
from grimoire.games.five_seals import scoring
from grimoire.games.five_seals.state import FiveSealsState


def evaluate(state: State, seat: int) -> float:
    """``seat``'s estimated win chance in [0, 1] from the scrolls' running scores."""
    st = state
    assert isinstance(st, FiveSealsState)
    values = st.memo.get("evaluation")
    if values is None:
        scores = [float(score) for score in scoring.scores(st)]
        mean = sum(abs(score) for score in scores) / len(scores)
        values = st.memo["evaluation"] = softmax_values(scores, 2.0 + 0.2 * mean)
    return float(values[seat])
