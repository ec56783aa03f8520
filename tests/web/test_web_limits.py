"""Rate limits of reads and actions per client, and the documented statuses: malformed JSON is a
400 on every endpoint that takes a body, an unknown game's WebSocket closes with code 4404 on a
real server (the in-process client cannot tell a close before the handshake from one after)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
import websockets
from fastapi.testclient import TestClient
from web_helpers import ServerProcess

from grimoire.web import create_app
from grimoire.web.limits import Limits

TWO_PEOPLE = [{"kind": "person"}, {"kind": "person"}]


@pytest.fixture
def app_client(database_url: str) -> Iterator[TestClient]:
    """The app in-process with the default limits (not the environment's)."""
    with TestClient(create_app(database_url, bot_delay=0, limits=Limits())) as client:
        yield client


def two_people(client: TestClient) -> tuple[str, str, str]:
    """A running two-person Toy game: its id and the two seat tokens."""
    created = client.post("/api/games", json={"game": "toy", "seats": TWO_PEOPLE}).json()
    client.cookies.clear()
    game_id = created["state"]["id"]
    joined = client.post(f"/api/games/{game_id}/join", json={"seat": 1, "name": "Bea"}).json()
    client.cookies.clear()
    return game_id, created["token"], joined["token"]


def test_a_flood_of_reads_or_junk_actions_gets_429_and_others_play_on(
    app_client: TestClient,
) -> None:
    game_id, token0, token1 = two_people(app_client)
    state = f"/api/games/{game_id}/state"
    reads = [app_client.get(state, headers={"X-Seat-Token": token0}) for _ in range(1000)]
    statuses = [response.status_code for response in reads]
    limits = Limits()
    assert statuses[: limits.read_burst] == [200] * limits.read_burst  # a burst is welcome
    refused = [response for response in reads if response.status_code == 429]
    assert refused, "1,000 rapid reads were all answered"
    assert int(refused[0].headers["retry-after"]) >= 1
    assert "too many" in refused[0].json()["detail"]
    # another client (the other seat, a spectator) reads on; actions have their own budget
    assert app_client.get(state, headers={"X-Seat-Token": token1}).status_code == 200
    junk = {"version": 0, "action": {"text": "dance"}}
    url = f"/api/games/{game_id}/actions"
    answers = [
        app_client.post(url, json=junk, headers={"X-Seat-Token": token0}) for _ in range(1000)
    ]
    codes = [answer.status_code for answer in answers]
    assert set(codes[: limits.action_burst]) <= {409, 422}  # refused by the rules, not the limit
    assert 429 in codes, "1,000 rapid junk actions were all answered"
    assert int(answers[codes.index(429)].headers["retry-after"]) >= 1
    assert app_client.get(state).status_code == 200  # a spectator is another client


def test_made_up_tokens_share_their_address_budget() -> None:
    from grimoire.web.limits import RequestLimit, TooMany

    moment = [0.0]
    limits = Limits(read_burst=2, read_per_minute=60, address_share=3)
    limit = RequestLimit(lambda *args: None, limits, now=lambda: moment[0])  # type: ignore[arg-type]
    bucket = limit.addresses["read"]
    for _ in range(6):  # each made-up token is a new client, but one address
        bucket.take("10.0.0.1")
    with pytest.raises(TooMany) as refused:
        bucket.take("10.0.0.1")
    assert refused.value.retry_after == pytest.approx(1.0 / 3)
    moment[0] += 1.0  # three clients' refill a second
    bucket.take("10.0.0.1")


def test_a_whole_game_with_reads_between_moves_is_never_limited(app_client: TestClient) -> None:
    """A person's pace, far above it: the state read three times around every move."""
    game_id, *tokens = two_people(app_client)
    for _ in range(200):
        spectator = app_client.get(f"/api/games/{game_id}/state").json()
        if spectator["status"] == "finished":
            break
        seat = spectator["to_act"][0]
        headers = {"X-Seat-Token": tokens[seat]}
        payload: dict[str, Any] = app_client.get(
            f"/api/games/{game_id}/state", headers=headers
        ).json()
        assert app_client.get(f"/api/games/{game_id}/rules").status_code == 200
        action = payload["actions"][0]["id"]
        body = {"version": payload["version"], "action": {"id": action}}
        answer = app_client.post(f"/api/games/{game_id}/actions", json=body, headers=headers)
        assert answer.status_code == 200, answer.text
    assert spectator["status"] == "finished"


BODIES = [
    ("/api/games", None),
    ("/api/games/{id}/join", None),
    ("/api/games/{id}/leave", "token"),
    ("/api/games/{id}/seats/1/bot", "token"),
    ("/api/games/{id}/actions", "token"),
    ("/api/games/{id}/undo", "token"),
]


@pytest.mark.parametrize(("path", "auth"), BODIES, ids=[path for path, _ in BODIES])
def test_malformed_json_is_400_and_a_wrong_shape_is_422(
    app_client: TestClient, path: str, auth: str | None
) -> None:
    game_id, token0, _ = two_people(app_client)
    url = path.format(id=game_id)
    headers = {"content-type": "application/json"}
    if auth:
        headers["X-Seat-Token"] = token0
    before = app_client.get(f"/api/games/{game_id}/state").json()
    for junk in ('{"version": 1,', "not json", '{"a": 1} trailing', "\x00"):
        broken = app_client.post(url, content=junk, headers=headers)
        assert broken.status_code == 400, (junk, broken.text)
        assert broken.json()["detail"]
    shaped = app_client.post(url, json={"seat": "x", "version": "x", "game": 3}, headers=headers)
    assert shaped.status_code == 422, shaped.text
    assert app_client.get(f"/api/games/{game_id}/state").json() == before  # nothing changed


def test_an_unknown_games_websocket_closes_with_4404_on_a_real_server(database_url: str) -> None:
    server = ServerProcess(database_url).start()
    try:
        socket_url = server.url.replace("http://", "ws://") + "/api/games/nope/ws"

        async def close_code() -> int | None:
            async with websockets.connect(socket_url) as socket:
                with pytest.raises(websockets.ConnectionClosed):
                    await socket.recv()
                return socket.close_code

        assert asyncio.run(close_code()) == 4404
    finally:
        server.kill()
