"""A trial that was not kept: Five Seals' search with the heuristic's position value folded into
its evaluation, head to head at equal iterations against the hand-written evaluation shipped at
the time (since replaced by a fitted one: bench/fitted_evaluation.py).

That evaluation is a softmax of the scrolls' running scores, which do not move within
the search's horizon in many positions (every action the same value in 11 of the 20 published
analysis positions). The trial adds, per seat, the heuristic's non-point terms (dice still to
spend this round, the best seal in reach: ``heuristic.value`` minus its lead term), in points.

    .venv/bin/python bench/trial_five_seals_evaluation.py [iterations 40] [games 40]

Seats alternate game by game (game ``g``: seed 7000 + g); prints the trial's wins so far.
"""

from __future__ import annotations

import sys
import time

from fitted_evaluation import hand_evaluate  # the evaluation shipped when this was tried

import grimoire
from grimoire.bots import make_bot
from grimoire.bots.search import SearchBot
from grimoire.core.evaluation import softmax_values
from grimoire.core.state import State
from grimoire.games.five_seals import scoring
from grimoire.games.five_seals.heuristic import value
from grimoire.games.five_seals.state import FiveSealsState
from grimoire.sim.play import play_game


def trial(state: State, seat: int) -> float:
    """The running scores plus the heuristic's dice and seal terms, softmaxed as shipped."""
    assert isinstance(state, FiveSealsState)
    values = state.memo.get("trial-evaluation")
    if values is None:
        scores = [float(s) for s in scoring.scores(state)]
        mean = sum(abs(s) for s in scores) / len(scores)
        standing = []
        for s, points in enumerate(scores):
            lead = points - max(p for i, p in enumerate(scores) if i != s)
            standing.append(points + (value(state, s) - 3.0 * lead) / 3.0)
        values = state.memo["trial-evaluation"] = softmax_values(standing, 2.0 + 0.2 * mean)
    return float(values[seat])


def main() -> None:
    budget = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    game = grimoire.make("five-seals", players=2)
    wins = 0.0
    started = time.process_time()
    for g in range(games):
        new = make_bot(f"search:{budget}", game, 100 + g)
        old = make_bot(f"search:{budget}", game, 200 + g)
        assert isinstance(new, SearchBot) and isinstance(old, SearchBot)
        new.settings["evaluator"] = trial
        old.settings["evaluator"] = hand_evaluate
        bots = [new, old] if g % 2 == 0 else [old, new]
        result = play_game(game, bots, 7000 + g, keep_record=False)
        if g % 2 in result.winners:
            wins += 1 / len(result.winners)
        cpu = time.process_time() - started
        print(f"{g + 1} games: the trial won {wins:g} ({cpu:.0f} CPU s)", flush=True)


if __name__ == "__main__":
    main()
