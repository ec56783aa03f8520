"""Runika's components, read from ``data/components.toml`` or a user's own file.

The data, not code, is the truth: dice faces per colour, the element disc, professors, runes
(pattern, points, timing, ability kind and parameters, starting mark, copies) and achievement
cards. Every table carries a provenance tag per field (RULEBOOK / SOURCED / PROPOSED / RULING);
the loader refuses a file without them.

Numbering used everywhere in the package:

* colour ``0..3`` in file order (G, R, B, Y with the shipped file); face type ``0..3`` =
  ``1``, element (mana), rotate, flame; a rolled die is ``4 * colour + face``.
* side ``0..3`` = top, right, bottom, left (clockwise); a disc orientation ``k`` has turned every
  colour ``k`` sides clockwise from its starting side.
* professor ``0..P-1`` in file order; rune ``0..R-1`` in file order; achievement kind ``0..A-1``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from grimoire.core.components import ComponentError, ComponentLoader, provenance, whole_number
from grimoire.games.runika.patterns import Pattern, PatternError, parse_pattern

FORMAT = "grimoire-runika-components/1"
FACES = ("1", "element", "rotate", "flame")
ONE, ELEMENT, ROTATE, FLAME = range(4)
SIDES = ("top", "right", "bottom", "left")
TIMINGS = ("C", "R", "F")

# Ability kinds the engine implements, with their parameters (name -> accepted values; an int
# type means a whole number). Activated kinds are used with ``ability <id>``; the others change
# a rule while the card is owned (an R or F timing limits how often).
ACTIVATED: dict[str, dict[str, Any]] = {
    "move_die": {"to": ("adjacent_empty", "any_empty")},
    "professor_ability": {"professor": str},
    "set_face": {"face": FACES[:3]},
    "draw_dice": {"count": int},
    "free_reroll": {"dice": int},
    "discard_die": {"points": ("one", "any")},
    "discard_line": {},
    "gain_points": {"points": int},
    "turn_disc": {},
    "swap_dice": {},
    "set_disc": {},
}
PASSIVE: dict[str, dict[str, Any]] = {
    "any_professor": {},
    "rotate_choice": {},
    "claim_bonus": {"colour": str, "dice": int, "points": int},
    "pocket": {},
    "opposite_side": {},
    "any_side": {},
    "draw_bonus": {"professor": str, "extra": int},
    "flame_bonus": {"points": int},
    "flame_any": {},
    "professor_turn": {},
    "discard_bonus": {"colour": str, "points": int},
    "save_pushed": {},
    "none": {},
}
# Professors' abilities (mandatory on placement): push_die and roll_below only exist there.
PROFESSOR_KINDS: dict[str, dict[str, Any]] = {
    "push_die": {},
    "discard_die": ACTIVATED["discard_die"],
    "set_disc": {},
    "draw_dice": ACTIVATED["draw_dice"],
    "roll_below": {},
}


@dataclass(frozen=True)
class Ability:
    kind: str
    params: dict[str, Any] = field(default_factory=dict)

    def get(self, name: str, default: Any = None) -> Any:
        return self.params.get(name, default)


@dataclass(frozen=True)
class Colour:
    index: int
    letter: str
    name: str
    element: str
    side: int  # starting side on the disc
    faces: tuple[int, ...]  # the six face types

    def weight(self, face: int) -> int:
        return self.faces.count(face)


@dataclass(frozen=True)
class Professor:
    index: int
    id: str
    name: str
    colour: int  # -1: any element face (Luniorn)
    ability: Ability
    token: bool
    optional: bool
    interaction: bool
    solo_runes: tuple[int, ...]
    solo_mastery: int  # -1 if none


@dataclass(frozen=True)
class Rune:
    index: int
    id: str
    name: str
    mastery: bool
    element: str
    pattern: Pattern
    points: int
    timing: str
    start: bool
    copies: int
    ability: Ability
    text: str


@dataclass(frozen=True)
class Achievement:
    index: int
    id: str
    name: str
    points: int
    copies: int
    timing: str
    ability: Ability
    text: str


@dataclass(frozen=True, eq=False)
class Components:
    colours: tuple[Colour, ...]
    professors: tuple[Professor, ...]
    runes: tuple[Rune, ...]
    achievements: tuple[Achievement, ...]
    dice_per_colour: int
    draft_dice: int
    display_extra: int
    prestige_tokens: int
    goal: int
    solo_draw: int
    solo_keep: int
    solo_remove: int
    provenance: dict[str, dict[str, str]]

    @cached_property
    def letters(self) -> str:
        return "".join(c.letter for c in self.colours)

    @cached_property
    def basic(self) -> tuple[int, ...]:
        return tuple(r.index for r in self.runes if not r.mastery)

    @cached_property
    def mastery(self) -> tuple[int, ...]:
        return tuple(r.index for r in self.runes if r.mastery)

    def colour_of(self, text: str) -> int | None:
        """A colour from its letter, name or element (any case)."""
        word = text.strip().lower()
        for colour in self.colours:
            if word in (colour.letter.lower(), colour.name, colour.element):
                return colour.index
        return None

    def die_text(self, code: int) -> str:
        """``G1``, ``Ge`` (element), ``Gr`` (rotate), ``Rf`` (flame); ``G?`` not rolled."""
        if code >= 16:
            return f"{self.letters[code - 16]}?"
        return self.letters[code // 4] + "1erf"[code % 4]

    def has_face(self, code: int) -> bool:
        """Whether the rolled die ``code`` shows a face its colour's die has (no green flame)."""
        return self.colours[code // 4].weight(code % 4) > 0

    def die_code(self, text: str) -> int | None:
        text = text.strip()
        if len(text) != 2:
            return None
        colour = self.colour_of(text[0])
        face = "1erf?".find(text[1].lower())
        if colour is None or face < 0:
            return None
        return 16 + colour if face == 4 else 4 * colour + face

    @cached_property
    def written(self) -> dict[str, dict[str, int]]:
        """The codes position documents are written with, by kind (``rune``, ``achievement``,
        ``professor``, ``colour``, ``die``; ``cell``: what a grid cell may hold, nothing or a
        die showing 1 or element), to read them back without the lookups by name."""
        dice = {self.die_text(code): code for code in range(20)}
        grid = {t: c for t, c in dice.items() if c < 16 and c % 4 < 2 and self.has_face(c)}
        return {
            "cell": {"..": -1, ".": -1} | grid,
            "rune": {r.id: r.index for r in self.runes},
            "achievement": {a.id: a.index for a in self.achievements},
            "professor": {p.id: p.index for p in self.professors},
            "colour": {c.letter: c.index for c in self.colours},
            "die": dice,
        }

    def rune_by_name(self, text: str) -> int | None:
        return self._rune_index.get(_key(text))

    def achievement_by_name(self, text: str) -> int | None:
        return self._ach_index.get(_key(text))

    def professor_by_name(self, text: str) -> int | None:
        return self._prof_index.get(_key(text))

    @cached_property
    def _rune_index(self) -> dict[str, int]:
        index = {_key(r.id): r.index for r in self.runes}
        index |= {_key(r.name): r.index for r in self.runes}
        return index

    @cached_property
    def _ach_index(self) -> dict[str, int]:
        index = {_key(a.id): a.index for a in self.achievements}
        return index | {_key(a.name): a.index for a in self.achievements}

    @cached_property
    def _prof_index(self) -> dict[str, int]:
        index = {_key(p.id): p.index for p in self.professors}
        return index | {_key(p.name): p.index for p in self.professors}


def _key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


# ---------------------------------------------------------------------- loading
def _ability(raw: Any, kinds: dict[str, dict[str, Any]], where: str) -> Ability:
    if not isinstance(raw, dict) or raw.get("kind") not in kinds:
        kind = raw.get("kind") if isinstance(raw, dict) else None
        raise ComponentError(
            f"{where}: unknown ability kind {kind!r}; ability.kind must be one of {sorted(kinds)}"
        )
    kind = str(raw["kind"])
    spec = kinds[kind]
    params = {k: v for k, v in raw.items() if k != "kind"}
    for name, value in params.items():
        accepted = spec.get(name)
        if accepted is None:
            raise ComponentError(f"{where}: ability {kind} takes no parameter {name!r}")
        if accepted is int:
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ComponentError(f"{where}: {kind}.{name} must be a whole number >= 0")
        elif accepted is str:
            if not isinstance(value, str):
                raise ComponentError(f"{where}: {kind}.{name} must be text")
        elif value not in accepted:
            raise ComponentError(f"{where}: {kind}.{name} must be one of {list(accepted)}")
    missing = [name for name in spec if name not in params]
    if missing:
        raise ComponentError(f"{where}: ability {kind} needs {missing}")
    return Ability(kind, params)


def _colours(doc: dict[str, Any]) -> tuple[Colour, ...]:
    provenance(
        doc.get("colour_provenance"), ["letter", "name", "element", "side", "faces"], "[[colour]]"
    )
    colours = []
    for index, raw in enumerate(doc.get("colour", [])):
        where = f"colour {index}"
        letter = str(raw.get("letter", ""))
        if len(letter) != 1 or not letter.isalpha() or letter.upper() != letter:
            raise ComponentError(f"{where}: letter must be one capital letter")
        if raw.get("side") not in SIDES:
            raise ComponentError(f"{where}: side must be one of {SIDES}")
        faces = raw.get("faces")
        if not isinstance(faces, list) or len(faces) != 6 or any(f not in FACES for f in faces):
            raise ComponentError(f"{where}: faces lists six of {FACES}")
        colours.append(
            Colour(
                index,
                letter,
                str(raw.get("name", letter)).lower(),
                str(raw.get("element", "")).lower(),
                SIDES.index(raw["side"]),
                tuple(FACES.index(f) for f in faces),
            )
        )
    if len(colours) != 4:
        raise ComponentError("the engine plays four dice colours")
    if sorted(c.side for c in colours) != [0, 1, 2, 3]:
        raise ComponentError("the four colours need four different disc sides")
    letters = [c.letter for c in colours]
    if len(set(letters)) != 4 or set(letters) & set("PK"):
        raise ComponentError("colour letters must differ and not be P or K (pattern codes)")
    return tuple(colours)


def _runes(doc: dict[str, Any], colours: tuple[Colour, ...]) -> tuple[Rune, ...]:
    fields = ["id", "name", "tier", "element", "pattern", "points", "timing", "start"]
    fields += ["copies", "ability", "text"]
    provenance(doc.get("rune_provenance"), fields, "[[rune]]")
    letters = "".join(c.letter for c in colours)
    runes = []
    for index, raw in enumerate(doc.get("rune", [])):
        where = f"rune {raw.get('id', index)!r}"
        tier = raw.get("tier")
        if tier not in ("basic", "mastery"):
            raise ComponentError(f"{where}: tier must be basic or mastery")
        if raw.get("timing") not in TIMINGS:
            raise ComponentError(f"{where}: timing must be one of {TIMINGS}")
        try:
            pattern = parse_pattern(str(raw.get("pattern", "")), letters, tier == "mastery")
        except PatternError as error:
            raise ComponentError(f"{where}: {error}") from error
        ability = _ability(raw.get("ability"), ACTIVATED | PASSIVE, where)
        if ability.kind in ACTIVATED and raw["timing"] == "C":
            raise ComponentError(f"{where}: an activated ability needs timing R or F")
        runes.append(
            Rune(
                index,
                str(raw["id"]),
                str(raw.get("name", raw["id"])),
                tier == "mastery",
                str(raw.get("element", "")),
                pattern,
                whole_number(raw, "points", where),
                str(raw["timing"]),
                bool(raw.get("start", False)),
                whole_number({"copies": raw.get("copies", 1)}, "copies", where, 1),
                ability,
                str(raw.get("text", "")),
            )
        )
    return tuple(runes)


def _achievements(doc: dict[str, Any]) -> tuple[Achievement, ...]:
    fields = ["id", "name", "points", "copies", "timing", "ability", "text"]
    provenance(doc.get("achievement_provenance"), fields, "[[achievement]]")
    cards = []
    for index, raw in enumerate(doc.get("achievement", [])):
        where = f"achievement {raw.get('id', index)!r}"
        if raw.get("timing") not in TIMINGS:
            raise ComponentError(f"{where}: timing must be one of {TIMINGS}")
        ability = _ability(raw.get("ability"), ACTIVATED | {"none": {}}, where)
        cards.append(
            Achievement(
                index,
                str(raw["id"]),
                str(raw.get("name", raw["id"])),
                whole_number(raw, "points", where),
                whole_number({"copies": raw.get("copies", 1)}, "copies", where, 1),
                str(raw["timing"]),
                ability,
                str(raw.get("text", "")),
            )
        )
    return tuple(cards)


def _professors(
    doc: dict[str, Any], colours: tuple[Colour, ...], runes: tuple[Rune, ...]
) -> tuple[Professor, ...]:
    fields = ["id", "name", "colour", "ability", "token", "optional", "interaction"]
    provenance(
        doc.get("professor_provenance"), [*fields, "solo_runes", "solo_mastery"], "[[professor]]"
    )
    by_id = {r.id: r.index for r in runes}
    letters = [c.letter for c in colours]
    profs = []
    for index, raw in enumerate(doc.get("professor", [])):
        where = f"professor {raw.get('id', index)!r}"
        colour = raw.get("colour")
        if colour != "any" and colour not in letters:
            raise ComponentError(f"{where}: colour must be a colour letter or 'any'")
        try:
            solo = tuple(by_id[r] for r in raw.get("solo_runes", []))
            mastery = by_id[raw["solo_mastery"]] if raw.get("solo_mastery") else -1
        except KeyError as error:
            raise ComponentError(f"{where}: unknown solo rune {error}") from error
        if any(runes[r].mastery for r in solo) or (mastery >= 0 and not runes[mastery].mastery):
            raise ComponentError(
                f"{where}: solo_runes are basic runes, solo_mastery a mastery rune"
            )
        profs.append(
            Professor(
                index,
                str(raw["id"]),
                str(raw.get("name", raw["id"])),
                -1 if colour == "any" else letters.index(colour),
                _ability(raw.get("ability"), PROFESSOR_KINDS, where),
                bool(raw.get("token", True)),
                bool(raw.get("optional", False)),
                bool(raw.get("interaction", False)),
                solo,
                mastery,
            )
        )
    return tuple(profs)


def build(doc: dict[str, Any]) -> Components:
    """Components from a parsed TOML document; raises ComponentError."""
    if doc.get("format") != FORMAT:
        raise ComponentError(f"a Runika components file starts with format = {FORMAT!r}")
    try:
        return _build(doc)
    except (AttributeError, KeyError, TypeError, ValueError) as error:  # a table of a wrong shape
        if isinstance(error, ComponentError):
            raise
        raise ComponentError(f"a Runika components file of another shape: {error!r}") from None


def _build(doc: dict[str, Any]) -> Components:
    game = doc.get("game", {})
    numbers = ["dice_per_colour", "draft_dice", "display_extra", "prestige_tokens", "goal"]
    numbers += ["solo_draw", "solo_keep", "solo_remove"]
    tags = {"game": provenance(game.get("provenance"), numbers, "[game]")}
    colours = _colours(doc)
    runes = _runes(doc, colours)
    achievements = _achievements(doc)
    professors = _professors(doc, colours, runes)
    comp = Components(
        colours=colours,
        professors=professors,
        runes=runes,
        achievements=achievements,
        dice_per_colour=whole_number(game, "dice_per_colour", "game", 1),
        draft_dice=whole_number(game, "draft_dice", "game", 1),
        display_extra=whole_number(game, "display_extra", "game"),
        prestige_tokens=whole_number(game, "prestige_tokens", "game", 1),
        goal=whole_number(game, "goal", "game", 1),
        solo_draw=whole_number(game, "solo_draw", "game", 1),
        solo_keep=whole_number(game, "solo_keep", "game", 1),
        solo_remove=whole_number(game, "solo_remove", "game"),
        provenance=tags,
    )
    _check(comp)
    return comp


def _check(comp: Components) -> None:
    """The cross-checks of a whole components file, in this order (the first failing one is
    the refusal)."""
    _check_names(comp)
    _check_professors(comp)
    _check_counts(comp)
    for rune in comp.runes:
        _check_references(comp, rune.ability, f"rune {rune.id!r}")
    for card in comp.achievements:
        _check_references(comp, card.ability, f"achievement {card.id!r}")


def _check_names(comp: Components) -> None:
    """Every id names one thing (the parser reads runes, achievements and professors by id)."""
    ids = [r.id for r in comp.runes] + [a.id for a in comp.achievements]
    ids += [p.id for p in comp.professors]
    if len({_key(i) for i in ids}) != len(ids):
        raise ComponentError("rune, achievement and professor ids must all differ")
    names = [_key(r.name) for r in comp.runes]
    if len(set(names)) != len(names):
        raise ComponentError("rune names must differ")


def _check_professors(comp: Components) -> None:
    """The four professors of the base game, one per colour, and optionally Luniorn."""
    base = [p for p in comp.professors if not p.optional]
    if sorted(p.colour for p in base) != [0, 1, 2, 3]:
        raise ComponentError("the four professors of the base game take one colour each")
    extra = [p for p in comp.professors if p.optional]
    if len(extra) > 1 or any(p.id != "luniorn" or p.token for p in extra):
        raise ComponentError("the only optional professor is luniorn, without a token")
    if comp.prestige_tokens < len(base):
        raise ComponentError("a player needs a prestige token for each professor")


def _check_counts(comp: Components) -> None:
    """Enough cards to play, and not more than the action space holds."""
    if not comp.basic or not comp.achievements:
        raise ComponentError("the game needs basic runes and achievement cards")
    if len(comp.runes) > 64 or len(comp.achievements) > 16:
        raise ComponentError("at most 64 runes and 16 achievement kinds fit the action space")


def _check_references(comp: Components, ability: Ability, where: str) -> None:
    """The professor or colour an ability names is one of the file's (an achievement's
    ability is an activated one: it names no colour)."""
    if ability.kind in ("professor_ability", "draw_bonus"):
        target = ability.get("professor")
        if target != "any" and comp.professor_by_name(target) is None:
            raise ComponentError(f"{where}: no professor {target!r}")
    if ability.kind in ("claim_bonus", "discard_bonus"):
        colour = ability.get("colour")
        if colour and comp.colour_of(colour) is None:
            raise ComponentError(f"{where}: no colour {colour!r}")


LOADER = ComponentLoader(__package__, build)
