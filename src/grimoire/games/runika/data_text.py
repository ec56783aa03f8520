"""The shipped component data's words, marked for Runika's catalogue.

The card texts (``text`` of each rune and achievement in ``data/components.toml``) and the
element names are data, not code, so gettext's extractor cannot find them there: they are
listed here with ``N_`` and translated by their English text (``card_text``). A text a user's
components file brings (the ``components`` option) is not in the catalogue and stays as written.
Card names stay as in the data (docs/i18n.md). ``tests/i18n/test_game_texts_runika.py`` checks
that this list is exactly the shipped file's texts.
"""

from __future__ import annotations

from grimoire.core.i18n import N_
from grimoire.games.runika.text import _

CARD_TEXTS = (
    # runes, in the order of the shipped file
    N_("Move one die of your grid one space orthogonally into an empty cell."),
    N_("A die showing its element face may go on any free professor, not only its own."),
    N_("Move any one die of your grid to any empty cell."),
    N_("When resolving a rotate face, you may turn the disc counter-clockwise instead."),
    N_("+1 point whenever you claim a rune whose discarded dice include at least 2 green."),
    N_("Use Simza's ability without a die or token, even if Simza is occupied."),
    N_("After rolling, turn one stored die to its 1 face."),
    N_("At round end you may keep one unresolved stored die, with its face, for next round."),
    N_("Push one die in from the side opposite its disc side."),
    N_("Ko'bataan's ability draws 3 dice for you instead of 2."),
    N_("Draw 2 dice from the bag, roll them, add them to storage."),
    N_("Re-roll one stored die without discarding a die."),
    N_("Discard one die from your grid; +1 point if it showed 1."),
    N_("+1 point each time you resolve a flame face."),
    N_("Discard every die of one row or column of your grid; +1 point per 1 among them."),
    N_("+1 point when you claim a rune."),
    N_("Your flame option (a) may target a die of any colour."),
    N_("Gain 2 points."),
    N_("Turn your disc 90 degrees in either direction."),
    N_("When you resolve a rotate face, choose clockwise or counter-clockwise."),
    N_("Discard one die from your grid and gain 1 point whatever its face."),
    N_("Swap two orthogonally adjacent dice of your grid."),
    N_("Set your disc to any orientation."),
    N_("When you place a die on a professor, you may also turn your disc 90 degrees clockwise."),
    N_("Dice you push may enter from any side."),
    N_("Re-roll any number of stored dice without discarding."),
    N_("+1 point per red die you discard from your grid with a flame face or Ainfean."),
    N_(
        "When a die would be pushed off your grid, put it in your storage instead "
        "(resolve it this round)."
    ),
    # achievements
    N_("Use any professor's ability without a die or token."),
    N_("Re-roll any number of stored dice for free."),
    N_("No ability."),
)
# the elements of the shipped colours and runes (the web renderer shows them in tooltips)
ELEMENT_WORDS = (N_("air"), N_("fire"), N_("water"), N_("earth"))


def card_text(text: str) -> str:
    """A card's words in the current language (a text the catalogue lacks stays as it is)."""
    return _(text) if text else text
