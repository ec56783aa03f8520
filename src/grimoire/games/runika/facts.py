"""The facts the hot path reads, as native data: the options' flags (``Rules``) and the
components as flat int tables (``Tables``), pattern placements included.

Compiled, these are native classes with typed fields: reading ``st.rules.simultaneous`` or
``st.tables.rune_points[r]`` is a field load, where the components' frozen dataclasses (which
stay interpreted, see setup.py) cost a dictionary look-up per attribute.

A grid's colours are three 16-bit masks (bit ``4 * row + col``): ``occ`` the cells holding a
die, ``lo`` and ``hi`` the low and high bit of the colour of each die (colour ``c`` lies where
``occ`` is set and ``lo``, ``hi`` read ``c``). The four colour masks of ``patterns.match`` are
derived from them (``colour_masks``); ``occ | lo << 16 | hi << 32`` is the grid's key.

Placements (``patterns.Placement``: one rotation of a rune's pattern at one offset) are rows of
parallel lists, the placements of rune ``r`` at ``first[r] .. first[r + 1] - 1``: ``need`` (four
masks a row, one per colour), ``purple``, ``black``, ``claim``, ``count`` (cells claimed),
``foot`` (every cell the placement reads), ``anchor`` and ``rotation``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from grimoire.games.runika.components import ACTIVATED

if TYPE_CHECKING:
    from grimoire.games.runika.components import Components
    from grimoire.games.runika.patterns import Placement


def _popcounts() -> list[int]:
    out = [0] * 65536
    for value in range(1, 65536):
        out[value] = out[value >> 1] + (value & 1)
    return out


POP: Final[list[int]] = _popcounts()  # set bits of every 16-bit mask
FULL: Final = 0xFFFF


class Rules:
    """The options resolved into the flags the rules read (``RunikaGame._rules``)."""

    def __init__(
        self,
        *,
        solo: bool,
        simultaneous: bool,
        secret: bool,
        secret_turn_order: bool,
        interaction: bool,
        quick: bool,
        charm: bool,
        luniorn: bool,
        flame_red: bool,
        goal: int,
        start_end: bool,
        first: int,
        solo_prof: int,
        professors: tuple[int, ...],
        luniorn_index: int,
    ) -> None:
        self.solo = solo
        self.simultaneous = simultaneous
        self.secret = secret
        self.secret_turn_order = secret_turn_order  # ruling 20: first in turn order wins
        self.interaction = interaction
        self.quick = quick
        self.charm = charm
        self.luniorn = luniorn
        self.flame_red = flame_red
        self.goal = goal
        self.start_end = start_end
        self.first = first  # -1: a chance node draws the initiative holder
        self.solo_prof = solo_prof  # -1: drawn (solo) or none
        self.professors = professors  # the professors in play
        self.luniorn_index = luniorn_index  # -1 without Luniorn


class Tables:
    """One components' facts as flat lists (built once per components, ``tables``)."""

    def __init__(self, comp: Components, placements: tuple[tuple[Placement, ...], ...]) -> None:
        self.rune_points: list[int] = [r.points for r in comp.runes]
        self.rune_mastery: list[bool] = [r.mastery for r in comp.runes]
        self.rune_start: list[bool] = [r.start for r in comp.runes]
        self.rune_timing: list[str] = [r.timing for r in comp.runes]
        self.rune_ability: list[str] = [r.ability.kind for r in comp.runes]
        self.rune_activated: list[bool] = [r.ability.kind in ACTIVATED for r in comp.runes]
        self.ach_points: list[int] = [a.points for a in comp.achievements]
        self.ach_timing: list[str] = [a.timing for a in comp.achievements]
        self.ach_ability: list[str] = [a.ability.kind for a in comp.achievements]
        self.ach_activated: list[bool] = [a.ability.kind in ACTIVATED for a in comp.achievements]
        self.colour_side: list[int] = [c.side for c in comp.colours]
        self.prof_colour: list[int] = [p.colour for p in comp.professors]
        self.prof_token: list[bool] = [p.token for p in comp.professors]
        self.prof_interaction: list[bool] = [p.interaction for p in comp.professors]
        # per colour, (face, weight) of every face its die has: a roll's chance weights
        self.roll_weights: list[list[tuple[int, int]]] = [
            [(face, c.weight(face)) for face in range(4) if c.weight(face)] for c in comp.colours
        ]
        self.prof_solo_runes: list[tuple[int, ...]] = [p.solo_runes for p in comp.professors]
        rows = _placement_rows(placements)
        self.first, self.need, self.purple, self.black, self.claim = rows[:5]
        self.count, self.foot, self.anchor, self.rotation = rows[5:]
        self.reads, self.home_bits = _reads(self.first, self.need, self.purple, self.black)
        self.touch = _touch(self.first, self.foot)
        # the best progress of a rune on a grid (``Progress``), shared by every game of these
        # components
        self.progress = Progress(self)


