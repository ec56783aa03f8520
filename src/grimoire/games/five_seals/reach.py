"""Reach, blocking and legal targets, computed from the board graph (rulings 1, 2, 5).

From your mage, flood-fill through the hall and empty spaces; never enter a node holding a
token or a card, nor one where another player's mage or familiar stands (the hall never
blocks). A target is a token or card next to the filled area that is not blocked by a figure
other than your own familiar: guardians block everyone, a familiar everyone but its owner.

The flood of a position is computed once (``_region``); spells ask "what if" by flooding on from
one more node over the same marks: Leap from the leapt token, Teleportation from the space of
the figures moved through, Speed from the first seal broken.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from grimoire.games.five_seals.components import P, colour, strength

if TYPE_CHECKING:
    from grimoire.games.five_seals.state import FiveSealsState, Region

# marks of ``_stops``: a node another player's figure blocks, a node a guardian blocks
FIGURE: Final = 1
GUARDED: Final = 2


def blockers(st: FiveSealsState, seat: int) -> set[int]:
    """Nodes ``seat`` may neither pass nor target because of other players' figures."""
    nodes = {st.mage[s] for s in range(st.n) if s != seat}
    nodes.update(f for s, f in enumerate(st.familiar) if s != seat and f >= 0)
    nodes.discard(st.board.hall)
    return nodes


def _stops(st: FiveSealsState, seat: int) -> bytearray:
    """By node: FIGURE where another player's figure stands (never the hall), GUARDED where a
    guardian does (both may be set), else 0. Bytes, not a list: no reference per node to make
    and free, nothing for the cyclic GC to walk."""
    stops = bytearray(len(st.token))
    hall = st.board.hall
    for s in range(st.n):
        if s != seat:
            node = st.mage[s]
            if node != hall:
                stops[node] |= FIGURE
            node = st.familiar[s]
            if node >= 0 and node != hall:
                stops[node] |= FIGURE
    for node in st.guardian:
        if node >= 0:
            stops[node] |= GUARDED
    return stops


def _flood(st: FiveSealsState, stops: bytearray, seen: bytearray, roots: list[int]) -> list[int]:
    """Flood-fill from ``roots`` (passable) over nodes not yet ``seen``; the targets met."""
    adj, token, card, hall = st.board.adj, st.token, st.card, st.board.hall
    stack = roots[:]
    found: list[int] = []
    while stack:
        node = stack.pop()
        for near in adj[node]:
            if seen[near]:
                continue
            seen[near] = 1
            if token[near] >= 0 or card[near] >= 0:
                if not stops[near]:
                    found.append(near)
            elif near == hall or not stops[near] & FIGURE:
                stack.append(near)
    return found


def _key(st: FiveSealsState, seat: int) -> tuple[int, int, int, int]:
    """What a flood of ``seat`` reads: its mage, the nodes holding a seal (``occ``), the other
    players' figures and the guardians (as bits)."""
    hall = st.board.hall
    others = 0
    for s in range(st.n):
        if s != seat:
            node = st.mage[s]
            if node != hall:
                others |= 1 << node
            node = st.familiar[s]
            if node >= 0 and node != hall:
                others |= 1 << node
    guarded = 0
    for node in st.guardian:
        if node >= 0:
            guarded |= 1 << node
    return (st.mage[seat], st.occ, others, guarded)


def _region(st: FiveSealsState, seat: int) -> Region:
    """Nodes examined from ``seat``'s mage (passable, targets, stops) and the targets. Both are
    shared between states (``FiveSealsState.regions``, ``caches.py``): do not modify."""
    cached = st.regions[seat]
    if cached is None:
        key = _key(st, seat)
        caches = st.caches
        cached = caches.regions.get(key)
        if cached is None:
            seen = bytearray(len(st.token))
            seen[st.mage[seat]] = 1
            found = _flood(st, _stops(st, seat), seen, [st.mage[seat]])
            found.sort()
            cached = (seen, found)
            caches.keep_region(key, cached)
        st.regions[seat] = cached
    return cached


