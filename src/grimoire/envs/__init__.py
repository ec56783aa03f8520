"""Reinforcement-learning and research interfaces (docs/rl.md).

- ``grimoire.envs.pettingzoo``: PettingZoo AEC environments, every seat an agent (extra ``rl``);
- ``grimoire.envs.gymnasium``: Gymnasium environments of one seat against bots, registered as
  ``grimoire/<Game>-v1`` when imported (extra ``rl``);
- ``grimoire.envs.openspiel``: OpenSpiel Python games ``grimoire_<name>`` (extra ``openspiel``);
- ``grimoire.envs.observation``: the fixed-size observation tensors, built from views only.

``register()`` registers every game with Gymnasium and, where it is installed, OpenSpiel.
Nothing here is imported by ``import grimoire``: the extras stay optional.

Importing this package (``import grimoire.envs``) installs the environments' observation and
mask as ``grimoire.bots.from_policy``'s default (``common.policy_adapter``; the bots layer
cannot import the encoders), so a trained policy can be seated without making an environment
first. Without numpy (the ``rl`` extra) nothing is installed and ``from_policy`` says so.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

with contextlib.suppress(ImportError):  # no numpy: the rl extra is not installed
    from grimoire.envs import common as _common  # noqa: F401 - installs from_policy's default


def register(games: Sequence[str] | None = None) -> dict[str, list[str]]:
    """Register ``games`` (default: every registered game) with Gymnasium and OpenSpiel (each
    if installed); returns the names registered, by library."""
    names: dict[str, list[str]] = {}
    try:
        from grimoire.envs import gymnasium as gymnasium_envs
    except ImportError:
        pass
    else:
        names["gymnasium"] = gymnasium_envs.register(games)
    try:
        from grimoire.envs import openspiel as openspiel_envs
    except ImportError:
        pass
    else:
        names["openspiel"] = openspiel_envs.register(games)
    return names


__all__ = ["register"]
