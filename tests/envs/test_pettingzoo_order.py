"""The PettingZoo environment's order-enforcing wrapper (``grimoire.envs.pettingzoo.
OrderEnforcing``, whose learner's loop reaches the environment directly, issue 34) keeps
PettingZoo's checks: nothing before ``reset()``, a ``step()`` in every turn of ``agent_iter``,
and the same observations and rewards as the environment itself."""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.utils import wrappers

from grimoire.envs import pettingzoo as gz


def test_it_is_pettingzoos_wrapper() -> None:
    env = gz.env("ciub", 2)
    assert isinstance(env, wrappers.OrderEnforcingWrapper)
    assert env.unwrapped is env.env


def test_nothing_before_reset() -> None:
    env = gz.env("ciub", 2)
    with pytest.raises(AttributeError, match="before reset"):
        env.last()
    with pytest.raises(AttributeError, match="before reset"):
        _ = env.agent_selection
    with pytest.raises(Exception, match="reset"):
        env.step(0)
    with pytest.raises(Exception, match="reset"):
        env.agent_iter()


def test_agent_iter_wants_a_step_each_turn() -> None:
    env = gz.env("fatal", 3)
    env.reset(seed=1)
    agents = iter(env.agent_iter())
    next(agents)
    with pytest.raises(AssertionError, match="need to call step"):
        next(agents)


@pytest.mark.parametrize(("name", "players"), [("ciub", 2), ("five-seals", 2), ("runika", 2)])
def test_the_loop_sees_what_the_environment_says(name: str, players: int) -> None:
    env = gz.env(name, players)
    raw = env.unwrapped
    env.reset(seed=4)
    rng = random.Random(4)
    turns = 0
    for agent in env.agent_iter(max_iter=300):
        assert agent == raw.agent_selection
        observation, reward, termination, truncation, info = env.last()
        assert reward == raw._cumulative_rewards[agent]
        assert (termination, truncation, info) == (
            raw.terminations[agent],
            raw.truncations[agent],
            raw.infos[agent],
        )
        again = raw.observe(agent)
        assert np.array_equal(observation["observation"], again["observation"])
        assert np.array_equal(observation["action_mask"], again["action_mask"])
        if termination or truncation:
            env.step(None)
            continue
        env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
        turns += 1
    assert turns > 0
