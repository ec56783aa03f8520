"""The observation and action layout of every environment, pinned to its version.

A model trained on ``grimoire/Ciub-v1`` reads its input by position: slot 17 must mean the same
thing for as long as the id says ``v1``. ``layout(game, players)`` describes everything such a
model depends on, for one game at one player count (default options): the spaces of the
Gymnasium and PettingZoo environments (type, shape, dtype, the bounds' bytes, the action
count), the encoder (its class, its own ``version``, its blocks' names, offsets and shapes, and
the bytes of its static slots) and the action ids (each id's kind and fields, as the tables
in docs/actions/ give them; not the English text, which is for people: a seat's text counting
from 1 is no new layout). ``digest`` hashes it.

``tests/envs/env_layouts.json`` records the digest of every game at every player count with
``common.ENV_VERSION``; ``tests/envs/test_env_layouts.py`` fails when a layout changed under the
same version. After a change: bump ``ENV_VERSION`` (src/grimoire/envs/common.py), then
``python scripts/env_layouts.py`` writes the record again (it refuses to record a changed
layout under the version it was recorded with).
"""

from __future__ import annotations

import hashlib
import json
from array import array
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np

import grimoire
from grimoire.envs import common
from grimoire.envs.actions import _rows as action_rows
from grimoire.envs.observation import GameEncoder, ViewEncoder
from grimoire.registry import BUILTIN

RECORD_SCRIPT = "scripts/env_layouts.py"


def _space(space: gymnasium.spaces.Space[Any]) -> dict[str, Any]:
    if isinstance(space, gymnasium.spaces.Dict):
        return {"Dict": {key: _space(sub) for key, sub in sorted(space.spaces.items())}}
    if isinstance(space, gymnasium.spaces.Discrete):
        return {"Discrete": int(space.n), "start": int(space.start)}
    if isinstance(space, gymnasium.spaces.Box):
        return {
            "Box": list(space.shape),
            "dtype": str(space.dtype),
            "low": hashlib.sha256(np.ascontiguousarray(space.low).tobytes()).hexdigest(),
            "high": hashlib.sha256(np.ascontiguousarray(space.high).tobytes()).hexdigest(),
            "bounds": [float(np.min(space.low)), float(np.max(space.high))],
        }
    raise TypeError(f"no layout for a {type(space).__name__} space")


def _encoder(encoder: object) -> dict[str, Any]:
    if isinstance(encoder, GameEncoder):
        own = encoder.encoder
        template = array("f", bytes(4 * own.size))  # the slots every observation starts from
        own.write_static(template)
        return {
            "class": f"{type(own).__module__}.{type(own).__qualname__}",
            "version": own.version,
            "size": own.size,
            "blocks": [[block.name, block.offset, list(block.shape)] for block in own.blocks],
            "static": hashlib.sha256(template.tobytes()).hexdigest(),
        }
    if isinstance(encoder, ViewEncoder):
        fields = encoder.fields()
        return {"class": "generic", "size": encoder.size, "fields": [str(f) for f in fields]}
    raise TypeError(f"no layout for encoder {encoder!r}")


def layout(game: str, players: int) -> dict[str, Any]:
    """What a model trained on ``game`` at ``players`` seats (default options) depends on."""
    from grimoire.envs.gymnasium import GrimoireEnv
    from grimoire.envs.pettingzoo import GrimoireAECEnv

    unbounded: dict[str, Any] = {"max_episode_steps": None, "max_turn_steps": None}
    record: dict[str, Any] = {}
    for mode in common.OBSERVATIONS:
        gym = GrimoireEnv(game, players, observation=mode, **unbounded)
        aec = GrimoireAECEnv(game, players, observation=mode, **unbounded)
        agent = aec.possible_agents[0]
        record[f"gymnasium {mode}"] = {
            "observation": _space(gym.observation_space),
            "action": _space(gym.action_space),
        }
        record[f"pettingzoo {mode}"] = {
            "observation": _space(aec.observation_space(agent)),
            "action": _space(aec.action_space(agent)),
            "state": _space(aec.state_space),
        }
    made = grimoire.make(game, players)
    record["encoder"] = _encoder(gym._encoder)
    record["actions"] = {
        "count": made.num_actions,
        "table": hashlib.sha256(
            json.dumps([row[::2] for row in action_rows(made)], ensure_ascii=False).encode()
        ).hexdigest(),
    }
    return record


def digest(record: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()


def current() -> dict[str, dict[str, Any]]:
    """Every game that ships with grimoire (``registry.BUILTIN``) at every player count:
    ``"ciub 2p"`` -> a short summary and the digest of its ``layout``."""
    entries: dict[str, dict[str, Any]] = {}
    for name in sorted(BUILTIN):
        cls = grimoire.game_class(name)
        for players in range(cls.min_players, cls.max_players + 1):
            record = layout(name, players)
            entries[f"{name} {players}p"] = {
                "id": common.gym_id(name),
                "observation_size": record["encoder"]["size"],
                "num_actions": record["actions"]["count"],
                "encoder_version": record["encoder"].get("version"),
                "digest": digest(record),
            }
    return entries


def compare(recorded: dict[str, Any], now: dict[str, dict[str, Any]]) -> list[str]:
    """What is wrong with ``recorded`` (the committed record) against the layouts ``now``:
    empty if it is current. A layout changed under the recorded version is told to bump
    ``ENV_VERSION``; anything else (a new version, a game added) to record again."""
    problems = []
    version = recorded.get("env_version")
    entries: dict[str, Any] = recorded.get("layouts", {})
    if version == common.ENV_VERSION:
        changed = [
            key
            for key, entry in sorted(now.items())
            if key in entries and entries[key]["digest"] != entry["digest"]
        ]
        if changed:
            problems.append(
                f"the observation or action layout of {', '.join(changed)} changed, but "
                f"ENV_VERSION is still {version}: a model trained on the old layout would "
                "read the new one wrongly. Bump ENV_VERSION in src/grimoire/envs/common.py "
                f"(and the docs' ids), then regenerate the record: python {RECORD_SCRIPT}"
            )
    else:
        problems.append(
            f"the layouts were recorded for ENV_VERSION {version}, it is now "
            f"{common.ENV_VERSION}: regenerate the record: python {RECORD_SCRIPT}"
        )
    added = sorted(set(now) - set(entries))
    gone = sorted(set(entries) - set(now))
    if version == common.ENV_VERSION and (added or gone):
        problems.append(
            f"layouts not recorded: {added or 'none'}, recorded but gone: {gone or 'none'}: "
            f"regenerate the record: python {RECORD_SCRIPT}"
        )
    return problems


def write(path: Path, *, force: bool = False) -> list[str]:
    """Record the current layouts in ``path``. Refuses (returns the problems, writes nothing)
    when a recorded layout changed under the same ``ENV_VERSION``, unless ``force``."""
    now = current()
    if path.exists() and not force:
        recorded = json.loads(path.read_text(encoding="utf-8"))
        if recorded.get("env_version") == common.ENV_VERSION:
            problems = [text for text in compare(recorded, now) if "Bump" in text]
            if problems:
                return problems
    text = json.dumps({"env_version": common.ENV_VERSION, "layouts": now}, indent=1)
    path.write_text(text + "\n", encoding="utf-8")
    return []
