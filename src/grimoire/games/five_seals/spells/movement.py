"""The Circle of Movement: Dispatch, Leap, Teleportation, Guardian, Speed; and Binding.

A seal is blocked when a familiar or guardian stands on it: nobody breaks a seal under a
guardian, only its owner one under a familiar. Leap, Teleportation and Speed (and Binding's
second option) end in a ``pick`` frame (rules.py) choosing the seal to break, so they can only
be used when such a seal exists.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.games.five_seals import actions as A
from grimoire.games.five_seals.components import DICE_COLOURS, colour
from grimoire.games.five_seals.frames import Pick, PickMode, Spell
from grimoire.games.five_seals.reach import (
    breakable,
    colour_ok,
    leap_targets,
    speed_second,
    targets,
    teleport_targets,
)
from grimoire.games.five_seals.spells.base import Handler, Src, done, node_action

if TYPE_CHECKING:
    from grimoire.games.five_seals.state import FiveSealsState


def pick(st: FiveSealsState, f: Spell, mode: PickMode, node: int = -1) -> None:
    """Replace the spell's frame by the choice of the seal to break."""
    st.stack[-1] = Pick(s=f.s, m=mode, c=f.c, x=node)


class Dispatch(Handler):
    """Put your familiar on an unblocked token of the colour (Mind: any); reach not needed."""

    def choices(self, st: FiveSealsState, col: int) -> list[int]:
        standing = set(st.familiar)
        return [
            n
            for n, code in enumerate(st.token)
            if code >= 0 and colour_ok(col, code // 10) and n not in standing
        ]

    def usable(self, st: FiveSealsState, seat: int, card: int, src: Src, busy: set[Src]) -> bool:
        return bool(self.choices(st, colour(card)))

    def legal(self, st: FiveSealsState, f: Spell) -> list[int]:
        return [node_action(st, n) for n in self.choices(st, f.c)]

    def act(self, st: FiveSealsState, f: Spell, name: str, arg: int) -> None:
        done(st)
        st.set_familiar(f.s, arg)


class Leap(Handler):
    """Leap over a reachable unblocked token of the colour (Mind: any), then break with dice a
    seal only reachable so."""

    def choices(self, st: FiveSealsState, seat: int, col: int) -> list[int]:
        standing = set(st.familiar)
        return [
            n
            for n in targets(st, seat)
            if st.token[n] >= 0
            and colour_ok(col, st.token[n] // 10)
            and n not in standing
            and leap_targets(st, seat, n)
        ]

    def usable(self, st: FiveSealsState, seat: int, card: int, src: Src, busy: set[Src]) -> bool:
        return bool(self.choices(st, seat, colour(card)))

    def legal(self, st: FiveSealsState, f: Spell) -> list[int]:
        return [node_action(st, n) for n in self.choices(st, f.s, f.c)]

    def act(self, st: FiveSealsState, f: Spell, name: str, arg: int) -> None:
        pick(st, f, "leap", arg)


class Teleportation(Handler):
    """Move through the space of another player's figure (mage or familiar, even one blocking
    a seal), then break with dice a seal of the colour (Mind: any) only reachable so."""

    def choices(self, st: FiveSealsState, seat: int, col: int) -> list[int]:
        figures = {st.mage[s] for s in range(st.n) if s != seat}
        figures |= {f for s, f in enumerate(st.familiar) if s != seat and f >= 0}
        figures.discard(st.board.hall)
        return sorted(n for n in figures if teleport_targets(st, seat, n, col))

    def usable(self, st: FiveSealsState, seat: int, card: int, src: Src, busy: set[Src]) -> bool:
        return bool(self.choices(st, seat, colour(card)))

    def legal(self, st: FiveSealsState, f: Spell) -> list[int]:
        return [node_action(st, n) for n in self.choices(st, f.s, f.c)]

    def act(self, st: FiveSealsState, f: Spell, name: str, arg: int) -> None:
        pick(st, f, "tele", arg)


class Guardian(Handler):
    """Put the guardian of the colour on a scroll of the colour on the board (Mind: the
    purple guardian on a Mind scroll), or ``unguard``: take it off the board."""

    def choices(self, st: FiveSealsState, col: int) -> list[int]:
        return [
            n
            for n in st.board.scrolls
            if st.card[n] >= 0 and colour(st.card[n]) == col and st.guardian[col] != n
        ]

    def usable(self, st: FiveSealsState, seat: int, card: int, src: Src, busy: set[Src]) -> bool:
        col = colour(card)
        return st.guardian[col] >= 0 or bool(self.choices(st, col))

    def legal(self, st: FiveSealsState, f: Spell) -> list[int]:
        acts = [node_action(st, n) for n in self.choices(st, f.c)]
        return [*acts, A.UNGUARD] if st.guardian[f.c] >= 0 else acts

    def act(self, st: FiveSealsState, f: Spell, name: str, arg: int) -> None:
        done(st)
        st.set_guardian(f.c, arg if name == "node" else -1)


class Speed(Handler):
    """Break a seal with dice, then a reachable seal of the colour (Mind: any) for free."""

    def usable(self, st: FiveSealsState, seat: int, card: int, src: Src, busy: set[Src]) -> bool:
        col = colour(card)
        return any(speed_second(st, seat, n, col) for n in breakable(st, seat))

    def start(self, st: FiveSealsState, seat: int, card: int, src: Src) -> None:
        st.stack.append(Pick(s=seat, m="speed", c=colour(card), x=-1))


class Binding(Handler):
    """Option 1 (``bind familiar``): your familiar joins your mage's space (no effect in the
    hall, which never blocks, or where it already stands). Option 2 (``bind break``): break a
    reachable token with dice without moving; the familiar takes its space; the turn ends.
    Edition "mayday" (PROPOSED): you may also raise one of your dice by 1 (``die``) first."""

    fields: tuple[str, ...] = ("r",)

    @staticmethod
    def option1(st: FiveSealsState, seat: int) -> bool:
        return st.mage[seat] != st.board.hall and st.familiar[seat] != st.mage[seat]

    @staticmethod
    def option2(st: FiveSealsState, seat: int) -> bool:
        return any(st.token[n] >= 0 for n in breakable(st, seat))

    @staticmethod
    def raisable(st: FiveSealsState, seat: int) -> list[int]:
        if not st.mayday:
            return []
        return sorted({A.die(c, v) for c in DICE_COLOURS for v in st.dice_of(seat, c) if v < 6})

    def usable(self, st: FiveSealsState, seat: int, card: int, src: Src, busy: set[Src]) -> bool:
        return self.option1(st, seat) or self.option2(st, seat) or bool(self.raisable(st, seat))

    def legal(self, st: FiveSealsState, f: Spell) -> list[int]:
        seat = f.s
        acts = [A.BIND_FAMILIAR] if self.option1(st, seat) else []
        if self.option2(st, seat):
            acts.append(A.BIND_BREAK)
        if f.r:
            return [*acts, A.DONE]
        return acts + self.raisable(st, seat)

    def act(self, st: FiveSealsState, f: Spell, name: str, arg: int) -> None:
        seat = f.s
        if name == "die":
            die = st.pick_dice(seat, arg // 6, [arg % 6 + 1])[0]
            st.die_val[die] += 1
            f.r = 1
            st.forget()
            if self.legal(st, f) == [A.DONE]:
                done(st)
        elif name == "bind-familiar":
            done(st)
            st.set_familiar(seat, st.mage[seat])
        elif name == "bind-break":
            pick(st, f, "bind")
        else:
            done(st)
