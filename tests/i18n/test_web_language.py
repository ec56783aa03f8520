"""The web pages in the browser's language (Accept-Language) or the one chosen in the page (the
``grimoire_lang`` cookie), and the rules panel's API."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="the web tests need the [web] extra")

from fastapi.testclient import TestClient
from tests.i18n.i18n_helpers import new_table


def test_a_german_browser_gets_the_lobby_in_german(client: TestClient) -> None:
    page = client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}).text
    assert '<html lang="de">' in page
    assert '<h1 id="create-title">Neues Spiel</h1>' in page and ">Spiel starten<" in page
    assert ">New game<" not in page and ">Start game<" not in page
    assert '"Du bist am Zug"' in page  # the scripts' catalogue


def test_the_cookie_beats_accept_language_and_unknown_ones_mean_english(client: TestClient) -> None:
    client.cookies.set("grimoire_lang", "ja")
    page = client.get("/", headers={"Accept-Language": "de"}).text
    assert '<html lang="ja">' in page and '<h1 id="create-title">新しいゲーム</h1>' in page
    client.cookies.set("grimoire_lang", "xx")
    page = client.get("/", headers={"Accept-Language": "fr-FR, es"}).text
    assert '<html lang="en">' in page and '<h1 id="create-title">New game</h1>' in page


def test_the_game_page_in_german_and_the_rules_of_the_current_step(client: TestClient) -> None:
    # the person starts: a bot's turn would move the step on while the test reads it
    game_id = new_table(client, "ciub", start_player=0)
    page = client.get(f"/games/{game_id}", headers={"Accept-Language": "de"}).text
    assert "Spielverlauf" in page and "Regeln zu diesem Schritt" in page
    rule = client.get(f"/api/games/{game_id}/rules").json()
    assert rule["document"] == "ciub.md" and rule["heading"] == "A turn"
    assert "**Phase 1**" in rule["text"]
    assert client.get("/api/games/nothing/rules").status_code == 404


def test_the_live_socket_speaks_the_language_the_page_names(client: TestClient) -> None:
    """A browser need not send Accept-Language with a WebSocket handshake (Chromium does not):
    the page names its language in the socket's address, and the updates come in it."""
    game_id = new_table(client, "ciub", start_player=0)
    with client.websocket_connect(f"/api/games/{game_id}/ws?lang=de") as socket:
        german = socket.receive_json()
    with client.websocket_connect(f"/api/games/{game_id}/ws") as socket:
        english = socket.receive_json()
    assert german["version"] == english["version"] and german["log"]
    logs = [[line["text"] for line in doc["log"]] for doc in (german, english)]
    assert logs[0] != logs[1]  # the same lines, in German to the German page
    state = client.get(f"/api/games/{game_id}/state").json()
    assert logs[1] == [line["text"] for line in state["log"]]
