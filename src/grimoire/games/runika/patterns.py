"""Rune patterns: parsing, the four rotations (never mirrors), and matching on a 4x4 grid.

A grid is seen as four 16-bit colour masks (bit ``4 * row + col`` set where a die of that colour
lies). A *placement* of a pattern is one rotation at one offset inside the grid, precomputed as
masks, so that matching is a handful of integer operations:

* every coloured cell needs a die of its colour;
* every purple (P) cell needs a die, all of one colour (any colour, the pattern's own included);
* a white (.) cell takes anything or nothing and is not part of the claim;
* a black (K, mastery runes) cell is empty or holds a die of a colour not used by the pattern.

A placement is named by ``(anchor, rotation)``: the grid cell of the top-left corner of the
rotated pattern's box and the clockwise quarter turns. Rotations that give the same shape are
listed once (``GG / GG`` has one).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

SIZE = 4
CELLS = SIZE * SIZE
PURPLE, BLACK, WHITE = "P", "K", "."


class PatternError(ValueError):
    """A pattern text that is not a rectangle of known cell codes."""


@dataclass(frozen=True)
class Placement:
    anchor: int  # grid cell of the rotated box's top-left corner
    rotation: int  # clockwise quarter turns
    need: tuple[int, ...]  # per colour: cells that need a die of that colour
    purple: int  # cells that need dice of one (any) colour
    black: int  # cells that must not hold the pattern's colours
    claim: int  # the cells whose dice the claim discards


@dataclass(frozen=True)
class Pattern:
    rows: tuple[str, ...]  # as written, rotation 0
    colours: int  # how many dice colours the codes refer to

    @property
    def text(self) -> str:
        return " / ".join(self.rows)

    @cached_property
    def shapes(self) -> tuple[tuple[int, tuple[str, ...]], ...]:
        """(rotation, rows) of each distinct rotation."""
        seen: list[tuple[str, ...]] = []
        out: list[tuple[int, tuple[str, ...]]] = []
        rows = self.rows
        for rotation in range(4):
            if rows not in seen:
                seen.append(rows)
                out.append((rotation, rows))
            rows = rotate(rows)
        return tuple(out)

    def placements(self, letters: str) -> tuple[Placement, ...]:
        """Every placement inside the grid (distinct rotations, every offset)."""
        found: list[Placement] = []
        for rotation, rows in self.shapes:
            height, width = len(rows), len(rows[0])
            for top in range(SIZE - height + 1):
                for left in range(SIZE - width + 1):
                    need = [0] * len(letters)
                    purple = black = 0
                    for r, row in enumerate(rows):
                        for c, code in enumerate(row):
                            bit = 1 << ((top + r) * SIZE + left + c)
                            if code == PURPLE:
                                purple |= bit
                            elif code == BLACK:
                                black |= bit
                            elif code != WHITE:
                                need[letters.index(code)] |= bit
                    claim = purple
                    for mask in need:
                        claim |= mask
                    found.append(
                        Placement(top * SIZE + left, rotation, tuple(need), purple, black, claim)
                    )
        return tuple(found)


def rotate(rows: tuple[str, ...]) -> tuple[str, ...]:
    """The rows turned a quarter clockwise."""
    height, width = len(rows), len(rows[0])
    return tuple("".join(rows[height - 1 - r][c] for r in range(height)) for c in range(width))


def parse_pattern(text: str, letters: str, mastery: bool) -> Pattern:
    rows = tuple(row.strip() for row in text.split("/"))
    allowed = set(letters) | {PURPLE, WHITE} | ({BLACK} if mastery else set())
    if not rows or not rows[0] or len({len(r) for r in rows}) != 1:
        raise PatternError(f"pattern {text!r} must be rows of equal length separated by '/'")
    if len(rows) > SIZE or len(rows[0]) > SIZE:
        raise PatternError(f"pattern {text!r} does not fit a 4x4 grid")
    bad = {code for row in rows for code in row} - allowed
    if bad:
        raise PatternError(f"pattern {text!r}: unknown cell codes {sorted(bad)} (use {allowed})")
    if all(code in (WHITE, BLACK) for row in rows for code in row):
        raise PatternError(f"pattern {text!r} needs at least one die")
    return Pattern(rows, len(letters))


def match(placement: Placement, masks: list[int]) -> bool:
    """Whether the grid (per-colour masks) satisfies ``placement``."""
    used = 0  # bit per colour the pattern's dice have
    for colour, need in enumerate(placement.need):
        if need:
            if need & ~masks[colour]:
                return False
            used |= 1 << colour
    if placement.purple:
        for colour, mask in enumerate(masks):
            if not placement.purple & ~mask:
                used |= 1 << colour
                break
        else:
            return False
    if placement.black:
        for colour, mask in enumerate(masks):
            if used >> colour & 1 and placement.black & mask:
                return False
    return True


def cell_name(cell: int) -> str:
    """``a1`` (top left) .. ``d4`` (bottom right): column letter, row number."""
    return "abcd"[cell % SIZE] + str(cell // SIZE + 1)


def cell_index(text: str) -> int | None:
    text = text.strip().lower()
    if len(text) == 2 and text[0] in "abcd" and text[1] in "1234":
        return (int(text[1]) - 1) * SIZE + "abcd".index(text[0])
    return None
