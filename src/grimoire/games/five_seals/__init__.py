"""Five Seals of Magic: a dungeon of seals, four elements of dice, 25 spells that bend the rules.

Rules, rulings and options: docs/rules/five-seals-of-magic.md.
"""

from grimoire.games.five_seals.game import FiveSealsGame

__all__ = ["FiveSealsGame"]
