"""Nothing lost: every change is committed before anyone hears of it, and a restarted server
(even one killed with SIGKILL mid-game) resumes every game exactly.

The tests taking ``any_database_url`` run on SQLite and on PostgreSQL (a throwaway cluster, see
conftest.py); the PostgreSQL runs skip where there is no PostgreSQL."""

from __future__ import annotations

import random
import threading
from functools import partial
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError
from web_helpers import FAST_CLIENT, ServerProcess, stored, wait_until

from grimoire.web import create_app, journal
from grimoire.web.store import Store


def api_state(http: httpx.Client, game_id: str, token: str | None = None) -> dict[str, Any]:
    headers = {"X-Seat-Token": token} if token else {}
    response = http.get(f"/api/games/{game_id}/state", headers=headers)
    assert response.status_code == 200, response.text
    return stored(response.json())


def state_json(client: TestClient, game_id: str, token: str) -> Any:
    return client.get(f"/api/games/{game_id}/state", headers={"X-Seat-Token": token}).json()


def play_random(
    http: httpx.Client, game_id: str, token: str, rng: random.Random, moves: int | None
) -> dict[str, Any]:
    """Play random legal actions for the token's seat (waiting for bots in between) until
    ``moves`` were played, or the game ends."""
    played = 0
    while moves is None or played < moves:
        payload = wait_until(
            lambda: api_state(http, game_id, token),
            lambda p: p["your_turn"] or p["status"] == "finished",
        )
        if payload["status"] == "finished":
            return payload
        action = rng.choice(payload["actions"])
        response = http.post(
            f"/api/games/{game_id}/actions",
            json={"version": payload["version"], "action": {"id": action["id"]}},
            headers={"X-Seat-Token": token},
        )
        assert response.status_code == 200, response.text
        played += 1
    return wait_until(
        lambda: api_state(http, game_id, token),
        lambda p: p["your_turn"] or p["status"] == "finished",
    )


def everything(http: httpx.Client, games: dict[str, dict[int, str]]) -> dict[str, Any]:
    """Every payload of every seat and of a spectator, plus the lobby lists."""
    seen: dict[str, Any] = {}
    for game_id, tokens in games.items():
        seen[f"{game_id}/spectator"] = api_state(http, game_id)
        for seat, token in tokens.items():
            seen[f"{game_id}/{seat}"] = api_state(http, game_id, token)
    seen["lobby"] = http.get("/api/games?status=open,running,finished").json()
    return seen


def test_a_killed_server_resumes_every_game_exactly(any_database_url: str) -> None:
    database = any_database_url
    # the test client plays as fast as the server answers: the rate limits out of its way
    server = ServerProcess(database, bot_delay=0.0, extra=FAST_CLIENT).start()
    rng = random.Random(7)
    try:
        with httpx.Client(base_url=server.url, timeout=20) as http:
            # a Ciúb game against two bots, some turns in
            created = http.post("/api/games", json={"game": "ciub", "players": 3}).json()
            ciub, ciub_token = created["state"]["id"], created["token"]
            play_random(http, ciub, ciub_token, rng, 25)
            # a Toy game between two people, one of whom has boosted (undoable) and undone it
            toy = http.post(
                "/api/games",
                json={"game": "toy", "seats": [{"kind": "person"}, {"kind": "person"}]},
            ).json()
            toy_id, toy0 = toy["state"]["id"], toy["token"]
            http.cookies.clear()
            toy1 = http.post(f"/api/games/{toy_id}/join", json={"seat": 1}).json()["token"]
            http.cookies.clear()
            tokens = {0: toy0, 1: toy1}
            mover = tokens[api_state(http, toy_id)["to_act"][0]]
            version = api_state(http, toy_id, mover)["version"]
            for path, body in [
                ("actions", {"version": version, "action": {"text": "boost"}}),
                ("undo", {"version": version + 1}),
                ("actions", {"version": version + 2, "action": {"text": "boost"}}),
            ]:
                response = http.post(
                    f"/api/games/{toy_id}/{path}", json=body, headers={"X-Seat-Token": mover}
                )
                assert response.status_code == 200, response.text
            # a Toy game still waiting for a player
            waiting = http.post(
                "/api/games",
                json={"game": "toy", "seats": [{"kind": "person"}, {"kind": "person"}]},
            ).json()
            http.cookies.clear()
            games = {
                ciub: {0: ciub_token},
                toy_id: tokens,
                waiting["state"]["id"]: {0: waiting["token"]},
            }
            before = everything(http, games)
        server.kill()
        server = ServerProcess(database, bot_delay=0.0, port=server.port, extra=FAST_CLIENT).start()
        with httpx.Client(base_url=server.url, timeout=20) as http:
            after = everything(http, games)
            for key in before:
                if isinstance(before[key], dict) and "view" in before[key]:
                    diff = {k for k in before[key] if before[key][k] != after[key].get(k)}
                    assert not diff, (key, {k: (before[key][k], after[key][k]) for k in diff})
            assert after == before
            # and the games go on: the undone-and-redone boost is still undoable
            undo = http.post(
                f"/api/games/{toy_id}/undo",
                json={"version": before[f"{toy_id}/spectator"]["version"]},
                headers={"X-Seat-Token": mover},
            )
            assert undo.status_code == 200, undo.text
            final = play_random(http, ciub, ciub_token, rng, None)
            assert final["status"] == "finished" and final["winners"]
    finally:
        server.kill()


