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
    # False only for a bot that reads nothing but its seat's legal actions (the random bot):
    # the layers may then hand it the true state instead of a ``for_seat`` copy, since
    # nothing hidden (another seat's cards, the seed and so the future draws) can reach its
    # choice. Any bot that looks at the position, clones it or plays chance keeps True.
    reads_position: bool = True

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, state: State, seat: int | None = None) -> int:
        """A legal action for ``seat`` (default: the one seat to act)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
