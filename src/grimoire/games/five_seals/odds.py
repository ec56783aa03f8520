"""Five Seals odds: for each seal a seat can reach, whether its dice break it now and the exact
chance that a fresh roll of the same dice would (next round, if it keeps them).

A seal of a colour needs that colour's dice to add up to its strength; a Mind seal needs any one
colour's sum to reach it (``reach.can_pay``). Each die shows 1..6 with equal chance, so the
chance comes from the exact distribution of each colour's sum (a convolution, no sampling); the
colours roll independently, so a Mind seal's chance is 1 - the product of each colour falling
short.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from grimoire.games.five_seals import reach
from grimoire.games.five_seals.components import P
from grimoire.games.five_seals.state import FiveSealsState
from grimoire.games.five_seals.view import focus

COLOURS = 4


def sum_distribution(dice: int) -> list[Fraction]:
    """P(sum = k) for ``dice`` fair six-sided dice, k = 0..6 x dice."""
    dist = [Fraction(1)]
    for _ in range(dice):
        new = [Fraction(0)] * (len(dist) + 6)
        for total, p in enumerate(dist):
            for face in range(1, 7):
                new[total + face] += p / 6
        dist = new
    return dist


def at_least(dist: list[Fraction], need: int) -> Fraction:
    return sum(dist[max(0, need) :], Fraction(0))


def dice_per_colour(st: FiveSealsState, seat: int) -> list[int]:
    counts = [0] * COLOURS
    for die, owner in enumerate(st.die_owner):
        if owner == seat:
            counts[die // 6] += 1
    return counts


def break_chance(st: FiveSealsState, seat: int, node: int) -> Fraction:
    """The exact chance that a fresh roll of ``seat``'s dice breaks the seal on ``node``."""
    colour, need = reach.seal_of(st, node)
    key = (colour, need, *dice_per_colour(st, seat))
    known = _CHANCES.get(key)
    if known is None:
        # few distinct questions (a colour, a strength, dice per colour), asked at every
        # payload for every seal in reach: each is worked out once
        known = _CHANCES[key] = _break_chance(colour, need, list(key[2:]))
    return known


_CHANCES: dict[tuple[int, ...], Fraction] = {}


def _break_chance(colour: int, need: int, counts: list[int]) -> Fraction:
    dists = [sum_distribution(n) for n in counts]
    if colour == P:
        short = Fraction(1)
        for dist in dists:
            short *= 1 - at_least(dist, need)
        return 1 - short
    return at_least(dists[colour], need)


def seal_odds(st: FiveSealsState, seat: int) -> list[dict[str, Any]]:
    """Every seal ``seat`` can reach now: node, name (``2G1``), colour, strength, whether its
    dice break it now, and the chance a fresh roll of its dice would (a float;
    ``break_chance`` for the exact)."""
    out = []
    sums = st.dice_sums(seat)
    for node in reach.targets(st, seat):
        colour, strength = reach.seal_of(st, node)
        out.append(
            {
                "node": node,
                "name": st.board.node_id(node),  # the seal's own name, as in ``break 2G1``
                "colour": colour,
                "strength": strength,
                "breaks_now": reach.can_pay(st, seat, node, sums),
                "next_roll": float(break_chance(st, seat, node)),
            }
        )
    return out


def aids(st: FiveSealsState, seat: int | None) -> dict[str, Any]:
    """The game's aids (``Game.aids``): the seals ``seat`` (a spectator: the seat to act) can
    reach with their odds; {} at chance nodes and at the end. Refuses a seat the game lacks."""
    who = focus(st, seat)
    if who is None or st.is_terminal():
        return {}
    return {"seat": who, "seals": seal_odds(st, who)}
