"""The printed faces of F.A.T.A.L.'s cards, for interfaces that draw them.

A vision shows its type (DRAW, TAKE, STEAL, DISCARD) straight, its target (ONE or SECOND)
reversed, stars in each orientation and one symbol; an enchantment shows its name and effect
text. Card data is public, so drawing a face reveals nothing. The web renderer reads them from
``web/cards.json``, made from the shipped data by ``python -m grimoire.games.fatal.faces``
(tests/games/fatal/test_fatal_faces.py keeps the two equal; the web app always plays the shipped
data, as the ``components`` option is a server setting there).

The shipped effect texts are listed here with ``N_`` for the game's catalogue: a page translates
a text by its English words, so a user's own components file brings texts that stay as written.
Card names stay as in the data, as in the action labels that name them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from grimoire.core.i18n import N_
from grimoire.games.fatal.components import LOADER, Components

CARDS_JSON = Path(__file__).parent / "web" / "cards.json"

EFFECT_TEXTS = (
    N_(
        "Cancel the effect of a trimagic that targets you (only the part aimed at you). May be "
        "played out of turn."
    ),
    N_(
        "Exchange one vision in your rows with a vision of another player in the same position; "
        "orientations stay."
    ),
    N_("This turn you may play up to three visions instead of two."),
    N_("Discard the last card of any one row on the table."),
    N_("This turn your visible stars count 2 more for the treasure check."),
    N_("Take one random card from another player's hand into yours."),
    N_("Look at the top three treasure cards and put them back in any order."),
    N_("Secretly look at one other player's character card."),
    N_("Exchange one of your treasures with one face-up treasure of the display."),
)


def faces(comp: Components) -> dict[str, dict[str, Any]]:
    """Every card's face by its name (a vision's id, an enchantment's name)."""
    out: dict[str, dict[str, Any]] = {}
    for v in comp.visions:
        out[v.id] = {
            "kind": "vision",
            "type": v.type,
            "target": "SECOND" if v.second else "ONE",
            "symbol": v.symbol,
            "stars": [v.stars(p) for p in range(3)],  # straight, reversed, sideways
        }
    for e in comp.enchantments:
        out[e.name] = {"kind": "enchantment", "text": e.text}
    return out


def cards_json() -> str:
    """The text of ``web/cards.json``: the shipped data's faces."""
    rows = sorted(faces(LOADER.load(None)).items())
    lines = [f" {json.dumps(name)}: {json.dumps(face, sort_keys=True)}" for name, face in rows]
    return "{\n" + ",\n".join(lines) + "\n}\n"  # one card a line


if __name__ == "__main__":
    CARDS_JSON.write_text(cards_json(), encoding="utf-8")
