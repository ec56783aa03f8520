"""The game's own texts on the web in the viewer's language: the payload's action labels, log
lines and view (built by Python) per viewer *and* language, and the game's catalogue for its
renderer on the game page."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web tests need the [web] extra")

from fastapi.testclient import TestClient
from tests.i18n.i18n_helpers import new_table


def _ciub(client: TestClient) -> str:
    return new_table(client, "ciub", start_player=0)


def _state(client: TestClient, game_id: str, lang: str) -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}/state", headers={"Accept-Language": lang})
    assert response.status_code == 200, response.text
    return dict(response.json())


def test_a_german_payload_carries_german_labels_log_lines_and_phase_help(
    client: TestClient,
) -> None:
    game_id = _ciub(client)
    german = _state(client, game_id, "de")
    assert german["your_turn"]
    labels = [action["text"] for action in german["actions"]]
    assert "passen" in labels and "pass" not in labels
    assert any(text.startswith("Marker auf ") for text in labels)
    log = [line["text"] for line in german["log"]]
    assert any(text.endswith("wird in die obere Reihe gelegt") for text in log)
    assert any("verdeckt aus dem Spiel genommen" in text for text in log)
    assert german["view"]["phase_help"].startswith("Phase 1:")


def test_the_same_seat_gets_each_language_it_asks_for_and_ids_do_not_change(
    client: TestClient,
) -> None:
    """A payload is cached per viewer and language: a German page never gets a Japanese or
    an English payload built for another page of the same seat."""
    game_id = _ciub(client)
    english = _state(client, game_id, "en")
    japanese = _state(client, game_id, "ja")
    german = _state(client, game_id, "de")
    assert [a["id"] for a in english["actions"]] == [a["id"] for a in german["actions"]]
    assert [a["id"] for a in english["actions"]] == [a["id"] for a in japanese["actions"]]
    assert english["actions"][0]["text"] == "pass"
    assert japanese["actions"][0]["text"] == "パス" and german["actions"][0]["text"] == "passen"
    assert english["log"][-1]["text"].endswith(" is dealt to the bottom row")
    assert japanese["log"][-1]["text"].endswith("が下段に配られる")


def test_a_played_action_is_logged_in_each_viewers_language(client: TestClient) -> None:
    game_id = _ciub(client)
    german = _state(client, game_id, "de")
    act = {"version": german["version"], "action": {"id": german["actions"][0]["id"]}}
    response = client.post(f"/api/games/{game_id}/actions", json=act)
    assert response.status_code == 200, response.text
    assert "passen" in [line["text"] for line in _state(client, game_id, "de")["log"]]
    assert "pass" in [line["text"] for line in _state(client, game_id, "en")["log"]]


def test_the_live_connection_speaks_the_language_of_its_page(client: TestClient) -> None:
    game_id = _ciub(client)
    headers = {"Accept-Language": "ja"}
    with client.websocket_connect(f"/api/games/{game_id}/ws", headers=headers) as ws:
        payload = json.loads(ws.receive_text())
    assert payload["actions"][0]["text"] == "パス"
    assert payload["log"][-1]["text"].endswith("が下段に配られる")


def test_the_game_page_carries_the_games_own_catalogue_for_its_renderer(
    client: TestClient,
) -> None:
    game_id = _ciub(client)
    page = client.get(f"/games/{game_id}", headers={"Accept-Language": "de"}).text
    start = page.index('<script id="i18n-game-catalogue" type="application/json">')
    text = page[start:].split(">", 1)[1].split("</script>", 1)[0]
    assert json.loads(text)["Top row"] == "Obere Reihe"
    english = client.get(f"/games/{game_id}", headers={"Accept-Language": "en"}).text
    assert '<script id="i18n-game-catalogue" type="application/json">{}</script>' in english
