"""F.A.T.A.L. (the rulebook's "Trimagic Enchanters"): hidden birth-signs, visions played in rows
of three, trimagics, two rounds of treasures and the Enchantress Queen.

Rules, rulings, options and the position format: docs/rules/fatal.md.
"""

from grimoire.games.fatal.game import FatalGame

__all__ = ["FatalGame"]
