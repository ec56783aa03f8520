"""The ``Bot`` contract. Games may ship their own heuristic bot (``Game.heuristic_bot``)."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

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
    reads_position: ClassVar[bool] = True  # a class variable: an interpreted subclass's own
    # value is read even from compiled code (a native attribute would shadow it)
    # Whether the bot may read what its seat cannot see, as its copy re-deals it (the other
    # seats' cards, the face-down piles) or the copy's seed (a bot that plays chance on its
    # copy, or re-deals it again: the search bots): True, the safe default. A bot whose choice
    # depends only on what its seat sees says False; a layer may then deal its copy from one
    # generator per seat advanced at each decision (``core.bot.Dealer``) instead of a new one
    # seeded for every decision, which changes the re-deal it gets but not its choice (the
    # contract battery checks a bot that says so: it chooses alike on two re-deals).
    reads_hidden: ClassVar[bool] = True

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, state: State, seat: int | None = None) -> int:
        """A legal action for ``seat`` (default: the one seat to act)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class Dealer:
    """The copies the bots of one game are handed, as cheaply as is safe (``Bot.reads_position``
    and ``Bot.reads_hidden``): the true state to a bot that reads only its legal actions; to a
    bot that reads nothing hidden, ``for_seat`` from its seat's own generator, seeded once per
    game from ``seed`` and advanced at each decision (deterministic from the seed and the
    actions, in any process); to any other bot, ``for_seat`` from a generator seeded for the
    decision by ``derive(seat, step)``, as every layer did before (its re-deal is the same).

    >>> from grimoire.core.rng import derive_seed
    >>> dealer = Dealer(7, lambda seat, step: derive_seed(7, f"for_seat/{seat}/{step}"))
    >>> dealer.generator(1) is dealer.generator(1)
    True
    """

    def __init__(self, seed: int, derive: Callable[[int, int], int]) -> None:
        self.seed = seed
        self.derive = derive
        self._generators: dict[int, random.Random] = {}

    def generator(self, seat: int) -> random.Random:
        """The generator of ``seat``'s copies for bots that read nothing hidden."""
        found = self._generators.get(seat)
        if found is None:
            from grimoire.core.rng import derive_seed

            found = self._generators[seat] = random.Random(derive_seed(self.seed, f"deal/{seat}"))
        return found

    def copy_for(self, bot: Bot, state: State, seat: int) -> State:
        """What ``bot`` of ``seat`` is given to choose on (never the true state to a bot that
        reads the position)."""
        if not bot.reads_position:
            return state
        if bot.reads_hidden:
            return state.for_seat(seat, self.derive(seat, state.step))
        return state.for_seat(seat, self.generator(seat))
