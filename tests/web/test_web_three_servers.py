"""Three real server processes on one PostgreSQL database (issue 24): identical concurrent
actions through different processes, and a game played on while processes are killed.

The processes are started by the test (tests/web/serve_for_tests.py, the toy games registered),
on a fresh database of the session's throwaway cluster; marked ``postgres``."""

from __future__ import annotations

import concurrent.futures
from collections.abc import Iterator
from functools import partial
from typing import Any

import httpx
import pytest
from pg_server import PostgresCluster
from web_helpers import ServerProcess, wait_until

pytestmark = pytest.mark.postgres


@pytest.fixture
def three(postgres_cluster: PostgresCluster) -> Iterator[list[ServerProcess]]:
    url = postgres_cluster.create_database()
    ServerProcess(url, extra=["--clock-tick", "0.2"]).start().stop()  # migrate once, first
    servers = [ServerProcess(url, 0.05, extra=["--clock-tick", "0.2"]) for _ in range(3)]
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        list(pool.map(lambda server: server.start(), servers))
    try:
        yield servers
    finally:
        for server in servers:
            server.stop()


def get(server: ServerProcess, path: str, token: str | None = None) -> dict[str, Any]:
    headers = {"X-Seat-Token": token} if token else {}
    response = httpx.get(server.url + path, headers=headers, timeout=30)
    assert response.status_code == 200, response.text
    return dict(response.json())


def act(server: ServerProcess, game_id: str, token: str, version: int, action: int) -> Any:
    return httpx.post(
        f"{server.url}/api/games/{game_id}/actions",
        json={"version": version, "action": {"id": action}},
        headers={"X-Seat-Token": token},
        timeout=30,
    )


def test_identical_actions_at_once_and_kills_mid_game(three: list[ServerProcess]) -> None:
    a, b, c = three
    created = httpx.post(
        a.url + "/api/games",
        json={"game": "toy", "players": 3, "seats": [{}, {}, {"kind": "bot"}]},
        timeout=30,
    ).json()
    game_id, tokens = created["state"]["id"], {0: created["token"]}
    tokens[1] = httpx.post(
        f"{b.url}/api/games/{game_id}/join", json={"seat": 1}, timeout=30
    ).json()["token"]

    # 20 identical actions at once, through the three processes: exactly one is accepted
    payload = get(c, f"/api/games/{game_id}/state", tokens[0])
    assert payload["your_turn"]
    action = payload["actions"][0]["id"]
    with concurrent.futures.ThreadPoolExecutor(20) as pool:
        answers = list(
            pool.map(
                lambda n: act(three[n % 3], game_id, tokens[0], payload["version"], action),
                range(20),
            )
        )
    codes = sorted(answer.status_code for answer in answers)
    assert codes == [200] + [409] * 19, codes
    acknowledged = [(0, answers[[x.status_code for x in answers].index(200)].json())]

    # play on through whichever processes live; kill -9 one process twice mid-game
    alive = [a, b, c]
    turn = 0
    while True:
        server = alive[turn % len(alive)]
        turn += 1
        state = wait_until(
            partial(get, server, f"/api/games/{game_id}/state"),
            lambda p: p["status"] == "finished" or any(seat in (0, 1) for seat in p["to_act"]),
        )
        if state["status"] == "finished":
            break
        seat = next(seat for seat in state["to_act"] if seat in (0, 1))
        mine = get(server, f"/api/games/{game_id}/state", tokens[seat])
        answer = act(server, game_id, tokens[seat], mine["version"], mine["actions"][-1]["id"])
        if answer.status_code == 409:  # the bot moved between the two reads
            continue
        assert answer.status_code == 200, answer.text
        acknowledged.append((seat, answer.json()))
        if len(acknowledged) in (3, 7) and len(alive) > 1:
            alive.pop(0).kill()  # the first one holds the duties lease the first time
    final = get(alive[0], f"/api/games/{game_id}/state", tokens[0])
    assert final["status"] == "finished" and len(acknowledged) >= 8
    # the bot kept moving after each kill: it has played as many cards as the people
    assert len(set(map(len, final["view"]["played"]))) == 1
    # no acknowledged move lost: the record replays to each acknowledged state, and the last
    for seat, seen in acknowledged:
        step = seen["log_length"]
        again = get(alive[0], f"/api/games/{game_id}/replay?step={step}", tokens[seat])
        assert again["view"] == seen["view"], (seat, step)
    end = get(alive[0], f"/api/games/{game_id}/replay?step={final['log_length']}", tokens[0])
    assert end["view"] == final["view"]
