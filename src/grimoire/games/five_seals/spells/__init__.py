"""The 20 spells of the Magic Compendium and Binding: one handler per spell family."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.games.five_seals.components import family
from grimoire.games.five_seals.spells.base import Handler, Src
from grimoire.games.five_seals.spells.conflict import (
    Alteration,
    Deception,
    Exploitation,
    Theft,
    Transfer,
)
from grimoire.games.five_seals.spells.might import (
    Change,
    Growth,
    Renewal,
    Strengthening,
    Synergy,
)
from grimoire.games.five_seals.spells.movement import (
    Binding,
    Dispatch,
    Guardian,
    Leap,
    Speed,
    Teleportation,
)
from grimoire.games.five_seals.spells.spaces import (
    Absorption,
    Disintegration,
    Exchange,
    Rearrangement,
    Swap,
)

if TYPE_CHECKING:
    from grimoire.games.five_seals.state import FiveSealsState, Frame

# index = spell family (components.py); 20 = Binding
HANDLERS: tuple[Handler, ...] = (
    Change(),
    Renewal(),
    Strengthening(),
    Growth(),
    Synergy(),
    Swap(),
    Exchange(),
    Absorption(),
    Disintegration(),
    Rearrangement(),
    Deception(),
    Alteration(),
    Transfer(),
    Theft(),
    Exploitation(),
    Dispatch(),
    Leap(),
    Teleportation(),
    Guardian(),
    Speed(),
    Binding(),
)


def usable(st: FiveSealsState, seat: int, card: int, src: Src, busy: set[Src]) -> bool:
    """Whether ``seat`` may use ``card`` (held at ``src``) now: it has an effect and can be
    completed. ``busy``: scrolls in use, which cannot also be chosen by the spell."""
    return HANDLERS[family(card)].usable(st, seat, card, src, busy)


def start(st: FiveSealsState, seat: int, card: int, src: Src) -> None:
    HANDLERS[family(card)].start(st, seat, card, src)


def legal(st: FiveSealsState, f: Frame) -> list[int]:
    return HANDLERS[family(f["card"])].legal(st, f)


def act(st: FiveSealsState, f: Frame, action: int) -> None:
    name, arg = st.codec.decode(action)
    HANDLERS[family(f["card"])].act(st, f, name, arg)


__all__ = ["HANDLERS", "Src", "act", "legal", "start", "usable"]
