"""Position documents: the ``position`` part of ``State.to_json`` (hidden parts included).

Readable codes: dice as colour letter + face (``G1``, ``Ge`` element, ``Gr`` rotate, ``Rf``
flame, ``G?`` not rolled), colours as letters, runes, achievements and professors by id, grid
rows as four cells separated by spaces (``..`` empty): ``"G1 .. Re .."``. Decision frames and
chance events are their JSON (``frames.py``). See docs/rules/runika.md for the format and
"What the loader checks".

``load`` reads a document in two steps: its shape (``PositionDoc``: types, required fields,
enums, static ranges) through ``core.documents.convert``, then the cross-checks of
``checks.py`` (the board: every die once, no card twice, seats and counters in range) and
``frame_checks.py`` (each frame and chance event consistent with the board). Anything else
is refused with one ``InvalidPosition`` line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, Literal

import msgspec

from grimoire.core.documents import convert, excerpt, require
from grimoire.core.errors import InvalidPosition
from grimoire.games.runika import checks, flow, frame_checks
from grimoire.games.runika.frame_docs import load_events, load_frames
from grimoire.games.runika.frames import frames_to_json

if TYPE_CHECKING:
    from grimoire.games.runika.state import RunikaState

Phase = Literal["setup", "draft", "pass", "turns", "end", "cleanup", "over"]
Ending = Literal[  # "": not over; the rest: flow.finish's reasons
    "", "goal", "deck", "achievements", "starting_rune", "secret", "solo_win", "solo_loss",
    "stall", "limit",
]  # fmt: skip
MAX_COUNT = 1_000_000  # rounds, decisions, points: far beyond any game, far below a crash
Count = Annotated[int, msgspec.Meta(ge=0, le=MAX_COUNT)]
Seat = Annotated[int, msgspec.Meta(ge=0, le=4)]
SeatOrNone = Annotated[int, msgspec.Meta(ge=-1, le=4)]
Code = Annotated[str, msgspec.Meta(max_length=40)]  # an id, a letter, a die


class CardDoc(msgspec.Struct, forbid_unknown_fields=True):
    """An owned rune or achievement card (a bare id means neither flipped nor used)."""

    id: Code
    flipped: bool = False
    used: bool = False


class ProfessorDoc(msgspec.Struct, forbid_unknown_fields=True):
    dice: list[Code]
    tokens: list[Seat]


class MasteryDoc(msgspec.Struct, forbid_unknown_fields=True):
    rune: Code
    owner: Seat | None


class SeatDoc(msgspec.Struct, forbid_unknown_fields=True):
    grid: Annotated[
        list[Annotated[str, msgspec.Meta(max_length=20)]], msgspec.Meta(min_length=4, max_length=4)
    ]
    disc: Annotated[int, msgspec.Meta(ge=0, le=3)]
    store: list[Code]
    pocket: Code | None
    tokens: Count
    runes: list[Code | CardDoc]
    achievements: list[Code | CardDoc]
    mastered: list[Code]
    secret: Annotated[list[Code], msgspec.Meta(max_length=3)]
    secret_got: Annotated[list[bool], msgspec.Meta(max_length=3)]
    quick_hand: list[Code]
    quick_pass: Code | None
    claims: list[tuple[Code, Annotated[int, msgspec.Meta(ge=1, le=0xFFFF)]]]
    used_professors: list[Code]
    stack: list[Any]


class PositionDoc(msgspec.Struct, forbid_unknown_fields=True):
    phase: Phase
    round: Count
    first: SeatOrNone
    draft_seat: SeatOrNone
    turn_i: Annotated[int, msgspec.Meta(ge=0, le=5)]
    charm: SeatOrNone
    decisions: Count
    picks: Count
    start_done: bool
    solo_professor: Code | None
    ended: Ending
    won: bool
    bag: dict[Code, Count] | list[Code]
    removed: dict[Code, Count]
    middle: list[Code]
    below: list[Code]
    professors: dict[Code, ProfessorDoc]
    display: list[list[Code]]
    deck: list[Code]
    mastery: list[MasteryDoc]
    mastery_box: list[Code]
    achievement_deck: list[Code]
    seats: list[SeatDoc]
    chance: list[Any]


# ---------------------------------------------------------------------- to_json
def die_text(st: RunikaState, code: int) -> str:
    return st.comp.die_text(code)


def grid_rows(st: RunikaState, grid: list[int]) -> list[str]:
    cells = [".." if d < 0 else die_text(st, d) for d in grid]
    return [" ".join(cells[4 * r : 4 * r + 4]) for r in range(4)]


def bag_doc(st: RunikaState, counts: list[int], *, as_list: bool) -> Any:
    letters = st.comp.letters
    if as_list:  # quick draft: single dice, so that a re-deal keeps every die
        return [letters[c] for c in range(4) for _ in range(counts[c])]
    return {letters[c]: counts[c] for c in range(4)}


def to_json(st: RunikaState) -> dict[str, Any]:
    comp = st.comp
    letters = comp.letters
    return {
        "phase": st.phase,
        "round": st.round,
        "first": st.first,
        "draft_seat": st.draft_seat,
        "turn_i": st.turn_i,
        "charm": st.charm,
        "decisions": st.decisions,
        "picks": st.picks,
        "start_done": st.start_done,
        "solo_professor": comp.professors[st.solo_prof].id if st.solo_prof >= 0 else None,
        "ended": st.ended,
        "won": st.won,
        "bag": bag_doc(st, st.bag, as_list=st.rules.quick),
        "removed": bag_doc(st, st.removed, as_list=False),
        "middle": [letters[c] for c in st.middle],
        "below": [letters[c] for c in st.below],
        "professors": {
            comp.professors[p].id: {
                "dice": [die_text(st, d) for d in st.prof_dice[p]],
                "tokens": list(st.prest[p]),
            }
            for p in range(len(comp.professors))
        },
        **runes_doc(st),
        "seats": [seat_doc(st, s) for s in range(st.n)],
        "chance": frames_to_json(st.chance),
    }


def runes_doc(st: RunikaState) -> dict[str, Any]:
    """The display, the deck, the mastery row and box, and the achievement deck, by id."""
    runes = st.comp.runes
    return {
        "display": [[runes[r].id for r in stack] for stack in st.display],
        "deck": [runes[r].id for r in st.deck],
        "mastery": [
            {"rune": runes[r].id, "owner": owner if owner >= 0 else None}
            for r, owner in st.mastery_row
        ],
        "mastery_box": [runes[r].id for r in st.mastery_box],
        "achievement_deck": [st.comp.achievements[k].id for k in st.ach_deck],
    }


def seat_doc(st: RunikaState, s: int) -> dict[str, Any]:
    """Seat ``s``: its board, cards, hidden parts and decision frames."""
    comp = st.comp
    letters = comp.letters
    return {
        "grid": grid_rows(st, st.grid[s]),
        "disc": st.disc[s],
        "store": [die_text(st, d) for d in st.store[s]],
        "pocket": die_text(st, st.pocket[s]) if st.pocket[s] >= 0 else None,
        "tokens": st.tokens[s],
        "runes": [
            {"id": comp.runes[r].id, "flipped": bool(f), "used": bool(u)} for r, f, u in st.owned[s]
        ],
        "achievements": [
            {"id": comp.achievements[k].id, "flipped": bool(f), "used": bool(u)}
            for k, f, u in st.achs[s]
        ],
        "mastered": [comp.runes[r].id for r in st.mastered[s]],
        "secret": [comp.runes[r].id for r in st.secret[s]],
        "secret_got": [bool(g) for g in st.secret_got[s]],
        "quick_hand": [letters[c] for c in st.qhand[s]],
        "quick_pass": letters[st.qpass[s]] if st.qpass[s] >= 0 else None,
        "claims": [[comp.runes[r].id, mask] for r, mask in st.sim_claims[s]],
        "used_professors": [comp.professors[p].id for p in st.prof_used[s]],
        "stack": frames_to_json(st.stacks[s]),
    }


# ---------------------------------------------------------------------- load
class Reader:
    """Ids and codes of one game's components back to numbers, refused with the field (the
    codes ``to_json`` writes are read at once; ids may also be names, any case)."""

    def __init__(self, st: RunikaState) -> None:
        self.comp = comp = st.comp
        written = comp.written
        self.runes, self.achievements = written["rune"], written["achievement"]
        self.professors, self.colours, self.dice = (
            written["professor"],
            written["colour"],
            written["die"],
        )
        self.in_grid = written["cell"]

    def rune(self, text: str, where: str) -> int:
        return _read(self.runes, self.comp.rune_by_name, text, where, "no such rune")

    def achievement(self, text: str, where: str) -> int:
        lookup = self.comp.achievement_by_name
        return _read(self.achievements, lookup, text, where, "no such achievement")

    def professor(self, text: str, where: str) -> int:
        return _read(self.professors, self.comp.professor_by_name, text, where, "no such professor")

    def colour(self, text: str, where: str) -> int:
        why = f"a colour letter of {self.comp.letters}"
        return _read(self.colours, self._colour, text, where, why)

    def _colour(self, text: str) -> int | None:
        return self.comp.colour_of(text) if len(text) == 1 else None

    def die(self, text: str, where: str, *, rolled: bool = True) -> int:
        """A die code: ``4 * colour + face`` (16 + colour: not rolled yet), with a face its
        colour's die has."""
        code = self.dice.get(text)
        if code is None:
            code = self.comp.die_code(text)
        if code is None or (rolled and code >= 16):
            kinds = "G1, Ge, Gr, Rf" + ("" if rolled else ", G?")
            raise InvalidPosition(f"{where} = {excerpt(text)}: a die like {kinds}")
        if code < 16 and not self.comp.has_face(code):
            raise InvalidPosition(f"{where} = {excerpt(text)}: no die of its colour has that face")
        return code

    def grid(self, rows: list[str], where: str) -> list[int]:
        grid = []
        cells_of = self.in_grid
        for r, row in enumerate(rows):
            cells = row.split()
            if len(cells) != 4:
                require(False, f"{where}[{r}]", row, "4 cells separated by spaces")
            for cell in cells:
                code = cells_of.get(cell)
                if code is None:  # another spelling, or refused
                    code = self.die(cell, f"{where}[{r}]")
                    require(code % 4 < 2, f"{where}[{r}]", cell, "a grid die shows 1 or element")
                grid.append(code)
        return grid

    def counts(self, doc: dict[str, int] | list[str], where: str) -> list[int]:
        """A bag: ``{letter: count}`` for the four colours, or a list of letters."""
        counts = [0] * 4
        if isinstance(doc, list):
            for letter in doc:
                counts[self.colour(letter, where)] += 1
            return counts
        letters = sorted(self.comp.letters)
        require(sorted(doc) == letters, where, doc, f"a count for each of {self.comp.letters}")
        for letter, count in doc.items():
            counts[self.colour(letter, where)] = count
        return counts


