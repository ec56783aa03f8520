"""The RL environments offer no back-outs: the Gymnasium and PettingZoo masks and OpenSpiel's
legal actions are the game's ``progress_actions`` (the legal actions without the declared
back-outs, Ciúb's and Runika's ``cancel``), so no agent can walk a choose / cancel cycle.
Each game's first case is played by seeded random masked choices; the games that declare
back-outs must have met some, left out of the mask."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from tests.envs.cases import GAMES, TOYS, Case, cases_of, short_options

from grimoire.core.state import State

STEPS = 300
CASES = [cases_of(name)[0] for name in GAMES + TOYS]


def offered(state: State, seat: int, mask: Any) -> int:
    """Check ``mask`` (a 0/1 vector or a list of ids) against the seat's progress actions;
    the number of legal back-outs it leaves out."""
    ids = sorted(mask) if isinstance(mask, list) else [int(a) for a in np.flatnonzero(mask)]
    assert ids == state.progress_actions(seat)
    return sum(1 for action in state.legal_actions(seat) if state.backs_out(action, seat))


def check_count(case: Case, left_out: int) -> None:
    state = case.make().new_state(0)
    if type(state).backs_out is not State.backs_out:  # the game declares back-outs
        assert left_out > 0, "no back-out was met: the check proved nothing"
    else:
        assert left_out == 0


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_gymnasium_masks_leave_back_outs_out(case: Case) -> None:
    from grimoire.envs.gymnasium import GrimoireEnv

    env = GrimoireEnv(case.game, **case.kwargs(**short_options(case.game, 2 * STEPS)))
    rng = random.Random(1)
    env.reset(seed=1)
    left_out = 0
    for _ in range(STEPS):
        state = env.game_state
        assert state is not None
        mask = env.action_masks()
        left_out += offered(state, env.seat, mask)
        _, _, terminated, truncated, _ = env.step(rng.choice(state.progress_actions(env.seat)))
        if terminated or truncated:
            env.reset(seed=rng.getrandbits(32))
    check_count(case, left_out)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_pettingzoo_masks_leave_back_outs_out(case: Case) -> None:
    from grimoire.envs.pettingzoo import raw_env

    env = raw_env(case.game, **case.kwargs(**short_options(case.game, 2 * STEPS)))
    rng = random.Random(2)
    env.reset(seed=2)
    left_out = 0
    for agent in env.agent_iter(STEPS):
        observation, _, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        state = env.game_state
        assert state is not None
        seat = int(agent.split("_")[-1])
        mask = observation["action_mask"] if isinstance(observation, dict) else None
        if mask is None:
            mask = info["action_mask"]
        left_out += offered(state, seat, mask)
        assert env.legal_actions(agent) == state.progress_actions(seat)
        env.step(rng.choice(env.legal_actions(agent)))
    check_count(case, left_out)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_openspiel_legal_actions_leave_back_outs_out(case: Case) -> None:
    pytest.importorskip("pyspiel", reason="the openspiel extra (open_spiel) is not installed")
    from grimoire.envs import openspiel as gos

    gos.register([case.game])
    game = gos.load(case.game, **case.kwargs(**short_options(case.game, 2 * STEPS)))
    rng = np.random.RandomState(3)
    left_out, steps = 0, 0
    while steps < STEPS:
        spiel = game.new_initial_state()
        while not spiel.is_terminal() and steps < STEPS:
            if spiel.is_chance_node():
                outcomes, probabilities = zip(*spiel.chance_outcomes(), strict=True)
                spiel.apply_action(int(rng.choice(outcomes, p=probabilities)))
                continue
            player = spiel.current_player()
            legal = spiel.legal_actions()
            left_out += offered(spiel.grimoire_state, player, legal)
            spiel.apply_action(int(rng.choice(legal)))
            steps += 1
    check_count(case, left_out)
