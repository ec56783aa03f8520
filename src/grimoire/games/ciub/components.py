"""Ciúb's components, loaded from ``data/components.toml`` (the data, not code, is the truth)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from pathlib import Path
from typing import Any

NUMBER_FACES = frozenset("1234567")
ACTION_FACES = frozenset({"swap", "reroll", "adjust"})
SKULL = "skull"
TWO_FOR_ONE = "two_for_one"
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
    if need == "opus":
        return "opus", (), 0
    if need.endswith("+"):
        return "sum", (), int(need[:-1])
    if need.endswith("="):
        return "same", (), int(need[:-1])
    return "faces", tuple(int(part) for part in need.split(",")), 0


def _build(doc: dict[str, Any]) -> Components:
    colours: list[Colour] = []
    die_colour: list[int] = []
    die_label: list[str] = []
    for index, (name, spec) in enumerate(doc["dice"].items()):
        symbols = tuple(str(face) for face in spec["faces"])
        if len(symbols) != 6:
            raise ValueError(f"die {name} must have 6 faces, has {len(symbols)}")
        letter = name[0].upper()
        colours.append(Colour(index, name, letter, int(spec["count"]), symbols))
        for number in range(int(spec["count"])):
            die_colour.append(index)
            die_label.append(f"{letter}{number + 1}")
    if len({colour.letter for colour in colours}) != len(colours):
        raise ValueError("die colours must start with different letters")
    cards: dict[int, Card] = {}
    for raw in doc["cards"]:
        kind, faces, amount = parse_need(str(raw["need"]))
        card = Card(
            id=int(raw["id"]),
            letter=str(raw["letter"]),
            need=str(raw["need"]),
            vp=int(raw["vp"]),
            owl=bool(raw.get("owl", False)),
            kind=kind,
            faces=faces,
            amount=amount,
            name=str(raw.get("name", "")),
        )
        cards[card.id] = card
    setup = doc["setup"]

    def table(raw: dict[str, list[int]]) -> dict[int, tuple[int, int, int]]:
        return {int(players): (row[0], row[1], row[2]) for players, row in raw.items()}

    return Components(
        colours=tuple(colours),
        die_colour=tuple(die_colour),
        die_label=tuple(die_label),
        cards=cards,
        white_per_player=int(setup["white_per_player"]),
        remove_normal=table(setup["remove_normal"]),
        remove_short=table(setup["remove_short"]),
        provenance=dict(doc.get("provenance", {})),
    )


@cache
def source_text(path: str | None = None) -> str:
    """The text of the component file: the shipped one, or the TOML file at ``path``."""
    if path is None:
        return resources.files(__package__).joinpath("data/components.toml").read_text("utf-8")
    return Path(path).read_text("utf-8")


@cache
def load(path: str | None = None) -> Components:
    """The component data: the shipped file, or another TOML file of the same shape."""
    return _build(tomllib.loads(source_text(path)))
