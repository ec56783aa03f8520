"""Facts derived from a position: stars in the rows, own colours, scores and the winners."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.games.fatal.components import BEATS

if TYPE_CHECKING:
    from grimoire.games.fatal.state import FatalState


def stars(st: FatalState, seat: int) -> int:
    """Stars visible in ``seat``'s rows: head stars straight, foot reversed, tip sideways."""
    visions = st.comp.visions
    total = 0
    for row in st.rows[seat]:
        for position, card in enumerate(row):
            total += visions[st.kind(card)].stars(position)
    return total


def steal_targets(st: FatalState, s: int) -> list[tuple[int, int]]:
    """(seat x, row r) whose last card ``s`` may steal: its symbol is beaten by the symbol of
    the last card of one of my rows, and one of my rows can take it in its orientation (a row
    whose length is the card's position)."""
    visions = st.comp.visions
    mine = st.rows[s]
    ends = {visions[st.kind(row[-1])].symbol for row in mine if row}
    if not ends - {"none"}:
        return []
    beaten = {BEATS[symbol] for symbol in ends if symbol in BEATS}
    lengths = {len(row) for row in mine}
    found = []
    for x in range(st.n):
        if x == s or st.out[x]:
            continue
        for r, row in enumerate(st.rows[x]):
            if row and len(row) - 1 in lengths and visions[st.kind(row[-1])].symbol in beaten:
                found.append((x, r))
    return found


def can_play(st: FatalState, s: int) -> bool:
    """Public test for asking ``play``: plays left, a row with room, cards in hand."""
    room = any(len(row) < st.comp.row_length for row in st.rows[s])
    return st.plays < st.limit and room and bool(st.hands[s])


def effect_of(st: FatalState, card: int) -> str | None:
    kind = st.kind(card)
    return None if st.comp.is_vision(kind) else st.comp.enchantment(kind).effect


def own_colour(st: FatalState, seat: int, treasure: int) -> bool:
    return st.char[seat] >= 0 and st.lay.colour(treasure) == st.char[seat]


def exchangeable(st: FatalState, seat: int) -> list[int]:
    values = st.comp.exchange_values
    return [t for t in st.tre[seat] + st.up[seat] if st.lay.value(t) in values]


def treasure_points(st: FatalState, seat: int) -> int:
    """Round points of a seat's treasures: the chart for a revealed player's face-up own
    colour, face values otherwise."""
    lay = st.lay
    points = sum(lay.value(t) for t in st.tre[seat])
    face_up = st.up[seat]
    if st.revealed[seat]:
        own = [t for t in face_up if own_colour(st, seat, t)]
        points += sum(lay.value(t) for t in face_up if not own_colour(st, seat, t))
        if own:
            chart = st.comp.chart
            points += chart[min(len(own), len(chart)) - 1]
    else:
        points += sum(lay.value(t) for t in face_up)
    return points


def total(st: FatalState, seat: int) -> int:
    """The true running score: the round-1 treasures; after the round-1 tally, that tally
    plus (in round 2) the round-2 treasures and one point per card in hand and set aside."""
    if st.round1 is None:
        return treasure_points(st, seat)
    if st.round == 1:
        return st.round1[seat]
    return st.round1[seat] + treasure_points(st, seat) + len(st.hands[seat]) + len(st.aside[seat])


def own_treasures(st: FatalState, seat: int) -> list[int]:
    return [t for t in st.tre[seat] + st.up[seat] if own_colour(st, seat, t)]


def tie_key(st: FatalState, seat: int) -> tuple[int, int, int]:
    own = own_treasures(st, seat)
    return total(st, seat), len(own), sum(st.lay.value(t) for t in own)


def winners(st: FatalState) -> list[int]:
    if st.special >= 0:
        return [st.special]
    seats = st.live()
    best = max(tie_key(st, s) for s in seats)
    return [s for s in seats if tie_key(st, s) == best]