def _placement_rows(placements: tuple[tuple[Placement, ...], ...]) -> list[list[int]]:
    """The placements as parallel lists (module doc): ``first``, ``need``, ``purple``,
    ``black``, ``claim``, ``count``, ``foot``, ``anchor``, ``rotation``."""
    first: list[int] = []
    need: list[int] = []
    purple: list[int] = []
    black: list[int] = []
    claim: list[int] = []
    count: list[int] = []
    foot: list[int] = []
    anchor: list[int] = []
    rotation: list[int] = []
    for rune_placements in placements:
        first.append(len(claim))
        for pl in rune_placements:
            need += list(pl.need)
            purple.append(pl.purple)
            black.append(pl.black)
            claim.append(pl.claim)
            count.append(POP[pl.claim])
            foot.append(pl.claim | pl.black)
            anchor.append(pl.anchor)
            rotation.append(pl.rotation)
    first.append(len(claim))
    return [first, need, purple, black, claim, count, foot, anchor, rotation]


def _touch(first: list[int], foot: list[int]) -> list[list[int]]:
    """Per rune and cell (``16 * rune + cell``), the rune's placements whose foot holds it."""
    out: list[list[int]] = []
    for rune in range(len(first) - 1):
        for cell in range(16):
            out.append([i for i in range(first[rune], first[rune + 1]) if foot[i] >> cell & 1])
    return out


def _reads(
    first: list[int], need: list[int], purple: list[int], black: list[int]
) -> tuple[list[int], list[int]]:
    """Per rune and colour (``4 * rune + colour``), the cells whose dice of that colour its
    progress reads: where a placement needs the colour, and every purple and black cell; per
    rune, the bits of the home sides it reads (2 per colour it needs)."""
    reads: list[int] = []
    home_bits: list[int] = []
    for rune in range(len(first) - 1):
        cells = [0, 0, 0, 0]
        anywhere = 0
        for i in range(first[rune], first[rune + 1]):
            for colour in range(4):
                cells[colour] |= need[4 * i + colour]
            anywhere |= purple[i] | black[i]
        reads += [cells[colour] | anywhere for colour in range(4)]
        home_bits.append(sum(3 << 2 * colour for colour in range(4) if cells[colour]))
    return reads, home_bits


def grid_bits(grid: list[int], taken: int) -> int:
    """A grid's key ``occ | lo << 16 | hi << 32`` (module doc), the cells ``taken`` left out."""
    occ = lo = hi = 0
    for cell in range(16):
        die = grid[cell]
        if die >= 0:
            bit = 1 << cell
            occ |= bit
            colour = die >> 2
            if colour & 1:
                lo |= bit
            if colour & 2:
                hi |= bit
    keep = FULL & ~taken
    return (occ & keep) | (lo & keep) << 16 | (hi & keep) << 32


def colour_masks(key: int) -> list[int]:
    """The four colour masks of a grid key (``grid.masks``)."""
    occ, lo, hi = key & FULL, key >> 16 & FULL, key >> 32 & FULL
    return [occ & ~lo & ~hi & FULL, lo & ~hi, hi & ~lo, lo & hi]


