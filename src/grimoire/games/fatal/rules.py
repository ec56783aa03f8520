"""The entry points of F.A.T.A.L.'s rules: ``legal_actions`` and ``apply``.

A position's pending steps are typed frames on ``st.stack`` (``frames.py``), the top acting
next. The top is always a decision or a chance node between actions: ``flow.advance`` runs the
procedures in between. The work is done by the modules named for it: ``decisions`` (each
decision's legal actions and effect), ``chance`` (chance nodes), ``flow`` (the turn and the
rounds), ``trimagic``, ``zones`` (moving objects) and ``facts`` (stars, scores, winners).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.core.state import CHANCE
from grimoire.games.fatal import actions as A
from grimoire.games.fatal.chance import apply_chance
from grimoire.games.fatal.chance import chance_weights as chance_weights
from grimoire.games.fatal.decisions import ACT, LEGAL
from grimoire.games.fatal.flow import advance
from grimoire.games.fatal.frames import Reveal, RoundEnd

if TYPE_CHECKING:
    from grimoire.games.fatal.state import FatalState


def legal_actions(st: FatalState, seat: int) -> list[int]:
    """Sorted legal actions of ``seat``, one of the seats to act."""
    f = st.stack[-1]
    if type(f) is Reveal:
        return [A.REVEAL, A.HIDE]
    return LEGAL[type(f)](st, f, seat)


def apply(st: FatalState, actor: int, action: int) -> None:
    """Apply a legal action of ``actor`` (or a chance outcome), then run the rules on to the
    next decision or chance node (the core ends a game at ``decision_limit``, ruling 26)."""
    if actor == CHANCE:
        apply_chance(st, action)
        st.changed = True
    else:
        decide(st, actor, action)
        if action != A.DONE:
            st.changed = True  # ruling 31: only `done` leaves the game as it was
    advance(st)


def decide(st: FatalState, seat: int, action: int) -> None:
    f = st.stack[-1]
    if type(f) is Reveal:
        chosen = st.sealed_reveal if action == A.REVEAL else st.sealed_hide
        chosen.append(seat)
        chosen.sort()
        if not st.current_player:
            resolve_reveal(st)
        return
    ACT[type(f)](st, f, seat, st.codec.decode(action))


def resolve_reveal(st: FatalState) -> None:
    """All hands are lifted at once (ruling 2)."""
    st.stack.pop()
    revealers = set(st.sealed_reveal)
    st.sealed_reveal, st.sealed_hide = [], []
    for x in revealers:
        st.revealed[x] = True
        st.ck_char[x] = st.full
    start = max(st.turn, 0)
    rend = st.stack[-1]
    assert isinstance(rend, RoundEnd)
    rend.bonus_seats = [(start + i) % st.n for i in range(st.n) if (start + i) % st.n in revealers]
