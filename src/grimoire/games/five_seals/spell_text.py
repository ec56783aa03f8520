"""The shipped spells' summaries (``data/spells.toml``), listed with ``N_()`` for the game's
catalogue: an explanation (``explain.py``) says a spell in the person's language by its English
text; a user's own spell data brings texts the catalogue lacks, and those stay as written."""

from __future__ import annotations

from grimoire.core.i18n import N_

SUMMARIES = (
    # Change
    N_(
        "Return at least one die of this colour to the supply; take as many dice of one other"
        " colour from the supply, showing the same values."
    ),
    # Renewal
    N_("Reroll one or more of your dice of this colour."),
    # Strengthening
    N_(
        "Add 2 to one or more of your dice of this colour (a 5 becomes 6; a 6 cannot be "
        "strengthened)."
    ),
    # Growth
    N_("Take a die of this colour from the supply and roll it."),
    # Synergy
    N_(
        "At the end of the game: 1 bonus point per scroll of yours of this colour (this one "
        "included; Mind counts Binding)."
    ),
    # Swap
    N_(
        "Swap a seal token of this colour with a token of another colour and the same "
        "strength (need not be reachable)."
    ),
    # Exchange
    N_("Exchange two seal tokens of this colour (need not be reachable)."),
    # Absorption
    N_(
        "When you break a token of this colour you may put it on this scroll. Use: return the"
        " token to add its strength to one of your dice (max 6)."
    ),
    # Disintegration
    N_("Remove a seal token of this colour from the game (not a break; need not be reachable)."),
    # Rearrangement
    N_("Swap two scrolls on the board; at least one of this colour (need not be reachable)."),
    # Deception
    N_(
        "Trade a die of another colour for an opponent's die of this colour; colours change "
        "hands, values stay."
    ),
    # Alteration
    N_(
        "Add 1 to any of your dice of this colour and subtract 1 from any dice of this colour"
        " of one opponent."
    ),
    # Transfer
    N_(
        "Swap a face-up scroll of yours for an opponent's face-up scroll of this colour and "
        "the same strength."
    ),
    # Theft
    N_("Take a die of this colour from an opponent, who chooses which (any die for Mind)."),
    # Exploitation
    N_("Use an opponent's face-up scroll of this colour as your own; both scrolls turn face down."),
    # Dispatch
    N_("Put your familiar on an unblocked seal token of this colour (need not be reachable)."),
    # Leap
    N_(
        "Leap over a reachable unblocked token of this colour, then break a seal only "
        "reachable so; your turn ends."
    ),
    # Teleportation
    N_(
        "Move through another player's figure, then break a seal of this colour only "
        "reachable so; your turn ends."
    ),
    # Guardian
    N_(
        "Put the guardian of this colour on a scroll of this colour on the board (or take it "
        "off); nobody may break that scroll."
    ),
    # Speed
    N_(
        "Break a seal with your dice, then break a reachable seal of this colour for free; "
        "your turn ends."
    ),
    # Binding
    N_(
        "Put your familiar on your mage's space, or break a reachable token with your dice "
        "without moving (familiar takes the space; your turn ends)."
    ),
)