def matches_at(t: Tables, i: int, m: list[int]) -> bool:
    """Whether the grid (colour masks ``m``) holds placement ``i`` (``patterns.match``)."""
    used = 0  # bit per colour the pattern's dice have
    row = 4 * i
    for colour in range(4):
        need = t.need[row + colour]
        if need:
            if need & ~m[colour]:
                return False
            used |= 1 << colour
    purple = t.purple[i]
    if purple:
        found = False
        for colour in range(4):
            if not purple & ~m[colour]:
                used |= 1 << colour
                found = True
                break
        if not found:
            return False
    black = t.black[i]
    if black:
        for colour in range(4):
            if used >> colour & 1 and black & m[colour]:
                return False
    return True


# ---------------------------------------------------------------------- progress
# The edge bonus of missing cells (``edge_bonus``), remembered per side and 16-bit mask: the
# sum over the cells in rising order, exactly as the heuristic always added it.
_EDGE: Final[list[float]] = [-1.0] * (4 * 65536)


def edge_bonus(cells: int, side: int) -> float:
    """How near missing cells lie to the side their colour enters from (0..1 each)."""
    key = side << 16 | cells
    known = _EDGE[key]
    if known >= 0.0:
        return known
    total = 0.0
    for cell in range(16):
        if cells >> cell & 1:
            row, col = divmod(cell, 4)
            if side == 0:
                dist = row
            elif side == 1:
                dist = 3 - col
            elif side == 2:
                dist = 3 - row
            else:
                dist = col
            total += (3 - dist) / 3
    _EDGE[key] = total
    return total


def _squares() -> list[float]:
    out = [0.0] * (17 * 17 * 17)
    for count in range(1, 17):
        for right in range(17):
            for wrong in range(17):
                share = (right - 0.5 * wrong) / count
                out[(count * 17 + right) * 17 + wrong] = max(0.0, share) ** 2
    return out


# max(0, share) ** 2 of every (cells claimed, cells right, black cells wrong): the first term
# of ``progress_at``, computed once by the very expression it always was
SQUARE: Final[list[float]] = _squares()


def progress_at(t: Tables, i: int, m: list[int], home: list[int]) -> float:
    """How far the grid (colour masks ``m``) is along placement ``i``: the share of its cells
    already right (a purple group by its best colour, a black cell holding a die counts half
    against), squared, plus 0.05 per missing cell by how near it lies to the side its colour
    enters from (``home``). ``progress4`` is the same on unpacked masks and sides."""
    right = 0
    near = 0.0
    row = 4 * i
    for colour in range(4):
        cells = t.need[row + colour]
        if cells:
            mask = m[colour]
            right += POP[cells & mask]
            missing = cells & ~mask & FULL
            known = _EDGE[home[colour] << 16 | missing]
            near += known if known >= 0.0 else edge_bonus(missing, home[colour])
    purple = t.purple[i]
    if purple:
        best = 0
        for colour in range(4):
            got = POP[purple & m[colour]]
            if got > best:
                best = got
        right += best
    wrong = 0
    black = t.black[i]
    if black:
        for colour in range(4):
            wrong += POP[black & m[colour]]
    return SQUARE[(t.count[i] * 17 + right) * 17 + wrong] + 0.05 * near


def _near(cells: int, side: int) -> float:
    known = _EDGE[side << 16 | cells]
    return known if known >= 0.0 else edge_bonus(cells, side)


