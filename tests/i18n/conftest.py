"""The i18n tests leave the terminal's language as they found it (English); ``client`` is the web
app on a throwaway SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from grimoire.i18n import set_language


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    """The web app (a FastAPI TestClient); skips without the [web] extra."""
    pytest.importorskip("fastapi", reason="the web tests need the [web] extra")
    from fastapi.testclient import TestClient

    from grimoire.web import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0)) as client:
        yield client
