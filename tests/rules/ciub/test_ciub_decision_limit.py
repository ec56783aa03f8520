"""Ruling 21: the decision limit (engine safeguard) ends a game, scored as it stands."""

from __future__ import annotations

import random

import pytest
from tests.rules.ciub.ciub_helpers import new_state

import grimoire
from grimoire import InvalidOptions


def test_ruling_21_the_game_ends_at_the_decision_limit() -> None:
    game = grimoire.make("ciub", players=3, decision_limit=40)
    assert game.max_game_length == 40
    state = new_state(game, 2)
    rng = random.Random(2)
    decisions = 0
    while not state.is_terminal():
        state.play(rng.choice(state.legal_actions()))
        decisions += 1
    assert decisions == 40
    assert state.phase == "over" and state.view(0)["decisions"] == 40
    # scored as it stands: most VP, then most dice held (the rulebook's tie-break)
    key = [(state.vp(s), state.dice_held(s)) for s in range(3)]
    assert state.winners() == [s for s in range(3) if key[s] == max(key)]


def test_ruling_21_the_limit_must_be_positive() -> None:
    with pytest.raises(InvalidOptions, match="decision_limit"):
        grimoire.make("ciub", players=2, decision_limit=0)


def test_ruling_21_default_limit_is_far_above_random_play() -> None:
    assert grimoire.make("ciub", players=2).max_game_length == 20_000
