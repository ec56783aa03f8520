"""The rule behind every move on the web: the payload carries what each of the viewer's legal
actions would do (``Game.explain``), for that viewer only; ``GET /api/games/{id}/explain`` says
it for an action named by id, text or a piece's fields, or which rule refuses it
(``why_illegal``), for the caller's seat and in its page's language; the end of a game carries
where each seat's points came from (``Game.score_breakdown``)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from web_helpers import wait_until


def ciub_table(client: TestClient) -> tuple[str, str]:
    """A running 2-seat Ciúb table: seat 0 a person (to play first), seat 1 a random bot."""
    body = {
        "game": "ciub",
        "players": 2,
        "name": "Ann",
        "options": {"start_player": 0},
        "seats": [{"kind": "person"}, {"kind": "bot", "level": "random"}],
    }
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    token = response.json()["token"]
    client.cookies.clear()
    return response.json()["state"]["id"], token


def payload(client: TestClient, game_id: str, token: str | None, lang: str = "en") -> Any:
    headers = {"Accept-Language": lang} | ({"X-Seat-Token": token} if token else {})
    return client.get(f"/api/games/{game_id}/state", headers=headers).json()


def explain(
    client: TestClient, game_id: str, token: str | None, query: str, lang: str = "en"
) -> Any:
    headers = {"Accept-Language": lang} | ({"X-Seat-Token": token} if token else {})
    response = client.get(f"/api/games/{game_id}/explain?{query}", headers=headers)
    assert response.status_code == 200, response.text
    return response.json()


def test_the_payload_explains_each_legal_action_to_its_viewer_only(client: TestClient) -> None:
    game_id, token = ciub_table(client)
    mine = payload(client, game_id, token)
    assert mine["your_turn"] and mine["actions"]
    for action in mine["actions"]:
        assert action["explain"] and action["explain"] != action["text"]
        assert "(rules: a turn, phase 1" in action["explain"]
    marks = [a for a in mine["actions"] if a["kind"] == "mark"]
    assert "puts your marker on card" in marks[0]["explain"]
    assert payload(client, game_id, None)["actions"] == []  # a spectator gets no actions at all
    german = payload(client, game_id, token, "de")
    assert all("(Regeln: ein Zug, Phase 1" in a["explain"] for a in german["actions"])


def test_explain_says_what_a_legal_action_does_and_why_another_is_refused(
    client: TestClient,
) -> None:
    game_id, token = ciub_table(client)
    mine = payload(client, game_id, token)
    legal = mine["actions"][0]
    said = explain(client, game_id, token, f"id={legal['id']}")
    assert said == {
        "action": {k: v for k, v in legal.items() if k != "explain"},
        "legal": True,
        "text": legal["explain"],
    }
    bottom = mine["view"]["bottom"][0]["id"]
    refused = explain(client, game_id, token, f"kind=claim&card={bottom}")
    assert refused["legal"] is False and refused["action"]["kind"] == "claim"
    assert "that is done in phase 3" in refused["text"]
    by_text = explain(client, game_id, token, f"text=claim {bottom}")
    assert by_text["text"] == refused["text"]
    # a piece's fields alone: the first kind legal now that has such a card
    piece = explain(client, game_id, token, f"card={bottom}")
    assert piece["action"]["card"] == bottom and piece["action"]["kind"] in ("mark", "remove")
    german = explain(client, game_id, token, f"kind=claim&card={bottom}", "de")
    assert "Phase 3" in german["text"] and "nicht möglich" in german["text"]
    unreadable = explain(client, game_id, token, "text=fly away")
    assert unreadable["legal"] is False and "cannot read" in unreadable["text"]
    # a piece no legal action uses (a supply die in phase 1): the rule that refuses its action
    supply = explain(client, game_id, token, "colour=red")
    assert supply["legal"] is False and supply["action"]["kind"] in ("take", "pick", "swap")
    assert "that is done in phase" in supply["text"]
    nothing = {"action": None, "legal": False, "text": None}
    assert explain(client, game_id, None, f"id={legal['id']}") == nothing  # a spectator
    assert explain(client, game_id, token, "card=9999") == nothing  # no such piece
    assert explain(client, game_id, token, "id=abc") == nothing


def test_the_end_of_a_game_says_where_the_points_came_from(client: TestClient) -> None:
    body = {
        "game": "ciub",
        "players": 2,
        "options": {"length": "short"},
        "join_seat": None,
        "seats": [{"kind": "bot", "level": "random"}] * 2,
    }
    game_id = client.post("/api/games", json=body).json()["state"]["id"]
    done = wait_until(
        lambda: payload(client, game_id, None),
        lambda doc: doc["status"] == "finished",
        timeout=300,
    )
    rows = done["breakdown"]
    assert [row["seat"] for row in rows] == [0, 1]
    for row in rows:
        points = sum(p["points"] for p in row["parts"] if p["points"] is not None)
        assert points == row["total"] == done["scores"][row["seat"]]
        assert any("dice held" in p["what"] for p in row["parts"])
