"""The entry points of Runika's rules: the legal actions of a seat and applying an action.

Who decides what is the top frame of the seat's stack (``frames.py``): the turn's own frames
are in ``turn.py``, abilities in ``abilities.py``, a claim's placement in ``claims.py``; the
draft and the quick draft's pass have no frame. Chance is ``chance.py``; after every action
``flow.advance`` runs the automatic steps up to the next decision.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from grimoire.core.actions import Decoded
from grimoire.core.state import CHANCE
from grimoire.games.runika import abilities, chance, claims, flow, turn
from grimoire.games.runika.actions import CANCEL
from grimoire.games.runika.frames import Ab, At, Fort, Main, Pick, Quarry, Resolve

if TYPE_CHECKING:
    from grimoire.games.runika.state import RunikaState

# frame kind -> (its legal actions, applying a choice); every frame names its seat ``s``
LEGAL: dict[type, Callable[[Any, Any], list[int]]] = {
    Pick: turn.pick_legal,
    Resolve: turn.die_legal,
    Fort: turn.fort_legal,
    Quarry: turn.quarry_legal,
    At: claims.at_legal,
    Ab: abilities.legal,
}
ACT: dict[type, Callable[[Any, Any, Decoded], None]] = {
    Main: turn.main_act,
    Pick: turn.pick_act,
    Resolve: turn.die_act,
    Fort: turn.fort_act,
    Quarry: turn.quarry_act,
    At: claims.at_act,
    Ab: abilities.act,
}


def legal_actions(st: RunikaState, seat: int) -> list[int]:
    """The sorted legal actions of ``seat``, one of the seats to act."""
    if st.phase == "draft":
        return [st.ids.id("draft", c) for c in sorted(set(st.middle))]
    if st.phase == "pass":
        return [st.ids.id("pass", c) for c in sorted(set(st.qhand[seat]))]
    frame = st.stacks[seat][-1]
    if isinstance(frame, Main):
        return sorted(turn.main_legal(st, seat, frame))
    return sorted(LEGAL[type(frame)](st, frame))


def backs_out(st: RunikaState, seat: int, action: int) -> bool:
    """``cancel`` backs out of a half-made choice: the dice picked for a re-roll, a die being
    resolved, an ability's choices, a claimed rune's placement. Not where an ability's target
    went away in simultaneous play (``abilities.fizzles``): there it is all that is left."""
    if action != CANCEL:
        return False
    stack = st.stacks[seat]
    return not (stack and isinstance(stack[-1], Ab) and abilities.fizzles(st, stack[-1]))


def apply(st: RunikaState, actor: int, action: int) -> None:
    """Apply a legal action of ``actor`` (or a chance outcome), then move the game on to the
    next decision (the core ends the game at the decision limit, an engine safeguard)."""
    st.memo.clear()  # the core clears it after this too; the flow must not see stale facts
    if actor == CHANCE:
        chance.apply(st, action)
    else:
        choice = st.codec.decode(action)
        if st.phase == "draft":
            flow.draft_pick(st, actor, choice.arg)
        elif st.phase == "pass":
            st.qhand[actor].remove(choice.arg)
            st.qpass[actor] = choice.arg
        else:
            frame = st.stacks[actor][-1]
            ACT[type(frame)](st, frame, choice)
    flow.advance(st)
