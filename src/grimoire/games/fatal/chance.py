"""Chance nodes: whether a chance frame has an outcome, the outcomes with their weights, and
applying one. Outcomes are kinds (a card kind, a treasure kind, a sign) or a seat."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from grimoire.games.fatal import frames as F
from grimoire.games.fatal.frames import Draw, RCard, RoundEnd, TDraw
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
    code = f.code
    if code == F.DRAW:
        if not st.deck and st.discard:
            reshuffle(st)
        return bool(st.deck)
    if code == F.TDRAW:
        top = st.t_top if cast(F.TDraw, f).to == "display" else []
        return bool(top or st.t_pool or st.t_under)
    if code == F.RSTEAL:
        return bool(st.tre[cast(F.RSteal, f).victim])
    if code == F.SHARE:
        return bool(st.tre[cast(F.Share, f).victim])
    if code == F.RCARD:
        return bool(st.hands[cast(F.RCard, f).victim])
    return True


def _counts(
    st: FatalState, objects: list[int], kind_of: list[int], kinds: int
) -> list[tuple[int, int]]:
    """(kind, copies) of the kinds of ``objects``, by kind (the pairs of ``tab.pairs``)."""
    counts = [0] * kinds
    for obj in objects:
        counts[kind_of[obj]] += 1
    pairs = st.tab.pairs
    return [pairs[k][counts[k]] for k in range(kinds) if counts[k]]


def tdraw_source(st: FatalState, f: TDraw) -> str:
    """Where the next treasure comes from: the looked-at top, the pool, or the bottom."""
    if f.to == "display" and st.t_top:
        return "top"
    if st.t_pool:
        return "pool"
    return "under"


def chance_weights(st: FatalState) -> list[tuple[int, int]]:
    f = st.stack[-1]
    tab = st.tab
    code = f.code
    if code == F.DRAW:
        return _counts(st, st.deck, tab.card_kind, len(tab.effect))
    if code == F.RSTEAL:
        return _counts(st, st.tre[cast(F.RSteal, f).victim], tab.tre_kind, tab.queen_kind + 1)
    if code == F.SHARE:
        return _counts(st, st.tre[cast(F.Share, f).victim], tab.tre_kind, tab.queen_kind + 1)
    if code == F.RCARD:
        return _counts(st, st.hands[cast(F.RCard, f).victim], tab.card_kind, len(tab.effect))
    if code == F.TDRAW:
        return _tdraw_weights(st, cast(F.TDraw, f))
    if code == F.CHAR:
        dealt = set(st.char)
        return [(sign, 1) for sign in sorted(tab.signs) if sign not in dealt]
    if code == F.FIRST:
        return [(seat, 1) for seat in range(st.n)]
    raise AssertionError(f"not a chance frame: {f!r}")


def _tdraw_weights(st: FatalState, f: TDraw) -> list[tuple[int, int]]:
    tab = st.tab
    source = tdraw_source(st, f)
    if source == "top":
        return [(tab.tre_kind[st.t_top[0]], 1)]
    if source == "under":
        return [(tab.tre_kind[st.t_under[0]], 1)]
    queen = tab.queen
    pool = st.t_pool if st.t_mid <= 0 else [t for t in st.t_pool if t != queen]
    return _counts(st, pool, tab.tre_kind, tab.queen_kind + 1)


def apply_chance(st: FatalState, outcome: int) -> None:
    f = st.stack.pop()
    code = f.code
    if code == F.DRAW:
        _apply_draw(st, cast(F.Draw, f), outcome)
    elif code == F.TDRAW:
        apply_tdraw(st, cast(F.TDraw, f), outcome)
    elif code == F.RSTEAL:
        steal = cast(F.RSteal, f)
        s, v = steal.s, steal.victim
        t = take_treasure(st, st.tre[v], outcome)
        receive(st, s, t, 1 << v)
        if st.tk[t] != st.everyone:
            forget_rest(st.tre[v], st.tk, (1 << s) | (1 << v))
    elif code == F.RCARD:
        _apply_rcard(st, cast(F.RCard, f), outcome)
    elif code == F.SHARE:
        share = cast(F.Share, f)
        v, to_seat = share.victim, share.to
        t = take_treasure(st, st.tre[v], outcome)
        receive(st, to_seat, t, 0)
        if st.tk[t] != st.everyone:
            forget_rest(st.tre[v], st.tk, (1 << to_seat) | (1 << v))
    elif code == F.CHAR:
        s = cast(F.Char, f).s
        st.char[s] = outcome
        st.ck_char[s] = 1 << s
    elif code == F.FIRST:
        st.first = outcome


def _apply_draw(st: FatalState, f: Draw, outcome: int) -> None:
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


def _apply_rcard(st: FatalState, f: RCard, outcome: int) -> None:
    s, v = f.s, f.victim
    card = take_card(st, st.hands[v], outcome)
    if s < 0:
        to_discard(st, [card])
    else:
        mask = (1 << s) | (1 << v)
        st.ck[card] = mask
        st.hands[s].append(card)
        forget_rest(st.hands[v], st.ck, mask)


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
    if t == st.tab.queen:  # the Queen is revealed: the round ends at once (RULEBOOK)
        st.queen_shown = True
        st.tk[t] = st.everyone
        st.stack.append(RoundEnd(at="tally"))
        return
    st.tk[t] = st.everyone
    st.display[f.slot] = t
