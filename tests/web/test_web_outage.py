"""The database not answering, or a full pool (issue 36): a 503 with ``Retry-After`` and a
translated reason, never a 500; nothing changes; one log line when the outage begins and one when
it ends, no traceback per request; play goes on when the database answers again.

The outage is made where it happens for real: every new connection is refused by the driver
(SQLAlchemy's ``do_connect``) and the pool's connections are dropped, on SQLite and PostgreSQL."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event
from sqlalchemy.engine import Engine
from test_web_api import act, seated, state_of, two_player_game
from web_helpers import hub_of

import grimoire.web.store
from grimoire.web import create_app
from grimoire.web.outage import Outage, is_unavailable


@contextmanager
def database_down(engine: Engine) -> Iterator[None]:
    """Every connection refused while inside (the pool emptied first), as a stopped server."""

    driver_error = engine.dialect.loaded_dbapi.OperationalError  # sqlite3's or psycopg's

    def refuse(*_: Any) -> None:
        raise driver_error("connection refused (the test's outage)")

    engine.dispose()
    event.listen(engine, "do_connect", refuse)
    try:
        yield
    finally:
        event.remove(engine, "do_connect", refuse)


def grimoire_lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.name.startswith("grimoire")]


def test_an_outage_is_a_503_that_changes_nothing_and_is_logged_once(
    any_database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    with TestClient(create_app(any_database_url, bot_delay=0)) as client:
        hub = hub_of(client)
        game_id, token, _ = two_player_game(client)
        before = state_of(client, game_id, token)
        move = before["actions"][0]
        caplog.clear()
        with caplog.at_level(logging.INFO), database_down(hub.store.engine):
            for _ in range(3):  # a move: refused, in the page's language, with Retry-After
                answer = act(client, game_id, token, move, before["version"])
                assert answer.status_code == 503, answer.text
                assert answer.headers["Retry-After"] == "2"
            german = client.post(
                f"/api/games/{game_id}/actions",
                json={"version": before["version"], "action": {"id": move["id"]}},
                headers=seated(token) | {"Accept-Language": "de"},
            )
            assert german.status_code == 503
            assert "noch einmal" in german.json()["detail"], german.json()
            hub.forget(game_id)  # a table not held in memory: read from the database
            read = client.get(f"/api/games/{game_id}/state", headers={"Accept-Language": "ja"})
            assert read.status_code == 503, read.text
            assert read.headers["Retry-After"] == "2"
            assert "データベース" in read.json()["detail"]
            page = client.get(f"/games/{game_id}")  # the HTML page: the error page, a 503
            assert page.status_code == 503
        during = grimoire_lines(caplog)
        said = [r.getMessage().split(":")[0] for r in during if "database" in r.getMessage()]
        assert said == ["database unavailable"], [r.getMessage() for r in during]
        assert not any(record.exc_info for record in during)  # no traceback per request
        caplog.clear()
        with caplog.at_level(logging.INFO):
            after = state_of(client, game_id, token)  # nothing changed
            assert after["version"] == before["version"]
            assert after["actions"] == before["actions"]
            answer = act(client, game_id, token, move, before["version"])  # play goes on
            assert answer.status_code == 200, answer.text
            assert answer.json()["version"] > before["version"]
        back = [r.getMessage() for r in grimoire_lines(caplog) if "database" in r.getMessage()]
        assert len(back) == 1 and back[0].startswith("database answers again after"), back


@pytest.mark.postgres
def test_a_full_pool_is_a_503_not_a_wait_nor_a_500(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRIMOIRE_DB_POOL_SIZE", "2")
    monkeypatch.setenv("GRIMOIRE_DB_POOL_OVERFLOW", "0")
    monkeypatch.setattr(grimoire.web.store, "POOL_TIMEOUT", 0.5)
    with TestClient(create_app(postgres_url, bot_delay=0)) as client:
        hub = hub_of(client)
        game_id, token, _ = two_player_game(client)
        before = state_of(client, game_id, token)
        held = [hub.store.engine.connect() for _ in range(2)]  # every connection in use
        try:
            answer = act(client, game_id, token, before["actions"][0], before["version"])
            assert answer.status_code == 503, answer.text
            assert answer.headers["Retry-After"] == "2"
            assert "busy" in answer.json()["detail"]
        finally:
            for connection in held:
                connection.close()
        assert state_of(client, game_id, token)["version"] == before["version"]
        answer = act(client, game_id, token, before["actions"][0], before["version"])
        assert answer.status_code == 200, answer.text


def test_one_line_per_outage_however_many_failures(caplog: pytest.LogCaptureFixture) -> None:
    now = [100.0]
    outage = Outage(clock=lambda: now[0])
    with caplog.at_level(logging.INFO, logger="grimoire.web"):
        outage.answered()  # no outage: nothing to say
        for _ in range(50):
            outage.failed(sqlite3.OperationalError("refused"))
        now[0] = 109.5
        outage.answered()
        outage.answered()
        outage.failed(sqlite3.OperationalError("refused again"))
    lines = [record.getMessage() for record in caplog.records]
    assert len(lines) == 3, lines
    assert lines[0].startswith("database unavailable") and "refused" in lines[0]
    assert lines[1] == "database answers again after 9.5 s (50 requests refused)"
    assert lines[2].startswith("database unavailable") and outage.outages == 2


def test_a_bug_is_not_an_outage() -> None:
    from sqlalchemy.exc import IntegrityError, OperationalError
    from sqlalchemy.exc import TimeoutError as PoolTimeout

    assert is_unavailable(OperationalError("SELECT 1", {}, sqlite3.OperationalError("down")))
    assert is_unavailable(PoolTimeout("pool full"))
    assert not is_unavailable(IntegrityError("INSERT", {}, sqlite3.IntegrityError("dup")))
    assert not is_unavailable(ValueError("a bug"))
