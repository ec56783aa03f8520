"""The web app on PostgreSQL: what SQLite does not show.

Most of the PostgreSQL coverage is the existing tests run twice (the ``any_database_url``
fixture in conftest.py): every in-process API and leak test, the migrations on an empty
database against the models (test_web_persistence.py), a game rebuilt exactly from log and
snapshots after an app restart, a killed server resuming every game, two submissions on one
version. This file adds what is particular to a server database: rows locked by a concurrent
transaction, connections the server drops, and values a SQLite file would take but PostgreSQL
refuses. The databases are fresh ones in a throwaway cluster on a loopback port (pg_server.py);
without PostgreSQL or psycopg these tests skip.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import threading
import time

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text, update
from web_helpers import stored, wait_until

from grimoire.web import create_app
from grimoire.web.store import (
    RUNNING,
    Change,
    GameRow,
    Seat,
    Store,
    StoredGame,
    VersionConflict,
    make_engine,
    migrate,
)


def stored_game(game_id: str = "g1") -> StoredGame:
    """A game record with values at the edges of what the columns hold."""
    now = dt.datetime(2025, 3, 1, 12, 30, 45, 123456)
    return StoredGame(
        id=game_id,
        game="toy",
        title="Toy — ünïcode title",
        players=2,
        options={"rounds": 3, "colour": "blue", "fast": True, "a-late-key": [1, 2.5]},
        seed=2**63 - 1,  # secrets.randbits(63) may give this: BIGINT's maximum
        status=RUNNING,
        version=0,
        scores=[1.5, -2.0],
        winners=[0],
        created_at=now,
        updated_at=now,
        seats=[
            Seat(0, "person", None, "Ana ✨", "a" * 64),
            Seat(1, "bot", "heuristic", "B" * 64),
        ],
    )


def test_a_stored_game_comes_back_exactly(any_database_url: str) -> None:
    """Big seed, JSON key order and floats, non-ASCII text, microseconds, full-length strings."""
    engine = make_engine(any_database_url)
    migrate(engine)
    migrate(engine)  # a second start migrates nothing
    store = Store(engine)
    game = stored_game()
    texts = ["you are dealt Ember", "seat 0 is dealt a card ‘x’", "spectators: a card"]
    store.create_game(game, [("chance", -1, 3, 0, texts)], (1, '{"history": [[-1, 3]]}'))
    store.append(
        Change(
            game.id,
            1,
            [("act", 0, 13, 1, ["boost"] * 3), ("undo", 0, 13, 1, None)],
            RUNNING,
            [2.25, 0.0],
            [],
        )
    )
    loaded = store.load(game.id)
    assert loaded is not None
    expected = dataclasses.replace(game, version=3, scores=[2.25, 0.0], winners=[], revision=1)
    assert dataclasses.replace(loaded, log=[], snapshots=[], updated_at=game.updated_at) == expected
    assert list(loaded.options) == list(game.options)  # stored as json, not jsonb: order kept
    assert [(item.seq, item.kind, item.texts) for item in loaded.log] == [
        (1, "chance", texts),
        (2, "act", ["boost"] * 3),
        (3, "undo", None),
    ]
    assert loaded.snapshots == [(1, 1, '{"history": [[-1, 3]]}')]
    engine.dispose()


@pytest.mark.postgres
@pytest.mark.parametrize("default_isolation", ["read committed", "serializable"])
def test_appends_waiting_on_one_locked_game_row_one_wins_one_conflicts(
    postgres_url: str, default_isolation: str
) -> None:
    """Two writers on one version queue on the game's row lock; when it is released, the first
    commits and the second's ``WHERE version = ...`` finds no row (READ COMMITTED re-checks it
    against the committed row): a VersionConflict, never a duplicate ``seq``, a serialization
    error or a second history. Also where the database's default isolation is stricter: the
    store asks for READ COMMITTED itself."""
    import psycopg
    from psycopg import sql
    from sqlalchemy.engine import make_url

    url = make_url(postgres_url)
    with psycopg.connect(
        host=url.host, port=url.port, user=url.username, dbname="postgres", autocommit=True
    ) as admin:
        admin.execute(
            sql.SQL("ALTER DATABASE {} SET default_transaction_isolation = {}").format(
                sql.Identifier(str(url.database)), sql.Literal(default_isolation)
            )
        )
    engine = make_engine(postgres_url)
    migrate(engine)
    store = Store(engine)
    store.create_game(stored_game(), [], (0, "{}"))
    applied: list[int] = []
    conflicts: list[int] = []

    def append(action: int) -> None:
        change = Change("g1", 0, [("act", 0, action, 0, ["x"] * 3)], RUNNING, [0.0, 0.0], [])
        try:
            store.append(change)
            applied.append(action)
        except VersionConflict:
            conflicts.append(action)

    threads = [threading.Thread(target=append, args=(action,)) for action in (1, 2)]
    watching = engine.execution_options(isolation_level="AUTOCOMMIT")  # fresh stats each time
    with engine.connect() as holder, watching.connect() as watcher:
        holder.execute(update(GameRow).where(GameRow.id == "g1").values(title="locked"))
        for thread in threads:
            thread.start()
        waiting = text(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        deadline = time.monotonic() + 60  # a guard against a hang, not a speed limit
        while watcher.execute(waiting).scalar_one() < 2:
            assert time.monotonic() < deadline, "the two appends never waited on the lock"
            time.sleep(0.01)
        holder.commit()
    for thread in threads:
        thread.join(10)
    assert len(applied) == 1 and len(conflicts) == 1, (applied, conflicts)
    loaded = store.load("g1")
    assert loaded is not None and loaded.version == 1 and loaded.title == "locked"
    assert [(item.seq, item.action) for item in loaded.log] == [(1, applied[0])]
    engine.dispose()


@pytest.mark.postgres
def test_the_app_carries_on_after_the_database_drops_its_connections(postgres_url: str) -> None:
    """PostgreSQL restarted or an idle connection was cut: the pool notices (pre-ping) and the
    next request works, with nothing lost."""
    import psycopg
    from sqlalchemy.engine import make_url

    with TestClient(create_app(postgres_url, bot_delay=0)) as client:
        created = client.post("/api/games", json={"game": "toy", "players": 2}).json()
        game_id, token = created["state"]["id"], created["token"]
        client.cookies.clear()
        headers = {"X-Seat-Token": token}
        before = wait_until(
            lambda: client.get(f"/api/games/{game_id}/state", headers=headers).json(),
            lambda payload: payload["your_turn"],
        )
        url = make_url(postgres_url)
        with psycopg.connect(
            host=url.host, port=url.port, user=url.username, dbname="postgres", autocommit=True
        ) as admin:
            cut = admin.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                " WHERE datname = %s AND pid <> pg_backend_pid()",
                (url.database,),
            ).fetchone()
        assert cut is not None and cut[0] >= 1  # the app's pooled connection(s)
        boost = client.post(
            f"/api/games/{game_id}/actions",
            json={"version": before["version"], "action": {"text": "boost"}},
            headers=headers,
        )
        assert boost.status_code == 200, boost.text
        assert client.post("/api/games", json={"game": "toy", "players": 2}).status_code == 201
    with TestClient(create_app(postgres_url, bot_delay=0)) as client:
        again = client.get(f"/api/games/{game_id}/state", headers=headers).json()
        assert stored(again) == stored(boost.json())


@pytest.mark.parametrize(
    ("raw", "stored"),
    [
        (r"Ana\u0000Bel", "AnaBel"),  # NUL: PostgreSQL text cannot hold it
        (r"\u0007 Ana\tBel\u001b ", "Ana Bel"),
        ("Łucja ✨ 名前", "Łucja ✨ 名前"),
    ],
)
def test_names_are_stored_the_same_on_every_database(
    any_database_url: str, raw: str, stored: str
) -> None:
    """Player names are cleaned before they are stored, so what SQLite takes PostgreSQL takes."""
    json_headers = {"content-type": "application/json"}  # raw JSON: escapes reach the server
    with TestClient(create_app(any_database_url, bot_delay=0)) as client:
        body = '{"game": "toy", "seats": [{"kind": "person"}, {"kind": "person"}], "name": "RAW"}'
        created = client.post("/api/games", content=body.replace("RAW", raw), headers=json_headers)
        assert created.status_code == 201, created.text
        game_id = created.json()["state"]["id"]
        client.cookies.clear()
        body = '{"seat": 1, "name": "RAW"}'
        joined = client.post(
            f"/api/games/{game_id}/join", content=body.replace("RAW", raw), headers=json_headers
        )
        assert joined.status_code == 200, joined.text
    assert [seat["name"] for seat in joined.json()["state"]["seats"]] == [stored, stored]
    with TestClient(create_app(any_database_url, bot_delay=0)) as client:
        seats = client.get(f"/api/games/{game_id}").json()["seats"]
        assert [seat["name"] for seat in seats] == [stored, stored]
