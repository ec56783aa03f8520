"""The rule behind every move (``Game.explain``): what an action would do for the seat that
may take it, in its words, with the rule and its section in docs/rules/runika.md.

Built from what that seat may see: the public table, its own storage, quick-draft hand,
secret runes and sealed claims. The pending question is the seat's top frame (the draft and
the quick draft's pass have none).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from grimoire.core.i18n import N_
from grimoire.games.runika import claims
from grimoire.games.runika.components import ELEMENT, FLAME, ONE, ROTATE, SIDES
from grimoire.games.runika.flow import score
from grimoire.games.runika.frames import Ab, At, Fort, Main, Pick, Quarry, Resolve
from grimoire.games.runika.grid import line_cells, neighbour, push_in, ray
from grimoire.games.runika.text import _

if TYPE_CHECKING:
    from grimoire.games.runika.frames import Frame
    from grimoire.games.runika.state import RunikaState

RULES = {
    "draft": N_("a round, 1: the draft"),
    "reroll": N_("a round, 2: turns, re-rolls"),
    "resolve": N_("a round, 2: turns, resolving a die"),
    "one": N_("a round, 2: turns, a 1 face"),
    "element": N_("a round, 2: turns, an element face"),
    "rotate": N_("a round, 2: turns, a rotate face"),
    "flame": N_("a round, 2: turns, a flame face"),
    "runes": N_("a round, 2: turns, claiming runes"),
    "ability": N_("the card's ability ({card})"),
    "professor": N_("the professors: {name}"),
}
PROFESSOR_ABILITY = {
    "push_die": N_("push one die of a grid one space, shoving the dice ahead"),
    "discard_die": N_("discard one die of a grid, 1 point if it showed 1"),
    "set_disc": N_("turn your disc to any orientation"),
    "draw_dice": N_("draw dice from the bag and roll them into your storage"),
    "roll_below": N_("roll one die below Luniorn into your storage"),
}
FACE_WORDS = {
    ONE: N_("a 1 face: pushed into your grid from its colour's side of the disc"),
    ELEMENT: N_(
        "an element face: pushed into your grid like a 1, or placed on the free professor of "
        "its colour for a prestige token and that professor's ability"
    ),
    ROTATE: N_("a rotate face: discarded, and your disc turns a quarter clockwise"),
    FLAME: N_(
        "a flame face: it replaces a die of your grid (showing 1), or every red die of your "
        "grid is discarded"
    ),
}
FACE_RULE = {ONE: "one", ELEMENT: "element", ROTATE: "rotate", FLAME: "flame"}
DIRECTION = (N_("up"), N_("right"), N_("down"), N_("left"))
SIDE_WORDS = {
    "top": N_("the top"),
    "right": N_("the right"),
    "bottom": N_("the bottom"),
    "left": N_("the left"),
}

Args = tuple[int, ...]
Said = tuple[str, str]
Explainer = Callable[["RunikaState", "Frame | None", Args, int], Said]


def explain(st: RunikaState, action: int, seat: int) -> str:
    """What ``action`` does for ``seat`` now, and the rule (the game's words)."""
    name, args = st.codec.decode(action)
    frame = st.stacks[seat][-1] if st.stacks[seat] else None
    said = KINDS.get(name)
    if said is None:
        return st.codec.text(action, st)
    what, rule = said(st, frame, args, seat)
    return _("{what} (rules: {rule})").format(what=what, rule=rule)


def _rule(key: str, **values: str) -> str:
    return _(RULES[key]).format(**values)


def cell_name(cell: int) -> str:
    """``b3``: column a..d, row 1..4 from the top (as the board labels them)."""
    row, col = divmod(cell, 4)
    return f"{'abcd'[col]}{row + 1}"


def _die(st: RunikaState, die: int) -> str:
    return st.comp.die_text(die)


def _colour(st: RunikaState, colour: int) -> str:
    return _(st.comp.colours[colour].name)


def _on(st: RunikaState, grid: list[int], cell: int) -> str:
    die = grid[cell]
    return f"{cell_name(cell)} ({_die(st, die) if die >= 0 else '..'})"


# ---------------------------------------------------------------------- simple choices
def _done(st: RunikaState, f: Frame | None, args: Args, seat: int) -> Said:
    if isinstance(f, Fort):
        return _("lets {die} go: it goes back to the bag").format(die=_die(st, f.d)), _rule(
            "ability", card="Fortification"
        )
    if isinstance(f, Quarry):
        return _("leaves your disc as it is"), _rule("ability", card="Quarry")
    stage = f.stage if isinstance(f, Main) else ""
    if stage == "reroll":
        return _("ends re-rolling: next you resolve your stored dice, one by one"), _rule("reroll")
    if stage == "claims":
        return _("claims no more runes: the display is refilled and your turn ends"), _rule("runes")
    return _("ends resolving: next you may claim runes your grid holds"), _rule("resolve")


def _cancel(st: RunikaState, f: Frame | None, args: Args, seat: int) -> Said:
    if isinstance(f, Pick):
        return _("takes back the re-roll: the paid die stays in your storage"), _rule("reroll")
    if isinstance(f, Resolve):
        return _("puts {die} back into your storage, unresolved").format(die=_die(st, f.d)), _rule(
            "resolve"
        )
    if isinstance(f, At):
        return _("takes back the claim: nothing changes"), _rule("runes")
    return _("takes back the ability: nothing changes"), _rule("resolve")


def _roll(st: RunikaState, f: Frame | None, args: Args, seat: int) -> Said:
    marked: list[int] = f.sel if isinstance(f, Pick) else []
    dice = " ".join(_die(st, d) for d in marked) or "-"
    return _("rolls the marked dice again ({dice})").format(dice=dice), _rule("reroll")


def _flame_clear(st: RunikaState, f: Frame | None, args: Args, seat: int) -> Said:
    red = st.comp.colour_of("R")
    count = sum(1 for d in st.grid[seat] if d >= 0 and d // 4 == red)
    return _("discards every red die of your grid ({count}) and the flame die").format(
        count=count
    ), _rule("flame")


def _turn(clockwise: bool) -> Explainer:
    def said(st: RunikaState, f: Frame | None, args: Args, seat: int) -> Said:
        after = (st.disc[seat] + (1 if clockwise else 3)) % 4
        top = next(c for c in st.comp.colours if (c.side + after) % 4 == 0)
        what = (
            _("turns your disc a quarter clockwise: {colour} comes to the top")
            if clockwise
            else _("turns your disc a quarter counter-clockwise: {colour} comes to the top")
        ).format(colour=_(top.name))
        if isinstance(f, Quarry):
            return what, _rule("ability", card="Quarry")
        if isinstance(f, Ab):
            return what, _card_rule(st, seat, f)
        return what, _rule("rotate")

    return said


# ---------------------------------------------------------------------- dice
def _draft(st: RunikaState, f: Frame | None, args: Args, seat: int) -> Said:
    return _("takes a {colour} die from the middle into your storage (rolled in your turn)").format(
        colour=_colour(st, args[0])
    ), _rule("draft")


def _pass(st: RunikaState, f: Frame | None, args: Args, seat: int) -> Said:
    return _(
        "passes a {colour} die of your quick-draft hand to the next player, in "
        "secret; you keep the others"
    ).format(colour=_colour(st, args[0])), _rule("draft")


def _discard(st: RunikaState, f: Frame | None, args: Args, seat: int) -> Said:
    return _(
        "pays {die} back to the bag for a re-roll: next you mark the stored dice to roll again"
    ).format(die=_die(st, args[0])), _rule("reroll")


def _reroll(st: RunikaState, f: Frame | None, args: Args, seat: int) -> Said:
    count = len(f.sel) + 1 if isinstance(f, Pick) else 1
    return _("marks {die} for the re-roll ({count} marked)").format(
        die=_die(st, args[0]), count=count
    ), _rule("reroll")


def _resolve(st: RunikaState, f: Frame | None, args: Args, seat: int) -> Said:
    die = args[0]
    face = die % 4
    return _("resolves {die} next, {face}").format(
        die=_die(st, die), face=_(FACE_WORDS[face])
    ), _rule(FACE_RULE[face])


def _keep(st: RunikaState, f: Frame | None, args: Args, seat: int) -> Said:
    return _("keeps {die} in your Magic Pocket for the next round").format(
        die=_die(st, args[0])
    ), _rule("ability", card="Magic Pocket")


def _die_choice(st: RunikaState, f: Frame | None, args: Args, seat: int) -> Said:
    face = str(f.a.get("face", "?")) if isinstance(f, Ab) else "?"
    return _("turns {die} in your storage to its {face} face").format(
        die=_die(st, args[0]), face=face
    ), _card_rule(st, seat, f)


def _enter(st: RunikaState, f: Frame | None, args: Args, seat: int) -> Said:
    side, lane = args
    die = f.d if isinstance(f, Resolve) else -1
    grid = list(st.grid[seat])
    off = push_in(grid, side, lane, die)
    landed = next((c for c in range(16) if grid[c] == die and st.grid[seat][c] != die), -1)
    where = _("{side}, lane {lane}").format(
        side=_(SIDE_WORDS[SIDES[side]]), lane=("abcd" if side in (0, 2) else "1234")[lane]
    )
    what = _("pushes {die} into your grid from {where}").format(die=_die(st, die), where=where)
    if landed >= 0:
        what += ": " + _("it lands on {cell}").format(cell=cell_name(landed))
    if off >= 0:
        what += "; " + _("{die} is pushed off the far edge, back to the bag").format(
            die=_die(st, off)
        )
    return what, _rule("one")


def _professor(st: RunikaState, f: Frame | None, args: Args, seat: int) -> Said:
    prof = st.comp.professors[args[0]]
    ability = _(PROFESSOR_ABILITY.get(prof.ability.kind, N_("its ability")))
    if isinstance(f, Ab):
        return _("uses {name}'s ability by your card: {ability}").format(
            name=prof.name, ability=ability
        ), _rule("professor", name=prof.name)
    die = _die(st, f.d) if isinstance(f, Resolve) else "?"
    what = _("places {die} on {name}").format(die=die, name=prof.name)
    if prof.token:
        what += ": " + _("you put a prestige token there (4 on professors win an achievement)")
    return what + "; " + _("then you must use its ability: {ability}").format(
        ability=ability
    ), _rule("element")


# ---------------------------------------------------------------------- grid choices
def _cell(st: RunikaState, f: Frame | None, args: Args, seat: int) -> Said:
    cell = args[0]
    if isinstance(f, Resolve):
        return _("discards the die on {cell} and puts the flame die there, showing 1").format(
            cell=_on(st, st.grid[seat], cell)
        ), _rule("flame")
    if not isinstance(f, Ab):
        return cell_name(cell), _rule("resolve")
    grid = st.grid[f.g if f.kind in ("push_die", "discard_die") else seat]
    card = _card_rule(st, seat, f)
    if f.kind == "discard_die":
        points = (
            _("1 point")
            if f.a.get("points") == "any" or grid[cell] % 4 == ONE
            else _("no point (it does not show 1)")
        )
        return _("discards the die on {cell}: {points}").format(
            cell=_on(st, grid, cell), points=points
        ), card
    if f.kind == "move_die" and f.c >= 0:
        return _("moves the die on {cell} to {to}").format(
            cell=_on(st, grid, f.c), to=cell_name(cell)
        ), card
    return _("chooses the die on {cell}; next, where it goes").format(
        cell=_on(st, grid, cell)
    ), card


def _dir(st: RunikaState, f: Frame | None, args: Args, seat: int) -> Said:
    direction = args[0]
    if not isinstance(f, Ab):
        return _(DIRECTION[direction]), _rule("resolve")
    grid = st.grid[f.g if f.kind == "push_die" else seat]
    card = _card_rule(st, seat, f)
    way = _(DIRECTION[direction])
    if f.kind == "push_die":
        ahead = [c for c in ray(f.c, direction) if grid[c] >= 0]
        what = _("pushes the die on {cell} {way}, shoving {count} dice ahead of it").format(
            cell=_on(st, grid, f.c), way=way, count=len(ahead)
        )
        if len(ahead) == len(ray(f.c, direction)):
            what += "; " + _("the last one falls off the grid")
        return what, card
    to = neighbour(f.c, direction)
    if f.kind == "swap_dice":
        return _("swaps the die on {cell} with the one {way} of it ({other})").format(
            cell=_on(st, grid, f.c), way=way, other=_on(st, grid, to)
        ), card
    return _("moves the die on {cell} {way} to {to}").format(
        cell=_on(st, grid, f.c), way=way, to=cell_name(to)
    ), card


def _orient(st: RunikaState, f: Frame | None, args: Args, seat: int) -> Said:
    return _("turns your disc so that {colour} is on top").format(
        colour=_colour(st, args[0])
    ), _rule("professor", name="Ekamu")


def _line(st: RunikaState, f: Frame | None, args: Args, seat: int) -> Said:
    line = args[0]
    grid = st.grid[seat]
    dice = [grid[c] for c in line_cells(line) if grid[c] >= 0]
    ones = sum(1 for d in dice if d % 4 == ONE)
    name = (_("row {row}") if line < 4 else _("column {column}")).format(
        row=line + 1, column="abcd"[line % 4]
    )
    return _("discards every die of {line} ({count}): {points} points for the 1 faces").format(
        line=name, count=len(dice), points=ones
    ), _card_rule(st, seat, f)


def _seat(st: RunikaState, f: Frame | None, args: Args, seat: int) -> Said:
    whose = args[0]
    what = (
        _("uses the ability on your own grid")
        if whose == seat
        else _("uses the ability on seat {seat}'s grid").format(seat=whose + 1)
    )
    return what, _card_rule(st, seat, f)


def _charm(st: RunikaState, f: Frame | None, args: Args, seat: int) -> Said:
    prof = st.comp.professors[args[0]]
    dice = " ".join(_die(st, d) for d in st.prof_dice[args[0]])
    return _(
        "gives up your charm token: the die on {name} ({dice}) is discarded, so the "
        "professor is free again"
    ).format(name=prof.name, dice=dice), _rule("ability", card="Charm")


def _luniorn(st: RunikaState, f: Frame | None, args: Args, seat: int) -> Said:
    return _("rolls the {colour} die below Luniorn into your storage").format(
        colour=_colour(st, args[0])
    ), _rule("professor", name="Luniorn")


# ---------------------------------------------------------------------- cards and runes
def _card_of(st: RunikaState, arg: int) -> tuple[str, str]:
    """(name, text) of the rune or achievement ``ability <arg>`` names."""
    comp = st.comp
    if arg < len(comp.runes):
        rune = comp.runes[arg]
        return rune.name, rune.text
    ach = comp.achievements[arg - len(comp.runes)]
    return ach.name, ach.text


def _card_name(st: RunikaState, seat: int, f: Frame | None) -> str:
    """The name of the card whose ability frame ``f`` is (a professor's own: its name)."""
    if not isinstance(f, Ab | Fort | Quarry):
        return "?"
    src = f.src
    if src.kind == "p":
        return st.comp.professors[src.index].name
    if src.kind == "r":
        return st.comp.runes[st.owned[seat][src.index][0]].name
    return st.comp.achievements[st.achs[seat][src.index][0]].name


def _card_rule(st: RunikaState, seat: int, f: Frame | None) -> str:
    """The rule of the ability frame ``f`` is: its card's, or its professor's."""
    if isinstance(f, Ab | Fort | Quarry) and f.src.kind == "p":
        return _rule("professor", name=st.comp.professors[f.src.index].name)
    return _rule("ability", card=_card_name(st, seat, f))


def _ability(st: RunikaState, f: Frame | None, args: Args, seat: int) -> Said:
    name, text = _card_of(st, args[0])
    if isinstance(f, Fort):
        return _("saves {die}, pushed off your grid: {text}").format(
            die=_die(st, f.d), text=_(text)
        ), _rule("ability", card=name)
    return _("uses {card}: {text}").format(card=name, text=_(text)), _rule("ability", card=name)


def _claim(st: RunikaState, f: Frame | None, args: Args, seat: int) -> Said:
    rune = st.comp.runes[args[0]]
    found = claims.matches(st, seat, args[0])
    what = _(
        "claims {rune} ({points} points): the dice of its pattern on coloured and P "
        "cells are discarded, 1 more point for each that shows 1"
    ).format(rune=rune.name, points=rune.points)
    if len(found) == 1:
        what += "; " + _dice_of(st, seat, st.tables.claim[found[0]])
    elif found:
        what += "; " + _("the pattern lies in {count} places: you choose next").format(
            count=len(found)
        )
    return what, _rule("runes")


def _dice_of(st: RunikaState, seat: int, mask: int) -> str:
    grid = claims.virtual_grid(st, seat)
    cells = [c for c in range(16) if mask >> c & 1]
    ones = sum(1 for c in cells if grid[c] >= 0 and grid[c] % 4 == ONE)
    return _("it takes {cells}: {ones} more points").format(
        cells=", ".join(_on(st, grid, c) for c in cells), ones=ones
    )


def _at(st: RunikaState, f: Frame | None, args: Args, seat: int) -> Said:
    cell, angle = args
    rune = f.r if isinstance(f, At) else -1
    t = st.tables
    found = [
        i for i in claims.matches(st, seat, rune) if (t.anchor[i], t.rotation[i]) == (cell, angle)
    ]
    what = _("the pattern lies from {cell}, turned {angle} degrees").format(
        cell=cell_name(cell), angle=90 * angle
    )
    if found:
        what += "; " + _dice_of(st, seat, t.claim[found[0]])
    return what, _rule("runes")


KINDS: dict[str, Explainer] = {
    "done": _done,
    "cancel": _cancel,
    "roll": _roll,
    "flame-clear": _flame_clear,
    "turn-cw": _turn(True),
    "turn-ccw": _turn(False),
    "draft": _draft,
    "pass": _pass,
    "discard": _discard,
    "reroll": _reroll,
    "resolve": _resolve,
    "keep": _keep,
    "die": _die_choice,
    "enter": _enter,
    "professor": _professor,
    "cell": _cell,
    "dir": _dir,
    "orient": _orient,
    "line": _line,
    "seat": _seat,
    "charm": _charm,
    "luniorn": _luniorn,
    "ability": _ability,
    "claim": _claim,
    "at": _at,
}


# ---------------------------------------------------------------------- the score
def breakdown(st: RunikaState, viewer: int | None) -> list[dict[str, Any]]:
    """Where each seat's points came from (``Game.score_breakdown``): its runes, its
    achievements, its point tokens (1 faces discarded, abilities), and the tie-breaks. Owned
    cards are face up."""
    comp = st.comp
    rows = []
    for seat in range(st.n):
        parts: list[dict[str, Any]] = []
        for rune, _flipped, _used in st.owned[seat]:
            parts.append(
                {
                    "what": _("rune {name}").format(name=comp.runes[rune].name),
                    "points": comp.runes[rune].points,
                }
            )
        for kind, _flipped, _used in st.achs[seat]:
            parts.append(
                {
                    "what": _("achievement {name}").format(name=comp.achievements[kind].name),
                    "points": comp.achievements[kind].points,
                }
            )
        parts.append(
            {
                "what": _("point tokens (1 faces discarded, abilities)"),
                "points": st.tokens[seat],
            }
        )
        parts.append(
            {
                "what": _("the tie-breaks: {runes} runes, then {achievements} achievements").format(
                    runes=len(st.owned[seat]), achievements=len(st.achs[seat])
                ),
                "points": None,
            }
        )
        rows.append({"seat": seat, "parts": parts, "total": score(st, seat)})
    return rows


# ---------------------------------------------------------------------- the rules of the step
FACE_STEP = {
    ONE: "turns/one",
    ELEMENT: "turns/element",
    ROTATE: "turns/rotate",
    FLAME: "turns/flame",
}


def rules_step(st: RunikaState) -> str:
    """The key of ``phase_rules`` for the step being played (``Game.rules_step``): the first
    seat to act's pending question (public: the frames hold no hidden detail)."""
    seats = sorted(st.seats_to_act())
    if st.phase != "turns" or not seats or not st.stacks[seats[0]]:
        return st.phase
    frame = st.stacks[seats[0]][-1]
    if isinstance(frame, Resolve):
        return FACE_STEP[frame.d % 4]
    if isinstance(frame, Pick) or (isinstance(frame, Main) and frame.stage == "reroll"):
        return "turns/reroll"
    if isinstance(frame, At) or (isinstance(frame, Main) and frame.stage == "claims"):
        return "turns/runes"
    if isinstance(frame, Main | Ab | Fort | Quarry):
        return "turns/resolve"
    return st.phase


def turn_summary(
    before: RunikaState, after: RunikaState, seat: int, viewer: int | None
) -> str | None:
    """``seat``'s turn in short, from ``viewer``'s views before and after it
    (``Game.turn_summary``): the dice it put on its board, the runes it inscribed, the
    achievements it reached."""
    was, now = before.view(viewer)["seats"][seat], after.view(viewer)["seats"][seat]
    parts: list[str] = []
    dice = [sum(die is not None for line in side["grid"] for die in line) for side in (was, now)]
    if dice[0] != dice[1]:
        parts.append(_("its board: {before} → {after} dice").format(before=dice[0], after=dice[1]))
    names = {rune["id"]: rune["name"] for side in (was, now) for rune in side["runes"]}
    for key, template in (
        ("runes", N_("claims the rune {names}")),
        ("achievements", N_("reaches {names}")),
        ("mastered", N_("masters {names}")),
    ):
        old = [_named(item, names) for item in was[key]]
        new = [name for name in (_named(item, names) for item in now[key]) if name not in old]
        if new:
            parts.append(_(template).format(names=", ".join(new)))
    return "; ".join(parts) or None


def _named(item: Any, names: dict[str, str]) -> str:
    """A rune's or an achievement's name in the current language (a rune named by its id:
    that rune's name; else its text)."""
    if isinstance(item, dict) and isinstance(item.get("name"), str):
        return _(item["name"])
    return _(names[item]) if isinstance(item, str) and item in names else str(item)