def _read(
    written: dict[str, int], lookup: Callable[[str], int | None], text: str, where: str, why: str
) -> int:
    """The index of ``text``: as ``to_json`` writes it, else by ``lookup`` (a name, any case),
    else InvalidPosition."""
    index = written.get(text)
    if index is None:
        index = lookup(text)
        require(index is not None, where, text, why)
        assert index is not None
    return index


def load(st: RunikaState, raw: dict[str, Any]) -> RunikaState:
    """Fill a blank state from a position document and move it on to its next decision;
    raises InvalidPosition naming the field."""
    doc = convert(raw, PositionDoc, "position")
    comp, n, read = st.comp, st.n, Reader(st)
    require(len(doc.seats) == n, "seats", doc.seats, f"one entry per seat ({n})")
    st.phase, st.round, st.first, st.draft_seat = doc.phase, doc.round, doc.first, doc.draft_seat
    st.turn_i, st.charm, st.decisions, st.picks = doc.turn_i, doc.charm, doc.decisions, doc.picks
    st.start_done, st.ended, st.won = doc.start_done, doc.ended, doc.won
    solo = doc.solo_professor
    st.solo_prof = -1 if solo is None else read.professor(solo, "solo_professor")
    st.bag = read.counts(doc.bag, "bag")
    st.removed = read.counts(doc.removed, "removed")
    st.middle = sorted(read.colour(c, "middle") for c in doc.middle)
    st.below = sorted(read.colour(c, "below") for c in doc.below)
    ids = sorted(p.id for p in comp.professors)
    require(sorted(doc.professors) == ids, "professors", list(doc.professors), f"ids {ids}")
    for key, entry in doc.professors.items():
        prof = read.professor(key, "professors")
        where = f"professors.{key}"
        st.prof_dice[prof] = [read.die(d, f"{where}.dice") for d in entry.dice]
        st.prest[prof] = sorted(entry.tokens)
    st.display = [[read.rune(r, "display") for r in stack] for stack in doc.display]
    st.deck = sorted(read.rune(r, "deck") for r in doc.deck)
    st.mastery_row = [
        [read.rune(e.rune, "mastery"), -1 if e.owner is None else e.owner] for e in doc.mastery
    ]
    st.mastery_box = sorted(read.rune(r, "mastery_box") for r in doc.mastery_box)
    st.ach_deck = sorted(read.achievement(a, "achievement_deck") for a in doc.achievement_deck)
    for s, seat in enumerate(doc.seats):
        _load_seat(st, read, s, seat)
    st.chance = load_events(doc.chance, "chance") if doc.chance else []
    checks.check(st)
    frame_checks.check(st)
    st.turns = flow.turns_started(st)
    flow.advance(st)  # a hand-written position may stop between decisions
    return st


