"""The Circle of Might (basic and first circles): Change, Renewal, Strengthening, Growth, Synergy.

Dice picked for these spells go highest first and the selection ends with ``done``, or by
itself when nothing more can be picked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.games.five_seals import actions as A
from grimoire.games.five_seals.components import DICE_COLOURS
from grimoire.games.five_seals.frames import Spell
from grimoire.games.five_seals.spells.base import ColourChoice, Handler, Src, done, next_values

if TYPE_CHECKING:
    from grimoire.games.five_seals.state import FiveSealsState


class DiceSelection(ColourChoice):
    """Pick one or more of your dice of the colour (those ``eligible``), then resolve."""

    def eligible(self, value: int) -> bool:
        return True

    fields: tuple[str, ...] = ("v",)

    def ok(self, st: FiveSealsState, seat: int, col: int) -> bool:
        owner, val = st.die_owner, st.die_val
        for die in range(6 * col, 6 * col + 6):
            if owner[die] == seat and self.eligible(val[die]):
                return True
        return False

    def limit(self, st: FiveSealsState, f: Spell) -> int:
        return 24

    def options(self, st: FiveSealsState, f: Spell) -> list[int]:
        if len(f.v) >= self.limit(st, f):
            return []
        values = [v for v in st.dice_of(f.s, f.c) if self.eligible(v)]
        return next_values(values, f.v)

    def legal_c(self, st: FiveSealsState, f: Spell) -> list[int]:
        acts = [A.die(f.c, v) for v in self.options(st, f)]
        return [*acts, A.DONE] if f.v else acts

    def act_c(self, st: FiveSealsState, f: Spell, name: str, arg: int) -> None:
        if name == "die":
            f.v.append(arg % 6 + 1)
            if self.options(st, f):
                return
        dice = st.pick_dice(f.s, f.c, f.v)
        done(st)
        self.resolve(st, f, dice)

    def resolve(self, st: FiveSealsState, f: Spell, dice: list[int]) -> None:
        raise NotImplementedError


class Change(DiceSelection):
    """Return dice of the colour; take as many of one other colour, same values (ruling 3:
    only as many as the supply holds)."""

    fields: tuple[str, ...] = ("v", "y")

    def ok(self, st: FiveSealsState, seat: int, col: int) -> bool:
        others = any(st.supply(y) for y in DICE_COLOURS if y != col)
        return others and st.has_dice(seat, col)

    def limit(self, st: FiveSealsState, f: Spell) -> int:
        return st.supply(f.y)

    def legal_c(self, st: FiveSealsState, f: Spell) -> list[int]:
        if f.y < 0:
            return [A.COLOUR + y for y in DICE_COLOURS if y != f.c and st.supply(y)]
        return super().legal_c(st, f)

    def act_c(self, st: FiveSealsState, f: Spell, name: str, arg: int) -> None:
        if name == "colour":
            f.y = arg
        else:
            super().act_c(st, f, name, arg)

    def resolve(self, st: FiveSealsState, f: Spell, dice: list[int]) -> None:
        for die in dice:
            value = st.die_val[die]
            st.die_owner[die], st.die_val[die] = -1, 0
            new = st.supply_die(f.y)
            st.die_owner[new], st.die_val[new] = f.s, value


class Renewal(DiceSelection):
    """Reroll one or more dice of the colour (each roll is a chance node)."""

    def resolve(self, st: FiveSealsState, f: Spell, dice: list[int]) -> None:
        for die in dice:
            st.die_val[die] = 0
            st.rolls.append(die)


class Strengthening(DiceSelection):
    """Add 2 to one or more dice of the colour, at most 6; a 6 cannot be strengthened."""

    def eligible(self, value: int) -> bool:
        return value < 6

    def resolve(self, st: FiveSealsState, f: Spell, dice: list[int]) -> None:
        for die in dice:
            st.die_val[die] = min(6, st.die_val[die] + 2)


class Growth(ColourChoice):
    """Take a die of the colour from the supply and roll it (needs one in the supply)."""

    def ok(self, st: FiveSealsState, seat: int, col: int) -> bool:
        return st.supply(col) > 0

    def start(self, st: FiveSealsState, seat: int, card: int, src: Src) -> None:
        super().start(st, seat, card, src)
        frame = st.stack[-1]
        assert isinstance(frame, Spell)
        if frame.c >= 0:
            self.chosen(st, frame)

    def chosen(self, st: FiveSealsState, f: Spell) -> None:
        done(st)
        die = st.supply_die(f.c)
        st.die_owner[die], st.die_val[die] = f.s, 0
        st.rolls.append(die)


class Synergy(Handler):
    """Scoring only: it is never used, so never turned face down."""

    def usable(self, st: FiveSealsState, seat: int, card: int, src: Src, busy: set[Src]) -> bool:
        return False
