"""Ciúb's ``evaluate(state, seat)`` hook for the search bots (see ``Game.evaluate``).

A seat's standing is its victory points plus what its dice are worth for the turns to come
(a die is worth about half a point of a future card, less after the end is triggered) plus,
during its dice play, most of the VP of the best card its tray already meets;
the estimate is a softmax of the standings whose temperature shrinks as the game nears its end,
so an early lead counts for less than a late one. It reads only the state it is given (the
search hands it determinisations, never the true hidden cards).
"""

from __future__ import annotations

from grimoire.core.evaluation import softmax_values
from grimoire.core.state import State
from grimoire.games.ciub.state import CiubState
from grimoire.games.ciub.turn import claimable

DICE_PHASES = frozenset({"roll", "actions", "set_aside", "claim"})
MET_SHARE = 0.9  # of a met card's VP credited before the claim (it is all but taken)
DIE_VALUE = 0.45  # VP a held die is worth while the game goes on
DIE_VALUE_LATE = 0.15  # after the last C card is revealed (dice still break ties)


def standings(st: CiubState) -> list[float]:
    """VP, dice, and for the seat in the dice part of its turn most of the VP of the best
    card its tray already meets (a cut rollout mid-turn would otherwise not see a near claim)."""
    die = DIE_VALUE_LATE if st.triggered else DIE_VALUE
    out = [st.vp(seat) + die * st.dice_held(seat) for seat in range(st.game.players)]
    if st.phase in DICE_PHASES:
        met = [st.c.cards[card].vp for card in claimable(st)]
        if met:
            out[st.turn] += MET_SHARE * max(met)
    return out


def evaluate(state: State, seat: int) -> float:
    """``seat``'s estimated win chance in [0, 1] from VP and dice held."""
    assert isinstance(state, CiubState)
    values = state.memo.get("evaluation")
    if values is None:
        temperature = 1.5 if state.triggered else 3.0
        values = state.memo["evaluation"] = softmax_values(standings(state), temperature)
    return float(values[seat])
