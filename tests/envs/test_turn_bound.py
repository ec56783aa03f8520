"""The per-turn bound: a learner that takes the back-outs its mask leaves out (the engine still
accepts them) loops choose / cancel within one turn; the episode is then cut
(``truncated_by == "max_turn_steps"``), not played until the whole-episode bound."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")
pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")

import grimoire
import grimoire.envs.gymnasium as gg
from grimoire.core.state import State
from grimoire.envs import common
from grimoire.envs import pettingzoo as gz


def looping_choice(state: State | None, seat: int) -> int:
    """A back-out whenever the engine allows one, else the first other action: a
    choose / cancel cycle wherever the game has back-outs."""
    assert state is not None  # an environment's state, there once it is reset
    legal = state.legal_actions(seat)
    backs = [action for action in legal if state.backs_out(action, seat)]
    return backs[0] if backs else legal[0]


@pytest.mark.parametrize("name", ["ciub", "runika"])
def test_a_gymnasium_learner_looping_on_back_outs_is_cut_within_its_turn(name: str) -> None:
    env = gg.GrimoireEnv(name, 2, seat=0, max_turn_steps=12, max_episode_steps=None)
    env.reset(seed=3)
    steps = 0
    while steps < 2000:
        state = env.game_state
        assert state is not None
        _, _, terminated, truncated, info = env.step(looping_choice(state, env.seat))
        steps += 1
        if terminated or truncated:
            break
    assert truncated and info["truncated_by"] == "max_turn_steps", (steps, info)
    assert steps < 1000


def test_without_the_bound_the_same_learner_loops_on() -> None:
    env = gg.GrimoireEnv("ciub", 2, seat=0, max_turn_steps=None, max_episode_steps=300)
    env.reset(seed=3)
    for _ in range(400):
        state = env.game_state
        assert state is not None
        _, _, terminated, truncated, info = env.step(looping_choice(state, env.seat))
        if terminated or truncated:
            break
    assert truncated and info["truncated_by"] == "max_episode_steps"


def test_a_pettingzoo_agent_looping_on_back_outs_is_cut() -> None:
    env = gz.raw_env("runika", 2, max_turn_steps=12, max_episode_steps=None)
    env.reset(seed=5)
    for agent in env.agent_iter(max_iter=3000):
        _, _, termination, truncation, info = env.last()
        if termination or truncation:
            assert truncation and info["truncated_by"] == "max_turn_steps"
            env.step(None)
            continue
        env.step(looping_choice(env.game_state, env._seat[agent]))
    assert not env.agents


def test_masked_play_never_meets_the_default_bound() -> None:
    rng = np.random.default_rng(1)
    for name, players in (("ciub", 2), ("runika", 1), ("fatal", 3)):
        env = gg.GrimoireEnv(name, players, seat=0)
        assert env.max_turn_steps == common.turn_bound(env.game)
        _, info = env.reset(seed=2)
        while True:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, _, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                break
        assert info.get("truncated_by") != "max_turn_steps"


def test_the_run_counts_one_seat_in_a_row_and_restarts_at_chance_or_another_seat() -> None:
    state = grimoire.make("ciub", 2).new_state(4)
    run = common.TurnRun()
    seat = min(state.seats_to_act())
    run.before(state, seat)
    state.apply(state.progress_actions(seat)[0], seat)
    run.after(state)
    assert run.length == 1
    if seat in state.seats_to_act():
        run.before(state, seat)
        assert run.length == 1  # nothing between: the run goes on
    state.history = [*state.history, (-1, 0)]  # anything between two decisions ...
    run.before(state, seat)
    assert run.length == 0  # ... starts a new run
    with pytest.raises(ValueError, match="max_turn_steps"):
        common.turn_steps_bound(state.game, 0)
