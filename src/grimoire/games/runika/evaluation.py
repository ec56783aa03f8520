"""Runika's ``evaluate(state, seat)`` hook for the search bots (see ``Game.evaluate``).

The heuristic bot's knowledge, per seat: points (3 each), progress towards the runes the seat can
claim (``heuristic.potential``: displayed and mastery runes, or its own secret runes), prestige
tokens on the way to an achievement, dice kept for later, and drawn-but-pending achievements.
The estimate is a softmax of these standings. With secret runes on, the other seats' runes are
hidden from ``seat``: each other seat is assumed as far along its own runes as ``seat`` is along
its (symmetry, no hidden card read), so two positions that differ only in what ``seat`` cannot
see score the same, and the seats' values still add up to about 1.
"""

from __future__ import annotations

from grimoire.core.evaluation import softmax_values
from grimoire.core.state import State
from grimoire.games.runika import flow
from grimoire.games.runika.frames import AchDraw
from grimoire.games.runika.heuristic import potential
from grimoire.games.runika.state import RunikaState

TEMPERATURE = 6.0  # a lead of 2 points (6 in standing) gives e:1 odds


def _standing(st: RunikaState, s: int, seat: int) -> float:
    total = 3.0 * flow.score(st, s)
    total += potential(st, seat if st.rules.secret else s)
    total += 0.8 * sum(1 for p in st.prest if s in p)
    total += 0.5 * (len(st.store[s]) + (st.pocket[s] >= 0))
    for event in st.chance:
        if isinstance(event, AchDraw) and event.s == s:
            total += 9.0
    return total


def evaluate(state: State, seat: int) -> float:
    """``seat``'s estimated win chance in [0, 1] from what its own view holds."""
    assert isinstance(state, RunikaState)
    key = ("evaluation", seat if state.rules.secret else -1)
    values = state.memo.get(key)
    if values is None:
        standing = [_standing(state, s, seat) for s in range(state.n)]
        values = state.memo[key] = softmax_values(standing, TEMPERATURE)
    return float(values[seat])
