"""Reach, blocking and legal targets, computed from the board graph (rulings 1, 2, 5).

From your mage, flood-fill through the hall and empty spaces; never enter a node holding a
token or a card, nor one where another player's mage or familiar stands (the hall never
blocks). A target is a token or card next to the filled area that is not blocked by a figure
other than your own familiar: guardians block everyone, a familiar everyone but its owner.

The optional arguments let spells ask "what if": ``opened`` (Leap: that token's node is passable),
``ignore_at`` (Teleportation: other players' figures on that node are not there) and ``start``
(Speed: reach from where the first break put the mage).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.games.five_seals.components import P, colour, strength

if TYPE_CHECKING:
    from grimoire.games.five_seals.state import FiveSealsState


def blockers(st: FiveSealsState, seat: int, ignore_at: int = -1) -> set[int]:
    """Nodes ``seat`` may neither pass nor target because of other players' figures."""
    nodes = {st.mage[s] for s in range(st.n) if s != seat}
    nodes.update(f for s, f in enumerate(st.familiar) if s != seat and f >= 0)
    nodes.discard(st.board.hall)
    nodes.discard(ignore_at)
    return nodes


def targets(
    st: FiveSealsState, seat: int, *, start: int = -1, opened: int = -1, ignore_at: int = -1
) -> list[int]:
    """Sorted nodes whose seal ``seat`` may break now (any dice aside)."""
    plain = start < 0 and opened < 0 and ignore_at < 0
    if plain:
        cached = st.cache.get(("targets", seat))
        if cached is not None:
            return cached  # type: ignore[return-value]
    adj, token, card, hall = st.board.adj, st.token, st.card, st.board.hall
    blocked = blockers(st, seat, ignore_at)
    guarded = {g for g in st.guardian if g >= 0}
    root = st.mage[seat] if start < 0 else start
    seen = bytearray(len(adj))
    seen[root] = 1
    stack = [root]
    found: list[int] = []
    while stack:
        node = stack.pop()
        for near in adj[node]:
            if seen[near]:
                continue
            seen[near] = 1
            if near == opened:
                stack.append(near)
            elif token[near] >= 0 or card[near] >= 0:
                if near not in blocked and near not in guarded:
                    found.append(near)
            elif near == hall or near not in blocked:
                stack.append(near)
    found.sort()
    if plain:
        st.cache[("targets", seat)] = found
    return found


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
    cached = st.cache.get(("breakable", seat))
    if cached is None:
        sums = st.dice_sums(seat)
        cached = [node for node in targets(st, seat) if can_pay(st, seat, node, sums)]
        st.cache[("breakable", seat)] = cached
    return cached  # type: ignore[return-value]


def colour_ok(spell_colour: int, seal_colour: int) -> bool:
    """A spell of ``spell_colour`` acts on a seal of ``seal_colour`` (Mind: any colour)."""
    return spell_colour == P or spell_colour == seal_colour


def leap_targets(st: FiveSealsState, seat: int, over: int) -> list[int]:
    """Seals ``seat`` can break with dice only by leaping over the token on ``over``."""
    before = set(targets(st, seat))
    sums = st.dice_sums(seat)
    after = targets(st, seat, opened=over)
    return [n for n in after if n not in before and can_pay(st, seat, n, sums)]


def teleport_targets(st: FiveSealsState, seat: int, through: int, spell_colour: int) -> list[int]:
    """Seals of ``spell_colour`` breakable with dice only by moving through ``through``."""
    before = set(targets(st, seat))
    sums = st.dice_sums(seat)
    after = targets(st, seat, ignore_at=through)
    return [
        n
        for n in after
        if n not in before
        and colour_ok(spell_colour, seal_of(st, n)[0])
        and can_pay(st, seat, n, sums)
    ]


def speed_second(st: FiveSealsState, seat: int, first: int, spell_colour: int) -> list[int]:
    """Seals of ``spell_colour`` reachable after breaking ``first`` and standing there."""
    return [
        n
        for n in targets(st, seat, start=first)
        if n != first and colour_ok(spell_colour, seal_of(st, n)[0])
    ]
