"""Fixtures of the web tests: the test-only Toy game, an in-process app client, databases.

``any_database_url`` runs a test twice: on a fresh SQLite file and on a fresh PostgreSQL database
(``postgres_url``). The PostgreSQL databases live in a throwaway cluster that
``pg_server.PostgresCluster`` starts once per test session (per xdist worker) on a loopback port
and removes afterwards; without PostgreSQL's server binaries or the ``psycopg`` driver those runs
skip, saying which is missing.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web tests need the [web] extra")

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fastapi.testclient import TestClient
from pg_server import PostgresCluster, PostgresUnavailable, find_bindir
from tests.toys import register as register_toys
from web_simul_toys import TOYS as SIMULTANEOUS_VARIANTS

import grimoire.registry
from grimoire.web import create_app


@pytest.fixture(autouse=True)
def toy_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the test-only games for every web test: Toy (tests/web/web_toygame.py), the
    toys of tests/toys and their variants (tests/web/web_simul_toys.py)."""
    monkeypatch.setitem(grimoire.registry.REGISTERED, "toy", "web_toygame:ToyGame")
    monkeypatch.setitem(grimoire.registry.REGISTERED, "toy-plain", "web_toygame:PlainToyGame")
    monkeypatch.setitem(grimoire.registry.REGISTERED, "toy-drawn", "web_toygame:DrawnToyGame")
    register_toys(monkeypatch)  # Duel (sealed) and Race (parallel) from tests/toys
    for name, target in SIMULTANEOUS_VARIANTS.items():  # with planted markers, and so on
        monkeypatch.setitem(grimoire.registry.REGISTERED, name, target)


@pytest.fixture
def database_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'grimoire.db'}"


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    """A private PostgreSQL server on a loopback port for the whole session; removed after."""
    pytest.importorskip("psycopg", reason="the PostgreSQL tests need psycopg (the [test] extra)")
    try:
        cluster = PostgresCluster(find_bindir())
    except PostgresUnavailable as error:
        pytest.skip(f"no PostgreSQL here: {error}")
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def postgres_url(postgres_cluster: PostgresCluster) -> str:
    """A new, empty database: ``postgresql+psycopg://postgres@127.0.0.1:PORT/grimoire_test_N``."""
    return postgres_cluster.create_database()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def any_database_url(request: pytest.FixtureRequest, database_url: str) -> str:
    """The test runs twice: on a fresh SQLite file, and on a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return database_url
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def client(any_database_url: str) -> Iterator[TestClient]:
    """The app in-process, with bots that move at once; each test using it runs twice, on a
    fresh SQLite file and on a fresh PostgreSQL database."""
    with TestClient(create_app(any_database_url, bot_delay=0)) as test_client:
        yield test_client
