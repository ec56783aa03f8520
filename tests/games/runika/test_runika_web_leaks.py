"""The web app shows nobody another seat's secret runes in Runika (secret runes with simultaneous
play): three people play through the HTTP API; after every action, every seat's and a
spectator's payload (state, and now and then the summary, the list and the replay) and its new
log lines are scanned for the ids and names of the runes dealt to another seat and not gained
yet, and for the seed. A count of payloads naming the viewer's own secrets shows the scan would
notice one."""

from __future__ import annotations

import json
import random
import re
import secrets as stdlib_secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web test needs the [web] extra")

from fastapi.testclient import TestClient

from grimoire.games.runika.state import RunikaState
from grimoire.web import create_app

SEED = 6_221_907_345_118_203  # fixed, so that the game the scan meets is the same every run
IDS = re.compile(r'"([a-z_]+)"')
PRIORITY = ("claim", "draft", "resolve", "enter", "professor", "done")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0)  # limits: tests/conftest.py
    with TestClient(app) as test_client:
        yield test_client


def secrets(state: RunikaState, viewer: int | None) -> set[str]:
    """Ids and names of the runes dealt to the other seats and not gained."""
    hidden = set()
    for seat in range(state.n):
        if seat == viewer:
            continue
        for rune, got in zip(state.secret[seat], state.secret_got[seat], strict=True):
            if not got:
                hidden |= {state.comp.runes[rune].id, state.comp.runes[rune].name}
    return hidden


def named(text: str, hidden: set[str]) -> set[str]:
    return {word for word in hidden if word in IDS.findall(text) or f" {word}" in text}


def check(doc: Any, state: RunikaState, viewer: int | None, seed: int, where: str) -> None:
    text = json.dumps(doc, ensure_ascii=False)
    assert str(seed) not in text, f"{where}: the seed leaked"
    assert '"position"' not in text and '"history"' not in text, where
    leaked = named(text, secrets(state, viewer))
    assert not leaked, f"{where} (viewer {viewer}) names {leaked}"


def test_no_payload_names_another_seats_secret_runes(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the web hub draws its seeds from the standard library's secrets module
    monkeypatch.setattr(stdlib_secrets, "randbits", lambda bits: SEED)
    rng = random.Random(4)
    created = client.post(
        "/api/games",
        json={
            "game": "runika",
            "players": 3,
            "options": {"secret_runes": True, "simultaneous": True, "goal": 15},
            "seats": [{"kind": "person"}] * 3,
        },
    )
    assert created.status_code == 201, created.text
    game_id = created.json()["state"]["id"]
    tokens = {0: created.json()["token"]}
    client.cookies.clear()
    for seat in (1, 2):
        joined = client.post(f"/api/games/{game_id}/join", json={"seat": seat})
        client.cookies.clear()
        tokens[seat] = joined.json()["token"]
    room = client.app.state.hub.rooms[game_id]  # type: ignore[attr-defined]
    viewers: list[int | None] = [0, 1, 2, None]

    def headers(viewer: int | None) -> dict[str, str]:
        return {"X-Seat-Token": tokens[viewer]} if viewer is not None else {}

    own = 0  # payloads naming the viewer's own secrets: what the scan looks for is there
    for actions in range(500):
        state = room.state
        assert isinstance(state, RunikaState)
        for viewer in viewers:
            payload = client.get(f"/api/games/{game_id}/state", headers=headers(viewer)).json()
            check(payload, state, viewer, room.seed, "state")
            if viewer == 0 and named(json.dumps(payload["view"]), secrets(state, 1)):
                own += 1
            if actions % 50 == 0:
                for url in (
                    f"/api/games/{game_id}",
                    "/api/games?status=open,running,finished",
                    f"/api/games/{game_id}/replay?step={len(state.history)}",
                ):
                    doc = client.get(url, headers=headers(viewer)).json()
                    check(doc, state, viewer, room.seed, url)
        if state.is_terminal():
            break
        seat = rng.choice(sorted(state.seats_to_act()))
        answer = client.get(f"/api/games/{game_id}/state", headers=headers(seat))
        assert answer.status_code == 200, answer.text
        payload = answer.json()
        by_kind = [a for kind in PRIORITY for a in payload["actions"] if a["kind"] == kind]
        action = by_kind[0] if by_kind and rng.random() < 0.8 else rng.choice(payload["actions"])
        response = client.post(
            f"/api/games/{game_id}/actions",
            json={"version": payload["version"], "action": {"id": action["id"]}},
            headers=headers(seat),
        )
        assert response.status_code == 200, response.text
        check(response.json(), room.state, seat, room.seed, "action response")
    assert own > 0
