"""The self-play league of examples/selfplay_league.py, briefly: imitation of the heuristic, a
DAgger round, a few hundred MaskablePPO steps against a pool of the learner's snapshots and the
heuristic over PettingZoo; the pool grows, the curve and the results are written, and the saved
model loads and plays whole games through ``grimoire.bots.from_policy``. The run that beats
the heuristic (docs/rl.md, "Self-play baseline") is far too long for CI."""

from __future__ import annotations

import csv
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

sb3_contrib = pytest.importorskip(
    "sb3_contrib", reason="the train extra (torch, sb3-contrib) is not installed"
)
torch = pytest.importorskip("torch", reason="the train extra (torch) is not installed")

import grimoire  # noqa: E402
from grimoire.bots import from_policy, make_bot  # noqa: E402
from grimoire.sim import play_game  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "selfplay_league", ROOT / "examples" / "selfplay_league.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("selfplay_league", module)  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def one_thread() -> Any:
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


def test_league_trains_grows_its_pool_and_plays_as_a_bot(tmp_path: Path, one_thread: Any) -> None:
    league = load_example()
    out, models = tmp_path / "results", tmp_path / "models"
    league.main(
        [
            "--setup", "fatal", "--steps", "512", "--seed", "3",
            "--bc-games", "3", "--bc-epochs", "1",
            "--dagger-rounds", "1", "--dagger-games", "3", "--dagger-epochs", "1",
            "--n-steps", "128", "--batch-size", "64", "--n-epochs", "1", "--width", "32",
            "--snapshot-every", "128", "--pool-size", "3",
            "--eval-every", "256", "--eval-games", "3", "--final-games", "3",
            "--out", str(out), "--models", str(models),
        ]
    )  # fmt: skip
    summary = json.loads((out / "fatal-3p.json").read_text())
    assert summary["steps"] >= 512
    # the starting policy, then a snapshot at every rollout from step 128: the pool grew, and
    # kept only the newest --pool-size of them
    assert summary["pool_added"] >= 4
    assert len(summary["pool_final"]) == 3
    assert summary["pool_final"] == sorted(summary["pool_final"])
    assert summary["league_games"]["heuristic"] > 0  # the scripted member took seats
    assert any(name.startswith("snapshot@") for name in summary["league_games"])
    assert [row["dagger_round"] for row in summary["imitation"][1:]] == [1]
    with open(out / "fatal-3p.csv") as handle:
        rows = list(csv.DictReader(handle))
    assert int(rows[0]["steps"]) == 0 and len(rows) >= 3
    for kind in ("heuristic", "random"):
        final = summary["final"][kind]
        assert final["games"] == 3 and 0.0 <= final["win_low"] <= final["win_high"] <= 1.0

    model = sb3_contrib.MaskablePPO.load(models / "fatal-3p.zip", device="cpu")
    game = grimoire.make("fatal", 3)
    for seed in (1, 2, 3):
        bots = [make_bot("heuristic", game, seed * 3 + s) for s in range(3)]
        bots[seed % 3] = from_policy(model, name="selfplay")
        result = play_game(game, bots, seed=seed, keep_record=False)
        assert result.bots[seed % 3] == "selfplay" and result.decisions > 0

    league.main(["--report", "--out", str(out)])
    assert (out / "fatal-3p.png").stat().st_size > 0
