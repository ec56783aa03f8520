"""Several server processes on one PostgreSQL database (grimoire.web.cluster): the database is
the authority for every table, whichever process is asked; SQLite serves one process only.

In-process apps here (two apps on one database are two server processes as far as the tables
go: each has its own rooms in memory); tests/web/test_web_three_servers.py runs real processes.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import ServerProcess, hub_of, portal_call, stored, wait_until

from grimoire.web import create_app


def state(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    headers = {"X-Seat-Token": token} if token else {}
    response = client.get(f"/api/games/{game_id}/state", headers=headers)
    assert response.status_code == 200, response.text
    return dict(response.json())


def move(client: TestClient, game_id: str, token: str, payload: dict[str, Any]) -> Any:
    return client.post(
        f"/api/games/{game_id}/actions",
        json={"version": payload["version"], "action": {"id": payload["actions"][0]["id"]}},
        headers={"X-Seat-Token": token},
    )


@pytest.fixture
def two_apps(postgres_url: str) -> Iterator[tuple[TestClient, TestClient]]:
    """Two apps (two processes' worth of rooms) on one fresh PostgreSQL database."""
    with (
        TestClient(create_app(postgres_url, bot_delay=0)) as first,
        TestClient(create_app(postgres_url, bot_delay=0)) as second,
    ):
        yield first, second


@pytest.mark.postgres
def test_any_process_serves_any_table_as_the_database_has_it(
    two_apps: tuple[TestClient, TestClient],
) -> None:
    """The issue's first finding: a table made on one process, joined through another; each
    then says the same, and moves through either are accepted at the latest version."""
    a, b = two_apps
    created = a.post("/api/games", json={"game": "toy", "players": 2, "seats": [{}, {}]})
    assert created.status_code == 201, created.text
    game_id, first = created.json()["state"]["id"], created.json()["token"]
    a.cookies.clear()
    assert state(a, game_id)["status"] == "open"  # A holds the room in memory now
    joined = b.post(f"/api/games/{game_id}/join", json={"seat": 1})
    assert joined.status_code == 200, joined.text
    second = joined.json()["token"]
    b.cookies.clear()
    tokens = {0: first, 1: second}
    assert stored(state(a, game_id, first)) == stored(state(b, game_id, first))
    assert state(a, game_id)["status"] == "running"
    for turn in range(6):  # alternate the process each move goes through
        client = (a, b)[turn % 2]
        seat = state(client, game_id)["to_act"][0]
        before = state(client, game_id, tokens[seat])
        answer = move(client, game_id, tokens[seat], before)
        assert answer.status_code == 200, answer.text
        other = (b, a)[turn % 2]
        assert stored(state(other, game_id, tokens[seat])) == stored(answer.json())
    # a stale version is refused on the process that did not see the move
    seat = state(a, game_id)["to_act"][0]
    old = state(a, game_id, tokens[seat])
    assert move(b, game_id, tokens[seat], old).status_code == 200
    late = move(a, game_id, tokens[seat], old)
    assert late.status_code == 409 and late.json()["state"]["version"] > old["version"]


@pytest.mark.postgres
def test_bots_move_once_whichever_process_holds_the_table(
    two_apps: tuple[TestClient, TestClient],
) -> None:
    """Both processes hold the room and kick its bot after each change: the table's lock and
    the version-checked write let exactly one of them move it each time; the record is one
    game's."""
    a, b = two_apps
    created = a.post("/api/games", json={"game": "toy", "players": 2})
    game_id, token = created.json()["state"]["id"], created.json()["token"]
    a.cookies.clear()
    state(b, game_id)  # B holds it too
    for turn in range(8):
        client = (a, b)[turn % 2]
        payload = wait_until(
            partial(state, client, game_id, token),
            lambda p: p["your_turn"] or p["status"] == "finished",
        )
        if payload["status"] == "finished":
            break
        assert move(client, game_id, token, payload).status_code == 200
    final_a = wait_until(
        lambda: state(a, game_id, token), lambda p: p["your_turn"] or p["status"] == "finished"
    )
    final_b = state(b, game_id, token)
    assert stored(final_a) == stored(final_b)
    replay = a.get(
        f"/api/games/{game_id}/replay",
        params={"step": final_a["log_length"]},
        headers={"X-Seat-Token": token},
    ).json()
    assert replay["view"] == final_a["view"]


def test_a_second_server_on_one_sqlite_file_is_refused_at_start(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'one.db'}"
    first = ServerProcess(url).start()
    try:
        with pytest.raises(RuntimeError) as refused:
            ServerProcess(url).start()
        assert "SQLite serves one process" in str(refused.value)
        assert f"pid {first.process.pid if first.process else '?'}" in str(refused.value)
    finally:
        first.stop()
    ServerProcess(url).start().stop()  # once the first is gone, another may serve the file


@pytest.mark.postgres
def test_a_move_on_one_process_reaches_listeners_on_another_with_their_own_payloads(
    two_apps: tuple[TestClient, TestClient],
) -> None:
    """LISTEN/NOTIFY: seat 1 and a spectator listen on B; seat 0 moves through A. Each of B's
    sockets gets its own payload of the new version: seat 1's equals what B answers seat 1,
    and nothing of seat 0's hand is in it."""
    a, b = two_apps
    created = a.post("/api/games", json={"game": "toy", "players": 2, "seats": [{}, {}]})
    game_id, first = created.json()["state"]["id"], created.json()["token"]
    a.cookies.clear()
    second = b.post(f"/api/games/{game_id}/join", json={"seat": 1}).json()["token"]
    b.cookies.clear()
    tokens = {0: first, 1: second}
    url = f"/api/games/{game_id}/ws"
    with (
        b.websocket_connect(url, headers={"X-Seat-Token": second}) as seat_one,
        b.websocket_connect(url) as spectator,
    ):
        version = seat_one.receive_json()["version"]
        spectator.receive_json()
        for _ in range(3):
            mover = state(a, game_id)["to_act"][0]
            before = state(a, game_id, tokens[mover])
            hidden = set(before["view"]["hand"])
            answer = move(a, game_id, tokens[mover], before)
            assert answer.status_code == 200, answer.text
            new = answer.json()["version"]
            pushed = seat_one.receive_json()
            while pushed["version"] < new:  # presence news may come first
                pushed = seat_one.receive_json()
            watched = spectator.receive_json()
            while watched["version"] < new:
                watched = spectator.receive_json()
            assert pushed["version"] == watched["version"] == new > version
            assert pushed["viewer"] == 1 and watched["viewer"] is None
            assert stored(pushed) == stored(state(b, game_id, second))
            if mover == 0:  # what seat 0 still holds is nowhere in seat 1's or a spectator's
                kept = hidden & set(answer.json()["view"]["hand"])
                for text in (str(pushed), str(watched)):
                    assert not [name for name in kept if name in text]
            version = new


@pytest.mark.postgres
def test_one_process_holds_the_duties_and_another_takes_them_over(postgres_url: str) -> None:
    """The duties lease (clocks, bot sweeps, absences): one holder at a time; when it stops,
    another takes it within a few ticks. Presence crosses processes: a page open at one is
    seen at the other."""
    from grimoire.web.limits import Limits

    def app() -> TestClient:
        return TestClient(create_app(postgres_url, bot_delay=0, limits=Limits(clock_tick=0.1)))

    b = app().__enter__()
    try:
        hub_b = hub_of(b)
        with app() as a:
            hub_a = hub_of(a)
            leaders = wait_until(
                lambda: {"a": hub_a.leader, "b": hub_b.leader},
                lambda r: r["a"] or r["b"],
                timeout=30,
            )
            assert not (leaders["a"] and leaders["b"])
            created = b.post("/api/games", json={"game": "toy", "players": 2, "seats": [{}, {}]})
            game_id, token = created.json()["state"]["id"], created.json()["token"]
            b.cookies.clear()
            state(a, game_id)
            with b.websocket_connect(f"/api/games/{game_id}/ws", headers={"X-Seat-Token": token}):
                wait_until(
                    lambda: {"seats": hub_a.rooms[game_id].present_seats()},
                    lambda r: r["seats"] == {0},
                    timeout=30,
                )
            if hub_b.leader:  # hand the lease over: B's notices connection is made again
                assert hub_b._notices is not None
                portal_call(b, hub_b._notices.stop)
                hub_b.leader = False
                wait_until(lambda: {"a": hub_a.leader}, lambda r: r["a"], timeout=30)
                return
        # A stopped (its connection closed): B takes the duties over
        wait_until(lambda: {"b": hub_b.leader}, lambda r: r["b"], timeout=30)
    finally:
        b.__exit__(None, None, None)


def test_readiness_and_metrics(client: TestClient) -> None:
    """``/readyz`` says the process may serve; ``/metrics`` counts an accepted action in the
    latency histogram, the open sockets and the running games."""
    ready = wait_until(lambda: client.get("/readyz").json(), lambda r: r["ready"], timeout=30)
    assert ready["problems"] == []
    created = client.post("/api/games", json={"game": "toy", "players": 2}).json()
    game_id, token = created["state"]["id"], created["token"]
    client.cookies.clear()
    payload = wait_until(lambda: state(client, game_id, token), lambda p: p["your_turn"])
    with client.websocket_connect(f"/api/games/{game_id}/ws"):
        assert move(client, game_id, token, payload).status_code == 200
        text = client.get("/metrics").text
    lines = dict(line.rsplit(" ", 1) for line in text.splitlines() if not line.startswith("#"))
    mine = {name.split("{")[0]: float(value) for name, value in lines.items() if "le=" not in name}
    assert mine["grimoire_actions_total"] == 1 == mine["grimoire_action_seconds_count"]
    assert mine["grimoire_open_sockets"] == 1 and mine["grimoire_games_running"] == 1
    inf = [float(v) for name, v in lines.items() if 'le="+Inf"' in name]
    assert inf == [1.0]
