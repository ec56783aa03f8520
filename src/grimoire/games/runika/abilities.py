"""Abilities by kind, with their parameters from the data: professors' (mandatory on placement)
and owned cards' (runes and achievements; C continuous, R once per round, F flip once a game).

A card is named by ``src``, a ``frames.Card``: ``("r", i)`` the seat's i-th rune card,
``("a", i)`` its i-th achievement, ``("p", p)`` professor p (no budget). An ability with choices
is an ``Ab`` frame: ``kind``, ``src``, ``m`` (mandatory: no way back), ``p`` (the professor whose
ability it is, or -1), ``g`` (whose grid: -1 until chosen), ``c`` (a chosen cell, -1 until
chosen). The card is used up (R) or flipped (F) when the ability is done; ``cancel`` before
that changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from grimoire.core.actions import Decoded
from grimoire.games.runika.actions import CANCEL, TURN_CCW, TURN_CW
from grimoire.games.runika.components import ACTIVATED, ONE, Ability
from grimoire.games.runika.frames import Ab, BagDraw, Card, Pick, Roll
from grimoire.games.runika.grid import line_cells, neighbour, push_die

if TYPE_CHECKING:
    from grimoire.games.runika.state import RunikaState

GRID_KINDS = ("push_die", "discard_die")


# ---------------------------------------------------------------------- owned cards
def cards(st: RunikaState, seat: int) -> Iterator[tuple[Card, str, Ability, bool]]:
    """(src, timing, ability, available now) of every card the seat owns."""
    comp = st.comp
    for i, (rune, flipped, used) in enumerate(st.owned[seat]):
        card = comp.runes[rune]
        yield Card("r", i), card.timing, card.ability, _available(card.timing, flipped, used)
    for i, (kind, flipped, used) in enumerate(st.achs[seat]):
        ach = comp.achievements[kind]
        yield Card("a", i), ach.timing, ach.ability, _available(ach.timing, flipped, used)


def _available(timing: str, flipped: int, used: int) -> bool:
    return not flipped if timing == "F" else not used if timing == "R" else True


def passive(st: RunikaState, seat: int, kind: str) -> Card | None:
    """An available card of the seat with a passive ability ``kind`` (a continuous one first,
    so that a once-per-round card is kept), or None. (``cards`` in order, read from the
    tables: the rules ask this on every die.)"""
    t = st.tables
    found: Card | None = None
    owned = st.owned[seat]
    for i in range(len(owned)):
        card = owned[i]
        if t.rune_ability[card[0]] == kind:
            timing = t.rune_timing[card[0]]
            if _available(timing, card[1], card[2]):
                if timing == "C":
                    return Card("r", i)
                if found is None:
                    found = Card("r", i)
    achs = st.achs[seat]
    for i in range(len(achs)):
        card = achs[i]
        if t.ach_ability[card[0]] == kind:
            timing = t.ach_timing[card[0]]
            if _available(timing, card[1], card[2]):
                if timing == "C":
                    return Card("a", i)
                if found is None:
                    found = Card("a", i)
    return found


def rotate_choice(st: RunikaState, seat: int) -> Card | None:
    return passive(st, seat, "rotate_choice")


def consume(st: RunikaState, seat: int, src: Card) -> None:
    """Spend a card's budget: R marks it used this round, F flips it (points are kept)."""
    kind, index = src.kind, src.index
    if kind == "p":
        return
    cards = st.owned[seat] if kind == "r" else st.achs[seat]
    entry = cards[index]
    timing = timing_of(st, seat, src)
    # a new card list, never the old one changed: clones share them (``RunikaState._copy``)
    if timing == "F":
        cards[index] = [entry[0], 1, entry[2]]
    elif timing == "R":
        cards[index] = [entry[0], entry[1], 1]


def timing_of(st: RunikaState, seat: int, src: Card) -> str:
    """The timing (C, R, F) of the seat's card ``src``."""
    kind, index = src.kind, src.index
    if kind == "r":
        return st.tables.rune_timing[st.owned[seat][index][0]]
    return st.tables.ach_timing[st.achs[seat][index][0]]


