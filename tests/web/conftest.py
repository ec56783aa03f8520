"""Fixtures of the web tests: the test-only Toy game, an in-process app client."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web tests need the [web] extra")

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fastapi.testclient import TestClient

import grimoire.registry
from grimoire.web import create_app


@pytest.fixture(autouse=True)
def toy_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the test-only Toy game (tests/web/web_toygame.py) for every web test."""
    monkeypatch.setitem(grimoire.registry.BUILTIN, "toy", "web_toygame:ToyGame")
    monkeypatch.setitem(grimoire.registry.BUILTIN, "toy-plain", "web_toygame:PlainToyGame")
    monkeypatch.setitem(grimoire.registry.BUILTIN, "toy-drawn", "web_toygame:DrawnToyGame")


@pytest.fixture
def database_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'grimoire.db'}"


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    """The app in-process, on a fresh SQLite file, with bots that move at once."""
    with TestClient(create_app(database_url, bot_delay=0)) as test_client:
        yield test_client
