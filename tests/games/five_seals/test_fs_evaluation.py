"""The search's evaluation of Five Seals (``evaluation.evaluate``, fitted to game outcomes): win
chances that add up to 1 over the seats, and that rise with what the fit found matters: the
running score, and dice that can pay for a seal in reach (which the running score alone, the
evaluation before it, could not see)."""

from __future__ import annotations

import random

import pytest
from tests.rules.five_seals.fs_helpers import RESERVE, make, position

import grimoire
from grimoire.bots import make_bot
from grimoire.games.five_seals import evaluation
from grimoire.games.five_seals.state import FiveSealsState

EDGES = "H-a a-b b-S1 a-c c-S2 H-d d-e e-S3 H-w w-S6a w-S6b w-S6c w-S6d"
TOKENS = {"a": "R2", "b": "R3", "c": "B2", "d": "G4", "e": "Y2", "w": "R6"}
SCROLLS = {"S1": "Growth of Fire", "S2": "Change of Water"} | RESERVE


def seat_zero(**kw: object) -> float:
    game = make(2, EDGES)
    return evaluation.evaluate(position(game, tokens=TOKENS, scrolls=SCROLLS, **kw), 0)


@pytest.mark.parametrize("players", [2, 4])
def test_win_chances_add_up_to_one_over_a_game(players: int) -> None:
    game = grimoire.make("five-seals", players=players)
    state = game.new_state(11)
    bots = [make_bot("heuristic", game, seat) for seat in range(players)]
    rng = random.Random(0)
    seen = 0
    while not state.is_terminal():
        if state.is_chance():
            state.play(state.sample_chance())
            continue
        assert isinstance(state, FiveSealsState)
        if rng.random() < 0.1:
            values = [evaluation.evaluate(state, seat) for seat in range(players)]
            assert all(0.0 < value < 1.0 for value in values)
            assert sum(values) == pytest.approx(1.0)
            seen += 1
        seat = state.current_player
        assert isinstance(seat, int)
        state.play(bots[seat].choose(state.for_seat(seat, rng), seat), seat)
    assert seen > 5


def test_dice_that_can_pay_for_a_seal_in_reach_count() -> None:
    """Red dice pay for the red seals in reach (a, w); yellow ones pay for none."""
    paying = seat_zero(dice=[["R1=6", "R2=6"], ["Y3=1"]])
    unpaying = seat_zero(dice=[["Y1=6", "Y2=6"], ["Y3=1"]])
    assert paying > unpaying


def test_a_higher_running_score_counts() -> None:
    ahead = seat_zero(dice=[["R1=6"], ["Y3=1"]], hands=[["Growth of Fire"], []])
    level = seat_zero(dice=[["R1=6"], ["Y3=1"]])
    assert ahead > level
