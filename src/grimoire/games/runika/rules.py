"""The entry points of Runika's rules: the legal actions of a seat and applying an action.

Who decides what is the top frame of the seat's stack (``frames.py``): the turn's own frames
are in ``turn.py``, abilities in ``abilities.py``, a claim's placement in ``claims.py``; the
draft and the quick draft's pass have no frame. Chance is ``chance.py``; after every action
``flow.advance`` runs the automatic steps up to the next decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.core.actions import Decoded
from grimoire.core.state import CHANCE
from grimoire.games.runika import abilities, chance, claims, flow, turn
from grimoire.games.runika.actions import CANCEL
from grimoire.games.runika.frames import Ab, At, Fort, Frame, Main, Pick, Quarry, Resolve

if TYPE_CHECKING:
    from grimoire.games.runika.state import RunikaState


def legal_actions(st: RunikaState, seat: int) -> list[int]:
    """The sorted legal actions of ``seat``, one of the seats to act."""
    if st.phase == "draft":
        return [st.ids.id("draft", c) for c in sorted(set(st.middle))]
    if st.phase == "pass":
        return [st.ids.id("pass", c) for c in sorted(set(st.qhand[seat]))]
    return sorted(_frame_legal(st, seat, st.stacks[seat][-1]))


def _frame_legal(st: RunikaState, seat: int, frame: Frame) -> list[int]:
    """The legal actions of the decision ``frame`` (every frame names its seat ``s``)."""
    if isinstance(frame, Main):
        return turn.main_legal(st, seat, frame)
    if isinstance(frame, Resolve):
        return turn.die_legal(st, frame)
    if isinstance(frame, Ab):
        return abilities.legal(st, frame)
    if isinstance(frame, Pick):
        return turn.pick_legal(st, frame)
    if isinstance(frame, At):
        return claims.at_legal(st, frame)
    if isinstance(frame, Fort):
        return turn.fort_legal(st, frame)
    assert isinstance(frame, Quarry)
    return turn.quarry_legal(st, frame)


def _frame_act(st: RunikaState, frame: Frame, choice: Decoded) -> None:
    """Apply a choice of the decision ``frame``."""
    if isinstance(frame, Main):
        turn.main_act(st, frame, choice)
    elif isinstance(frame, Resolve):
        turn.die_act(st, frame, choice)
    elif isinstance(frame, Ab):
        abilities.act(st, frame, choice)
    elif isinstance(frame, Pick):
        turn.pick_act(st, frame, choice)
    elif isinstance(frame, At):
        claims.at_act(st, frame, choice)
    elif isinstance(frame, Fort):
        turn.fort_act(st, frame, choice)
    else:
        assert isinstance(frame, Quarry)
        turn.quarry_act(st, frame, choice)


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
            _frame_act(st, st.stacks[actor][-1], choice)
    flow.advance(st)
