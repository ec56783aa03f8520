"""The Circle of Spaces: Swap, Exchange, Absorption, Disintegration, Rearrangement.

None of these needs reach. A familiar or guardian standing on a token or scroll moves with it
(RULING: the figure stands on the component, and a guardian must stay on a scroll of its
colour); a token that leaves the board returns the familiar on it to its owner.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.games.five_seals import actions as A
from grimoire.games.five_seals.components import DICE_COLOURS, colour
from grimoire.games.five_seals.frames import Spell
from grimoire.games.five_seals.reach import colour_ok
from grimoire.games.five_seals.spells.base import (
    ColourChoice,
    Handler,
    Src,
    done,
    node_action,
    release_familiars,
)

if TYPE_CHECKING:
    from grimoire.games.five_seals.state import FiveSealsState


def tokens(st: FiveSealsState) -> list[int]:
    return [n for n, code in enumerate(st.token) if code >= 0]


def swap_tokens(st: FiveSealsState, a: int, b: int) -> None:
    code_a, code_b = st.token[a], st.token[b]
    st.set_token(a, code_b)
    st.set_token(b, code_a)
    for seat, node in enumerate(st.familiar):
        if node == a:
            st.set_familiar(seat, b)
        elif node == b:
            st.set_familiar(seat, a)


class Swap(Handler):
    """A token of the colour for a token of another colour and the same strength. Mind: any
    two colours that differ. The first node is the token of the scroll's colour."""

    fields: tuple[str, ...] = ("a",)

    def firsts(self, st: FiveSealsState, col: int) -> list[int]:
        by_strength: dict[int, set[int]] = {}
        for n in tokens(st):
            by_strength.setdefault(st.token[n] % 10, set()).add(st.token[n] // 10)
        return [
            n
            for n in tokens(st)
            if colour_ok(col, st.token[n] // 10) and len(by_strength[st.token[n] % 10]) > 1
        ]

    def usable(self, st: FiveSealsState, seat: int, card: int, src: Src, busy: set[Src]) -> bool:
        return bool(self.firsts(st, colour(card)))

    def legal(self, st: FiveSealsState, f: Spell) -> list[int]:
        if f.a < 0:
            return [node_action(st, n) for n in self.firsts(st, f.c)]
        code = st.token[f.a]
        return [
            node_action(st, n)
            for n in tokens(st)
            if st.token[n] % 10 == code % 10 and st.token[n] // 10 != code // 10
        ]

    def act(self, st: FiveSealsState, f: Spell, name: str, arg: int) -> None:
        if f.a < 0:
            f.a = arg
        else:
            done(st)
            swap_tokens(st, f.a, arg)


class Exchange(ColourChoice):
    """Two tokens of the colour (Mind: one chosen colour). Tokens of equal strength are
    identical, so exchanging them would have no effect: the strengths must differ."""

    fields: tuple[str, ...] = ("a",)

    def ok(self, st: FiveSealsState, seat: int, col: int) -> bool:
        return len({st.token[n] % 10 for n in tokens(st) if st.token[n] // 10 == col}) > 1

    def legal_c(self, st: FiveSealsState, f: Spell) -> list[int]:
        own = [n for n in tokens(st) if st.token[n] // 10 == f.c]
        if f.a < 0:
            return [node_action(st, n) for n in own]
        return [node_action(st, n) for n in own if st.token[n] != st.token[f.a]]

    def act_c(self, st: FiveSealsState, f: Spell, name: str, arg: int) -> None:
        if f.a < 0:
            f.a = arg
        else:
            done(st)
            swap_tokens(st, f.a, arg)


class Absorption(Handler):
    """Use: return the stored token and add its strength to one of your dice (max 6). (Storing
    a token when breaking one is part of the break: rules.absorbers.)"""

    def usable(self, st: FiveSealsState, seat: int, card: int, src: Src, busy: set[Src]) -> bool:
        stored = st.hands[src[0]][src[1]][2] >= 0
        return stored and any(0 < v < 6 for c in DICE_COLOURS for v in st.dice_of(seat, c))

    def legal(self, st: FiveSealsState, f: Spell) -> list[int]:
        seat = f.s
        return sorted({A.die(c, v) for c in DICE_COLOURS for v in st.dice_of(seat, c) if 0 < v < 6})

    def act(self, st: FiveSealsState, f: Spell, name: str, arg: int) -> None:
        done(st)
        entry = st.own_hands()[f.src[0]][f.src[1]]
        die = st.pick_dice(f.s, arg // 6, [arg % 6 + 1])[0]
        st.die_val[die] = min(6, st.die_val[die] + entry[2] % 10)
        st.to_box(entry[2])
        entry[2] = -1


class Disintegration(Handler):
    """Remove a token of the colour (Mind: any) from the game; it is not a break."""

    def choices(self, st: FiveSealsState, col: int) -> list[int]:
        return [n for n in tokens(st) if colour_ok(col, st.token[n] // 10)]

    def usable(self, st: FiveSealsState, seat: int, card: int, src: Src, busy: set[Src]) -> bool:
        return bool(self.choices(st, colour(card)))

    def legal(self, st: FiveSealsState, f: Spell) -> list[int]:
        return [node_action(st, n) for n in self.choices(st, f.c)]

    def act(self, st: FiveSealsState, f: Spell, name: str, arg: int) -> None:
        done(st)
        st.to_box(st.token[arg])
        st.set_token(arg, -1)
        release_familiars(st, arg)


class Rearrangement(Handler):
    """Swap two scrolls on the board, at least one of the colour (Mind: a Mind scroll). Two
    copies of the same card are identical: swapping them has no effect."""

    fields: tuple[str, ...] = ("a",)

    @staticmethod
    def pair(st: FiveSealsState, col: int, a: int, b: int) -> bool:
        ca, cb = st.card[a], st.card[b]
        return a != b and ca != cb and col in (colour(ca), colour(cb))

    def seconds(self, st: FiveSealsState, col: int, a: int) -> list[int]:
        return [b for b in st.board.scrolls if st.card[b] >= 0 and self.pair(st, col, a, b)]

    def firsts(self, st: FiveSealsState, col: int) -> list[int]:
        boxes = [n for n in st.board.scrolls if st.card[n] >= 0]
        ours = {st.card[n] for n in boxes if colour(st.card[n]) == col}
        if not ours:
            return []
        # a box pairs with a box of the colour holding another card, or (if it is of the
        # colour itself) with any box holding another card
        kinds = {st.card[n] for n in boxes}
        return [
            n
            for n in boxes
            if (ours - {st.card[n]}) or (colour(st.card[n]) == col and len(kinds) > 1)
        ]

    def usable(self, st: FiveSealsState, seat: int, card: int, src: Src, busy: set[Src]) -> bool:
        return bool(self.firsts(st, colour(card)))

    def legal(self, st: FiveSealsState, f: Spell) -> list[int]:
        if f.a < 0:
            return [node_action(st, n) for n in self.firsts(st, f.c)]
        return [node_action(st, n) for n in self.seconds(st, f.c, f.a)]

    def act(self, st: FiveSealsState, f: Spell, name: str, arg: int) -> None:
        if f.a < 0:
            f.a = arg
            return
        done(st)
        a, b = f.a, arg
        card_a, card_b = st.card[a], st.card[b]
        st.set_card(a, card_b)
        st.set_card(b, card_a)
        for col, node in enumerate(st.guardian):
            if node == a:
                st.set_guardian(col, b)
            elif node == b:
                st.set_guardian(col, a)
