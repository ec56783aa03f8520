"""The entry points of the rules: ``legal_actions(st, seat)`` and ``apply(st, actor, action)``.

Each decision is the top frame of ``st.stack`` (``frames.py``); ``legal`` and ``act`` answer
the turn, the dice paying for a break, the choice of a seal, Absorption, taking dice and
Theft's give here, and every spell's own frame in ``spells/``. After each action
``flow.advance`` moves on to the next decision.

Choosing dice highest-first and stopping as soon as the strength is reached yields exactly the
minimal sets (ruling 6): dropping any die, in particular the last and smallest, falls short.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.core.frames import Frame
from grimoire.core.state import CHANCE
from grimoire.games.five_seals import actions as A
from grimoire.games.five_seals import chance, flow, spells
from grimoire.games.five_seals.components import DICE_COLOURS
from grimoire.games.five_seals.frames import Absorb, Dice, Give, Pick, Spell, Take, Turn
from grimoire.games.five_seals.reach import (
    breakable,
    colour_ok,
    leap_targets,
    seal_of,
    speed_second,
    targets,
    teleport_targets,
)

if TYPE_CHECKING:
    from grimoire.games.five_seals.state import FiveSealsState


def legal_actions(st: FiveSealsState, seat: int) -> list[int]:
    """Sorted legal actions of ``seat``, who answers the top frame."""
    return sorted(legal(st, st.stack[-1]))


def apply(st: FiveSealsState, actor: int, action: int) -> None:
    """Apply a legal action (or chance outcome) and move on to the next decision."""
    st.memo.clear()
    if actor == CHANCE:
        chance.apply(st, action)
    else:
        act(st, st.stack[-1], action)
    st.memo.clear()
    flow.advance(st)
    st.memo.clear()


# ---------------------------------------------------------------------- legal actions
def legal(st: FiveSealsState, f: Frame) -> list[int]:
    if isinstance(f, Turn):
        return turn_legal(st, f.s)
    if isinstance(f, Dice):
        return dice_legal(st, f)
    if isinstance(f, Pick):
        return [A.BREAK + n for n in pick_targets(st, f)]
    if isinstance(f, Take):
        return [A.TAKE + c for c in DICE_COLOURS if st.supply(c) > 0]
    if isinstance(f, Absorb):
        return [A.SCROLL + card for card in flow.absorbers(st, f.s, f.t)] + [A.DONE]
    if isinstance(f, Give):
        return flow.give_legal(st, f)
    assert isinstance(f, Spell)
    return spells.legal(st, f)


def turn_legal(st: FiveSealsState, seat: int) -> list[int]:
    """Turn steps 1-3: any usable scroll; any breakable seal; ``end round`` only if none."""
    can_break = breakable(st, seat)
    acts = [A.BREAK + n for n in can_break]
    seen: set[int] = set()
    for index, card in st.up_cards(seat):
        if card not in seen:
            seen.add(card)
            if spells.usable(st, seat, card, (seat, index), {(seat, index)}):
                acts.append(A.USE + card)
    if not can_break:
        acts.append(A.END)
    return acts


def dice_legal(st: FiveSealsState, f: Dice) -> list[int]:
    """Next die of a minimal set: not higher than the last one, and the set can still reach
    the strength with the dice left that are not higher than it."""
    seat, chosen = f.s, f.v
    need = seal_of(st, f.n)[1]
    paid = sum(chosen)
    last = chosen[-1] if chosen else 6
    acts = []
    for col in [f.c] if f.c >= 0 else DICE_COLOURS:
        vals = st.dice_of(seat, col)
        for value in chosen:
            vals.remove(value)
        for i, value in enumerate(vals):
            if value > last or (i and vals[i - 1] == value):
                continue
            if paid + value + sum(vals[i + 1 :]) >= need:
                acts.append(A.die(col, value))
    return acts


def pick_targets(st: FiveSealsState, f: Pick) -> list[int]:
    seat, mode = f.s, f.m
    if mode == "bind":  # Binding, option 2: a reachable token (never a scroll)
        return [n for n in breakable(st, seat) if st.token[n] >= 0]
    if mode == "leap":
        return leap_targets(st, seat, f.x)
    if mode == "tele":
        return teleport_targets(st, seat, f.x, f.c)
    if mode == "speed":  # a dice break after which a second seal of the colour is in reach
        return [n for n in breakable(st, seat) if speed_second(st, seat, n, f.c)]
    # "free": Speed's second seal, no dice
    return [n for n in targets(st, seat) if colour_ok(f.c, seal_of(st, n)[0])]


# ---------------------------------------------------------------------- applying actions
def act(st: FiveSealsState, f: Frame, action: int) -> None:
    if isinstance(f, Turn):
        turn(st, f.s, action)
    elif isinstance(f, Dice):
        pay(st, f, action - A.DIE)
    elif isinstance(f, Pick):
        node = action - A.BREAK
        if f.m == "free":
            flow.take_seal(st, f.s, node, "free", -1)
        else:
            col, _ = seal_of(st, node)
            mode = f.m
            st.stack[-1] = Dice(
                s=f.s,
                n=node,
                c=-1 if col == 4 else col,
                v=[],
                m=mode,
                x=f.c if mode == "speed" else -1,
            )
    elif isinstance(f, Take):
        die = st.supply_die(action - A.TAKE)
        st.die_owner[die], st.die_val[die] = f.s, 0
        f.n -= 1
        if f.n == 0:
            st.stack.pop()
    elif isinstance(f, Absorb):
        st.stack.pop()
        if action == A.DONE:
            st.box.append(f.t)
        else:
            entry = st.hands[f.s][st.find_up(f.s, action - A.SCROLL)]
            if entry[2] >= 0:
                st.box.append(entry[2])  # the token already there goes back to the box
            entry[2] = f.t
    elif isinstance(f, Give):
        flow.give(st, f, action)
    else:
        assert isinstance(f, Spell)
        spells.act(st, f, action)


def turn(st: FiveSealsState, seat: int, action: int) -> None:
    """A turn's decision: break a seal (pay with dice next), use a scroll, or end the round."""
    if action >= A.BREAK:
        node = action - A.BREAK
        col, _ = seal_of(st, node)
        st.stack.append(Dice(s=seat, n=node, c=-1 if col == 4 else col, v=[], m="turn", x=-1))
    elif action < A.SCROLL:  # use
        card = action - A.USE
        index = st.find_up(seat, card)
        st.hands[seat][index][1] = 0  # turned face down now: it is committed
        spells.start(st, seat, card, (seat, index))
    else:  # end round: no seal can be broken
        st.stack.pop()
        flow.finish_round(st, seat)


def pay(st: FiveSealsState, f: Dice, code: int) -> None:
    """One more die (code 6*colour+value-1) towards the seal; broken once the sum is reached."""
    if f.c < 0:
        f.c = code // 6
    f.v.append(code % 6 + 1)
    if sum(f.v) >= seal_of(st, f.n)[1]:
        for die in st.pick_dice(f.s, f.c, f.v):
            st.die_owner[die], st.die_val[die] = -1, 0
        flow.take_seal(st, f.s, f.n, f.m, f.x)
