"""Action ids and their text: one stable id per small decision.

Which question is pending (the top decision frame, see ``rules.py``) gives an id its context;
an id never enumerates a combination.

======================  ==============================================  ===========
text                    meaning                                         ids
======================  ==============================================  ===========
``done``                finish a step (rerolls, resolving, claims)      1
``cancel``              back out of a choice not yet made               1
``roll``                roll the dice marked for a re-roll              1
``flame clear``         flame option (b): discard every red grid die    1
``turn cw|ccw``         turn the element disc a quarter                 2
``draft G``             take a die of that colour from the middle       colours
``pass G``              quick draft: the die passed (sealed)            colours
``discard Ge``          pay a stored die for a re-roll                  16
``reroll G1``           mark a stored die for the re-roll               16
``resolve Rf``          resolve a stored die next                       16
``keep Ge``             Magic Pocket: keep a stored die for next round  16
``die Gr``              a stored die an ability changes (Empower)       16
``enter top a``         push the die in: a column a..d from the top or  16
                        bottom, a row 1..4 from the left or right
                        (as the board labels them; ``enter top 1``
                        reads too)
``professor Simza``     place the element die on that professor         professors
``cell a1``             a grid cell (column a..d, row 1..4 from top)    16
``dir up``              a direction (up, right, down, left)             4
``orient G``            turn the disc so that colour is on top          colours
``line row 1``          a row or column of the grid (Fire Flash)        8
``seat 2``              whose grid (player interaction)                 5
``charm Simza``         charm token: discard the die on a professor     professors
``luniorn G``           which die below Luniorn to roll                 colours
``ability <id>``        use an owned rune's or achievement's ability    runes + kinds
``claim <id>``          claim a rune whose pattern the grid holds       runes
``at a1 90``            where the claimed pattern lies (anchor, turn)   64
======================  ==============================================  ===========

Dice are written colour letter + face: ``1`` point, ``e`` element (mana), ``r`` rotate,
``f`` flame (``G1``, ``Be``, ``Yr``, ``Rf``); the 16 die ids are ``4 * colour + face``.
"""

from __future__ import annotations

from pathlib import Path

from grimoire.core.actions import ActionSpace, Decoded
from grimoire.core.errors import IllegalAction
from grimoire.core.i18n import N_, translator
from grimoire.games.runika.components import SIDES, Components
from grimoire.games.runika.patterns import cell_index, cell_name

# the refusals are in the current language (text.py's catalogue; text.py imports this module)
_ = translator("runika", Path(__file__).parent / "locale")
CANNOT_READ = N_("cannot read {text}: say e.g. {examples}")
EXAMPLES = (
    "'draft G', 'discard Ge', 'reroll G1', 'roll', 'resolve Rf', 'enter top a', "
    "'professor Simza', 'cell a1', 'dir up', 'orient G', 'turn cw', 'flame clear', "
    "'ability sweep', 'claim sweep', 'at a1 90', 'seat 1', 'done', 'cancel'"
)

DONE, CANCEL, ROLL, FLAME_CLEAR, TURN_CW, TURN_CCW = range(6)
SINGLE = {
    DONE: "done",
    CANCEL: "cancel",
    ROLL: "roll",
    FLAME_CLEAR: "flame clear",
    TURN_CW: "turn cw",
    TURN_CCW: "turn ccw",
}
DIRS = ("up", "right", "down", "left")
MAX_SEATS = 5
COLOUR_KINDS = ("draft", "pass", "luniorn", "orient")
DIE_KINDS = ("discard", "reroll", "resolve", "keep", "die")


def action_space(comp: Components) -> ActionSpace:
    """The segments of the table above, in that order (the record format): a single action
    decodes to its text with '-' (``turn-cw``), ``enter`` takes (side, lane), ``at``
    (anchor, rotation)."""
    profs, runes = len(comp.professors), len(comp.runes)
    return ActionSpace(
        [
            *((SINGLE[a].replace(" ", "-"), ()) for a in sorted(SINGLE)),
            *((kind, (4,)) for kind in ("draft", "pass")),
            *((kind, (16,)) for kind in DIE_KINDS),
            ("enter", (4, 4)),
            ("professor", (profs,)),
            ("cell", (16,)),
            ("dir", (4,)),
            ("orient", (4,)),
            ("line", (8,)),
            ("seat", (MAX_SEATS,)),
            ("charm", (profs,)),
            ("luniorn", (4,)),
            ("ability", (runes + len(comp.achievements),)),
            ("claim", (runes,)),
            ("at", (16, 4)),
        ]
    )


