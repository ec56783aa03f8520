"""Trimagics (rulebook "Trimagics"): a complete row casts its effect on one target, or two
(ruling 22), each target with an Elemental Shield window; DRAW, TAKE, STEAL and DISCARD.

The ``tri`` frame walks its stages: ``tgt`` (is there a target left?), ``choose`` (the caster
picks it, after drawing the DRAW cards), ``win`` (the target's Shield window), ``eff`` (the
effect)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.games.fatal import frames as F
from grimoire.games.fatal.components import TYPES
from grimoire.games.fatal.zones import push_seq, to_discard

if TYPE_CHECKING:
    from grimoire.games.fatal.state import FatalState


def tri_frame(st: FatalState, s: int, r: int) -> F.Tri:
    """The trimagic of seat ``s``'s complete row ``r``: its type, second target and strength
    read from the row's cards (head, foot, tip)."""
    tab = st.tab
    c0, c1, c2 = (tab.card_kind[card] for card in st.rows[s][r])
    n = 2 if tab.stars[3 * c1 + 1] + tab.stars[3 * c2 + 2] >= 2 else 1
    return F.Tri(
        s=s,
        row=r,
        effect=TYPES[tab.vtype[c0]],
        second=tab.second[c1],
        strength=n,
        target_index=0,
        at="tgt",
        target=-1,
        first_target=-1,
        shielded=False,
    )


def push_tri(st: FatalState, s: int, r: int) -> None:
    st.casts += 1
    st.changed = True  # a cast row is discarded (ruling 31: the turn changed the game)
    st.stack.append(tri_frame(st, s, r))


def tri_targets(st: FatalState, f: F.Tri) -> list[int]:
    """Seats the trimagic's next target may be: live; not the caster for STEAL and DISCARD
    (ruling 22); the second target differs from the first (RULEBOOK)."""
    s = f.s
    seats = [x for x in st.live() if x != f.first_target]
    if f.effect in ("STEAL", "DISCARD"):
        seats = [x for x in seats if x != s]
    return seats


def void(st: FatalState, f: F.Tri, t: int) -> bool:
    """Whether the effect on ``t`` would do nothing (public counts): no Shield window then."""
    if f.effect == "STEAL":
        return not st.tre[t]
    if f.effect == "DISCARD":
        return not st.hands[t]
    return False


def p_tri(st: FatalState, f: F.Tri) -> None:
    s, at, ty = f.s, f.at, f.effect
    if at == "tgt":
        if f.target_index >= (2 if f.second else 1):
            row = st.rows[s][f.row]
            to_discard(st, row)
            st.rows[s][f.row] = []
            st.stack.pop()
            return
        if not tri_targets(st, f) or (ty == "DRAW" and not (st.deck or st.discard)):
            f.target_index += 1
            return
        f.at = "choose"
        if ty == "DRAW":
            st.looker = s
            push_seq(st, [F.Draw(s=s, to="look") for _ in range(f.strength)])
    elif at == "choose":
        if ty == "DRAW" and not st.looking:
            f.target_index += 1
            f.at = "tgt"
            return
        f.at = "win"
        st.stack.append(F.Target(s=s))
    elif at == "win":
        f.at = "eff"
        t = f.target
        gift = ty in ("DRAW", "TAKE") and not st.tab.shield_gifts
        if t != s and not gift and not void(st, f, t):
            st.stack.append(F.Shield(s=t, by=s))
    else:
        effect(st, f)


def effect(st: FatalState, f: F.Tri) -> None:
    """The effect on target ``t`` (nothing more if it shielded: ruling 10)."""
    s, ty, t, n = f.s, f.effect, f.target, f.strength
    f.first_target, f.target, f.target_index, f.at = t, -1, f.target_index + 1, "tgt"
    shielded = f.shielded
    f.shielded = False
    if ty == "DRAW":
        if shielded:  # ruling 10: a shielded DRAW card is discarded
            to_discard(st, st.looking)
        else:
            mask = (1 << s) | (1 << t)
            for card in st.looking:
                st.ck[card] = mask
                st.hands[t].append(card)
        st.looking, st.looker = [], -1
    elif shielded:
        return  # ruling 10: a shielded TAKE treasure stays in the display
    elif ty == "TAKE":
        st.stack.append(F.Takes(s=s, target=t, left=n))
    elif ty == "STEAL":
        push_seq(st, [F.RSteal(s=s, victim=t) for _ in range(min(n, len(st.tre[t])))])
    else:
        m = min(n, len(st.hands[t]))
        if m:
            st.stack.append(F.Echk(victim=t, by=s))
            push_seq(st, [F.RCard(s=-1, victim=t) for _ in range(m)])


def p_takes(st: FatalState, f: F.Takes) -> None:
    if f.left <= 0 or not any(t >= 0 for t in st.display):
        st.stack.pop()
        return
    f.left -= 1
    st.stack.append(F.SlotPick(s=f.s, mode="take", receiver_or_kind=f.target))