def spend(st: RunikaState, seat: int, kind: str) -> None:
    """A passive card ``kind`` has just changed a rule: spend its budget (a continuous card
    costs nothing; the data may give any passive card an R or F timing)."""
    src = passive(st, seat, kind)
    if src is not None:
        consume(st, seat, src)


def card_arg(st: RunikaState, seat: int, src: Card) -> int:
    """The argument of ``ability <id>`` naming the card ``src``."""
    kind, index = src.kind, src.index
    if kind == "r":
        return int(st.owned[seat][index][0])
    return len(st.comp.runes) + int(st.achs[seat][index][0])


def claim_bonus(st: RunikaState, seat: int, colours: list[int], had: int) -> int:
    """Points of claim bonuses (Updraft, Kindle) for a claim that discarded ``colours``; only
    the first ``had`` rune cards count (ruling 23: not one gained earlier in the same turn)."""
    total = 0
    for src, _, ability, free in list(cards(st, seat)):
        if ability.kind != "claim_bonus" or not free or (src.kind == "r" and src.index >= had):
            continue
        letter = ability.get("colour")
        colour = st.comp.colour_of(letter) if letter else None
        if colour is None or colours.count(colour) >= ability.get("dice"):
            total += ability.get("points")
            consume(st, seat, src)
    return total


