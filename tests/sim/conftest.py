from __future__ import annotations

from collections.abc import Iterator

import pytest
from tests.sim.sim_toygames import TOY_GAMES

import grimoire.registry


@pytest.fixture(autouse=True)
def toy_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Register the test-only games for the duration of a test."""
    for name, target in TOY_GAMES.items():
        monkeypatch.setitem(grimoire.registry.REGISTERED, name, target)
    yield
