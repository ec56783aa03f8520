"""The web hint (GET /api/games/{id}/hint): only at tables created with hints, only for the
seat to decide, every legal action ranked, and computed from the seat's own view alone."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.bots.test_search import decision, seat_of

from grimoire.web.hints import hint_doc

TWO_PEOPLE = [{"kind": "person"}, {"kind": "person"}]


def create(client: TestClient, **body: Any) -> tuple[dict[str, Any], str]:
    body.setdefault("game", "toy")
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    client.cookies.clear()
    data = response.json()
    return data["state"], data["token"]


def hint(client: TestClient, game_id: str, token: str | None) -> Any:
    headers = {"X-Seat-Token": token} if token else None
    return client.get(f"/api/games/{game_id}/hint", headers=headers)


def test_hints_default_on_against_bots_off_between_people(client: TestClient) -> None:
    against_bots, _ = create(client)
    assert against_bots["hints"] is True
    people, _ = create(client, seats=TWO_PEOPLE)
    assert people["hints"] is False
    chosen, _ = create(client, seats=TWO_PEOPLE, hints=True)
    assert chosen["hints"] is True
    refused, _ = create(client, hints=False)
    assert refused["hints"] is False
    listed = {g["id"]: g["hints"] for g in client.get("/api/games?status=open").json()["games"]}
    assert listed[people["id"]] is False and listed[chosen["id"]] is True


def test_no_hint_without_hints_or_seat(client: TestClient) -> None:
    state, token = create(client, hints=False)
    refused = hint(client, state["id"], token)
    assert refused.status_code == 403 and "without hints" in refused.json()["detail"]
    state, token = create(client)
    spectator = hint(client, state["id"], None)
    assert spectator.status_code == 403 and "spectator" in spectator.json()["detail"].lower()


def test_no_hint_when_it_is_not_your_decision(client: TestClient) -> None:
    state, token0 = create(client, seats=TWO_PEOPLE, hints=True)
    game_id = state["id"]
    joined = client.post(f"/api/games/{game_id}/join", json={"seat": 1})
    client.cookies.clear()
    token1 = joined.json()["token"]
    payload = client.get(f"/api/games/{game_id}/state", headers={"X-Seat-Token": token1}).json()
    waiting = token0 if 0 not in payload["to_act"] else token1
    assert hint(client, game_id, waiting).status_code == 409


def test_the_hint_ranks_every_legal_action(client: TestClient) -> None:
    state, token = create(client)
    game_id = state["id"]
    payload = client.get(f"/api/games/{game_id}/state", headers={"X-Seat-Token": token}).json()
    assert payload["your_turn"]
    response = hint(client, game_id, token)
    assert response.status_code == 200, response.text
    doc = response.json()
    assert doc["seat"] == payload["viewer"]
    assert sorted(row["action"]["id"] for row in doc["actions"]) == sorted(
        action["id"] for action in payload["actions"]
    )
    chances = [row["win_chance"] for row in doc["actions"]]
    assert chances == sorted(chances, reverse=True)
    assert all(0.0 <= c <= 1.0 for c in chances)
    assert hint(client, game_id, token).json() == doc  # deterministic
    best = doc["actions"][0]["action"]  # as in the payload's actions: played by its id
    listed = {action["id"]: action for action in payload["actions"]}
    assert best.items() <= listed[best["id"]].items()  # the payload adds its explanation
    played = client.post(
        f"/api/games/{game_id}/actions",
        json={"version": payload["version"], "action": {"id": best["id"]}},
        headers={"X-Seat-Token": token},
    )
    assert played.status_code == 200, played.text


@pytest.mark.parametrize("seed", [4, 7])
def test_a_hint_reads_nothing_its_seat_cannot_see(seed: int) -> None:
    """Two F.A.T.A.L. truths the seat cannot tell apart give the same hint, number for number."""
    state = decision("fatal", 3, seed=seed)
    seat = seat_of(state)
    one, other = state.for_seat(seat, 1), state.for_seat(seat, 2)
    assert one.view(seat) == other.view(seat)
    assert one.to_json() != other.to_json()  # the secret really differs
    assert hint_doc(one, seat, 5, iterations=60) == hint_doc(other, seat, 5, iterations=60)
