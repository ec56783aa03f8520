"""A player's turn as small decision frames (rules, Step 2); ``rules.py`` dispatches to them.

Frames (``frames.py``, on ``st.stacks[seat]``; ``s`` is the deciding seat):

* ``Main``    the turn itself, by ``stage``: ``reroll`` (``discard d`` to pay for a re-roll,
  abilities, the charm token, ``done``), ``resolve`` (``resolve d`` the next die, abilities,
  ``keep d`` for Magic Pocket, the charm token, ``done`` once storage is empty), ``claims``
  (``claim r``, ``done``).
* ``Pick``    the dice to re-roll, one at a time (``reroll d``), then ``roll``; ``disc`` is the
  die paid for it (-1 for a free re-roll), ``max`` the most dice (0: any), ``src`` the card.
* ``Resolve`` resolving the die ``d``: ``enter side lane``; an element face may also go on a
  ``professor``; a rotate face with a choice ``turn cw|ccw``; a flame face ``cell`` (option a)
  or ``flame clear`` (option b); ``cancel`` puts the die back.
* ``Fort``    Fortification: save the die ``d`` pushed off the grid (``ability``) or ``done``.
* ``Quarry``  Quarry after placing on a professor: ``turn cw`` or ``done``.
* ``At``      where a claimed rune ``r`` lies when several footprints match (``claims.py``).
* ``Ab``      an ability being used (``abilities.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.core.actions import Decoded
from grimoire.games.runika import abilities, claims
from grimoire.games.runika.actions import CANCEL, DONE, FLAME_CLEAR, ROLL, TURN_CCW, TURN_CW
from grimoire.games.runika.components import ELEMENT, FLAME, ONE, ROTATE
from grimoire.games.runika.frames import Fort, Main, Pick, Quarry, Resolve, Roll
from grimoire.games.runika.grid import push_in

if TYPE_CHECKING:
    from grimoire.games.runika.state import RunikaState


# ---------------------------------------------------------------------- legal actions
def main_legal(st: RunikaState, seat: int, frame: Main) -> list[int]:
    code, stage, store = st.ids.id, frame.stage, st.store[seat]
    acts: list[int] = []
    if stage == "claims":
        return [code("claim", r) for r in claims.claimable(st, seat)] + [DONE]
    if stage == "reroll" and len(store) >= 2:  # a discard must leave a die to re-roll
        acts += [code("discard", d) for d in sorted(set(store))]
    if stage == "resolve":
        acts += [code("resolve", d) for d in sorted(set(store))]
        if store and st.pocket[seat] < 0 and abilities.passive(st, seat, "pocket"):
            acts += [code("keep", d) for d in sorted(set(store))]
    if stage in ("reroll", "resolve"):
        acts += [code("ability", a) for a in abilities.activatable(st, seat, stage)]
        if st.charm == seat:
            acts += [code("charm", p) for p, dice in enumerate(st.prof_dice) if dice]
        if stage == "reroll" or not store:
            acts.append(DONE)
    return acts


def only_done(st: RunikaState, seat: int, frame: Main) -> bool:
    """Whether ``done`` is all the re-roll or resolve stage offers (``main_legal`` is
    ``[DONE]``), without listing the rest."""
    store = st.store[seat]
    if len(store) >= 2 if frame.stage == "reroll" else bool(store):
        return False  # a die to pay for a re-roll, or dice to resolve (then no done)
    if st.charm == seat and any(st.prof_dice):
        return False
    return not abilities.activatable(st, seat, frame.stage)


def pick_legal(st: RunikaState, frame: Pick) -> list[int]:
    left = pick_pool(st, frame)
    acts = [CANCEL]
    if frame.max == 0 or len(frame.sel) < frame.max:
        acts += [st.ids.id("reroll", d) for d in sorted(set(left))]
    if frame.sel:
        acts.append(ROLL)
    return acts


def pick_pool(st: RunikaState, frame: Pick) -> list[int]:
    """Stored dice still free to mark: storage without the paid die and the marked ones."""
    left = list(st.store[frame.s])
    for die in ([frame.disc] if frame.disc >= 0 else []) + frame.sel:
        left.remove(die)
    return left


def die_legal(st: RunikaState, frame: Resolve) -> list[int]:
    seat, die = frame.s, frame.d
    colour, face = divmod(die, 4)
    acts = [CANCEL]
    if face in (ONE, ELEMENT):
        acts += [
            st.ids.enter(side, lane) for side in sides_for(st, seat, colour) for lane in range(4)
        ]
    if face == ELEMENT:
        acts += [st.ids.id("professor", p) for p in placeable(st, seat, colour)]
    if face == ROTATE:
        acts += [TURN_CW, TURN_CCW]
    if face == FLAME:
        acts += [st.ids.id("cell", c) for c in flame_targets(st, seat, colour)]
        acts.append(FLAME_CLEAR)
    return acts


def fort_legal(st: RunikaState, frame: Fort) -> list[int]:
    return [st.ids.id("ability", abilities.card_arg(st, frame.s, frame.src)), DONE]


def quarry_legal(st: RunikaState, frame: Quarry) -> list[int]:
    return [DONE, TURN_CW]


def home_side(st: RunikaState, seat: int, colour: int) -> int:
    """The side of the grid the element disc gives ``colour`` now."""
    return (st.tables.colour_side[colour] + st.disc[seat]) % 4


def sides_for(st: RunikaState, seat: int, colour: int) -> list[int]:
    """Sides a die of ``colour`` may enter from: its disc side; Wind Walk any side; Wave Whip
    (once a round) also the opposite side."""
    home = home_side(st, seat, colour)
    if abilities.passive(st, seat, "any_side"):
        return [0, 1, 2, 3]
    if abilities.passive(st, seat, "opposite_side"):
        return sorted([home, (home + 2) % 4])
    return [home]


def placeable(st: RunikaState, seat: int, colour: int) -> list[int]:
    """Professors an element face of ``colour`` may go on: a free one of its element (Charm:
    any free one; Luniorn takes any element). Simultaneous play: once per player per round."""
    out = []
    anywhere = abilities.passive(st, seat, "any_professor") is not None
    for prof in st.rules.professors:
        if prof == st.solo_prof:
            continue  # ruling 9: the solo professor is turned over
        if st.rules.simultaneous:
            if prof in st.prof_used[seat]:
                continue
        elif st.prof_dice[prof]:
            continue
        wanted = st.tables.prof_colour[prof]
        if wanted < 0 or wanted == colour or anywhere:
            out.append(prof)
    return out


def flame_targets(st: RunikaState, seat: int, red: int, *, ember: bool = True) -> list[int]:
    """Flame option (a) targets (ruling 5): a non-red die by default, a red die with
    ``flame_target=red``, any die with Ember Path (unless ``ember`` is False)."""
    grid = st.grid[seat]
    if ember and abilities.passive(st, seat, "flame_any"):
        return [c for c, d in enumerate(grid) if d >= 0]
    if st.rules.flame_red:
        return [c for c, d in enumerate(grid) if d >= 0 and d // 4 == red]
    return [c for c, d in enumerate(grid) if d >= 0 and d // 4 != red]


# ---------------------------------------------------------------------- applying actions
def main_act(st: RunikaState, frame: Main, choice: Decoded) -> None:
    seat, stage, kind, arg = frame.s, frame.stage, choice.kind, choice.arg
    if kind == "done":
        frame.stage = NEXT_STAGE[stage]
    elif kind == "discard":
        st.stacks[seat].append(Pick(s=seat, disc=arg, sel=[], max=0))
    elif kind == "resolve":
        resolve_die(st, seat, arg)
    elif kind == "keep":  # Magic Pocket (ruling 19): kept with its face for next round
        st.store[seat].remove(arg)
        st.pocket[seat] = arg
        abilities.spend(st, seat, "pocket")
    elif kind == "ability":
        abilities.activate(st, seat, arg, stage)
    elif kind == "charm":  # the charm token: discard one die lying on a professor
        st.bag[st.prof_dice[arg].pop() // 4] += 1
        st.charm = -1
    elif kind == "claim":
        claims.claim(st, seat, arg)


NEXT_STAGE: dict[str, str] = {"reroll": "resolve", "resolve": "achieve", "claims": "refill"}


def pick_act(st: RunikaState, frame: Pick, choice: Decoded) -> None:
    seat = frame.s
    if choice.kind == "cancel":
        st.stacks[seat].pop()
    elif choice.kind == "reroll":
        frame.sel.append(choice.arg)
    else:  # roll: pay the die, then every marked die is rolled again
        st.stacks[seat].pop()
        store = st.store[seat]
        if frame.disc >= 0:
            store.remove(frame.disc)
            if st.rules.solo:
                st.removed[frame.disc // 4] += 1  # ruling 16: it leaves play
            else:
                st.bag[frame.disc // 4] += 1
        for die in frame.sel:
            store.remove(die)
            st.chance.append(Roll(s=seat, c=die // 4))
        if frame.src is not None:
            abilities.consume(st, seat, frame.src)


def resolve_die(st: RunikaState, seat: int, die: int) -> None:
    st.store[seat].remove(die)
    if die % 4 == ROTATE and not abilities.rotate_choice(st, seat):
        discard(st, die)
        st.disc[seat] = (st.disc[seat] + 1) % 4  # a quarter turn clockwise
        return
    st.stacks[seat].append(Resolve(s=seat, d=die))


def die_act(st: RunikaState, frame: Resolve, choice: Decoded) -> None:
    """Where the die being resolved goes (docs/rules/runika.md, A round » Turns: resolve):
    its face decides the choices offered (``die_legal``); ``cancel`` puts it back in storage."""
    seat, die, kind, arg = frame.s, frame.d, choice.kind, choice.arg
    st.stacks[seat].pop()
    if kind == "cancel":
        st.store[seat] = sorted([*st.store[seat], die])
    elif kind == "enter":
        side, lane = choice.args
        enter_die(st, seat, die, side, lane)
    elif kind == "professor":
        place(st, seat, arg, die)
    elif kind in ("turn-cw", "turn-ccw"):
        turn_disc(st, seat, die, clockwise=kind == "turn-cw")
    elif kind == "cell":
        flame_replace(st, seat, die, arg)
    else:
        flame_clear(st, seat, die)


def enter_die(st: RunikaState, seat: int, die: int, side: int, lane: int) -> None:
    """A 1 or element face pushed into the grid along a lane (Turns: 1 face; rulings 3, 10);
    a side other than the disc's spends the card that allowed it (Wind Walk, Wave Whip)."""
    home = home_side(st, seat, die // 4)
    if side != home:  # spend the card that allowed it: Wind Walk, else Wave Whip
        walk = abilities.passive(st, seat, "any_side")
        whip = abilities.passive(st, seat, "opposite_side") if side == (home + 2) % 4 else None
        if walk is None or (whip is not None and abilities.timing_of(st, seat, walk) != "C"):
            walk = whip  # a continuous Wind Walk costs nothing; else Wave Whip goes first
        assert walk is not None
        abilities.consume(st, seat, walk)
    pushed_off(st, seat, push_in(st.grid[seat], side, lane, die))


def turn_disc(st: RunikaState, seat: int, die: int, *, clockwise: bool) -> None:
    """A rotate face is discarded and turns the element disc a quarter (Turns: rotate face);
    counter-clockwise only with the card that allows the choice (Gale)."""
    discard(st, die)
    if not clockwise:
        src = abilities.rotate_choice(st, seat)
        assert src is not None
        abilities.consume(st, seat, src)
    st.disc[seat] = (st.disc[seat] + (1 if clockwise else 3)) % 4


def flame_replace(st: RunikaState, seat: int, die: int, cell: int) -> None:
    """Flame option (a) (ruling 5): the target die is discarded and the flame die takes its
    cell on its 1 face; Ember Path is spent where only it allowed the target."""
    colour = die // 4
    if cell not in flame_targets(st, seat, colour, ember=False):
        abilities.spend(st, seat, "flame_any")  # Ember Path allowed this target
    target = st.grid[seat][cell]
    discard(st, target)
    st.grid[seat][cell] = 4 * colour + ONE
    bonus = abilities.discard_bonus(st, seat, [target], "flame")
    st.tokens[seat] += bonus + abilities.flame_bonus(st, seat)


def flame_clear(st: RunikaState, seat: int, die: int) -> None:
    """Flame option (b): every die of the flame's colour leaves the grid, then the flame die."""
    colour, grid = die // 4, st.grid[seat]
    reds = [grid[c] for c in range(16) if grid[c] >= 0 and grid[c] // 4 == colour]
    for cell in range(16):
        if grid[cell] >= 0 and grid[cell] // 4 == colour:
            discard(st, grid[cell])
            grid[cell] = -1
    discard(st, die)
    bonus = abilities.discard_bonus(st, seat, reds, "flame")
    st.tokens[seat] += bonus + abilities.flame_bonus(st, seat)


def place(st: RunikaState, seat: int, prof: int, die: int) -> None:
    """Prestige: the die goes in the professor's box, a token is placed if not yet there, and
    the professor's ability must be used (ruling 6); Quarry may add a quarter turn."""
    st.prof_dice[prof].append(die)
    wanted = st.tables.prof_colour[prof]
    if wanted >= 0 and wanted != die // 4:
        abilities.spend(st, seat, "any_professor")  # Charm allowed this professor
    if st.rules.simultaneous:
        st.prof_used[seat].append(prof)
    if st.tables.prof_token[prof] and seat not in st.prest[prof]:
        st.prest[prof] = sorted([*st.prest[prof], seat])
    abilities.begin_professor(st, seat, prof)
    src = abilities.passive(st, seat, "professor_turn")
    if src is not None:
        st.stacks[seat].append(Quarry(s=seat, src=src))


def pushed_off(st: RunikaState, seat: int, die: int) -> None:
    """A die pushed past the grid's edge is discarded, unless Fortification saves it."""
    if die < 0:
        return
    src = abilities.passive(st, seat, "save_pushed")
    if src is not None:
        st.stacks[seat].append(Fort(s=seat, d=die, src=src))
    else:
        discard(st, die)


def fort_act(st: RunikaState, frame: Fort, choice: Decoded) -> None:
    seat = frame.s
    st.stacks[seat].pop()
    if choice.kind == "ability":
        abilities.consume(st, seat, frame.src)
        st.store[seat] = sorted([*st.store[seat], frame.d])
    else:
        discard(st, frame.d)


def quarry_act(st: RunikaState, frame: Quarry, choice: Decoded) -> None:
    seat = frame.s
    st.stacks[seat].pop()
    if choice.kind == "turn-cw":
        abilities.consume(st, seat, frame.src)
        st.disc[seat] = (st.disc[seat] + 1) % 4


def discard(st: RunikaState, die: int) -> None:
    """A discarded die goes back to the bag (ruling 4)."""
    st.bag[die // 4] += 1
