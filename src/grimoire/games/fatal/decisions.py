"""The decisions: for each kind of ``Decision`` frame, its legal actions (``LEGAL``) and what
answering it does (``ACT``). The action ids are declared in ``actions``; a handler is only ever
given a legal action."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from grimoire.games.fatal import actions as A
from grimoire.games.fatal import frames as F
from grimoire.games.fatal.facts import can_play, effect_of, exchangeable, own_colour, steal_targets
from grimoire.games.fatal.trimagic import push_tri, tri_targets
from grimoire.games.fatal.zones import receive, take_card, take_treasure, to_discard

if TYPE_CHECKING:
    from grimoire.core.actions import Decoded
    from grimoire.games.fatal.frames import FatalFrame as Frame
    from grimoire.games.fatal.state import FatalState


# ---------------------------------------------------------------------- legal actions
def enchant_usable(st: FatalState, s: int, effect: str) -> bool:
    others = [x for x in st.live() if x != s]
    if effect == "shield":
        return False  # ruling 10: nothing to cancel at step 1
    if effect == "swap":
        return bool(swap_mine(st, s))
    if effect == "wind":
        return any(row for rows in st.rows for row in rows)
    if effect == "pickpocket":
        return any(st.hands[x] for x in others)
    if effect == "gaze":
        return bool(st.t_top or st.t_pool or st.t_under)
    if effect == "unmask":
        return any(not st.revealed[x] for x in others)
    if effect == "trade":
        return bool(st.tre[s] or st.up[s]) and any(t >= 0 for t in st.display)
    return True  # double, star


def swap_mine(st: FatalState, s: int) -> list[int]:
    """``mine r p`` of Magical Swap: my card at (r, p) with a partner at position p."""
    acts = []
    for r, row in enumerate(st.rows[s]):
        for p in range(len(row)):
            if any(len(other) > p for x in st.live() if x != s for other in st.rows[x]):
                acts.append(st.ids.a_mine(r, p))
    return acts


def l_act1(st: FatalState, f: F.Act1, seat: int) -> list[int]:
    tab = st.tab
    acts = [A.DONE]
    if exchangeable(st, seat):
        acts.append(A.EXCHANGE)
    kinds = set()
    for card in st.hands[seat]:
        k = tab.card_kind[card]
        if not tab.is_vision(k):
            kinds.add(k)
    for k in kinds:
        if enchant_usable(st, seat, tab.effect[k]):
            acts.append(st.ids.a_enchant(k))
    return sorted(acts)


def l_steal(st: FatalState, f: F.Steal, seat: int) -> list[int]:
    return sorted([A.DONE, *(st.ids.a_steal(x, r) for x, r in steal_targets(st, seat))])


def l_torow(st: FatalState, f: F.ToRow, seat: int) -> list[int]:
    p = len(st.rows[f.victim][f.row]) - 1
    return [st.ids.to_row + r for r, row in enumerate(st.rows[seat]) if len(row) == p]


def l_play(st: FatalState, f: F.Play, seat: int) -> list[int]:
    tab, ids = st.tab, st.ids
    length = tab.row_length
    rows = [r for r, row in enumerate(st.rows[seat]) if len(row) < length]
    visions = set()
    for card in st.hands[seat]:
        k = tab.card_kind[card]
        if tab.is_vision(k):
            visions.add(k)
    return sorted([A.DONE] + [ids.a_play(v, r) for v in visions for r in rows])


def l_xgive(st: FatalState, f: F.XGive, seat: int) -> list[int]:
    return sorted({st.ids.treasure + st.tkind(t) for t in exchangeable(st, seat)})


def l_xdisc(st: FatalState, f: F.XDisc, seat: int) -> list[int]:
    return sorted({st.ids.card + st.kind(card) for card in st.hands[seat]} | {A.DONE})


def l_discard(st: FatalState, f: F.Discard, seat: int) -> list[int]:
    return sorted({st.ids.card + st.kind(card) for card in st.hands[seat]})


def l_xkeep(st: FatalState, f: F.XKeep, seat: int) -> list[int]:
    return sorted({st.ids.card + st.kind(card) for card in st.looking})


def l_slot(st: FatalState, f: F.SlotPick, seat: int) -> list[int]:
    slots = [st.ids.slot + i for i, t in enumerate(st.display) if t >= 0]
    if f.mode == "star" and st.tab.star_optional:
        slots.insert(0, A.DONE)
    return slots


def l_gift(st: FatalState, f: F.Gift, seat: int) -> list[int]:
    return [st.ids.seat + x for x in st.live()]


def l_target(st: FatalState, f: F.Target, seat: int) -> list[int]:
    tri = st.stack[-2]
    assert isinstance(tri, F.Tri)
    return [st.ids.seat + x for x in tri_targets(st, tri)]


def l_shield(st: FatalState, f: F.Shield, seat: int) -> list[int]:
    holds = any(effect_of(st, card) == "shield" for card in st.hands[seat])
    return [A.SHIELD, A.ALLOW] if holds else [A.ALLOW]


def l_cast(st: FatalState, f: F.Cast, seat: int) -> list[int]:
    full = st.tab.row_length
    return [st.ids.cast + r for r, row in enumerate(st.rows[seat]) if len(row) == full]


def l_swapmy(st: FatalState, f: F.SwapMine, seat: int) -> list[int]:
    return swap_mine(st, seat)


def l_swapth(st: FatalState, f: F.SwapTheirs, seat: int) -> list[int]:
    p = f.place
    return [
        st.ids.a_row(x, r)
        for x in st.live()
        if x != seat
        for r, row in enumerate(st.rows[x])
        if len(row) > p
    ]


def l_wind(st: FatalState, f: F.Wind, seat: int) -> list[int]:
    return [st.ids.a_row(x, r) for x in range(st.n) for r, row in enumerate(st.rows[x]) if row]


def l_pick(st: FatalState, f: F.Pick, seat: int) -> list[int]:
    return [st.ids.seat + x for x in st.live() if x != seat and st.hands[x]]


def l_unmask(st: FatalState, f: F.Unmask, seat: int) -> list[int]:
    return [st.ids.seat + x for x in st.live() if x != seat and not st.revealed[x]]


def l_trade(st: FatalState, f: F.Trade, seat: int) -> list[int]:
    return sorted({st.ids.treasure + st.tkind(t) for t in st.tre[seat] + st.up[seat]})


def l_gorder(st: FatalState, f: F.GazeOrder, seat: int) -> list[int]:
    return sorted({st.ids.treasure + st.tkind(t) for t in st.t_top[f.place :]})


def l_keep(st: FatalState, f: F.Keep, seat: int) -> list[int]:
    first = st.ids.treasure
    own = {first + st.tkind(t) for t in st.tre[seat] if own_colour(st, seat, t)}
    return sorted(own | {A.DONE})


# ---------------------------------------------------------------------- answering
def a_act1(st: FatalState, f: F.Act1, s: int, d: Decoded) -> None:
    st.stack.pop()
    if d.kind == "done":
        return
    if d.kind == "exchange":
        st.stack.append(F.Exchange(s=s, at=0, discarded=0))
        return
    k = st.tab.num_visions + d.arg  # the argument counts the enchantment kinds
    card = take_card(st, st.hands[s], k)
    st.ck[card] = st.everyone
    st.active.append(card)  # face up in front of you while its effect lasts (RULEBOOK)
    st.stack.append(F.Draw(s=s, to="aside"))  # after you play an enchantment
    effect = st.tab.effect[k]
    if effect == "double":  # this turn: discarded at the end of the turn
        st.limit += 1
        return
    if effect == "star":
        st.bonus += 2
        return
    st.stack.append(F.Spent())  # "when the effect of the enchantment ends"
    st.stack.append(EFFECT_FRAME[effect](s))


EFFECT_FRAME: Final[dict[str, Callable[[int], Frame]]] = {
    "gaze": lambda s: F.Gaze(s=s, at=0),
    "swap": lambda s: F.SwapMine(s=s),
    "wind": lambda s: F.Wind(s=s),
    "pickpocket": lambda s: F.Pick(s=s),
    "unmask": lambda s: F.Unmask(s=s),
    "trade": lambda s: F.Trade(s=s),
}


def a_xgive(st: FatalState, f: F.XGive, s: int, d: Decoded) -> None:
    st.stack.pop()
    zone = st.up[s] if any(st.tkind(t) == d.arg for t in st.up[s]) else st.tre[s]
    t = take_treasure(st, zone, d.arg)
    st.tk[t] = st.everyone  # shown, then under the deck (ruling 16)
    st.t_under.append(t)


def a_xdisc(st: FatalState, f: F.XDisc, s: int, d: Decoded) -> None:
    parent = st.stack[-2]
    assert isinstance(parent, F.Exchange)
    if d.kind == "done":
        st.stack.pop()
        return
    to_discard(st, [take_card(st, st.hands[s], d.arg)])
    parent.discarded += 1
    if parent.discarded >= st.tab.exchange_discard or not st.hands[s]:
        st.stack.pop()


def a_xkeep(st: FatalState, f: F.XKeep, s: int, d: Decoded) -> None:
    card = take_card(st, st.looking, d.arg)
    st.hands[s].append(card)
    st.ck[card] = 1 << s
    f.to_keep -= 1
    if f.to_keep <= 0 or not st.looking:
        st.stack.pop()


def a_steal(st: FatalState, f: F.Steal, s: int, d: Decoded) -> None:
    st.stack.pop()
    if d.kind == "done":
        return
    x, r = d.args
    p = len(st.rows[x][r]) - 1
    fits = [i for i, row in enumerate(st.rows[s]) if len(row) == p]
    if len(fits) == 1:
        st.rows[s][fits[0]].append(st.rows[x][r].pop())
    else:
        st.stack.append(F.ToRow(s=s, victim=x, row=r))


def a_torow(st: FatalState, f: F.ToRow, s: int, d: Decoded) -> None:
    st.stack.pop()
    st.rows[s][d.arg].append(st.rows[f.victim][f.row].pop())


def a_play(st: FatalState, f: F.Play, s: int, d: Decoded) -> None:
    if d.kind == "done":
        st.stack.pop()
        return
    v, r = d.args
    card = take_card(st, st.hands[s], v)
    st.ck[card] = st.everyone
    st.rows[s][r].append(card)
    st.plays += 1
    if not can_play(st, s):
        st.stack.pop()
    st.stack.append(F.Draw(s=s, to="aside"))


def a_slot(st: FatalState, f: F.SlotPick, s: int, d: Decoded) -> None:
    st.stack.pop()
    if d.kind == "done":
        return  # option star_treasure = optional
    i = d.arg
    if f.mode == "star":
        st.stack.append(F.Gift(s=s, slot=i))
        return
    if f.mode == "take":
        t = st.display[i]
        st.display[i] = -1
        receive(st, f.receiver_or_kind, t, st.everyone)
        st.stack.append(F.TDraw(to="display", slot=i))
        return
    # Fairy Trade: my treasure of that kind for the display's slot i
    kind = f.receiver_or_kind
    zone = st.up[s] if any(st.tkind(t) == kind for t in st.up[s]) else st.tre[s]
    mine = take_treasure(st, zone, kind)
    theirs = st.display[i]
    st.tk[mine] = st.everyone
    st.display[i] = mine
    receive(st, s, theirs, st.everyone)


def a_gift(st: FatalState, f: F.Gift, s: int, d: Decoded) -> None:
    st.stack.pop()
    i = f.slot
    t = st.display[i]
    st.display[i] = -1
    receive(st, d.arg, t, st.everyone)
    st.stack.append(F.TDraw(to="display", slot=i))


def a_target(st: FatalState, f: F.Target, s: int, d: Decoded) -> None:
    st.stack.pop()
    tri = st.stack[-1]
    assert isinstance(tri, F.Tri)
    tri.target = d.arg


def a_shield(st: FatalState, f: F.Shield, s: int, d: Decoded) -> None:
    st.stack.pop()
    if d.kind == "allow":
        return
    shield = next(card for card in st.hands[s] if effect_of(st, card) == "shield")
    st.hands[s].remove(shield)
    to_discard(st, [shield])
    tri = st.stack[-1]
    assert isinstance(tri, F.Tri)
    tri.shielded = True
    st.stack.append(F.Draw(s=s, to="aside"))  # ruling 9


def a_cast(st: FatalState, f: F.Cast, s: int, d: Decoded) -> None:
    st.stack.pop()
    push_tri(st, s, d.arg)


def a_discard(st: FatalState, f: F.Discard, s: int, d: Decoded) -> None:
    to_discard(st, [take_card(st, st.hands[s], d.arg)])
    if len(st.hands[s]) <= st.tab.hand_limit:
        st.stack.pop()


def a_swapmy(st: FatalState, f: F.SwapMine, s: int, d: Decoded) -> None:
    st.stack.pop()
    r, p = d.args
    st.stack.append(F.SwapTheirs(s=s, row=r, place=p))


def a_swapth(st: FatalState, f: F.SwapTheirs, s: int, d: Decoded) -> None:
    st.stack.pop()
    x, r2 = d.args
    mine, theirs = st.rows[s][f.row], st.rows[x][r2]
    mine[f.place], theirs[f.place] = theirs[f.place], mine[f.place]


def a_wind(st: FatalState, f: F.Wind, s: int, d: Decoded) -> None:
    st.stack.pop()
    x, r = d.args
    to_discard(st, [st.rows[x][r].pop()])


def a_pick(st: FatalState, f: F.Pick, s: int, d: Decoded) -> None:
    st.stack.pop()
    x = d.arg
    st.stack.append(F.Echk(victim=x, by=s))
    st.stack.append(F.RCard(s=s, victim=x))


def a_unmask(st: FatalState, f: F.Unmask, s: int, d: Decoded) -> None:
    st.stack.pop()
    st.ck_char[d.arg] |= 1 << s


def a_trade(st: FatalState, f: F.Trade, s: int, d: Decoded) -> None:
    st.stack.pop()
    st.stack.append(F.SlotPick(s=s, mode="trade", receiver_or_kind=d.arg))


def a_gorder(st: FatalState, f: F.GazeOrder, s: int, d: Decoded) -> None:
    i = f.place
    rest = st.t_top[i:]
    t = take_treasure(st, rest, d.arg)
    st.t_top[i:] = [t, *rest]
    f.place = i + 1
    if f.place >= len(st.t_top) - 1:
        st.stack.pop()


def a_keep(st: FatalState, f: F.Keep, s: int, d: Decoded) -> None:
    st.stack.pop()
    if d.kind == "treasure":
        t = take_treasure(st, st.tre[s], d.arg)
        st.up[s].append(t)
        st.tk[t] = st.everyone


LEGAL: Final[dict[type[Frame], Callable[[FatalState, Any, int], list[int]]]] = {
    F.Act1: l_act1,
    F.Steal: l_steal,
    F.ToRow: l_torow,
    F.Play: l_play,
    F.XGive: l_xgive,
    F.XDisc: l_xdisc,
    F.XKeep: l_xkeep,
    F.SlotPick: l_slot,
    F.Gift: l_gift,
    F.Target: l_target,
    F.Shield: l_shield,
    F.Cast: l_cast,
    F.Discard: l_discard,
    F.SwapMine: l_swapmy,
    F.SwapTheirs: l_swapth,
    F.Wind: l_wind,
    F.Pick: l_pick,
    F.Unmask: l_unmask,
    F.Trade: l_trade,
    F.GazeOrder: l_gorder,
    F.Keep: l_keep,
}
ACT: Final[dict[type[Frame], Callable[[FatalState, Any, int, Decoded], None]]] = {
    F.Act1: a_act1,
    F.Steal: a_steal,
    F.ToRow: a_torow,
    F.Play: a_play,
    F.XGive: a_xgive,
    F.XDisc: a_xdisc,
    F.XKeep: a_xkeep,
    F.SlotPick: a_slot,
    F.Gift: a_gift,
    F.Target: a_target,
    F.Shield: a_shield,
    F.Cast: a_cast,
    F.Discard: a_discard,
    F.SwapMine: a_swapmy,
    F.SwapTheirs: a_swapth,
    F.Wind: a_wind,
    F.Pick: a_pick,
    F.Unmask: a_unmask,
    F.Trade: a_trade,
    F.GazeOrder: a_gorder,
    F.Keep: a_keep,
}
