"""GRIMOIRE_TEST_SEED (tests only): the web's tables are dealt the same in every run, so the
sweeps over pages and boards read the same positions each time."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web tests need the [web] extra")

from fastapi.testclient import TestClient

from grimoire.web import create_app


def _setup_lines(db: Path, seed: str | None, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    if seed is None:
        monkeypatch.delenv("GRIMOIRE_TEST_SEED", raising=False)
    else:
        monkeypatch.setenv("GRIMOIRE_TEST_SEED", seed)
    with TestClient(create_app(f"sqlite:///{db}", bot_delay=0.0)) as client:
        body = {"game": "runika", "players": 2, "join_seat": None}
        body["seats"] = [{"kind": "person"}, {"kind": "person"}]
        game_id = client.post("/api/games", json=body).json()["state"]["id"]
        log = client.get(f"/api/games/{game_id}/state").json()["log"]
        return [line["text"] for line in log]


def test_a_test_seed_deals_the_same_tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = _setup_lines(tmp_path / "a.db", "5", monkeypatch)
    assert first and first == _setup_lines(tmp_path / "b.db", "5", monkeypatch)
    assert first != _setup_lines(tmp_path / "c.db", "6", monkeypatch)
