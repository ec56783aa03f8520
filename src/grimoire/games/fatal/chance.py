"""Chance nodes: whether a chance frame has an outcome, the outcomes with their weights, and
applying one. Outcomes are kinds (a card kind, a treasure kind, a sign) or a seat."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.games.fatal.frames import Char, Draw, First, RCard, RoundEnd, RSteal, Share, TDraw
from grimoire.games.fatal.zones import (
    forget_rest,
    receive,
    reshuffle,
    take_card,
    take_treasure,
    to_discard,
)

if TYPE_CHECKING:
    from grimoire.games.fatal.frames import FatalFrame as Frame
    from grimoire.games.fatal.state import FatalState


def chance_ready(st: FatalState, f: Frame) -> bool:
    """Whether a chance frame has an outcome; a deck draw reshuffles the discard pile first
    when the deck is empty (no chance node: the pile is public), and is skipped when both are
    empty (ruling 6)."""
    if type(f) is Draw:
        if not st.deck and st.discard:
            reshuffle(st)
        return bool(st.deck)
    if type(f) is TDraw:
        top = st.t_top if f.to == "display" else []
        return bool(top or st.t_pool or st.t_under)
    if type(f) is RSteal or type(f) is Share:
        return bool(st.tre[f.victim])
    if type(f) is RCard:
        return bool(st.hands[f.victim])
    return True


def _counts(kinds: list[int]) -> list[tuple[int, int]]:
    counts: dict[int, int] = {}
    for k in kinds:
        counts[k] = counts.get(k, 0) + 1
    return sorted(counts.items())


def tdraw_source(st: FatalState, f: TDraw) -> str:
    """Where the next treasure comes from: the looked-at top, the pool, or the bottom."""
    if f.to == "display" and st.t_top:
        return "top"
    if st.t_pool:
        return "pool"
    return "under"


def chance_weights(st: FatalState) -> list[tuple[int, int]]:
    f = st.stack[-1]
    lay = st.lay
    if type(f) is Draw:
        return _counts([lay.card_kind[c] for c in st.deck])
    if type(f) is TDraw:
        source = tdraw_source(st, f)
        if source == "top":
            return [(lay.tre_kind[st.t_top[0]], 1)]
        if source == "under":
            return [(lay.tre_kind[st.t_under[0]], 1)]
        queen = lay.queen
        pool = st.t_pool if st.t_mid <= 0 else [t for t in st.t_pool if t != queen]
        return _counts([lay.tre_kind[t] for t in pool])
    if type(f) is RSteal or type(f) is Share:
        return _counts([lay.tre_kind[t] for t in st.tre[f.victim]])
    if type(f) is RCard:
        return _counts([lay.card_kind[c] for c in st.hands[f.victim]])
    if type(f) is Char:
        dealt = set(st.char)
        return [(sign, 1) for sign in sorted(lay.signs) if sign not in dealt]
    if type(f) is First:
        return [(seat, 1) for seat in range(st.n)]
    raise AssertionError(f"not a chance frame: {f!r}")


def apply_chance(st: FatalState, outcome: int) -> None:
    f = st.stack.pop()
    if type(f) is Draw:
        s, to = f.s, f.to
        card = take_card(st, st.deck, outcome)
        seen = 0 if to == "aside" else 1 << s
        if st.reshuffles:
            forget_rest(st.deck, st.ck, seen)
        st.ck[card] = seen
        if to == "hand":
            st.hands[s].append(card)
        elif to == "aside":
            st.aside[s].append(card)
        else:
            st.looker = s
            st.looking.append(card)
    elif type(f) is TDraw:
        apply_tdraw(st, f, outcome)
    elif type(f) is RSteal:
        s, v = f.s, f.victim
        t = take_treasure(st, st.tre[v], outcome)
        receive(st, s, t, 1 << v)
        if st.tk[t] != st.full:
            forget_rest(st.tre[v], st.tk, (1 << s) | (1 << v))
    elif type(f) is RCard:
        s, v = f.s, f.victim
        card = take_card(st, st.hands[v], outcome)
        if s < 0:
            to_discard(st, [card])
        else:
            mask = (1 << s) | (1 << v)
            st.ck[card] = mask
            st.hands[s].append(card)
            forget_rest(st.hands[v], st.ck, mask)
    elif type(f) is Share:
        v, to_seat = f.victim, f.to
        t = take_treasure(st, st.tre[v], outcome)
        receive(st, to_seat, t, 0)
        if st.tk[t] != st.full:
            forget_rest(st.tre[v], st.tk, (1 << to_seat) | (1 << v))
    elif type(f) is Char:
        st.char[f.s] = outcome
        st.ck_char[f.s] = 1 << f.s
    elif type(f) is First:
        st.first = outcome


def apply_tdraw(st: FatalState, f: TDraw, outcome: int) -> None:
    source = tdraw_source(st, f)
    if source == "top":
        t = st.t_top.pop(0)
        st.t_top_bot = min(st.t_top_bot, len(st.t_top))
    elif source == "under":
        t = st.t_under.pop(0)
    else:
        t = take_treasure(st, st.t_pool, outcome)
        if st.t_mid > 0:
            st.t_mid -= 1
        elif f.to == "top":
            st.t_top_bot += 1
    if f.to == "top":
        st.t_top.append(t)
        st.tk[t] = 1 << f.s
        return
    if t == st.lay.queen:  # the Queen is revealed: the round ends at once (RULEBOOK)
        st.queen_shown = True
        st.tk[t] = st.full
        st.stack.append(RoundEnd(at="tally"))
        return
    st.tk[t] = st.full
    st.display[f.slot] = t