def discard_bonus(st: RunikaState, seat: int, dice: list[int], how: str) -> int:
    """Thunderbolt: points per die of its colour discarded from the grid by a flame face or
    Ainfean (``how``: flame, professor)."""
    total = 0
    for src, _, ability, free in list(cards(st, seat)):
        if ability.kind == "discard_bonus" and free:
            colour = st.comp.colour_of(ability.get("colour"))
            count = sum(1 for d in dice if d // 4 == colour)
            if count:
                total += ability.get("points") * count
                consume(st, seat, src)
    return total


def flame_bonus(st: RunikaState, seat: int) -> int:
    """Shimmerfield: points each time a flame face is resolved."""
    total = 0
    for src, _, ability, free in list(cards(st, seat)):
        if ability.kind == "flame_bonus" and free:
            total += ability.get("points")
            consume(st, seat, src)
    return total


# ---------------------------------------------------------------------- activation
def activatable(st: RunikaState, seat: int, stage: str) -> list[int]:
    """Arguments of the ``ability`` actions the seat may use now (sorted, distinct)."""
    t = st.tables
    owned, achs = st.owned[seat], st.achs[seat]
    if not any(t.rune_activated[c[0]] for c in owned) and not any(
        t.ach_activated[c[0]] for c in achs
    ):
        return []  # (no card with an activated ability: the common case)
    out = set()
    for src, _, ability, free in cards(st, seat):
        if free and ability.kind in ACTIVATED and usable(st, seat, ability, stage):
            out.add(card_arg(st, seat, src))
    return sorted(out)


def activate(st: RunikaState, seat: int, arg: int, stage: str) -> None:
    for src, _, ability, free in cards(st, seat):
        if free and card_arg(st, seat, src) == arg and usable(st, seat, ability, stage):
            begin(st, seat, ability, src, mandatory=False, prof=-1)
            return
    raise AssertionError(f"ability {arg} is not usable")


def usable(st: RunikaState, seat: int, ability: Ability, stage: str) -> bool:
    """Whether the ability can do something now (an ability that cannot is not offered)."""
    kind, grid = ability.kind, st.grid[seat]
    dice = [c for c in range(16) if grid[c] >= 0]
    if kind == "move_die":
        if ability.get("to") == "any_empty":
            return 0 < len(dice) < 16
        return any(_empty_near(grid, c) for c in dice)
    if kind == "swap_dice":
        return any(_full_near(grid, c) for c in dice)
    if kind == "professor_ability":
        return bool(professor_choices(st, seat, ability))
    if kind == "set_face":
        face = "1er".index(str(ability.get("face"))[0])
        return any(d % 4 != face for d in st.store[seat])
    if kind == "draw_dice":
        return sum(st.bag) > 0
    if kind == "free_reroll":  # no re-rolls once resolving has begun (rules, Roll)
        return stage == "reroll" and bool(st.store[seat])
    if kind in ("discard_die", "discard_line"):
        return bool(dice)
    return True  # gain_points, turn_disc, set_disc


def professor_choices(st: RunikaState, seat: int, ability: Ability) -> list[int]:
    """Professors whose ability a card lets the seat use now (not the solo one turned over)."""
    target = ability.get("professor")
    profs = st.rules.professors if target == "any" else [st.comp.professor_by_name(target)]
    return [
        p for p in profs if p is not None and p != st.solo_prof and professor_can_act(st, seat, p)
    ]


def professor_can_act(st: RunikaState, seat: int, prof: int) -> bool:
    ability = st.comp.professors[prof].ability
    if ability.kind in GRID_KINDS:
        return bool(grid_targets(st, seat, prof))
    if ability.kind == "draw_dice":
        return sum(st.bag) > 0
    if ability.kind == "roll_below":
        return bool(st.below)
    return True


def grid_targets(st: RunikaState, seat: int, prof: int) -> list[int]:
    """Grids with dice a grid ability may act on: the seat's own; with player interaction, a
    professor's grid ability may also take any other player's (ruling 13; rulebook, "Secret
    runes": "you may apply it to another player's spell grid"), in simultaneous play whatever
    that player's turn has reached: its claims (a sealed claim whose dice are hit fails at the
    round end, ruling 24) or its end."""
    interaction = st.rules.interaction and prof >= 0 and st.tables.prof_interaction[prof]
    return [
        other
        for other in range(st.n)
        if (other == seat or interaction) and any(d >= 0 for d in st.grid[other])
    ]


def begin_professor(st: RunikaState, seat: int, prof: int) -> None:
    """A professor's ability after placing a die on it: mandatory (ruling 6)."""
    ability = st.comp.professors[prof].ability
    begin(st, seat, ability, Card("p", prof), mandatory=True, prof=prof)


def begin(
    st: RunikaState, seat: int, ability: Ability, src: Card, *, mandatory: bool, prof: int
) -> None:
    """Start an ability: done at once if it has no choice, else an ``Ab`` frame."""
    kind = ability.kind
    grid = -1
    if kind in GRID_KINDS:
        targets = grid_targets(st, seat, prof)
        if not targets:  # ruling 11: an ability that cannot act fizzles
            consume(st, seat, src)
            return
        if len(targets) == 1:
            grid = targets[0]
    elif kind == "draw_dice":
        count = int(ability.get("count"))
        if prof >= 0:  # Spring: the named professor's draw takes more dice
            for bonus_src, _, bonus, free in list(cards(st, seat)):
                named = bonus.get("professor")
                if bonus.kind == "draw_bonus" and free and st.comp.professor_by_name(named) == prof:
                    count += int(bonus.get("extra"))
                    consume(st, seat, bonus_src)
        count = min(count, sum(st.bag))  # ruling 17 (R13): what remains
        st.chance += [BagDraw(s=seat, to="roll")] * count  # events are never changed
        consume(st, seat, src)
        return
    elif kind == "roll_below":
        colours = sorted(set(st.below))
        if len(colours) <= 1:
            if colours:
                take_below(st, seat, colours[0])
            consume(st, seat, src)
            return
    elif kind == "gain_points":
        st.tokens[seat] += int(ability.get("points"))
        consume(st, seat, src)
        return
    elif kind == "free_reroll":
        dice = int(ability.get("dice"))
        st.stacks[seat].append(Pick(s=seat, disc=-1, sel=[], max=dice, src=src))
        return
    elif kind == "professor_ability":
        choices = professor_choices(st, seat, ability)
        if ability.get("professor") != "any":
            chosen = choices[0]
            begin(st, seat, st.comp.professors[chosen].ability, src, mandatory=False, prof=chosen)
            return
    params = {"kind": kind, **ability.params}
    frame = Ab(s=seat, kind=kind, src=src, m=mandatory, p=prof, g=grid, c=-1, a=params)
    st.stacks[seat].append(frame)


def take_below(st: RunikaState, seat: int, colour: int) -> None:
    """Luniorn: one die from below it is rolled into storage (ruling 15)."""
    st.below.remove(colour)
    st.chance.append(Roll(s=seat, c=colour))


# ---------------------------------------------------------------------- ability frames
def legal(st: RunikaState, frame: Ab) -> list[int]:
    """The choices of an ability being used: whose grid first (a grid ability with player
    interaction), then its own (``CHOICES``); ``cancel`` until a mandatory one has begun."""
    back = [] if frame.m and frame.c < 0 else [CANCEL]
    if frame.kind in GRID_KINDS and frame.g < 0:
        return back + [st.ids.id("seat", s) for s in grid_targets(st, frame.s, frame.p)]
    if fizzles(st, frame):
        return [CANCEL]
    return back + CHOICES.get(frame.kind, _which_professor)(st, frame)


def _grid_of(st: RunikaState, frame: Ab) -> list[int]:
    """The grid the ability acts on: the one chosen (a grid ability), else the seat's own."""
    return st.grid[frame.g if frame.kind in GRID_KINDS else frame.s]


def _dice_cells(grid: list[int]) -> list[int]:
    return [c for c in range(16) if grid[c] >= 0]


def _cells(st: RunikaState, cells: list[int]) -> list[int]:
    first = st.ids.first["cell"]
    return [first + c for c in cells]


def _dirs(st: RunikaState, cell: int, fits: Callable[[int], bool]) -> list[int]:
    """The directions from ``cell`` whose neighbour ``fits`` (-1: off the grid)."""
    first = st.ids.first["dir"]
    return [first + d for d in range(4) if fits(neighbour(cell, d))]


def _push_die(st: RunikaState, frame: Ab) -> list[int]:
    """Simza: a die of the grid, then the direction it is pushed (the grid's edge too)."""
    grid = _grid_of(st, frame)
    if frame.c < 0:
        return _cells(st, _dice_cells(grid))
    return _dirs(st, frame.c, lambda cell: cell >= 0)


def _discard_die(st: RunikaState, frame: Ab) -> list[int]:
    """Ainfean, Spark, Stone Dagger: a die of the grid."""
    return _cells(st, _dice_cells(_grid_of(st, frame)))


def _set_disc(st: RunikaState, frame: Ab) -> list[int]:
    """Ekamu: the colour to put on top of the disc."""
    return [st.ids.id("orient", c) for c in range(4)]


def _turn_disc(st: RunikaState, frame: Ab) -> list[int]:
    return [TURN_CW, TURN_CCW]


def _roll_below(st: RunikaState, frame: Ab) -> list[int]:
    """Luniorn: the colour of the die below it that is rolled (ruling 15)."""
    return [st.ids.id("luniorn", c) for c in sorted(set(st.below))]


def _move_die(st: RunikaState, frame: Ab) -> list[int]:
    """A die of the grid, then where it goes: any empty cell, or an empty neighbour."""
    grid = _grid_of(st, frame)
    if frame.a["to"] == "any_empty":
        if frame.c < 0:
            return _cells(st, _dice_cells(grid))
        return _cells(st, [c for c in range(16) if grid[c] < 0])
    if frame.c < 0:
        return _cells(st, [c for c in _dice_cells(grid) if _empty_near(grid, c)])
    return _dirs(st, frame.c, lambda cell: _free(grid, cell))


def _swap_dice(st: RunikaState, frame: Ab) -> list[int]:
    """A die of the grid next to another, then the direction of the one it swaps with."""
    grid = _grid_of(st, frame)
    if frame.c < 0:
        return _cells(st, [c for c in _dice_cells(grid) if _full_near(grid, c)])
    return _dirs(st, frame.c, lambda cell: _taken(grid, cell))


def _set_face(st: RunikaState, frame: Ab) -> list[int]:
    """Empower: a stored die not already showing the card's face."""
    face = "1er".index(str(frame.a["face"])[0])
    return [st.ids.id("die", d) for d in sorted(set(st.store[frame.s])) if d % 4 != face]


def _discard_line(st: RunikaState, frame: Ab) -> list[int]:
    """Fire Flash: a row or column holding a die."""
    grid = _grid_of(st, frame)
    lines = [n for n in range(8) if any(grid[c] >= 0 for c in line_cells(n))]
    return [st.ids.id("line", n) for n in lines]


def _which_professor(st: RunikaState, frame: Ab) -> list[int]:
    """A card's "any professor": the professor whose ability is used."""
    profs = professor_choices(st, frame.s, ability_of(frame))
    return [st.ids.id("professor", p) for p in profs]


# an ability's kind -> its choices once its grid is known (``legal``)
CHOICES: dict[str, Callable[[RunikaState, Ab], list[int]]] = {
    "push_die": _push_die,
    "discard_die": _discard_die,
    "set_disc": _set_disc,
    "turn_disc": _turn_disc,
    "roll_below": _roll_below,
    "move_die": _move_die,
    "swap_dice": _swap_dice,
    "set_face": _set_face,
    "discard_line": _discard_line,
    "professor_ability": _which_professor,
}


def fizzles(st: RunikaState, frame: Ab) -> bool:
    """Whether the frame's target went away meanwhile in simultaneous play, leaving only
    ``cancel``, which then is no back-out (ruling 11): the grid chosen was emptied by its
    owner (back to the choice of a grid, or the ability fizzles if none is left), or the
    others took the dice below Luniorn (it fizzles)."""
    if frame.kind in GRID_KINDS:
        return frame.g >= 0 and frame.c < 0 and all(d < 0 for d in st.grid[frame.g])
    return frame.kind == "roll_below" and not st.below


def ability_of(frame: Ab) -> Ability:
    """The ability an ``Ab`` frame uses, from its parameters ``a``."""
    params = {k: v for k, v in frame.a.items() if k != "kind"}
    return Ability(str(frame.a["kind"]), params)


def act(st: RunikaState, frame: Ab, choice: Decoded) -> None:
    seat, kind, arg = frame.s, choice.kind, choice.arg
    if kind == "cancel":
        if frame.c >= 0:
            frame.c = -1
        elif frame.m and frame.g >= 0 and grid_targets(st, seat, frame.p):
            frame.g = -1  # the chosen grid was emptied: choose another
        else:
            st.stacks[seat].pop()
        return
    if kind == "seat":
        frame.g = arg
        return
    ability = frame.kind
    if kind == "cell" and frame.c < 0 and ability in ("push_die", "move_die", "swap_dice"):
        frame.c = arg
        return
    st.stacks[seat].pop()
    if kind == "professor":  # a card's "any professor": that professor's ability, by the card
        begin(st, seat, st.comp.professors[arg].ability, frame.src, mandatory=False, prof=arg)
        return
    _effect(st, frame, kind, arg)
    consume(st, seat, frame.src)


def _effect(st: RunikaState, frame: Ab, kind: str, arg: int) -> None:
    """The ability's effect, its last choice made (``kind`` and ``arg`` of that action)."""
    EFFECTS.get(frame.kind, _no_effect)(st, frame, kind, arg)


def _push_effect(st: RunikaState, frame: Ab, kind: str, arg: int) -> None:
    """Simza: the die moves one space, shoving the dice ahead; one pushed off the seat's own
    grid may be saved (Fortification), off another's it is discarded."""
    from grimoire.games.runika.turn import discard, pushed_off

    seat, target = frame.s, frame.g
    off = push_die(st.grid[target], frame.c, arg)
    if target == seat:
        pushed_off(st, seat, off)
    elif off >= 0:
        discard(st, off)


def _discard_effect(st: RunikaState, frame: Ab, kind: str, arg: int) -> None:
    """Ainfean, Spark, Stone Dagger: the die is discarded, a point for a 1 face (any face with
    ``points = "any"``); Thunderbolt's bonus for Ainfean on the seat's own grid."""
    from grimoire.games.runika.turn import discard

    seat, target = frame.s, frame.g
    grid = st.grid[target]
    die = grid[arg]
    grid[arg] = -1
    discard(st, die)
    points = frame.a.get("points")
    st.tokens[seat] += 1 if points == "any" or die % 4 == ONE else 0
    if frame.p >= 0 and target == seat:
        st.tokens[seat] += discard_bonus(st, seat, [die], "professor")


def _orient_effect(st: RunikaState, frame: Ab, kind: str, arg: int) -> None:
    """Ekamu: the disc turned so that the colour is on top."""
    st.disc[frame.s] = -st.tables.colour_side[arg] % 4


def _turn_effect(st: RunikaState, frame: Ab, kind: str, arg: int) -> None:
    st.disc[frame.s] = (st.disc[frame.s] + (1 if kind == "turn-cw" else 3)) % 4


def _below_effect(st: RunikaState, frame: Ab, kind: str, arg: int) -> None:
    take_below(st, frame.s, arg)


def _move_effect(st: RunikaState, frame: Ab, kind: str, arg: int) -> None:
    """The die goes to the cell chosen, or to its neighbour in the direction chosen."""
    grid, cell = st.grid[frame.s], frame.c
    dest = neighbour(cell, arg) if kind == "dir" else arg
    grid[dest], grid[cell] = grid[cell], -1


def _swap_effect(st: RunikaState, frame: Ab, kind: str, arg: int) -> None:
    grid, cell = st.grid[frame.s], frame.c
    other = neighbour(cell, arg)
    grid[cell], grid[other] = grid[other], grid[cell]


def _face_effect(st: RunikaState, frame: Ab, kind: str, arg: int) -> None:
    """Empower: the stored die turned to the card's face."""
    seat = frame.s
    face = "1er".index(str(frame.a["face"])[0])
    st.store[seat].remove(arg)
    st.store[seat] = sorted([*st.store[seat], arg - arg % 4 + face])


def _line_effect(st: RunikaState, frame: Ab, kind: str, arg: int) -> None:
    """Fire Flash: every die of the line is discarded, a point for each 1 face."""
    from grimoire.games.runika.turn import discard

    seat, grid = frame.s, st.grid[frame.s]
    for c in line_cells(arg):
        if grid[c] >= 0:
            st.tokens[seat] += 1 if grid[c] % 4 == ONE else 0
            discard(st, grid[c])
            grid[c] = -1


def _no_effect(st: RunikaState, frame: Ab, kind: str, arg: int) -> None:
    """A kind whose effect came with its choice (a card's professor: ``act`` begins it)."""


# an ability's kind -> its effect (``_effect``)
EFFECTS: dict[str, Callable[[RunikaState, Ab, str, int], None]] = {
    "push_die": _push_effect,
    "discard_die": _discard_effect,
    "set_disc": _orient_effect,
    "turn_disc": _turn_effect,
    "roll_below": _below_effect,
    "move_die": _move_effect,
    "swap_dice": _swap_effect,
    "set_face": _face_effect,
    "discard_line": _line_effect,
}


def _free(grid: list[int], cell: int) -> bool:
    return cell >= 0 and grid[cell] < 0


def _taken(grid: list[int], cell: int) -> bool:
    return cell >= 0 and grid[cell] >= 0


def _empty_near(grid: list[int], cell: int) -> bool:
    return any(_free(grid, neighbour(cell, d)) for d in range(4))


def _full_near(grid: list[int], cell: int) -> bool:
    return any(_taken(grid, neighbour(cell, d)) for d in range(4))
