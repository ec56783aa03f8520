"""Facts derived from a position: stars in the rows, own colours, scores and the winners."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.games.fatal.tables import NO_SYMBOL

if TYPE_CHECKING:
    from grimoire.games.fatal.state import FatalState


def stars(st: FatalState, seat: int) -> int:
    """Stars visible in ``seat``'s rows: head stars straight, foot reversed, tip sideways."""
    tab = st.tab
    stars, kind = tab.stars, tab.card_kind
    total = 0
    for row in st.rows[seat]:
        for position in range(len(row)):
            total += stars[3 * kind[row[position]] + position]
    return total


def steal_targets(st: FatalState, s: int) -> list[tuple[int, int]]:
    """(seat x, row r) whose last card ``s`` may steal: its symbol is beaten by the symbol of
    the last card of one of my rows, and one of my rows can take it in its orientation (a row
    whose length is the card's position)."""
    tab = st.tab
    symbol, kind, beats = tab.symbol, tab.card_kind, tab.beats
    mine = st.rows[s]
    beaten = 0  # a bit per symbol beaten by the end of one of my rows
    lengths = 0  # a bit per length of my rows
    for row in mine:
        lengths |= 1 << len(row)
        if row:
            end = symbol[kind[row[-1]]]
            if end != NO_SYMBOL:
                beaten |= 1 << beats[end]
    if not beaten:
        return []
    found = []
    for x in range(st.n):
        if x == s or st.out[x]:
            continue
        rows = st.rows[x]
        for r in range(len(rows)):
            row = rows[r]
            if row and lengths >> (len(row) - 1) & 1 and beaten >> symbol[kind[row[-1]]] & 1:
                found.append((x, r))
    return found


def can_play(st: FatalState, s: int) -> bool:
    """Public test for asking ``play``: plays left, a row with room, cards in hand."""
    if st.plays >= st.limit or not st.hands[s]:
        return False
    length = st.tab.row_length
    return any(len(row) < length for row in st.rows[s])


def effect_of(st: FatalState, card: int) -> str | None:
    effect = st.tab.effect[st.tab.card_kind[card]]
    return effect or None  # "" for a vision


def own_colour(st: FatalState, seat: int, treasure: int) -> bool:
    sign = st.char[seat]
    return sign >= 0 and st.tab.tre_colour[treasure] == sign


def exchangeable(st: FatalState, seat: int) -> list[int]:
    ok = st.tab.exchangeable
    return [t for t in st.tre[seat] + st.up[seat] if ok[t]]


def treasure_points(st: FatalState, seat: int) -> int:
    """Round points of a seat's treasures: the chart for a revealed player's face-up own
    colour, face values otherwise."""
    tab = st.tab
    value = tab.tre_value
    points = 0
    for t in st.tre[seat]:
        points += value[t]
    face_up = st.up[seat]
    if st.revealed[seat]:
        own = 0
        for t in face_up:
            if own_colour(st, seat, t):
                own += 1
            else:
                points += value[t]
        if own:
            chart = tab.chart
            points += chart[min(own, len(chart)) - 1]
    else:
        for t in face_up:
            points += value[t]
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
    return total(st, seat), len(own), sum(st.tab.tre_value[t] for t in own)


def winners(st: FatalState) -> list[int]:
    if st.special >= 0:
        return [st.special]
    seats = st.live()
    best = max(tie_key(st, s) for s in seats)
    return [s for s in seats if tie_key(st, s) == best]