def grown(st: FiveSealsState, seat: int, region: Region, node: int) -> Region:
    """``seat``'s region once the seal on ``node``, one of its targets in ``region`` (the
    region before), is gone, its mage standing in the same open area or on ``node``: the old
    area and what lies behind ``node`` (a fresh flood would meet the same nodes: the area only
    grows through ``node``, and the other figures and the guardians have not moved)."""
    seen, before = region
    seen = bytearray(seen)  # a copy
    found = [n for n in before if n != node]
    found.extend(_flood(st, _stops(st, seat), seen, [node]))
    found.sort()
    return (seen, found)


def targets(st: FiveSealsState, seat: int) -> list[int]:
    """Sorted nodes whose seal ``seat`` may break now (dice aside). Do not modify."""
    return _region(st, seat)[1]


def seal_of(st: FiveSealsState, node: int) -> tuple[int, int]:
    """(colour, strength) of the seal on ``node``: its token's, or its scroll's."""
    code = st.token[node]
    if code >= 0:
        return code // 10, code % 10
    return colour(st.card[node]), strength(st.card[node])


def can_pay(st: FiveSealsState, seat: int, node: int, sums: list[int] | None = None) -> bool:
    """Whether ``seat``'s dice can break the seal on ``node`` (one colour; any one for Mind)."""
    have = st.dice_sums(seat) if sums is None else sums
    return _can_pay(st, node, have)


def _can_pay(st: FiveSealsState, node: int, sums: list[int]) -> bool:
    code = st.token[node]
    if code >= 0:
        col, need = code // 10, code % 10
    else:
        card = st.card[node]
        col, need = colour(card), strength(card)
    if col == P:
        return sums[0] >= need or sums[1] >= need or sums[2] >= need or sums[3] >= need
    return sums[col] >= need


def breakable(st: FiveSealsState, seat: int) -> list[int]:
    """Targets ``seat`` can break with dice now: the must-break rule is "this is not empty".
    Do not modify."""
    if st._brk_seat == seat:
        return st._brk
    sums = st.dice_sums(seat)
    found = [node for node in targets(st, seat) if _can_pay(st, node, sums)]
    st._brk_seat, st._brk = seat, found
    return found


def colour_ok(spell_colour: int, seal_colour: int) -> bool:
    """A spell of ``spell_colour`` acts on a seal of ``seal_colour`` (Mind: any colour)."""
    return spell_colour in (P, seal_colour)


def leap_targets(st: FiveSealsState, seat: int, over: int) -> list[int]:
    """Seals ``seat`` can break with dice only by leaping over the token on ``over`` (a
    target now): the flood goes on from there as if the token was not there."""
    seen, before = _region(st, seat)
    if over not in before:
        return []
    sums = st.dice_sums(seat)
    new = _flood(st, _stops(st, seat), bytearray(seen), [over])
    return sorted(n for n in new if _can_pay(st, n, sums))


def teleport_targets(st: FiveSealsState, seat: int, through: int, spell_colour: int) -> list[int]:
    """Seals of ``spell_colour`` breakable with dice only by moving through the other
    players' figures on ``through``."""
    seen, _ = _region(st, seat)
    if not seen[through]:
        return []  # the flood never got next to it
    stops = _stops(st, seat)
    if not stops[through] & FIGURE or through == st.board.hall:
        return []  # nothing there blocks this player
    if st.token[through] >= 0 or st.card[through] >= 0:  # a familiar blocking a seal
        new = [through] if through not in st.guardian else []
    else:  # a space held by a mage or familiar: go on from there
        new = _flood(st, stops, bytearray(seen), [through])
    sums = st.dice_sums(seat)
    return sorted(
        n for n in new if colour_ok(spell_colour, seal_of(st, n)[0]) and _can_pay(st, n, sums)
    )


def speed_second(st: FiveSealsState, seat: int, first: int, spell_colour: int) -> list[int]:
    """Seals of ``spell_colour`` reachable after breaking ``first`` and standing there: the
    old targets (``first`` is next to the old area) plus what lies behind ``first``."""
    seen, before = _region(st, seat)
    new = _flood(st, _stops(st, seat), bytearray(seen), [first])
    return sorted(
        n for n in [*before, *new] if n != first and colour_ok(spell_colour, seal_of(st, n)[0])
    )
