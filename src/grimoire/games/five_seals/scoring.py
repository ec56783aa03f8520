"""Scoring: each scroll scores its strength (Binding 1), each Synergy one more point per scroll
of its colour; the highest score wins, ties shared (edition mayday: broken by the scrolls)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.games.five_seals.components import BINDING, SYNERGY, colour, family, strength

if TYPE_CHECKING:
    from grimoire.games.five_seals.state import FiveSealsState


def score_of(hand: list[list[int]]) -> tuple[int, int]:
    """(points for scrolls, Synergy bonus) of one player's scrolls."""
    points = 0
    synergies = False
    for entry in hand:
        card = entry[0]
        if card == BINDING:
            points += 1
        else:  # ``strength`` and ``family`` of a spell card, inlined (the heuristic's hot path)
            points += card // 5 % 5 + 2
            if card // 5 == SYNERGY:
                synergies = True
    bonus = 0
    if synergies:  # each Synergy: one point per scroll of its colour (itself included)
        per_colour = [0, 0, 0, 0, 0]
        for entry in hand:
            per_colour[colour(entry[0])] += 1
        for entry in hand:
            card = entry[0]
            if family(card) == SYNERGY:
                bonus += per_colour[colour(card)]
    return points, bonus


def total(hand: list[list[int]]) -> int:
    """The score of one player's scrolls."""
    points, bonus = score_of(hand)
    return points + bonus


def scores(st: FiveSealsState) -> list[int]:
    return [total(hand) for hand in st.hands]


def winners(st: FiveSealsState) -> list[int]:
    """Highest score wins; ties are shared (hobbyworld) or broken by the most strength-6
    scrolls, then strength-5, and so on (mayday, PROPOSED), otherwise shared."""
    totals = scores(st)
    best = [s for s in range(st.n) if totals[s] == max(totals)]
    if st.mayday and len(best) > 1:

        def ladder(seat: int) -> tuple[int, ...]:
            return tuple(
                sum(1 for e in st.hands[seat] if strength(e[0]) == k) for k in range(6, 0, -1)
            )

        top = max(ladder(s) for s in best)
        best = [s for s in best if ladder(s) == top]
    return best
