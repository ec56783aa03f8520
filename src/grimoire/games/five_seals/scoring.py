"""Scoring: each scroll scores its strength (Binding 1), each Synergy one more point per scroll
of its colour; the highest score wins, ties shared (edition mayday: broken by the scrolls)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.games.five_seals.components import SYNERGY, colour, family, strength

if TYPE_CHECKING:
    from grimoire.games.five_seals.state import FiveSealsState


def score_of(hand: list[list[int]]) -> tuple[int, int]:
    """(points for scrolls, Synergy bonus) of one player's scrolls."""
    cards = [entry[0] for entry in hand]
    points = sum(strength(card) for card in cards)
    bonus = 0
    for card in cards:
        if family(card) == SYNERGY:
            bonus += sum(1 for other in cards if colour(other) == colour(card))
    return points, bonus


def scores(st: FiveSealsState) -> list[int]:
    return [sum(score_of(hand)) for hand in st.hands]


def winners(st: FiveSealsState) -> list[int]:
    """Highest score wins; ties are shared (hobbyworld) or broken by the most strength-6
    scrolls, then strength-5, and so on (mayday, PROPOSED), otherwise shared."""
    totals = scores(st)
    best = [s for s in range(st.n) if totals[s] == max(totals)]
    if st.game.options["edition"] == "mayday" and len(best) > 1:

        def ladder(seat: int) -> tuple[int, ...]:
            return tuple(
                sum(1 for e in st.hands[seat] if strength(e[0]) == k) for k in range(6, 0, -1)
            )

        top = max(ladder(s) for s in best)
        best = [s for s in best if ladder(s) == top]
    return best