def test_a_kill_during_bot_play_loses_nothing_anyone_was_told(any_database_url: str) -> None:
    """Bots play a game on their own while a WebSocket client records every version it is
    told about; after SIGKILL and a restart, the game holds at least that much, unchanged."""
    import json

    from websockets.sync.client import connect

    database = any_database_url
    server = ServerProcess(database, bot_delay=0.01).start()
    try:
        with httpx.Client(base_url=server.url, timeout=20) as http:
            body = {"game": "ciub", "players": 2, "join_seat": None}
            body["seats"] = [{"kind": "bot", "level": "random"}] * 2
            game_id = http.post("/api/games", json=body).json()["state"]["id"]
        heard: list[dict[str, Any]] = []
        with connect(f"ws://127.0.0.1:{server.port}/api/games/{game_id}/ws") as ws:
            while len(heard) < 30:
                heard.append(json.loads(ws.recv(timeout=20)))
        server.kill()
        last = heard[-1]
        server = ServerProcess(database, bot_delay=10.0, port=server.port).start()
        with httpx.Client(base_url=server.url, timeout=20) as http:
            now = api_state(http, game_id)
        assert now["version"] >= last["version"]
        assert now["log_length"] >= last["log_length"]
        # the entries told and still in the payload's window (the bots may have gone on for
        # more than a window's length before the kill) are unchanged...
        told = last["log"]
        kept = {entry["n"]: entry for entry in now["log"]}
        assert all(kept[entry["n"]] == entry for entry in told if entry["n"] in kept)
        # ...and so is the whole game as it was then: the replay shows the same window and view
        replayed = httpx.get(
            f"{server.url}/api/games/{game_id}/replay?step={last['log_length']}"
        ).json()
        assert replayed["log"] == told
        assert replayed["view"] == last["view"]
    finally:
        server.kill()


def submit(
    url: str,
    game_id: str,
    token: str,
    version: int,
    action: dict[str, Any],
    barrier: threading.Barrier,
    results: list[httpx.Response],
) -> None:
    """Post one action once both threads are ready (each on its own connection)."""
    with httpx.Client(base_url=url, timeout=20) as own:
        barrier.wait()
        results.append(
            own.post(
                f"/api/games/{game_id}/actions",
                json={"version": version, "action": {"id": action["id"]}},
                headers={"X-Seat-Token": token},
            )
        )


