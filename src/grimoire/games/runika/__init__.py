"""Runika and the Six-Sided Spellbooks: draft dice, push them into a 4x4 spell grid, complete
rune patterns.

Rules, rulings and options: docs/rules/runika.md.
"""

from grimoire.games.runika.game import RunikaGame

__all__ = ["RunikaGame"]
