"""F.A.T.A.L.'s components, read from ``data/components.toml`` or a user's own file.

The data, not code, is the truth: birth-signs, character sets, treasure values, the 52 visions
and the enchantment cards (names, copies, which implemented effect each one uses), and the
numbers of the rules (hand size, display, chart...). Every field carries a provenance tag
(RULEBOOK / SOURCED / PROPOSED / RULING); the loader refuses a file without them.

Kinds and physical objects:

* a *card kind* is a vision (0 .. V-1, by id ``V01``) or an enchantment kind (V .. V+E-1, by
  name); physical cards are numbered too (each enchantment has ``copies`` physical cards);
* a *treasure kind* is a colour and a value (``R3``, ``Y-1``), over all five colours, and the
  last kind is the Enchantress Queen; physical treasures are those of the colours in play.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from grimoire.core.components import ComponentError, ComponentLoader, provenance, whole_number

FORMAT = "grimoire-fatal-components/1"
TYPES = ("DRAW", "TAKE", "STEAL", "DISCARD")
SYMBOLS = ("stone", "multiblade", "parchment", "none")
EFFECTS = ("shield", "swap", "double", "wind", "star", "pickpocket", "gaze", "unmask", "trade")
# stone beats multiblade, multiblade beats parchment, parchment beats stone (RULEBOOK)
BEATS = {"stone": "multiblade", "multiblade": "parchment", "parchment": "stone"}
QUEEN_NAME = "Queen"


@dataclass(frozen=True)
class Sign:
    index: int
    key: str
    name: str
    colour: str
    letter: str


@dataclass(frozen=True)
class Vision:
    kind: int
    id: str
    type: str  # DRAW, TAKE, STEAL, DISCARD (the head, shown straight)
    symbol: str  # stone, multiblade, parchment, none
    head_stars: int
    second: bool  # the foot (shown reversed) targets a SECOND player
    foot_stars: int
    tip_stars: int

    def stars(self, position: int) -> int:
        """Stars shown in row position 0 (straight), 1 (reversed) or 2 (sideways)."""
        return (self.head_stars, self.foot_stars, self.tip_stars)[position]


@dataclass(frozen=True)
class Enchantment:
    kind: int
    key: str
    name: str
    effect: str
    copies: int
    text: str


@dataclass(frozen=True, eq=False)
class Components:
    signs: tuple[Sign, ...]
    sets: dict[int, tuple[int, ...]]  # players -> sign indices, a cycle (each opposes the next)
    values: tuple[int, ...]  # the treasure values of every colour
    visions: tuple[Vision, ...]
    enchantments: tuple[Enchantment, ...]
    hand_size: int
    hand_limit: int
    display: int
    queen_pool: int
    rows: int
    row_length: int
    plays: int
    stars_needed: int
    trimagics: int
    exchange_draw: int
    exchange_discard: int
    exchange_values: tuple[int, ...]
    chart: tuple[int, ...]
    provenance: dict[str, dict[str, str]]

    # ------------------------------------------------------------------ card kinds
    @property
    def num_card_kinds(self) -> int:
        return len(self.visions) + len(self.enchantments)

    def is_vision(self, kind: int) -> bool:
        return kind < len(self.visions)

    def enchantment(self, kind: int) -> Enchantment:
        return self.enchantments[kind - len(self.visions)]

    @cached_property
    def card_names(self) -> tuple[str, ...]:
        return tuple(v.id for v in self.visions) + tuple(e.name for e in self.enchantments)

    def card_name(self, kind: int) -> str:
        return self.card_names[kind]

    @cached_property
    def _card_index(self) -> dict[str, int]:
        index = {v.id.lower(): v.kind for v in self.visions}
        for ench in self.enchantments:
            index[ench.name.lower()] = index[ench.key.lower()] = ench.kind
        return index

    def card_by_name(self, text: str) -> int | None:
        return self._card_index.get(" ".join(text.lower().split()))

    def effect_kind(self, effect: str) -> list[int]:
        """Card kinds whose effect is ``effect``."""
        return [e.kind for e in self.enchantments if e.effect == effect]

    # ------------------------------------------------------------------ treasure kinds
    @cached_property
    def treasure_kinds(self) -> tuple[tuple[int, int], ...]:
        """(sign index, value) of every treasure kind, the Queen excluded (she is the last)."""
        distinct = sorted(set(self.values), reverse=True)
        return tuple((sign.index, value) for sign in self.signs for value in distinct)

    @cached_property
    def queen(self) -> int:
        return len(self.treasure_kinds)

    @cached_property
    def treasure_names(self) -> tuple[str, ...]:
        names = [f"{self.signs[sign].letter}{value}" for sign, value in self.treasure_kinds]
        return (*names, QUEEN_NAME)

    @property
    def num_treasure_kinds(self) -> int:
        return len(self.treasure_kinds) + 1

    def treasure_kind(self, sign: int, value: int) -> int:
        return self.treasure_kinds.index((sign, value))

    def treasure_name(self, kind: int) -> str:
        return self.treasure_names[kind]

    @cached_property
    def _treasure_index(self) -> dict[str, int]:
        index = {name.lower(): kind for kind, name in enumerate(self.treasure_names)}
        index["q"] = index["enchantress queen"] = self.queen
        return index

    def treasure_by_name(self, text: str) -> int | None:
        return self._treasure_index.get(" ".join(text.lower().split()))

    def sign_by_name(self, text: str) -> int | None:
        word = text.strip().lower()
        for sign in self.signs:
            if word in (sign.key, sign.name.lower()):
                return sign.index
        return None


# ---------------------------------------------------------------------- loading
NUMBERS = (
    *("hand_size", "hand_limit", "display", "queen_pool", "rows", "row_length", "plays"),
    *("stars_needed", "trimagics", "exchange_draw", "exchange_discard", "exchange_values"),
    "chart",
)


def build(doc: dict[str, Any]) -> Components:
    """Components from a parsed TOML document; raises ComponentError."""
    if doc.get("format") != FORMAT:
        raise ComponentError(f"a F.A.T.A.L. components file starts with format = {FORMAT!r}")
    game = doc.get("game", {})
    tags = {"game": provenance(game.get("provenance"), list(NUMBERS), "[game]")}
    signs = _signs(doc, tags)
    sets = _character_sets(doc, tags, signs)
    treasures = doc.get("treasures", {})
    tags["treasures"] = provenance(treasures.get("provenance"), ["count", "values"], "[treasures]")
    values = tuple(int(v) for v in treasures.get("values", []))
    if not values:
        raise ComponentError("treasures.values lists the treasure values of a colour")
    visions = _visions(doc, tags)
    enchantments = _enchantments(doc, tags, len(visions))
    _distinct_card_names(visions, enchantments)
    comp = Components(
        signs=tuple(signs),
        sets=sets,
        values=values,
        visions=tuple(visions),
        enchantments=tuple(enchantments),
        hand_size=whole_number(game, "hand_size", "game", 1),
        hand_limit=whole_number(game, "hand_limit", "game", 1),
        display=whole_number(game, "display", "game", 1),
        queen_pool=whole_number(game, "queen_pool", "game", 1),
        rows=whole_number(game, "rows", "game", 1),
        row_length=whole_number(game, "row_length", "game", 2),
        plays=whole_number(game, "plays", "game", 1),
        stars_needed=whole_number(game, "stars_needed", "game", 1),
        trimagics=whole_number(game, "trimagics", "game", 1),
        exchange_draw=whole_number(game, "exchange_draw", "game"),
        exchange_discard=whole_number(game, "exchange_discard", "game"),
        exchange_values=tuple(int(v) for v in game.get("exchange_values", [])),
        chart=tuple(int(v) for v in game.get("chart", [])),
        provenance=tags,
    )
    _fits_the_engine(comp)
    return comp


Tags = dict[str, dict[str, str]]


def _signs(doc: dict[str, Any], tags: Tags) -> list[Sign]:
    """The birth-signs, with distinct keys and letters."""
    signs = []
    for index, raw in enumerate(doc.get("sign", [])):
        try:
            signs.append(
                Sign(
                    index, str(raw["key"]), str(raw["name"]), str(raw["colour"]), str(raw["letter"])
                )
            )
        except KeyError as error:
            raise ComponentError(f"sign {index} lacks {error}") from error
    tags["sign"] = provenance(
        doc.get("sign_provenance"), ["key", "name", "colour", "letter"], "[[sign]]"
    )
    if len({s.letter for s in signs}) != len(signs) or len({s.key for s in signs}) != len(signs):
        raise ComponentError("signs need distinct keys and letters")
    return signs


def _character_sets(
    doc: dict[str, Any], tags: Tags, signs: list[Sign]
) -> dict[int, tuple[int, ...]]:
    """Players -> the character set (sign indices, a cycle: each opposes the next)."""
    by_key = {s.key: s.index for s in signs}
    chars = dict(doc.get("characters", {}))
    tags["characters"] = provenance(
        chars.pop("provenance", None), ["sets", "cycle"], "[characters]"
    )
    sets: dict[int, tuple[int, ...]] = {}
    for players, keys in chars.items():
        try:
            indices = tuple(by_key[k] for k in keys)
        except KeyError as error:
            raise ComponentError(
                f"character set {players} names an unknown sign {error}"
            ) from error
        if len(indices) != int(players) or len(set(indices)) != len(indices):
            raise ComponentError(f"character set {players} needs {players} different signs")
        sets[int(players)] = indices
    return sets


VISION_COLUMNS = ["id", "type", "symbol", "head_stars", "target", "foot_stars", "tip_stars"]


def _visions(doc: dict[str, Any], tags: Tags) -> list[Vision]:
    """The visions, one row each in the declared columns, with distinct ids."""
    vis = doc.get("visions", {})
    columns = VISION_COLUMNS
    tags["visions"] = provenance(vis.get("provenance"), ["count", *columns], "[visions]")
    if list(vis.get("columns", [])) != columns:
        raise ComponentError(f"visions.columns must be {columns}")
    visions = [_vision(kind, row) for kind, row in enumerate(vis.get("cards", []))]
    if len({v.id.lower() for v in visions}) != len(visions) or not visions:
        raise ComponentError("visions need distinct ids")
    return visions


def _vision(kind: int, row: list[Any]) -> Vision:
    if len(row) != len(VISION_COLUMNS):
        raise ComponentError(f"vision row {row!r} needs {len(VISION_COLUMNS)} fields")
    vid, vtype, symbol, head, target, foot, tip = row
    if vtype not in TYPES or symbol not in SYMBOLS or target not in ("ONE", "SECOND"):
        raise ComponentError(
            f"vision {vid}: type in {TYPES}, symbol in {SYMBOLS}, target ONE/SECOND"
        )
    if min(int(head), int(foot), int(tip)) < 0:
        raise ComponentError(f"vision {vid}: stars cannot be negative")
    return Vision(kind, str(vid), vtype, symbol, int(head), target == "SECOND", int(foot), int(tip))


def _enchantments(doc: dict[str, Any], tags: Tags, first: int) -> list[Enchantment]:
    """The enchantment kinds (card kinds from ``first``, after the visions)."""
    enchantments: list[Enchantment] = []
    for index, raw in enumerate(doc.get("enchantment", [])):
        effect = str(raw.get("effect"))
        if effect not in EFFECTS:
            raise ComponentError(
                f"enchantment {raw.get('name')!r}: effect must be one of {EFFECTS}"
            )
        enchantments.append(
            Enchantment(
                first + index,
                str(raw["key"]),
                str(raw["name"]),
                effect,
                int(raw.get("copies", 1)),
                str(raw.get("text", "")),
            )
        )
    tags["enchantment"] = provenance(
        doc.get("enchantment_provenance"),
        ["count", "key", "name", "effect", "copies", "text"],
        "[[enchantment]]",
    )
    return enchantments


def _distinct_card_names(visions: list[Vision], enchantments: list[Enchantment]) -> None:
    names = [v.id.lower() for v in visions]
    names += [n for e in enchantments for n in {e.name.lower(), e.key.lower()}]
    if len(set(names)) != len(names):
        raise ComponentError("card ids, enchantment names and keys must all differ")


def _fits_the_engine(comp: Components) -> None:
    """What the engine and its action ids can play (two rows of three, a display of three)."""
    if comp.rows != 2 or comp.row_length != 3 or comp.display != 3:
        raise ComponentError("the engine plays two rows of three cards and a display of three")
    if len(comp.chart) < len(comp.values):
        raise ComponentError("game.chart needs an entry per treasure of a colour")
    if comp.queen_pool > len(comp.values) * 3 - comp.display:
        raise ComponentError("game.queen_pool is larger than the treasure deck")
    if len(comp.enchantments) > 9 or len(comp.visions) > 60:
        raise ComponentError("at most 60 visions and 9 enchantment kinds fit the action space")


@dataclass(frozen=True, eq=False)
class Layout:
    """The physical objects of a game at one player count: cards, treasures, characters."""

    comp: Components
    players: int
    card_kind: tuple[int, ...]  # physical card -> card kind
    first_of_kind: tuple[int, ...]  # card kind -> its first physical card
    tre_kind: tuple[int, ...]  # physical treasure -> treasure kind (the Queen last)
    signs: tuple[int, ...]  # the character set (sign indices, a cycle)

    @property
    def num_cards(self) -> int:
        return len(self.card_kind)

    @property
    def num_treasures(self) -> int:
        return len(self.tre_kind)

    @property
    def queen(self) -> int:
        """The Queen's physical treasure id (the last one)."""
        return len(self.tre_kind) - 1

    def opposing(self, sign: int) -> int:
        """The opposing sign of ``sign`` in this set: the next one in the cycle."""
        index = self.signs.index(sign)
        return self.signs[(index + 1) % len(self.signs)]

    @cached_property
    def tre_value(self) -> tuple[int, ...]:
        kinds = self.comp.treasure_kinds
        return tuple(kinds[k][1] if k < len(kinds) else 0 for k in self.tre_kind)

    @cached_property
    def tre_colour(self) -> tuple[int, ...]:
        kinds = self.comp.treasure_kinds
        return tuple(kinds[k][0] if k < len(kinds) else -1 for k in self.tre_kind)

    def value(self, tid: int) -> int:
        return self.tre_value[tid]

    def colour(self, tid: int) -> int:
        """The sign index of a treasure's colour (-1 for the Queen)."""
        return self.tre_colour[tid]


def layout(comp: Components, players: int) -> Layout:
    if players not in comp.sets:
        raise ComponentError(f"the components have no character set for {players} players")
    card_kind: list[int] = [v.kind for v in comp.visions]
    first = [v.kind for v in comp.visions]
    for ench in comp.enchantments:
        first.append(len(card_kind))
        card_kind += [ench.kind] * ench.copies
    signs = comp.sets[players]
    tre_kind = [comp.treasure_kind(s, v) for s in signs for v in comp.values]
    if len(tre_kind) - comp.queen_pool + 1 < comp.display:
        raise ComponentError("too few treasures for the display above the Queen's pool")
    tre_kind.append(comp.queen)
    return Layout(comp, players, tuple(card_kind), tuple(first), tuple(tre_kind), signs)


LOADER = ComponentLoader(__package__, build)
