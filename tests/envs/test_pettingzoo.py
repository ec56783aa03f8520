"""PettingZoo AEC environments: PettingZoo's own api_test (several seeds), seed_test and
render_test on every game, a pickle round trip, and the sequentialised sealed decision."""

from __future__ import annotations

import functools
import importlib.util
import pickle
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")

from pettingzoo.test import api_test, render_test, seed_test
from pettingzoo.utils import BaseWrapper
from tests.envs.cases import ALL_CASES, GAMES, Case

import grimoire
from grimoire.envs import pettingzoo as gz
from grimoire.envs.common import ENV_VERSION, env_name

SEEDS = (0, 1)


class ShiftedSeeds(BaseWrapper):  # type: ignore[misc]
    """api_test always resets with seed 0 first: this plays it from other seeds."""

    def __init__(self, env: Any, shift: int) -> None:
        super().__init__(env)
        self.shift = shift
        self.games_finished = 0

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.env.reset(seed=None if seed is None else seed + self.shift, options=options)

    def step(self, action: Any) -> None:
        self.env.step(action)
        if not self.env.agents:
            self.games_finished += 1


def play_out(env: Any, rng: np.random.Generator, limit: int = 100_000) -> None:
    """Play masked random actions until every agent is done."""
    for _ in env.agent_iter(limit):
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))


@pytest.mark.parametrize("case", ALL_CASES, ids=lambda case: case.id)
@pytest.mark.parametrize("shift", SEEDS)
def test_api_test(case: Case, shift: int) -> None:
    env = ShiftedSeeds(gz.env(case.game, **case.kwargs()), shift)
    with warnings.catch_warnings():
        # api_test warns that a Dict observation (observation + action mask) is not a Box, and
        # that a mask is all zeros off-turn: both by design, as in PettingZoo's classic games
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=2000)
    assert env.games_finished == 1, "api_test did not play the game to its end"


@pytest.mark.parametrize("case", ALL_CASES, ids=lambda case: case.id)
def test_seed_test(case: Case) -> None:
    seed_test(functools.partial(gz.env, case.game, **case.kwargs()), num_cycles=200)


@pytest.mark.parametrize("game", [*GAMES, "toy_race"])
def test_render_test(game: str) -> None:
    make = functools.partial(gz.env, game, render_width=240)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        render_test(make)
    modes = gz.raw_env(game).metadata["render_modes"]
    assert {"ansi", "human"} <= set(modes)
    drawn = grimoire.make(game).render_svg(grimoire.make(game).new_state(0), None) is not None
    rasteriser = importlib.util.find_spec("resvg_py") is not None
    assert ("rgb_array" in modes) == (drawn and rasteriser)


@pytest.mark.parametrize("case", ALL_CASES, ids=lambda case: case.id)
def test_pickle_round_trip_plays_on_identically(case: Case) -> None:
    env = gz.env(case.game, **case.kwargs())
    env.reset(seed=7)
    rng = np.random.default_rng(7)
    for _ in range(min(25, env.unwrapped.game.max_game_length // 2)):  # some way into it
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:  # a short game (Minimal's may end in 4 decisions)
            break
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    copy = pickle.loads(pickle.dumps(env))
    rng_copy = np.random.default_rng(1)
    rng = np.random.default_rng(1)
    for agent, agent_copy in zip(env.agent_iter(300), copy.agent_iter(300), strict=False):
        assert agent == agent_copy
        a, b = env.last(), copy.last()
        np.testing.assert_array_equal(a[0]["observation"], b[0]["observation"])
        np.testing.assert_array_equal(a[0]["action_mask"], b[0]["action_mask"])
        assert a[1:] == b[1:]
        if a[2] or a[3]:
            env.step(None)
            copy.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(a[0]["action_mask"]))))
        copy.step(int(rng_copy.choice(np.flatnonzero(b[0]["action_mask"]))))
    # resetting continues the same seeded generator on both
    env.reset()
    copy.reset()
    assert env.unwrapped.game_state.seed == copy.unwrapped.game_state.seed


def test_a_sealed_choice_is_sequentialised_without_showing_it() -> None:
    """Duel at 3 seats: the environment takes the sealed submissions one seat at a time; the
    next seats observe the same whatever the earlier ones chose."""
    env = gz.raw_env("toy_duel", players=3, hand=3)
    env.reset(seed=3)
    assert env.agent_selection == "player_0"
    observed: dict[str, set[bytes]] = {"player_1": set(), "player_2": set()}
    for card in env.legal_actions():
        copy = pickle.loads(pickle.dumps(env))
        copy.step(card)
        assert copy.agent_selection == "player_1"
        for agent in observed:
            observed[agent].add(copy.observe(agent)["observation"].tobytes())
        assert copy.observe("player_0")["action_mask"].sum() == 0  # it has chosen
        card_1 = copy.legal_actions()[0]
        copy.step(card_1)
        assert copy.agent_selection == "player_2"
        observed["player_2"].add(copy.observe("player_2")["observation"].tobytes())
    assert len(observed["player_1"]) == 1
    assert len(observed["player_2"]) == 2  # before and after seat 1's choice: only "chosen"


