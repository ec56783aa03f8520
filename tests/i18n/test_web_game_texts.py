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


def test_after_a_restart_log_lines_are_in_the_viewers_language_and_hide_the_same(
    tmp_path: Any,
) -> None:
    """The database keeps English texts only: a restarted server describes the lines again.
    Runika's secret runes: seat 0 reads its own rune's name in German ("du erhältst die geheime
    Rune ..."), only "Platz 1 erhält eine geheime Rune" of seat 1's; so does a spectator of
    both. Every viewer's log is the same, language by language, as before the restart."""
    from grimoire.web import create_app

    database = f"sqlite:///{tmp_path / 'games.db'}"
    body = {
        "game": "runika",
        "players": 2,
        "name": "Ann",
        "options": {"secret_runes": True, "first_player": 0},
        "seats": [{"kind": "person"}, {"kind": "bot", "level": "random"}],
    }
    views = {"seat 0": True, "spectator": False}

    def logs(client: TestClient, game_id: str, token: str) -> dict[str, list[str]]:
        seen = {}
        for who, seated in views.items():
            for lang in ("en", "de", "ja"):
                headers = {"Accept-Language": lang} | ({"X-Seat-Token": token} if seated else {})
                payload = client.get(f"/api/games/{game_id}/state", headers=headers).json()
                seen[f"{who}/{lang}"] = [line["text"] for line in payload["log"]]
        return seen

    with TestClient(create_app(database, bot_delay=0.0)) as client:
        created = client.post("/api/games", json=body).json()
        game_id, token = created["state"]["id"], created["token"]
        client.cookies.clear()  # the seat goes by its header only: the spectator has none
        before = logs(client, game_id, token)
    with TestClient(create_app(database, bot_delay=0.0)) as client:
        after = logs(client, game_id, token)
    assert after == before
    german = after["seat 0/de"]
    assert any(text.startswith("du erhältst die geheime Rune ") for text in german)
    assert "Platz 2 erhält eine geheime Rune" in german  # seat id 1, counted from 1
    assert "Platz 1 erhält eine geheime Rune" in after["spectator/de"]
    assert not any("du erhältst" in text for text in after["spectator/de"])
    assert "席2に秘密ルーンが配られる" in after["seat 0/ja"]
    assert "seat 2 is dealt a secret rune" in after["seat 0/en"]
    # seat 1's runes are named to nobody else: the three it was dealt are not in seat 0's log
    assert sum(text.startswith("du erhältst die geheime Rune ") for text in german) == 3


def test_after_a_restart_the_shown_tail_is_retold_from_a_replay(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A payload shows the last LOG_TAIL lines (here 4, so they start in the middle of the
    game and are retold from a replayed state): the same German lines as before the restart."""
    import time

    from grimoire.web import create_app, payloads

    monkeypatch.setattr(payloads, "LOG_TAIL", 4)
    database = f"sqlite:///{tmp_path / 'games.db'}"
    body = {"game": "ciub", "players": 2, "options": {"start_player": 0}}
    german = {"Accept-Language": "de"}
    with TestClient(create_app(database, bot_delay=0.0)) as client:
        created = client.post("/api/games", json=body).json()
        game_id, token = created["state"]["id"], created["token"]
        client.cookies.clear()
        headers = german | {"X-Seat-Token": token}
        url = f"/api/games/{game_id}"
        for _ in range(400):
            state = client.get(f"{url}/state", headers=headers).json()
            if (state["log_length"] >= 20 and state["your_turn"]) or state["terminal"]:
                break
            if state["your_turn"]:
                act = {"version": state["version"], "action": {"id": state["actions"][0]["id"]}}
                client.post(f"{url}/actions", json=act, headers=headers)
            else:
                time.sleep(0.02)
        assert state["log_length"] >= 20 and len(state["log"]) == 4
        spectator = client.get(f"{url}/state", headers=german).json()["log"]
    with TestClient(create_app(database, bot_delay=0.0)) as client:
        again = client.get(f"{url}/state", headers=headers).json()
        assert again["log"] == state["log"]
        assert client.get(f"{url}/state", headers=german).json()["log"] == spectator
        english = client.get(f"{url}/state", headers={"X-Seat-Token": token}).json()["log"]
    # the stored English lines are not what a German page reads (e.g. "W2 würfelt austauschen"
    # for "D2 rolls swap")
    assert all(e["text"] != g["text"] for e, g in zip(english, again["log"], strict=True))
    assert [line["n"] for line in again["log"]] == list(
        range(again["log_length"] - 4, again["log_length"])
    )
