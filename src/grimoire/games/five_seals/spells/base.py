"""What every spell handler shares: the frame, the Mind colour step, and selection helpers.

A handler answers four questions about one spell family: is it ``usable`` now (it must have an
effect, and every choice it offers must lead to a complete use), ``start`` it (push its frame, or
resolve at once when there is nothing to choose), the ``legal`` choices of its frame, and
``act`` on one choice. A used scroll is turned face down when ``use`` is chosen (rules.py), so a
frame never offers the scroll being used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.games.five_seals import actions as A
from grimoire.games.five_seals.components import DICE_COLOURS, P, colour
from grimoire.games.five_seals.frames import Spell

if TYPE_CHECKING:
    from grimoire.games.five_seals.state import FiveSealsState

Src = tuple[int, int]  # (owner seat, index in the owner's scrolls) of the scroll being used


class Handler:
    """One spell family, with its ``Spell`` frame (``frames.py``): s (seat), card, src, c
    (colour; -1 = to choose) and the fields it names in ``fields`` (the others keep their
    defaults; the loader checks that)."""

    fields: tuple[str, ...] = ()  # the Spell frame's own fields this spell uses
    has_frame = True  # False: the spell never waits for a decision (resolved at once)

    def usable(self, st: FiveSealsState, seat: int, card: int, src: Src, busy: set[Src]) -> bool:
        raise NotImplementedError

    def start(self, st: FiveSealsState, seat: int, card: int, src: Src) -> None:
        st.stack.append(Spell(s=seat, card=card, src=src, c=colour(card)))

    def legal(self, st: FiveSealsState, f: Spell) -> list[int]:
        raise NotImplementedError

    def act(self, st: FiveSealsState, f: Spell, name: str, arg: int) -> None:
        raise NotImplementedError


class ColourChoice(Handler):
    """A spell whose Mind version first names one of the four dice colours ("choose")."""

    def ok(self, st: FiveSealsState, seat: int, col: int) -> bool:
        """Whether the spell in colour ``col`` has an effect now."""
        raise NotImplementedError

    def usable(self, st: FiveSealsState, seat: int, card: int, src: Src, busy: set[Src]) -> bool:
        col = colour(card)
        if col == P:
            return any(self.ok(st, seat, c) for c in DICE_COLOURS)
        return self.ok(st, seat, col)

    def start(self, st: FiveSealsState, seat: int, card: int, src: Src) -> None:
        super().start(st, seat, card, src)
        if colour(card) == P:
            frame = st.stack[-1]
            assert isinstance(frame, Spell)
            frame.c = -1

    def legal(self, st: FiveSealsState, f: Spell) -> list[int]:
        if f.c < 0:
            return [A.COLOUR + c for c in DICE_COLOURS if self.ok(st, f.s, c)]
        return self.legal_c(st, f)

    def act(self, st: FiveSealsState, f: Spell, name: str, arg: int) -> None:
        if f.c < 0:
            f.c = arg
            self.chosen(st, f)
        else:
            self.act_c(st, f, name, arg)

    def chosen(self, st: FiveSealsState, f: Spell) -> None:
        """Called once the colour is known (hook: spells with nothing more to choose)."""

    def legal_c(self, st: FiveSealsState, f: Spell) -> list[int]:
        raise NotImplementedError

    def act_c(self, st: FiveSealsState, f: Spell, name: str, arg: int) -> None:
        raise NotImplementedError


def next_values(values: list[int], chosen: list[int]) -> list[int]:
    """Distinct values that may be picked next from ``values`` (a multiset) when picks go
    highest first: each subset of dice is then reached by exactly one sequence."""
    left = [0] * 7  # of each face 0..6 (0: not rolled)
    for value in values:
        left[value] += 1
    for value in chosen:
        if not left[value]:
            raise ValueError(f"{value} is not among {values}")
        left[value] -= 1
    last = chosen[-1] if chosen else 6
    return [v for v in range(last, -1, -1) if left[v]]


def node_action(st: FiveSealsState, node: int) -> int:
    return st.node_base + node


def release_familiars(st: FiveSealsState, node: int) -> None:
    """A token that leaves the board frees any familiar on it: it returns to its owner."""
    for seat, where in enumerate(st.familiar):
        if where == node:
            st.set_familiar(seat, -1)


def done(st: FiveSealsState) -> None:
    """The spell is fully used: drop its frame."""
    st.stack.pop()