def test_two_submissions_on_one_version_one_applies_one_gets_409(any_database_url: str) -> None:
    server = ServerProcess(any_database_url).start()
    try:
        with httpx.Client(base_url=server.url, timeout=20) as http:
            body = {"game": "toy", "seats": [{"kind": "person"}, {"kind": "person"}]}
            created = http.post("/api/games", json=body).json()
            game_id = created["state"]["id"]
            http.cookies.clear()
            tokens = {
                0: created["token"],
                1: http.post(f"/api/games/{game_id}/join", json={"seat": 1}).json()["token"],
            }
            http.cookies.clear()
            for _round in range(8):
                spectator = api_state(http, game_id)
                if spectator["status"] != "running":
                    break
                token = tokens[spectator["to_act"][0]]
                payload = api_state(http, game_id, token)
                choices = payload["actions"][:2] if len(payload["actions"]) > 1 else []
                if not choices:
                    break
                results: list[httpx.Response] = []
                barrier = threading.Barrier(2)
                threads = [
                    threading.Thread(
                        target=submit,
                        args=(server.url, game_id, token, payload["version"], a, barrier, results),
                    )
                    for a in choices
                ]
                for thread in threads:
                    thread.start()
                for thread in threads:
                    thread.join()
                codes = sorted(response.status_code for response in results)
                assert codes == [200, 409], [r.text for r in results]
                winner = next(r for r in results if r.status_code == 200).json()
                loser = next(r for r in results if r.status_code == 409).json()
                assert "state" in loser, loser  # a stale version, not another writer
                assert loser["state"]["version"] == winner["version"]
                assert api_state(http, game_id, token) == stored(winner)
    finally:
        server.kill()


