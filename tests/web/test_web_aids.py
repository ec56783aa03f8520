"""The game's aids to play in the web payload (``Game.aids``): Ciúb's odds beside the cards,
nothing for a game without aids."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient


def created(client: TestClient, game: str) -> dict[str, Any]:
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "level": "random"}]
    players = 3 if game == "fatal" else 2
    seats += [{"kind": "bot", "level": "random"}] * (players - 2)
    response = client.post("/api/games", json={"game": game, "players": players, "seats": seats})
    assert response.status_code == 201, response.text
    doc: dict[str, Any] = response.json()["state"]
    return doc


def test_ciub_payload_has_the_odds_of_the_cards_the_viewer_may_claim(client: TestClient) -> None:
    doc = created(client, "ciub")
    aids = doc["aids"]
    assert aids["seat"] == 0
    bottom = [card["id"] for card in doc["view"]["bottom"]]
    assert aids["cards"] and {row["card"] for row in aids["cards"]} <= set(bottom)
    for row in aids["cards"]:
        # seat 0 has not rolled yet this game: the first roll's chance, no turn chance
        assert row["turn"] is None
        assert 0 <= row["first_roll"] <= 1
    # a spectator sees the odds of the seat whose turn it is (all dice are face up)
    game_id = doc["id"]
    client.cookies.clear()
    watched = client.get(f"/api/games/{game_id}/state").json()
    assert watched["viewer"] is None
    assert watched["aids"]["seat"] == watched["view"]["turn"]


def test_a_game_without_aids_sends_none(client: TestClient) -> None:
    assert created(client, "fatal")["aids"] == {}


def test_every_level_the_catalogue_offers_can_sit_at_a_table(client: TestClient) -> None:
    """The lobby offers "hard"; the API refused every level but random and heuristic."""
    levels = client.get("/api/catalog").json()["bot_levels"]
    assert "hard" in levels
    for level in ("hard", "normal"):
        seats = [{"kind": "person"}, {"kind": "bot", "level": level}]
        response = client.post("/api/games", json={"game": "toy", "players": 2, "seats": seats})
        assert response.status_code == 201, response.text
    bad = [{"kind": "person"}, {"kind": "bot", "level": "godlike"}]
    response = client.post("/api/games", json={"game": "toy", "players": 2, "seats": bad})
    assert response.status_code == 422 and "godlike" in response.text
