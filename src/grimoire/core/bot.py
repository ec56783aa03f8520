"""The ``Bot`` contract. Games may ship their own heuristic bot (``Game.heuristic_bot``)."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING

from mypy_extensions import mypyc_attr

if TYPE_CHECKING:
    from grimoire.core.state import State


# compiled by mypyc in the optional compiled build; games, bots and tests subclass it
@mypyc_attr(allow_interpreted_subclasses=True)
class Bot(ABC):
    """Chooses actions. ``choose`` must not change ``state``; it may clone it."""

    name: str = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, state: State, seat: int | None = None) -> int:
        """A legal action for ``seat`` (default: the one seat to act)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
