"""Episodes that end honestly (truncation by ``max_episode_steps`` and by the engine's
``decision_limit``), the flat ``Box`` observation with the mask in ``info``, the mask under
Gymnasium's autoreset, ``action_to_string``, PettingZoo's global ``state()``, the random
default seat and the ``score`` reward."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")
pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

import grimoire  # noqa: E402
import grimoire.envs.gymnasium as gg  # noqa: E402
from grimoire.envs import common  # noqa: E402
from grimoire.envs import pettingzoo as gz  # noqa: E402
from grimoire.envs.common import gym_id  # noqa: E402


def masked(rng: np.random.Generator, mask: np.ndarray) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def gym_episode(env: Any, seed: int) -> tuple[int, float, bool, bool, dict[str, Any]]:
    """A masked random episode: (steps, total reward, terminated, truncated, last info)."""
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    steps, total = 0, 0.0
    while True:
        _, reward, terminated, truncated, info = env.step(masked(rng, info["action_mask"]))
        steps += 1
        total += reward
        if terminated or truncated:
            return steps, total, terminated, truncated, info


def pz_play(env: Any, seed: int) -> tuple[int, dict[str, float], dict[str, Any]]:
    """Masked random play of a PettingZoo env to its end: (actions, total rewards, the
    ending agents' (termination, truncation, info))."""
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    ends: dict[str, Any] = {}
    actions = 0
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        totals[agent] += reward
        if termination or truncation:
            ends[agent] = (termination, truncation, info)
            env.step(None)
            continue
        mask = info["action_mask"] if isinstance(observation, np.ndarray) else None
        if mask is None:
            mask = observation["action_mask"]
        env.step(masked(rng, mask))
        actions += 1
    return actions, totals, ends


# --------------------------------------------------------------------------- truncation
def test_gymnasium_cuts_an_episode_at_max_episode_steps() -> None:
    env = gg.GrimoireEnv("ciub", 2, seat=0, max_episode_steps=7)
    steps, total, terminated, truncated, info = gym_episode(env, 3)
    assert (steps, total, terminated, truncated) == (7, 0.0, False, True)
    assert info["truncated_by"] == "max_episode_steps"
    with pytest.raises(RuntimeError):
        env.step(0)


def test_the_engines_decision_limit_is_a_truncation_not_an_ending() -> None:
    """Ciúb with decision_limit=12: the engine ends the game, scored as it stands; the
    environments report a cut without the end reward."""
    env = gg.GrimoireEnv("ciub", 2, seat=0, max_episode_steps=None, decision_limit=12)
    steps, total, terminated, truncated, info = gym_episode(env, 1)
    assert env.game_state is not None and env.game_state.is_terminal()
    assert (terminated, truncated, total) == (False, True, 0.0)
    assert info["truncated_by"] == "decision_limit" and steps <= 12
    assert common.cut_by_engine(env.game_state)

    aec = gz.raw_env("ciub", players=2, max_episode_steps=None, decision_limit=12)
    aec.reset(seed=1)
    actions, totals, ends = pz_play(aec, 1)
    assert actions == 12 and set(totals.values()) == {0.0}
    assert all(trunc and not term for term, trunc, _ in ends.values())
    assert all(info["truncated_by"] == "decision_limit" for *_, info in ends.values())


def test_a_game_that_ends_by_its_rules_is_not_cut() -> None:
    game = grimoire.make("toy_race", players=2)
    state = game.new_state(0)
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        seat = min(state.seats_to_act())
        state.play(int(rng.choice(state.legal_actions(seat))), seat)
    assert not common.cut_by_engine(state)
    env = gg.GrimoireEnv("toy_race", 2, seat=0)
    *_, terminated, truncated, _ = gym_episode(env, 2)
    assert terminated and not truncated


def test_pettingzoo_cuts_at_max_episode_steps() -> None:
    env = gz.env("ciub", players=3, max_episode_steps=10)
    env.reset(seed=2)
    actions, totals, ends = pz_play(env, 2)
    assert actions == 10 and set(totals.values()) == {0.0}
    assert set(ends) == set(env.possible_agents)
    assert all(trunc and not term for term, trunc, _ in ends.values())
    assert not env.agents


def test_the_default_bound_is_measured_and_realistic() -> None:
    game = grimoire.make("ciub", 2)
    bound = common.episode_bound(game)
    lengths = common.measured_lengths(game)
    assert bound == common.LENGTH_MARGIN * lengths.decisions + common.LENGTH_SLACK
    assert lengths.decisions < bound < game.max_game_length / 5
    assert gg.GrimoireEnv("ciub", 2).max_episode_steps == bound
    assert gz.raw_env("ciub", players=2).max_episode_steps == bound
    assert gz.raw_env("ciub", players=2, max_episode_steps=None).max_episode_steps is None
    # a game's own smaller limit wins
    assert common.episode_bound(grimoire.make("ciub", 2, decision_limit=30)) == 30
    with pytest.raises(ValueError):
        gg.GrimoireEnv("ciub", 2, max_episode_steps=0)


# --------------------------------------------------------------------------- observations
def test_pettingzoo_box_observation_with_the_mask_in_info() -> None:
    env = gz.raw_env("toy_race", players=2, observation="box")
    space = env.observation_space("player_0")
    assert isinstance(space, gymnasium.spaces.Box) and space.shape == (env._encoder.size,)
    env.reset(seed=0)
    observation, *_ = env.last()
    assert isinstance(observation, np.ndarray) and space.contains(observation)
    for _ in range(6):
        for agent in env.possible_agents:  # 1 on its legal actions, zeros off-turn
            expected = np.zeros(env.game.num_actions, np.int8)
            expected[env.legal_actions(agent)] = 1
            np.testing.assert_array_equal(env.infos[agent]["action_mask"], expected)
        assert env.infos[env.agent_selection]["action_mask"].any()
        env.step(env.legal_actions()[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(gz.env("toy_duel", players=2, observation="box"), num_cycles=200)
    with pytest.raises(ValueError):
        gz.raw_env("toy_race", observation="flat")


def test_gymnasium_dict_observation_passes_check_env() -> None:
    gg.register(["toy_race"])
    env = gymnasium.make(gym_id("toy_race"), players=2, observation="dict").unwrapped
    assert isinstance(env.observation_space, gymnasium.spaces.Dict)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env)
    observation, info = env.reset(seed=0)
    np.testing.assert_array_equal(observation["action_mask"], info["action_mask"])


# --------------------------------------------------------------------------- autoreset
def test_the_mask_allows_an_action_on_the_ending_step_under_autoreset() -> None:
    """A vector env with Gymnasium's default (next-step) autoreset: a masked sampler never
    meets an all-zero mask, and the step after an ending resets."""
    gg.register(["toy_race"])
    envs = gymnasium.make_vec(gym_id("toy_race"), num_envs=2, players=2, seat=0)
    rng = np.random.default_rng(0)
    _, info = envs.reset(seed=4)
    endings = 0
    for _ in range(120):
        masks = info["action_mask"]
        assert masks.any(axis=1).all()
        actions = np.array([masked(rng, mask) for mask in masks])
        _, _, terminated, truncated, info = envs.step(actions)
        endings += int(np.sum(terminated | truncated))
    assert endings >= 2
    envs.close()


# --------------------------------------------------------------------------- action names
def test_action_to_string_on_every_env() -> None:
    game = grimoire.make("ciub", 2)
    texts = [game.new_state(0).action_to_string(a) for a in range(game.num_actions)]
    gym_env = gg.GrimoireEnv("ciub", 2)
    aec = gz.raw_env("ciub", players=2)
    assert [gym_env.action_to_string(a) for a in range(game.num_actions)] == texts  # pre-reset
    gym_env.reset(seed=0)
    aec.reset(seed=0)
    assert gym_env.action_to_string(np.int64(5)) == texts[5] == aec.action_to_string(5)
    for bad in (-1, game.num_actions, "pass"):
        with pytest.raises(ValueError):
            aec.action_to_string(bad)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- global state
def test_pettingzoo_state_is_every_seats_observation() -> None:
    env = gz.raw_env("toy_duel", players=3, hand=3)
    env.reset(seed=1)
    state = env.state()
    assert env.state_space.contains(state)
    parts = [env.observe(agent)["observation"] for agent in env.possible_agents]
    np.testing.assert_array_equal(state, np.concatenate(parts))
    # it holds what no single agent sees: another seat's hand
    size = env._encoder.size
    assert not np.array_equal(state[:size], state[size : 2 * size])


# --------------------------------------------------------------------------- seat, reward
def test_gymnasium_seat_defaults_to_a_seeded_random_seat() -> None:
    env = gg.GrimoireEnv("toy_race", 3)
    seats = [env.reset(seed=seed)[1]["seat"] for seed in range(12)]
    assert len(set(seats)) > 1
    assert seats == [env.reset(seed=seed)[1]["seat"] for seed in range(12)]


def test_score_reward_gives_solo_runika_a_signal() -> None:
    """``win`` pays a random solo Runika player -1 every time; ``score`` pays its score, step
    by step, adding up to the final score."""
    won = gg.GrimoireEnv("runika", 1, reward="win")
    scored = gg.GrimoireEnv("runika", 1, reward="score")
    totals = []
    for seed in range(2):
        _, total, terminated, _, _ = gym_episode(won, seed)
        assert terminated and total == -1.0
        _, total, terminated, _, info = gym_episode(scored, seed)
        assert terminated and total == pytest.approx(info["scores"][0])
        totals.append(total)
    assert max(totals) > 0

    aec = gz.raw_env("toy_race", players=3, reward="score")
    aec.reset(seed=4)
    _, totals_pz, _ = pz_play(aec, 4)
    assert aec.game_state is not None
    scores = aec.game_state.scores()
    assert [totals_pz[agent] for agent in aec.possible_agents] == pytest.approx(scores)


def test_check_reward_lists_the_choices() -> None:
    with pytest.raises(ValueError) as refusal:
        gg.GrimoireEnv("toy_race", 2, reward="points")
    for choice in common.REWARDS:
        assert repr(choice) in str(refusal.value)
    assert "score" in common.REWARDS
