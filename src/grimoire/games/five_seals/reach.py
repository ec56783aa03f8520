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

from typing import TYPE_CHECKING

from grimoire.games.five_seals.components import P, colour, strength

if TYPE_CHECKING:
    from grimoire.games.five_seals.state import FiveSealsState


def blockers(st: FiveSealsState, seat: int) -> set[int]:
    """Nodes ``seat`` may neither pass nor target because of other players' figures."""
    cached = st.memo.get(("blockers", seat))
    if cached is None:
        nodes = {st.mage[s] for s in range(st.n) if s != seat}
        nodes.update(f for s, f in enumerate(st.familiar) if s != seat and f >= 0)
        nodes.discard(st.board.hall)
        st.memo[("blockers", seat)] = cached = nodes
    return cached


def _flood(st: FiveSealsState, seat: int, seen: bytearray, roots: list[int]) -> list[int]:
    """Flood-fill from ``roots`` (passable) over nodes not yet ``seen``; the targets met."""
    adj, token, card, hall = st.board.adj, st.token, st.card, st.board.hall
    blocked = blockers(st, seat)
    guarded = {g for g in st.guardian if g >= 0}
    stack = list(roots)
    found: list[int] = []
    while stack:
        node = stack.pop()
        for near in adj[node]:
            if seen[near]:
                continue
            seen[near] = 1
            if token[near] >= 0 or card[near] >= 0:
                if near not in blocked and near not in guarded:
                    found.append(near)
            elif near == hall or near not in blocked:
                stack.append(near)
    return found


# Regions remembered across states: a heuristic or a search tries dozens of candidates from
# one position, most of which leave the figures and seals where they were, and each candidate is
# a new state with an empty memo (the flood was 16..21% of a heuristic game). The key is the
# whole of what a flood reads; the board is pinned by the cache so its identity stays unique.
_REGIONS: dict[tuple[object, ...], tuple[bytearray, list[int]]] = {}
_REGION_BOARDS: dict[int, object] = {}
_REGIONS_LIMIT = 20_000


def _region(st: FiveSealsState, seat: int) -> tuple[bytearray, list[int]]:
    """Nodes examined from ``seat``'s mage (passable, targets, stops) and the targets. Both are
    shared between states: do not modify."""
    cached = st.memo.get(("region", seat))
    if cached is None:
        key = (
            id(st.board),
            seat,
            tuple(st.mage),
            tuple(st.familiar),
            tuple(st.guardian),
            tuple(st.token),
            tuple(st.card),
        )
        cached = _REGIONS.get(key)
        if cached is None:
            seen = bytearray(len(st.board))
            seen[st.mage[seat]] = 1
            found = _flood(st, seat, seen, [st.mage[seat]])
            found.sort()
            if len(_REGIONS) >= _REGIONS_LIMIT:
                _REGIONS.clear()
                _REGION_BOARDS.clear()
            _REGION_BOARDS[id(st.board)] = st.board
            _REGIONS[key] = cached = (seen, found)
        st.memo[("region", seat)] = cached
    return cached


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
    col, need = seal_of(st, node)
    sums = st.dice_sums(seat) if sums is None else sums
    return max(sums) >= need if col == P else sums[col] >= need


def breakable(st: FiveSealsState, seat: int) -> list[int]:
    """Targets ``seat`` can break with dice now: the must-break rule is "this is not empty"."""
    cached = st.memo.get(("breakable", seat))
    if cached is None:
        sums = st.dice_sums(seat)
        cached = [node for node in targets(st, seat) if can_pay(st, seat, node, sums)]
        st.memo[("breakable", seat)] = cached
    return cached


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
    new = _flood(st, seat, bytearray(seen), [over])
    return sorted(n for n in new if can_pay(st, seat, n, sums))


def teleport_targets(st: FiveSealsState, seat: int, through: int, spell_colour: int) -> list[int]:
    """Seals of ``spell_colour`` breakable with dice only by moving through the other
    players' figures on ``through``."""
    seen, _ = _region(st, seat)
    if not seen[through] or through not in blockers(st, seat):
        return []  # the flood never got next to it, or nothing there blocks this player
    if st.token[through] >= 0 or st.card[through] >= 0:  # a familiar blocking a seal
        new = [through] if through not in st.guardian else []
    else:  # a space held by a mage or familiar: go on from there
        new = _flood(st, seat, bytearray(seen), [through])
    sums = st.dice_sums(seat)
    return sorted(
        n for n in new if colour_ok(spell_colour, seal_of(st, n)[0]) and can_pay(st, seat, n, sums)
    )


def speed_second(st: FiveSealsState, seat: int, first: int, spell_colour: int) -> list[int]:
    """Seals of ``spell_colour`` reachable after breaking ``first`` and standing there: the
    old targets (``first`` is next to the old area) plus what lies behind ``first``."""
    seen, before = _region(st, seat)
    new = _flood(st, seat, bytearray(seen), [first])
    return sorted(
        n for n in [*before, *new] if n != first and colour_ok(spell_colour, seal_of(st, n)[0])
    )
