"""Search's re-deal of the hidden birth-signs (``resample(seat, informed=True)``, issue 28): a
seat seen taking treasures of a sign's colour is dealt that sign more often, from what the
searching seat knows only; the even re-deal (``resample``) stays even."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from tests.rules.fatal.fatal_helpers import make, position

from grimoire.games.fatal.state import PUBLIC, FatalState
from grimoire.games.fatal.view import SEEN_TREASURE_WEIGHT, sign_weights

EVERYONE = PUBLIC | 0b1111


def hoarder(seen: bool = True, characters: list[str] | None = None) -> FatalState:
    """4 players (Flambeaux, Lichtenborn, Aquate, Terranova in seat order unless
    ``characters``); seat 1 holds the three green (Terranova) treasures G3 G2 G1, known to
    everyone when ``seen``, else to seat 1 only."""
    mask = EVERYONE if seen else 1 << 1
    fields: dict[str, Any] = {"treasures": [[], [["G3", mask], ["G2", mask], ["G1", mask]], [], []]}
    if characters is not None:
        fields["characters"] = characters
    return position(make(4), **fields)


def signs_dealt_to_seat_1(state: FatalState, informed: bool, draws: int = 600) -> Counter[str]:
    counts: Counter[str] = Counter()
    for k in range(draws):
        copy = state.resample(0, random.Random(k), informed=informed)
        assert isinstance(copy, FatalState)
        assert copy.view(0) == state.view(0)
        counts[copy.comp.signs[copy.char[1]].letter] += 1
    return counts


def test_weights_count_the_treasures_the_seat_has_seen() -> None:
    state = hoarder()
    signs = [1, 2, 3]  # Y B G: the signs seat 0 (Flambeaux) does not know
    assert sign_weights(state, 1 << 0, 1, signs) == [1.0, 1.0, 1.0 + 3 * SEEN_TREASURE_WEIGHT]
    # treasures seat 0 has not seen weigh nothing
    assert sign_weights(hoarder(seen=False), 1 << 0, 1, signs) == [1.0, 1.0, 1.0]


def test_the_informed_deal_follows_the_weights_and_the_even_one_stays_even() -> None:
    """Seat 1 gets Terranova with probability 14/18 (0.78) informed, 1/3 evenly: the weight 7
    of Terranova's two assignments against 1 for each of the other four."""
    informed = signs_dealt_to_seat_1(hoarder(), informed=True)
    even = signs_dealt_to_seat_1(hoarder(), informed=False)
    assert 0.70 < informed["G"] / 600 < 0.86
    assert 0.27 < even["G"] / 600 < 0.40
    # unseen treasures tell nothing: the informed deal is even then
    blind = signs_dealt_to_seat_1(hoarder(seen=False), informed=True)
    assert 0.27 < blind["G"] / 600 < 0.40


def test_the_informed_deal_reads_the_seat_s_knowledge_only() -> None:
    """Two truths seat 0 cannot tell apart (the others' signs dealt otherwise) give the same
    deal from the same generator, sign for sign."""
    one = hoarder()
    other = hoarder(characters=["Flambeaux", "Terranova", "Lichtenborn", "Aquate"])
    assert one.view(0) == other.view(0) and one.char != other.char
    for k in range(50):
        a = one.resample(0, random.Random(k), informed=True)
        b = other.resample(0, random.Random(k), informed=True)
        assert isinstance(a, FatalState) and isinstance(b, FatalState)
        assert a.char == b.char
