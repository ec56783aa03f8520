"""Five Seals' ``evaluate(state, seat)`` hook for the search bots (see ``Game.evaluate``).

A model fitted to game outcomes: ``P(seat wins) = softmax over the seats of WEIGHTS .
features(seat)``, its weights fitted by maximum likelihood to 300 seeded heuristic self-play games
at 2 players (``bench/fitted_evaluation.py``; the fit, its held-out log-loss and its head-to-head
against the hand-written evaluation it replaced are in
``bench/results/fitted-evaluation-five-seals.json`` and docs/bots.md). At more players the same
weights score each seat (a softmax over all of them). It reads only the state it is given
(Five Seals hides nothing).

The hand-written evaluation before it (a softmax of the running scores, temperature 2 + a fifth
of their mean) is the model's first feature: the running score cannot move within the search's
few-decision horizon in many positions, so it gave every action the same value there; the dice
still to spend and the best seal in reach do move.
"""

from __future__ import annotations

from grimoire.core.evaluation import softmax_values
from grimoire.core.state import State
from grimoire.games.five_seals import scoring
from grimoire.games.five_seals.heuristic import attraction, best_in_reach
from grimoire.games.five_seals.state import FiveSealsState

# the weights of the features below, in that order (bench/fitted_evaluation.py, 26 Nov 2026:
# games 9000..9299 fitted, 9300..9399 held out)
WEIGHTS = (
    0.24909522064424344,  # the running score over the hand-written evaluation's temperature
    0.061519797299695075,  # the running score
    0.06355636726976176,  # dice still to spend this round
    0.014462336186583285,  # their pips
    0.2265289862322001,  # the worth of the best seal in reach
    0.07999470537320628,  # the running score x the share of seals broken
)


def features(st: FiveSealsState, seat: int, scores: list[float], field: list[float]) -> list[float]:
    """The seat's features, in the order of ``WEIGHTS`` (``scores``: every seat's running
    score; ``field``: the board's ``attraction``; both computed once for all seats)."""
    score = scores[seat]
    temperature = 2.0 + 0.2 * sum(abs(points) for points in scores) / len(scores)
    dice = pips = 0.0
    if not st.over[seat]:
        for die, owner in enumerate(st.die_owner):
            if owner == seat:
                dice += 1.0
                pips += float(st.die_val[die] or 3.5)
    best = best_in_reach(st, seat, field)
    seals = len(st.board.seals)
    broken = min(1.0, len(st.box) / seals) if seals else 0.0
    return [score / temperature, score, dice, pips, best, score * broken]


def all_features(st: FiveSealsState) -> list[list[float]]:
    """``features`` of every seat."""
    scores = [float(points) for points in scoring.scores(st)]
    field = attraction(st)
    return [features(st, seat, scores, field) for seat in range(st.n)]


def evaluate(state: State, seat: int) -> float:
    """``seat``'s estimated win chance in [0, 1]."""
    st = state
    assert isinstance(st, FiveSealsState)
    values = st.memo.get("evaluation")
    if values is None:
        logits = [
            sum(w * x for w, x in zip(WEIGHTS, seat_features, strict=True))
            for seat_features in all_features(st)
        ]
        values = st.memo["evaluation"] = softmax_values(logits, 1.0)
    return float(values[seat])
