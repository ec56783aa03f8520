"""Whether the dice in a tray meet a spell card's requirement."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from grimoire.games.ciub.components import NUMBER_FACES, SKULL, Card


def meets(card: Card, tray_faces: Iterable[str], skulls_wild: bool = False) -> bool:
    """True if tray faces (symbols such as "6", "skull", "swap") satisfy ``card``.

    - faces ("1,1,6,6"): every listed number with at least as many dice.
    - sum ("20+"): the number faces add up to at least the amount; other faces count 0.
    - same ("4="): that many dice showing one number, or that many skulls. Skulls never join
      numbers (ruling 4) unless ``skulls_wild``.
    """
    counts = Counter(tray_faces)
    if card.kind == "faces":
        need = Counter(str(face) for face in card.faces)
        return all(counts[face] >= amount for face, amount in need.items())
    if card.kind == "sum":
        return (
            sum(int(face) * n for face, n in counts.items() if face in NUMBER_FACES) >= card.amount
        )
    if card.kind == "same":
        skulls = counts[SKULL]
        best = max((n for face, n in counts.items() if face in NUMBER_FACES), default=0)
        if skulls_wild:
            return best + skulls >= card.amount
        return best >= card.amount or skulls >= card.amount
    return False  # the Opus Magnum is never claimed by dice
