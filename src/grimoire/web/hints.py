"""The web "hint": the analysis of ``grimoire analyse`` for the seat to act, as JSON.

The analysis runs on the seat's own ``for_seat`` view (hidden information resampled from what
the seat may know, never the true state) under a small iteration budget, so it is
deterministic for a given table, position and seat, and short enough for a prompt answer.
"""

from __future__ import annotations

from typing import Any

from grimoire.bots.analysis import analyse
from grimoire.bots.budget import Budget
from grimoire.core.state import State

HINT_ITERATIONS = 200


def hint_doc(
    state: State, seat: int, seed: int, iterations: int = HINT_ITERATIONS
) -> dict[str, Any]:
    """Every legal action of ``seat`` with its win chance and expected score, best first;
    ``action`` is as in the payload's ``actions`` (the page plays its id). Only
    ``state.for_seat(seat)`` is read."""
    view = state.for_seat(seat, seed)
    rows = analyse(view, seat, Budget(iterations=iterations), seed)
    return {
        "seat": seat,
        "iterations": iterations,
        "actions": [
            {
                "action": view.action_to_json(row.action),
                "text": row.text,
                "win_chance": row.win_chance,
                "expected_score": row.expected_score,
                "visits": row.visits,
                "backs_out": row.backs_out,
            }
            for row in rows
        ],
    }
