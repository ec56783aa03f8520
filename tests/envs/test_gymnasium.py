"""Gymnasium single-seat environments: check_env through gymnasium.make on every game, masks,
the illegal-action penalty, and bots that are only ever given for_seat copies."""

from __future__ import annotations

import warnings
from typing import Any, ClassVar

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from tests.envs.cases import ALL_CASES, GAMES, Case  # noqa: E402

import grimoire  # noqa: E402
import grimoire.envs.gymnasium as gg  # noqa: E402
from grimoire.core.bot import Bot  # noqa: E402
from grimoire.core.state import State  # noqa: E402
from grimoire.envs.common import gym_id  # noqa: E402


def test_every_registered_game_has_an_id() -> None:
    ids = gg.register()
    assert ids == [gym_id(name) for name in grimoire.game_names()]
    assert "grimoire/Ciub-v0" in ids and "grimoire/FiveSeals-v0" in ids
    assert all(env_id in gymnasium.registry for env_id in ids)


@pytest.mark.parametrize("case", ALL_CASES, ids=lambda case: case.id)
def test_check_env(case: Case) -> None:
    gg.register([case.game])  # the toys are registered with grimoire for this test only
    # the game's heuristic where it ships one (its capability), else random opponents
    opponents = "heuristic" if case.make().capabilities.heuristic else "random"
    env = gymnasium.make(gym_id(case.game), opponents=opponents, render_width=240, **case.kwargs())
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # check_env's warnings are failures here
        check_env(env.unwrapped)
    env.close()


@pytest.mark.parametrize("game", [*GAMES, "toy_duel", "toy_race"])
def test_masked_episodes_end_with_the_final_reward(game: str) -> None:
    gg.register([game])
    env = gymnasium.make(gym_id(game), seat="random", opponents="random")
    for seed in range(2):
        observation, info = env.reset(seed=seed)
        seat = info["seat"]
        terminated = truncated = False
        reward = 0.0
        steps = 0
        while not (terminated or truncated):
            mask = env.unwrapped.action_masks()
            assert mask.any() and np.array_equal(mask, info["action_mask"])
            action = int(env.unwrapped.np_random.choice(np.flatnonzero(mask)))
            observation, reward, terminated, truncated, info = env.step(action)
            assert observation.shape == env.observation_space.shape
            steps += 1
        assert not truncated and "illegal_action" not in info
        winners = info["winners"]
        n = len(info["scores"])
        if n == 1:  # a solo game: +1 for a win, -1 for a loss
            expected = 1.0 if winners else -1.0
        else:
            expected = (n / len(winners) - 1) / (n - 1) if seat in winners else -1 / (n - 1)
        assert reward == pytest.approx(expected)
        assert steps <= env.unwrapped.game.max_game_length


def test_an_illegal_action_ends_the_episode_with_the_penalty() -> None:
    gg.register(["toy_race"])
    env = gymnasium.make(gym_id("toy_race"), players=2, illegal_reward=-2.5)
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-2.5, True, False)
    assert info["illegal_action"] == illegal


class SpyBot(Bot):
    """Plays the first legal action and remembers every state it was given."""

    name = "spy"
    given: ClassVar[list[State]] = []

    def choose(self, state: State, seat: int | None = None) -> int:
        SpyBot.given.append(state)
        return state.legal_actions(seat)[0]


def test_bots_are_given_for_seat_copies_only(monkeypatch: pytest.MonkeyPatch) -> None:
    SpyBot.given = []
    monkeypatch.setattr(gg, "make_bot", lambda kind, game, seed: SpyBot(seed))
    gg.register(["toy_duel"])
    env = gymnasium.make(gym_id("toy_duel"), players=3, seat=1)
    _, info = env.reset(seed=2)
    while True:
        mask = info["action_mask"]
        _, _, terminated, _, info = env.step(int(np.flatnonzero(mask)[0]))
        if terminated:
            break
    truth = env.unwrapped.game_state
    assert SpyBot.given
    for given in SpyBot.given:
        assert given is not truth
        assert given.seed != truth.seed and given.history == []


def test_opponents_per_seat() -> None:
    env: Any = gg.GrimoireEnv("toy_race", 3, seat=2, opponents=["easy", "random"])
    env.reset(seed=0)
    assert env._bots[2] is None and env._bots[0] is not None and env._bots[1] is not None
    spy = SpyBot(0)
    env = gg.GrimoireEnv("toy_race", 3, seat=0, opponents=[spy, "random"])
    env.reset(seed=0)
    assert env._bots[1] is spy
    with pytest.raises(ValueError):
        gg.GrimoireEnv("toy_race", 3, opponents=["random"] * 4)
    with pytest.raises(ValueError):
        gg.GrimoireEnv("toy_race", 3, seat=3)


def test_one_call_registers_everywhere() -> None:
    from grimoire.envs import register

    names = register(["toy_duel"])
    assert names["gymnasium"] == [gym_id("toy_duel")]
    if "openspiel" in names:
        assert names["openspiel"] == ["grimoire_toy_duel"]
