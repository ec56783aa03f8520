"""The contract battery registers the toy games for each of its tests."""

from __future__ import annotations

import pytest
from tests.toys import register


@pytest.fixture(autouse=True)
def toys_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)
