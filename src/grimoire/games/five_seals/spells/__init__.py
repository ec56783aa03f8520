"""The 20 spells of the Magic Compendium and Binding: one handler per spell family
(``book.py``: the handlers and the questions the rules ask them)."""

from grimoire.games.five_seals.spells.base import Handler, Src
from grimoire.games.five_seals.spells.book import HANDLERS, act, legal, start, usable

__all__ = ["HANDLERS", "Handler", "Src", "act", "legal", "start", "usable"]
