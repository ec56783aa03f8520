"""A real learner on a real game, briefly: sb3-contrib's MaskablePPO trains a few thousand steps
on the smallest setup (Runika solo, the shaped ``score`` reward) through ``grimoire/Runika-v0``;
its losses are finite and move, its value estimates move, and the saved and reloaded model
plays whole games through ``grimoire.bots.from_policy``. The baselines themselves
(examples/train_baselines.py, docs/rl.md) are too long for CI."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

sb3_contrib = pytest.importorskip(
    "sb3_contrib", reason="the train extra (torch, sb3-contrib) is not installed"
)
torch = pytest.importorskip("torch", reason="the train extra (torch) is not installed")

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402

import grimoire  # noqa: E402
import grimoire.envs.gymnasium  # noqa: E402 - registers grimoire/<Game>-v0
from grimoire.bots import from_policy  # noqa: E402
from grimoire.sim import play_game  # noqa: E402

STEPS = 2048
ROLLOUT = 512


@pytest.fixture
def one_thread() -> Any:
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


def test_maskable_ppo_learns_and_plays_as_a_bot(tmp_path: Path, one_thread: Any) -> None:
    env = gymnasium.make("grimoire/Runika-v0", players=1, reward="score")
    model = sb3_contrib.MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=ROLLOUT,
        batch_size=128,
        n_epochs=2,
        seed=3,
        device="cpu",
        verbose=0,
    )
    # the same positions valued before and after training
    positions = []
    observation, info = env.reset(seed=11)
    rng = np.random.default_rng(0)
    for _ in range(64):
        positions.append(observation)
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, _, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            observation, info = env.reset()
    batch = torch.as_tensor(np.array(positions))
    with torch.no_grad():
        before = model.policy.predict_values(batch).numpy().ravel()

    losses: list[dict[str, float]] = []
    train = model.train

    def train_and_record() -> None:  # SB3 logs each update's losses; keep them before a dump
        train()
        losses.append(dict(model.logger.name_to_value))

    model.train = train_and_record  # type: ignore[method-assign]
    model.learn(total_timesteps=STEPS)

    assert model.num_timesteps >= STEPS and len(losses) == STEPS // ROLLOUT
    value_losses = [update["train/value_loss"] for update in losses]
    assert all(math.isfinite(update["train/loss"]) for update in losses)
    assert all(math.isfinite(value) for value in value_losses)
    assert len(set(value_losses)) == len(value_losses)  # each update saw new data and moved
    with torch.no_grad():
        after = model.policy.predict_values(batch).numpy().ravel()
    assert np.abs(after - before).max() > 1e-3  # the critic learnt something from the points

    del model.train  # the recording wrapper: SB3 saves the model's attributes, not this test's
    path = tmp_path / "runika-ppo.zip"
    model.save(path)
    loaded = sb3_contrib.MaskablePPO.load(path, device="cpu")
    game = grimoire.make("runika", 1)
    for seed in (1, 2):
        bot = from_policy(loaded, name="ppo")
        result = play_game(game, [bot], seed=seed, keep_record=False)
        assert result.bots == ["ppo"] and result.decisions > 0
