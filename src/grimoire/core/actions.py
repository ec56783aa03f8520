"""Action spaces: stable integer ids laid out as named segments, one decode type for all games.

A game's action ids are segments in a fixed order, each a kind of action with the shape of its
arguments (``("play", (60, 2))``: a vision and a row). The segment order is part of the game's
record format: ids must never move, so new kinds go at the end.

>>> space = ActionSpace([("done", ()), ("play", (3, 2)), ("seat", (5,))])
>>> space.total
12
>>> space.encode("play", 2, 1)
6
>>> space.decode(6)
Decoded(kind='play', args=(2, 1))
>>> space.decode(9).arg
2
>>> space.base("seat"), space.size("seat")
(7, 5)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from grimoire.core.errors import IllegalAction


class Decoded(NamedTuple):
    """An action id read back: its kind and its arguments (``()`` for a single action)."""

    kind: str
    args: tuple[int, ...]

    @property
    def arg(self) -> int:
        """The first argument (0 for a single action)."""
        return self.args[0] if self.args else 0


class ActionSpace:
    """Segments of ids -> (kind, arguments) and back. Decoding is one list lookup: the table
    of every id is built once per game (a few thousand entries at most)."""

    def __init__(self, segments: Iterable[tuple[str, Sequence[int]]]) -> None:
        self._base: dict[str, int] = {}
        self._shape: dict[str, tuple[int, ...]] = {}
        table: list[Decoded] = []
        for kind, shape in segments:
            if kind in self._base:
                raise ValueError(f"action kind {kind!r} is declared twice")
            dims = tuple(int(size) for size in shape)
            if any(size < 1 for size in dims):
                raise ValueError(f"action kind {kind!r} has an empty dimension: {dims}")
            self._base[kind] = len(table)
            self._shape[kind] = dims
            table.extend(Decoded(kind, args) for args in _grid(dims))
        self._table = table

    @property
    def total(self) -> int:
        """The number of ids: every id is in ``range(total)``."""
        return len(self._table)

    @property
    def kinds(self) -> list[str]:
        """The kinds in id order."""
        return list(self._base)

    def base(self, kind: str) -> int:
        """The first id of ``kind``."""
        return self._base[kind]

    def size(self, kind: str) -> int:
        """How many ids ``kind`` has."""
        count = 1
        for dim in self._shape[kind]:
            count *= dim
        return count

    def shape(self, kind: str) -> tuple[int, ...]:
        return self._shape[kind]

    def encode(self, kind: str, *args: int) -> int:
        """The id of ``kind`` with ``args`` (row-major over the kind's shape)."""
        dims = self._shape[kind]
        if len(args) != len(dims):
            raise ValueError(f"{kind} takes {len(dims)} arguments, not {len(args)}")
        offset = 0
        for arg, dim in zip(args, dims, strict=True):
            if not 0 <= arg < dim:
                raise ValueError(f"{kind} argument {arg} is outside 0..{dim - 1}")
            offset = offset * dim + arg
        return self._base[kind] + offset

    def decode(self, action: int) -> Decoded:
        """(kind, arguments) of ``action``; IllegalAction outside the space."""
        if not 0 <= action < len(self._table):
            raise IllegalAction(f"action {action} is outside 0..{len(self._table) - 1}")
        return self._table[action]

    def ids(self, kind: str) -> range:
        """Every id of ``kind``."""
        base = self._base[kind]
        return range(base, base + self.size(kind))


def _grid(dims: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every argument tuple of a shape, row-major (``()`` for a single action)."""
    out: list[tuple[int, ...]] = [()]
    for dim in dims:
        out = [(*prefix, value) for prefix in out for value in range(dim)]
    return out
