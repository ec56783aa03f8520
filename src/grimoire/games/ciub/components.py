"""Ciúb's components, loaded from ``data/components.toml`` (the data, not code, is the truth):
the die colours and faces, the spell cards and the setup tables, read by ``LOADER``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from grimoire.core.components import ComponentError, ComponentLoader, provenance, whole_number

NUMBER_FACES = frozenset("1234567")
ACTION_FACES = frozenset({"swap", "reroll", "adjust"})
SKULL = "skull"
TWO_FOR_ONE = "two_for_one"
FACE_SYMBOLS = NUMBER_FACES | ACTION_FACES | {SKULL, TWO_FOR_ONE}
LETTERS = ("A", "B", "C", "D")  # the cards' letters
PILES = ("B", "C", "D")  # the face-down piles (the A cards are dealt at setup)
PROVENANCE_FIELDS = ("dice", "cards", "setup", "counts")
FACE_TEXT = {
    "swap": "swap",
    "reroll": "re-roll",
    "adjust": "adjust",
    "two_for_one": "2-for-1",
    "skull": "skull",
}


@dataclass(frozen=True, eq=False)
class Colour:
    """One die colour: its name, label letter, how many dice exist, and its six faces."""

    index: int
    name: str
    letter: str
    count: int
    faces: tuple[str, ...]

    def canonical_face(self, face: int) -> int:
        """The first face index showing the same symbol (duplicate faces are one outcome)."""
        return self.faces.index(self.faces[face])

    @property
    def distinct_faces(self) -> list[int]:
        return sorted({self.canonical_face(i) for i in range(len(self.faces))})

    @cached_property
    def roll_weights(self) -> list[tuple[int, int]]:
        """Each distinct face with its weight: how many faces show it (white's swap: 2 of 6)."""
        return [(face, self.faces.count(self.faces[face])) for face in self.distinct_faces]


@dataclass(frozen=True)
class Card:
    """A spell card. ``kind`` is "faces", "sum", "same" or "opus"."""

    id: int
    letter: str
    need: str
    vp: int
    owl: bool
    kind: str
    faces: tuple[int, ...] = ()  # "faces": the numbers required (with repeats)
    amount: int = 0  # "sum": the minimum total; "same": how many equal dice
    name: str = ""

    @property
    def label(self) -> str:
        return self.name or self.need


@dataclass(frozen=True)
class Components:
    """Everything physical: die colours, each die's colour, cards, and the setup tables."""

    colours: tuple[Colour, ...]
    die_colour: tuple[int, ...]  # die id -> colour index
    die_label: tuple[str, ...]  # die id -> "W1", "B3", ...
    cards: dict[int, Card]
    white_per_player: int
    remove_normal: dict[int, tuple[int, int, int]]
    remove_short: dict[int, tuple[int, int, int]]
    provenance: dict[str, str]

    @property
    def num_dice(self) -> int:
        return len(self.die_colour)

    @cached_property
    def card_ids(self) -> list[int]:
        """Every card's id, sorted."""
        return sorted(self.cards)

    @cached_property
    def letter_of(self) -> dict[int, str]:
        """Card id -> its letter."""
        return {card.id: card.letter for card in self.cards.values()}

    @cached_property
    def owl_ids(self) -> list[int]:
        """The owl cards' ids, sorted (left out of a short game)."""
        return sorted(card.id for card in self.cards.values() if card.owl)

    @property
    def white(self) -> int:
        return self.colour_named("white").index

    def colour_named(self, name: str) -> Colour:
        for colour in self.colours:
            if colour.name == name:
                return colour
        raise KeyError(name)

    def face_symbol(self, die: int, face: int) -> str:
        return self.colours[self.die_colour[die]].faces[face]

    def die_by_label(self, label: str) -> int | None:
        try:
            return self.die_label.index(label.upper())
        except ValueError:
            return None

    @property
    def opus(self) -> Card:
        return next(card for card in self.cards.values() if card.kind == "opus")


def parse_need(need: str) -> tuple[str, tuple[int, ...], int]:
    """``"1,1,6,6"`` -> faces; ``"20+"`` -> sum; ``"4="`` -> same; ``"opus"`` -> opus."""
    try:
        if need == "opus":
            return "opus", (), 0
        if need.endswith("+"):
            return "sum", (), int(need[:-1])
        if need.endswith("="):
            return "same", (), int(need[:-1])
        return "faces", tuple(int(part) for part in need.split(",")), 0
    except ValueError:
        why = f"card need {need!r} is not like '1,1,6,6', '20+', '4=' or 'opus'"
        raise ComponentError(why) from None


def build(doc: dict[str, Any]) -> Components:
    """The components of a parsed components file; ComponentError naming what is wrong."""
    table = provenance(doc.get("provenance"), PROVENANCE_FIELDS, "[provenance]")
    colours, die_colour, die_label = _dice(_table(doc, "dice", "the file"))
    if not any(colour.name == "white" for colour in colours):
        raise ComponentError("[dice] needs the white dice (every player's starting dice)")
    cards = _cards(doc.get("cards"))
    setup = _table(doc, "setup", "the file")
    return Components(
        colours=tuple(colours),
        die_colour=tuple(die_colour),
        die_label=tuple(die_label),
        cards=cards,
        white_per_player=whole_number(setup, "white_per_player", "[setup]", 1),
        remove_normal=_removals(setup, "remove_normal"),
        remove_short=_removals(setup, "remove_short"),
        provenance=table,
    )


def _table(doc: Mapping[str, Any], key: str, where: str) -> Mapping[str, Any]:
    value = doc.get(key)
    if not isinstance(value, Mapping):
        raise ComponentError(f"{where} needs a [{key}] table")
    return value


def _dice(doc: Mapping[str, Any]) -> tuple[list[Colour], list[int], list[str]]:
    colours: list[Colour] = []
    die_colour: list[int] = []
    die_label: list[str] = []
    for index, (name, spec) in enumerate(doc.items()):
        where = f"[dice].{name}"
        if not isinstance(spec, Mapping):
            raise ComponentError(f"{where} must be a table with count and faces")
        faces = spec.get("faces")
        if not isinstance(faces, list) or len(faces) != 6:
            raise ComponentError(f"{where}.faces must list the die's 6 faces")
        symbols = tuple(str(face) for face in faces)
        unknown = [face for face in symbols if face not in FACE_SYMBOLS]
        if unknown:
            raise ComponentError(f"{where}.faces: unknown face {unknown[0]!r}")
        count = whole_number(spec, "count", where)
        letter = name[0].upper()
        colours.append(Colour(index, name, letter, count, symbols))
        for number in range(count):
            die_colour.append(index)
            die_label.append(f"{letter}{number + 1}")
    if len({colour.letter for colour in colours}) != len(colours):
        raise ComponentError("[dice]: die colours must start with different letters")
    return colours, die_colour, die_label


def _cards(raw: Any) -> dict[int, Card]:
    if not isinstance(raw, list) or not raw:
        raise ComponentError("the file needs its [[cards]]")
    cards: dict[int, Card] = {}
    for index, spec in enumerate(raw):
        where = f"[[cards]] #{index + 1}"
        if not isinstance(spec, Mapping):
            raise ComponentError(f"{where} must be a table")
        card_id = whole_number(spec, "id", where, 1)
        letter, need = spec.get("letter"), spec.get("need")
        if letter not in LETTERS or not isinstance(need, str):
            raise ComponentError(f"{where}: letter is one of {LETTERS} and need a string")
        kind, faces, amount = parse_need(need)
        if (kind == "opus") != (letter == "D"):
            raise ComponentError(f"{where}: the D card is the Opus Magnum (need 'opus')")
        if card_id in cards:
            raise ComponentError(f"{where}: card id {card_id} twice")
        cards[card_id] = Card(
            id=card_id,
            letter=letter,
            need=need,
            vp=whole_number(spec, "vp", where),
            owl=spec.get("owl", False) is True,
            kind=kind,
            faces=faces,
            amount=amount,
            name=str(spec.get("name", "")),
        )
    if [card.letter for card in cards.values()].count("D") != 1:
        raise ComponentError("[[cards]]: exactly one D card (the Opus Magnum)")
    return cards


def _removals(setup: Mapping[str, Any], key: str) -> dict[int, tuple[int, int, int]]:
    """Cards removed at random per player count: ``{2: (A, B, C), ...}``."""
    raw = _table(setup, key, "[setup]")
    out: dict[int, tuple[int, int, int]] = {}
    for players in ("2", "3", "4"):
        row = raw.get(players)
        if (
            not isinstance(row, list)
            or len(row) != 3
            or any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in row)
        ):
            raise ComponentError(f"[setup].{key}.{players} must be 3 whole numbers (A, B, C)")
        out[int(players)] = (row[0], row[1], row[2])
    return out


LOADER = ComponentLoader(__package__, build)
