"""What the arguments of Runika's actions range over (``core.action_declaration`` domains),
built from the components: each value's English label (read back by the parser), the other
spellings the parser reads, its text in the current language and its JSON fields.

The parser reads a value as the components name it (``components.Components``): a colour by
its letter, name or element; a professor, rune or achievement by its id or name, in any case,
spacing or punctuation (``Ko'bataan``, ``kobataan``); a die by its code (``Ge``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from grimoire.core.action_declaration import Domain, Labelled, Numbered, Translate
from grimoire.core.i18n import N_
from grimoire.games.runika.components import FACES, SIDES, Components
from grimoire.games.runika.patterns import cell_index, cell_name

MAX_SEATS = 5  # the ``seat`` ids: whose grid, at the largest table
COLUMNS = "abcd"  # the board's column labels, left to right
DIRS = (N_("up"), N_("right"), N_("down"), N_("left"))
ROTATIONS = ("0", "90", "180", "270")  # clockwise quarter turns, in degrees
# the lines of the grid (Fire Flash), each translated as a whole ("Zeile 1", "列 a")
LINES: tuple[str, ...] = (N_("row 1"), N_("row 2"), N_("row 3"), N_("row 4"))
LINES += (N_("col a"), N_("col b"), N_("col c"), N_("col d"))
# an unknown value: what was not read, and a few that would be
UNKNOWN = N_("there is no {what} {value} (say e.g. {examples})")

Lookup = Callable[[str], int | None]
Fields = Callable[[int], dict[str, Any]]


class Named(Labelled):
    """Values named by their labels, read by the components' own ``lookup`` (which also
    knows names, elements...), with JSON ``fields`` of their own (default ``{slot: label}``)."""

    def __init__(
        self,
        labels: Sequence[str],
        *,
        what: str,
        lookup: Lookup | None = None,
        fields: Fields | None = None,
        spellings: Mapping[str, int] | None = None,
        shown: Callable[[int], str] | None = None,
        translated: bool = False,
        shape: tuple[int, ...] | None = None,
    ) -> None:
        super().__init__(
            labels,
            what=what,
            spellings=spellings,
            shown=shown,
            translated=translated,
            shape=shape,
            unknown=UNKNOWN,
        )
        self._lookup = lookup
        self._fields = fields

    def read(self, words: str, state: Any) -> int | None:
        if self._lookup is None:
            return super().read(words, state)
        found = self._lookup(words)
        return found if found is not None and 0 <= found < self.size else None

    def fields(self, field: str, value: int) -> dict[str, Any]:
        return super().fields(field, value) if self._fields is None else self._fields(value)

    def field_names(self, field: str) -> list[str]:
        return [field] if self._fields is None else list(self._fields(0))


def lane_name(side: int, lane: int) -> str:
    """A lane as the board labels it: a column letter from the top or bottom, a row number
    from the left or right."""
    return COLUMNS[lane] if SIDES[side] in ("top", "bottom") else str(lane + 1)


def domains(comp: Components, translate: Translate) -> dict[str, Domain]:
    """Every domain the kinds of ``actions.ACTIONS`` use, for the components ``comp``;
    ``translate``: the game's catalogue (side words in lanes)."""
    return {
        "colour": Named(comp.letters, what=N_("colour"), lookup=comp.colour_of),
        "die": _dice(comp),
        "lane": _lanes(translate),
        "professor": Named(
            [p.name for p in comp.professors],
            what=N_("professor"),
            lookup=comp.professor_by_name,
            fields=lambda p: {"professor": comp.professors[p].id},
        ),
        "cell": Named(
            [cell_name(c) for c in range(16)],
            what=N_("cell"),
            lookup=cell_index,
            fields=lambda c: {"cell": cell_name(c), "row": c // 4 + 1, "col": COLUMNS[c % 4]},
        ),
        "dir": Named(DIRS, what=N_("direction"), translated=True),
        "line": Named(
            LINES,
            what=N_("line"),
            spellings={f"column {col}": 4 + i for i, col in enumerate(COLUMNS)},
            translated=True,
        ),
        "seat": Numbered(MAX_SEATS, first=1, json_first=0, what=N_("seat"), unknown=UNKNOWN),
        "card": _cards(comp),
        "rune": Named([r.id for r in comp.runes], what=N_("rune"), lookup=comp.rune_by_name),
        "anchor": Named([cell_name(c) for c in range(16)], what=N_("cell"), lookup=cell_index),
        "rotation": Named(ROTATIONS, what=N_("rotation"), fields=lambda r: {"rotation": 90 * r}),
    }


def _dice(comp: Components) -> Named:
    """The 16 rolled dice, ``4 * colour + face``: ``G1``, ``Ge``..."""

    def rolled(text: str) -> int | None:
        code = comp.die_code(text)
        return code if code is not None and code < 16 else None  # not ``G?``: a die unrolled

    def fields(code: int) -> dict[str, Any]:
        return {
            "die": comp.die_text(code),
            "colour": comp.letters[code // 4],
            "face": FACES[code % 4],
        }

    return Named(
        [comp.die_text(code) for code in range(16)], what=N_("die"), lookup=rolled, fields=fields
    )


def _lanes(translate: Translate) -> Named:
    """The 16 lanes, one value of shape (side, lane): ``top a``..``top d``, ``right 1``..;
    the side in the current language (``oben a``). The rows' numbers from the top or bottom
    (``top 1``) are the lanes' older names."""
    labels = [f"{SIDES[v // 4]} {lane_name(v // 4, v % 4)}" for v in range(16)]
    older = {f"{SIDES[v // 4]} {v % 4 + 1}": v for v in range(16)}
    return Named(
        labels,
        what=N_("lane"),
        spellings=older,
        shown=lambda v: f"{translate(SIDES[v // 4])} {lane_name(v // 4, v % 4)}",
        fields=lambda v: {"side": SIDES[v // 4], "lane": v % 4 + 1},
        shape=(4, 4),
    )


def _cards(comp: Components) -> Named:
    """What has an ability: the runes, then the achievement kinds (``ability <id>``)."""
    runes = len(comp.runes)

    def card(text: str) -> int | None:
        rune = comp.rune_by_name(text)
        if rune is not None:
            return rune
        found = comp.achievement_by_name(text)
        return None if found is None else runes + found

    ids = [r.id for r in comp.runes] + [a.id for a in comp.achievements]
    return Named(ids, what=N_("rune or achievement"), lookup=card)
