"""Component data of Five Seals of Magic, loaded from ``data/*.toml``: colours, spells, counts.

Numbering used everywhere in the package:

* colour ``0..4`` = Fire (R), Water (B), Air (Y), Earth (G), Mind (P); dice exist in 0..3 only.
* card ``5 * family + colour`` for the 20 spell families (Change = 0 .. Speed = 19), and
  ``BINDING`` = 100. Strength (= victory points) is ``family % 5 + 2``; Binding has 1.
* die ``6 * colour + k`` (k = 0..5): the 24 physical dice, named ``R1`` .. ``G6``.
* token code ``10 * colour + strength`` for a seal token, e.g. 12 = a red strength-2 token.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

R, B, Y, G, P = range(5)
DICE_COLOURS = (R, B, Y, G)
BINDING = 100
NUM_CARDS = 101
NUM_DICE = 24

# Spell families (index = position in data/spells.toml).
CHANGE, RENEWAL, STRENGTHENING, GROWTH, SYNERGY = range(5)
SWAP, EXCHANGE, ABSORPTION, DISINTEGRATION, REARRANGEMENT = range(5, 10)
DECEPTION, ALTERATION, TRANSFER, THEFT, EXPLOITATION = range(10, 15)
DISPATCH, LEAP, TELEPORTATION, GUARDIAN, SPEED = range(15, 20)
BINDING_FAMILY = 20


@dataclass(frozen=True)
class Spell:
    family: int
    name: str
    circle: int  # 1 = Might (also the basic circle), 2 = Spaces, 3 = Conflict, 4 = Movement
    strength: int
    mind: str  # how Mind picks its colour: "choose", "any", "purple" or "victim"
    summary: str


@dataclass(frozen=True)
class Components:
    letters: tuple[str, ...]  # "RBYGP"
    elements: tuple[str, ...]  # "Fire", ...
    colour_names: tuple[str, ...]  # "red", ...
    spells: tuple[Spell, ...]
    binding_summary: str
    mayday_binding: str
    circle_names: dict[int, str]
    dice_per_colour: int
    supply_extra: int
    dice_per_player: int
    tokens_per_colour: dict[int, int]  # strength -> tokens per element colour
    end_threshold: dict[int, int]  # players -> strength-6 scrolls below which the game ends
    mages: tuple[tuple[str, str], ...]  # (mage, familiar)
    provenance: dict[str, str]

    # ------------------------------------------------------------------ cards
    def card_name(self, card: int) -> str:
        if card == BINDING:
            return "Binding"
        return f"{self.spells[card // 5].name} of {self.elements[card % 5]}"

    def card_by_name(self, text: str) -> int | None:
        return _card_names().get(" ".join(text.lower().split()))

    def tokens_of_strength(self, strength: int) -> int:
        return self.tokens_per_colour.get(strength, 0)


def family(card: int) -> int:
    return BINDING_FAMILY if card == BINDING else card // 5


def colour(card: int) -> int:
    return P if card == BINDING else card % 5


def strength(card: int) -> int:
    return 1 if card == BINDING else card // 5 % 5 + 2


def die_colour(die: int) -> int:
    return die // 6


def token(colour_: int, strength_: int) -> int:
    return 10 * colour_ + strength_


@cache
def _card_names() -> dict[str, int]:
    comp = load()
    names = {comp.card_name(card).lower(): card for card in range(NUM_CARDS) if card < 100}
    names["binding"] = BINDING
    for card in range(100):  # short forms: "change/r", "change-of-fire"
        names[f"{comp.spells[card // 5].name.lower()}/{comp.letters[card % 5].lower()}"] = card
        names[comp.card_name(card).lower().replace(" ", "-")] = card
    return names


DATA_FILES = ("spells.toml", "components.toml")


@cache
def data_text(name: str) -> str:
    """The text of a shipped data file."""
    return resources.files("grimoire.games.five_seals").joinpath("data", name).read_text("utf-8")


def _read(name: str) -> dict[str, Any]:
    return tomllib.loads(data_text(name))


@cache
def load() -> Components:
    """The shipped component data (cached; it is immutable)."""
    spells_doc = _read("spells.toml")
    counts = _read("components.toml")
    colours = spells_doc["colour"]
    spells = tuple(
        Spell(
            family=index,
            name=entry["family"],
            circle=int(entry["circle"]),
            strength=int(entry["strength"]),
            mind=entry["mind"],
            summary=entry["summary"],
        )
        for index, entry in enumerate(spells_doc["spell"])
    )
    if len(spells) != 20 or any(s.strength != s.family % 5 + 2 for s in spells):
        raise ValueError("spells.toml must list 20 spells, strengths 2..6 within each circle")
    provenance = dict(spells_doc["provenance"]) | dict(counts["provenance"])
    return Components(
        letters=tuple(c["letter"] for c in colours),
        elements=tuple(c["element"] for c in colours),
        colour_names=tuple(c["name"] for c in colours),
        spells=spells,
        binding_summary=spells_doc["binding"]["summary"],
        mayday_binding=spells_doc["binding"]["mayday"],
        circle_names={int(c["number"]): c["name"] for c in spells_doc["circle"]},
        dice_per_colour=int(counts["dice"]["per_colour"]),
        supply_extra=int(counts["dice"]["supply_extra"]),
        dice_per_player=int(counts["dice"]["per_player"]),
        tokens_per_colour={int(k): int(v) for k, v in counts["tokens"]["per_colour"].items()},
        end_threshold={int(k): int(v) for k, v in counts["end"]["threshold"].items()},
        mages=tuple((m["name"], m["familiar"]) for m in counts["mage"]),
        provenance=provenance,
    )


def cards_in_play(circle: int) -> dict[int, dict[int, int]]:
    """strength -> {card: copies} for the basic circle plus additional circle ``circle``.

    Circle I repeats the basic set, so with circle 1 every Might card has two copies.
    """
    by_strength: dict[int, dict[int, int]] = {}
    for fam in (*range(5), *range(5 * (circle - 1), 5 * circle)):
        for col in range(5):
            card = 5 * fam + col
            pile = by_strength.setdefault(strength(card), {})
            pile[card] = pile.get(card, 0) + 1
    return by_strength
