"""The environment tests run on every registered game and on the toys of tests/toys (a sealed
and a parallel simultaneous decision, hidden hands), registered for each test."""

from __future__ import annotations

import pytest
from tests.toys import register


@pytest.fixture(autouse=True)
def toys_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)