def progress4(
    t: Tables, i: int, m0: int, m1: int, m2: int, m3: int, h0: int, h1: int, h2: int, h3: int
) -> float:
    """``progress_at`` on the colour masks ``m0..m3`` and home sides ``h0..h3``: the same sums
    in the same order (so the same float), the loops over the colours unrolled."""
    need = t.need
    row = 4 * i
    right = 0
    near = 0.0
    cells = need[row]
    if cells:
        right += POP[cells & m0]
        near += _near(cells & ~m0 & FULL, h0)
    cells = need[row + 1]
    if cells:
        right += POP[cells & m1]
        near += _near(cells & ~m1 & FULL, h1)
    cells = need[row + 2]
    if cells:
        right += POP[cells & m2]
        near += _near(cells & ~m2 & FULL, h2)
    cells = need[row + 3]
    if cells:
        right += POP[cells & m3]
        near += _near(cells & ~m3 & FULL, h3)
    purple = t.purple[i]
    if purple:
        best = POP[purple & m0]
        got = POP[purple & m1]
        if got > best:
            best = got
        got = POP[purple & m2]
        if got > best:
            best = got
        got = POP[purple & m3]
        if got > best:
            best = got
        right += best
    wrong = 0
    black = t.black[i]
    if black:
        wrong = POP[black & m0] + POP[black & m1] + POP[black & m2] + POP[black & m3]
    return SQUARE[(t.count[i] * 17 + right) * 17 + wrong] + 0.05 * near


class Base:
    """The progress of every placement of one rune on one grid (colour masks ``m0..m3``):
    the start of the deltas, moved along in place (``Progress.prime``)."""

    def __init__(self, m: list[int], values: list[float], best: float, arg: int) -> None:
        self.m0, self.m1, self.m2, self.m3 = m[0], m[1], m[2], m[3]
        self.values = values  # per placement of the rune, in placement order
        self.best = best
        self.arg = arg  # the first placement (its row) worth ``best``; -1 if every one is 0


CACHE_LIMIT: Final = 200_000
DELTA_LIMIT: Final = 8  # changed cells beyond which every placement is valued afresh


