"""Ruling 22: the decision limit (engine safeguard) ends a game, scored as it stands."""

from __future__ import annotations

import random

import pytest

import grimoire
from grimoire import InvalidOptions


def test_ruling_22_the_game_ends_at_the_decision_limit() -> None:
    game = grimoire.make("five-seals", players=3, decision_limit=25, stall_limit=0)
    assert game.max_game_length == 25
    state = game.new_state(4)
    rng = random.Random(4)
    decisions = 0
    while not state.is_terminal():
        state.play(rng.choice(state.legal_actions()))
        decisions += 1
    assert decisions == 25
    assert state.to_json()["position"]["decisions"] == 25
    assert state.winners() and len(state.scores()) == 3


def test_ruling_22_the_limit_must_be_positive() -> None:
    with pytest.raises(InvalidOptions, match="decision_limit"):
        grimoire.make("five-seals", players=2, decision_limit=0)
