"""The web app asks a game's capabilities: Minimal (tests/toys/minimal.py), which offers nothing
optional, is offered in the lobby with the ``easy`` level for its bots, plays to the end on the
generic page (no picture, no renderer, no aids), and a heuristic bot seat is refused."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from web_helpers import wait_until

NAME = "toy_minimal"


def state_of(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}/state", headers={"X-Seat-Token": token})
    assert response.status_code == 200, response.text
    doc: dict[str, Any] = response.json()
    return doc


def test_a_game_that_offers_nothing_optional_plays_on_the_generic_page(client: TestClient) -> None:
    games = client.get("/api/catalog").json()["games"]
    entry = next(game for game in games if game["name"] == NAME)
    assert entry["default_level"] == "easy" and entry["declared_options"] == []
    created = client.post("/api/games", json={"game": NAME, "players": 2})
    assert created.status_code == 201, created.text
    game_id, token = created.json()["state"]["id"], created.json()["token"]
    client.cookies.clear()
    payload = state_of(client, game_id, token)
    assert payload["seats"][1]["level"] == "easy"  # no heuristic: the default level searches
    assert payload["renderer"] is None and payload["svg"] is None and payload["aids"] == {}
    while True:
        payload = wait_until(
            lambda: state_of(client, game_id, token),
            lambda p: p["your_turn"] or p["status"] == "finished",
        )
        if payload["status"] == "finished":
            break
        move = payload["actions"][0]
        assert move["kind"] == "take"
        sent = client.post(
            f"/api/games/{game_id}/actions",
            json={"version": payload["version"], "action": {"id": move["id"]}},
            headers={"X-Seat-Token": token},
        )
        assert sent.is_success, sent.text
    assert payload["terminal"] and payload["winners"] and payload["view"]["pile"] == 0
    assert client.get(f"/api/games/{game_id}/svg").status_code == 404  # no picture
    refused = client.post(
        "/api/games",
        json={
            "game": NAME,
            "players": 2,
            "seats": [{"kind": "person"}, {"kind": "bot", "level": "heuristic"}],
        },
    )
    assert refused.status_code == 422 and "ships no heuristic bot" in refused.text
