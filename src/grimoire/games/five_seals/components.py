"""Component data of Five Seals of Magic: colours and spells (``data/spells.toml``) and counts
(``data/components.toml``), each read once by a ``ComponentLoader`` with its provenance checked.

Numbering used everywhere in the package:

* colour ``0..4`` = Fire (R), Water (B), Air (Y), Earth (G), Mind (P); dice exist in 0..3 only.
* card ``5 * family + colour`` for the 20 spell families (Change = 0 .. Speed = 19), and
  ``BINDING`` = 100. Strength (= victory points) is ``family % 5 + 2``; Binding has 1.
* die ``6 * colour + k`` (k = 0..5): the 24 physical dice, named ``R1`` .. ``G6``.
* token code ``10 * colour + strength`` for a seal token, e.g. 12 = a red strength-2 token.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Final

from grimoire.core.components import ComponentError, ComponentLoader, provenance, whole_number

# Final: the compiled build reads each as a constant, not from the module's dictionary
R: Final = 0
B: Final = 1
Y: Final = 2
G: Final = 3
P: Final = 4
DICE_COLOURS: Final = (R, B, Y, G)
BINDING: Final = 100
NUM_CARDS: Final = 101
NUM_DICE: Final = 24

# Spell families (index = position in data/spells.toml).
CHANGE: Final = 0
RENEWAL: Final = 1
STRENGTHENING: Final = 2
GROWTH: Final = 3
SYNERGY: Final = 4
SWAP: Final = 5
EXCHANGE: Final = 6
ABSORPTION: Final = 7
DISINTEGRATION: Final = 8
REARRANGEMENT: Final = 9
DECEPTION: Final = 10
ALTERATION: Final = 11
TRANSFER: Final = 12
THEFT: Final = 13
EXPLOITATION: Final = 14
DISPATCH: Final = 15
LEAP: Final = 16
TELEPORTATION: Final = 17
GUARDIAN: Final = 18
SPEED: Final = 19
BINDING_FAMILY: Final = 20

SPELL_FIELDS = ("spells", "colours", "mind")  # provenance tags data/spells.toml needs
COUNT_FIELDS = ("dice", "tokens", "scrolls", "end", "mages")  # ... and data/components.toml
MIND_KINDS = ("choose", "any", "purple", "victim")


@dataclass(frozen=True)
class Spell:
    family: int
    name: str
    circle: int  # 1 = Might (also the basic circle), 2 = Spaces, 3 = Conflict, 4 = Movement
    strength: int
    mind: str  # how Mind picks its colour: "choose", "any", "purple" or "victim"
    summary: str


@dataclass(frozen=True)
class SpellBook:
    """What ``data/spells.toml`` holds: the colours, the 20 spells, Binding and the circles."""

    letters: tuple[str, ...]  # "RBYGP"
    elements: tuple[str, ...]  # "Fire", ...
    colour_names: tuple[str, ...]  # "red", ...
    spells: tuple[Spell, ...]
    binding_summary: str
    mayday_binding: str
    circle_names: dict[int, str]
    provenance: dict[str, str]


@dataclass(frozen=True)
class Components(SpellBook):
    """The spell book and the counts of ``data/components.toml``."""

    dice_per_colour: int
    supply_extra: int
    dice_per_player: int
    tokens_per_colour: dict[int, int]  # strength -> tokens per element colour
    end_threshold: dict[int, int]  # players -> strength-6 scrolls below which the game ends
    mages: tuple[tuple[str, str], ...]  # (mage, familiar)
    names: dict[str, int]  # card name (as is, lower-cased and short forms) -> card

    # ------------------------------------------------------------------ cards
    def card_name(self, card: int) -> str:
        if card == BINDING:
            return "Binding"
        return f"{self.spells[card // 5].name} of {self.elements[card % 5]}"

    def card_by_name(self, text: str) -> int | None:
        found = self.names.get(text)  # as written by to_json: "Growth of Fire"
        return found if found is not None else self.names.get(" ".join(text.lower().split()))

    def colour_by_name(self, word: str) -> int | None:
        """A colour from its letter (R), element (Fire) or name (red), in any case."""
        lowered = word.lower()
        for col, names in enumerate(
            zip(self.letters, self.elements, self.colour_names, strict=True)
        ):
            if lowered in (name.lower() for name in names):
                return col  # the lowest colour wins a shared name
        return None

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


# ---------------------------------------------------------------------- reading the data
def _table(doc: Mapping[str, Any], key: str, where: str) -> Mapping[str, Any]:
    value = doc.get(key)
    if not isinstance(value, Mapping):
        raise ComponentError(f"{where} needs a [{key}] table")
    return value


def _rows(doc: Mapping[str, Any], key: str, where: str, count: int) -> list[Mapping[str, Any]]:
    rows = doc.get(key)
    if not isinstance(rows, list) or len(rows) != count:
        raise ComponentError(f"{where} needs {count} [[{key}]] entries")
    if not all(isinstance(row, Mapping) for row in rows):
        raise ComponentError(f"{where}: every [[{key}]] entry is a table")
    return rows


def _text(row: Mapping[str, Any], key: str, where: str) -> str:
    value = row.get(key)
    if not isinstance(value, str) or not value:
        raise ComponentError(f"{where}.{key} must be a text, not {value!r}")
    return value


def _counts(table: Mapping[str, Any], where: str) -> dict[int, int]:
    """A TOML inline table ``{"2" = 10, ...}`` as {2: 10, ...}."""
    out: dict[int, int] = {}
    for key in table:
        if not str(key).isdigit():
            raise ComponentError(f"{where}: key {key!r} is not a whole number")
        out[int(key)] = whole_number(table, key, where)
    return out


def build_spells(doc: dict[str, Any]) -> SpellBook:
    """The spell book from the parsed ``data/spells.toml``; ComponentError on a fault."""
    where = "spells.toml"
    tags = provenance(doc.get("provenance"), SPELL_FIELDS, f"{where} [provenance]")
    colours = _rows(doc, "colour", where, 5)
    spells = []
    for index, entry in enumerate(_rows(doc, "spell", where, 20)):
        at = f"{where} spell {index + 1}"
        spell = Spell(
            family=index,
            name=_text(entry, "family", at),
            circle=whole_number(entry, "circle", at, 1),
            strength=whole_number(entry, "strength", at, 2),
            mind=_text(entry, "mind", at),
            summary=_text(entry, "summary", at),
        )
        if spell.strength != index % 5 + 2 or spell.circle != index // 5 + 1:
            raise ComponentError(f"{at}: circles 1..4 of strengths 2..6, in that order")
        if spell.mind not in MIND_KINDS:
            raise ComponentError(f"{at}.mind must be one of {MIND_KINDS}")
        spells.append(spell)
    binding = _table(doc, "binding", where)
    return SpellBook(
        letters=tuple(_text(c, "letter", f"{where} colour") for c in colours),
        elements=tuple(_text(c, "element", f"{where} colour") for c in colours),
        colour_names=tuple(_text(c, "name", f"{where} colour") for c in colours),
        spells=tuple(spells),
        binding_summary=_text(binding, "summary", f"{where} [binding]"),
        mayday_binding=_text(binding, "mayday", f"{where} [binding]"),
        circle_names={
            whole_number(c, "number", f"{where} circle", 1): _text(c, "name", f"{where} circle")
            for c in _rows(doc, "circle", where, 4)
        },
        provenance=tags,
    )


def build(doc: dict[str, Any]) -> Components:
    """The components from the parsed ``data/components.toml`` (or the file of the game's
    ``components`` option) and the spell book (``SPELLS``); ComponentError on a fault."""
    where = "components.toml"
    book = SPELLS.load(None)
    tags = provenance(doc.get("provenance"), COUNT_FIELDS, f"{where} [provenance]")
    dice = _table(doc, "dice", where)
    mages = doc.get("mage")
    if not isinstance(mages, list) or len(mages) < 5:
        raise ComponentError(f"{where} needs a [[mage]] for each of 5 seats")
    book_fields = {field.name: getattr(book, field.name) for field in fields(SpellBook)}
    comp = Components(
        **(book_fields | {"provenance": book.provenance | tags}),
        dice_per_colour=whole_number(dice, "per_colour", f"{where} [dice]", 6),
        supply_extra=whole_number(dice, "supply_extra", f"{where} [dice]"),
        dice_per_player=whole_number(dice, "per_player", f"{where} [dice]", 1),
        tokens_per_colour=_counts(
            _table(_table(doc, "tokens", where), "per_colour", f"{where} [tokens]"),
            f"{where} [tokens]",
        ),
        end_threshold=_counts(
            _table(_table(doc, "end", where), "threshold", f"{where} [end]"), f"{where} [end]"
        ),
        mages=tuple(
            (_text(m, "name", f"{where} mage"), _text(m, "familiar", f"{where} mage"))
            for m in mages
        ),
        names={},
    )
    comp.names.update(_card_names(comp))
    return comp


def _card_names(comp: Components) -> dict[str, int]:
    """Every way a card may be named: "Growth of Fire" (as is and lower-cased), "growth/r",
    "growth-of-fire"."""
    names = {comp.card_name(card).lower(): card for card in range(100)}
    names |= {comp.card_name(card): card for card in range(100)}
    names["binding"] = names["Binding"] = BINDING
    for card in range(100):
        names[f"{comp.spells[card // 5].name.lower()}/{comp.letters[card % 5].lower()}"] = card
        names[comp.card_name(card).lower().replace(" ", "-")] = card
    return names


SPELLS = ComponentLoader(__package__, build_spells, "data/spells.toml")
LOADER = ComponentLoader(__package__, build)


def component_texts(counts: str | None = None) -> list[str]:
    """The texts of the data files the components are made from: the spell book, then the
    counts (``data/components.toml``, or the file at ``counts``: the ``components`` option)."""
    return [SPELLS.text(None), LOADER.text(counts)]


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