def _load_seat(st: RunikaState, read: Reader, s: int, seat: SeatDoc) -> None:
    where = f"seats[{s}]"
    st.grid[s] = read.grid(seat.grid, f"{where}.grid")
    st.disc[s] = seat.disc
    st.store[s] = sorted(read.die(d, f"{where}.store", rolled=False) for d in seat.store)
    st.pocket[s] = -1 if seat.pocket is None else read.die(seat.pocket, f"{where}.pocket")
    st.tokens[s] = seat.tokens
    st.owned[s] = [_card(read.rune, e, f"{where}.runes") for e in seat.runes]
    st.achs[s] = [_card(read.achievement, e, f"{where}.achievements") for e in seat.achievements]
    st.mastered[s] = [read.rune(r, f"{where}.mastered") for r in seat.mastered]
    st.secret[s] = [read.rune(r, f"{where}.secret") for r in seat.secret]
    require(
        len(seat.secret_got) == len(seat.secret),
        f"{where}.secret_got",
        seat.secret_got,
        "one flag per secret rune",
    )
    st.secret_got[s] = [1 if got else 0 for got in seat.secret_got]
    st.qhand[s] = sorted(read.colour(c, f"{where}.quick_hand") for c in seat.quick_hand)
    qpass = seat.quick_pass
    st.qpass[s] = -1 if qpass is None else read.colour(qpass, f"{where}.quick_pass")
    st.sim_claims[s] = [[read.rune(r, f"{where}.claims"), mask] for r, mask in seat.claims]
    st.prof_used[s] = [read.professor(p, f"{where}.used_professors") for p in seat.used_professors]
    if seat.stack:  # (no schema call for an empty stack: most of them)
        st.stacks[s] = load_frames([_old_frame(f) for f in seat.stack], f"{where}.stack")


def _card(read: Any, entry: str | CardDoc, where: str) -> list[int]:
    if isinstance(entry, str):
        return [read(entry, where), 0, 0]
    return [read(entry.id, where), int(entry.flipped), int(entry.used)]


def _old_frame(frame: Any) -> Any:
    """A frame as saves before the typed frames wrote it: a ``pick`` without a card had
    ``"src": []`` (now left out)."""
    if isinstance(frame, dict) and frame.get("k") == "pick" and frame.get("src") == []:
        return {key: value for key, value in frame.items() if key != "src"}
    return frame