class Progress:
    """The best progress of a rune's placements on a grid (``best``).

    A rune's progress reads only some cells of each colour (``Tables.reads``: where its
    placements need that colour, and their purple and black cells), and the home sides of
    the colours it needs; on those, it is remembered (``known``). Otherwise it is found by
    delta: a die entering a lane changes a few cells of the grid, and only the placements
    over them change. Each rune keeps the progress of every placement on one grid (its
    ``Base``, per home sides), which the heuristic moves to the position it is deciding on
    (``prime``) before it values the positions each choice leads to; the best on such a grid
    is the best of the placements away from the changed cells, read in the base, and of those
    over them, valued again. The values are the same as valuing every placement again
    (``progress_at`` on the same cells; ``max`` is exact), only fewer are computed."""

    def __init__(self, t: Tables) -> None:
        self.t = t
        self.known: dict[int, float] = {}
        self.bases: dict[int, Base] = {}
        # the heuristic's ``potential`` of a grid, disc and set of runes in reach (its key)
        self.worth: dict[int, float] = {}
        # its ``colour_need`` of a grid and set of runes in reach (its key)
        self.need: dict[int, list[float]] = {}

    def _slot(self, rune: int, home: list[int]) -> int:
        """The rune with the home sides of the colours it needs."""
        homes = home[0] | home[1] << 2 | home[2] << 4 | home[3] << 6
        return (homes & self.t.home_bits[rune]) << 6 | rune

    def _changed(self, rune: int, base: Base, m: list[int]) -> int:
        """The cells the rune reads whose colour differs between ``base`` and ``m``."""
        reads, r4 = self.t.reads, 4 * rune
        return (
            (base.m0 ^ m[0]) & reads[r4]
            | (base.m1 ^ m[1]) & reads[r4 + 1]
            | (base.m2 ^ m[2]) & reads[r4 + 2]
            | (base.m3 ^ m[3]) & reads[r4 + 3]
        )

    def best(self, rune: int, m: list[int], home: list[int]) -> float:
        """The best progress of ``rune``'s placements on the grid of colour masks ``m``, its
        colours entering from the sides ``home``."""
        t = self.t
        reads, r4 = t.reads, 4 * rune
        a0, a1, a2, a3 = (
            m[0] & reads[r4],
            m[1] & reads[r4 + 1],
            m[2] & reads[r4 + 2],
            m[3] & reads[r4 + 3],
        )
        slot = self._slot(rune, home)
        full = (a0 | a1 | a2 | a3) | (a1 | a3) << 16 | (a2 | a3) << 32 | slot << 48
        known = self.known.get(full)
        if known is not None:
            return known
        base = self.bases.get(slot)
        if base is None:
            base = self._rebase(rune, slot, m, home)
            best = base.best
        else:
            changed = self._changed(rune, base, m)
            if not changed:
                best = base.best
            elif base.arg < 0 or not t.foot[base.arg] & changed:
                best = self._around(rune, base, changed, m, home)
            elif POP[changed] <= DELTA_LIMIT:
                best = 0.0
                start = t.first[rune]
                values = base.values
                foot = t.foot
                m0, m1, m2, m3 = m[0], m[1], m[2], m[3]
                h0, h1, h2, h3 = home[0], home[1], home[2], home[3]
                for i in range(start, t.first[rune + 1]):
                    if foot[i] & changed:
                        value = progress4(t, i, m0, m1, m2, m3, h0, h1, h2, h3)
                    else:
                        value = values[i - start]
                    if value > best:
                        best = value
            else:
                best = self._rebase(rune, slot, m, home).best
        if len(self.known) >= CACHE_LIMIT:
            self.known.clear()
        self.known[full] = best
        return best

    def _around(self, rune: int, base: Base, changed: int, m: list[int], home: list[int]) -> float:
        """The best where the base's best placement is away from the ``changed`` cells: every
        other placement away from them is worth no more, so the best is the base's or that of
        a placement over them (each valued once: over its lowest changed cell)."""
        t = self.t
        foot, touch, row = t.foot, t.touch, 16 * rune
        m0, m1, m2, m3 = m[0], m[1], m[2], m[3]
        h0, h1, h2, h3 = home[0], home[1], home[2], home[3]
        best = base.best
        done = 0
        rest = changed
        while rest:
            low = rest & -rest
            for i in touch[row + POP[low - 1]]:
                if not foot[i] & done:
                    value = progress4(t, i, m0, m1, m2, m3, h0, h1, h2, h3)
                    if value > best:
                        best = value
            done |= low
            rest ^= low
        return best

    def prime(self, rune: int, m: list[int], home: list[int]) -> None:
        """Move the rune's base (for these home sides) to the grid of colour masks ``m``: the
        placements over the changed cells are valued again."""
        slot = self._slot(rune, home)
        base = self.bases.get(slot)
        if base is None:
            self._rebase(rune, slot, m, home)
            return
        changed = self._changed(rune, base, m)
        if not changed:
            return
        t = self.t
        start = t.first[rune]
        values = base.values
        foot = t.foot
        m0, m1, m2, m3 = m[0], m[1], m[2], m[3]
        h0, h1, h2, h3 = home[0], home[1], home[2], home[3]
        best = 0.0
        arg = -1
        for i in range(start, t.first[rune + 1]):
            if foot[i] & changed:
                values[i - start] = progress4(t, i, m0, m1, m2, m3, h0, h1, h2, h3)
            value = values[i - start]
            if value > best:
                best, arg = value, i
        base.m0, base.m1, base.m2, base.m3 = m[0], m[1], m[2], m[3]
        base.best, base.arg = best, arg

    def _rebase(self, rune: int, slot: int, m: list[int], home: list[int]) -> Base:
        """The rune's base on the grid ``m``, every placement valued afresh."""
        t = self.t
        m0, m1, m2, m3 = m[0], m[1], m[2], m[3]
        h0, h1, h2, h3 = home[0], home[1], home[2], home[3]
        values = [
            progress4(t, i, m0, m1, m2, m3, h0, h1, h2, h3)
            for i in range(t.first[rune], t.first[rune + 1])
        ]
        best = 0.0
        arg = -1
        start = t.first[rune]
        for k in range(len(values)):
            value = values[k]
            if value > best:
                best, arg = value, start + k
        base = self.bases[slot] = Base(m, values, best, arg)
        return base
