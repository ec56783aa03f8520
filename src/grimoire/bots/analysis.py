"""Analysis of a position: every legal action of a seat with its estimated win chance.

``analyse`` searches the position as the seat sees it (``for_seat``: never the true hidden
information) with the game's search (``mcts`` or ``ismcts``) and shares the iterations equally
among the seat's actions at the root, so every action gets an estimate, not only the promising
ones. The win chance is the mean reward (a win counts 1, a shared win its share, a rollout cut
before the end the ``evaluate`` hook's estimate); the expected score is the seat's mean running
score where the search's rollouts stopped (the horizon), not at the end of the game.

A back-out (``State.backs_out``: a ``cancel`` of a half-made choice) is listed last, unsearched
(``backs_out`` true, no visits): it only leads back to a choice the seat already had, so the
analysis never ranks it best; the search shares its iterations among ``progress_actions``.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from typing import Any

from grimoire.bots.budget import Budget
from grimoire.bots.registry import search_kind
from grimoire.bots.search import TreeSearch
from grimoire.core.errors import IllegalAction
from grimoire.core.state import State


@dataclass
class ActionAnalysis:
    action: int
    text: str
    visits: int
    win_chance: float
    std_error: float
    expected_score: float
    backs_out: bool = False  # listed last, not searched (see the module docstring)


def acting_seat(state: State) -> int:
    """The seat to act (the lowest of a simultaneous decision); an error at chance or the end."""
    actor = state.current_player
    if isinstance(actor, frozenset):
        return min(actor)
    if actor < 0:
        raise IllegalAction("no seat is to act here (chance or the end of the game)")
    return actor


def analyse(
    state: State, seat: int | None = None, budget: Budget | str = "2s", seed: int = 0
) -> list[ActionAnalysis]:
    """Every legal action of ``seat`` (default: the seat to act), best estimate first."""
    seat = acting_seat(state) if seat is None else seat
    legal = state.legal_actions(seat)
    if not legal:
        raise IllegalAction(f"seat {seat} has no legal action here")
    rng = random.Random(seed)
    view = state.for_seat(seat, rng)
    searched = view.progress_actions(seat)
    kind = search_kind(state.game)
    tree = TreeSearch(
        view,
        seat,
        rng,
        determinize_each=kind == "ismcts",
        observe_others=kind == "ismcts",
        root_uniform=len(searched) > 1,
    )
    result = tree.run(Budget.parse(budget), early_stop=False)
    rows = [
        ActionAnalysis(
            a.action, state.action_to_string(a.action), a.visits, a.mean, a.std_error, a.score
        )
        for a in result.actions
    ]
    rows.sort(key=lambda r: (-r.win_chance, -r.expected_score, r.action))
    rows += [
        ActionAnalysis(a, state.action_to_string(a), 0, 0.0, 0.0, 0.0, backs_out=True)
        for a in legal
        if a not in searched
    ]
    return rows


def analysis_json(rows: list[ActionAnalysis]) -> list[dict[str, Any]]:
    return [asdict(row) for row in rows]
