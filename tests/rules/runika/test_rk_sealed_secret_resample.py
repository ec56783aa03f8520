"""Runika, secret runes in simultaneous play (rulings 12 and 13): a rune a player has sealed a
claim on is revealed and gained at the round end, also in a determinised copy of the game."""

from __future__ import annotations

import random

import pytest

from grimoire.games.runika.game import RunikaGame
from grimoire.games.runika.state import RunikaState


def _sealed_claim() -> RunikaState:
    """A seeded game at the first moment a seat holds a sealed claim (seat 0, found by play)."""
    state = RunikaGame(2, {"secret_runes": True, "simultaneous": True}).new_state(0)
    assert isinstance(state, RunikaState)
    rng = random.Random(0)
    while not any(state.sim_claims):
        if state.is_chance():
            state.apply(state.sample_chance())
        else:
            seat = min(state.seats_to_act())
            state.apply(rng.choice(state.legal_actions(seat)), seat)
    return state


@pytest.mark.parametrize("seed", range(12))
def test_a_sealed_secret_rune_survives_the_other_seats_resample(seed: int) -> None:
    """Ruling 12: claims are sealed until the round end, then revealed and scored; ruling 13:
    a claimed secret rune is gained. Seat 1 cannot see seat 0's secret runes, so
    ``resample(1)`` re-deals them, but the rune seat 0 has sealed a claim on stays its own
    (re-dealt, the claim would reach the round end without its card)."""
    state = _sealed_claim()
    (rune, _mask), *_ = next(c for c in state.sim_claims if c)
    seat = next(s for s in range(2) if state.sim_claims[s])
    copy = state.resample(1 - seat, random.Random(seed))
    assert isinstance(copy, RunikaState)
    assert copy.view(1 - seat) == state.view(1 - seat)
    index = copy.secret[seat].index(rune)
    assert not copy.secret_got[seat][index]
    rng = random.Random(seed)
    start = copy.round
    while copy.round == start and not copy.is_terminal():  # to the round end
        if copy.is_chance():
            copy.apply(copy.sample_chance())
        else:
            actor = min(copy.seats_to_act())
            copy.apply(rng.choice(copy.legal_actions(actor)), actor)
    assert copy.secret_got[seat][index] == 1, "the sealed rune is gained at the round end"