class Codec:
    """Runika's action ids for one components file: the ``ActionSpace`` (``space``) and the
    action texts. ``id(kind, arg)`` is the hot path of the legal actions (a first id plus the
    argument, no checks)."""

    def __init__(self, comp: Components) -> None:
        self.comp = comp
        self.space = space = action_space(comp)
        self.total = space.total
        self.first = {kind: space.base(kind) for kind in space.kinds}

    def decode(self, action: int) -> Decoded:
        """(kind, arguments) of ``action``; IllegalAction outside the space."""
        return self.space.decode(action)

    def id(self, kind: str, arg: int = 0) -> int:
        """The id of a one-argument ``kind`` with ``arg`` (e.g. ``codec.id("cell", 5)``)."""
        return self.first[kind] + arg

    def enter(self, side: int, lane: int) -> int:
        return self.first["enter"] + 4 * side + lane

    def at(self, anchor: int, rotation: int) -> int:
        return self.first["at"] + 4 * anchor + rotation

    def to_text(self, action: int) -> str:
        if action in SINGLE:
            return SINGLE[action]
        kind, args = self.decode(action)
        arg, comp = args[0], self.comp
        if kind in COLOUR_KINDS:
            return f"{kind} {comp.letters[arg]}"
        if kind in DIE_KINDS:
            return f"{kind} {comp.die_text(arg)}"
        if kind == "enter":
            return f"enter {SIDES[arg]} {lane_name(arg, args[1])}"
        if kind in ("professor", "charm"):
            return f"{kind} {comp.professors[arg].name}"
        if kind == "cell":
            return f"cell {cell_name(arg)}"
        if kind == "dir":
            return f"dir {DIRS[arg]}"
        if kind == "line":
            return f"line row {arg + 1}" if arg < 4 else f"line col {'abcd'[arg - 4]}"
        if kind == "seat":
            return f"seat {arg}"
        if kind == "ability":
            return f"ability {self.card_id(arg)}"
        if kind == "claim":
            return f"claim {comp.runes[arg].id}"
        return f"at {cell_name(arg)} {90 * args[1]}"

    def card_id(self, arg: int) -> str:
        """The id of an ability's card: a rune, then the achievement kinds."""
        runes = self.comp.runes
        if arg < len(runes):
            return runes[arg].id
        return self.comp.achievements[arg - len(runes)].id

    def parse(self, text: str) -> int:
        words = text.strip().split()
        if not words:
            raise IllegalAction(_("an empty text names no action"))
        phrase = " ".join(w.lower() for w in words)
        for action, name in SINGLE.items():
            if phrase == name:
                return action
        head, rest = words[0].lower(), " ".join(words[1:])
        found = self._parse(head, rest, words)
        if found is None:
            # the examples are the English texts the parser reads, in every language
            raise IllegalAction(_(CANNOT_READ).format(text=repr(text), examples=EXAMPLES))
        return found

    def _parse(self, head: str, rest: str, words: list[str]) -> int | None:
        comp = self.comp
        if head in COLOUR_KINDS:
            colour = comp.colour_of(rest)
            return None if colour is None else self.id(head, colour)
        if head in DIE_KINDS:
            code = comp.die_code(rest)
            return None if code is None or code >= 16 else self.id(head, code)
        if head == "enter" and len(words) == 3:
            side, lane = words[1].lower(), words[2].lower()
            if side in SIDES and lane in ("1", "2", "3", "4"):
                return self.enter(SIDES.index(side), int(lane) - 1)
            if side in ("top", "bottom") and lane in COLUMNS:  # the board's column letters
                return self.enter(SIDES.index(side), COLUMNS.index(lane))
            return None
        if head in ("professor", "charm"):
            prof = comp.professor_by_name(rest)
            return None if prof is None else self.id(head, prof)
        if head == "cell":
            cell = cell_index(rest)
            return None if cell is None else self.id("cell", cell)
        if head == "dir" and rest.lower() in DIRS:
            return self.id("dir", DIRS.index(rest.lower()))
        if head == "line" and len(words) == 3:
            which, value = words[1].lower(), words[2].lower()
            if which == "row" and value in ("1", "2", "3", "4"):
                return self.id("line", int(value) - 1)
            if which in ("col", "column") and value in ("a", "b", "c", "d"):
                return self.id("line", 4 + "abcd".index(value))
            return None
        if head == "seat" and rest.isdigit() and int(rest) < MAX_SEATS:
            return self.id("seat", int(rest))
        if head == "ability":
            rune = comp.rune_by_name(rest)
            if rune is not None:
                return self.id("ability", rune)
            card = comp.achievement_by_name(rest)
            return None if card is None else self.id("ability", len(comp.runes) + card)
        if head == "claim":
            rune = comp.rune_by_name(rest)
            return None if rune is None else self.id("claim", rune)
        if head == "at" and len(words) == 3:
            cell = cell_index(words[1])
            if cell is not None and words[2] in ("0", "90", "180", "270"):
                return self.at(cell, int(words[2]) // 90)
        return None


COLUMNS = "abcd"  # the board's column labels, left to right


def lane_name(side: int, lane: int) -> str:
    """A lane as the board labels it: a column letter from the top or bottom, a row number
    from the left or right."""
    return COLUMNS[lane] if SIDES[side] in ("top", "bottom") else str(lane + 1)
