"""``grimoire.bots.from_policy``: a callable policy (or an SB3-style ``predict``) seated as a
bot in ``play_game`` and in a small study by a registered name, given only its seat's
observation and mask."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")

import grimoire  # noqa: E402
import grimoire.envs.common  # noqa: E402 - installs the default observation of policies
from grimoire.bots import from_policy, make_bot, plugin_bots, register_bot  # noqa: E402
from grimoire.bots.registry import _PLUGINS  # noqa: E402
from grimoire.core.errors import InvalidOptions  # noqa: E402
from grimoire.envs.observation import encoder_for  # noqa: E402
from grimoire.sim import play_game  # noqa: E402
from grimoire.sim.study import StudySpec, run_study  # noqa: E402


class LastAllowed:
    """A policy that records what it is given and plays the highest allowed id."""

    def __init__(self) -> None:
        self.given: list[tuple[Any, Any]] = []

    def __call__(self, observation: Any, mask: Any) -> int:
        self.given.append((observation, mask))
        return int(np.flatnonzero(mask)[-1])


class Predictor:
    """Stable-Baselines3's interface: predict(observation, action_masks=..., deterministic=)."""

    def __init__(self) -> None:
        self.calls = 0

    def predict(
        self, observation: Any, action_masks: Any = None, deterministic: bool = False
    ) -> tuple[Any, None]:
        assert deterministic
        self.calls += 1
        return np.int64(np.flatnonzero(action_masks)[0]), None


def test_a_policy_plays_a_whole_game() -> None:
    game = grimoire.make("ciub", 2, length="short")
    policy = LastAllowed()
    bots = [from_policy(policy, name="last"), make_bot("random", game, 1)]
    result = play_game(game, bots, seed=5, keep_record=False)
    assert result.bots[0] == "last" and result.decisions > 0
    size = encoder_for(game).size
    assert policy.given
    for observation, mask in policy.given:  # only arrays of the seat's own observation
        assert isinstance(observation, np.ndarray) and observation.shape == (size,)
        assert mask.dtype == bool and mask.shape == (game.num_actions,) and mask.any()


def test_an_sb3_style_model_is_read_through_predict() -> None:
    game = grimoire.make("toy_race", 2)
    model = Predictor()
    result = play_game(game, [from_policy(model), from_policy(model)], seed=2, keep_record=False)
    assert model.calls == result.decisions


def test_an_illegal_choice_is_refused() -> None:
    game = grimoire.make("toy_race", 2)
    bot = from_policy(lambda observation, mask: game.num_actions + 3)
    state = game.new_state(0)
    with pytest.raises(ValueError, match="not legal"):
        bot.choose(state.for_seat(0, 1), 0)
    with pytest.raises(TypeError):
        from_policy(42)


def test_a_registered_policy_enters_a_study(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("grimoire.bots.registry._PLUGINS", dict(_PLUGINS))
    policy = LastAllowed()
    register_bot("test-agent", lambda game, seed: from_policy(policy, name="test-agent"))
    assert "test-agent" in plugin_bots()
    spec = StudySpec(
        game="toy_race", players=[2], games=4, lineups=[["test-agent", "random"]], chunk=2
    )
    result = run_study(spec)
    ((cell, stats),) = result.cells
    assert cell.lineup == ("test-agent", "random") and stats.games == 4
    assert policy.given
    with pytest.raises(InvalidOptions):
        register_bot("random", lambda game, seed: from_policy(policy))
    with pytest.raises(InvalidOptions, match="test-agent"):
        make_bot("nobody", grimoire.make("toy_race", 2))


@pytest.mark.parametrize("imports", ["import grimoire.envs", ""])
def test_a_policy_sees_the_environments_observation_in_a_fresh_process(imports: str) -> None:
    """docs/rl.md's snippet imports ``grimoire.envs`` (the package, not ``common``): that
    installs the default observation; with no import at all, the bot refuses to act and says
    which import it needs (the bots layer never imports the encoders above it). A fresh
    process, so nothing a test imported before helps."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    code = f"""
{imports}
import grimoire
from grimoire.bots import from_policy, make_bot
from grimoire.sim import play_game

game = grimoire.make("runika", 1)
seen = []
def policy(observation, mask):
    seen.append(observation.shape)
    return int(mask.nonzero()[0][0])
play_game(game, [from_policy(policy)], seed=3)
assert seen and set(seen) == {{(game.observation_encoder().size,)}}, seen
"""
    src = str(Path(__file__).resolve().parents[2] / "src")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([src, os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300
    )
    if imports:
        assert done.returncode == 0, done.stderr
    else:
        assert done.returncode != 0 and "import grimoire.envs" in done.stderr, done.stderr
