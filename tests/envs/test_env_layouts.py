"""Each environment's observation and action layout is pinned to its version.

``env_layouts.json`` (beside this file) holds, with ``ENV_VERSION``, a digest of every game's
layout at every player count (``grimoire.envs.layouts``: the Gymnasium and PettingZoo spaces'
shapes, dtypes and bounds, the encoder's class, version, blocks and static slots, and the
action ids' table). A layout that changes while ``ENV_VERSION`` stays fails here with what to
do: bump ``ENV_VERSION``, then ``python scripts/env_layouts.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo, gymnasium) is not installed")

from grimoire.envs import common, layouts

RECORD = Path(__file__).with_name("env_layouts.json")


@pytest.fixture(scope="module")
def now() -> dict[str, dict[str, Any]]:
    return layouts.current()


def test_the_layouts_are_those_recorded_for_this_version(now: dict[str, dict[str, Any]]) -> None:
    recorded = json.loads(RECORD.read_text(encoding="utf-8"))
    problems = layouts.compare(recorded, now)
    assert not problems, "\n".join(problems)
    assert recorded["env_version"] == common.ENV_VERSION
    assert all(entry["id"].endswith(f"-v{common.ENV_VERSION}") for entry in now.values())


def test_a_changed_layout_without_a_bump_is_refused(
    now: dict[str, dict[str, Any]], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Change one game's layout (its encoder gains a slot) and the record no longer fits; the
    message says to bump ENV_VERSION and names the script; the script refuses to record it
    under the same version; with the version bumped the script records it."""
    from grimoire.envs.observation import GameEncoder

    original = layouts._encoder

    def grown(encoder: object) -> dict[str, Any]:
        record = original(encoder)
        if isinstance(encoder, GameEncoder) and encoder.encoder.game.name == "ciub":
            record["size"] += 1
            record["blocks"].append(["new", record["size"] - 1, [1]])
        return record

    record_file = tmp_path / "env_layouts.json"
    assert layouts.write(record_file) == []
    monkeypatch.setattr(layouts, "_encoder", grown)
    changed = layouts.current()
    problems = layouts.compare(json.loads(record_file.read_text(encoding="utf-8")), changed)
    assert len(problems) == 1
    assert "ciub 2p, ciub 3p, ciub 4p changed" in problems[0]
    assert "Bump ENV_VERSION" in problems[0] and layouts.RECORD_SCRIPT in problems[0]
    assert layouts.write(record_file) == problems  # refused: nothing written
    assert layouts.compare(json.loads(record_file.read_text(encoding="utf-8")), now) == []
    monkeypatch.setattr(common, "ENV_VERSION", common.ENV_VERSION + 1)
    assert layouts.write(record_file) == []  # bumped: recorded
    assert layouts.compare(json.loads(record_file.read_text(encoding="utf-8")), changed) == []
