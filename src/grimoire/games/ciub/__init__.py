"""Ciúb: dice management and spell cards (Tom Lehmann, 2014). See docs/rules/ciub.md."""

from grimoire.games.ciub.game import CiubGame

__all__ = ["CiubGame"]
