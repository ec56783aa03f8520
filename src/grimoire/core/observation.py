"""Hand-designed observations: what a game's RL encoder provides (``Game.observation_encoder``).

An encoder turns a state into one flat ``float32`` vector for one seat (or a spectator), of a
size fixed by the game, its player count, options and component data: never by sampling. Its
``layout`` names every block of slots with its shape (a board plane, one row per die or card,
a one-hot) and what each slot means, so a learner can reshape a block and a person can read
the table (docs/rl.md is generated from it). It reads only what that seat may see: its own
hidden things, never another seat's (each game's tests compare states that differ only in what
the seat cannot see).

    >>> layout = Layout()
    >>> layout.add("phase", 3, "one-hot: setup, play, over")
    0
    >>> layout.add("dice", (2, 6), "per die: one-hot of its face")
    3
    >>> layout.size, [block.size for block in layout.blocks]
    (15, [3, 12])

The envs wrap ``encode``'s ``array("f")`` as a numpy array; the core needs no numpy.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from array import array
from collections.abc import Callable
from dataclasses import dataclass
from itertools import compress
from operator import ne
from typing import TYPE_CHECKING, Any, ClassVar

from mypy_extensions import mypyc_attr

if TYPE_CHECKING:
    from grimoire.core.game import Game
    from grimoire.core.state import State

# the key of an observation cached in ``state.memo`` (emptied by every apply and copy)
_MEMO = "grimoire.observation"


@dataclass(frozen=True)
class Block:
    """``size`` slots from ``offset``: an array of ``shape`` (row-major) with its meaning."""

    name: str
    offset: int
    shape: tuple[int, ...]
    meaning: str

    @property
    def size(self) -> int:
        return math.prod(self.shape)


class Layout:
    """The blocks of an observation, laid out one after another as they are added."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.size = 0

    def add(self, name: str, shape: int | tuple[int, ...], meaning: str) -> int:
        """Append a block; returns its offset."""
        dims = (shape,) if isinstance(shape, int) else tuple(shape)
        if any(dim < 0 for dim in dims) or any(block.name == name for block in self.blocks):
            raise ValueError(f"block {name!r}: a new name and a shape of sizes >= 0")
        block = Block(name, self.size, dims, meaning)
        self.blocks.append(block)
        self.size += block.size
        return block.offset

    def block(self, name: str) -> Block:
        for block in self.blocks:
            if block.name == name:
                return block
        raise KeyError(name)


def relative(s: int, seat: int | None, players: int) -> int:
    """Seat ``s`` as the observer sees it: 0 is the observer, 1 the next seat in turn order...
    (a spectator sees the seats as they are)."""
    return s if seat is None else (s - seat) % players


# compiled by mypyc in the optional compiled build; every game's encoder subclasses it
@mypyc_attr(allow_interpreted_subclasses=True)
class ObservationEncoder(ABC):
    """A game's observation of one game instance (players, options, components).

    A subclass declares its blocks on ``self.layout`` in ``__init__`` (then calls
    ``self.seal()``), writes the slots that never change in ``write_static`` and the rest in
    ``write``. ``version`` numbers the layout: bump it when the layout changes."""

    version: ClassVar[int] = 1

    def __init__(self, game: Game) -> None:
        self.game = game
        self.players = game.players
        self.layout = Layout()
        self._template = array("f")
        # (seat, section) -> the key it was written for and its slots (see ``reuse``)
        self._sections: dict[tuple[int | None, str], tuple[object, array[float]]] = {}

    def seal(self) -> None:
        """Fix the layout: the static slots are written once into the template every
        observation starts from."""
        template = array("f", bytes(4 * self.layout.size))
        self.write_static(template)
        self._template = template

    @property
    def size(self) -> int:
        return self.layout.size

    @property
    def blocks(self) -> list[Block]:
        return self.layout.blocks

    def write_static(self, out: array[float]) -> None:  # noqa: B027 - an optional hook
        """Set the slots that are the same in every position (a die's colour, a card's
        points): they cost nothing per step."""

    @abstractmethod
    def write(self, state: State, seat: int | None, out: array[float]) -> None:
        """Set ``seat``'s slots of ``state`` in ``out`` (the static template, ``size`` long):
        only what that seat may see (None: a spectator, who sees nothing hidden)."""

    def reuse(
        self, seat: int | None, section: str, key: object, out: array[float], start: int, end: int
    ) -> bool:
        """Incremental encoding: if ``seat``'s slots ``start:end`` were last written for an
        equal ``key``, copy them into ``out`` and return True; else return False (the caller
        writes them, then calls ``keep``). ``key`` must hold everything those slots are made
        from (copies, not the state's own lists), so a hit is always right, in any state."""
        last = self._sections.get((seat, section))
        if last is not None and last[0] == key:
            out[start:end] = last[1]
            return True
        return False

    def keep(
        self, seat: int | None, section: str, key: object, out: array[float], start: int, end: int
    ) -> None:
        """Remember ``seat``'s slots ``start:end`` as written for ``key`` (see ``reuse``)."""
        self._sections[(seat, section)] = (key, out[start:end])

    def rows(
        self,
        seat: int | None,
        section: str,
        rows: list[Any],
        out: array[float],
        base: int,
        stride: int,
        write_row: Callable[[int, Any, array[float], int], None],
    ) -> None:
        """Incremental encoding of an entity list: row ``i`` (``stride`` slots from ``base +
        i * stride``) is a function of ``rows[i]`` (a tuple holding all it is made from) and
        the seat. Only the rows that differ from the last ones written for ``seat`` are
        written again (``write_row(i, row, out, at)`` on zeros); the others are copied."""
        end = base + stride * len(rows)
        last = self._sections.get((seat, section))
        if last is None:
            for i, row in enumerate(rows):
                write_row(i, row, out, base + i * stride)
        else:
            previous, slots = last
            out[base:end] = slots
            zeros = self._template[base : base + stride]  # a row holds no static slot
            for i in compress(range(len(rows)), map(ne, rows, previous)):  # type: ignore[call-overload]
                at = base + i * stride
                out[at : at + stride] = zeros
                write_row(i, rows[i], out, at)
        self._sections[(seat, section)] = (rows, out[base:end])

    def encode(self, state: State, seat: int | None) -> array[float]:
        """``seat``'s observation of ``state``; cached in ``state.memo`` until the next
        action (asked again at the same step, it costs a dictionary look-up). Do not change
        the array: copy it."""
        key = (_MEMO, seat)
        memo = state.memo
        cached: array[float] | None = memo.get(key)
        if cached is None:
            cached = self._template[:]  # a copy at C speed
            self.write(state, seat, cached)
            memo[key] = cached
        return cached

    def describe(self) -> str:
        """The layout as a Markdown table: offset, shape, block, meaning."""
        lines = [
            f"{self.game.title}, {self.players} players: {self.size} slots "
            f"(observation version {self.version})",
            "",
            "| offset | shape | block | meaning |",
            "| ---: | --- | --- | --- |",
        ]
        for block in self.blocks:
            shape = " x ".join(str(dim) for dim in block.shape)
            lines.append(f"| {block.offset} | {shape} | `{block.name}` | {block.meaning} |")
        return "\n".join(lines)
