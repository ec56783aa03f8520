"""examples/train_baselines.py's own pieces, without training: the script-side ``margin-win``
reward adds up to the final margin / scale plus the win reward, paid step by step from the
scores the learner may know; a setup's settings sit between the defaults and the command line."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("sb3_contrib", reason="the train extra (torch, sb3-contrib) is not installed")
pytest.importorskip("matplotlib", reason="the train extra (matplotlib) is not installed")

import numpy as np

from grimoire.envs.common import win_returns

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "train_baselines.py"


@pytest.fixture(scope="module")
def baselines() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_baselines", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_baselines"] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("seed", [3, 4])
def test_margin_win_adds_up_to_margin_and_win(baselines: ModuleType, seed: int) -> None:
    setup = baselines.Setup("runika", 2, "random", 1, "margin-win")
    env = baselines.make_env(setup, scale=10.0)
    _observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, paid_before_end, done = 0.0, 0, False
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _observation, reward, terminated, truncated, info = env.step(action)
        total += reward
        done = terminated or truncated
        paid_before_end += int(reward != 0 and not done)
    assert terminated and "illegal_action" not in info
    seat, scores = info["seat"], info["scores"]
    margin = scores[seat] - max(s for i, s in enumerate(scores) if i != seat)
    state = env.unwrapped.game_state
    assert math.isclose(total, margin / 10.0 + win_returns(state)[seat], abs_tol=1e-9)
    assert paid_before_end > 0  # points are paid as they come, not only at the end


def test_settings_defaults_then_setup_then_command_line(baselines: ModuleType) -> None:
    setup = baselines.Setup("runika", 2, "random", 1, settings={"gamma": 0.995, "select": True})
    parser_args = baselines.argparse.Namespace(gamma=None, n_steps=256, select=None)
    chosen = baselines.settings_of(setup, parser_args)
    assert chosen["gamma"] == 0.995 and chosen["select"] is True  # the setup's own
    assert chosen["n_steps"] == 256  # the command line wins
    assert chosen["ent_coef"] == baselines.DEFAULTS["ent_coef"]