def test_observations_ignore_a_redeal_of_what_the_agent_cannot_see() -> None:
    env = gz.raw_env("toy_duel", players=2, hand=3)
    env.reset(seed=5)
    rng = __import__("random").Random(1)
    for agent in env.possible_agents:
        seat = int(agent.rsplit("_", 1)[1])
        before = env.observe(agent)["observation"]
        truth = env.game_state
        assert truth is not None
        env.game_state = truth.resample(seat, rng)
        np.testing.assert_array_equal(env.observe(agent)["observation"], before)
        env.game_state = truth


@pytest.mark.parametrize("illegal", [1, 2, -1, 10**6])
def test_illegal_action_ends_the_game_with_a_penalty(illegal: int) -> None:
    env = gz.raw_env("toy_race", players=2)
    env.reset(seed=1)
    agent = env.agent_selection
    env.step(np.int64(illegal))  # "stop" before any roll, or no action at all
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1.0
    assert env.infos[agent]["illegal_action"] == illegal
    play_out(env, np.random.default_rng(0))
    assert not env.agents


@pytest.mark.parametrize("action", [None, 0.0, True, "roll"])
def test_a_live_agent_must_give_an_action_id(action: object) -> None:
    env = gz.env("toy_race", players=2)
    env.reset(seed=1)
    with pytest.raises(ValueError):
        env.step(action)


@pytest.mark.parametrize("reward", ["win", "share", "margin"])
def test_final_rewards(reward: str) -> None:
    env = gz.raw_env("toy_race", players=3, reward=reward)
    env.reset(seed=4)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    rng = np.random.default_rng(4)
    for agent in env.agent_iter():
        observation, cumulative, termination, truncation, _ = env.last()
        totals[agent] += cumulative
        if termination or truncation:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    winners = env.unwrapped.game_state.winners()
    if reward == "win":
        assert abs(sum(totals.values())) < 1e-9
        assert max(totals.values()) > 0
    elif reward == "share":
        assert sum(totals.values()) == pytest.approx(1.0)
        assert all(totals[f"player_{seat}"] == 1 / len(winners) for seat in winners)
    else:
        scores = env.unwrapped.game_state.scores()
        assert totals["player_0"] == scores[0] - max(scores[1:])
        assert max(totals.values()) >= 0


def test_versioned_names() -> None:
    for game in GAMES:
        name = env_name(game)
        assert name.startswith("grimoire_") and name.endswith(f"_v{ENV_VERSION}")
        module_env = getattr(gz, name).raw_env()
        assert module_env.metadata["name"] == name
        assert str(module_env) == name
    assert env_name("five-seals") == "grimoire_five_seals_v1"
    with pytest.raises(AttributeError):
        gz.grimoire_no_such_game_v0  # noqa: B018
    with pytest.raises(AttributeError):
        gz.grimoire_ciub_v9  # noqa: B018 - no such version yet


def test_an_old_version_is_refused_naming_the_new_one() -> None:
    """As PettingZoo's own environments: an older version imports as a deprecated module whose
    constructors raise ``DeprecatedEnv`` naming the current version."""
    from pettingzoo.utils.deprecated_module import DeprecatedEnv

    from grimoire.envs.pettingzoo import grimoire_ciub_v0

    for make in (grimoire_ciub_v0.env, grimoire_ciub_v0.raw_env):
        with pytest.raises(DeprecatedEnv, match=r"grimoire_ciub_v0 .*use grimoire_ciub_v1"):
            make(players=2)


@pytest.mark.parametrize("reward", ["win", "share", "margin"])
def test_a_solo_game_rewards_its_only_player(reward: str) -> None:
    """Alone (Runika's solo game) there is no other seat to be zero-sum with: a win is +1 and a
    loss -1 (``win``), 1 or 0 (``share``), and the margin is the score itself."""
    env = gz.raw_env("runika", players=1, reward=reward)
    env.reset(seed=3)
    total = 0.0
    rng = np.random.default_rng(3)
    for _agent in env.agent_iter():
        observation, cumulative, termination, truncation, _ = env.last()
        total += cumulative
        if termination or truncation:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    state = env.unwrapped.game_state
    won = state.winners() == [0]
    expected = {"win": 1.0 if won else -1.0, "share": 1.0 if won else 0.0}
    assert total == expected.get(reward, state.scores()[0])
