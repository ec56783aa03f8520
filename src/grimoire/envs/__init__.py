"""Reinforcement-learning and research interfaces (docs/rl.md).

- ``grimoire.envs.pettingzoo``: PettingZoo AEC environments, every seat an agent (extra ``rl``);
- ``grimoire.envs.gymnasium``: Gymnasium environments of one seat against bots, registered as
  ``grimoire/<Game>-v1`` when imported (extra ``rl``);
- ``grimoire.envs.openspiel``: OpenSpiel Python games ``grimoire_<name>`` (extra ``openspiel``);
- ``grimoire.envs.observation``: the fixed-size observation tensors, built from views only.

``register()`` registers every game with Gymnasium and, where it is installed, OpenSpiel.
Nothing here is imported by ``import grimoire``: the extras stay optional.
"""

from __future__ import annotations

from collections.abc import Sequence


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
