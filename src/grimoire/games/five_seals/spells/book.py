"""The 20 spells of the Magic Compendium and Binding: one handler per spell family, and the
rules' four questions about a scroll (``usable``, ``start``, ``legal``, ``act``) sent to its
family's handler. (Here, not in the package's ``__init__``, which the compiled build leaves
interpreted: the rules ask these on the hot path.)"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from grimoire.games.five_seals.components import LOADER, family
from grimoire.games.five_seals.frames import Spell
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
    from grimoire.games.five_seals.state import FiveSealsState

CIRCLES: Final = tuple(spell.circle for spell in LOADER.load(None).spells)

# index = spell family (components.py); 20 = Binding
HANDLERS: Final[tuple[Handler, ...]] = (
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
    completed. ``busy``: scrolls in use, which cannot also be chosen by the spell.

    Conflict note: with the round over for all your opponents, no spell of the third circle
    can be used (Alteration included, though raising your own dice needs no opponent)."""
    fam = family(card)
    if fam < 20 and CIRCLES[fam] == 3 and not st.opponents(seat):
        return False
    return HANDLERS[fam].usable(st, seat, card, src, busy)


def start(st: FiveSealsState, seat: int, card: int, src: Src) -> None:
    HANDLERS[family(card)].start(st, seat, card, src)


def legal(st: FiveSealsState, f: Spell) -> list[int]:
    return HANDLERS[family(f.card)].legal(st, f)


def act(st: FiveSealsState, f: Spell, action: int) -> None:
    decoded = st.codec.decode(action)
    HANDLERS[family(f.card)].act(st, f, decoded.kind, decoded.arg)
