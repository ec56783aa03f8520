"""The 4x4 spell grid: lanes, pushes with chain shifts, neighbours, colour masks.

A grid is a list of 16 cells (``4 * row + col``, row 0 at the top), each ``-1`` (empty) or a die
code ``4 * colour + face``. Sides are 0 top, 1 right, 2 bottom, 3 left; a lane is 0..3 (left to
right for top and bottom, top to bottom for left and right).
"""

from __future__ import annotations

from grimoire.games.runika.patterns import SIZE

EMPTY = -1
DELTA = ((-1, 0), (0, 1), (1, 0), (0, -1))  # up, right, down, left (= the side it points at)


def lane_cells(side: int, lane: int) -> list[int]:
    """The lane's cells in push order: from the entry edge cell across the grid."""
    if side == 0:
        return [lane + SIZE * r for r in range(SIZE)]
    if side == 1:
        return [SIZE * lane + c for c in range(SIZE - 1, -1, -1)]
    if side == 2:
        return [lane + SIZE * r for r in range(SIZE - 1, -1, -1)]
    return [SIZE * lane + c for c in range(SIZE)]


def shove(grid: list[int], path: list[int], die: int) -> int:
    """Put ``die`` into ``path[0]``, shifting the dice ahead of it along ``path`` until the first
    empty cell (ruling 3). Returns the die pushed past the last cell (``-1`` if none)."""
    stop = next((i for i, cell in enumerate(path) if grid[cell] == EMPTY), len(path))
    off = grid[path[-1]] if stop == len(path) else EMPTY
    for i in range(min(stop, len(path) - 1), 0, -1):
        grid[path[i]] = grid[path[i - 1]]
    grid[path[0]] = die
    return off


def push_in(grid: list[int], side: int, lane: int, die: int) -> int:
    """Push ``die`` into the grid from ``side`` along ``lane``; returns the die pushed off."""
    return shove(grid, lane_cells(side, lane), die)


def neighbour(cell: int, direction: int) -> int:
    """The cell next to ``cell`` in ``direction`` (0 up, 1 right, 2 down, 3 left), or -1."""
    dr, dc = DELTA[direction]
    row, col = divmod(cell, SIZE)
    row, col = row + dr, col + dc
    if 0 <= row < SIZE and 0 <= col < SIZE:
        return row * SIZE + col
    return -1


def ray(cell: int, direction: int) -> list[int]:
    """The cells beyond ``cell`` in ``direction``, nearest first, to the edge."""
    out = []
    nxt = neighbour(cell, direction)
    while nxt >= 0:
        out.append(nxt)
        nxt = neighbour(nxt, direction)
    return out


def push_die(grid: list[int], cell: int, direction: int) -> int:
    """Simza: push the die on ``cell`` one space in ``direction``, shoving the dice ahead of it
    (a die shoved past the edge is returned)."""
    die = grid[cell]
    grid[cell] = EMPTY
    return shove(grid, ray(cell, direction), die)


def masks(grid: list[int]) -> list[int]:
    """Per colour, the bit mask of cells holding a die of that colour."""
    out = [0, 0, 0, 0]
    for cell, die in enumerate(grid):
        if die >= 0:
            out[die >> 2] |= 1 << cell
    return out


def line_cells(line: int) -> list[int]:
    """Rows 0..3, then columns 4..7."""
    if line < SIZE:
        return [line * SIZE + c for c in range(SIZE)]
    return [r * SIZE + line - SIZE for r in range(SIZE)]
