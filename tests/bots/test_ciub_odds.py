"""Ciúb odds equal the exact values of the engine's own game tree on small positions."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tests.bots.ciub_positions import brute_force, position

from grimoire.games.ciub.odds import card_odds, turn_odds

CASES = [
    # (dice: label, face or None (inactive), in tray), phase, card id; card 6 needs 6,6,
    # card 9 needs 1,1,1 and card 2 needs 2,4,6.
    ([("O1", "6", True), ("O2", None, False)], "roll", 6),
    ([("R1", None, False), ("R2", None, False)], "roll", 6),
    ([("Y1", "1", True), ("Y2", "3", False), ("Y3", "5", False)], "set_aside", 9),
    ([("O1", "2", False), ("O2", "2", False), ("R1", "3", False)], "set_aside", 2),
    ([("B1", "reroll", False), ("O1", "2", False), ("O2", "6", True)], "actions", 6),
]


@pytest.mark.parametrize(("dice", "phase", "card"), CASES)
def test_card_odds_equal_the_engine_tree(
    dice: list[tuple[str, str | None, bool]], phase: str, card: int
) -> None:
    to_roll = [label for label, face, tray in dice if not tray] if phase == "roll" else None
    state = position(dice, phase=phase, to_roll=to_roll, supply_only=())
    expected = brute_force(state, card)
    got = card_odds(state, card, exact=True)
    if isinstance(expected, Fraction):
        assert got == expected
    else:
        assert float(got) == pytest.approx(expected, abs=1e-9)
    assert float(card_odds(state, card)) == pytest.approx(float(got))


def test_a_met_card_has_odds_one_and_odds_do_not_change_the_state() -> None:
    state = position([("O1", "6", True), ("O2", "6", True)], phase="set_aside", supply_only=())
    before = state.to_json()
    assert card_odds(state, 6, exact=True) == 1
    rows = turn_odds(state)
    assert state.to_json() == before
    assert {row["card"] for row in rows} == set(state.bottom + state.top)
    assert all(0 <= float(row["odds"]) <= 1 for row in rows)