# ----------------------------------------------------------------------------- in-process
def test_a_failed_commit_changes_nothing_and_tells_nobody(
    any_database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(create_app(any_database_url, bot_delay=0)) as client:
        failed_commit_changes_nothing(client, monkeypatch)


def failed_commit_changes_nothing(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    created = client.post(
        "/api/games", json={"game": "toy", "players": 2, "seats": [{"kind": "person"}] * 2}
    ).json()
    game_id, token0 = created["state"]["id"], created["token"]
    client.cookies.clear()
    token1 = client.post(f"/api/games/{game_id}/join", json={"seat": 1}).json()["token"]
    client.cookies.clear()
    tokens = {0: token0, 1: token1}
    seat = client.get(f"/api/games/{game_id}/state").json()["to_act"][0]
    headers = {"X-Seat-Token": tokens[seat]}
    before = stored(client.get(f"/api/games/{game_id}/state", headers=headers).json())

    def broken(self: Store, change: Any) -> None:
        raise OperationalError("INSERT", {}, Exception("disk I/O error"))

    with client.websocket_connect(f"/api/games/{game_id}/ws", headers=headers) as ws:
        assert stored(ws.receive_json()) == before
        monkeypatch.setattr(Store, "append", broken)
        response = client.post(
            f"/api/games/{game_id}/actions",
            json={"version": before["version"], "action": {"text": "boost"}},
            headers=headers,
        )
        assert response.status_code == 503
        assert "could not be saved" in response.json()["detail"]
        assert stored(client.get(f"/api/games/{game_id}/state", headers=headers).json()) == before
        monkeypatch.undo()
        ok = client.post(
            f"/api/games/{game_id}/actions",
            json={"version": before["version"], "action": {"text": "boost"}},
            headers=headers,
        )
        assert ok.status_code == 200
        pushed = ws.receive_json()  # the first thing this listener hears is the real change
        assert pushed["version"] == before["version"] + 1 == ok.json()["version"]


@pytest.mark.parametrize("snapshot_every", [3, 1000])
def test_rebuild_from_snapshots_and_log_gives_the_same_payloads(
    any_database_url: str, monkeypatch: pytest.MonkeyPatch, snapshot_every: int
) -> None:
    """With snapshots every 3 entries (so undo leaves stale ones behind) or none but the first."""
    monkeypatch.setattr(journal, "SNAPSHOT_EVERY", snapshot_every)
    rng = random.Random(snapshot_every)
    seen: dict[str, Any] = {}
    games: dict[str, dict[int, str]] = {}
    with TestClient(create_app(any_database_url, bot_delay=0)) as client:
        for game, players in (("ciub", 2), ("toy", 3)):
            created = client.post("/api/games", json={"game": game, "players": players}).json()
            game_id, token = created["state"]["id"], created["token"]
            client.cookies.clear()
            games[game_id] = {0: token}
            for move in range(41):
                # wait for the bots: on seat 0's turn alone (or at the end) nothing moves by
                # itself, so the restarted app, whose bots carry on, must show this same state
                payload = wait_until(
                    partial(state_json, client, game_id, token),
                    lambda p: p["to_act"] == [0] or p["status"] == "finished",
                )
                if payload["status"] == "finished" or move == 40:
                    break
                if payload["can_undo"] and rng.random() < 0.3:
                    path, body = "undo", {"version": payload["version"]}
                else:
                    action = rng.choice(payload["actions"])
                    path = "actions"
                    body = {"version": payload["version"], "action": {"id": action["id"]}}
                response = client.post(
                    f"/api/games/{game_id}/{path}", json=body, headers={"X-Seat-Token": token}
                )
                assert response.status_code == 200, response.text
            seen[game_id] = [
                api_state(client, game_id, token),
                api_state(client, game_id),
            ]
    with TestClient(create_app(any_database_url, bot_delay=0)) as client:
        for game_id, tokens in games.items():
            again = [
                api_state(client, game_id, tokens[0]),
                api_state(client, game_id),
            ]
            assert again == seen[game_id]


def test_the_schema_comes_from_the_migrations(any_database_url: str) -> None:
    """On an empty database the migrations build exactly the schema the models declare."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from grimoire.web.store import Base, make_engine

    with TestClient(create_app(any_database_url, bot_delay=0)):
        pass
    engine = make_engine(any_database_url)
    with engine.connect() as connection:
        context = MigrationContext.configure(connection)
        assert context.get_current_revision() == "0007"
        assert compare_metadata(context, Base.metadata) == []
    engine.dispose()


def one_move(http: Any, game_id: str, tokens: dict[int, str]) -> dict[str, Any]:
    """The first legal action of the seat to act."""
    seat = api_state(http, game_id)["to_act"][0]
    payload = api_state(http, game_id, tokens[seat])
    response = http.post(
        f"/api/games/{game_id}/actions",
        json={"version": payload["version"], "action": {"id": payload["actions"][0]["id"]}},
        headers={"X-Seat-Token": tokens[seat]},
    )
    assert response.status_code == 200, response.text
    return dict(response.json())


def test_games_saved_before_the_clocks_migration_play_on(
    any_database_url: str, tmp_path: Any
) -> None:
    """A database at revision 0001 (before tables and clocks) with a game in it: the server
    upgrades it at start and the game goes on exactly, listed, open to anyone, without clock."""
    import sqlalchemy as sa
    from alembic import command
    from alembic.config import Config

    from grimoire.web.store import make_engine

    source = f"sqlite:///{tmp_path / 'source.db'}"
    with TestClient(create_app(source, bot_delay=0)) as client:
        created = client.post(
            "/api/games", json={"game": "toy", "seats": [{"kind": "person"}] * 2}
        ).json()
        game_id, token0 = created["state"]["id"], created["token"]
        client.cookies.clear()
        token1 = client.post(f"/api/games/{game_id}/join", json={"seat": 1}).json()["token"]
        client.cookies.clear()
        tokens = {0: token0, 1: token1}
        one_move(client, game_id, tokens)
        before = everything(client, {game_id: tokens})

    old = make_engine(any_database_url)
    config = Config()
    config.set_main_option("script_location", "grimoire.web:migrations")
    with old.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
    copy_from = make_engine(source)
    with copy_from.connect() as read, old.begin() as write:
        for table in ("games", "seats", "log", "snapshots"):
            columns = [c["name"] for c in sa.inspect(write).get_columns(table)]
            rows = read.execute(sa.text(f"SELECT {', '.join(columns)} FROM {table}")).mappings()
            target = sa.table(table, *[sa.column(name) for name in columns])
            for row in rows:
                write.execute(sa.insert(target).values(**dict(row)))
    copy_from.dispose()
    old.dispose()

    with TestClient(create_app(any_database_url, bot_delay=0)) as client:
        assert everything(client, {game_id: tokens}) == before  # seats and log all there
        summary = client.get(f"/api/games/{game_id}").json()
        assert summary["private"] is False and summary["join"] == "anyone"
        assert summary["clock"] is None and summary["hints"] is False
        assert one_move(client, game_id, tokens)["version"] > before[f"{game_id}/0"]["version"]
