"""The Circle of Conflict: Deception, Alteration, Transfer, Theft, Exploitation.

Only opponents whose round is not over may be targeted (``st.opponents``); with none left these
scrolls cannot be used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.games.five_seals import actions as A
from grimoire.games.five_seals.components import (
    BINDING,
    DICE_COLOURS,
    EXPLOITATION,
    SYNERGY,
    colour,
    family,
    strength,
)
from grimoire.games.five_seals.frames import Give, Spell
from grimoire.games.five_seals.reach import colour_ok
from grimoire.games.five_seals.spells.base import ColourChoice, Handler, Src, done, next_values

if TYPE_CHECKING:
    from grimoire.games.five_seals.state import FiveSealsState


def dice_codes(st: FiveSealsState, seat: int) -> set[int]:
    """Distinct (colour, value) of ``seat``'s dice, as codes 6*colour+value-1."""
    return {6 * c + v - 1 for c in DICE_COLOURS for v in st.dice_of(seat, c)}


class Deception(Handler):
    """Take an opponent's die of the colour (Mind: any), give one of yours of another colour;
    the dice trade colours, not values."""

    fields: tuple[str, ...] = ("o", "t")

    def takeable(self, st: FiveSealsState, seat: int, col: int, victim: int) -> list[int]:
        mine = {code // 6 for code in dice_codes(st, seat)}
        return sorted(
            code
            for code in dice_codes(st, victim)
            if colour_ok(col, code // 6) and mine - {code // 6}
        )

    def victims(self, st: FiveSealsState, seat: int, col: int) -> list[int]:
        return [k for k in st.opponents(seat) if self.takeable(st, seat, col, k)]

    def usable(self, st: FiveSealsState, seat: int, card: int, src: Src, busy: set[Src]) -> bool:
        return bool(self.victims(st, seat, colour(card)))

    def legal(self, st: FiveSealsState, f: Spell) -> list[int]:
        seat = f.s
        if f.o < 0:
            return [A.SEAT + k for k in self.victims(st, seat, f.c)]
        if f.t < 0:
            return [A.THEIR + code for code in self.takeable(st, seat, f.c, f.o)]
        return [A.DIE + code for code in sorted(dice_codes(st, seat)) if code // 6 != f.t // 6]

    def act(self, st: FiveSealsState, f: Spell, name: str, arg: int) -> None:
        if f.o < 0:
            f.o = arg
        elif f.t < 0:
            f.t = arg
        else:
            done(st)
            seat, victim, taken = f.s, f.o, f.t
            theirs = st.pick_dice(victim, taken // 6, [taken % 6 + 1])[0]
            mine = st.pick_dice(seat, arg // 6, [arg % 6 + 1])[0]
            st.die_owner[theirs], st.die_val[theirs] = seat, arg % 6 + 1
            st.die_owner[mine], st.die_val[mine] = victim, taken % 6 + 1


class Alteration(ColourChoice):
    """+1 to any of your dice of the colour, -1 to any dice of the colour of one opponent; at
    least one die must change. Steps: your dice (``done``), an opponent or ``done``, their
    dice (``done``)."""

    fields: tuple[str, ...] = ("ph", "up", "o", "dn")

    def victims(self, st: FiveSealsState, seat: int, col: int) -> list[int]:
        return [k for k in st.opponents(seat) if any(v > 1 for v in st.dice_of(k, col))]

    def ok(self, st: FiveSealsState, seat: int, col: int) -> bool:
        mine = any(v < 6 for v in st.dice_of(seat, col))
        return mine or bool(self.victims(st, seat, col))

    def start(self, st: FiveSealsState, seat: int, card: int, src: Src) -> None:
        super().start(st, seat, card, src)
        frame = st.stack[-1]
        assert isinstance(frame, Spell)
        if frame.c >= 0:
            self.chosen(st, frame)

    def chosen(self, st: FiveSealsState, f: Spell) -> None:
        if not self.raisable(st, f):  # nothing of yours to raise: straight to the opponent
            f.ph = 1

    def raisable(self, st: FiveSealsState, f: Spell) -> list[int]:
        return next_values([v for v in st.dice_of(f.s, f.c) if v < 6], f.up)

    def lowerable(self, st: FiveSealsState, f: Spell) -> list[int]:
        return next_values([v for v in st.dice_of(f.o, f.c) if v > 1], f.dn)

    def legal_c(self, st: FiveSealsState, f: Spell) -> list[int]:
        col = f.c
        if f.ph == 0:
            acts = [A.die(col, v) for v in self.raisable(st, f)]
            if f.up or self.victims(st, f.s, col):
                acts.append(A.DONE)
            return acts
        if f.ph == 1:
            acts = [A.SEAT + k for k in self.victims(st, f.s, col)]
            return [*acts, A.DONE] if f.up else acts
        acts = [A.their(col, v) for v in self.lowerable(st, f)]
        return [*acts, A.DONE] if f.dn else acts

    def act_c(self, st: FiveSealsState, f: Spell, name: str, arg: int) -> None:
        if f.ph == 0:
            if name == "die":
                f.up.append(arg % 6 + 1)
                if self.raisable(st, f):
                    return
            f.ph = 1
            if self.victims(st, f.s, f.c):
                return
        elif f.ph == 1 and name == "seat":
            f.o, f.ph = arg, 2
            return
        elif f.ph == 2 and name == "their":
            f.dn.append(arg % 6 + 1)
            if self.lowerable(st, f):
                return
        self.resolve(st, f)

    def resolve(self, st: FiveSealsState, f: Spell) -> None:
        done(st)
        for die in st.pick_dice(f.s, f.c, f.up):
            st.die_val[die] += 1
        if f.o >= 0:
            for die in st.pick_dice(f.o, f.c, f.dn):
                st.die_val[die] -= 1


def transferable(st: FiveSealsState, seat: int, busy: set[Src]) -> list[tuple[int, int]]:
    """(index, card) of ``seat``'s scrolls that may change hands: face up, not Binding."""
    return [(i, card) for i, card in st.up_cards(seat) if card != BINDING and (seat, i) not in busy]


class Transfer(Handler):
    """Swap a face-up scroll of yours for an opponent's face-up scroll of the colour (Mind:
    a Mind scroll) of the same strength. Swapping two copies of one card has no effect."""

    fields: tuple[str, ...] = ("o", "j")

    def mine(self, st: FiveSealsState, seat: int, card: int, busy: set[Src]) -> list[int]:
        return sorted(
            {
                c
                for _, c in transferable(st, seat, busy)
                if strength(c) == strength(card) and c != card
            }
        )

    def theirs(
        self, st: FiveSealsState, seat: int, col: int, victim: int, busy: set[Src]
    ) -> list[int]:
        return sorted(
            {
                card
                for _, card in transferable(st, victim, busy)
                if colour(card) == col and self.mine(st, seat, card, busy)
            }
        )

    def usable(self, st: FiveSealsState, seat: int, card: int, src: Src, busy: set[Src]) -> bool:
        return any(self.theirs(st, seat, colour(card), k, busy) for k in st.opponents(seat))

    def legal(self, st: FiveSealsState, f: Spell) -> list[int]:
        seat, col = f.s, f.c
        if f.o < 0:
            return [A.SEAT + k for k in st.opponents(seat) if self.theirs(st, seat, col, k, set())]
        if f.j < 0:
            return [A.SCROLL + c for c in self.theirs(st, seat, col, f.o, set())]
        return [A.SCROLL + c for c in self.mine(st, seat, f.j, set())]

    def act(self, st: FiveSealsState, f: Spell, name: str, arg: int) -> None:
        if f.o < 0:
            f.o = arg
        elif f.j < 0:
            f.j = arg  # the card; its first face-up copy changes hands
        else:
            done(st)
            seat, victim = f.s, f.o
            j, i = st.find_up(victim, f.j), st.find_up(seat, arg)
            hands = st.own_hands()
            hands[seat][i], hands[victim][j] = hands[victim][j], hands[seat][i]


class Theft(Handler):
    """Take a die of the colour from an opponent, who chooses which (Mind: any of his dice);
    the ``give`` frame (rules.py) asks the robbed player."""

    def victims(self, st: FiveSealsState, seat: int, col: int) -> list[int]:
        return [
            k
            for k in st.opponents(seat)
            if any(colour_ok(col, code // 6) for code in dice_codes(st, k))
        ]

    def usable(self, st: FiveSealsState, seat: int, card: int, src: Src, busy: set[Src]) -> bool:
        return bool(self.victims(st, seat, colour(card)))

    def legal(self, st: FiveSealsState, f: Spell) -> list[int]:
        return [A.SEAT + k for k in self.victims(st, f.s, f.c)]

    def act(self, st: FiveSealsState, f: Spell, name: str, arg: int) -> None:
        done(st)
        col = -1 if f.c == 4 else f.c
        st.stack.append(Give(s=arg, t=f.s, c=col))


class Exploitation(Handler):
    """Use an opponent's face-up scroll of the colour (Mind: a Mind scroll) as your own; it
    turns face down too. Not Binding, Synergy, or an Exploitation."""

    fields: tuple[str, ...] = ("o",)

    def options(
        self, st: FiveSealsState, seat: int, col: int, victim: int, busy: set[Src]
    ) -> list[int]:
        from grimoire.games.five_seals.spells import book

        found: set[int] = set()
        for j, card in st.up_cards(victim):
            if card in found or colour(card) != col or (victim, j) in busy:
                continue
            if card == BINDING or family(card) in (SYNERGY, EXPLOITATION):
                continue
            if book.usable(st, seat, card, (victim, j), busy | {(victim, j)}):
                found.add(card)
        return sorted(found)

    def usable(self, st: FiveSealsState, seat: int, card: int, src: Src, busy: set[Src]) -> bool:
        return any(self.options(st, seat, colour(card), k, busy) for k in st.opponents(seat))

    def legal(self, st: FiveSealsState, f: Spell) -> list[int]:
        seat, col = f.s, f.c
        if f.o < 0:
            return [A.SEAT + k for k in st.opponents(seat) if self.options(st, seat, col, k, set())]
        return [A.SCROLL + card for card in self.options(st, seat, col, f.o, set())]

    def act(self, st: FiveSealsState, f: Spell, name: str, arg: int) -> None:
        from grimoire.games.five_seals.spells import book

        if f.o < 0:
            f.o = arg
            return
        done(st)
        victim = f.o
        j = st.find_up(victim, arg)
        st.own_hands()[victim][j][1] = 0
        book.start(st, f.s, arg, (victim, j))
